"""The race network's training on exact values of late races (``ai.race_training``)."""

from __future__ import annotations

import numpy as np
import pytest

from ai import bearoff, race, race_training
from ai.encoding import race_mask
from ai.network import Network


@pytest.fixture(scope="module")
def database():
    return bearoff.load()


def test_looking_at_two_plays_a_roll_stays_close_to_all(database):
    boards = race_training.straggler_boards(np.random.default_rng(5), 8)
    assert race_mask(boards).all()
    every, done_all = race.race_outputs(race.OneSided(database, budget=5000), boards)
    two, done_two = race.race_outputs(race.OneSided(database, budget=5000, width=2), boards)
    both = done_all & done_two
    assert both.sum() >= 4
    assert np.abs(every[both] - two[both]).max() < 0.01
    # a side that looks at fewer plays can only need as many rolls or more, on average
    rolls = np.arange(race.MAX_ROLLS)
    full, pruned = race.OneSided(database, 5000), race.OneSided(database, 5000, width=2)
    for board in boards[both]:
        for side in board:
            assert (
                pruned.distributions(side)[0] @ rolls >= full.distributions(side)[0] @ rolls - 1e-9
            )


def test_tiny_training_run_checkpoints_and_resumes(tmp_path):
    ckpt = tmp_path / "ckpt"
    common = [
        "--checkpoint", str(ckpt), "--batch-positions", "16", "--validation", "8",
        "--strength-every", "0", "--budget", "300",
    ]  # fmt: skip
    assert race_training.main(["--positions", "16", "--seed", "2", *common]) == 0
    for name in ("race.npz", "optimiser.npz", "validation.npz", "race.log"):
        assert (ckpt / name).exists()
    net = Network.load(ckpt / "race.npz")
    assert net.meta["race_positions"] >= 16
    assert not np.array_equal(net.w1, Network.load(race_training.RACE_WEIGHTS).w1)  # it trained
    validation = np.load(ckpt / "validation.npz")["straggler_boards"].tolist()
    assert race_training.main(["--positions", "16", "--resume", *common]) == 0
    again = Network.load(ckpt / "race.npz")
    assert again.meta["race_positions"] >= net.meta["race_positions"] + 16
    assert np.load(ckpt / "validation.npz")["straggler_boards"].tolist() == validation
    log = (ckpt / "race.log").read_text()
    assert "resumed at" in log and "check: positions 0" in log


def test_bad_arguments_and_files_are_refused(tmp_path, capsys):
    for argv in (["--hours", "0"], ["--positions", "5", "--lr", "0"], ["--positions", "-1"]):
        with pytest.raises(SystemExit):
            race_training.parse_args(argv)
    (tmp_path / "junk.npz").write_bytes(b"not a network")
    assert race_training.main(["--positions", "5", "--start", str(tmp_path / "junk.npz"),
                      "--checkpoint", str(tmp_path / "c")]) == 2  # fmt: skip
    assert "python -m ai.race_training" in capsys.readouterr().err
