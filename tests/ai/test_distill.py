"""Distillation of the 1-ply search into the networks: its targets, a tiny run and its resume."""

from __future__ import annotations

import numpy as np
import pytest

from ai import distill
from ai.encoding import ENCODINGS, N_INPUTS, boards_from_positions, crashed_mask
from ai.evaluator import NetEvaluator, equity, flip, load_default_evaluator
from ai.network import Network
from engine.dice import ROLLS
from engine.moves import legal_results
from engine.position import Position


def test_one_ply_target_of_a_certain_win_is_exact():
    evaluator = load_default_evaluator()
    # One checker left on the ace point: every roll bears it off before the opponent, who has
    # borne off nothing and still has a checker in our home board: a backgammon.
    position = Position.from_text("x 1:1; o 2:1 13:7 19:7")
    target = distill.one_ply_targets(evaluator, [position])
    assert np.allclose(target, [[1.0, 1.0, 1.0, 0.0, 0.0]])


def test_one_ply_targets_average_the_best_reply_to_each_roll():
    evaluator = load_default_evaluator()
    positions = [
        Position.start(),
        Position.from_text("x bar:1 24:1 13:5 8:3 6:5; o 19:5 17:3 12:5 1:1 2:1"),
    ]
    batched = distill.one_ply_targets(evaluator, positions)
    for position, got in zip(positions, batched, strict=True):
        total = np.zeros(5)
        for dice, weight in ROLLS:
            after = legal_results(position, dice) or [position.swapped()]
            mover = flip(evaluator.evaluate_batch(after))
            total += weight * mover[int(np.argmax(equity(mover)))]
        assert np.allclose(got, total / 36.0)
    assert abs(equity(batched[0])) < 0.2  # the start position is close to even


def _tiny_start(tmp_path):
    rng = np.random.default_rng(2)
    paths = []
    for kind in ("contact", "race"):
        net = Network(N_INPUTS, 8, rng=rng, meta={"kind": kind, "games": 0})
        path = tmp_path / f"{kind}.npz"
        net.save(path)
        paths.append(str(path))
    return paths


def test_tiny_run_checkpoints_and_resumes(tmp_path):
    contact, race = _tiny_start(tmp_path)
    ckpt = tmp_path / "ckpt"
    common = [
        "--checkpoint", str(ckpt), "--parallel", "4", "--label-batch", "16", "--quiet",
        "--strength-every", "0",
    ]  # fmt: skip
    args = ["--positions", "32", "--start-contact", contact, "--start-race", race, *common]
    assert distill.main(args) == 0
    for name in ("contact.npz", "race.npz", "optimiser.npz", "distill.log"):
        assert (ckpt / name).exists()
    first = Network.load(ckpt / "contact.npz")
    assert first.meta["distill_positions"] >= 32
    assert not np.array_equal(first.w1, Network.load(contact).w1)  # it trained
    # resumed with two worker processes making the targets, and a new teacher (new workers)
    # after every 16 positions
    more = ["--positions", "32", "--resume", "--workers", "2", "--refresh-every", "16"]
    assert distill.main([*more, *common]) == 0
    again = Network.load(ckpt / "contact.npz")
    assert again.meta["distill_positions"] >= first.meta["distill_positions"] + 32
    log = (ckpt / "distill.log").read_text()
    assert "resumed" in log and "teacher refreshed" in log
    NetEvaluator(again, Network.load(ckpt / "race.npz"), None)  # still a valid evaluator


def test_bad_arguments_are_refused(capsys):
    assert distill.main([]) != 0  # neither hours nor positions
    assert distill.main(["--positions", "5", "--sample", "0"]) != 0
    with pytest.raises(SystemExit):
        distill.parse_args(["--hours", "-1"])
    assert "sample" in capsys.readouterr().err


def test_outcomes_blend_the_end_of_the_game_seen_from_each_player():
    outcomes = distill.Outcomes(0.25)
    board = np.zeros((2, 25), dtype=np.int8)
    one_ply = np.array([0.5, 0.1, 0.0, 0.1, 0.0])
    end = np.array([1.0, 1.0, 0.0, 0.0, 0.0])  # the player on roll at the end won a gammon
    outcomes.add(7, 4, board, one_ply)  # same player on roll as at the end (ply 6)
    outcomes.add(7, 3, board, one_ply)  # the other player
    outcomes.add(8, 1, board, one_ply)  # another game, still going
    assert outcomes.waiting() == 3
    outcomes.finish([(7, 6, -1, end)])
    _boards, targets = outcomes.take_ready()
    assert np.allclose(targets[0], 0.75 * one_ply + 0.25 * end)
    assert np.allclose(targets[1], 0.75 * one_ply + 0.25 * flip(end))
    assert outcomes.waiting() == 1
    outcomes.add(7, 5, board, one_ply)  # labelled after its game ended: blended at once
    assert len(outcomes.take_ready()[1]) == 1


