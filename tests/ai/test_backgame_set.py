"""The judge-only set of back-game plays: what its cases hold and how they split."""

from __future__ import annotations

import gzip
import json

import numpy as np

from ai.crashed import BACKGAME_SET, CRASHED_SET, _test_keys
from ai.encoding import backgame_mask, boards_from_positions
from ai.holdout import in_part, play_key
from ai.train import STRENGTH_DATA, StrengthSet
from engine.moves import legal_results
from engine.position import Position


def _cases() -> list[dict]:
    with gzip.open(BACKGAME_SET, "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def test_every_case_is_a_back_game_no_other_set_holds():
    cases = _cases()
    assert len(cases) == 600
    ids = [case["pid"] for case in cases]
    assert len(set(ids)) == len(ids)
    positions = [Position.from_position_id(pid) for pid in ids]
    assert backgame_mask(boards_from_positions(positions)).all()
    others: set[str] = set()
    for path in (STRENGTH_DATA, CRASHED_SET):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            others.update(json.loads(line)["pid"] for line in fh if line.strip())
    assert not set(ids) & others
    assert set(ids) <= _test_keys()  # kept out of every training pool


def test_each_case_lists_every_legal_play_once_best_first():
    rng = np.random.default_rng(3)
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
    assert 0.55 < tune / len(cases) < 0.75
    assert StrengthSet(BACKGAME_SET, part="tune").n_cases == tune
    assert StrengthSet(BACKGAME_SET, part="holdout").n_cases == len(cases) - tune
