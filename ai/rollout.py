"""Rollouts: a position's equity estimated by playing it out many times, with standard errors.

A rollout plays ``games`` games from a position (player on roll, before the roll), every play
chosen by the evaluator at 0-ply, and averages the results from the point of view of the player
on roll at the start (the *root*). Games end when a side is off (exact result), when both sides
are entirely home and ``bearoff_stop`` is set (the exact bear-off database values the rest), or
after ``truncate`` plies (the evaluator values the rest; 0 plays to the end).

Quasi-random dice: the first two rolls of the games rotate through the 36 ordered outcomes
(``game_dice``): every 36 games meet each outcome once as the first and once as the second roll,
and 1,296 games meet every pair of first two rolls exactly once; later rolls come from a
generator seeded by ``(seed, g)`` for game ``g``. A game's dice depend only on the
seed and its number, so a rollout gives the same figures on any number of processes.

Variance reduction (``variance_reduction``, on by default): at every ply the evaluator values the
best play of each of the 21 rolls; the *luck* of the roll actually thrown is its value minus the
average over the 21 rolls (weights out of 36). Its expectation over the dice is exactly zero, so
subtracting every ply's luck from a game's result leaves the estimate unbiased while removing
most of the dice's noise (the well-known luck adjustment). It makes each ply about 20 times dearer
and the standard error several times smaller.

Cubeful rollouts (``cubeful``, money game): before each roll the player on roll doubles when the
cube model (``ai.cube.decide`` on the 0-ply outputs, Janowski's ``x`` of the position) says so, and
the opponent takes or passes by the same model; plays are chosen by the cubeful value
(``ai.cube.move_value_fn``). The root does not double before its first roll (but with
``root_doubles``, as after a play), so the cubeful result is the *no double* value; roll out the
*double, take* value by starting with the cube at 2 owned by the opponent. A pass ends the game for
the cube (its cubeless outputs are then the evaluator's values of that position). At a truncation or
at the bear-off stop the rest is valued with the Janowski cubeful value of the exact or evaluated
outputs. The cubeful luck adjustment subtracts the cubeless luck of each roll times the cube at that
moment: also exactly zero in expectation. Cubeful equities are in units of the starting cube.

A money cube decision (``cube_rollout``) rolls out both of its lines on the same games, so on
the same dice: *no double* (the cube as it is) and *double, take* (the cube doubled and the
opponent's), the latter in units of the cube before the double, beside *double, pass* (1). Since
the lines share their dice, the difference that decides is usually known better than either
line (its standard error, game by game, is reported too).

Standard errors are those of independent games (the quasi-random first rolls make them slightly
pessimistic).

A rollout goes on where another stopped (``resume=`` the result so far, of the same positions
and settings, with ``games`` the same or more): every result keeps its games' rows (``rows``,
one array per line, with each game's number), and only the games not among them are played.
Since a game's dice depend on its number alone, a rollout stopped and resumed, or extended to
more games, gives what one run to the end would.
"""

from __future__ import annotations

import argparse
import functools
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from contextlib import closing
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, TextIO

import numpy as np

from ai.bearoff import BearoffDatabase
from ai.cube import CENTRED, MINE, THEIRS, CubeState, cube_efficiency, money_cubeful
from ai.cube import position_features as cube_features
from ai.encoding import boards_from_positions, finished_mask
from ai.evaluator import NetEvaluator, equity, flip, load_default_evaluator, load_networks
from engine.dice import ROLLS
from engine.moves import legal_results
from engine.position import Position

#: The 36 ordered outcomes of two dice, in the order the quasi-random first rolls rotate through.
ORDERED_ROLLS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(1, 7))
_ROLL_INDEX = {dice: i for i, (dice, _) in enumerate(ROLLS)}
_WEIGHTS = np.array([w for _, w in ROLLS], dtype=np.float64) / 36.0
CHUNK = 36  # games a worker plays side by side (one batch per ply)
COLUMNS = 14  # a game's row: outcome (5), luck (5), cubeful points, cubeful luck, plies, number

Progress = Callable[[int, int, "RolloutResult"], None]


MAX_GAMES = 10_000_000  # games of one rollout: days of work already


@dataclass(frozen=True)
class RolloutSettings:
    """How to roll out; see the module doc. Raises ``ValueError`` for impossible settings."""

    games: int = 1296
    truncate: int = 0  # plies; 0: to the end
    seed: int = 0
    variance_reduction: bool = True
    bearoff_stop: bool = True
    cubeful: bool = False
    cube: int = 1  # the cube at the start (cubeful rollouts) ...
    owner: int = CENTRED  # ... and its owner from the root's view (CENTRED, MINE, THEIRS)
    # the root may double before its first roll (cubeful rollouts): so it may after a play
    root_doubles: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.games, int) or self.games < 1:
            raise ValueError("A rollout needs at least one game.")
        if self.games > MAX_GAMES:  # a typo of a few zeros filled the memory
            raise ValueError(f"A rollout has at most {MAX_GAMES:,} games.")
        if not isinstance(self.seed, int) or self.seed < 0:
            raise ValueError("The seed is a whole number, 0 or more.")
        if not isinstance(self.truncate, int) or self.truncate < 0:
            raise ValueError("Truncation is a number of plies, 0 for none.")
        CubeState(cube=self.cube, owner=self.owner)  # raises ValueError for a bad cube


