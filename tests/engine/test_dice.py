"""Dice: the 21 weighted rolls and the opening roll."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.dice import (
    DISTINCT_ROLLS,
    ROLLS,
    check_roll,
    opening_roll,
    roll,
    roll_weight,
    two_dice,
)


def test_21_distinct_rolls_weigh_36():
    assert len(ROLLS) == 21
    assert len(set(DISTINCT_ROLLS)) == 21
    assert sum(weight for _, weight in ROLLS) == 36
    for (high, low), weight in ROLLS:
        assert 1 <= low <= high <= 6
        assert weight == (1 if high == low else 2)


def test_weights_match_the_36_ordered_outcomes():
    counts = Counter(check_roll((a, b)) for a in range(1, 7) for b in range(1, 7))
    assert dict(counts) == {r: w for r, w in ROLLS}
    assert roll_weight((2, 5)) == 2 and roll_weight((4, 4)) == 1


@pytest.mark.parametrize("bad", [(0, 1), (7, 2), (1,), "12", (1, 2, 3), (True, 2), None])
def test_bad_rolls_are_refused(bad):
    with pytest.raises(ValueError):
        check_roll(bad)


def test_roll_is_seedable_and_fair_ish():
    assert [roll(random.Random(5)) for _ in range(3)] == [roll(random.Random(5))] * 3
    rng = random.Random(12345)
    counts = Counter(check_roll(roll(rng)) for _ in range(36_000))
    for r, weight in ROLLS:
        assert abs(counts[r] - weight * 1000) < 6 * (weight * 1000) ** 0.5


def test_opening_roll_never_ties_and_is_fair_ish():
    rng = random.Random(2024)
    starters = Counter()
    saw_ties = False
    for _ in range(6000):
        opening = opening_roll(rng)
        d0, d1 = opening.dice
        assert d0 != d1
        assert opening.starter == (0 if d0 > d1 else 1)
        assert opening.roll == (max(d0, d1), min(d0, d1))
        assert all(1 <= t <= 6 for t in opening.ties)
        saw_ties = saw_ties or bool(opening.ties)
        starters[opening.starter] += 1
    assert saw_ties
    assert abs(starters[0] - 3000) < 250  # about 6 standard deviations


def test_opening_roll_replays_with_the_seed():
    assert opening_roll(random.Random(99)) == opening_roll(random.Random(99))


def test_two_dice_keeps_the_order_and_takes_only_whole_numbers():
    assert two_dice([2, 5]) == (2, 5) and check_roll([2, 5]) == (5, 2)
    for bad in ([2.0, 5], [2, "5"], [False, 3], [2], [0, 3], [3, 7], "25", None, {1: 2}):
        with pytest.raises(ValueError):
            two_dice(bad)


def test_every_reader_of_dice_refuses_what_the_one_check_refuses():
    # each keeps its own error type, with the one rule behind it
    from engine.errors import IllegalActionError, SaveFormatError
    from engine.match import Match
    from engine.moves import legal_plays
    from engine.position import Position
    from engine.save import load_match_data
    from engine.turn import TurnBuilder

    for bad in ((3.0, 2), (True, 2), (0, 4), (7, 1)):
        with pytest.raises(ValueError, match="die shows 1 to 6"):
            legal_plays(Position.start(), bad)
        with pytest.raises(ValueError, match="die shows 1 to 6"):
            TurnBuilder(Position.start(), bad)
        match = Match(0, seed=1)
        match.new_game()
        with pytest.raises(IllegalActionError, match="die shows 1 to 6"):
            match.game.roll(dice=bad)
        data = Match(0, seed=1).to_json()
        data["history"] = [{"type": "new_game"}, {"type": "opening", "dice": list(bad)}]
        with pytest.raises(SaveFormatError, match="two dice 1-6"):
            load_match_data(data)
