"""The race network's training on exact values of late races (``ai.race``).

    python -m ai.race_training --hours 3 [--resume] [--checkpoint DIR] [--straggler-share 0.5]

Positions come from self-play games from the opening (their races) and, for a share of them,
from made-up late races (``straggler_boards``: a straggler or two among checkers home), the
race network's weak spot. A position whose sides have at most ``--max-outside`` checkers outside
their home boards, valued by ``ai.race.OneSided`` within ``--budget`` new sides, gets its exact
five outputs as target; any other gets the 1-ply outputs of a frozen copy of the network being
trained (renewed every ``--refresh-every`` positions), itself exact wherever ``OneSided`` knows
both sides. The checkpoint (``race.npz``, the optimiser's state and the random generator's,
``validation.npz``, the log ``race.log``) is written every few minutes and ``--resume`` goes on
from it; the checks measure the errors on exactly valued positions from games and made-up late
races apart, and on the race cases of the strength set's tuning part.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ai import bearoff
from ai.encoding import boards_from_positions, finished_mask, race_mask
from ai.evaluator import CONTACT_WEIGHTS, RACE_WEIGHTS, WEIGHTS_DIR, NetEvaluator, equity, flip
from ai.network import Adam, Network
from ai.race import OneSided, checkers_outside, race_outputs
from ai.train import STRENGTH_DATA, SelfPlay, StrengthSet, fit
from engine.dice import ROLLS
from engine.moves import legal_results
from engine.position import Position

DEFAULT_CHECKPOINT = WEIGHTS_DIR / "race-exact"


def straggler_boards(rng: np.random.Generator, n: int) -> np.ndarray:
    """``n`` race boards ``(n, 2, 25)`` in which one side (either may be on roll) has one to
    three checkers still outside its home board among checkers home or borne off, and the other
    side is home, or has stragglers of its own: late races that games from the opening seldom
    reach, the race network's weak spot."""
    out = np.zeros((n, 2, 25), dtype=np.int8)
    made = 0
    while made < n:
        sides = []
        for stragglers in (int(rng.integers(1, 4)), int(rng.integers(0, 3))):
            side = np.zeros(25, dtype=np.int8)
            home = int(rng.integers(0, 15 - stragglers + 1))
            # home checkers on the lower points more often, as a bear-off leaves them
            weights = np.array([6, 5, 4, 3, 2, 1], dtype=np.float64)
            np.add.at(side, rng.choice(6, size=home, p=weights / weights.sum()), 1)
            np.add.at(side, rng.integers(6, 18, size=stragglers), 1)
            sides.append(side)
        if rng.random() < 0.5:
            sides.reverse()
        board = np.stack(sides)
        if race_mask(board[None])[0] and board.sum() > 0 and board.sum(axis=1).min() > 0:
            out[made] = board
            made += 1
    return out


