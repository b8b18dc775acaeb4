"""Training the evaluation networks by self-play with TD(lambda) (forward view, lambda-returns).

``python -m ai.train`` plays many games at once. At every ply each game rolls, the engine lists
every legal result, and all candidates of all games are evaluated in one numpy batch; each game
takes the play with the best equity for the mover (with a little random exploration early on).
A game ends when a side has borne off (exact result) or when both sides are entirely home, where
the exact bear-off database gives the value. Each finished game yields one training example per
position: its lambda-return, built backwards from the exact end value through the networks' own
evaluations of the positions that followed. Examples train the contact network or the race
network (Adam, cross-entropy per output).

Only the project's own engine and networks make targets; GNU Backgammon is never consulted. The
strength check (mean equity lost per decision against the 2-ply judgements in the project's test
data) only measures progress.

Runs are seedable (``--seed``), resumable (``--resume`` continues from the checkpoint with its
optimiser state, counters and history), checkpoint atomically every few minutes, and write the
shipped weights into ``resources/weights/``.
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
from typing import Any, TextIO

import numpy as np

from ai import bearoff
from ai.encoding import (
    ENCODING_NAME,
    ENCODINGS,
    KIND_MASKS,
    boards_from_positions,
    encode_boards,
    finished_mask,
    race_mask,
)
from ai.evaluator import (
    DEFAULT_HIDDEN,
    WEIGHTS_DIR,
    NetEvaluator,
    equity,
    new_networks,
)
from ai.holdout import in_part, play_key
from ai.network import Adam, Network
from engine.moves import legal_results
from engine.position import Position

REPO = Path(__file__).resolve().parent.parent
DEFAULT_CHECKPOINT = WEIGHTS_DIR / "checkpoint"
STRENGTH_DATA = REPO / "tests" / "data" / "gnubg-2ply-plays.jsonl.gz"


# -- the strength check ------------------------------------------------------------------------


class StrengthSet:
    """Positions with every legal play's equity as judged by the 2-ply reference (a judge only)."""

    def __init__(
        self,
        path: Path = STRENGTH_DATA,
        limit: int | None = None,
        seed: int = 0,
        part: str = "all",
        race: bool = False,
        kind: str = "",
    ):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            cases = [json.loads(line) for line in fh if line.strip()]
        # ``part`` picks the tuning or the held-out part (``ai.holdout``); raises ValueError.
        cases = [case for case in cases if in_part(play_key(case), part)]
        if kind:  # only the cases whose position is of that kind (``ai.encoding.KIND_MASKS``)
            before = boards_from_positions([Position.from_position_id(c["pid"]) for c in cases])
            cases = [c for c, k in zip(cases, KIND_MASKS[kind](before), strict=True) if k]
        if race:  # only the races not yet in the bear-off database
            before = boards_from_positions([Position.from_position_id(c["pid"]) for c in cases])
            keep = race_mask(before) & ~bearoff.BearoffDatabase.applies(before)
            cases = [c for c, k in zip(cases, keep, strict=True) if k]
        if limit is not None and limit < len(cases):
            rng = np.random.default_rng(seed)
            cases = [cases[i] for i in sorted(rng.choice(len(cases), limit, replace=False))]
        results: list[Position] = []
        self.starts: list[int] = []
        self.equities: list[np.ndarray] = []
        for case in cases:
            self.starts.append(len(results))
            results.extend(Position.from_position_id(p["result"]) for p in case["plays"])
            self.equities.append(np.array([p["equity"] for p in case["plays"]]))
        self.boards = boards_from_positions(results)
        self.n_cases = len(cases)

    def error(self, evaluator: NetEvaluator) -> float:
        """Mean equity lost per decision (millipoints) when playing the evaluator's 0-ply choice."""
        mover = -equity(evaluator.evaluate_boards(self.boards))
        total = 0.0
        for k, start in enumerate(self.starts):
            eqs = self.equities[k]
            choice = int(np.argmax(mover[start : start + len(eqs)]))
            total += eqs.max() - eqs[choice]
        return 1000.0 * total / self.n_cases


