"""The judge-only set of ordinary contact plays: what its cases hold and how they split."""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

import numpy as np

from ai.encoding import boards_from_positions, ordinary_mask
from ai.holdout import in_part, play_key
from ai.train import STRENGTH_DATA, StrengthSet
from engine.moves import legal_results
from engine.position import Position

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from crashed_set import OUTS  # noqa: E402

ORDINARY_SET = OUTS["ordinary"]


def _cases() -> list[dict]:
    with gzip.open(ORDINARY_SET, "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def test_every_case_is_an_ordinary_contact_position_of_its_own():
    cases = _cases()
    assert len(cases) == 2000
    keys = [(case["pid"], case["dice"]) for case in cases]
    assert len(set(keys)) == len(keys)
    positions = [Position.from_position_id(pid) for pid, _dice in keys]
    assert ordinary_mask(boards_from_positions(positions)).all()
    with gzip.open(STRENGTH_DATA, "rt", encoding="utf-8") as fh:
        main = {(c["pid"], c["dice"]) for c in map(json.loads, fh)}
    assert len(set(keys) & main) < 20  # the opening's positions may meet; the set is its own


def test_each_case_lists_every_legal_play_once_best_first():
    rng = np.random.default_rng(4)
    cases = _cases()
    for k in rng.choice(len(cases), 40, replace=False):
        case = cases[int(k)]
        position = Position.from_position_id(case["pid"])
        dice = (int(case["dice"][0]), int(case["dice"][1]))
        results = {r.position_id() for r in legal_results(position, dice)}
        assert {play["result"] for play in case["plays"]} == results
        assert len(case["plays"]) == len(results) >= 2
        equities = [play["equity"] for play in case["plays"]]
        assert equities[0] == max(equities)


def test_the_set_splits_into_a_tuning_and_a_held_out_part():
    cases = _cases()
    tune = sum(in_part(play_key(case), "tune") for case in cases)
    assert 0.6 < tune / len(cases) < 0.72
    assert StrengthSet(ORDINARY_SET, part="tune").n_cases == tune
    assert StrengthSet(ORDINARY_SET, part="holdout").n_cases == len(cases) - tune