@dataclass(frozen=True)
class RolloutResult:
    """Means and standard errors from the root's view (player on roll before the roll)."""

    games: int
    outputs: tuple[float, ...]  # win, win gammon, win backgammon, lose gammon, lose backgammon
    outputs_se: tuple[float, ...]
    equity: float  # cubeless money equity, luck-adjusted when variance reduction is on
    equity_se: float
    raw_equity: float  # the plain mean of the games' results, without the adjustment
    raw_equity_se: float
    cubeful_equity: float | None  # in units of the starting cube (cubeful rollouts)
    cubeful_se: float | None
    mean_plies: float
    seconds: float
    # the games' rows (one array: a single line), to go on from (``resume``); not in ``as_dict``
    rows: tuple[np.ndarray, ...] = field(default=(), repr=False, compare=False)

    def as_dict(self) -> dict[str, object]:
        return _figures(self)


def _figures(result: Any) -> dict[str, object]:
    """A result's fields but its rows, for JSON."""
    return {f.name: getattr(result, f.name) for f in fields(result) if f.name != "rows"}


def _flip_delta(delta: np.ndarray) -> np.ndarray:
    """A difference of outputs seen from the other player (``flip(a) - flip(b)``)."""
    return np.stack(
        [-delta[..., 0], delta[..., 3], delta[..., 4], delta[..., 1], delta[..., 2]], axis=-1
    )


def _linear_equity(delta: np.ndarray) -> np.ndarray:
    """The equity of a difference of outputs (``equity(a) - equity(b)``)."""
    return 2.0 * delta[..., 0] + delta[..., 1] - delta[..., 3] + delta[..., 2] - delta[..., 4]


