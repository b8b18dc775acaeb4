"""The fast move-generation paths agree with the general one on every board they handle."""

import random

from engine.moves import (
    _board_of,
    _generate,
    _generate_general,
    _results_with_steps,
    legal_plays,
    legal_result_bytes,
    legal_results,
)
from engine.position import Position
from engine.turn import TurnBuilder


def _random_position(rng: random.Random) -> Position:
    """A random legal position with contact, checkers spread widely (fast paths apply often)."""
    while True:
        me = [0] * 25
        op = [0] * 25
        for side, other in ((me, op), (op, me)):
            for _ in range(rng.randint(5, 15)):
                index = rng.randrange(24)
                if other[23 - index] == 0:
                    side[index] += 1
        if rng.random() < 0.2:
            op[24] = rng.randint(1, 2) if sum(op) <= 13 else 0
        if sum(me) and sum(op):
            return Position(me, op)


def _result_set(position, results):
    return {result for _steps, result in _results_with_steps(position, results)}


def test_fast_paths_equal_general_generator():
    rng = random.Random(20261130)
    checked = 0
    for _ in range(500):
        position = _random_position(rng)
        board = _board_of(position)
        for d1 in range(1, 7):
            for d2 in range(1, d1 + 1):
                fast = _result_set(position, _generate(board, d1, d2))
                slow = _result_set(position, _generate_general(board, d1, d2))
                assert fast == slow, (position.position_id(), d1, d2)
                checked += 1
    assert checked == 500 * 21


def test_result_bytes_are_the_results_of_the_plays_in_order():
    """``legal_result_bytes`` gives, in the order of ``legal_plays``, the position that each play
    leads to when its steps are made one by one on the board (``TurnBuilder``), as the bytes of
    its two sides: hits, the bar and bearing off included."""
    rng = random.Random(20261205)
    hits = 0
    for _ in range(12):
        position = _random_position(rng)
        for d1 in range(1, 7):
            for d2 in range(1, d1 + 1):
                plays = legal_plays(position, (d1, d2))
                raw = legal_result_bytes(position, (d1, d2))
                assert len(raw) == len(plays)
                # a few plays of each roll replayed (a whole turn built step by step is slow)
                for play, result in list(zip(plays, raw, strict=True))[::5]:
                    turn = TurnBuilder(position, (d1, d2))
                    for step in play.steps:
                        turn.move_checker(step.src, step.dst)
                    made = turn.play().result
                    assert result == bytes(made[0]) + bytes(made[1])
                    hits += made[0][24] > position[1][24]
                assert [bytes(r[0]) + bytes(r[1]) for r in legal_results(position, (d1, d2))] == raw
    assert hits > 500  # the hitting branch was exercised
