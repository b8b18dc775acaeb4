"""Rollout targets for the crashed network: the batched rollouts, the positions, the commands."""

from __future__ import annotations

import numpy as np
import pytest

from ai import crashed, crashed_targets
from ai.encoding import boards_from_positions, crashed_mask
from ai.evaluator import WEIGHTS_DIR, equity, flip, load_default_evaluator
from ai.network import Network
from engine.position import Position

OUTPUTS = np.array([0.3, 0.1, 0.02, 0.05, 0.01])


class ConstantEvaluator:
    """Every board gets the same five outputs, so a game's value shows only its orientation."""

    def evaluate_boards(self, boards: np.ndarray) -> np.ndarray:
        return np.tile(OUTPUTS, (len(boards), 1))


def _ends_after(plies: int):
    """An end rule that ends every game after ``plies`` plies (each call is one ply)."""
    calls = {"n": 0}

    def ends(boards: np.ndarray) -> np.ndarray:
        calls["n"] += 1
        return np.full(len(boards), calls["n"] >= plies)

    return ends


@pytest.mark.parametrize("plies, expected", [(1, flip(OUTPUTS)), (2, OUTPUTS), (3, flip(OUTPUTS))])
def test_a_game_value_is_taken_for_the_player_on_roll_at_the_start(plies, expected):
    means, se = crashed_targets.rollout_values(
        ConstantEvaluator(),  # type: ignore[arg-type]
        [Position.start()],
        trials=5,
        rng=np.random.default_rng(1),
        ends=_ends_after(plies),
    )
    assert means[0] == pytest.approx(expected)
    assert se[0] == pytest.approx(0.0, abs=1e-9)


def test_a_certain_backgammon_is_valued_exactly(pos):
    # Any roll bears the last checker off while the other side is all on the bar.
    position = pos("x 1:1; o bar:15")
    means, se = crashed_targets.rollout_values(
        load_default_evaluator(), [position], trials=8, rng=np.random.default_rng(3)
    )
    assert means[0].tolist() == pytest.approx([1.0, 1.0, 1.0, 0.0, 0.0])
    assert se[0] == pytest.approx(0.0, abs=1e-9)


def test_every_position_is_played_its_trials_and_the_rollout_is_seeded():
    evaluator = load_default_evaluator()
    pool = crashed.make_pool(evaluator, 6, np.random.default_rng(4), parallel=8)
    positions = [Position.from_position_id(str(p)) for p in pool]
    first = crashed_targets.rollout_values(evaluator, positions, 6, np.random.default_rng(9), 5)
    again = crashed_targets.rollout_values(evaluator, positions, 6, np.random.default_rng(9), 5)
    assert np.array_equal(first[0], again[0]) and np.array_equal(first[1], again[1])
    means, se = first
    assert means.shape == (6, 5) and se.shape == (6,)
    assert ((means >= 0) & (means <= 1)).all() and (se >= 0).all()
    # cumulative outputs stay ordered: wins >= gammons >= backgammons, and the same for losses
    assert (means[:, 0] >= means[:, 1] - 1e-12).all() and (means[:, 1] >= means[:, 2] - 1e-12).all()
    assert (1 - means[:, 0] >= means[:, 3] - 1e-12).all()
    assert (means[:, 3] >= means[:, 4] - 1e-12).all()


def test_rollouts_move_towards_their_own_mean_with_more_games():
    """The standard error shrinks as one over the root of the games (about halved for 4x).

    Eight positions: on four, the sample errors' own noise could put the ratio past 0.8."""
    evaluator = load_default_evaluator()
    pool = crashed.make_pool(evaluator, 8, np.random.default_rng(6), parallel=8)
    positions = [Position.from_position_id(str(p)) for p in pool]
    _m8, se8 = crashed_targets.rollout_values(evaluator, positions, 16, np.random.default_rng(1))
    _m32, se32 = crashed_targets.rollout_values(evaluator, positions, 64, np.random.default_rng(2))
    varied = se8 > 0.01
    assert varied.any()
    ratio = float(np.mean(se32[varied]) / np.mean(se8[varied]))
    assert 0.3 < ratio < 0.8


def test_walked_positions_are_crashed_and_none_is_a_test_position():
    evaluator = load_default_evaluator()
    rng = np.random.default_rng(7)
    pool = crashed.make_pool(evaluator, 10, rng, parallel=8)
    excluded = {str(pool[0]), str(pool[1])}
    found = crashed_targets.walk_positions(evaluator, pool, 25, rng, 4, excluded)
    assert len(found) == 25
    assert crashed_mask(boards_from_positions(found)).all()
    assert not {p.position_id() for p in found} & excluded


def test_a_tenth_is_kept_for_validation():
    ids = np.asarray([f"id{k}" for k in range(5000)])
    share = crashed_targets.validation_mask(ids).mean()
    assert 0.08 < share < 0.12
    # each position's part depends on its ID alone, not on the labels around it
    mask = crashed_targets.validation_mask(ids)
    assert crashed_targets.validation_mask(ids[::-7]).tolist() == mask[::-7].tolist()


