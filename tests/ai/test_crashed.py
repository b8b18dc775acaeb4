"""The crashed network's training: its pool, its games and a tiny resumable run."""

from __future__ import annotations

import numpy as np
import pytest

from ai import crashed
from ai.encoding import ENCODINGS, backgame_mask, boards_from_positions, crashed_mask
from ai.evaluator import load_default_evaluator
from ai.network import Network
from ai.train import SelfPlay
from engine.position import Position


def test_a_crashed_game_ends_with_contact_or_with_the_game(pos):
    boards = boards_from_positions(
        [
            pos("x 24:1 6:2 5:2 4:1; o 19:3 20:3 21:3 12:4 8:2"),  # crashed: goes on
            pos("x 6:2 5:2 4:1 3:1; o 19:3 20:3 21:3 12:4 8:2"),  # contact over: ends
            Position([0] * 25, pos("o 19:15").opponent, validate=False),  # finished: ends
        ]
    )
    assert crashed.ends_crashed(boards).tolist() == [False, True, True]


def test_the_pool_holds_crashed_positions_and_none_of_the_test_sets():
    evaluator = load_default_evaluator()
    pool = crashed.make_pool(evaluator, 30, np.random.default_rng(2), parallel=16)
    positions = [Position.from_position_id(str(pid)) for pid in pool]
    assert len(positions) == 30 and crashed_mask(boards_from_positions(positions)).all()
    assert not set(map(str, pool)) & crashed._test_keys()
    again = crashed.make_pool(evaluator, 30, np.random.default_rng(2), parallel=16)
    assert again.tolist() == pool.tolist()  # seeded


def test_every_position_of_a_game_from_the_pool_is_crashed():
    evaluator = load_default_evaluator()
    rng = np.random.default_rng(5)
    pool = crashed.make_pool(evaluator, 20, rng, parallel=16)
    starts = iter(Position.from_position_id(str(pid)) for pid in pool)
    play = SelfPlay(
        evaluator, 4, rng, start=lambda: (next(starts), False), ends=crashed.ends_crashed
    )
    histories: list[np.ndarray] = []
    while len(histories) < 8:
        boards, targets, _ended = play.play_ply(0.0)
        histories.extend(boards)
        assert all(len(b) == len(t) for b, t in zip(boards, targets, strict=True))
    assert all(crashed_mask(history).all() for history in histories)


def test_tiny_run_trains_only_the_crashed_network_and_resumes(tmp_path):
    ckpt = tmp_path / "ckpt"
    common = [
        "--checkpoint", str(ckpt), "--pool", "40", "--parallel", "8", "--train-every", "32",
        "--strength-every", "0", "--quiet",
    ]  # fmt: skip
    assert crashed.main(["--games", "40", "--seed", "3", *common]) == 0
    for name in ("crashed.npz", "optimiser.npz", "pool.npz", "crashed.log"):
        assert (ckpt / name).exists()
    net = Network.load(ckpt / "crashed.npz")
    contact = load_default_evaluator().contact
    assert net.meta["kind"] == "crashed" and net.meta["games_crashed"] >= 40
    assert net.meta["positions_crashed"] > 0
    assert not np.allclose(net.w1, contact.w1)  # it trained, starting from the contact network
    assert net.w1.shape == contact.w1.shape
    pool = np.load(ckpt / "pool.npz")["boards"].tolist()
    assert crashed.main(["--resume", "--games", "20", *common]) == 0
    again = Network.load(ckpt / "crashed.npz")
    assert again.meta["games_crashed"] >= net.meta["games_crashed"] + 20
    assert np.load(ckpt / "pool.npz")["boards"].tolist() == pool  # the same pool
    assert "resumed at" in (ckpt / "crashed.log").read_text()


