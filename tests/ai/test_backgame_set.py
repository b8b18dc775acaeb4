"""The judge-only set of back-game plays: what its cases are (``test_play_sets`` checks its
plays and its split)."""

from __future__ import annotations

import gzip
import json

from ai.crashed import BACKGAME_SET, CRASHED_SET, _test_keys
from ai.encoding import backgame_mask, boards_from_positions
from ai.train import STRENGTH_DATA
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