# -- self-play ---------------------------------------------------------------------------------


def lambda_returns(values: np.ndarray, lam: float) -> np.ndarray:
    """Targets for positions ``0..T-1`` of a game from ``values`` ``(T + 1, 5)``.

    ``values[t]`` is position ``t``'s evaluation for its player on roll; ``values[T]`` is exact.
    Players alternate, so each step flips the view:
    ``G[t] = flip((1 - lam) * values[t + 1] + lam * G[t + 1])`` with ``G[T] = values[T]``.
    """
    steps = len(values) - 1
    vals = np.asarray(values, dtype=np.float64).tolist()
    targets = [[0.0] * 5 for _ in range(steps)]
    g = vals[steps]
    mu = 1.0 - lam
    for t in range(steps - 1, -1, -1):
        v = vals[t + 1]
        m = [mu * v[k] + lam * g[k] for k in range(5)]
        g = [1.0 - m[0], m[3], m[4], m[1], m[2]]  # flip: the other player's view
        targets[t] = g
    return np.asarray(targets, dtype=np.float64).reshape(steps, 5)


class Dice:
    """Dice from a generator, drawn ``block`` rolls at a time (a Python call per roll is slow).

    ``roll(opening=True)`` draws again until the roll is not a double (the opening roll).
    """

    def __init__(self, rng: np.random.Generator, block: int = 4096) -> None:
        self.rng = rng
        self.block = block
        self._rolls: list[list[int]] = []
        self._at = 0

    def roll(self, opening: bool = False) -> tuple[int, int]:
        while True:
            if self._at >= len(self._rolls):
                self._rolls = self.rng.integers(1, 7, size=(self.block, 2)).tolist()
                self._at = 0
            d1, d2 = self._rolls[self._at]
            self._at += 1
            if not (opening and d1 == d2):
                return d1, d2


class SelfPlay:
    """Many games of self-play at once, producing (boards, target) examples of finished games."""

    def __init__(
        self,
        evaluator: NetEvaluator,
        n_games: int,
        rng: np.random.Generator,
        lam: float = 0.7,
        start: Callable[[], tuple[Position, bool]] | None = None,
        ends: Callable[[np.ndarray], np.ndarray] | None = None,
    ) -> None:
        """``start`` gives each new game's position and whether its first roll is the opening
        roll (default: the opening); ``ends`` tells which boards end a game (default: finished
        or both sides home, where the bear-off database is exact)."""
        self.evaluator = evaluator
        self.rng = rng
        self.lam = lam
        self.n_games = n_games
        self._start = start or (lambda: (Position.start(), True))
        self._ends = ends or (
            lambda boards: finished_mask(boards) | bearoff.BearoffDatabase.applies(boards)
        )
        self.positions: list[Position] = []
        self.histories: list[list[np.ndarray]] = []
        self.values: list[list[np.ndarray]] = []
        self.first_roll: list[bool] = []
        self._dice = Dice(rng)
        for _ in range(n_games):
            self._new_game()

    def _new_game(self, slot: int | None = None) -> None:
        start, first = self._start()
        board = boards_from_positions([start])[0]
        value = self.evaluator.evaluate_boards(board[None])[0]
        if slot is None:
            self.positions.append(start)
            self.histories.append([board])
            self.values.append([value])
            self.first_roll.append(first)
        else:
            self.positions[slot] = start
            self.histories[slot] = [board]
            self.values[slot] = [value]
            self.first_roll[slot] = first

    def play_ply(self, explore: float) -> tuple[list[np.ndarray], list[np.ndarray], int]:
        """Play one ply in every game; returns the examples of games that ended and their count."""
        candidates: list[Position] = []
        spans: list[tuple[int, int]] = []
        for g, position in enumerate(self.positions):
            results = legal_results(position, self._dice.roll(self.first_roll[g]))
            self.first_roll[g] = False
            if not results:
                results = [position.swapped()]
            spans.append((len(candidates), len(results)))
            candidates.extend(results)
        boards = boards_from_positions(candidates)
        probs = self.evaluator.evaluate_boards(boards)
        mover_equity = -equity(probs)
        ended_boards: list[np.ndarray] = []
        ended_targets: list[np.ndarray] = []
        ended = 0
        terminal = self._ends(boards)
        for g, (start, count) in enumerate(spans):
            if count > 1 and explore > 0.0 and self.rng.random() < explore:
                pick = start + int(self.rng.integers(count))
            else:
                pick = start + int(np.argmax(mover_equity[start : start + count]))
            self.positions[g] = candidates[pick]
            self.histories[g].append(boards[pick])
            self.values[g].append(probs[pick])
            if terminal[pick]:
                history = np.asarray(self.histories[g][:-1])
                targets = lambda_returns(np.asarray(self.values[g]), self.lam)
                ended_boards.append(history)
                ended_targets.append(targets)
                ended += 1
                self._new_game(g)
        return ended_boards, ended_targets, ended


