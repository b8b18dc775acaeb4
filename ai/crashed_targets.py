"""Rollout targets for the crashed network: many short games played at once, then a fit.

TD(lambda) self-play from crashed positions flattened (``ai/README.md``): on three cube rows the
network is 0.07-0.12 too high for the side that bore off early against a checker it must still
clear, although plain rollouts of its own play from those positions value them right. This module
gives the crashed network supervised targets from such rollouts instead of its own next
evaluations, and so also measures where the network and its own play disagree. What it found:
on 23,000 such labels the shipped network is calibrated kind by kind, and a fit on them did not
better the checks (``ai/README.md``, "Rollout labels"); ``noisy_pool`` (games with the weaker
levels' noise) makes the positions of the judge-only set of crashed cube decisions.

``python -m ai.crashed_targets label`` picks crashed positions the way games meet them (from a
pool position of ``ai.crashed``, a few plies of 0-ply self-play; the position where the walk
stops, if it is still crashed and not one of the judge-only sets' positions) and values each
by ``--trials`` games of 0-ply play to where the position stops being crashed (the exact result,
or the race network or bear-off database where contact ends), all games of all positions played
together so that every ply is one batch for the evaluator. The mean of the five outputs (for the
player on roll) and the standard error of the equity are written in chunks, so a run can stop
at any time and resume (``--resume`` adds chunks).

``python -m ai.crashed_targets fit`` trains a copy of a crashed network on those targets
(cross-entropy, Adam), keeps a hashed tenth of the positions out of the fit to report the
validation loss, measures 0-ply on the crashed cases of the strength sets' tuning parts after
every epoch (GNU Backgammon judges only), and writes the network of the best check.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from ai import bearoff
from ai.crashed import CRASHED_SET, _test_keys, ends_crashed
from ai.encoding import boards_from_positions, crashed_mask, finished_mask, race_mask
from ai.evaluator import CONTACT_WEIGHTS, RACE_WEIGHTS, WEIGHTS_DIR, NetEvaluator, equity, flip
from ai.network import Adam, Network
from ai.search import limit_blas_threads
from ai.train import STRENGTH_DATA, Dice, StrengthSet, fit
from engine.moves import legal_results
from engine.position import Position

DEFAULT_POOL = WEIGHTS_DIR / "crashed-v3" / "pool.npz"
DEFAULT_LABELS = WEIGHTS_DIR / "crashed-targets"
BLOCK = 8192  # rolls drawn at a time (part of what a seed reproduces, e.g. the crashed cube set)


def best_replies(
    evaluator: NetEvaluator,
    positions: Sequence[Position],
    dice: Dice,
    noise: Sequence[float] | None = None,
    opening: Sequence[bool] | None = None,
) -> tuple[list[Position], np.ndarray, np.ndarray]:
    """One ply of 0-ply play in every position: the results chosen, their boards and their five
    outputs (for the player then on roll, the mover's opponent). With ``noise`` each position's
    plays are judged with Gaussian noise of that standard deviation (equity) on their values, as
    the weaker levels judge; ``opening`` marks positions whose roll is the opening roll (no
    doubles)."""
    candidates: list[Position] = []
    spans: list[tuple[int, int]] = []
    for k, position in enumerate(positions):
        roll = dice.roll(opening is not None and opening[k])
        results = legal_results(position, roll) or [position.swapped()]
        spans.append((len(candidates), len(results)))
        candidates.extend(results)
    boards = boards_from_positions(candidates)
    probs = evaluator.evaluate_boards(boards)
    mover = -equity(probs)
    if noise is not None:
        sigma = np.repeat(np.asarray(noise, dtype=np.float64), [n for _start, n in spans])
        mover = mover + dice.rng.standard_normal(len(mover)) * sigma
    picks = [start + int(np.argmax(mover[start : start + n])) for start, n in spans]
    return [candidates[p] for p in picks], boards[picks], probs[picks]


def noisy_pool(
    evaluator: NetEvaluator,
    size: int,
    rng: np.random.Generator,
    noise: Sequence[float] = (0.0, 0.04, 0.08, 0.16),
    parallel: int = 256,
    per_game: int = 3,
    excluded: set[str] | None = None,
) -> np.ndarray:
    """Position IDs of ``size`` crashed positions (player on roll) from games from the opening in
    which both sides judge their plays with the same noise, each game's taken in turn from
    ``noise``: at most ``per_game`` of each game's crashed positions, none of ``excluded``.

    Games of noiseless self-play reach only the crashed positions a strong player lets happen;
    weaker play (the levels' own kind of noise) also reaches those where a side bears off early
    against checkers the other has left far back, which the crashed network misjudged.
    """
    excluded = excluded or set()
    dice = Dice(rng, BLOCK)
    pool: list[str] = []
    started = 0
    games: list[tuple[Position, float, list[str]]] = []

    def new_game() -> tuple[Position, float, list[str]]:
        nonlocal started
        started += 1
        return Position.start(), float(noise[(started - 1) % len(noise)]), []

    games = [new_game() for _ in range(parallel)]
    opening = [True] * parallel
    while len(pool) < size:
        chosen, boards, _probs = best_replies(
            evaluator, [g[0] for g in games], dice, [g[1] for g in games], opening
        )
        over = finished_mask(boards) | race_mask(boards)
        crashed = crashed_mask(boards) & ~over
        for k, result in enumerate(chosen):
            opening[k] = False
            ids = games[k][2]
            if crashed[k]:
                pid = result.position_id()
                if pid not in excluded:
                    ids.append(pid)
            if over[k]:
                pool.extend(ids[int(j)] for j in rng.permutation(len(ids))[:per_game])
                games[k] = new_game()
                opening[k] = True
            else:
                games[k] = (result, games[k][1], ids)
    return np.asarray(pool[:size])


def rollout_values(
    evaluator: NetEvaluator,
    positions: Sequence[Position],
    trials: int,
    rng: np.random.Generator,
    parallel: int = 512,
    ends: Callable[[np.ndarray], np.ndarray] = ends_crashed,
) -> tuple[np.ndarray, np.ndarray]:
    """Each position (player on roll, before the roll) played ``trials`` times by 0-ply play until
    ``ends`` says a board ends the game; the mean five outputs for the player on roll ``(N, 5)``
    and the standard error of the mean cubeless equity ``(N,)``. The value where a game ends is
    the evaluator's (exact when the game is over)."""
    n = len(positions)
    sums = np.zeros((n, 5))
    squares = np.zeros(n)
    queue = [i for i in range(n) for _ in range(trials)]
    dice = Dice(rng, BLOCK)
    slots: list[tuple[int, int]] = []  # (position index, plies played)
    current: list[Position] = []
    while queue or slots:
        while queue and len(slots) < parallel:
            i = queue.pop()
            slots.append((i, 0))
            current.append(positions[i])
        chosen, boards, probs = best_replies(evaluator, current, dice)
        over = ends(boards)
        keep_slots: list[tuple[int, int]] = []
        keep: list[Position] = []
        for k, (i, plies) in enumerate(slots):
            if over[k]:
                # After an even number of plies before this one the start's opponent is on roll.
                value = flip(probs[k]) if plies % 2 == 0 else probs[k]
                sums[i] += value
                squares[i] += float(equity(value)) ** 2
            else:
                keep_slots.append((i, plies + 1))
                keep.append(chosen[k])
        slots, current = keep_slots, keep
    means = sums / trials
    mean_eq = equity(means)
    var = np.maximum(squares / trials - mean_eq**2, 0.0)
    return means, np.sqrt(var / max(trials - 1, 1))


def walk_positions(
    evaluator: NetEvaluator,
    pool: np.ndarray,
    count: int,
    rng: np.random.Generator,
    max_plies: int,
    excluded: set[str],
) -> list[Position]:
    """``count`` crashed positions: each a random pool position walked 0..``max_plies`` plies by
    0-ply self-play, kept when it is still crashed and not one of ``excluded``."""
    dice = Dice(rng, BLOCK)
    found: list[Position] = []
    fruitless = 0
    while len(found) < count:
        if fruitless >= 100:
            raise ValueError("The pool gives no crashed positions to label.")
        before = len(found)
        batch = [
            Position.from_position_id(str(pool[int(k)]))
            for k in rng.integers(len(pool), size=count - len(found))
        ]
        steps = rng.integers(0, max_plies + 1, size=len(batch))
        for ply in range(int(steps.max(initial=0))):
            moving = [k for k in range(len(batch)) if steps[k] > ply]
            chosen, _boards, _probs = best_replies(evaluator, [batch[k] for k in moving], dice)
            for k, result in zip(moving, chosen, strict=True):
                batch[k] = result
        boards = boards_from_positions(batch)
        still = crashed_mask(boards)
        for k, position in enumerate(batch):
            if still[k] and position.position_id() not in excluded:
                found.append(position)
        fruitless = fruitless + 1 if len(found) == before else 0
    return found


def _evaluator(crashed: Path) -> NetEvaluator:
    return NetEvaluator(
        Network.load(CONTACT_WEIGHTS),
        Network.load(RACE_WEIGHTS),
        bearoff.load(),
        Network.load(crashed),
    )


def label(args: argparse.Namespace) -> int:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    chunks = sorted(out.glob("chunk-*.npz"))
    if chunks and not args.resume:
        print(f"{out} already holds labels: give --resume to add to them", file=sys.stderr)
        return 2
    evaluator = _evaluator(Path(args.crashed))
    with np.load(args.pool, allow_pickle=False) as data:
        pool = data["boards"]
    excluded = _test_keys()
    first = len(chunks)
    rng = np.random.default_rng([args.seed, first])
    deadline = time.monotonic() + args.hours * 3600.0 if args.hours else None
    made = 0
    k = first
    while (deadline is None or time.monotonic() < deadline) and (
        not args.positions or made < args.positions
    ):
        started = time.monotonic()
        positions = walk_positions(evaluator, pool, args.chunk, rng, args.walk, excluded)
        means, se = rollout_values(evaluator, positions, args.trials, rng, args.parallel)
        ids = np.asarray([p.position_id() for p in positions])
        tmp = out / f"chunk-{k:05d}.tmp.npz"
        np.savez_compressed(tmp, ids=ids, targets=means, se=se, trials=np.int64(args.trials))
        tmp.replace(out / f"chunk-{k:05d}.npz")
        made += len(positions)
        k += 1
        if not args.quiet:
            print(
                f"chunk {k}: {len(positions)} positions in {time.monotonic() - started:.0f} s, "
                f"equity se {float(np.mean(se)):.3f}",
                file=sys.stderr,
                flush=True,
            )
    return 0


def load_labels(directory: Path) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every chunk's Position IDs, five-output targets and equity standard errors."""
    ids, targets, se = [], [], []
    for path in sorted(directory.glob("chunk-*.npz")):
        if path.name.endswith(".tmp.npz"):
            continue
        with np.load(path, allow_pickle=False) as data:
            ids.append(data["ids"])
            targets.append(data["targets"])
            se.append(data["se"])
    if not ids:
        raise FileNotFoundError(f"No labels in {directory}.")
    return np.concatenate(ids), np.concatenate(targets), np.concatenate(se)


def validation_mask(ids: np.ndarray) -> np.ndarray:
    """A fixed tenth of the labelled positions, by a hash of the Position ID."""
    return np.asarray(
        [int.from_bytes(hashlib.sha256(str(i).encode()).digest()[:4], "big") % 10 == 0 for i in ids]
    )


def _loss(net: Network, x: np.ndarray, t: np.ndarray) -> float:
    y = np.clip(net.forward(x), 1e-7, 1 - 1e-7)
    return float(-np.mean(t * np.log(y) + (1 - t) * np.log(1 - y)))


def fit_run(args: argparse.Namespace) -> int:
    from ai.encoding import ENCODING_NAME, encode_boards

    parts = [load_labels(Path(d)) for d in args.labels]
    ids, targets = (np.concatenate([part[k] for part in parts]) for k in (0, 1))
    boards = boards_from_positions([Position.from_position_id(str(i)) for i in ids])
    held = validation_mask(ids)
    rng = np.random.default_rng(args.seed)
    net = Network.load(args.start)
    if args.hidden:
        net = net.widened(args.hidden, rng)
    encoding = net.meta.get("encoding", ENCODING_NAME)
    x_val = encode_boards(boards[held], encoding)
    t_val = targets[held]
    contact, race, db = Network.load(CONTACT_WEIGHTS), Network.load(RACE_WEIGHTS), bearoff.load()
    checks = {"main": StrengthSet(STRENGTH_DATA, part="tune", kind="crashed")}
    if CRASHED_SET.exists():
        checks["crashed set"] = StrengthSet(CRASHED_SET, part="tune")

    def check(tag: str) -> float:
        evaluator = NetEvaluator(contact, race, db, crashed=net)
        scores = {name: s.error(evaluator) for name, s in checks.items()}
        line = {
            "epoch": tag,
            "validation loss": round(_loss(net, x_val, t_val), 5),
            **{k: round(v, 2) for k, v in scores.items()},
        }
        print(json.dumps(line), flush=True)
        return sum(scores.values())

    opt = Adam(net.parameters(), lr=args.lr)
    train_idx = np.flatnonzero(~held)
    best = check("start")
    best_net = net.copy()
    for epoch in range(1, args.epochs + 1):
        fit(net, opt, boards, targets, train_idx.copy(), rng, args.batch)
        score = check(str(epoch))
        if score < best:
            best, best_net = score, net.copy()
    best_net.meta = dict(
        best_net.meta,
        rollout_targets=int(len(train_idx)),
        rollout_fit=f"lr {args.lr} epochs {args.epochs} batch {args.batch} hidden {net.n_hidden}",
    )
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    best_net.save(args.out)
    return 0


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="python -m ai.crashed_targets", description=__doc__.split("\n\n")[0]
    )
    sub = p.add_subparsers(dest="command", required=True)
    lab = sub.add_parser("label", help="value crashed positions by rollouts")
    lab.add_argument("--out", default=str(DEFAULT_LABELS), help="directory of the label chunks")
    lab.add_argument("--resume", action="store_true", help="add chunks to those already there")
    lab.add_argument("--pool", default=str(DEFAULT_POOL), help="pool.npz of crashed positions")
    lab.add_argument("--crashed", default=str(WEIGHTS_DIR / "crashed.npz"), help="network to play")
    lab.add_argument("--hours", type=float, default=0.0, help="stop after this many hours")
    lab.add_argument("--positions", type=int, default=0, help="stop after this many positions")
    lab.add_argument("--chunk", type=int, default=500, help="positions per chunk")
    lab.add_argument("--trials", type=int, default=64, help="games per position")
    lab.add_argument("--walk", type=int, default=6, help="at most this many plies from the pool")
    lab.add_argument("--parallel", type=int, default=512, help="games played at once")
    lab.add_argument("--seed", type=int, default=1, help="random seed")
    lab.add_argument("--quiet", action="store_true", help="no line per chunk")
    fitp = sub.add_parser("fit", help="train a crashed network on the labels")
    fitp.add_argument(
        "--labels", nargs="+", default=[str(DEFAULT_LABELS)], help="directories of label chunks"
    )
    fitp.add_argument("--start", default=str(WEIGHTS_DIR / "crashed.npz"), help="network to train")
    fitp.add_argument("--out", required=True, help="where the best network is written")
    fitp.add_argument("--epochs", type=int, default=10)
    fitp.add_argument(
        "--hidden", type=int, default=0, help="widen the network to this many hidden units first"
    )
    fitp.add_argument("--lr", type=float, default=1e-4)
    fitp.add_argument("--batch", type=int, default=64)
    fitp.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    if args.command == "label":
        if args.hours < 0 or args.positions < 0 or min(args.chunk, args.trials, args.parallel) < 1:
            p.error("hours and positions must be >= 0; chunk, trials and parallel >= 1")
        if args.walk < 0:
            p.error("--walk must be >= 0")
        if not args.hours and not args.positions:
            p.error("give --hours or --positions (or both)")
    elif args.epochs < 1 or args.lr <= 0 or args.batch < 1 or args.hidden < 0:
        p.error("epochs and batch must be >= 1, hidden >= 0 and the learning rate positive")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    limit_blas_threads(1)  # small batches: one thread is fastest, and leaves the other cores free
    try:
        return label(args) if args.command == "label" else fit_run(args)
    except (OSError, ValueError, KeyError) as exc:
        print(f"python -m ai.crashed_targets: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
