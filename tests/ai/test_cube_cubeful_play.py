"""Cube-aware checker play in money games: the vectorised cubeful value and where it is used."""

from __future__ import annotations

import zlib

import numpy as np
import pytest

from ai.cube import (
    CENTRED,
    CUBELESS_MONEY,
    MINE,
    THEIRS,
    CubeState,
    decide,
    money_cubeful,
    move_value_fn,
)
from ai.evaluator import equity, flip
from ai.player import ComputerPlayer
from engine.moves import legal_results
from engine.position import Position

STATES = [CubeState()] + [
    CubeState(cube=cube, owner=owner) for cube in (2, 4, 8, 16, 32, 64) for owner in (MINE, THEIRS)
]


def random_outputs(rng: np.random.Generator, n: int) -> np.ndarray:
    """Consistent outputs (wbg <= wg <= w, lbg <= lg <= 1 - w), some of them certain."""
    w = rng.uniform(0.0, 1.0, n)
    w[:10] = np.repeat([0.0, 1.0], 5)
    wg = w * rng.uniform(0.0, 0.6, n)
    wbg = wg * rng.uniform(0.0, 0.3, n)
    lg = (1.0 - w) * rng.uniform(0.0, 0.6, n)
    lbg = lg * rng.uniform(0.0, 0.3, n)
    return np.stack([w, wg, wbg, lg, lbg], axis=1)


@pytest.mark.parametrize("state", STATES, ids=lambda s: f"cube{s.cube}-owner{s.owner}")
def test_vectorised_values_are_the_cube_models_no_double_values(state: CubeState) -> None:
    outputs = random_outputs(np.random.default_rng(state.cube * 3 + state.owner), 300)
    for x in (0.6, 0.68):
        fast = money_cubeful(outputs, state.cube, state.owner, x)
        slow = np.array([decide(q, state, x=x).no_double for q in outputs])
        np.testing.assert_allclose(fast, slow, atol=1e-12)


def test_no_cube_efficiency_is_the_cubeless_equity() -> None:
    outputs = random_outputs(np.random.default_rng(7), 200)
    for owner in (CENTRED, MINE, THEIRS):
        np.testing.assert_allclose(
            money_cubeful(outputs, 2 if owner else 1, owner, 0.0), equity(outputs), atol=1e-12
        )


def test_bad_cube_values_are_refused() -> None:
    with pytest.raises(ValueError):
        money_cubeful(np.zeros((1, 4)), 1, CENTRED)
    with pytest.raises(ValueError):
        money_cubeful(np.zeros((1, 5)), 3, MINE)
    with pytest.raises(ValueError):
        money_cubeful(np.zeros((1, 5)), 2, 5)


def test_move_values_follow_the_cube() -> None:
    # 90% without gammons against 78% with many gammons. Cubeless the safe 90% is better (0.80
    # against 0.76); with the cube centred 90% only cashes one point, while the gammonish
    # position is played on for the gammon: it is worth more.
    safe = np.array([[0.90, 0.0, 0.0, 0.0, 0.0]])
    gammonish = np.array([[0.78, 0.20, 0.0, 0.0, 0.0]])
    cubeless = move_value_fn(CUBELESS_MONEY)
    assert cubeless(safe)[0] > cubeless(gammonish)[0]
    centred = move_value_fn(CubeState())
    assert centred(gammonish)[0] > centred(safe)[0]
    # owning the cube is worth something, the opponent's cube costs us (60%, no gammons)
    even = np.array([[0.60, 0.0, 0.0, 0.0, 0.0]])
    owned = move_value_fn(CubeState(cube=2, owner=MINE))
    theirs = move_value_fn(CubeState(cube=2, owner=THEIRS))
    assert owned(even)[0] > centred(even)[0] > theirs(even)[0]
    # a cube switched off is the cubeless equity
    off = move_value_fn(CubeState(cube_enabled=False))
    np.testing.assert_allclose(off(gammonish), cubeless(gammonish))


class HashEvaluator:
    """Fixed, consistent outputs per position (a stand-in for the network)."""

    def evaluate_batch(self, positions: list[Position]) -> np.ndarray:
        rows = []
        for p in positions:
            rng = np.random.default_rng(zlib.crc32(p.position_id().encode()))
            rows.append(random_outputs(rng, 11)[10])
        return np.array(rows)


@pytest.mark.parametrize(
    "state", [None, CubeState(), CubeState(cube=4, owner=THEIRS), CubeState(cube=2, owner=MINE)]
)
def test_the_player_ranks_plays_by_the_cube_it_is_given(state: CubeState | None) -> None:
    player = ComputerPlayer("medium", evaluator=HashEvaluator())
    position = Position.from_text("x 24:2 13:5 8:3 6:5; o 19:5 17:3 12:5 1:2")
    ranked = player.rank(position, (6, 4), state)
    results = legal_results(position, (6, 4))
    mover = flip(HashEvaluator().evaluate_batch(results))
    # no state: nothing is known about a cube, so the values are cubeless
    expected = equity(mover) if state is None else money_cubeful(mover, state.cube, state.owner)
    by_id = {r.position_id(): v for r, v in zip(results, expected, strict=True)}
    assert len(ranked) == len(results)
    for r in ranked:
        assert r.value == pytest.approx(by_id[r.result.position_id()], abs=1e-12)
    assert [r.value for r in ranked] == sorted((r.value for r in ranked), reverse=True)


def test_vectorised_double_take_values_and_one_efficiency_per_position() -> None:
    """A cubeful rollout decides the cubes of all its games at once: double/take is the
    cubeful value with the cube doubled and the opponent's, and ``x`` may differ by position."""
    rng = np.random.default_rng(11)
    outputs = random_outputs(rng, 300)
    x = rng.uniform(0.5, 0.8, len(outputs))
    for state in (s for s in STATES if s.may_double()):
        fast = 2.0 * money_cubeful(outputs, 2 * state.cube, THEIRS, x)
        slow = np.array(
            [decide(q, state, x=v).double_take for q, v in zip(outputs, x, strict=True)]
        )
        np.testing.assert_allclose(fast, slow, atol=1e-12)
        nd = money_cubeful(outputs, state.cube, state.owner, x)
        slow_nd = np.array(
            [decide(q, state, x=v).no_double for q, v in zip(outputs, x, strict=True)]
        )
        np.testing.assert_allclose(nd, slow_nd, atol=1e-12)