# -- training ----------------------------------------------------------------------------------


def fit(
    net: Network,
    opt: Adam,
    boards: np.ndarray,
    targets: np.ndarray,
    idx: np.ndarray,
    rng: np.random.Generator,
    batch: int,
) -> list[float]:
    """One pass of minibatch Adam over the examples ``idx`` (shuffled in place); their losses."""
    rng.shuffle(idx)
    x_all = encode_boards(boards[idx], net.meta.get("encoding", ENCODING_NAME))
    t_all = targets[idx].astype(np.float32)
    losses = []
    for s in range(0, len(idx), batch):
        x, t = x_all[s : s + batch], t_all[s : s + batch]
        y, h = net.forward_train(x)
        grads, loss = net.backward(x, h, y, t)
        opt.step(grads)
        losses.append(loss)
    return losses


class Trainer:
    """Networks, their optimisers, counters and the training step."""

    def __init__(
        self, contact: Network, race: Network, lr: float, bearoff_db: bearoff.BearoffDatabase | None
    ) -> None:
        self.contact = contact
        self.race = race
        self.opt_contact = Adam(contact.parameters(), lr=lr)
        self.opt_race = Adam(race.parameters(), lr=lr)
        self.evaluator = NetEvaluator(contact, race, bearoff_db)
        self.games = int(contact.meta.get("games", 0))
        self.positions_trained = int(contact.meta.get("positions_trained", 0))
        self.seconds = float(contact.meta.get("training_seconds", 0.0))
        self.history: list[dict[str, Any]] = list(contact.meta.get("history", []))
        # Games at which the learning-rate schedule (re)started (``--lr-restart``).
        self.lr_origin = int(contact.meta.get("lr_origin", 0))

    def set_lr(self, lr: float) -> None:
        self.opt_contact.lr = lr
        self.opt_race.lr = lr

    def train(
        self, boards: np.ndarray, targets: np.ndarray, rng: np.random.Generator, batch: int = 64
    ) -> float:
        """One pass of minibatch Adam over the examples; returns the mean loss."""
        race = race_mask(boards)
        losses = []
        for mask, net, opt in (
            (~race, self.contact, self.opt_contact),
            (race, self.race, self.opt_race),
        ):
            idx = np.flatnonzero(mask)
            if len(idx):
                losses.extend(fit(net, opt, boards, targets, idx, rng, batch))
        self.positions_trained += len(boards)
        return float(np.mean(losses)) if losses else 0.0

    # -- checkpoints ------------------------------------------------------------------------------
    def _stamp(self) -> None:
        for net, kind in ((self.contact, "contact"), (self.race, "race")):
            net.meta.update(
                encoding=net.meta.get("encoding", ENCODING_NAME),
                kind=kind,
                lr_origin=self.lr_origin,
                games=self.games,
                positions_trained=self.positions_trained,
                training_seconds=round(self.seconds, 1),
                history=self.history,
            )

    def save(self, directory: Path, rng: np.random.Generator, ship: Path | None = None) -> None:
        """Write the checkpoint (networks, optimiser state, random state) and, into ``ship``, the
        weights the game loads."""
        self._stamp()
        directory.mkdir(parents=True, exist_ok=True)
        self.contact.save(directory / "contact.npz")
        self.race.save(directory / "race.npz")
        state: dict[str, Any] = {f"contact_{k}": v for k, v in self.opt_contact.state().items()}
        state.update({f"race_{k}": v for k, v in self.opt_race.state().items()})
        state["rng"] = np.array(json.dumps(rng.bit_generator.state))
        tmp = directory / "optimiser.tmp.npz"
        np.savez_compressed(tmp, **state)
        tmp.replace(directory / "optimiser.npz")
        if ship is not None:
            ship.mkdir(parents=True, exist_ok=True)
            for name in ("contact.npz", "race.npz"):
                part = ship / (name + ".part")
                shutil.copyfile(directory / name, part)
                part.replace(ship / name)

    @classmethod
    def resume(
        cls,
        directory: Path,
        lr: float,
        bearoff_db: bearoff.BearoffDatabase | None,
        widen: bool = False,
    ) -> tuple[Trainer, np.random.Generator]:
        """The trainer of a checkpoint; with ``widen``, networks of an older encoding that the
        current one extends get zero weights for the new inputs (Adam's first moments zero, its
        second moments the old inputs' mean), so they start out evaluating exactly as before."""
        contact = Network.load(directory / "contact.npz")
        race = Network.load(directory / "race.npz")
        with np.load(directory / "optimiser.npz", allow_pickle=False) as data:
            state = {k: data[k] for k in data.files}
        if widen:
            for prefix, net in (("contact_", contact), ("race_", race)):
                added = widen_network(net)
                # First moments start at zero; second moments at the old inputs' mean, so the
                # first Adam steps on the new weights are no larger than usual.
                m, v = state[prefix + "m0"], state[prefix + "v0"]
                state[prefix + "m0"] = np.concatenate([m, np.zeros((added, m.shape[1]), m.dtype)])
                state[prefix + "v0"] = np.concatenate([v, np.repeat(v.mean(0)[None], added, 0)])
        trainer = cls(contact, race, lr, bearoff_db)
        trainer.opt_contact.load_state(
            {k[len("contact_") :]: v for k, v in state.items() if k.startswith("contact_")}
        )
        trainer.opt_race.load_state(
            {k[len("race_") :]: v for k, v in state.items() if k.startswith("race_")}
        )
        rng = np.random.default_rng()
        rng.bit_generator.state = json.loads(str(state["rng"]))
        trainer.set_lr(lr)
        return trainer, rng


