"""The one-sided bear-off database: exact against brute force on small positions."""

from __future__ import annotations

import itertools
from functools import cache

import numpy as np
import pytest

from ai import bearoff
from engine.dice import ROLLS
from engine.moves import legal_results
from engine.position import Position

EMPTY = (0,) * 25


@pytest.fixture(scope="module")
def db() -> bearoff.BearoffDatabase:
    return bearoff.load()


def _side(home: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(home) + (0,) * 19


@cache
def _successors(home: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each of the 21 rolls, the home boards reachable (engine rules)."""
    position = Position(_side(home), EMPTY, validate=False)
    out = []
    for dice, _weight in ROLLS:
        results = legal_results(position, dice)
        out.append(tuple(r.opponent[:6] for r in results) or (home,))
    return tuple(out)


@cache
def _brute_mean(home: tuple[int, ...]) -> float:
    """Expected rolls to bear off, by direct recursion (independent of the database code)."""
    if sum(home) == 0:
        return 0.0
    total = 0.0
    for (_dice, weight), succ in zip(ROLLS, _successors(home), strict=True):
        total += weight * min(_brute_mean(s) for s in succ)
    return 1.0 + total / 36.0


def _best(home: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
    return [
        (weight, min(succ, key=_brute_mean))
        for (_dice, weight), succ in zip(ROLLS, _successors(home), strict=True)
    ]


@cache
def _brute_win(me: tuple[int, ...], them: tuple[int, ...]) -> float:
    """P(the side on roll bears off first), both sides playing the min-expected-rolls policy."""
    total = 0.0
    for weight, after in _best(me):
        total += weight * (1.0 if sum(after) == 0 else 1.0 - _brute_win(them, after))
    return total / 36.0


SMALL = [c for c in itertools.product(range(4), repeat=6) if 1 <= sum(c) <= 3]


def test_size_and_order(db):
    assert len(db) == 54_264
    positions = bearoff.all_positions()
    pips = positions.astype(int) @ np.arange(1, 7)
    assert (np.diff(pips) >= 0).all()


def test_expected_rolls_match_brute_force(db):
    homes = np.array(SMALL)
    got = db.mean_total[db.index(homes)]
    want = np.array([_brute_mean(h) for h in SMALL])
    assert np.allclose(got, want, atol=1e-5)
    # the distributions are proper and agree with their means
    dist = db.rolls_distribution(homes)
    assert np.allclose(dist.sum(axis=1), 1.0, atol=1e-5)
    assert np.allclose(dist @ np.arange(bearoff.MAX_ROLLS), want, atol=1e-4)


def test_hand_computed_cases(db):
    one = db.rolls_distribution(np.array([[1, 0, 0, 0, 0, 0]]))[0]
    assert one[1] == pytest.approx(1.0)
    two_on_six = db.rolls_distribution(np.array([[0, 0, 0, 0, 0, 2]]))[0]
    # 1 roll: 3-3 (6/3/off twice), 4-4, 5-5 or 6-6
    assert two_on_six[1] == pytest.approx(4 / 36)
    # 3 rolls or more: only after a first 2-1 (both still out of one roll's reach is impossible
    # otherwise) or 1-1; the rest take exactly two rolls
    assert two_on_six[1:].sum() == pytest.approx(1.0, abs=1e-6)
    assert two_on_six[0] == 0.0
    assert two_on_six.sum() == pytest.approx(1.0, abs=1e-6)
    assert db.first_off_distribution(np.array([[0, 0, 0, 0, 0, 15]]))[0][1] == pytest.approx(
        17 / 36  # any 6 (11), 5-1 and 4-2 (2 each), 3-3 (6/3/off) and 2-2 (6/4/2/off)
    )


def test_two_sided_win_matches_brute_force(db):
    pairs = [(a, b) for a in SMALL[:40] for b in SMALL[:40:3]]
    boards = np.zeros((len(pairs), 2, 25), dtype=np.int8)
    for i, (a, b) in enumerate(pairs):
        boards[i, 0, :6] = a
        boards[i, 1, :6] = b
    out = db.evaluate(boards)
    want = np.array([_brute_win(a, b) for a, b in pairs])
    assert np.allclose(out[:, 0], want, atol=1e-5)
    assert (out[:, 1:] == 0).all()  # checkers are already off: no gammons


def test_gammons(db):
    boards = np.zeros((2, 2, 25), dtype=np.int8)
    boards[0, 0, 0] = 1  # I bear off my last checker at once
    boards[0, 1, 5] = 15  # they have all fifteen on their 6-point
    boards[1, 0, 5] = 15
    boards[1, 1, 0] = 1
    out = db.evaluate(boards)
    assert out[0].tolist() == pytest.approx([1.0, 1.0, 0.0, 0.0, 0.0])
    assert out[1] == pytest.approx([0.0, 0.0, 0.0, 19 / 36, 0.0])


def test_not_a_bearoff_position(db):
    with pytest.raises(ValueError):
        db.index(np.array([[16, 0, 0, 0, 0, 0]]))
    assert bearoff.BearoffDatabase.applies(np.zeros((1, 2, 25), dtype=np.int8)).all()