def test_a_position_before_a_random_play_keeps_its_one_ply_target():
    outcomes = distill.Outcomes(0.5)
    board = np.zeros((2, 25), dtype=np.int8)
    one_ply = np.array([0.4, 0.0, 0.0, 0.0, 0.0])
    outcomes.add(1, 2, board, one_ply)
    outcomes.add(1, 6, board, one_ply)
    outcomes.finish([(1, 10, 4, np.array([0.0, 0.0, 0.0, 1.0, 0.0]))])  # random play at ply 4
    targets = outcomes.take_ready()[1]
    assert np.allclose(targets[0], one_ply)
    assert not np.allclose(targets[1], one_ply)


def test_the_source_numbers_every_ply_of_a_game_to_its_end():
    evaluator = load_default_evaluator()
    source = distill.PositionSource(
        evaluator, 2, np.random.default_rng(5), 0.0, terminal_value=evaluator.evaluate_boards
    )
    seen: dict[int, list[int]] = {}
    ended = []
    for _ in range(400):
        for game, ply, _position in source.step():
            seen.setdefault(game, []).append(ply)
        ended += source.finished
        if len(ended) >= 2:
            break
    assert ended, "no game ended"
    for game, end_ply, last_random, value in ended:
        assert seen[game] == list(range(end_ply))  # every ply before the end, in order
        assert last_random == -1  # no exploration
        assert value.shape == (5,) and 0.0 <= value[0] <= 1.0


def test_tiny_run_with_outcomes(tmp_path):
    contact, race = _tiny_start(tmp_path)
    ckpt = tmp_path / "ckpt"
    args = [
        "--checkpoint", str(ckpt), "--parallel", "8", "--label-batch", "16", "--quiet",
        "--strength-every", "0", "--positions", "32", "--outcome-weight", "0.3",
        "--start-contact", contact, "--start-race", race,
    ]  # fmt: skip
    assert distill.main(args) == 0
    net = Network.load(ckpt / "contact.npz")
    assert net.meta["distill_positions"] >= 32
    assert "outcome" in net.meta["distill_target"]
    assert distill.main([*args[:-4], "--outcome-weight", "2"]) != 0


def test_a_resumed_run_keeps_its_settings_unless_given_again(tmp_path):
    contact, race = _tiny_start(tmp_path)
    ckpt = tmp_path / "ckpt"
    common = [
        "--checkpoint", str(ckpt), "--parallel", "8", "--label-batch", "16", "--quiet",
        "--strength-every", "0", "--positions", "16",
    ]  # fmt: skip
    fresh = ["--outcome-weight", "0.5", "--outcome-decay", "0.9", "--lr", "3e-5"]
    assert distill.main([*common, *fresh, "--start-contact", contact, "--start-race", race]) == 0
    assert Network.load(ckpt / "contact.npz").meta["distill_settings"]["outcome_weight"] == 0.5
    assert distill.main([*common, "--resume", "--lr", "1e-5"]) == 0
    settings = Network.load(ckpt / "contact.npz").meta["distill_settings"]
    assert settings["outcome_weight"] == 0.5 and settings["outcome_decay"] == 0.9
    assert settings["lr"] == 1e-5  # given again: the new value
    assert settings["parallel"] == 8
    log = (ckpt / "distill.log").read_text()
    resumed = log[log.index("resumed at") :]
    assert "settings of the checkpoint: " in resumed
    assert "outcome_weight=0.5 outcome_decay=0.9" in resumed


def test_the_outcome_counts_less_the_further_the_end_of_the_game():
    outcomes = distill.Outcomes(0.5, decay=0.5)
    board = np.zeros((2, 25), dtype=np.int8)
    one_ply = np.array([0.5, 0.0, 0.0, 0.0, 0.0])
    outcomes.add(3, 8, board, one_ply)  # two plies before the end: weight 0.5 * 0.25
    outcomes.add(3, 4, board, one_ply)  # six plies before: 0.5 * 0.5 ** 6
    outcomes.finish([(3, 10, -1, np.array([1.0, 0.0, 0.0, 0.0, 0.0]))])
    targets = outcomes.take_ready()[1]
    assert targets[0][0] == pytest.approx(0.5 + 0.125 * 0.5)
    assert targets[1][0] == pytest.approx(0.5 + 0.5 * 0.5**6 * 0.5)


