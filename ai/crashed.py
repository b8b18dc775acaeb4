"""A network of its own for crashed positions (or back games), trained by TD(lambda) self-play
from them.

A position is crashed (``ai.encoding.crashed_mask``) when a side has ten checkers or fewer left
on the board while the two sides are still in contact: a side that bore off early against an
anchor or a last checker, or one that was closed out. They are rare in games from the opening,
so the contact network, trained on all contact positions, judges them worst (``ai/README.md``).

``python -m ai.crashed --kind backgame`` does the same for back games and other deep holding
games (``ai.encoding.backgame_mask``: a side with two or more points or six or more checkers in
the other's home board), its network ``backgame.npz`` playing beside the shipped crashed
network; below, "crashed" reads "back game" for that kind. A back game can turn into an
ordinary contact position; its games end there too, with the contact network's value.

``python -m ai.crashed`` starts the crashed network as a copy of the shipped contact network
and trains it by self-play games that **start from crashed positions** and end where the
position stops being crashed: the game's end (exact result), or the end of contact (the race
network's value, or the exact bear-off database). A side's checkers on the board only get
fewer, so every position of such a game up to its end is crashed, and all of them train the
crashed network (lambda-returns, as in ``ai.train``); the contact and race networks stay as
they are. The starting positions are a pool of crashed positions met in exploring self-play of
the shipped networks from the opening (made once at the start of a run and kept with the
checkpoint), without the positions of the judge-only test sets.

Every ``--strength-every`` seconds the run measures the 0-ply error (mEMG per decision) on the
crashed play cases of the tuning part of the strength set, and on the crashed test set when it is
there; GNU Backgammon judges only. Runs are seedable and resumable (``--resume``); the checkpoint
(``crashed.npz``, ``optimiser.npz``, ``pool.npz``, ``crashed.log``) is written atomically. The
run never touches the shipped weights: ``crashed.npz`` is copied to ``resources/weights/`` by
hand when ``benchmarks/strength.py --weights DIR`` shows it better.
"""

from __future__ import annotations

import argparse
import gzip
import json
import shutil
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ai import bearoff
from ai.encoding import (
    ENCODINGS,
    KIND_MASKS,
    backgame_mask,
    boards_from_positions,
    crashed_mask,
    finished_mask,
)
from ai.evaluator import CONTACT_WEIGHTS, CRASHED_WEIGHTS, RACE_WEIGHTS, WEIGHTS_DIR, NetEvaluator
from ai.network import Adam, Network
from ai.train import (
    STRENGTH_DATA,
    Progress,
    SelfPlay,
    StrengthSet,
    _format_time,
    fit,
    widen_network,
)
from engine.position import Position

CRASHED_SET = STRENGTH_DATA.with_name("gnubg-2ply-crashed-plays.jsonl.gz")
BACKGAME_SET = STRENGTH_DATA.with_name("gnubg-2ply-backgame-plays.jsonl.gz")
#: the judge-only set of ordinary contact plays (no network of its own trains on that kind)
ORDINARY_SET = STRENGTH_DATA.with_name("gnubg-2ply-ordinary-plays.jsonl.gz")
#: Each kind's judge-only set of plays (``benchmarks/crashed_set.py --kind KIND``).
SETS = {"crashed": CRASHED_SET, "backgame": BACKGAME_SET}


def ends_crashed(boards: np.ndarray) -> np.ndarray:
    """Boards where a crashed game ends: finished, or no longer crashed (contact is over)."""
    return finished_mask(boards) | ~crashed_mask(boards)


def ends_backgame(boards: np.ndarray) -> np.ndarray:
    """Boards where a back game ends: finished, or no longer a back game (an ordinary contact
    position, a crashed one, or contact is over)."""
    return finished_mask(boards) | ~backgame_mask(boards)


#: The kinds of position a network of its own is trained for: (the mask that picks them, the
#: boards where their games end).
KINDS: dict[str, tuple[Callable[[np.ndarray], np.ndarray], Callable[[np.ndarray], np.ndarray]]] = {
    "crashed": (KIND_MASKS["crashed"], ends_crashed),
    "backgame": (KIND_MASKS["backgame"], ends_backgame),
}


def _test_keys() -> set[str]:
    """Position IDs (before the roll) of the judge-only sets' cases, kept out of the pool."""
    keys: set[str] = set()
    for path in (STRENGTH_DATA, CRASHED_SET, BACKGAME_SET):
        if path.exists():
            with gzip.open(path, "rt", encoding="utf-8") as fh:
                keys.update(json.loads(line)["pid"] for line in fh if line.strip())
    return keys


