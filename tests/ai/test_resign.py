"""Resignations judged by the evaluation: in points per cube for money, in match winning chances
in a match; and the smallest resignation that gives nothing away."""

from __future__ import annotations

import numpy as np
import pytest

from ai.cube import CubeState
from ai.resign import NIL, accepts_resignation, resignation_to_offer
from engine.position import Position


class Fixed:
    """An evaluator that gives the same outputs (win, wg, wbg, lg, lbg) for every position."""

    def __init__(self, *outputs: float) -> None:
        self.outputs = np.array([outputs], dtype=np.float64)

    def evaluate_batch(self, positions):
        return np.repeat(self.outputs, len(positions), axis=0)


START = Position.start()
# the player on roll is lost: it loses, half the time a gammon (acceptor equity 1.5)
LOSING_GAMMONS = Fixed(0.0, 0.0, 0.0, 0.5, 0.0)


def test_money_accepts_what_is_at_least_the_acceptors_equity():
    # the player on roll resigns; the acceptor's equity is 1.5 points per cube
    assert not accepts_resignation(LOSING_GAMMONS, START, 1, by_on_roll=True)
    assert accepts_resignation(LOSING_GAMMONS, START, 2, by_on_roll=True)
    assert accepts_resignation(LOSING_GAMMONS, START, 3, by_on_roll=True)
    # the other side resigns to the player on roll, whose own equity is -1.5: anything is good
    assert accepts_resignation(LOSING_GAMMONS, START, 1, by_on_roll=False)
    # a sure single game: a single resignation is exactly what playing on is worth
    assert accepts_resignation(Fixed(0.0, 0.0, 0.0, 0.0, 0.0), START, 1, by_on_roll=True)
    assert accepts_resignation(LOSING_GAMMONS, START, 1, True, CubeState()) is False


def test_a_match_judges_by_match_winning_chances():
    # Double match point (post-Crawford 1-away both): a single game wins the match, so the
    # acceptor takes it whatever its gammon chances, where money points would refuse it.
    dmp = CubeState(match_length=5, away=1, opp_away=1, crawford_rule=True)
    assert accepts_resignation(LOSING_GAMMONS, START, 1, True, dmp)
    # 2-away against 5-away: a single game leaves the acceptor 1-away, a gammon wins the match
    # (with gammons 90% of the time, a single resignation is too little)
    state = CubeState(match_length=5, away=2, opp_away=5)
    gammonish = Fixed(0.0, 0.0, 0.0, 0.9, 0.0)
    assert not accepts_resignation(gammonish, START, 1, True, state)
    assert accepts_resignation(gammonish, START, 2, True, state)


def test_a_resignation_is_of_one_two_or_three_points():
    for kind in (0, 4, 1.5):
        with pytest.raises(ValueError):
            accepts_resignation(LOSING_GAMMONS, START, kind, True)  # type: ignore[arg-type]


def test_the_offer_gives_nothing_away():
    assert resignation_to_offer(Fixed(0.2, 0.0, 0.0, 0.1, 0.0), START) == 0  # can still win
    assert resignation_to_offer(Fixed(0.0, 0.0, 0.0, NIL / 2, 0.0), START) == 1
    assert resignation_to_offer(Fixed(0.0, 0.0, 0.0, 1.0, NIL / 2), START) == 2
    assert resignation_to_offer(Fixed(0.0, 0.0, 0.0, 1.0, 1.0), START) == 3
    # the gammon or the backgammon can still be saved: play on (a resigned gammon with a
    # quarter of the games saved lost the computer a match)
    assert resignation_to_offer(Fixed(0.0, 0.0, 0.0, 0.75, 0.0), START) == 0
    assert resignation_to_offer(Fixed(0.0, 0.0, 0.0, 1.0, 0.2), START) == 0