def test_games_start_again_from_crashed_positions_they_went_through():
    evaluator = load_default_evaluator()
    source = distill.PositionSource(evaluator, 8, np.random.default_rng(3), 0.0, crashed_share=1.0)
    restarts = []
    for _ in range(4000):
        had = len(source.crashed)
        source.step()
        for g in range(8):
            if source.plies[g] == 0 and had:  # a game that starts again now
                restarts.append((source.first[g], source.positions[g]))
        if len(restarts) >= 5:
            break
    assert source.crashed and crashed_mask(boards_from_positions(source.crashed)).all()
    assert len(restarts) >= 5
    for first, position in restarts:  # every one from a kept crashed position, not the opening
        assert not first and any(position == kept for kept in source.crashed)


def test_a_fresh_run_can_widen_the_networks_to_a_newer_encoding(tmp_path):
    contact, race = _tiny_start(tmp_path)
    ckpt = tmp_path / "ckpt"
    args = [
        "--checkpoint", str(ckpt), "--parallel", "4", "--label-batch", "16", "--quiet",
        "--strength-every", "0", "--positions", "16", "--encoding", "unary4-v3",
        "--start-contact", contact, "--start-race", race,
    ]  # fmt: skip
    assert distill.main(args) == 0
    for name in ("contact.npz", "race.npz"):
        net = Network.load(ckpt / name)
        assert net.meta["encoding"] == "unary4-v3" and net.meta["widened_from"] == "unary4-v2"
        assert net.n_inputs == ENCODINGS["unary4-v3"]
    # the new inputs' weights started at zero and trained (a tiny run meets no race)
    assert Network.load(ckpt / "contact.npz").w1[N_INPUTS:].any()
    NetEvaluator(Network.load(ckpt / "contact.npz"), Network.load(ckpt / "race.npz"), None)
    assert "encoding unary4-v3" in (ckpt / "distill.log").read_text()
    with pytest.raises(SystemExit):
        distill.parse_args(["--positions", "5", "--encoding", "unary9"])


def test_two_ply_targets_value_each_rolls_best_play_at_one_ply():
    evaluator = load_default_evaluator()
    # A late middle game with few plays a roll, so that the check by hand stays quick.
    position = Position.from_text("x 24:1 6:4 5:3 4:2; o 1:2 19:3 20:3 21:2 22:1")
    got = distill.two_ply_targets(evaluator, [position])[0]
    total = np.zeros(5)
    for dice, weight in ROLLS:
        after = legal_results(position, dice) or [position.swapped()]
        mover = flip(evaluator.evaluate_batch(after))
        best = after[int(np.argmax(equity(mover)))]
        total += weight * flip(distill.one_ply_targets(evaluator, [best])[0])
    assert np.allclose(got, total / 36.0)
    # a certain win stays exact: every roll bears off the last checker (a backgammon)
    win = Position.from_text("x 1:1; o 2:1 13:7 19:7")
    assert np.allclose(distill.two_ply_targets(evaluator, [win]), [[1.0, 1.0, 1.0, 0.0, 0.0]])


def test_with_the_specialists_only_the_contact_network_learns(tmp_path):
    contact, race = _tiny_start(tmp_path)
    ckpt = tmp_path / "ckpt"
    args = [
        "--checkpoint", str(ckpt), "--parallel", "8", "--label-batch", "16", "--quiet",
        "--strength-every", "0", "--positions", "16", "--specialists", "1",
        "--teacher-plies", "2", "--start-contact", contact, "--start-race", race,
    ]  # fmt: skip
    assert distill.main(args) == 0
    assert np.array_equal(Network.load(ckpt / "race.npz").w1, Network.load(race).w1)
    net = Network.load(ckpt / "contact.npz")
    assert not np.array_equal(net.w1, Network.load(contact).w1)
    assert net.meta["distill_settings"]["teacher_plies"] == 2
    assert "2-ply" in net.meta["distill_target"] and "back-game" in net.meta["distill_target"]
    assert "specialists=1 (crashed yes, back-game yes)" in (ckpt / "distill.log").read_text()
    assert distill.main([*args[:-4], "--teacher-plies", "3"]) != 0


def test_worker_processes_make_the_same_targets_in_the_same_order():
    evaluator = load_default_evaluator()
    positions = [
        Position.start(),
        Position.from_text("x bar:1 24:1 13:5 8:3 6:5; o 19:5 17:3 12:5 1:1 2:1"),
        Position.from_text("x 24:1 6:4 5:3 4:2; o 1:2 19:3 20:3 21:2 22:1"),
    ]
    labeller = distill.Labeller(distill.one_ply_targets, evaluator, workers=2)
    try:
        assert np.array_equal(
            labeller.label(positions), distill.one_ply_targets(evaluator, positions)
        )
        assert np.array_equal(
            labeller.label(positions[:1]), distill.one_ply_targets(evaluator, positions[:1])
        )
    finally:
        labeller.close()
    with pytest.raises(ValueError):
        distill.Labeller(distill.one_ply_targets, evaluator, workers=0)
    with pytest.raises(SystemExit):
        distill.parse_args(["--positions", "5", "--workers", "0"])