def widen_network(net: Network, encoding: str = ENCODING_NAME) -> int:
    """Give ``net`` the inputs of ``encoding``, which must extend its own (the old inputs first):
    the new inputs get zero weights, so the outputs do not change. Returns the inputs added."""
    old = net.meta.get("encoding", ENCODING_NAME)
    if old == encoding:
        return 0
    if old not in ENCODINGS or ENCODINGS[encoding] <= ENCODINGS.get(old, 0):
        raise ValueError(f"Encoding {encoding!r} does not extend {old!r}.")
    if net.n_inputs != ENCODINGS[old]:
        raise ValueError(f"The network has {net.n_inputs} inputs, not those of {old!r}.")
    added = ENCODINGS[encoding] - ENCODINGS[old]
    net.w1 = np.concatenate([net.w1, np.zeros((added, net.n_hidden), dtype=net.w1.dtype)])
    net.meta["encoding"] = encoding
    net.meta["widened_from"] = old
    return added


def _format_time(seconds: float) -> str:
    seconds = max(0, int(seconds))
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


class Progress:
    """A one-line progress bar with rate and ETA on stderr."""

    def __init__(self, stream: TextIO = sys.stderr, width: int = 30) -> None:
        self.stream = stream
        self.width = width

    def show(self, fraction: float, text: str, eta: float) -> None:
        fraction = min(max(fraction, 0.0), 1.0)
        filled = int(round(self.width * fraction))
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(f"\r[{bar}] {100 * fraction:5.1f}% {text} ETA {_format_time(eta)} ")
        self.stream.flush()

    def done(self) -> None:
        self.stream.write("\n")
        self.stream.flush()


