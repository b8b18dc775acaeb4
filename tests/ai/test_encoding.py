"""The vectorised input encoding, race detection and exact final outcomes."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import numpy as np
import pytest

from ai.encoding import (
    N_INPUTS,
    boards_from_positions,
    encode_batch,
    encode_boards,
    final_outcome,
    finished_mask,
    race_mask,
)
from engine.position import Position

DATA = Path(__file__).resolve().parent.parent / "data"
SIDE = N_INPUTS // 2


def _sample_positions(limit: int = 400) -> list[Position]:
    with gzip.open(DATA / "gnubg-legal-plays.jsonl.gz", "rt", encoding="utf-8") as fh:
        out = []
        for line in fh:
            out.append(Position.from_position_id(json.loads(line)["pid"]))
            if len(out) >= limit:
                break
    return out


def test_boards_follow_the_position_layout(pos):
    p = pos("x 24:2 13:5 8:3 6:5; o 19:5 17:3 12:5 1:2")
    boards = boards_from_positions([p, p.swapped()])
    assert boards.shape == (2, 2, 25)
    assert tuple(boards[0, 0]) == p.on_roll and tuple(boards[0, 1]) == p.opponent
    assert tuple(boards[1, 0]) == p.opponent
    assert boards_from_positions([]).shape == (0, 2, 25)


def test_start_position_units(pos):
    x = encode_batch([Position.start()])
    assert x.shape == (1, N_INPUTS) and x.dtype == np.float32
    units = x[0, :100].reshape(25, 4)
    assert units[5].tolist() == [0.0, 0.0, 1.0, 1.0]  # five on my 6-point: >=3 and (5-3)/2
    assert units[7].tolist() == [0.0, 0.0, 1.0, 0.0]  # three on my 8-point
    assert units[23].tolist() == [0.0, 1.0, 0.0, 0.0]  # two on my 24-point
    assert units[0].tolist() == [0.0] * 4
    assert x[0, 100] == 0.0  # nothing borne off
    assert x[0, 101] == pytest.approx(1.0)  # 167 pips / 167
    # the start is symmetric: both halves are equal
    assert np.array_equal(x[0, :SIDE], x[0, SIDE:])


def test_bar_blot_and_borne_off(pos):
    p = pos("x bar:1 6:1 5:2; o 1:4")
    x = encode_batch([p])[0]
    units = x[:100].reshape(25, 4)
    assert units[24].tolist() == [1.0, 0.0, 0.0, 0.0]  # one on the bar
    assert units[5].tolist() == [1.0, 0.0, 0.0, 0.0]
    assert units[4].tolist() == [0.0, 1.0, 0.0, 0.0]
    assert x[100] == pytest.approx(11 / 15)  # 4 checkers left, 11 off
    assert x[SIDE + 100] == pytest.approx(11 / 15)
    assert x[SIDE + 101] == pytest.approx(4 * 24 / 167)  # their 4 checkers on their 24-point


def test_encoding_is_per_row_and_finite():
    positions = _sample_positions()
    x = encode_batch(positions)
    assert x.shape == (len(positions), N_INPUTS)
    assert np.isfinite(x).all()
    single = np.concatenate([encode_batch([p]) for p in positions[:20]])
    assert np.array_equal(single, x[:20])
    with pytest.raises(ValueError):
        encode_boards(np.zeros((3, 25)))


def test_race_mask_agrees_with_the_engine():
    positions = _sample_positions()
    mask = race_mask(boards_from_positions(positions))
    assert mask.tolist() == [p.is_race() for p in positions]
    assert mask.any() and not mask.all()


def test_final_outcomes(pos):
    won_single = pos("o 19:3")  # I have borne off everything, they have some off
    won_single = Position([0] * 25, won_single.opponent, validate=False)
    p_gammon = Position([0] * 25, pos("o 19:14 12:1").opponent, validate=False)
    bg = pos("o 3:15")  # their checkers in my home board: a backgammon
    p_bg = Position([0] * 25, bg.opponent, validate=False)
    lost = pos("x 24:15")  # the opponent has borne off, I still have 15 checkers in their home
    p_lost = Position(lost.on_roll, [0] * 25, validate=False)
    boards = boards_from_positions([won_single, p_gammon, p_bg, p_lost])
    assert finished_mask(boards).all()
    out = final_outcome(boards)
    assert out[0].tolist() == [1, 0, 0, 0, 0]
    assert out[1].tolist() == [1, 1, 0, 0, 0]  # 14 + 1 = 15 checkers left: a gammon
    assert out[2].tolist() == [1, 1, 1, 0, 0]
    assert out[3].tolist() == [0, 0, 0, 1, 1]
    assert not finished_mask(boards_from_positions([Position.start()])).any()