@functools.lru_cache(maxsize=16)
def _rotation(seed: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Two seeded orders of the 36 outcomes, for the first and the second roll."""
    rng = np.random.default_rng([seed, 36])
    return tuple(int(i) for i in rng.permutation(36)), tuple(int(i) for i in rng.permutation(36))


def game_dice(seed: int, game: int) -> Callable[[int], tuple[int, int]]:
    """The dice of game ``game`` by ply: the two rotated first rolls, then seeded rolls.

    The first two rolls form a Latin square: game ``g`` in block ``k = g // 36`` gets first
    outcome ``first[g % 36]`` and second outcome ``second[(g + k) % 36]`` (two seeded orders of
    the 36). Every block of 36 games meets each outcome once as first and once as second roll,
    and 1,296 games meet every pair of first two rolls exactly once.
    """
    first, second = _rotation(seed)
    a, k = game % 36, (game // 36) % 36
    rng = np.random.default_rng([seed, game])

    def roll(ply: int) -> tuple[int, int]:
        if ply == 0:
            return ORDERED_ROLLS[first[a]]
        if ply == 1:
            return ORDERED_ROLLS[second[(a + k) % 36]]
        d1, d2 = rng.integers(1, 7, size=2)
        return int(d1), int(d2)

    return roll


class _Game:
    """One game of a rollout: its position, side on roll (0 root, 1 opponent), cube and sums."""

    def __init__(self, position: Position, number: int, settings: RolloutSettings) -> None:
        self.position = position
        self.number = number
        self.side = 0
        self.ply = 0
        self.dice = game_dice(settings.seed, number)
        self.cube = settings.cube
        self.owner = {CENTRED: -1, MINE: 0, THEIRS: 1}[settings.owner]  # absolute owner
        self.luck = np.zeros(5)
        self.cube_luck = 0.0
        self.outcome = np.zeros(5)
        self.points = 0.0
        self.done = False
        # the evaluator's outputs of the position for the player on roll (after the first play)
        self.outputs: np.ndarray | None = None

    def state(self) -> CubeState:
        """The cube from the view of the player on roll."""
        owner = CENTRED if self.owner < 0 else (MINE if self.owner == self.side else THEIRS)
        return CubeState(cube=self.cube, owner=owner)

    def root_view(self, outputs: np.ndarray) -> np.ndarray:
        """Outputs of the player on roll seen from the root."""
        return outputs if self.side == 0 else flip(outputs)

    def finish(self, onroll_outputs: np.ndarray, onroll_cubeful: float) -> None:
        """End with the player on roll's outputs and cubeful value (in units of the cube)."""
        self.outcome = np.asarray(self.root_view(onroll_outputs), dtype=np.float64)
        sign = 1.0 if self.side == 0 else -1.0
        self.points = sign * self.cube * onroll_cubeful
        self.done = True


def _by_cube(states: Sequence[CubeState]) -> dict[tuple[int, int], list[int]]:
    """The indices of ``states`` grouped by cube and owner."""
    groups: dict[tuple[int, int], list[int]] = {}
    for i, state in enumerate(states):
        groups.setdefault((state.cube, state.owner), []).append(i)
    return groups


def _cube_actions(evaluator: NetEvaluator, games: list[_Game], root_doubles: bool) -> None:
    """Doubles, takes and passes before the roll (cubeful rollouts; the root's first only
    with ``root_doubles``): ``ai.cube.decide``'s money decision, valued for all the games at
    once (its no-double and double/take values are ``money_cubeful``'s at the cube as it is
    and doubled)."""
    states = [g.state() for g in games]
    deciding = [
        k for k, g in enumerate(games) if (g.ply > 0 or root_doubles) and states[k].may_double()
    ]
    if not deciding:
        return
    # each was valued as the result of the play before, from the same view
    known = [p for p in (games[k].outputs for k in deciding) if p is not None]
    if len(known) == len(deciding):
        probs = np.stack(known)
    else:  # the root's first roll
        probs = evaluator.evaluate_batch([games[k].position for k in deciding])
    x = np.array([cube_efficiency(cube_features(games[k].position)) for k in deciding])
    no_double, double_take = np.empty(len(deciding)), np.empty(len(deciding))
    for (cube, owner), rows in _by_cube([states[k] for k in deciding]).items():
        no_double[rows] = money_cubeful(probs[rows], cube, owner, x[rows])
        double_take[rows] = 2.0 * money_cubeful(probs[rows], 2 * cube, THEIRS, x[rows])
    for i, k in enumerate(deciding):
        if min(double_take[i], 1.0) <= no_double[i]:
            continue  # no double (or too good to double)
        g = games[k]
        if double_take[i] <= 1.0:  # taken
            g.cube *= 2
            g.owner = 1 - g.side
        else:  # the opponent passes: the player on roll wins the cube
            g.finish(probs[i], 1.0)


def _finish_values(evaluator: NetEvaluator, games: list[_Game], boards: np.ndarray) -> None:
    """Value the games whose new positions end the rollout (player on roll's view)."""
    probs = evaluator.evaluate_boards(boards)
    over = finished_mask(boards)
    for g, p, exact in zip(games, probs, over, strict=True):
        if exact:
            g.finish(p, float(equity(p)))
        else:
            state = g.state()
            g.finish(p, float(money_cubeful(p[None], state.cube, state.owner)[0]))


def _move_values(
    mover: np.ndarray,
    games: Sequence[_Game],
    spans: Sequence[Sequence[tuple[int, int, int]]],
    cubeful: bool,
) -> np.ndarray:
    """The value by which each game's player chooses among its plays (``mover``: the outputs
    of every play of every game, ``spans`` each game's part of them): the cubeless equity, or
    in a cubeful rollout the money cubeful value with that game's cube (``ai.cube.move_value_fn``),
    all the games with the same cube valued at once."""
    if not cubeful:
        return equity(mover)
    values = np.empty(len(mover))
    states = [g.state() for g in games]
    for (cube, owner), members in _by_cube(states).items():
        rows = np.concatenate(
            [np.arange(start, start + count) for k in members for _r, start, count in spans[k]]
        )
        values[rows] = money_cubeful(mover[rows], cube, owner)
    return values


def play_chunk(
    evaluator: NetEvaluator, position: Position, numbers: Sequence[int], settings: RolloutSettings
) -> np.ndarray:
    """Play games ``numbers`` side by side; one row per game: outcome (5), luck (5), cubeful
    points, cubeful luck, plies, the game's number."""
    games = [_Game(position, n, settings) for n in numbers]
    vr = settings.variance_reduction
    while True:
        active = [g for g in games if not g.done]
        if settings.cubeful:
            _cube_actions(evaluator, active, settings.root_doubles)
            active = [g for g in active if not g.done]
        if not active:
            break
        results: list[Position] = []
        spans: list[list[tuple[int, int, int]]] = []  # per game: (roll index, start, count)
        actual: list[int] = []
        for g in active:
            d1, d2 = g.dice(g.ply)
            thrown = _ROLL_INDEX[(max(d1, d2), min(d1, d2))]
            rolls = range(len(ROLLS)) if vr else [thrown]
            mine = []
            for r in rolls:
                after = legal_results(g.position, ROLLS[r][0]) or [g.position.swapped()]
                mine.append((r, len(results), len(after)))
                results.extend(after)
            spans.append(mine)
            actual.append(thrown)
        boards = boards_from_positions(results)
        raw = evaluator.evaluate_boards(boards)  # outputs for the player on roll after a play
        mover = flip(raw)  # ... and for the player who made it
        values = _move_values(mover, active, spans, settings.cubeful)
        ended: list[_Game] = []
        ended_boards: list[np.ndarray] = []
        for g, mine, thrown in zip(active, spans, actual, strict=True):
            best = {}
            for r, start, count in mine:
                best[r] = start + int(np.argmax(values[start : start + count]))
            if vr:
                mean = sum(_WEIGHTS[r] * mover[i] for r, i in best.items())
                luck = mover[best[thrown]] - mean
                sign = 1.0 if g.side == 0 else -1.0
                g.luck += luck if g.side == 0 else _flip_delta(luck)
                g.cube_luck += sign * g.cube * float(_linear_equity(luck))
            pick = best[thrown]
            g.position = results[pick]
            g.outputs = raw[pick]
            g.side = 1 - g.side
            g.ply += 1
            board = boards[pick]
            stop = bool(finished_mask(board[None])[0])
            stop = stop or (settings.bearoff_stop and bool(BearoffDatabase.applies(board[None])[0]))
            stop = stop or (settings.truncate > 0 and g.ply >= settings.truncate)
            if stop:
                ended.append(g)
                ended_boards.append(board)
        if ended:
            _finish_values(evaluator, ended, np.asarray(ended_boards))
    rows = np.zeros((len(games), COLUMNS))
    for k, g in enumerate(games):
        rows[k, :5] = g.outcome
        rows[k, 5:10] = g.luck
        rows[k, 10] = g.points / settings.cube
        rows[k, 11] = g.cube_luck / settings.cube
        rows[k, 12] = g.ply
        rows[k, 13] = g.number
    return rows


def _se(values: np.ndarray) -> np.ndarray:
    """The standard error of the mean over the games (the first axis) of ``values``; zeros for
    fewer than two games (a 0-d array for a column of numbers)."""
    n = len(values)
    if n < 2:
        return np.zeros(values.shape[1:])
    return values.std(axis=0, ddof=1) / np.sqrt(n)


def _adjusted(rows: np.ndarray) -> np.ndarray:
    """The games' outcomes (the root's five outputs) with their luck taken off."""
    return rows[:, :5] - rows[:, 5:10]


def _cubeful(rows: np.ndarray) -> np.ndarray:
    """The games' cubeful points (units of the starting cube) with their luck taken off."""
    return rows[:, 10] - rows[:, 11]


def summarise(rows: np.ndarray, settings: RolloutSettings, seconds: float) -> RolloutResult:
    """Means and standard errors of the games played so far (``rows``, kept in the result)."""
    adjusted = _adjusted(rows)
    eq = equity(adjusted)
    raw = equity(rows[:, :5])
    cubeful = _cubeful(rows)
    return RolloutResult(
        games=len(rows),
        outputs=tuple(float(v) for v in adjusted.mean(axis=0)),
        outputs_se=tuple(float(v) for v in _se(adjusted)),
        equity=float(eq.mean()),
        equity_se=float(_se(eq)),
        raw_equity=float(raw.mean()),
        raw_equity_se=float(_se(raw)),
        cubeful_equity=float(cubeful.mean()) if settings.cubeful else None,
        cubeful_se=float(_se(cubeful)) if settings.cubeful else None,
        mean_plies=float(rows[:, 12].mean()),
        seconds=seconds,
        rows=(rows,),
    )


# -- processes ---------------------------------------------------------------------------------

_worker_evaluator: NetEvaluator | None = None


def _init_worker(weights: str | None) -> None:
    global _worker_evaluator
    from ai.search import limit_blas_threads

    limit_blas_threads(1)
    _worker_evaluator = load_evaluator(weights)


def _run_chunk(
    job: tuple[int, int, str, list[int], RolloutSettings],
) -> tuple[int, int, np.ndarray]:
    chunk, line, position_id, numbers, settings = job
    assert _worker_evaluator is not None
    rows = play_chunk(_worker_evaluator, Position.from_position_id(position_id), numbers, settings)
    return chunk, line, rows


def load_evaluator(weights: str | os.PathLike[str] | None = None) -> NetEvaluator:
    """The shipped evaluator, or the networks in ``weights`` (``ai.evaluator.load_networks``)."""
    if weights is None:
        return load_default_evaluator()
    from ai import bearoff

    return load_networks(weights, bearoff.load())


def default_workers() -> int:
    """All cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def _played(
    lines: Sequence[tuple[Position, RolloutSettings]],
    workers: int | None,
    weights: str | os.PathLike[str] | None,
    evaluator: NetEvaluator | None,
    start_method: str | None = None,
    poll: Callable[[], None] | None = None,
    before: Sequence[np.ndarray] = (),
) -> Generator[list[np.ndarray], None, None]:
    """Play the same games (so the same dice) for every line (a position and its settings; all
    with the first line's number of games); after each chunk that every line has played, the
    rows of each line so far (with processes the chunks come in the order they finish, each
    with every line's part of it, so that the lines stay paired game by game; the figures then
    differ from one process's by rounding only). ``before``: each line's rows of games played
    already (``_resumed``); the rest are played after them.

    Processes start by ``start_method`` (default: fork on Linux, else spawn; a program with
    threads of its own, such as the window, asks for spawn). ``poll`` is called every quarter
    of a second while processes play, so that it can stop the work by raising (the processes
    are then ended)."""
    for position, _settings in lines:
        if position.is_game_over():
            raise ValueError("The game in that position is over: nothing to roll out.")
    workers = default_workers() if workers is None else int(workers)
    if workers < 1:
        raise ValueError("A rollout needs at least one worker.")
    games = lines[0][1].games
    played = _resumed(before, len(lines), games)
    chunks = [
        [n for n in range(s, min(s + CHUNK, games)) if n not in played]
        for s in range(0, games, CHUNK)
    ]
    chunks = [numbers for numbers in chunks if numbers]
    done: list[list[np.ndarray]] = [[rows] for rows in before] or [[] for _ in lines]

    def so_far() -> list[np.ndarray]:
        return [np.concatenate(parts) for parts in done]

    if not chunks:  # all played before
        yield so_far()
        return

    if workers == 1 or len(chunks) * len(lines) == 1:
        ev = evaluator if evaluator is not None else load_evaluator(weights)
        for numbers in chunks:
            if poll is not None:
                poll()
            for line, (position, settings) in enumerate(lines):
                done[line].append(play_chunk(ev, position, numbers, settings))
            yield so_far()
        return
    if start_method is None:
        start_method = "fork" if sys.platform.startswith("linux") else "spawn"
    context = multiprocessing.get_context(start_method)
    jobs = [
        (k, line, position.position_id(), numbers, settings)
        for k, numbers in enumerate(chunks)
        for line, (position, settings) in enumerate(lines)
    ]
    weights_arg = str(weights) if weights is not None else None
    waiting: dict[int, dict[int, np.ndarray]] = {}
    with context.Pool(min(workers, len(jobs)), _init_worker, (weights_arg,)) as pool:
        for chunk, line, rows in _answers(pool.imap_unordered(_run_chunk, jobs), poll):
            waiting.setdefault(chunk, {})[line] = rows
            if len(waiting[chunk]) == len(lines):
                for k, part in sorted(waiting.pop(chunk).items()):
                    done[k].append(part)
                yield so_far()


def _resumed(before: Sequence[np.ndarray], lines: int, games: int) -> set[int]:
    """The numbers of the games played ``before`` (each line's rows, as results keep them);
    raises ``ValueError`` when they cannot be the rows of these lines' games."""
    if not before:
        return set()
    if len(before) != lines:
        raise ValueError("The rollout to go on from has other lines than this one.")
    shapes = {rows.shape if rows.ndim == 2 else None for rows in before}
    if len(shapes) != 1 or None in shapes or before[0].shape[1] != COLUMNS:
        raise ValueError("The rollout to go on from is not one of this kind.")
    numbers = before[0][:, -1]
    if any(not np.array_equal(rows[:, -1], numbers) for rows in before):
        raise ValueError("The rollout to go on from has lines of other games.")
    played = {int(n) for n in numbers}
    if len(played) != len(numbers) or not played <= set(range(games)):
        raise ValueError("The rollout to go on from has more games than this one, or others.")
    return played


def _answers(results: Any, poll: Callable[[], None] | None) -> Iterator[Any]:
    """The pool's answers as they come, calling ``poll`` every quarter of a second meanwhile."""
    while True:
        try:
            yield results.next(timeout=0.25 if poll is not None else None)
        except StopIteration:
            return
        except multiprocessing.TimeoutError:
            assert poll is not None
            poll()


def rollout(
    position: Position,
    settings: RolloutSettings = RolloutSettings(),
    *,
    workers: int | None = None,
    weights: str | os.PathLike[str] | None = None,
    evaluator: NetEvaluator | None = None,
    progress: Progress | None = None,
    start_method: str | None = None,
    poll: Callable[[], None] | None = None,
    resume: RolloutResult | None = None,
) -> RolloutResult:
    """Roll ``position`` out (player on roll, before the roll); see the module doc.

    ``workers`` processes (default: all cores; 1 plays in this process, with ``evaluator`` if
    given) each load the shipped networks or those in ``weights``; they start by
    ``start_method`` (``multiprocessing``'s name; default fork on Linux), and ``poll()`` is
    called while they play (and before each chunk in this process) to let the caller stop the
    work by raising. ``progress(done, total, result_so_far)`` is called after each chunk of
    games. ``resume``: a result of this position and settings (fewer games, or as many) to go
    on from (see the module doc). Raises ``ValueError`` for a finished position, bad settings
    or a result that cannot be gone on from.
    """
    started = _started(resume)
    result: RolloutResult | None = None
    lines = [(position, settings)]
    played = _played(lines, workers, weights, evaluator, start_method, poll, _rows(resume))
    with closing(played):  # a progress that stops the work ends the processes at once
        for (rows,) in played:
            result = summarise(rows, settings, time.monotonic() - started)
            if progress is not None:
                progress(result.games, settings.games, result)
    assert result is not None  # at least one game was played
    return result


def _started(resume: Any) -> float:
    """The clock's reading at which a rollout going on from ``resume`` began."""
    return time.monotonic() - (resume.seconds if resume is not None else 0.0)


def _rows(resume: Any) -> tuple[np.ndarray, ...]:
    """The rows of the games ``resume`` (a result or None) played."""
    return () if resume is None else resume.rows


# -- a cube decision rolled out ----------------------------------------------------------------


@dataclass(frozen=True)
class CubeRolloutResult:
    """A money cube decision rolled out: the *no double* and the *double, take* lines played
    on the same dice, cubeful, in units of the cube before the double, from the view of the
    player on roll (the one who may double). *Double, pass* is worth the cube: 1."""

    games: int
    no_double: float
    no_double_se: float
    double_take: float
    double_take_se: float
    difference_se: float  # of double_take - no_double, game by game (the lines share the dice)
    outputs: tuple[float, ...]  # the cubeless chances of the no-double line ...
    outputs_se: tuple[float, ...]  # ... and their standard errors
    equity: float  # the cubeless equity of the no-double line ...
    equity_se: float  # ... and its standard error
    seconds: float
    double_pass: float = 1.0
    # both lines' rows (no double, double/take), to go on from; not in ``as_dict``
    rows: tuple[np.ndarray, ...] = field(default=(), repr=False, compare=False)

    @property
    def double(self) -> bool:
        """Doubling gains: the better answer to it is worth more than playing on."""
        return min(self.double_take, self.double_pass) > self.no_double

    @property
    def take(self) -> bool:
        """Taking is the answer: it costs the taker less than passing."""
        return self.double_take <= self.double_pass

    def as_dict(self) -> dict[str, object]:
        out = _figures(self)
        out.update(double=self.double, take=self.take)
        return out


CubeProgress = Callable[[int, int, CubeRolloutResult], None]


def _cube_summary(
    no_double: np.ndarray, double_take: np.ndarray, settings: RolloutSettings, seconds: float
) -> CubeRolloutResult:
    """Both lines' figures from the rows of the same games (the double line's cube is twice)."""
    nd = summarise(no_double, replace(settings, cubeful=True), seconds)
    doubled = 2.0 * _cubeful(double_take)
    assert nd.cubeful_equity is not None and nd.cubeful_se is not None
    return CubeRolloutResult(
        games=len(doubled),
        no_double=nd.cubeful_equity,
        no_double_se=nd.cubeful_se,
        double_take=float(doubled.mean()),
        double_take_se=float(_se(doubled)),
        difference_se=float(_se(doubled - _cubeful(no_double))),
        outputs=nd.outputs,
        outputs_se=nd.outputs_se,
        equity=nd.equity,
        equity_se=nd.equity_se,
        seconds=seconds,
        rows=(no_double, double_take),
    )


def cube_rollout(
    position: Position,
    settings: RolloutSettings = RolloutSettings(),
    *,
    workers: int | None = None,
    weights: str | os.PathLike[str] | None = None,
    evaluator: NetEvaluator | None = None,
    progress: CubeProgress | None = None,
    start_method: str | None = None,
    poll: Callable[[], None] | None = None,
    resume: CubeRolloutResult | None = None,
) -> CubeRolloutResult:
    """Roll out the money cube decision of the player on roll of ``position``: ``settings``
    with the cube as it is (``cube``, ``owner``: centred or the player's own) is the no-double
    line; the same games with the cube doubled and the opponent's are the double/take line
    (``cubeful`` is implied). Workers, weights, evaluator, start method, poll and resume as
    in ``rollout``; ``progress(done, total, result_so_far)`` after each chunk both lines have
    played. Raises ``ValueError`` when the player on roll may not double, for a finished
    position or bad settings."""
    nd = replace(settings, cubeful=True)
    if not CubeState(cube=nd.cube, owner=nd.owner).may_double():
        raise ValueError("The player on roll may not double: there is no cube decision.")
    dt = replace(nd, cube=2 * nd.cube, owner=THEIRS)
    started = _started(resume)
    result: CubeRolloutResult | None = None
    lines = [(position, nd), (position, dt)]
    played = _played(lines, workers, weights, evaluator, start_method, poll, _rows(resume))
    with closing(played):
        for plain, doubled in played:
            result = _cube_summary(plain, doubled, nd, time.monotonic() - started)
            if progress is not None:
                progress(result.games, nd.games, result)
    assert result is not None
    return result


# -- plays rolled out side by side --------------------------------------------------------------


@dataclass(frozen=True)
class PlaysRolloutResult:
    """Plays of one roll rolled out on the same games (so the same dice), from the view of the
    player who makes them: each play's equity (cubeless, or with ``cubeful`` money cubeful per
    cube) and chances with their standard errors, and how far each is behind the best of them
    by the rollout, game by game (0 for the best). A play that ends the game has its exact value
    (standard error 0)."""

    games: int
    equities: tuple[float, ...]
    equity_ses: tuple[float, ...]
    behind: tuple[float, ...]
    behind_ses: tuple[float, ...]
    outputs: tuple[tuple[float, ...], ...]
    seconds: float
    cubeful: bool = False  # the equities are money cubeful ones, per cube
    # the rows of the plays played out (not those that end the game), to go on from
    rows: tuple[np.ndarray, ...] = field(default=(), repr=False, compare=False)

    @property
    def best(self) -> int:
        """The index of the play the rollout finds best."""
        return int(np.argmax(self.equities))

    def as_dict(self) -> dict[str, object]:
        out = _figures(self)
        out["best"] = self.best
        return out


PlaysProgress = Callable[[int, int, PlaysRolloutResult], None]


def _plays_summary(
    columns: list[np.ndarray], outputs: list[np.ndarray], games: int, seconds: float
) -> PlaysRolloutResult:
    """The figures of plays from each play's equity per game and its outputs per game."""
    values = np.stack(columns, axis=1)  # (games, plays), the mover's equity
    means = values.mean(axis=0)
    best = int(np.argmax(means))
    gaps = values[:, [best]] - values
    return PlaysRolloutResult(
        games=games,
        equities=tuple(float(v) for v in means),
        equity_ses=tuple(float(v) for v in _se(values)),
        behind=tuple(float(v) for v in gaps.mean(axis=0)),
        behind_ses=tuple(float(v) for v in _se(gaps)),
        outputs=tuple(tuple(float(x) for x in o.mean(axis=0)) for o in outputs),
        seconds=seconds,
    )


def plays_rollout(
    results: Sequence[Position],
    settings: RolloutSettings = RolloutSettings(),
    *,
    workers: int | None = None,
    weights: str | os.PathLike[str] | None = None,
    evaluator: NetEvaluator | None = None,
    progress: PlaysProgress | None = None,
    start_method: str | None = None,
    poll: Callable[[], None] | None = None,
    resume: PlaysRolloutResult | None = None,
) -> PlaysRolloutResult:
    """Roll out the results of plays of one roll (each with the opponent on roll, as
    ``engine.moves.legal_results`` gives them) on the same games: cubeless, or with ``cubeful``
    money cubeful with the cube of ``settings`` (``cube``, ``owner`` from the view of the
    player who makes the plays; the opponent may double at once), each play's equity then in
    units of that cube. Workers, weights, evaluator, start method, poll and resume as in
    ``rollout``; ``progress(done, total, result_so_far)`` after each chunk every play has
    played. Raises ``ValueError`` without plays or for bad settings."""
    if not results:
        raise ValueError("There are no plays to roll out.")
    if settings.cubeful:  # the opponent's view of the cube, and its first roll's cube action
        owner = {CENTRED: CENTRED, MINE: THEIRS, THEIRS: MINE}[settings.owner]
        settings = replace(settings, owner=owner, root_doubles=True)
    live = [k for k, r in enumerate(results) if not r.is_game_over()]
    ended = [k for k, r in enumerate(results) if r.is_game_over()]
    exact: dict[int, np.ndarray] = {}
    if ended:
        ev = evaluator if evaluator is not None else load_evaluator(weights)
        finals = ev.evaluate_batch([results[k] for k in ended])
        exact = {
            k: flip(np.asarray(p, dtype=np.float64)) for k, p in zip(ended, finals, strict=True)
        }
    started = _started(resume)

    def summary(rows: Sequence[np.ndarray], games: int) -> PlaysRolloutResult:
        columns: list[np.ndarray] = []
        outputs: list[np.ndarray] = []
        played = dict(zip(live, rows, strict=True))
        for k in range(len(results)):
            if k in played:
                # the games' outputs for the opponent on roll, luck taken off: the mover's
                mover = flip(_adjusted(played[k]))
                # the opponent's cubeful points, luck taken off: the mover's
                value = -_cubeful(played[k]) if settings.cubeful else equity(mover)
            else:  # the play won: its points, per cube
                mover = np.repeat(exact[k][None], games, axis=0)
                value = equity(mover)
            columns.append(value)
            outputs.append(mover)
        figures = _plays_summary(columns, outputs, games, time.monotonic() - started)
        return replace(figures, rows=tuple(rows), cubeful=settings.cubeful)

    if not live:  # every play ends the game: their exact values, no game played
        return replace(summary([], 1), games=0)
    result: PlaysRolloutResult | None = None
    lines = [(results[k], settings) for k in live]
    played = _played(lines, workers, weights, evaluator, start_method, poll, _rows(resume))
    with closing(played):
        for rows in played:
            result = summary(rows, len(rows[0]))
            if progress is not None:
                progress(result.games, settings.games, result)
    assert result is not None
    return result


def stderr_progress(prefix: str = "rollout") -> Callable[[int, int, Any], None]:
    """A progress callback writing one updating line to stderr (for ``rollout`` and
    ``cube_rollout``)."""

    def show(done: int, total: int, result: RolloutResult | CubeRolloutResult) -> None:
        rate = done / max(result.seconds, 1e-9)
        if isinstance(result, CubeRolloutResult):
            figures = (
                f"no double {result.no_double:+.4f} +- {result.no_double_se:.4f}, double/take "
                f"{result.double_take:+.4f} +- {result.double_take_se:.4f}"
            )
        else:
            figures = f"equity {result.equity:+.4f} +- {result.equity_se:.4f}"
        sys.stderr.write(f"\r{prefix}: {done}/{total} games, {rate:.1f} games/s, {figures}   ")
        if done >= total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    return show


# -- the JSON-lines service: ``python -m ai rollout`` ----------------------------------------------

_OWNERS = {"centred": CENTRED, "centered": CENTRED, "mine": MINE, "theirs": THEIRS}
_REQUEST_KEYS = {
    "position_id",
    "games",
    "truncate",
    "seed",
    "variance_reduction",
    "bearoff_stop",
    "cubeful",
    "cube",
    "owner",
    "cube_decision",
}


def settings_from_request(request: object, defaults: RolloutSettings) -> RolloutSettings:
    """The settings of one request (missing fields from ``defaults``); raises ``ValueError``."""
    if not isinstance(request, dict):
        raise ValueError("A request is a JSON object with a position_id.")
    unknown = sorted(set(request) - _REQUEST_KEYS)
    if unknown:
        raise ValueError(f"Unknown field(s) {', '.join(unknown)}.")
    fields = asdict(defaults)
    for key in ("games", "truncate", "seed", "cube"):
        if key in request:
            value = request[key]
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f'"{key}" must be a whole number.')
            fields[key] = value
    for key in ("variance_reduction", "bearoff_stop", "cubeful"):
        if key in request:
            if not isinstance(request[key], bool):
                raise ValueError(f'"{key}" must be true or false.')
            fields[key] = request[key]
    if "owner" in request:
        owner = request["owner"]
        if not isinstance(owner, str) or owner not in _OWNERS:
            raise ValueError('"owner" is "centred", "mine" or "theirs".')
        fields["owner"] = _OWNERS[owner]
    return RolloutSettings(**fields)


def serve(
    lines: Iterable[str | bytes],
    out: TextIO,
    defaults: RolloutSettings,
    workers: int | None,
    weights: str | None,
    quiet: bool,
) -> None:
    """Answer every non-empty line with one JSON line: the rollout's figures or an error
    (also for a line that is not UTF-8, not standard JSON, nested too deeply or too long, as
    the decision service answers them)."""
    import json

    from ai.request_lines import decode_request
    from engine.errors import EngineError

    for line in lines:
        if not line.strip():
            continue
        try:
            request = decode_request(line)
            settings = settings_from_request(request, defaults)
            assert isinstance(request, dict)  # settings_from_request refuses anything else
            if "position_id" not in request:
                raise ValueError('A request needs "position_id".')
            position = Position.from_position_id(request["position_id"])
            decision = request.get("cube_decision", False)
            if not isinstance(decision, bool):
                raise ValueError('"cube_decision" must be true or false.')
            reply: dict[str, object] = {"position_id": position.position_id()}
            if decision:
                progress = None if quiet else stderr_progress(f"cube {position.position_id()}")
                both = cube_rollout(
                    position, settings, workers=workers, weights=weights, progress=progress
                )
                reply.update(both.as_dict())
                settings = replace(settings, cubeful=True)
            else:
                progress = None if quiet else stderr_progress(f"rollout {position.position_id()}")
                result = rollout(
                    position, settings, workers=workers, weights=weights, progress=progress
                )
                reply.update(result.as_dict())
            reply["settings"] = asdict(settings)
        except (EngineError, ValueError, TypeError, OverflowError) as exc:
            reply = {"error": str(exc) or type(exc).__name__}
        out.write(json.dumps(reply) + "\n")
        out.flush()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``python -m ai rollout`` (defaults for every request)."""
    parser.add_argument("--games", type=int, default=1296, help="games per position")
    parser.add_argument("--truncate", type=int, default=0, help="plies (0: to the end)")
    parser.add_argument("--seed", type=int, default=0, help="dice seed")
    parser.add_argument("--no-vr", action="store_true", help="no luck adjustment")
    parser.add_argument(
        "--no-bearoff-stop", action="store_true", help="play bear-offs out (no exact database)"
    )
    parser.add_argument("--cubeful", action="store_true", help="money game with the cube")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    parser.add_argument("--weights", default=None, help="directory of other networks")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")


def main(args: argparse.Namespace) -> int:
    """Run the service with parsed ``args`` on stdin/stdout; returns the exit status."""
    try:
        defaults = RolloutSettings(
            games=args.games,
            truncate=args.truncate,
            seed=args.seed,
            variance_reduction=not args.no_vr,
            bearoff_stop=not args.no_bearoff_stop,
            cubeful=args.cubeful,
        )
        if args.workers is not None and args.workers < 1:
            raise ValueError("--workers must be at least 1.")
        if args.weights is not None:
            load_evaluator(args.weights)  # fail now, with a clear message, if they do not load
    except (OSError, ValueError) as exc:
        print(f"python -m ai rollout: {exc}", file=sys.stderr)
        return 2
    from ai.request_lines import request_lines

    try:
        lines = request_lines(sys.stdin.buffer)
        serve(lines, sys.stdout, defaults, args.workers, args.weights, args.quiet)
    except (BrokenPipeError, KeyboardInterrupt):
        return 0
    return 0
