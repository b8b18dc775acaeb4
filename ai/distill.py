"""Supervised training on deeper targets: self-play positions valued by the project's 1-ply search.

TD self-play (``ai.train``) flattens out: its targets are the network's own 0-ply values one
position later. ``python -m ai.distill`` gives the network better targets. It plays games with
the current networks (0-ply, a little random exploration), keeps a share of the positions
(player on roll, before the roll, not yet finished or in the exact bear-off database) and values
each by a **1-ply expectation of a frozen teacher**: for each of the 21 rolls the teacher's best
play by 0-ply, its outputs seen from the player on roll, averaged with the rolls' weights out of
36. That is the evaluation the Hard and Expert levels search with, and it ranks plays clearly
better than 0-ply (the levels' figures in ``ai/levels.py``). The student networks learn these
targets (cross-entropy, Adam, each new batch of labels mixed with replayed older ones).

``--teacher-plies 2`` values each position a ply deeper (``two_ply_targets``), and
``--specialists 1`` makes the shipped crashed and back-game networks part of the teacher and of
the games (frozen) and labels only the positions the contact network values, so that it learns
alone and consistently with them (``ai/README.md``: both tried, neither shipped).

The teacher is the student as it was at the start of the run, refreshed every
``--refresh-every`` labelled positions, so a long run (or a series of resumed runs) is a policy
iteration: each teacher's 1-ply is learned at 0-ply, then becomes the next teacher.

Only the project's own engine and networks make targets; GNU Backgammon is never consulted. The
strength check measures the tuning part of the strength set only (``ai.holdout``), so the
held-out part stays unseen by any choice this run makes.

The run is resumable (``--resume``: networks, optimiser, counters, history and the run's settings
from the checkpoint, a setting given again on the command line taking the new value; the replay
buffer and the games in progress start afresh), bounded by ``--hours``
or ``--positions``, and never writes the shipped weights: they are replaced by hand only when
``benchmarks/strength.py`` shows the result better.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from ai import bearoff
from ai.encoding import (
    ENCODINGS,
    boards_from_positions,
    crashed_mask,
    finished_mask,
    ordinary_mask,
)
from ai.evaluator import (
    CONTACT_WEIGHTS,
    RACE_WEIGHTS,
    WEIGHTS_DIR,
    NetEvaluator,
    equity,
    flip,
    load_specialists,
)
from ai.network import Network
from ai.search import limit_blas_threads, roll_bytes
from ai.train import STRENGTH_DATA, Progress, StrengthSet, Trainer, _format_time, widen_network
from engine.moves import legal_results
from engine.position import Position

DEFAULT_CHECKPOINT = WEIGHTS_DIR / "distill"

#: a teacher's targets of positions: ``one_ply_targets`` or ``two_ply_targets``
TargetsFn = Callable[[NetEvaluator, Sequence[Position]], np.ndarray]

#: the options that make a run what it is, with their defaults: a fresh run records them in its
#: checkpoint and ``--resume`` carries them on, except those given again on the command line
RUN_SETTINGS: dict[str, float | int] = {
    "lr": 1e-4,
    "parallel": 32,
    "explore": 0.05,
    "sample": 0.5,
    "label_batch": 256,
    "outcome_weight": 0.0,
    "outcome_decay": 1.0,
    "replay": 200_000,
    "replay_ratio": 4,
    "refresh_every": 150_000,
    "crashed_share": 0.0,
    "teacher_plies": 1,
    "specialists": 0,
}


def resolve_settings(args: argparse.Namespace, saved: object) -> list[str]:
    """Fill the run's settings left unset on the command line (``None``) from ``saved`` (the
    checkpoint's record, on ``--resume``) or else from ``RUN_SETTINGS``; returns the names taken
    from the checkpoint."""
    record = saved if isinstance(saved, dict) else {}
    carried = []
    for name, default in RUN_SETTINGS.items():
        if getattr(args, name) is not None:
            continue
        value = record.get(name)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            setattr(args, name, type(default)(value))
            carried.append(name)
        else:
            setattr(args, name, default)
    return carried


def _results(positions: Sequence[Position]) -> tuple[list[bytes], list[tuple[int, int, int, int]]]:
    """Every result of every roll of each position as 50 bytes (``ai.search.roll_bytes``), and
    for each roll ``(position index, start, count, weight out of 36)``."""
    raw: list[bytes] = []
    spans: list[tuple[int, int, int, int]] = []
    for i, position in enumerate(positions):
        after, rolls = roll_bytes(position)
        spans.extend((i, len(raw) + a, b - a, weight) for a, b, weight in rolls)
        raw.extend(after)
    return raw, spans


def _best_plays(
    teacher: NetEvaluator, positions: Sequence[Position]
) -> tuple[np.ndarray, list[tuple[int, int]], np.ndarray]:
    """For each position and each of the 21 rolls, the play with the teacher's best 0-ply equity
    for the mover: the boards after those plays (``(M, 2, 25)``, the opponent on roll), ``(position
    index, weight out of 36)`` of each, and their outputs flipped to the mover's view. All
    results go to the teacher in one batch of boards (no ``Position`` made for each)."""
    raw, spans = _results(positions)
    if not raw:
        return np.zeros((0, 2, 25), dtype=np.int8), [], np.zeros((0, 5))
    boards = np.frombuffer(b"".join(raw), dtype=np.int8).reshape(len(raw), 2, 25)
    mover = flip(teacher.evaluate_boards(boards))
    value = equity(mover)
    picks = [start + int(np.argmax(value[start : start + count])) for _i, start, count, _w in spans]
    return boards[picks], [(i, w) for i, _s, _c, w in spans], mover[picks]


def _weighted(n: int, rolls: list[tuple[int, int]], outputs: np.ndarray) -> np.ndarray:
    out = np.zeros((n, 5), dtype=np.float64)
    for (i, weight), value in zip(rolls, outputs, strict=True):
        out[i] += weight * value
    return out / 36.0


def one_ply_targets(teacher: NetEvaluator, positions: Sequence[Position]) -> np.ndarray:
    """``(N, 5)`` 1-ply outputs of positions for their player on roll, before the roll.

    For each of the 21 rolls the play with the teacher's best 0-ply equity for the mover, its
    outputs flipped to the mover's view, weighted 1 (doubles) or 2 out of 36.
    """
    _chosen, rolls, mover = _best_plays(teacher, positions)
    return _weighted(len(positions), rolls, mover)


def two_ply_targets(teacher: NetEvaluator, positions: Sequence[Position]) -> np.ndarray:
    """``(N, 5)`` 2-ply outputs of positions for their player on roll, before the roll.

    For each of the 21 rolls the teacher's best play by 0-ply, as in ``one_ply_targets``; the
    position after it (the opponent on roll) is then valued by ``one_ply_targets`` instead of
    at 0-ply, unless the game is over or in the bear-off database there (exact values), and
    flipped back to the mover. It takes about twelve times as long as a 1-ply target.
    """
    chosen, rolls, mover = _best_plays(teacher, positions)
    if len(chosen):
        deeper = np.flatnonzero(~(finished_mask(chosen) | bearoff.BearoffDatabase.applies(chosen)))
        if len(deeper):
            after = [Position(*board.tolist(), validate=False) for board in chosen[deeper]]
            mover[deeper] = flip(one_ply_targets(teacher, after))
    return _weighted(len(positions), rolls, mover)


class PositionSource:
    """Self-play games at 0-ply (with exploration) that yield positions worth labelling.

    Each game has a number and counts its plies, so that a position can later be given the
    outcome of the game it came from (``finished`` after each ``step``).
    """

    def __init__(
        self,
        evaluator: NetEvaluator,
        n_games: int,
        rng: np.random.Generator,
        explore: float,
        terminal_value: Callable[[np.ndarray], np.ndarray] | None = None,
        crashed_share: float = 0.0,
    ) -> None:
        self.evaluator = evaluator
        self.rng = rng
        self.explore = explore
        # Crashed positions (``crashed_mask``) the games went through, kept as a reservoir; a
        # share of the new games starts from one of them instead of the opening, so that the
        # rare positions where the networks err most are played (and labelled) more often.
        self.crashed_share = crashed_share
        self.crashed: list[Position] = []
        self._crashed_seen = 0
        self.positions = [Position.start() for _ in range(n_games)]
        self.first = [True] * n_games
        self.game_ids = list(range(n_games))
        self.plies = [0] * n_games
        self.last_random = [-1] * n_games  # the last ply whose play was a random one
        self._next_id = n_games
        # (game id, ply of the end, last random ply, outcome for the player on roll at the end)
        # of the games that ended in the last step
        self.finished: list[tuple[int, int, int, np.ndarray]] = []
        self._terminal_value = terminal_value

    def _roll(self, first: bool) -> tuple[int, int]:
        while True:
            d1, d2 = (int(d) for d in self.rng.integers(1, 7, size=2))
            if not (first and d1 == d2):  # the opening roll is never a double
                return d1, d2

    def step(self) -> list[tuple[int, int, Position]]:
        """Play one ply in every game; returns (game id, ply, position) of the positions on roll
        before this ply that are neither finished nor in the bear-off database. Games that end
        are recorded in ``finished`` (with their exact outcome when a terminal value is given)
        and start again."""
        boards = boards_from_positions(self.positions)
        done = finished_mask(boards) | bearoff.BearoffDatabase.applies(boards)
        self.finished = []
        if done.any() and self._terminal_value is not None:
            ends = self._terminal_value(boards[done])
            for index, value in zip(np.flatnonzero(done), ends, strict=True):
                k = int(index)
                self.finished.append((self.game_ids[k], self.plies[k], self.last_random[k], value))
        live = [
            (self.game_ids[g], self.plies[g], p)
            for g, (p, d) in enumerate(zip(self.positions, done, strict=True))
            if not d
        ]
        if self.crashed_share > 0:
            self._keep_crashed(boards, done)
        candidates: list[Position] = []
        spans: list[tuple[int, int]] = []
        for g, position in enumerate(self.positions):
            if done[g]:
                self.positions[g], self.first[g] = self._new_start()
                self.game_ids[g], self.plies[g] = self._next_id, 0
                self.last_random[g] = -1
                self._next_id += 1
                spans.append((0, 0))
                continue
            after = legal_results(position, self._roll(self.first[g])) or [position.swapped()]
            self.first[g] = False
            spans.append((len(candidates), len(after)))
            candidates.extend(after)
        if candidates:
            value = -equity(self.evaluator.evaluate_boards(boards_from_positions(candidates)))
            for g, (start, count) in enumerate(spans):
                if count == 0:
                    continue
                if count > 1 and self.rng.random() < self.explore:
                    pick = start + int(self.rng.integers(count))
                    self.last_random[g] = self.plies[g]
                else:
                    pick = start + int(np.argmax(value[start : start + count]))
                self.positions[g] = candidates[pick]
        for g in range(len(self.positions)):
            if not done[g]:
                self.plies[g] += 1
        return live

    def _new_start(self) -> tuple[Position, bool]:
        """The start of a new game and whether it is the opening (its first roll no double)."""
        if self.crashed and self.rng.random() < self.crashed_share:
            return self.crashed[int(self.rng.integers(len(self.crashed)))], False
        return Position.start(), True

    def _keep_crashed(self, boards: np.ndarray, done: np.ndarray) -> None:
        """Reservoir sampling (``CRASHED_KEPT`` at most) of the crashed positions on roll."""
        for index in np.flatnonzero(crashed_mask(boards) & ~done):
            self._crashed_seen += 1
            if len(self.crashed) < CRASHED_KEPT:
                self.crashed.append(self.positions[int(index)])
            else:
                slot = int(self.rng.integers(self._crashed_seen))
                if slot < CRASHED_KEPT:
                    self.crashed[slot] = self.positions[int(index)]


#: crashed positions a ``PositionSource`` keeps to start games from
CRASHED_KEPT = 20_000


class Outcomes:
    """Labelled positions waiting for the end of their game, to blend in its outcome.

    A target becomes ``(1 - w) * one_ply + w * outcome`` with ``w = weight * decay ** plies``
    for a position that many plies before the end, the outcome seen from the position's player
    on roll (the player on roll alternates every ply): the outcome counts most near the end of
    the game, where it is least noisy, as in TD(lambda). The outcome is exact:
    the finished game's result, or the bear-off database's value where the game reached it.
    Unbiased but noisy, it corrects what the teacher's own 1-ply cannot: the teacher's errors
    about the positions after the roll. A position from which the game later took a random
    (exploring) play keeps its plain 1-ply target: that outcome says little about good play.
    """

    KEEP_ENDED = 4096  # ended games remembered for labels that arrive after the end

    def __init__(self, weight: float, decay: float = 1.0) -> None:
        self.weight = weight
        self.decay = decay
        self._waiting: dict[int, list[tuple[int, np.ndarray, np.ndarray]]] = {}
        self._ended: dict[int, tuple[int, int, np.ndarray]] = {}
        self._ready: list[tuple[np.ndarray, np.ndarray]] = []

    def add(self, game: int, ply: int, board: np.ndarray, target: np.ndarray) -> None:
        """A labelled position of ``game`` (at ``ply``) with its 1-ply target."""
        if game in self._ended:
            self._ready.append((board, self._blend(self._ended[game], ply, target)))
        else:
            self._waiting.setdefault(game, []).append((ply, board, target))

    def finish(self, finished: Sequence[tuple[int, int, int, np.ndarray]]) -> None:
        """Games that ended: (game, ply of the end, last random ply, outcome at the end)."""
        for game, end_ply, last_random, value in finished:
            end = (end_ply, last_random, value)
            self._ended[game] = end
            for ply, board, target in self._waiting.pop(game, ()):
                self._ready.append((board, self._blend(end, ply, target)))
        while len(self._ended) > self.KEEP_ENDED:
            del self._ended[next(iter(self._ended))]

    def _blend(self, end: tuple[int, int, np.ndarray], ply: int, target: np.ndarray) -> np.ndarray:
        end_ply, last_random, value = end
        if ply <= last_random:
            return target
        outcome = value if (end_ply - ply) % 2 == 0 else flip(value)
        w = self.weight * self.decay ** (end_ply - ply)
        return (1.0 - w) * target + w * outcome

    def take_ready(self) -> tuple[np.ndarray, np.ndarray]:
        """Boards and blended targets of the positions whose game has ended (then forgotten)."""
        ready, self._ready = self._ready, []
        if not ready:
            return np.zeros((0, 2, 25), dtype=np.int8), np.zeros((0, 5))
        return np.stack([b for b, _t in ready]), np.stack([t for _b, t in ready])

    def waiting(self) -> int:
        return sum(len(v) for v in self._waiting.values())


class Replay:
    """The labelled examples of this run (boards and targets), for mixing into each update."""

    def __init__(self, capacity: int) -> None:
        self.boards = np.zeros((capacity, 2, 25), dtype=np.int8)
        self.targets = np.zeros((capacity, 5), dtype=np.float32)
        self.size = 0
        self.next = 0

    def add(self, boards: np.ndarray, targets: np.ndarray) -> None:
        for b, t in zip(boards, targets, strict=True):
            self.boards[self.next], self.targets[self.next] = b, t
            self.next = (self.next + 1) % len(self.boards)
            self.size = min(self.size + 1, len(self.boards))

    def sample(self, n: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
        idx = rng.integers(self.size, size=min(n, self.size))
        return self.boards[idx].astype(np.int64), self.targets[idx].astype(np.float64)


#: in a worker process of a ``Labeller``: its teacher's targets function (set once, at start)
_worker_label: Callable[[Sequence[Position]], np.ndarray] | None = None


def _init_labeller(targets_of: TargetsFn, teacher: NetEvaluator) -> None:
    global _worker_label
    limit_blas_threads(1)
    _worker_label = partial(targets_of, teacher)


def _label_chunk(positions: Sequence[Position]) -> np.ndarray:
    assert _worker_label is not None
    return _worker_label(positions)


class Labeller:
    """A teacher's targets of batches of positions, made in this process or, with ``workers``
    above 1, split among that many worker processes that each hold a copy of the teacher (made
    by forking, so nothing is sent but positions and targets). A new teacher needs a new
    labeller; ``close`` ends the workers."""

    def __init__(self, targets_of: TargetsFn, teacher: NetEvaluator, workers: int = 1) -> None:
        if workers < 1:
            raise ValueError("A labeller needs at least one worker.")
        self.targets_of = targets_of
        self.teacher = teacher
        self.workers = workers
        self._pool = None
        if workers > 1:
            context = multiprocessing.get_context("fork")
            self._pool = context.Pool(workers, _init_labeller, (targets_of, teacher))

    def label(self, positions: Sequence[Position]) -> np.ndarray:
        """``(N, 5)`` targets of ``positions``, in their order."""
        if self._pool is None or len(positions) < 2:
            return self.targets_of(self.teacher, positions)
        size = -(-len(positions) // self.workers)
        chunks = [list(positions[k : k + size]) for k in range(0, len(positions), size)]
        return np.concatenate(self._pool.map(_label_chunk, chunks))

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()
            self._pool.join()
            self._pool = None


def _frozen(
    trainer: Trainer, db: bearoff.BearoffDatabase | None, specialists: tuple[Network | None, ...]
) -> NetEvaluator:
    return NetEvaluator(trainer.contact.copy(), trainer.race.copy(), db, *specialists)


def run(args: argparse.Namespace) -> int:
    checkpoint = Path(args.checkpoint)
    log_path = checkpoint / "distill.log"
    checkpoint.mkdir(parents=True, exist_ok=True)

    def log(message: str) -> None:
        line = f"{time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime())} {message}"
        with open(log_path, "a", encoding="utf-8") as fh:
            fh.write(line + "\n")

    db = bearoff.load()
    resuming = args.resume and (checkpoint / "optimiser.npz").exists()
    saved = (
        Network.load(checkpoint / "contact.npz").meta.get("distill_settings") if resuming else None
    )
    carried = resolve_settings(args, saved)
    check_settings(args)
    if resuming:
        trainer, rng = Trainer.resume(checkpoint, args.lr, db)
        log(
            f"resumed at {trainer.contact.meta.get('distill_positions', 0)} labelled positions"
            + (f"; settings of the checkpoint: {', '.join(carried)}" if carried else "")
        )
    else:
        rng = np.random.default_rng(args.seed)
        contact = Network.load(Path(args.start_contact))
        race = Network.load(Path(args.start_race))
        if args.hidden:
            contact = contact.widened(max(args.hidden, contact.n_hidden), rng)
            race = race.widened(max(args.hidden, race.n_hidden), rng)
        if args.encoding:
            for net in (contact, race):
                widen_network(net, args.encoding)
        trainer = Trainer(contact, race, args.lr, db)
        log(
            f"start from {Path(args.start_contact)} and {Path(args.start_race)} "
            f"({trainer.games} self-play games; {contact.n_hidden} and {race.n_hidden} hidden "
            f"units, encoding {contact.meta.get('encoding')}), seed {args.seed}"
        )
    # With ``--specialists 1`` the shipped crashed and back-game networks value their positions
    # for the teacher and in the student's games (frozen), and only the positions the contact
    # network values are labelled: the contact network learns alone (the race network gets no
    # examples), consistent with the networks it hands over to.
    specialists = load_specialists() if args.specialists else (None, None)
    student = NetEvaluator(trainer.contact, trainer.race, db, *specialists)
    targets_of = two_ply_targets if args.teacher_plies == 2 else one_ply_targets
    labelled = int(trainer.contact.meta.get("distill_positions", 0))
    seconds = float(trainer.contact.meta.get("distill_seconds", 0.0))
    history: list[dict[str, Any]] = list(trainer.contact.meta.get("distill_history", []))
    strength = (
        StrengthSet(Path(args.strength_data), part="tune")
        if args.strength_every > 0 and Path(args.strength_data).exists()
        else None
    )
    log(
        f"run: hours={args.hours} positions={args.positions} lr={args.lr} sample={args.sample} "
        f"explore={args.explore} refresh_every={args.refresh_every} replay={args.replay} "
        f"outcome_weight={args.outcome_weight} outcome_decay={args.outcome_decay} "
        f"crashed_share={args.crashed_share} teacher_plies={args.teacher_plies} "
        f"workers={args.workers} specialists={args.specialists}"
        + (
            " ("
            + ", ".join(
                f"{name} {'yes' if net is not None else 'missing'}"
                for name, net in zip(("crashed", "back-game"), specialists, strict=True)
            )
            + ")"
            if args.specialists
            else ""
        )
    )

    def save() -> None:
        for net in (trainer.contact, trainer.race):
            net.meta.update(
                distill_positions=labelled,
                distill_seconds=round(seconds, 1),
                distill_history=history,
                distill_settings={name: getattr(args, name) for name in RUN_SETTINGS},
                distill_target=(
                    f"{args.teacher_plies}-ply of the network itself (frozen teacher"
                    + (", with the crashed and back-game networks" if args.specialists else "")
                    + ")"
                    + (
                        f", blended {args.outcome_weight} (x {args.outcome_decay} per ply "
                        "before the end) with the game's outcome"
                        if args.outcome_weight
                        else ""
                    )
                ),
            )
        trainer.save(checkpoint, rng, None)

    def check_strength() -> float:
        if strength is None:
            return float("nan")
        error = strength.error(student)
        history.append({"positions": labelled, "mEMG_tune": round(error, 2)})
        log(f"strength: {labelled} positions, {error:.2f} mEMG on {strength.n_cases} tuning cases")
        return error

    teacher = _frozen(trainer, db, specialists)
    labeller = Labeller(targets_of, teacher, args.workers)
    outcomes = (
        Outcomes(args.outcome_weight, args.outcome_decay) if args.outcome_weight > 0 else None
    )
    source = PositionSource(
        student,
        args.parallel,
        rng,
        args.explore,
        terminal_value=teacher.evaluate_boards if outcomes is not None else None,
        crashed_share=args.crashed_share,
    )
    replay = Replay(args.replay)
    progress = Progress() if not args.quiet else None
    start_labelled = labelled
    since_refresh = 0
    started = time.monotonic()
    last_tick = last_checkpoint = last_strength = started
    deadline = started + args.hours * 3600.0 if args.hours else None
    pending: list[tuple[int, int, Position]] = []
    ready_boards: list[np.ndarray] = []
    ready_targets: list[np.ndarray] = []
    loss = 0.0
    mEMG = check_strength() if start_labelled == 0 else float("nan")

    def finished() -> bool:
        if args.positions and labelled - start_labelled >= args.positions:
            return True
        return deadline is not None and time.monotonic() >= deadline

    while not finished():
        for item in source.step():
            if rng.random() < args.sample:
                pending.append(item)
        if args.specialists and pending:
            keep = ordinary_mask(boards_from_positions([p for _g, _ply, p in pending]))
            pending = [item for item, k in zip(pending, keep, strict=True) if k]
        if len(pending) >= args.label_batch:
            positions = [p for _g, _ply, p in pending]
            searched = labeller.label(positions)
            boards_now = boards_from_positions(positions)
            if outcomes is None:
                ready_boards.append(boards_now)
                ready_targets.append(searched)
            else:
                for (game, ply, _p), board, target in zip(
                    pending, boards_now, searched, strict=True
                ):
                    outcomes.add(game, ply, board, target)
            pending = []
        if outcomes is not None:
            outcomes.finish(source.finished)
            done_boards, done_targets = outcomes.take_ready()
            if len(done_boards):
                ready_boards.append(done_boards)
                ready_targets.append(done_targets)
        if sum(len(b) for b in ready_boards) < args.label_batch:
            continue
        boards = np.concatenate(ready_boards)
        targets = np.concatenate(ready_targets)
        ready_boards, ready_targets = [], []
        replay.add(boards, targets)
        labelled += len(boards)
        since_refresh += len(boards)
        # Each new batch is trained together with (replay_ratio - 1) times as many older ones.
        old_boards, old_targets = replay.sample(len(boards) * (args.replay_ratio - 1), rng)
        loss = trainer.train(
            np.concatenate([boards, old_boards]), np.concatenate([targets, old_targets]), rng
        )
        if args.refresh_every and since_refresh >= args.refresh_every:
            teacher = _frozen(trainer, db, specialists)
            labeller.close()
            labeller = Labeller(targets_of, teacher, args.workers)
            if outcomes is not None:
                source._terminal_value = teacher.evaluate_boards
            since_refresh = 0
            log(f"teacher refreshed at {labelled} positions")
        now = time.monotonic()
        seconds += now - last_tick
        last_tick = now
        if strength is not None and now - last_strength >= args.strength_every:
            mEMG = check_strength()
            last_strength = time.monotonic()
        if now - last_checkpoint >= args.checkpoint_every:
            save()
            last_checkpoint = now
            rate = (labelled - start_labelled) / max(now - started, 1e-9)
            log(f"checkpoint: {labelled} positions, loss {loss:.4f}, {rate:.1f} positions/s")
        if progress is not None:
            done = labelled - start_labelled
            rate = done / max(now - started, 1e-9)
            fractions, etas = [], []
            if args.positions:
                fractions.append(done / args.positions)
                etas.append((args.positions - done) / rate if rate > 0 else 0.0)
            if deadline is not None:
                fractions.append((now - started) / (args.hours * 3600.0))
                etas.append(deadline - now)
            progress.show(
                max(fractions) if fractions else 0.0,
                f"{labelled} positions {rate:.1f}/s loss {loss:.4f} {mEMG:.1f} mEMG",
                min(etas) if etas else 0.0,
            )
    labeller.close()
    if progress is not None:
        progress.done()
    check_strength()
    save()
    elapsed = time.monotonic() - started
    done = labelled - start_labelled
    log(
        f"finished: {labelled} labelled positions in total, {done} this run in "
        f"{_format_time(elapsed)} ({done / max(elapsed, 1e-9):.1f} positions/s)"
    )
    return 0


def check_settings(args: argparse.Namespace) -> None:
    """Raises ``ValueError`` for a run setting out of range (one left unset is not checked)."""

    def bad(name: str, ok: Callable[[Any], bool]) -> bool:
        value = getattr(args, name)
        return value is not None and not ok(value)

    if bad("parallel", lambda v: v >= 1) or bad("label_batch", lambda v: v >= 1):
        raise ValueError("parallel and label batch must be >= 1")
    if bad("sample", lambda v: 0.0 < v <= 1.0) or bad("explore", lambda v: 0.0 <= v <= 1.0):
        raise ValueError("sample must be in (0, 1] and explore in [0, 1]")
    if bad("outcome_weight", lambda v: 0.0 <= v <= 1.0) or bad(
        "outcome_decay", lambda v: 0.0 < v <= 1.0
    ):
        raise ValueError("the outcome weight must be in [0, 1] and its decay in (0, 1]")
    if bad("replay", lambda v: v >= 1) or bad("replay_ratio", lambda v: v >= 1):
        raise ValueError("replay and replay ratio must be >= 1")
    if bad("crashed_share", lambda v: 0.0 <= v <= 1.0):
        raise ValueError("the crashed share must be in [0, 1]")
    if bad("teacher_plies", lambda v: v in (1, 2)) or bad("specialists", lambda v: v in (0, 1)):
        raise ValueError("the teacher's plies must be 1 or 2 and specialists 0 or 1")
    if bad("lr", lambda v: v > 0.0) or bad("refresh_every", lambda v: v >= 0):
        raise ValueError("the learning rate must be > 0 and refresh every >= 0")


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m ai.distill", description=__doc__.split("\n\n")[0])
    p.add_argument("--hours", type=float, default=0.0, help="hours to run (0: no limit)")
    p.add_argument("--positions", type=int, default=0, help="positions to label (0: no limit)")
    p.add_argument("--seed", type=int, default=1, help="random seed of a fresh run")
    p.add_argument("--resume", action="store_true", help="continue from the checkpoint")
    p.add_argument("--checkpoint", default=str(DEFAULT_CHECKPOINT), help="checkpoint directory")
    p.add_argument("--start-contact", default=str(CONTACT_WEIGHTS), help="fresh run: contact net")
    p.add_argument("--start-race", default=str(RACE_WEIGHTS), help="fresh run: race net")
    p.add_argument(
        "--hidden", type=int, default=0, help="fresh run: widen the networks to this many units"
    )
    p.add_argument(
        "--encoding",
        choices=sorted(ENCODINGS),
        default=None,
        help="fresh run: give the networks the inputs of this encoding, which must extend theirs "
        "(the new inputs start with zero weights)",
    )

    def setting(flag: str, text: str) -> None:
        name = flag[2:].replace("-", "_")
        p.add_argument(
            flag,
            type=type(RUN_SETTINGS[name]),
            default=None,
            help=f"{text} (default {RUN_SETTINGS[name]}; on --resume: the checkpoint's)",
        )

    setting("--lr", "Adam learning rate")
    setting("--parallel", "self-play games at once")
    setting("--explore", "random-play probability")
    setting("--sample", "share of positions labelled")
    setting("--label-batch", "positions labelled at once")
    setting(
        "--outcome-weight",
        "share of the game's exact outcome in each target (0: 1-ply only)",
    )
    setting(
        "--outcome-decay",
        "the outcome's weight shrinks by this factor per ply before the end",
    )
    setting("--replay", "replay buffer size")
    setting("--replay-ratio", "examples trained per new label")
    setting("--refresh-every", "positions per new teacher (0: never)")
    setting(
        "--crashed-share",
        "share of the new self-play games that start from a crashed position seen before",
    )
    setting("--teacher-plies", "the teacher's search depth: 1 or 2 plies")
    setting(
        "--specialists",
        "1: the shipped crashed and back-game networks value their positions (frozen) and only "
        "the contact network learns",
    )
    p.add_argument(
        "--workers",
        type=int,
        default=1,
        help="processes that make the targets (each with a copy of the teacher; default 1)",
    )
    p.add_argument("--checkpoint-every", type=float, default=300.0, help="seconds per checkpoint")
    p.add_argument("--strength-every", type=float, default=600.0, help="seconds per check (0: off)")
    p.add_argument("--strength-data", default=str(STRENGTH_DATA), help="strength test set")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    args = p.parse_args(argv)
    if args.hours < 0 or args.positions < 0:
        p.error("hours and positions must be >= 0")
    if args.hidden < 0 or args.hidden > 4096:
        p.error("hidden units must be between 0 (keep) and 4096")
    if not args.hours and not args.positions:
        p.error("give --hours or --positions (or both)")
    if not 1 <= args.workers <= 64:
        p.error("workers must be between 1 and 64")
    try:
        check_settings(args)
    except ValueError as exc:
        p.error(str(exc))
    return args


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        return run(args)
    except (OSError, ValueError) as exc:
        print(f"python -m ai.distill: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