class RaceTeacher:
    """Values race boards exactly where ``OneSided`` can within its budget, else by a frozen
    race network; 1-ply targets of positions too far from the end come from it."""

    def __init__(self, one_sided: OneSided, net: Network, budget: int = 0) -> None:
        self.one_sided = one_sided
        self.evaluator = NetEvaluator(net, net, one_sided.database)
        self.budget = budget

    def evaluate(self, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Five outputs of ``boards`` (any, finished and bear-off included) and the exact mask
        (exact only within this teacher's budget, by default only for sides valued before)."""
        exact, done = race_outputs(self.one_sided, boards, self.budget)
        out = exact
        if (~done).any():
            out[~done] = self.evaluator.evaluate_boards(boards[~done])
        return out, done

    def one_ply(self, boards: np.ndarray) -> np.ndarray:
        """The 1-ply outputs (each roll's best play by this teacher's values) of race boards."""
        results: list[Position] = []
        spans: list[tuple[int, int, int, int]] = []
        for i, board in enumerate(boards):
            position = Position(board[0].tolist(), board[1].tolist(), validate=False)
            for dice, weight in ROLLS:
                after = legal_results(position, dice) or [position.swapped()]
                spans.append((i, len(results), len(after), weight))
                results.extend(after)
        values, _done = self.evaluate(boards_from_positions(results))
        mover = flip(values)
        score = equity(mover)
        out = np.zeros((len(boards), 5))
        for i, start, count, weight in spans:
            out[i] += weight * mover[start + int(np.argmax(score[start : start + count]))]
        return out / 36.0


def natural_race_boards(play: SelfPlay, n: int, rng: np.random.Generator) -> np.ndarray:
    """``n`` race boards (not yet both home, not finished) from self-play games from the
    opening, at most three of each game."""
    found: list[np.ndarray] = []
    while sum(len(f) for f in found) < n:
        histories, _targets, _ended = play.play_ply(0.05)
        for history in histories:
            keep = (
                race_mask(history)
                & ~bearoff.BearoffDatabase.applies(history)
                & ~finished_mask(history)
            )
            rows = np.flatnonzero(keep)
            if len(rows):
                found.append(history[rng.permutation(rows)[:3]])
    return np.concatenate(found)[:n]


def make_examples(
    teacher: RaceTeacher,
    play: SelfPlay,
    rng: np.random.Generator,
    n: int,
    share: float,
    max_outside: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``n`` boards, from games (``natural_race_boards``) and late races of ``straggler_boards``
    (``share`` of them), with targets: exact where neither side has more than ``max_outside``
    checkers outside its home board and the race can be valued within the budget, else the
    teacher's 1-ply; and the mask of the exact ones."""
    stragglers = int(round(n * share))
    boards = np.concatenate(
        [natural_race_boards(play, n - stragglers, rng), straggler_boards(rng, stragglers)]
    )
    targets = np.zeros((n, 5))
    exact = np.zeros(n, dtype=bool)
    near = np.flatnonzero(checkers_outside(boards).max(axis=1) <= max_outside)
    targets[near], exact[near] = race_outputs(teacher.one_sided, boards[near])
    if (~exact).any():
        targets[~exact] = teacher.one_ply(boards[~exact])
    return boards, targets, exact


def _checks(
    net: Network, validation: dict[str, np.ndarray], db: bearoff.BearoffDatabase
) -> dict[str, float]:
    """Mean absolute error of ``net``'s winning chance and cubeless equity on the exact
    validation boards, natural and straggler apart."""
    evaluator = NetEvaluator(net, net, db)
    record = {}
    for part in ("natural", "straggler"):
        boards, targets = validation[f"{part}_boards"], validation[f"{part}_targets"]
        got = evaluator.evaluate_boards(boards)
        record[f"{part} win"] = round(float(np.abs(got[:, 0] - targets[:, 0]).mean()), 4)
        record[f"{part} equity"] = round(float(np.abs(equity(got) - equity(targets)).mean()), 4)
    return record


def make_validation(
    one_sided: OneSided, evaluator: NetEvaluator, seed: int, n: int, max_outside: int
) -> dict[str, np.ndarray]:
    """Exactly valued boards for the checks, from games and stragglers of their own seed."""
    rng = np.random.default_rng(seed)
    play = SelfPlay(evaluator, 64, rng)
    out: dict[str, np.ndarray] = {}
    for part in ("natural", "straggler"):
        boards_parts, target_parts, count = [], [], 0
        while count < n:
            boards = (
                natural_race_boards(play, n, rng) if part == "natural" else straggler_boards(rng, n)
            )
            boards = boards[checkers_outside(boards).max(axis=1) <= max_outside]
            targets, exact = race_outputs(one_sided, boards)
            boards_parts.append(boards[exact])
            target_parts.append(targets[exact])
            count += int(exact.sum())
        out[f"{part}_boards"] = np.concatenate(boards_parts)[:n]
        out[f"{part}_targets"] = np.concatenate(target_parts)[:n]
    return out


def run(args: argparse.Namespace) -> int:
    checkpoint = Path(args.checkpoint)
    checkpoint.mkdir(parents=True, exist_ok=True)
    log_path = checkpoint / "race.log"

    def log(message: str) -> None:
        line = f"{time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime())} {message}"
        with open(log_path, "a", encoding="utf-8") as fh:
            fh.write(line + "\n")

    db = bearoff.load()
    one_sided = OneSided(db, budget=args.budget, width=args.width)
    contact = Network.load(CONTACT_WEIGHTS)
    resuming = args.resume and (checkpoint / "optimiser.npz").exists()
    if resuming:
        net = Network.load(checkpoint / "race.npz")
        opt = Adam(net.parameters(), lr=args.lr)
        with np.load(checkpoint / "optimiser.npz", allow_pickle=False) as data:
            state = {k: data[k] for k in data.files}
        rng = np.random.default_rng()
        rng.bit_generator.state = json.loads(str(state.pop("rng")))
        opt.load_state(state)
        opt.lr = args.lr
        log(f"resumed at {net.meta.get('race_positions', 0)} positions")
    else:
        net = Network.load(Path(args.start))
        net.meta = dict(net.meta, race_started_from=Path(args.start).name)
        opt = Adam(net.parameters(), lr=args.lr)
        rng = np.random.default_rng(args.seed)
        log(f"start from {Path(args.start).name}, seed {args.seed}")
    validation_path = checkpoint / "validation.npz"
    validation: dict[str, Any]
    if validation_path.exists():
        with np.load(validation_path, allow_pickle=False) as data:
            validation = {k: data[k] for k in data.files}
    else:
        validation = make_validation(
            OneSided(db, budget=args.budget, width=args.width),
            NetEvaluator(contact, net, db),
            10_000 + args.seed,
            args.validation,
            args.max_outside,
        )
        tmp = checkpoint / "validation.tmp.npz"
        arrays: dict[str, Any] = dict(validation)  # numpy's stubs mix in allow_pickle
        np.savez_compressed(tmp, **arrays)
        tmp.replace(validation_path)
    positions = int(net.meta.get("race_positions", 0))
    seconds = float(net.meta.get("race_seconds", 0.0))
    history: list[dict[str, Any]] = list(net.meta.get("race_history", []))
    log(
        f"run: hours={args.hours} positions={args.positions} lr={args.lr} budget={args.budget} "
        f"width={args.width} max_outside={args.max_outside} "
        f"straggler_share={args.straggler_share} refresh_every={args.refresh_every}"
    )
    strength = (
        StrengthSet(STRENGTH_DATA, part="tune", race=True) if args.strength_every > 0 else None
    )

    def check() -> None:
        record: dict[str, Any] = {"positions": positions, **_checks(net, validation, db)}
        if strength is not None:
            record["strength race cases"] = round(strength.error(NetEvaluator(contact, net, db)), 2)
        history.append(record)
        log("check: " + ", ".join(f"{k} {v}" for k, v in record.items()))

    def save() -> None:
        net.meta.update(
            race_positions=positions, race_seconds=round(seconds, 1), race_history=history,
            race_target=f"exact one-sided races (budget {args.budget}) or 1-ply of the teacher",
        )  # fmt: skip
        net.save(checkpoint / "race.npz")
        state: dict[str, Any] = dict(opt.state())
        state["rng"] = np.array(json.dumps(rng.bit_generator.state))
        tmp = checkpoint / "optimiser.tmp.npz"
        np.savez_compressed(tmp, **state)
        tmp.replace(checkpoint / "optimiser.npz")

    if not resuming:
        check()
    teacher = RaceTeacher(one_sided, net.copy())
    play = SelfPlay(NetEvaluator(contact, net, db), 64, rng)
    replay_boards = np.zeros((args.replay, 2, 25), dtype=np.int8)
    replay_targets = np.zeros((args.replay, 5))
    replay_size = replay_next = 0
    since_refresh = 0
    start_positions = positions
    started = last_tick = last_check = last_save = time.monotonic()
    deadline = started + args.hours * 3600.0 if args.hours else None
    while not (
        (args.positions and positions - start_positions >= args.positions)
        or (deadline is not None and time.monotonic() >= deadline)
    ):
        boards, targets, exact = make_examples(
            teacher, play, rng, args.batch_positions, args.straggler_share, args.max_outside
        )
        for b, t in zip(boards, targets, strict=True):
            replay_boards[replay_next], replay_targets[replay_next] = b, t
            replay_next = (replay_next + 1) % args.replay
            replay_size = min(replay_size + 1, args.replay)
        old = rng.integers(replay_size, size=len(boards) * (args.replay_ratio - 1))
        all_boards = np.concatenate([boards, replay_boards[old]])
        all_targets = np.concatenate([targets, replay_targets[old]])
        fit(net, opt, all_boards, all_targets, np.arange(len(all_boards)), rng, 64)
        positions += len(boards)
        since_refresh += len(boards)
        if args.refresh_every and since_refresh >= args.refresh_every:
            teacher = RaceTeacher(one_sided, net.copy())
            since_refresh = 0
        now = time.monotonic()
        seconds += now - last_tick
        last_tick = now
        if now - last_check >= args.strength_every > 0:
            check()
            last_check = time.monotonic()
        if now - last_save >= args.checkpoint_every:
            save()
            last_save = now
            rate = (positions - start_positions) / max(now - started, 1e-9)
            log(
                f"checkpoint: {positions} positions ({exact.mean():.0%} of the last batch "
                f"exact), {rate:.1f} positions/s, {len(one_sided)} sides known"
            )
    check()
    save()
    log(f"finished: {positions} positions in total, {positions - start_positions} this run")
    return 0


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="python -m ai.race_training", description=__doc__.split("\n\n")[0]
    )
    p.add_argument("--hours", type=float, default=0.0, help="hours to train (0: no limit)")
    p.add_argument("--positions", type=int, default=0, help="positions to train (0: no limit)")
    p.add_argument("--seed", type=int, default=1, help="random seed of a fresh run")
    p.add_argument("--resume", action="store_true", help="continue from the checkpoint")
    p.add_argument("--checkpoint", default=str(DEFAULT_CHECKPOINT), help="checkpoint directory")
    p.add_argument("--start", default=str(RACE_WEIGHTS), help="a fresh run's starting network")
    p.add_argument("--lr", type=float, default=1e-4, help="Adam learning rate")
    p.add_argument("--budget", type=int, default=3000, help="new sides per exact value at most")
    p.add_argument(
        "--width", type=int, default=2, help="plays per roll searched for the exact values (0: all)"
    )
    p.add_argument(
        "--max-outside",
        type=int,
        default=2,
        help="exact values only where each side has at most this many checkers outside its home",
    )
    p.add_argument("--validation", type=int, default=1000, help="exact check positions per part")
    p.add_argument("--straggler-share", type=float, default=0.5, help="share of made-up late races")
    p.add_argument("--batch-positions", type=int, default=256, help="positions valued at once")
    p.add_argument("--replay", type=int, default=100_000, help="replay buffer size")
    p.add_argument("--replay-ratio", type=int, default=4, help="examples trained per new one")
    p.add_argument("--refresh-every", type=int, default=50_000, help="positions per new teacher")
    p.add_argument("--checkpoint-every", type=float, default=300.0, help="seconds per checkpoint")
    p.add_argument("--strength-every", type=float, default=600.0, help="seconds per check (0: off)")
    args = p.parse_args(argv)
    if args.hours < 0 or args.positions < 0 or args.budget < 1 or args.lr <= 0:
        p.error("hours and positions must be >= 0, the budget >= 1, the learning rate > 0")
    if not 0.0 <= args.straggler_share <= 1.0 or args.replay < 1 or args.replay_ratio < 1:
        p.error("the straggler share must be in [0, 1], replay and its ratio >= 1")
    if args.width < 0 or args.max_outside < 0 or args.validation < 1:
        p.error("width and max outside must be >= 0, validation >= 1")
    if args.batch_positions < 1 or args.refresh_every < 0:
        p.error("batch positions must be >= 1 and refresh every >= 0")
    if not args.hours and not args.positions:
        p.error("give --hours or --positions (or both)")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        return run(args)
    except (OSError, ValueError, KeyError) as exc:  # a missing or damaged network or checkpoint
        print(f"python -m ai.race_training: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
