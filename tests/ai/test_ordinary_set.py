"""The judge-only set of ordinary contact plays: what its cases are (``test_play_sets`` checks
its plays and its split)."""

from __future__ import annotations

import gzip
import json

from ai.crashed import ORDINARY_SET
from ai.encoding import boards_from_positions, ordinary_mask
from ai.train import STRENGTH_DATA
from engine.position import Position


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
