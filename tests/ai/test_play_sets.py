"""What every judge-only set of plays made by ``benchmarks/crashed_set.py`` must hold: each case
lists every legal play once, best first, and the set splits into a tuning and a held-out part.
What makes each set's cases of their kind is tested beside it (``test_backgame_set``,
``test_ordinary_set``)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import numpy as np
import pytest

from ai.crashed import BACKGAME_SET, ORDINARY_SET
from ai.holdout import in_part, play_key
from ai.train import StrengthSet
from engine.moves import legal_results
from engine.position import Position

# (set, the seed of the cases looked at, the bounds of the tuning part's share)
SETS = [(BACKGAME_SET, 3, (0.55, 0.75)), (ORDINARY_SET, 4, (0.6, 0.72))]
NAMES = ["backgame", "ordinary"]


def _cases(path: Path) -> list[dict]:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


@pytest.mark.parametrize(("path", "seed", "_share"), SETS, ids=NAMES)
def test_each_case_lists_every_legal_play_once_best_first(path, seed, _share):
    rng = np.random.default_rng(seed)
    cases = _cases(path)
    for k in rng.choice(len(cases), 40, replace=False):
        case = cases[int(k)]
        position = Position.from_position_id(case["pid"])
        dice = (int(case["dice"][0]), int(case["dice"][1]))
        results = {r.position_id() for r in legal_results(position, dice)}
        assert {play["result"] for play in case["plays"]} == results
        assert len(case["plays"]) == len(results) >= 2
        equities = [play["equity"] for play in case["plays"]]
        assert equities[0] == max(equities)


@pytest.mark.parametrize(("path", "_seed", "share"), SETS, ids=NAMES)
def test_the_set_splits_into_a_tuning_and_a_held_out_part(path, _seed, share):
    cases = _cases(path)
    tune = sum(in_part(play_key(case), "tune") for case in cases)
    assert share[0] < tune / len(cases) < share[1]
    assert StrengthSet(path, part="tune").n_cases == tune
    assert StrengthSet(path, part="holdout").n_cases == len(cases) - tune