def learning_rate(args: argparse.Namespace, games: int) -> float:
    """Halve the learning rate every ``--lr-halflife`` games (counted from the schedule's start),
    down to ``--lr-min``."""
    if args.lr_halflife <= 0:
        return args.lr
    return max(args.lr_min, args.lr * 0.5 ** (games / args.lr_halflife))


def run(args: argparse.Namespace) -> int:
    checkpoint = Path(args.checkpoint)
    ship = Path(args.weights) if args.weights else None
    log_path = Path(args.log) if args.log else checkpoint / "train.log"
    log_path.parent.mkdir(parents=True, exist_ok=True)

    def log(message: str) -> None:
        line = f"{time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime())} {message}"
        with open(log_path, "a", encoding="utf-8") as fh:
            fh.write(line + "\n")

    db = bearoff.load()
    if args.resume and (checkpoint / "optimiser.npz").exists():
        trainer, rng = Trainer.resume(checkpoint, args.lr, db, widen=args.widen)
        log(f"resumed from {checkpoint.name} at {trainer.games} games")
        if args.widen:
            log(f"networks widened to encoding {ENCODING_NAME}")
        if args.lr_restart:
            trainer.lr_origin = trainer.games
            log(f"learning-rate schedule restarted at {trainer.games} games")
    else:
        if args.resume:
            log("no checkpoint to resume: starting fresh")
        contact, race = new_networks(args.hidden, args.seed)
        trainer = Trainer(contact, race, args.lr, db)
        rng = np.random.default_rng(args.seed)
        log(f"new networks: {args.hidden} hidden units, seed {args.seed}")
    strength = (
        StrengthSet(Path(args.strength_data), limit=args.strength_cases)
        if args.strength_every > 0 and Path(args.strength_data).exists()
        else None
    )
    log(
        f"run: games={args.games} hours={args.hours} parallel={args.parallel} lr={args.lr} "
        f"lambda={args.lam} explore={args.explore}"
    )
    play = SelfPlay(trainer.evaluator, args.parallel, rng, args.lam)
    progress = Progress() if not args.quiet else None
    start_games = trainer.games
    started = time.monotonic()
    last_tick = started
    last_checkpoint = started
    last_strength = started if start_games else started - args.strength_every
    buffer_boards: list[np.ndarray] = []
    buffer_targets: list[np.ndarray] = []
    buffered = 0
    loss = 0.0
    mEMG = trainer.history[-1]["mEMG"] if trainer.history else float("nan")
    deadline = started + args.hours * 3600.0 if args.hours else None

    def finished() -> bool:
        if args.games and trainer.games - start_games >= args.games:
            return True
        return deadline is not None and time.monotonic() >= deadline

    def check_strength() -> None:
        nonlocal mEMG
        if strength is None:
            return
        mEMG = strength.error(trainer.evaluator)
        trainer.history.append(
            {
                "games": trainer.games,
                "hours": round(trainer.seconds / 3600.0, 3),
                "mEMG": round(mEMG, 2),
            }
        )
        log(f"strength: {trainer.games} games, {mEMG:.2f} mEMG on {strength.n_cases} cases")

    while not finished():
        explore = args.explore * max(0.0, 1.0 - trainer.games / max(1, args.explore_games))
        trainer.set_lr(learning_rate(args, trainer.games - trainer.lr_origin))
        boards, targets, ended = play.play_ply(explore)
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
        if strength is not None and now - last_strength >= args.strength_every:
            check_strength()
            last_strength = time.monotonic()
        if now - last_checkpoint >= args.checkpoint_every:
            trainer.save(checkpoint, rng, ship)
            last_checkpoint = now
            log(
                f"checkpoint: {trainer.games} games, {trainer.positions_trained} positions, "
                f"loss {loss:.4f}, {(trainer.games - start_games) / (now - started):.1f} games/s"
            )
        if progress is not None:
            done_games = trainer.games - start_games
            rate = done_games / max(now - started, 1e-9)
            fractions = []
            etas = []
            if args.games:
                fractions.append(done_games / args.games)
                etas.append((args.games - done_games) / rate if rate > 0 else 0.0)
            if deadline is not None:
                fractions.append((now - started) / (args.hours * 3600.0))
                etas.append(deadline - now)
            fraction = max(fractions) if fractions else 0.0
            eta = min(etas) if etas else 0.0
            progress.show(
                fraction,
                f"{trainer.games} games {rate:.1f}/s loss {loss:.4f} {mEMG:.1f} mEMG",
                eta,
            )
    if buffered:
        trainer.train(
            np.concatenate(buffer_boards), np.concatenate(buffer_targets), rng, args.batch
        )
    if progress is not None:
        progress.done()
    check_strength()
    trainer.save(checkpoint, rng, ship)
    elapsed = time.monotonic() - started
    played = trainer.games - start_games
    log(
        f"finished: {trainer.games} games in total, {played} this run in "
        f"{_format_time(elapsed)} ({played / max(elapsed, 1e-9):.1f} games/s)"
    )
    return 0


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m ai.train", description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=0, help="games to play in this run (0: no limit)")
    p.add_argument("--hours", type=float, default=0.0, help="hours to train (0: no limit)")
    p.add_argument("--seed", type=int, default=1, help="random seed of a fresh run")
    p.add_argument("--resume", action="store_true", help="continue from the checkpoint")
    p.add_argument("--checkpoint", default=str(DEFAULT_CHECKPOINT), help="checkpoint directory")
    p.add_argument(
        "--weights",
        default=str(WEIGHTS_DIR),
        help="where to write the shipped weights at each checkpoint ('' : nowhere)",
    )
    p.add_argument("--log", default="", help="log file (default: train.log in the checkpoint)")
    p.add_argument("--hidden", type=int, default=DEFAULT_HIDDEN, help="hidden units (fresh run)")
    p.add_argument("--parallel", type=int, default=128, help="games played at once")
    p.add_argument("--lr", type=float, default=1e-3, help="Adam learning rate")
    p.add_argument("--lr-halflife", type=float, default=100_000, help="games per halving (0: off)")
    p.add_argument("--lr-min", type=float, default=1e-4, help="lowest learning rate")
    p.add_argument(
        "--lr-restart", action="store_true", help="with --resume: start the schedule again at --lr"
    )
    p.add_argument(
        "--widen",
        action="store_true",
        help="with --resume: widen networks of an older encoding to the current one",
    )
    p.add_argument("--lam", type=float, default=0.7, help="TD lambda")
    p.add_argument("--batch", type=int, default=64, help="minibatch size")
    p.add_argument("--train-every", type=int, default=4096, help="train after this many examples")
    p.add_argument("--explore", type=float, default=0.05, help="initial random-play probability")
    p.add_argument("--explore-games", type=int, default=50_000, help="games to fade exploration")
    p.add_argument("--checkpoint-every", type=float, default=300.0, help="seconds per checkpoint")
    p.add_argument("--strength-every", type=float, default=600.0, help="seconds per check (0: off)")
    p.add_argument("--strength-cases", type=int, default=1000, help="cases in the check")
    p.add_argument("--strength-data", default=str(STRENGTH_DATA), help="strength test set")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    args = p.parse_args(argv)
    if args.games < 0 or args.hours < 0 or args.parallel < 1 or args.hidden < 1:
        p.error("games and hours must be >= 0, parallel and hidden >= 1")
    if not (0.0 <= args.lam <= 1.0):
        p.error("lambda must be between 0 and 1")
    if (args.widen or args.lr_restart) and not args.resume:
        p.error("--widen and --lr-restart need --resume")
    if not args.games and not args.hours:
        p.error("give --games or --hours (or both)")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    return run(parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
