"""A tiny self-play training run: it plays, trains, checkpoints, ships weights and resumes."""

from __future__ import annotations

import numpy as np
import pytest

from ai import train
from ai.evaluator import flip
from ai.network import Network


def test_lambda_returns_by_hand():
    values = np.array(
        [
            [0.5, 0.1, 0.0, 0.1, 0.0],
            [0.4, 0.1, 0.0, 0.2, 0.0],
            [1.0, 1.0, 0.0, 0.0, 0.0],  # exact: the player on roll here has won a gammon
        ]
    )
    g = train.lambda_returns(values, 0.0)  # TD(0): the next position's value, flipped
    assert np.allclose(g[1], flip(values[2]))
    assert np.allclose(g[0], flip(values[1]))
    g = train.lambda_returns(values, 1.0)  # Monte Carlo: the final result from each view
    assert np.allclose(g[1], [0, 0, 0, 1, 0]) and np.allclose(g[0], [1, 1, 0, 0, 0])
    half = train.lambda_returns(values, 0.5)
    assert np.allclose(half[0], flip(0.5 * values[1] + 0.5 * half[1]))


def test_tiny_run_checkpoints_and_resumes(tmp_path):
    ckpt, ship = tmp_path / "ckpt", tmp_path / "weights"
    common = [
        "--checkpoint", str(ckpt), "--weights", str(ship), "--parallel", "2", "--hidden", "8",
        "--strength-cases", "15", "--train-every", "64", "--quiet",
    ]  # fmt: skip
    assert train.main(["--games", "2", "--seed", "4", *common]) == 0
    for name in ("contact.npz", "race.npz", "optimiser.npz", "train.log"):
        assert (ckpt / name).exists()
    first = Network.load(ship / "contact.npz")
    assert first.meta["games"] >= 2 and first.meta["encoding"]
    assert first.meta["history"] and "mEMG" in first.meta["history"][-1]
    assert train.main(["--games", "1", "--resume", *common]) == 0
    again = Network.load(ckpt / "contact.npz")
    assert again.meta["games"] > first.meta["games"]
    assert not np.array_equal(again.w1, first.w1)  # it trained on
    assert "resumed" in (ckpt / "train.log").read_text()


def test_bad_arguments():
    with pytest.raises(SystemExit):
        train.parse_args([])  # neither games nor hours
    with pytest.raises(SystemExit):
        train.parse_args(["--games", "1", "--lam", "2"])