def make_pool(
    evaluator: NetEvaluator,
    size: int,
    rng: np.random.Generator,
    explore: float = 0.05,
    parallel: int = 128,
    per_game: int = 3,
    log: Any = None,
    mask: Callable[[np.ndarray], np.ndarray] = crashed_mask,
) -> np.ndarray:
    """Position IDs of ``size`` crashed positions (player on roll) from self-play games from
    the opening (0-ply, a random play with probability ``explore``), at most ``per_game`` of
    each game's crashed positions, chosen at random, and none of the test sets' positions.
    ``mask`` picks another kind of position (``KINDS``)."""
    excluded = _test_keys()
    play = SelfPlay(evaluator, parallel, rng)
    pool: list[str] = []
    games = 0
    while len(pool) < size:
        histories, _targets, ended = play.play_ply(explore)
        for history in histories:
            crashed = [history[i] for i in np.flatnonzero(mask(history))]
            ids = [Position(b[0].tolist(), b[1].tolist()).position_id() for b in crashed]
            ids = [pid for pid in ids if pid not in excluded]
            pool.extend(ids[int(k)] for k in rng.permutation(len(ids))[:per_game])
        if log is not None and games // 2000 != (games + ended) // 2000:
            log(f"pool: {games + ended} games, {len(pool)} positions")
        games += ended
    return np.asarray(pool[:size])


def start_weights(pool: np.ndarray, contain_weight: float) -> np.ndarray:
    """How often each pool position starts a game: ``contain_weight`` times as often as the
    others where the crashed side (the one with fewer checkers on the board) still has a checker
    on the bar or in the other's home board, a checker the other side must contain."""
    boards = boards_from_positions([Position.from_position_id(str(pid)) for pid in pool])
    side = boards.sum(axis=2).argmin(axis=1)
    crashed_side = boards[np.arange(len(boards)), side]
    back = crashed_side[:, 18:].sum(axis=1) > 0
    return np.where(back, contain_weight, 1.0)


class CrashedTrainer:
    """The network of a kind (``KINDS``, crashed by default), its optimiser, counters and the
    training step; its files are ``{kind}.npz`` and ``optimiser.npz``."""

    def __init__(self, net: Network, lr: float, kind: str = "crashed") -> None:
        self.net = net
        self.kind = kind
        self.opt = Adam(net.parameters(), lr=lr)
        self.games = int(net.meta.get(f"games_{kind}", 0))
        self.positions_trained = int(net.meta.get(f"positions_{kind}", 0))
        self.seconds = float(net.meta.get(f"seconds_{kind}", 0.0))
        self.history: list[dict[str, Any]] = list(net.meta.get(f"history_{kind}", []))

    def train(
        self, boards: np.ndarray, targets: np.ndarray, rng: np.random.Generator, batch: int
    ) -> float:
        """One pass of minibatch Adam over the examples; returns the mean loss."""
        losses = fit(self.net, self.opt, boards, targets, np.arange(len(boards)), rng, batch)
        self.positions_trained += len(boards)
        return float(np.mean(losses)) if losses else 0.0

    def save(self, directory: Path, rng: np.random.Generator, pool: np.ndarray) -> None:
        """Write the network, the optimiser and random state and the pool, each atomically."""
        kind = self.kind
        self.net.meta.update(
            {
                "kind": kind,
                f"games_{kind}": self.games,
                f"positions_{kind}": self.positions_trained,
                f"seconds_{kind}": round(self.seconds, 1),
                f"history_{kind}": self.history,
            }
        )
        directory.mkdir(parents=True, exist_ok=True)
        self.net.save(directory / f"{kind}.npz")
        state: dict[str, Any] = dict(self.opt.state())
        state["rng"] = np.array(json.dumps(rng.bit_generator.state))
        tmp = directory / "optimiser.tmp.npz"
        np.savez_compressed(tmp, **state)
        tmp.replace(directory / "optimiser.npz")
        if not (directory / "pool.npz").exists():
            tmp = directory / "pool.tmp.npz"
            np.savez_compressed(tmp, boards=pool)
            tmp.replace(directory / "pool.npz")

    @classmethod
    def resume(
        cls, directory: Path, lr: float, kind: str = "crashed"
    ) -> tuple[CrashedTrainer, np.random.Generator]:
        trainer = cls(Network.load(directory / f"{kind}.npz"), lr, kind)
        with np.load(directory / "optimiser.npz", allow_pickle=False) as data:
            state = {k: data[k] for k in data.files}
        rng = np.random.default_rng()
        rng.bit_generator.state = json.loads(str(state.pop("rng")))
        trainer.opt.load_state(state)
        trainer.opt.lr = lr
        return trainer, rng


