"""The judge-only set of crashed cube decisions: what its rows hold and how they are scored."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from ai.crashed import _test_keys
from ai.cube import CENTRED, MINE, state_from_match_id
from ai.encoding import boards_from_positions, crashed_mask
from ai.holdout import cube_key, in_part
from engine.matchid import decode_match_id
from engine.position import Position
from tests.ai.cube_rows import assert_verdicts_fit

ROOT = Path(__file__).resolve().parents[2]
SET = ROOT / "tests" / "data" / "gnubg-2ply-crashed-cubes.jsonl"
sys.path.insert(0, str(ROOT / "benchmarks"))
strength = pytest.importorskip("strength")
crashed_cube_set = pytest.importorskip("crashed_cube_set")


def _rows() -> list[dict]:
    return strength.load_crashed_cubes(None, SET)  # (the benchmark's reader of a cube set)


def test_every_row_is_a_crashed_money_decision_of_a_position_no_other_set_holds():
    rows = _rows()
    assert len(rows) == 400
    ids = [r["position_id"] for r in rows]
    assert len(set(ids)) == len(ids)
    positions = [Position.from_position_id(pid) for pid in ids]
    assert crashed_mask(boards_from_positions(positions)).all()
    cube_set = {
        json.loads(line)["position_id"]
        for line in (ROOT / "tests" / "data" / "gnubg-cube-decisions.jsonl")
        .read_text()
        .splitlines()
        if line.strip()
    }
    assert not set(ids) & (_test_keys() | cube_set)


def test_the_match_ids_give_the_cube_of_the_row_to_the_player_on_roll():
    for row in _rows():
        before = decode_match_id(row["match_id_before_roll"])
        offered = decode_match_id(row["match_id_double_offered"])
        assert before.match_length == 0 and not before.doubled and offered.doubled
        state = state_from_match_id(before, before.player_on_roll)
        assert state.cube == row["cube"]
        assert state.owner == (CENTRED if row["cube_owner"] == -1 else MINE)
        assert state.may_double()
        taker_view = state_from_match_id(offered, offered.player_on_roll)
        assert (taker_view.cube, taker_view.owner) == (state.cube, state.owner)


def test_the_verdicts_fit_the_values():
    assert_verdicts_fit(_rows())


def test_both_parts_have_rows_and_gnubg_0ply_is_scored_like_a_level():
    rows = _rows()
    tune = [r for r in rows if in_part(cube_key(r), "tune")]
    assert 200 < len(tune) < 300
    row = dict(rows[0])
    # gnubg 2-ply: double, pass; 0-ply says no double, take
    row.update(eq_nodouble=0.8, eq_double_take=1.4, eq_double_pass=1.0, gnubg_0ply=[0.9, 0.7, 1.0])
    part = "tune" if in_part(cube_key(row), "tune") else "holdout"
    doubler, taker = strength.gnubg_0ply_cube([row])[part]
    assert doubler == pytest.approx(200.0)  # best 1.0 (double, pass) against 0.8 for no double
    assert taker == pytest.approx(400.0)  # took where passing (1.0) beats taking (1.4)


def test_money_match_ids_as_gnubg_writes_them():
    before, offered = crashed_cube_set.match_ids(2, 1)
    assert (before, offered) == ("UQkAAAAAAAAE", "UREAAAAAAAAE")  # as in the cube set
    assert crashed_cube_set.match_ids(1, -1) == ("cAkAAAAAAAAE", "cBEAAAAAAAAE")
