"""Choosing plays: 0-ply, and the 1-ply reply search over the opponent's 21 rolls.

Depths count as GNU Backgammon counts them. At 0-ply each play is judged by the evaluation of
its result. At 1-ply each play is judged by averaging, over the opponent's 21 rolls (weights out
of 36), our value after the opponent's best reply to that roll, the reply chosen by 0-ply; this
is the search that "looks at your possible replies before it moves". Only the most promising
plays by 0-ply get the reply search (candidate pruning), and all positions of one candidate go
to the evaluator in a single batch.

Values are for the player who chooses the play (the mover), by default cubeless money equity;
a ``value_fn`` maps the mover's five outputs to another value (e.g. match equity).

A search is cancellable: ``cancel`` is a ``threading.Event`` or a callable returning True to
stop; it is checked between batches and raises ``Cancelled``.
"""

from __future__ import annotations

import ctypes
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TypeVar

import numpy as np

from ai.evaluator import Evaluator, equity, flip
from engine.dice import ROLLS
from engine.moves import legal_result_bytes, legal_results
from engine.position import Position

ValueFn = Callable[[np.ndarray], np.ndarray]
Spans = list[tuple[int, int, int]]  # each roll's (start, stop, weight) in a batch
# every result of every roll from a position, in the order of ``ROLLS``, their outputs (the view
# of the player on roll after the play) and each roll's span
Batch = tuple[list[Position], np.ndarray, Spans]
CancelToken = threading.Event | Callable[[], bool] | None
_R = TypeVar("_R", Position, bytes)

DEFAULT_CANDIDATES = 8
DEFAULT_THRESHOLD = 0.16
MIN_CANDIDATES = 2


_BLAS_SETTERS = (
    "scipy_openblas_set_num_threads64_",
    "scipy_openblas_set_num_threads",
    "openblas_set_num_threads64_",
    "openblas_set_num_threads",
)


def limit_blas_threads(threads: int = 1) -> bool:
    """Run numpy's BLAS on ``threads`` threads; True if a BLAS library was found and set.

    Search evaluates batches of a few hundred positions: on one thread such products take a
    millisecond or two, while OpenBLAS's worker threads, on a machine busy with other work, can
    make them ten times slower. Best effort: Linux's loaded-library list, else nothing.
    """
    try:
        from threadpoolctl import threadpool_limits  # type: ignore[import-not-found]
    except ImportError:
        pass
    else:
        threadpool_limits(threads, user_api="blas")
        return True
    if not sys.platform.startswith("linux"):
        return False
    try:
        with open("/proc/self/maps") as maps:
            paths = {line.split()[-1] for line in maps if "openblas" in line.lower()}
    except OSError:
        return False
    done = False
    for path in sorted(paths):
        try:
            lib = ctypes.CDLL(path)
        except OSError:
            continue
        for name in _BLAS_SETTERS:
            setter = getattr(lib, name, None)
            if setter is not None:
                setter(ctypes.c_int(threads))
                done = True
                break
    return done


class Cancelled(Exception):
    """The caller asked the search to stop; no decision was made."""


def check_cancel(cancel: CancelToken) -> None:
    """Raise ``Cancelled`` if ``cancel`` is set."""
    if cancel is None:
        return
    stop = cancel.is_set() if isinstance(cancel, threading.Event) else bool(cancel())
    if stop:
        raise Cancelled()


@dataclass(frozen=True)
class RankedPlay:
    """One candidate result (opponent on roll) with its value for the mover.

    ``value0`` is the 0-ply value, ``value`` the value at the searched depth (equal to
    ``value0`` for plays that were not searched deeper, ``depth`` tells which).
    """

    result: Position
    value0: float
    value: float
    depth: int


def _mover_values(
    evaluator: Evaluator, results: Sequence[Position], value_fn: ValueFn
) -> tuple[np.ndarray, np.ndarray]:
    """0-ply values for the mover of positions with the opponent on roll, and their outputs."""
    probs = np.asarray(evaluator.evaluate_batch(results), dtype=np.float64)
    mover = flip(probs)
    return np.asarray(value_fn(mover), dtype=np.float64), mover