def run(args: argparse.Namespace) -> int:
    kind = args.kind
    mask, ends = KINDS[kind]
    checkpoint = Path(args.checkpoint or WEIGHTS_DIR / kind)
    checkpoint.mkdir(parents=True, exist_ok=True)
    log_path = checkpoint / f"{kind}.log"

    def log(message: str) -> None:
        line = f"{time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime())} {message}"
        with open(log_path, "a", encoding="utf-8") as fh:
            fh.write(line + "\n")

    db = bearoff.load()
    contact, race = Network.load(CONTACT_WEIGHTS), Network.load(RACE_WEIGHTS)
    # another kind's network plays beside the shipped crashed network
    crashed_net = (
        Network.load(CRASHED_WEIGHTS) if kind != "crashed" and CRASHED_WEIGHTS.exists() else None
    )
    if args.resume and (checkpoint / "optimiser.npz").exists():
        trainer, rng = CrashedTrainer.resume(checkpoint, args.lr, kind)
        with np.load(checkpoint / "pool.npz", allow_pickle=False) as data:
            pool = data["boards"]
        log(f"resumed at {trainer.games} games, pool of {len(pool)} positions")
    else:
        rng = np.random.default_rng(args.seed)
        start = Network.load(args.start) if args.start else contact.copy()
        start.meta = dict(start.meta, started_from=Path(args.start or CONTACT_WEIGHTS).name)
        if args.encoding:
            widen_network(start, args.encoding)
        trainer = CrashedTrainer(start, args.lr, kind)
        log(
            f"new {kind} network from {start.meta['started_from']} "
            f"(encoding {start.meta.get('encoding')}), seed {args.seed}"
        )
        if args.pool_from:
            with np.load(args.pool_from, allow_pickle=False) as data:
                pool = data["boards"]
            for pid in pool[:10]:
                Position.from_position_id(str(pid))  # a damaged pool fails here, not mid-run
            log(f"pool: {len(pool)} {kind} positions from {Path(args.pool_from).name}")
        else:
            pool = make_pool(
                NetEvaluator(contact, race, db, crashed_net), args.pool, rng, log=log, mask=mask
            )
            log(f"pool: {len(pool)} {kind} positions")
    if kind == "crashed":
        evaluator = NetEvaluator(contact, race, db, crashed=trainer.net)
    else:
        evaluator = NetEvaluator(contact, race, db, crashed_net, backgame=trainer.net)
    checks: dict[str, StrengthSet] = {}
    if args.strength_every > 0:
        checks["tuning"] = StrengthSet(STRENGTH_DATA, part="tune", kind=kind)
        if SETS[kind].exists():
            checks[f"{kind} set, tuning part"] = StrengthSet(SETS[kind], part="tune")
    log(
        f"run: games={args.games} hours={args.hours} parallel={args.parallel} lr={args.lr} "
        f"lambda={args.lam} contain_weight={args.contain_weight} checks: "
        + (", ".join(f"{k} {v.n_cases} cases" for k, v in checks.items()) or "none")
    )

    cumulative = np.cumsum(start_weights(pool, args.contain_weight))

    def start_position() -> tuple[Position, bool]:
        pick = int(np.searchsorted(cumulative, rng.random() * cumulative[-1], side="right"))
        return Position.from_position_id(str(pool[min(pick, len(pool) - 1)])), False

    play = SelfPlay(evaluator, args.parallel, rng, args.lam, start=start_position, ends=ends)
    progress = Progress() if not args.quiet else None
    start_games = trainer.games
    started = last_tick = last_checkpoint = time.monotonic()
    last_strength = started - args.strength_every
    buffer_boards: list[np.ndarray] = []
    buffer_targets: list[np.ndarray] = []
    buffered = 0
    loss = 0.0
    score = ""
    deadline = started + args.hours * 3600.0 if args.hours else None

    def check() -> None:
        nonlocal score
        record: dict[str, Any] = {"games": trainer.games}
        for name, cases in checks.items():
            record[name] = round(cases.error(evaluator), 2)
        trainer.history.append(record)
        score = " ".join(f"{k} {v}" for k, v in record.items() if k != "games")
        log(f"strength: {trainer.games} games, 0-ply mEMG on {kind} cases: {score}")

    def finished() -> bool:
        if args.games and trainer.games - start_games >= args.games:
            return True
        return deadline is not None and time.monotonic() >= deadline

    while not finished():
        now = time.monotonic()
        if checks and now - last_strength >= args.strength_every:
            check()
            last_strength = time.monotonic()
        boards, targets, ended = play.play_ply(0.0)
        trainer.games += ended
        for b, t in zip(boards, targets, strict=True):
            buffer_boards.append(b)
            buffer_targets.append(t)
            buffered += len(b)
        if buffered >= args.train_every:
            loss = trainer.train(
                np.concatenate(buffer_boards), np.concatenate(buffer_targets), rng, args.batch
            )
            buffer_boards, buffer_targets, buffered = [], [], 0
        now = time.monotonic()
        trainer.seconds += now - last_tick
        last_tick = now
        if now - last_checkpoint >= args.checkpoint_every:
            trainer.save(checkpoint, rng, pool)
            last_checkpoint = now
            rate = (trainer.games - start_games) / (now - started)
            log(
                f"checkpoint: {trainer.games} games, {trainer.positions_trained} positions, "
                f"loss {loss:.4f}, {rate:.1f} games/s"
            )
        if progress is not None and deadline is not None:
            rate = (trainer.games - start_games) / max(now - started, 1e-9)
            progress.show(
                (now - started) / (args.hours * 3600.0),
                f"{trainer.games} games {rate:.1f}/s loss {loss:.4f} {score}",
                deadline - now,
            )
    if progress is not None:
        progress.done()
    if checks:
        check()
    trainer.save(checkpoint, rng, pool)
    elapsed = time.monotonic() - started
    played = trainer.games - start_games
    log(
        f"finished: {trainer.games} games in total, {played} this run in "
        f"{_format_time(elapsed)} ({played / max(elapsed, 1e-9):.1f} games/s)"
    )
    if args.ship:
        shutil.copyfile(checkpoint / f"{kind}.npz", Path(args.ship) / f"{kind}.npz")
    return 0


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m ai.crashed", description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=0, help="games to play in this run (0: no limit)")
    p.add_argument("--hours", type=float, default=0.0, help="hours to train (0: no limit)")
    p.add_argument("--seed", type=int, default=1, help="random seed of a fresh run")
    p.add_argument("--resume", action="store_true", help="continue from the checkpoint")
    p.add_argument(
        "--kind", choices=sorted(KINDS), default="crashed", help="the kind of position to train for"
    )
    p.add_argument(
        "--checkpoint", default="", help="checkpoint directory (default: resources/weights/KIND)"
    )
    p.add_argument("--start", default="", help="a fresh run's starting network (default: contact)")
    p.add_argument("--ship", default="", help="copy the finished network into this directory")
    p.add_argument("--pool", type=int, default=20_000, help="starting positions of the kind")
    p.add_argument(
        "--pool-from", default="", help="a fresh run: take the pool of this pool.npz instead"
    )
    p.add_argument(
        "--encoding",
        choices=sorted(ENCODINGS),
        default=None,
        help="a fresh run: give the starting network the inputs of this encoding, which must "
        "extend its own (the new inputs start with zero weights)",
    )
    p.add_argument(
        "--contain-weight",
        type=float,
        default=1.0,
        help="how much more often a pool position starts a game when the crashed side still "
        "has a checker back",
    )
    p.add_argument("--parallel", type=int, default=128, help="games played at once")
    p.add_argument("--lr", type=float, default=1e-4, help="Adam learning rate")
    p.add_argument("--lam", type=float, default=0.7, help="TD lambda")
    p.add_argument("--batch", type=int, default=64, help="minibatch size")
    p.add_argument("--train-every", type=int, default=4096, help="train after this many examples")
    p.add_argument("--checkpoint-every", type=float, default=300.0, help="seconds per checkpoint")
    p.add_argument("--strength-every", type=float, default=600.0, help="seconds per check (0: off)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    args = p.parse_args(argv)
    if args.games < 0 or args.hours < 0 or args.parallel < 1 or args.pool < 1:
        p.error("games and hours must be >= 0, parallel and pool >= 1")
    if not (0.0 <= args.lam <= 1.0) or args.lr <= 0 or args.contain_weight <= 0:
        p.error("lambda must be between 0 and 1, the learning rate and weights positive")
    if not args.games and not args.hours:
        p.error("give --games or --hours (or both)")
    if args.kind != "crashed" and args.contain_weight != 1.0:
        p.error("--contain-weight is for crashed positions only")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        return run(args)
    except (OSError, ValueError, KeyError) as exc:  # a missing or damaged network or checkpoint
        print(f"python -m ai.crashed: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
