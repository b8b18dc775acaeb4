"""Cube decisions on clear cases, the rules of the cube, and the match equity table."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from ai.cube import (
    CENTRED,
    MINE,
    THEIRS,
    CubeState,
    decide,
    move_value_fn,
    state_from_match_id,
)
from ai.met import MatchEquityTable, default_table
from engine.matchid import decode_match_id

MONEY = CubeState()
DATA = Path(__file__).resolve().parent.parent / "data" / "gnubg-cube-decisions.jsonl"


def probs(win: float, gammon: float = 0.0, lose_gammon: float = 0.0) -> np.ndarray:
    """Outputs with ``gammon`` and ``lose_gammon`` as shares of all games."""
    return np.array([win, gammon, 0.0, lose_gammon, 0.0])


# -- money ---------------------------------------------------------------------------------------
def test_money_double_take():
    d = decide(probs(0.72), MONEY)
    assert d.double and d.take
    assert d.verdict() == "Double, take"


def test_money_double_pass():
    d = decide(probs(0.84), MONEY)
    assert d.double and not d.take
    assert d.double_pass == 1.0


def test_money_no_double():
    d = decide(probs(0.56, 0.10, 0.08), MONEY)
    assert not d.double and d.take
    assert d.verdict() == "No double, take"


def test_money_too_good():
    d = decide(probs(0.90, 0.60), MONEY)
    assert d.too_good and not d.double and not d.take
    assert d.verdict().startswith("Too good")


def test_fully_live_money_cube_has_janowskis_points():
    # no gammons, x = 1: take point 20%, so the double is a pass above 80%
    assert decide(probs(0.79), MONEY, x=1.0).take
    assert not decide(probs(0.81), MONEY, x=1.0).take
    # x = 0: the dead cube's 25% take point
    assert decide(probs(0.74), MONEY, x=0.0).take
    assert not decide(probs(0.76), MONEY, x=0.0).take


def test_owning_the_cube_is_worth_something():
    mine = decide(probs(0.5), CubeState(cube=2, owner=MINE))
    theirs = decide(probs(0.5), CubeState(cube=2, owner=THEIRS))
    centred = decide(probs(0.5), MONEY)
    assert mine.no_double > centred.no_double > theirs.no_double


# -- rules ---------------------------------------------------------------------------------------
def test_only_the_owner_or_a_centred_cube_may_double():
    assert CubeState(owner=CENTRED).may_double()
    assert CubeState(cube=2, owner=MINE).may_double()
    assert not CubeState(cube=2, owner=THEIRS).may_double()
    assert not decide(probs(0.78), CubeState(cube=2, owner=THEIRS)).double


def test_no_double_beyond_64():
    state = CubeState(cube=64, owner=MINE)
    assert not state.may_double()
    assert not decide(probs(0.78), state).double
    with pytest.raises(ValueError):
        CubeState(cube=128, owner=MINE)


def test_no_cube_in_the_crawford_game():
    state = CubeState(match_length=5, away=3, opp_away=1, crawford=True)
    assert not state.may_double()
    d = decide(probs(0.80), state)
    assert not d.double
    assert d.no_double == d.double_take


def test_post_crawford_the_trailer_doubles_at_once():
    state = CubeState(match_length=5, away=4, opp_away=1)
    assert state.post_crawford
    d = decide(probs(0.50, 0.12, 0.12), state)
    assert d.double and d.take


def test_post_crawford_the_leader_never_doubles():
    state = CubeState(match_length=5, away=1, opp_away=4)
    assert not state.may_double()
    assert not decide(probs(0.80), state).double


def test_dead_cube_no_double_when_the_cube_already_wins_the_match():
    state = CubeState(match_length=7, away=2, opp_away=5, cube=2, owner=MINE)
    assert not state.may_double()
    assert not decide(probs(0.85), state).double


def test_match_double_pass_is_normalised_to_one():
    state = CubeState(match_length=7, away=5, opp_away=5)
    d = decide(probs(0.82, 0.1, 0.02), state)
    assert d.double_pass == 1.0
    assert -3.0 < d.no_double < 3.0


def test_state_from_the_data_match_ids():
    rows = [json.loads(line) for line in DATA.read_text().splitlines()[:40]]
    for row in rows:
        fields = decode_match_id(row["match_id_before_roll"])
        state = state_from_match_id(fields, fields.player_on_roll)
        assert state.cube == row["cube"]
        assert state.crawford == bool(row["crawford"])
        if row["match_length"]:
            on_roll = fields.player_on_roll
            assert state.away == row["match_length"] - row["score"][on_roll]
        if row["crawford"]:
            assert not state.may_double()


def test_match_move_values_count_gammons_by_the_score():
    # at double match point gammons are worth nothing
    dmp = move_value_fn(CubeState(match_length=5, away=1, opp_away=1))
    plain = np.array([[0.6, 0.0, 0.0, 0.0, 0.0]])
    gammons = np.array([[0.6, 0.3, 0.0, 0.0, 0.0]])
    assert dmp(plain)[0] == pytest.approx(dmp(gammons)[0])
    money = move_value_fn(MONEY)
    assert money(gammons)[0] > money(plain)[0]


# -- match equity table ----------------------------------------------------------------------------
def test_met_is_complementary_and_monotone():
    met = MatchEquityTable()
    for a in range(1, 12):
        for b in range(1, 12):
            assert met.pre(a, b) + met.pre(b, a) == pytest.approx(1.0)
            if b < 11:
                assert met.pre(a, b + 1) >= met.pre(a, b) - 1e-12
    assert met.pre(3, 3) == pytest.approx(0.5)


def test_met_known_values():
    met = default_table()
    # close to published tables (Kazaross XG: 1a-2a Crawford 68%, 2a-4a 67%, 3a-5a 64%)
    assert met.crawford(1, 2) == pytest.approx(0.6875)
    assert met.pre(2, 4) == pytest.approx(0.67, abs=0.02)
    assert met.pre(3, 5) == pytest.approx(0.65, abs=0.02)
    # post-Crawford: the free drop makes 1-away/2-away slightly better than even for the leader
    assert met.post(1, 2) == pytest.approx(0.515)
    assert met.after_game(1, 3, crawford_done=False) == met.crawford(1, 3)
    assert met.after_game(1, 3, crawford_done=True) == met.post(1, 3)
    assert met.after_game(0, 3, crawford_done=True) == 1.0


def test_met_without_the_crawford_rule():
    met = MatchEquityTable(crawford=False)
    assert met.pre(1, 3) == met.post(1, 3)


def test_the_computers_may_double_is_the_engines_rule():
    # every Match ID state of GNU Backgammon's data, for both players: the computer's cube state
    # allows a double exactly when the engine does
    from engine.match import match_id_double_refusal

    ids = Path(__file__).resolve().parent.parent / "data" / "gnubg-match-ids.jsonl"
    seen = set()
    for line in ids.read_text().splitlines():
        fields = decode_match_id(json.loads(line)["match_id"])
        if fields.doubled or fields.dice[0] or fields.game_state != 1 or fields.cube > 64:
            continue
        if fields.match_length and max(fields.score) >= fields.match_length:
            continue
        if fields.cube_owner == -1 and fields.cube != 1:
            continue
        state = state_from_match_id(fields, fields.player_on_roll)
        allowed = match_id_double_refusal(fields) is None
        assert state.may_double() == allowed, fields
        seen.add(allowed)
    assert seen == {True, False}


def test_the_service_refuses_a_pending_double_of_a_dead_cube():
    from dataclasses import replace

    from ai.__main__ import BadRequest, answer
    from engine.matchid import MatchIdFields
    from engine.position import Position

    # 5-point match at 4-2 after the Crawford game: the leader may not double
    dead = replace(MatchIdFields.decode("MAGgAEAAEAAE"), doubled=True, turn=1)
    request = {"position_id": Position.start().position_id(), "match_id": dead.encode()}
    with pytest.raises(BadRequest, match="not allow"):
        answer(None, request)


def _random_outputs(rng: np.random.Generator, n: int) -> np.ndarray:
    q = np.zeros((n, 5))
    q[:, 0] = rng.random(n)
    q[:, 1] = q[:, 0] * rng.random(n) * 0.5
    q[:, 2] = q[:, 1] * rng.random(n) * 0.3
    q[:, 3] = (1 - q[:, 0]) * rng.random(n) * 0.5
    q[:, 4] = q[:, 3] * rng.random(n) * 0.3
    return q


@pytest.mark.parametrize("seed", range(6))
def test_cubeful_values_of_plays_are_the_no_double_values_of_the_model(seed):
    from ai.cube import cubeful_value_fn

    rng = np.random.default_rng(seed)
    checked = 0
    while checked < 25:
        length = int(rng.choice([0, 3, 5, 7, 11]))
        away, opp = (int(rng.integers(1, length + 1)) for _ in range(2)) if length else (0, 0)
        cube = int(rng.choice([1, 2, 4, 8]))
        owner = CENTRED if cube == 1 else int(rng.choice([MINE, THEIRS]))
        try:
            state = CubeState(match_length=length, away=away, opp_away=opp, cube=cube, owner=owner)
        except ValueError:
            continue
        x = float(rng.uniform(0.55, 0.75))
        outputs = _random_outputs(rng, 12)
        values = cubeful_value_fn(state, x=x)(outputs)
        expected = [decide(q, state, x=x).no_double for q in outputs]
        assert values == pytest.approx(expected, abs=1e-9)
        checked += 1


def test_cubeful_values_with_a_doubled_cube_compare_with_the_cube_before():
    from ai.cube import cubeful_value_fn

    outputs = _random_outputs(np.random.default_rng(9), 20)
    for state in (MONEY, CubeState(match_length=7, away=5, opp_away=4)):
        taken = CubeState(
            match_length=state.match_length,
            away=state.away,
            opp_away=state.opp_away,
            cube=2,
            owner=THEIRS,
        )
        values = cubeful_value_fn(taken, normalise_to=1)(outputs)
        expected = [decide(q, state).double_take for q in outputs]
        assert values == pytest.approx(expected, abs=1e-9)
    # no live cube: the cubeless value of move choice
    crawford = CubeState(match_length=5, away=1, opp_away=3, crawford=True)
    assert cubeful_value_fn(crawford)(outputs) == pytest.approx(move_value_fn(crawford)(outputs))
