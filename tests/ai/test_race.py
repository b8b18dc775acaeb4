"""Exact one-sided values of late races, and the race network's training on them."""

from __future__ import annotations

import numpy as np
import pytest

from ai import bearoff, race
from ai.encoding import boards_from_positions, race_mask
from ai.network import Network
from engine.position import Position


@pytest.fixture(scope="module")
def database():
    return bearoff.load()


def test_a_side_at_home_is_the_databases(database):
    one_sided = race.OneSided(database)
    side = (2, 3, 0, 4, 1, 5) + (0,) * 19
    total, first = one_sided.distributions(side)
    row = database.index(np.asarray([side[:6]]))[0]
    assert np.array_equal(total, database.total[row]) and np.array_equal(first, database.first[row])


def test_one_checker_on_the_seven_point_by_hand(database):
    # Off in one roll with 7 pips or more: 9 of the 15 non-doubles (18 rolls) and 2-2 to 6-6;
    # otherwise the checker ends on the 4-point or lower and the next roll bears it off, but
    # for 2-1 twice (7 to 4, then 4 to 1): three rolls, 4 times in 1296.
    total, first = race.OneSided(database).distributions((0,) * 6 + (1,) + (0,) * 18)
    assert total[:4] == pytest.approx([0.0, 23 / 36, 13 / 36 - 4 / 1296, 4 / 1296])
    assert first[0] == 1.0  # fourteen are off already: no gammon to fear


def test_race_outputs_agree_with_the_database_at_home_and_know_their_limits(database):
    one_sided = race.OneSided(database, budget=50)
    home = [
        Position.from_text("x 6:5 5:4 4:2; o 19:4 20:4 21:3 22:2"),
        Position.from_text("x 1:3 2:2; o 24:15"),
    ]
    out, done = race.race_outputs(one_sided, boards_from_positions(home))
    assert done.all()
    assert np.allclose(out, database.evaluate(boards_from_positions(home)))
    far = Position.from_text("x 13:8 8:7; o 12:8 17:7")  # a long race: too many sides
    contact = Position.start()
    out, done = race.race_outputs(one_sided, boards_from_positions([far, contact]))
    assert not done.any() and not out.any()
    with pytest.raises(race.TooLarge):  # all fifteen, one in the other's home: backgammons
        one_sided.distributions((14,) + (0,) * 18 + (1,) + (0,) * 5)


def test_a_straggler_race_is_valued_as_the_rollouts_say(database):
    # 9+0CAIADACgAAA: three on the ace point and two far back, against fourteen at home. The
    # race network gave it 0.86 to win; a 1,296-game rollout with the luck adjustment 0.714.
    position = Position.from_position_id("9+0CAIADACgAAA")
    out, done = race.race_outputs(race.OneSided(database), boards_from_positions([position]))
    assert done[0] and out[0, 0] == pytest.approx(0.7225, abs=0.0005)
    assert out[0, 1] == out[0, 3] == 0.0  # the opponent has a checker off; so does the mover


def test_looking_at_two_plays_a_roll_stays_close_to_all(database):
    boards = race.straggler_boards(np.random.default_rng(5), 8)
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
    assert race.main(["--positions", "16", "--seed", "2", *common]) == 0
    for name in ("race.npz", "optimiser.npz", "validation.npz", "race.log"):
        assert (ckpt / name).exists()
    net = Network.load(ckpt / "race.npz")
    assert net.meta["race_positions"] >= 16
    assert not np.array_equal(net.w1, Network.load(race.RACE_WEIGHTS).w1)  # it trained
    validation = np.load(ckpt / "validation.npz")["straggler_boards"].tolist()
    assert race.main(["--positions", "16", "--resume", *common]) == 0
    again = Network.load(ckpt / "race.npz")
    assert again.meta["race_positions"] >= net.meta["race_positions"] + 16
    assert np.load(ckpt / "validation.npz")["straggler_boards"].tolist() == validation
    log = (ckpt / "race.log").read_text()
    assert "resumed at" in log and "check: positions 0" in log


def test_bad_arguments_and_files_are_refused(tmp_path, capsys):
    for argv in (["--hours", "0"], ["--positions", "5", "--lr", "0"], ["--positions", "-1"]):
        with pytest.raises(SystemExit):
            race.parse_args(argv)
    (tmp_path / "junk.npz").write_bytes(b"not a network")
    assert race.main(["--positions", "5", "--start", str(tmp_path / "junk.npz"),
                      "--checkpoint", str(tmp_path / "c")]) == 2  # fmt: skip
    assert "python -m ai.race" in capsys.readouterr().err