def reply_value(
    evaluator: Evaluator,
    result: Position,
    value_fn: ValueFn = equity,
    cancel: CancelToken = None,
) -> float:
    """1-ply value of a result (opponent on roll) for the player who made it.

    The average over the opponent's 21 rolls of our 0-ply value after the reply that is worst
    for us. A finished game is valued exactly (no rolls follow).
    """
    return float(reply_values(evaluator, [result], value_fn, cancel)[0][0])


def reply_values(
    evaluator: Evaluator,
    results: Sequence[Position],
    value_fn: ValueFn = equity,
    cancel: CancelToken = None,
    batches: dict[Position, Batch] | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """1-ply values and 1-ply outputs (mover's view) of several results, one batch per result.

    ``batches``, when given, keeps each result's batch: every reply of every roll, in the order
    of ``ROLLS``, their outputs (the view of the player on roll after the reply) and each roll's
    span, for a caller that looks at the same rolls again (``two_ply_values``, or the analysis
    at the opponent's next roll).
    """
    values = np.zeros(len(results), dtype=np.float64)
    outputs = np.zeros((len(results), 5), dtype=np.float64)
    for i, result in enumerate(results):
        check_cancel(cancel)
        if result.is_game_over():
            v, mover = _mover_values(evaluator, [result], value_fn)
            values[i], outputs[i] = v[0], mover[0]
            continue
        batch = results_batch(evaluator, result)
        replies, probs, spans = batch
        if batches is not None:
            batches[result] = batch
        # after the reply we are on roll: the outputs are ours already
        mine = np.asarray(value_fn(probs), dtype=np.float64)
        total = 0.0
        out = np.zeros(5)
        for start, stop, weight in spans:
            j = start + int(np.argmin(mine[start:stop]))
            total += weight * mine[j]
            out += weight * probs[j]
        values[i] = total / 36.0
        outputs[i] = out / 36.0
    return values, outputs


def _every_roll(
    results_of: Callable[[tuple[int, int]], list[_R]], no_play: _R
) -> tuple[list[_R], Spans]:
    """Every result of every roll, ``no_play`` for a roll without a legal play, and each
    roll's (start, stop, weight)."""
    after: list[_R] = []
    spans: Spans = []
    for dice, weight in ROLLS:
        results = results_of(dice) or [no_play]
        spans.append((len(after), len(after) + len(results), weight))
        after.extend(results)
    return after, spans


def roll_spans(position: Position) -> tuple[list[Position], Spans]:
    """Every result of every roll from ``position``, and each roll's (start, stop, weight)."""
    return _every_roll(partial(legal_results, position), position.swapped())


def results_batch(evaluator: Evaluator, position: Position) -> Batch:
    """Every result of every roll from ``position``, their outputs and each roll's span."""
    after, spans = roll_spans(position)
    return after, np.asarray(evaluator.evaluate_batch(after), dtype=np.float64), spans


def roll_bytes(position: Position) -> tuple[list[bytes], Spans]:
    """``roll_spans`` with the results as ``engine.moves.legal_result_bytes`` gives them."""
    no_play = bytes(position[1]) + bytes(position[0])
    return _every_roll(partial(legal_result_bytes, position), no_play)


def evaluate_bytes(evaluator: Evaluator, raw: Sequence[bytes]) -> np.ndarray:
    """The outputs of positions given as 50 bytes each (``legal_result_bytes``): as one array of
    boards when the evaluator takes them (``NetEvaluator.evaluate_boards``), else as positions."""
    if not raw:
        return np.zeros((0, 5), dtype=np.float64)
    evaluate_boards = getattr(evaluator, "evaluate_boards", None)
    if evaluate_boards is not None:
        boards = np.frombuffer(b"".join(raw), dtype=np.int8).reshape(len(raw), 2, 25)
        return np.asarray(evaluate_boards(boards), dtype=np.float64)
    positions = [Position(r[:25], r[25:], validate=False) for r in raw]
    return np.asarray(evaluator.evaluate_batch(positions), dtype=np.float64)


def two_ply_values(
    evaluator: Evaluator,
    results: Sequence[Position],
    value_fn: ValueFn = equity,
    cancel: CancelToken = None,
    budget: int | None = None,
    batches: dict[Position, Batch] | None = None,
    *,
    partial: bool = False,
) -> np.ndarray | None:
    """2-ply values of results (opponent on roll) for the player who made them.

    For each of the opponent's 21 rolls the opponent's best reply by 0-ply, then our 1-ply
    value of the position after it (our 21 rolls, our best play by 0-ply each), averaged.
    ``budget`` caps the positions generated in all (deterministically): ``None`` is returned when
    the search would need more, so the caller keeps its shallower verdict; with ``partial``, the
    values of the results searched in full before the budget ran out are returned instead (the
    first results, perhaps none). ``batches`` holds the replies of results that
    ``reply_values`` has already searched, which are used again.
    """
    generated = 0
    values = np.zeros(len(results), dtype=np.float64)
    for i, result in enumerate(results):
        room = None if budget is None else budget - generated
        found = two_ply_value(evaluator, result, value_fn, cancel, room, batches)
        if found is None:
            return values[:i] if partial else None
        values[i], work = found.value, found.generated
        generated += work
    return values


@dataclass(frozen=True)
class TwoPly:
    """A result's 2-ply value, the number of positions its search generated, and the chances
    (the mover's five outputs) of the same search: those of the positions it valued, averaged
    as their values were, so that the chances shown beside a value are of the same depth."""

    value: float
    generated: int
    chances: np.ndarray


def two_ply_value(
    evaluator: Evaluator,
    result: Position,
    value_fn: ValueFn = equity,
    cancel: CancelToken = None,
    room: int | None = None,
    batches: dict[Position, Batch] | None = None,
) -> TwoPly | None:
    """``two_ply_values`` of one result (``TwoPly``); None when its search would generate more
    than ``room`` positions (it stops as soon as it does)."""
    check_cancel(cancel)
    if result.is_game_over():
        values, outputs = _mover_values(evaluator, [result], value_fn)
        return TwoPly(float(values[0]), 0, np.asarray(outputs[0], dtype=np.float64))
    kept = batches.get(result) if batches is not None else None
    replies, probs, spans = kept if kept is not None else results_batch(evaluator, result)
    generated = len(replies)
    mine = np.asarray(value_fn(probs), dtype=np.float64)
    chosen = [replies[start + int(np.argmin(mine[start:stop]))] for start, stop, _ in spans]
    # our turn after each reply: one batch of every result of every roll of ours
    ours: list[bytes] = []
    groups: list[list[tuple[int, int, int]]] = []
    finished: dict[int, tuple[float, np.ndarray]] = {}
    for k, position in enumerate(chosen):
        if room is not None and generated > room:
            return None
        if position.is_game_over():
            done = np.asarray(evaluator.evaluate_batch([position]), dtype=np.float64)
            finished[k] = float(np.asarray(value_fn(done))[0]), done[0]
            groups.append([])
            continue
        after, inner = roll_bytes(position)
        offset = len(ours)
        ours.extend(after)
        generated += len(after)
        groups.append([(offset + a, offset + b, w) for a, b, w in inner])
    if room is not None and generated > room:
        return None
    check_cancel(cancel)
    outputs = flip(evaluate_bytes(evaluator, ours))
    v = np.asarray(value_fn(outputs), dtype=np.float64)
    total = 0.0
    chances = np.zeros(5, dtype=np.float64)
    picks: list[int] = []  # our best play of each of our rolls after each reply, and its weight
    weights: list[float] = []
    for k, (_start, _stop, weight) in enumerate(spans):
        if k in finished:
            inner_value, inner_chances = finished[k]
            chances += weight * inner_chances
        else:
            best = [(a + int(np.argmax(v[a:b])), w) for a, b, w in groups[k]]
            inner_value = sum(w * float(v[j]) for j, w in best) / 36.0
            picks.extend(j for j, _w in best)
            weights.extend(weight * w / 36.0 for _j, w in best)
        total += weight * inner_value
    if picks:
        chances += np.asarray(weights, dtype=np.float64) @ outputs[picks]
    return TwoPly(total / 36.0, generated, chances / 36.0)


def rank_results(
    evaluator: Evaluator,
    results: Sequence[Position],
    *,
    depth: int = 0,
    candidates: int = DEFAULT_CANDIDATES,
    threshold: float = DEFAULT_THRESHOLD,
    value_fn: ValueFn = equity,
    cancel: CancelToken = None,
    deep_candidates: int = 0,
    deep_margin: float = 0.0,
    deep_budget: int | None = None,
) -> list[RankedPlay]:
    """Rank candidate results (opponent on roll), best for the mover first.

    At ``depth`` 1 the best ``candidates`` plays by 0-ply that lie within ``threshold`` of the
    best (at least two) get the reply search; their 1-ply value ranks them ahead of the plays
    that were pruned. Close calls go deeper: with ``deep_candidates`` > 1, the best plays by
    1-ply within ``deep_margin`` of the best are ranked by ``two_ply_values`` (depth 2), as many
    of them, best first, as fit in ``deep_budget`` generated positions (at least two, else
    none). Raises ``ValueError`` for a depth other
    than 0 or 1, ``Cancelled`` when asked to stop.
    """
    if depth not in (0, 1):
        raise ValueError(f"Search depth is 0 or 1 ply, not {depth!r}.")
    if not results:
        return []
    check_cancel(cancel)
    values0, _ = _mover_values(evaluator, results, value_fn)
    order = sorted(range(len(results)), key=lambda i: -values0[i])
    ranked0 = [RankedPlay(results[i], float(values0[i]), float(values0[i]), 0) for i in order]
    if depth == 0 or len(results) == 1:
        return ranked0
    best = ranked0[0].value0
    keep = [
        r
        for k, r in enumerate(ranked0[:candidates])
        if k < MIN_CANDIDATES or r.value0 >= best - threshold
    ]
    batches: dict[Position, Batch] | None = {} if deep_candidates > 1 else None
    values1, _ = reply_values(evaluator, [r.result for r in keep], value_fn, cancel, batches)
    searched = [
        RankedPlay(r.result, r.value0, float(v), 1) for r, v in zip(keep, values1, strict=True)
    ]
    searched.sort(key=lambda r: -r.value)
    rest = ranked0[len(keep) :]
    if deep_candidates > 1:
        close = [
            r for r in searched[:deep_candidates] if r.value >= searched[0].value - deep_margin
        ]
        if len(close) > 1:
            deep = two_ply_values(
                evaluator,
                [r.result for r in close],
                value_fn,
                cancel,
                deep_budget,
                batches,
                partial=True,
            )
            if deep is not None and len(deep) > 1:
                # the best plays by 1-ply that the budget allowed, ranked by 2-ply ahead of the rest
                refined = [
                    RankedPlay(r.result, r.value0, float(v), 2)
                    for r, v in zip(close, deep, strict=False)
                ]
                refined.sort(key=lambda r: -r.value)
                return refined + searched[len(deep) :] + rest
    return searched + rest


def rank_plays(
    evaluator: Evaluator,
    position: Position,
    dice: Sequence[int],
    **options: object,
) -> list[RankedPlay]:
    """Rank every legal play of ``dice`` (by its result); empty when no play is legal."""
    return rank_results(evaluator, legal_results(position, dice), **options)  # type: ignore[arg-type]


def position_outputs(
    evaluator: Evaluator,
    position: Position,
    depth: int = 0,
    value_fn: ValueFn = equity,
    cancel: CancelToken = None,
) -> np.ndarray:
    """Outputs for the player on roll before rolling, at 0-ply or 1-ply (used by the cube).

    At 1-ply: the average over our 21 rolls of the outputs after our best 0-ply play.
    """
    check_cancel(cancel)
    if depth == 0 or position.is_game_over():
        return np.asarray(evaluator.evaluate_batch([position]), dtype=np.float64)[0]
    if depth != 1:
        raise ValueError(f"Search depth is 0 or 1 ply, not {depth!r}.")
    after, spans = roll_spans(position)
    values, mover = _mover_values(evaluator, after, value_fn)
    out = np.zeros(5)
    for start, stop, weight in spans:
        j = start + int(np.argmax(values[start:stop]))
        out += weight * mover[j]
    return out / 36.0