def test_label_then_fit_from_the_command_line(tmp_path, capsys):
    labels = tmp_path / "labels"
    pool = tmp_path / "pool.npz"
    evaluator = load_default_evaluator()
    np.savez(pool, boards=crashed.make_pool(evaluator, 20, np.random.default_rng(8), parallel=8))
    args = ["label", "--out", str(labels), "--pool", str(pool), "--trials", "2"]
    assert crashed_targets.main([*args, "--positions", "30", "--chunk", "15", "--quiet"]) == 0
    assert len(list(labels.glob("chunk-*.npz"))) == 2
    # adding to labels already there needs --resume, and nothing is lost without it
    assert crashed_targets.main([*args, "--positions", "15", "--chunk", "15"]) == 2
    assert "--resume" in capsys.readouterr().err
    assert crashed_targets.main([*args, "--positions", "15", "--chunk", "15", "--resume"]) == 0
    ids, targets, se = crashed_targets.load_labels(labels)
    assert len(ids) == len(targets) == len(se) == 45
    assert len(set(ids.tolist())) > 30  # the resumed chunk is drawn afresh, not repeated
    out = tmp_path / "fitted" / "crashed.npz"
    assert (
        crashed_targets.main(["fit", "--labels", str(labels), "--out", str(out), "--epochs", "2"])
        == 0
    )
    lines = capsys.readouterr().out.strip().splitlines()
    assert [line.split('"epoch": ')[1].split(",")[0] for line in lines] == ['"start"', '"1"', '"2"']
    net = Network.load(out)
    shipped = Network.load(WEIGHTS_DIR / "crashed.npz")
    assert net.n_inputs == shipped.n_inputs and net.meta["rollout_targets"] > 0


@pytest.mark.parametrize(
    "argv",
    [
        ["label"],  # neither --hours nor --positions
        ["label", "--positions", "10", "--trials", "0"],
        ["label", "--positions", "10", "--walk", "-1"],
        ["label", "--hours", "-1"],
        ["fit"],  # no --out
        ["fit", "--out", "x.npz", "--epochs", "0"],
        ["fit", "--out", "x.npz", "--lr", "0"],
        ["nonsense"],
    ],
)
def test_bad_command_lines_are_refused(argv):
    with pytest.raises(SystemExit) as exc:
        crashed_targets.main(argv)
    assert exc.value.code == 2


def test_missing_labels_and_damaged_pools_get_a_clear_error(tmp_path, capsys):
    assert (
        crashed_targets.main(["fit", "--labels", str(tmp_path), "--out", str(tmp_path / "n.npz")])
        == 2
    )
    assert "No labels" in capsys.readouterr().err
    bad = tmp_path / "pool.npz"
    bad.write_bytes(b"not a pool")
    argv = ["label", "--out", str(tmp_path / "l"), "--pool", str(bad), "--positions", "5"]
    assert crashed_targets.main(argv) == 2
    assert "crashed_targets" in capsys.readouterr().err


def test_equity_of_the_constant_outputs_is_what_the_rollout_reports():
    # guards the orientation test above against a constant that flips into itself
    assert equity(OUTPUTS) != pytest.approx(equity(flip(OUTPUTS)))


def test_noisy_games_give_crashed_positions_seeded_and_without_the_excluded():
    evaluator = load_default_evaluator()
    pool = crashed_targets.noisy_pool(evaluator, 40, np.random.default_rng(11), parallel=16)
    positions = [Position.from_position_id(str(p)) for p in pool]
    assert len(positions) == 40 and crashed_mask(boards_from_positions(positions)).all()
    again = crashed_targets.noisy_pool(evaluator, 40, np.random.default_rng(11), parallel=16)
    assert again.tolist() == pool.tolist()
    excluded = set(map(str, pool[:10]))
    other = crashed_targets.noisy_pool(
        evaluator, 40, np.random.default_rng(11), parallel=16, excluded=excluded
    )
    assert not set(map(str, other)) & excluded


def test_noise_changes_the_plays_and_none_plays_the_best():
    evaluator = load_default_evaluator()
    start = [Position.start()] * 64
    dice = crashed_targets.Dice(np.random.default_rng(3), crashed_targets.BLOCK)
    plain, _b, _p = crashed_targets.best_replies(evaluator, start, dice, opening=[True] * 64)
    dice = crashed_targets.Dice(np.random.default_rng(3), crashed_targets.BLOCK)
    same, _b, _p = crashed_targets.best_replies(
        evaluator, start, dice, noise=[0.0] * 64, opening=[True] * 64
    )
    dice = crashed_targets.Dice(np.random.default_rng(3), crashed_targets.BLOCK)
    noisy, _b, _p = crashed_targets.best_replies(
        evaluator, start, dice, noise=[0.5] * 64, opening=[True] * 64
    )
    assert same == plain
    assert sum(a != b for a, b in zip(plain, noisy, strict=True)) > 10


def test_a_pool_with_nothing_to_label_is_an_error_not_an_endless_loop():
    evaluator = load_default_evaluator()
    pool = crashed.make_pool(evaluator, 3, np.random.default_rng(12), parallel=8)
    with pytest.raises(ValueError, match="no crashed positions"):
        crashed_targets.walk_positions(
            evaluator, pool, 5, np.random.default_rng(1), 0, excluded=set(map(str, pool))
        )
