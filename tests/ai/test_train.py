"""A tiny self-play training run: it plays, trains, checkpoints, ships weights and resumes."""

from __future__ import annotations

import numpy as np
import pytest

from ai import train
from ai.encoding import ENCODING_NAME, ENCODINGS, N_INPUTS
from ai.evaluator import NetEvaluator, flip
from ai.network import Network
from engine.position import Position


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


def _v1_checkpoint(tmp_path):
    """A checkpoint of tiny networks made for the older encoding unary4-v1."""
    ckpt = tmp_path / "ckpt"
    common = [
        "--checkpoint", str(ckpt), "--weights", "", "--parallel", "2", "--hidden", "8",
        "--strength-every", "0", "--train-every", "64", "--quiet",
    ]  # fmt: skip
    assert train.main(["--games", "2", "--seed", "3", *common]) == 0
    for name in ("contact.npz", "race.npz"):
        net = Network.load(ckpt / name)
        net.w1 = net.w1[: ENCODINGS["unary4-v1"]].copy()
        net.meta["encoding"] = "unary4-v1"
        net.save(ckpt / name)
    with np.load(ckpt / "optimiser.npz") as data:
        state = {k: data[k] for k in data.files}
    for prefix in ("contact_", "race_"):
        for moment in ("m0", "v0"):
            state[prefix + moment] = state[prefix + moment][: ENCODINGS["unary4-v1"]]
    np.savez(ckpt / "optimiser.npz", **state)
    return ckpt, common


def test_widening_keeps_the_evaluations_and_trains_on(tmp_path):
    ckpt, common = _v1_checkpoint(tmp_path)
    old = NetEvaluator(Network.load(ckpt / "contact.npz"), Network.load(ckpt / "race.npz"), None)
    positions = [Position.start(), Position.from_text("x 24:1 23:1 13:5 8:3 6:5; o 19:5 17:3 12:7")]
    before = old.evaluate_batch(positions)  # an old network still evaluates with its encoding
    trainer, _ = train.Trainer.resume(ckpt, 1e-3, None, widen=True)
    assert (
        trainer.contact.n_inputs == N_INPUTS and trainer.contact.meta["encoding"] == ENCODING_NAME
    )
    assert np.allclose(trainer.evaluator.evaluate_batch(positions), before, atol=1e-6)
    with pytest.raises(ValueError):
        train.widen_network(Network(5, 3, meta={"encoding": "unary4-v1"}))  # wrong input count
    assert train.main(["--games", "1", "--resume", "--widen", "--lr-restart", *common]) == 0
    again = Network.load(ckpt / "contact.npz")
    assert again.n_inputs == N_INPUTS
    assert 0 < again.meta["lr_origin"] < again.meta["games"]  # the schedule restarted on resume
    assert "widened" in (ckpt / "train.log").read_text()
    with pytest.raises(SystemExit):
        train.parse_args(["--games", "1", "--widen"])  # only with --resume
