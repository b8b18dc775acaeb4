"""``checker_moves``: a play's steps joined into each checker's move, as the notation writes."""

from __future__ import annotations

import random

from engine import Position, legal_plays
from engine.moves import checker_moves, format_steps


def test_a_checker_moving_on_is_one_move_and_a_hit_ends_it():
    steps = [(8, 7, False), (7, 6, False), (6, 5, False), (6, 5, False)]
    assert checker_moves(steps) == [(8, 5, False), (6, 5, False)]
    assert checker_moves([(24, 21, True), (21, 18, False)]) == [(24, 21, True), (21, 18, False)]
    assert checker_moves([(25, 22, False), (22, 16, True)]) == [(25, 16, True)]
    assert checker_moves([(6, 4, False), (6, 4, False)]) == [(6, 4, False), (6, 4, False)]
    assert checker_moves([]) == []


def test_the_moves_are_those_the_notation_writes():
    """On random positions and rolls, the moves of every legal play are the notation's: the
    same number of moves once each "(n)" is counted out (where no checker hits: a move is cut
    where it hits on its way, "13/7*/3" two, each arrow ringing its own hit), and the same
    pips."""
    rng = random.Random(7)
    checked = 0
    for _ in range(200):
        position = Position.start()
        for _ply in range(rng.randint(0, 30)):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = legal_plays(position, dice)  # (a play's result: the other side on roll)
            position = rng.choice(plays).result if plays else position.swapped()
            if position.is_game_over():
                break
        if position.is_game_over():
            continue
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        for play in legal_plays(position, dice):
            steps = [(st.src, st.dst, st.hit) for st in play.steps]
            moves = checker_moves(steps)
            written = format_steps(play.steps).split()
            count = sum(int(w.split("(")[1].rstrip(")")) if "(" in w else 1 for w in written)
            if not any(hit for *_, hit in steps):
                assert len(moves) == count, (format_steps(play.steps), moves)
            assert count <= len(moves) <= len(steps)
            assert sum(a - b for a, b, _ in moves) == sum(a - b for a, b, _ in steps)
            assert sum(h for *_, h in moves) <= sum(h for *_, h in steps)
            checked += 1
    assert checked > 500
