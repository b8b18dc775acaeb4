"""The split of the strength sets into a tuning part and a held-out part."""

from __future__ import annotations

import gzip
import json

import pytest

from ai import holdout
from ai.train import STRENGTH_DATA, StrengthSet


def _cases():
    with gzip.open(STRENGTH_DATA, "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def test_parts_split_the_play_set_by_a_third():
    keys = [holdout.play_key(case) for case in _cases()]
    held = [k for k in keys if holdout.in_part(k, "holdout")]
    tune = [k for k in keys if holdout.in_part(k, "tune")]
    assert sorted(held + tune) == sorted(keys)  # every case in exactly one part
    assert 0.28 < len(held) / len(keys) < 0.39
    assert all(holdout.in_part(k, "all") for k in keys)


def test_strength_set_loads_a_part():
    tune = StrengthSet(part="tune")
    held = StrengthSet(part="holdout")
    assert tune.n_cases + held.n_cases == len(_cases())
    with pytest.raises(ValueError, match="Unknown part"):
        StrengthSet(part="test")


def test_cube_key_uses_position_and_match():
    row = {"position_id": "4HPwATDgc/ABMA", "match_id_before_roll": "cAkAAAAAAAAA"}
    other = dict(row, match_id_before_roll="cAkAAAAAAAAE")
    assert holdout.cube_key(row) != holdout.cube_key(other)
    assert holdout.cube_key(row).startswith("4HPwATDgc/ABMA")
