"""Shot counts against a brute-force count over the 36 rolls with the naive reference rules."""

from __future__ import annotations

import random

import pytest

from engine.errors import InvalidPositionError
from engine.match import GameState, Match
from engine.position import Position
from engine.shots import hitting_rolls, opponent_blots, own_blots, shot_count, shots_on
from tests.engine.reference_rules import legal_sequences


def brute_force(position: Position, point: int | None) -> int:
    """Ordered rolls (all 36) with a legal step sequence that hits ``point`` (None: any blot)."""
    count = 0
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            for sequence in legal_sequences(position, (d1, d2)):
                if any(hit and (point is None or dst == point) for _s, dst, hit, _d in sequence):
                    count += 1
                    break
    return count


def random_positions(count: int, seed: int) -> list[Position]:
    """Positions with blots from games of random legal plays (every stage of a game)."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        match = Match(0, seed=rng.randrange(1 << 30))
        game = match.new_game()
        while not game.is_over and len(found) < count:
            if game.state is GameState.AWAITING_PLAY:
                game.play(rng.choice(game.legal_plays()))
            else:
                game.roll(match.rng)
                if game.state is GameState.AWAITING_ROLL and opponent_blots(game.position):
                    found.append(game.position)
    return found


@pytest.mark.parametrize("seed", range(3))
def test_shot_counts_equal_a_brute_force_count(seed):
    for position in random_positions(10, seed):
        assert shot_count(position) == brute_force(position, None), position.position_id()
        for point in opponent_blots(position):
            assert shot_count(position, point) == brute_force(position, point), (
                position.position_id(),
                point,
            )


def test_hand_counted_shots(pos):
    # a blot 6 away in the open: 11 sixes, 5-1, 4-2, 3-3, 2-2
    assert shot_count(pos("x 13:15; o 7:1 24:14"), 7) == 17
    # the same blot with o holding x's 10 and 11: 3-3 and 2-2 are blocked on the way, 5-1 and
    # 4-2 still pass through 8, 12 and 9
    assert shot_count(pos("x 13:15; o 7:1 10:2 11:2 24:10"), 7) == 11 + 2 + 2
    # from the bar every hit needs the entering die first: a 3 enters on it (11 rolls), 2-1
    # and 1-1 enter and move on to it
    assert shot_count(pos("x bar:1 6:14; o 22:1 1:14"), 22) == 11 + 2 + 1
    assert hitting_rolls(pos("x 6:15; o 24:1 1:14")) == []  # behind every checker


def test_shots_on_my_blot_count_the_opponents_rolls(pos):
    position = pos("x 7:1 4:2 8:12; o 1:1 24:14")
    assert own_blots(position) == [7]
    # o's checker on x's 1 is 6 away: sixes, 5-1, 4-2 and 2-2, but 3-3 stops on x's 4; o's
    # checkers on x's 24 cannot move back
    assert shots_on(position, 7) == 11 + 2 + 2 + 1
    with pytest.raises(InvalidPositionError):
        shots_on(position, 8)
    with pytest.raises(InvalidPositionError):
        shot_count(position, 5)