def test_a_fresh_run_can_take_a_pool_and_widen_its_start(tmp_path):
    first = tmp_path / "first"
    common = [
        "--pool", "40", "--parallel", "8", "--train-every", "32", "--strength-every", "0",
        "--quiet", "--games", "16",
    ]  # fmt: skip
    assert crashed.main(["--checkpoint", str(first), "--seed", "3", *common]) == 0
    second = tmp_path / "second"
    args = [
        "--checkpoint", str(second), "--pool-from", str(first / "pool.npz"),
        "--encoding", "unary4-v3", "--start", str(first / "crashed.npz"), *common,
    ]  # fmt: skip
    assert crashed.main(args) == 0
    net = Network.load(second / "crashed.npz")
    assert net.meta["encoding"] == "unary4-v3" and net.n_inputs == ENCODINGS["unary4-v3"]
    assert net.w1[ENCODINGS["unary4-v2"] :].any()  # the new inputs trained from zero weights
    pools = [np.load(d / "pool.npz")["boards"].tolist() for d in (first, second)]
    assert pools[0] == pools[1]
    assert "from pool.npz" in (second / "crashed.log").read_text()
    (tmp_path / "junk.npz").write_bytes(b"not a pool")
    bad = ["--checkpoint", str(tmp_path / "third"), "--pool-from", str(tmp_path / "junk.npz")]
    assert crashed.main([*bad, *common]) == 2


def test_a_back_game_network_trains_from_back_games_beside_the_shipped_crashed_one(tmp_path, pos):
    boards = boards_from_positions(
        [
            pos("x 24:2 22:2 13:5 8:3 6:3; o 19:5 17:3 12:5 3:2"),  # a back game: goes on
            pos("x 24:2 13:7 8:3 6:3; o 19:5 17:3 12:5 3:2"),  # one anchor left: ends
            pos("x 24:2 22:2 13:5 8:3 6:3; o 19:3 18:2 17:3"),  # crashed now: ends
        ]
    )
    assert crashed.ends_backgame(boards).tolist() == [False, True, True]
    ckpt = tmp_path / "bg"
    common = [
        "--kind", "backgame", "--checkpoint", str(ckpt), "--pool", "30", "--parallel", "8",
        "--train-every", "32", "--strength-every", "0", "--quiet",
    ]  # fmt: skip
    assert crashed.main(["--games", "30", "--seed", "2", *common]) == 0
    for name in ("backgame.npz", "optimiser.npz", "pool.npz", "backgame.log"):
        assert (ckpt / name).exists()
    net = Network.load(ckpt / "backgame.npz")
    assert net.meta["kind"] == "backgame" and net.meta["games_backgame"] >= 30
    assert not np.allclose(net.w1, load_default_evaluator().contact.w1)
    pool = [Position.from_position_id(str(p)) for p in np.load(ckpt / "pool.npz")["boards"]]
    assert backgame_mask(boards_from_positions(pool)).all()
    assert not {p.position_id() for p in pool} & crashed._test_keys()
    assert crashed.main(["--resume", "--games", "10", *common]) == 0
    assert Network.load(ckpt / "backgame.npz").meta["games_backgame"] >= 40
    assert "new backgame network" in (ckpt / "backgame.log").read_text()


def test_bad_arguments_are_refused(capsys):
    for argv in (
        ["--hours", "0"],
        ["--games", "5", "--lam", "2"],
        ["--games", "-1"],
        ["--games", "5", "--kind", "backgame", "--contain-weight", "3"],
        ["--games", "5", "--kind", "opening"],
    ):
        with pytest.raises(SystemExit):
            crashed.parse_args(argv)
    assert "error" in capsys.readouterr().err


def test_positions_with_a_checker_to_contain_can_start_more_games(pos):
    pool = np.array(
        [
            pos("x 24:1 6:2 5:2 4:1; o 19:3 20:3 21:3 12:4 8:2").position_id(),  # mine back
            pos("x 6:3 5:3 4:2; o bar:1 19:3 20:3 21:3 12:3 8:2").position_id(),  # theirs back
            pos("x bar:1 6:3 5:3 4:2; o 19:3 20:3 21:3 12:3 8:3").position_id(),  # on the bar
        ]
    )
    assert crashed.start_weights(pool, 4.0).tolist() == [4.0, 1.0, 4.0]
    assert crashed.start_weights(pool, 1.0).tolist() == [1.0, 1.0, 1.0]


def test_a_damaged_checkpoint_is_a_clear_error(tmp_path, capsys):
    ckpt = tmp_path / "ckpt"
    ckpt.mkdir()
    (ckpt / "optimiser.npz").write_bytes(b"not a checkpoint")
    (ckpt / "crashed.npz").write_bytes(b"not a network")
    argv = ["--resume", "--games", "5", "--checkpoint", str(ckpt), "--quiet"]
    assert crashed.main(argv) == 2
    assert "crashed.npz" in capsys.readouterr().err
