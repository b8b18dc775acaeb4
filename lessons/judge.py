"""The numbers behind the judgement questions: plays graded by the Expert's networks, and chances.

Imported only by the exercises that need it (``judge`` plays, evaluated take decisions), so that
the rules lessons load without the networks. Every figure a lesson shows about a play or a
position (equity, winning chance, shots) is computed here, never typed into a lesson file.

How a play is graded (``rank``): as a money game with the cube in the middle, which is how GNU
Backgammon values a position pasted into it. Each play's value is its cubeful equity (Janowski's
model of ``ai.cube``) after the player's best cube action at each turn of theirs: where the
player on roll would double and the other should pass, the value is the +1 the double cashes.
So in a position that every good play wins, the plays come out equal instead of being told
apart by gammons the cube would never let anyone play for. Every legal play is searched to
1-ply (every reply of the opponent); the plays that could be graded good or doubtful (within
``WINDOW`` of the best at 1-ply) are searched again to 2-ply and compared with each other at
that depth only, so no two plays are compared at different depths.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from engine import Play, Position, legal_plays
from engine.dice import ROLLS
from engine.moves import legal_results

EXPERT = "expert"
WINDOW = 0.12  # plays this close to the best at 1-ply are searched to 2-ply
MAX_DEEP = 8  # ... at most this many of them
MIN_DEEP = 3  # ... and at least this many (the top plays shown are compared at one depth)


@dataclass(frozen=True)
class RankedLine:
    """One legal play as graded, from the student's side.

    ``equity`` is the cubeful money equity after the play (cube in the middle), ``loss`` how much
    less than the best play it is worth and ``depth`` the search it got (2: 2-ply, 1: 1-ply).
    ``win()`` (the chance of winning, 0-1) and ``shots()`` (how many of the opponent's 36 rolls
    hit a blot of the student's after the play) are computed when shown.
    """

    play: Play
    equity: float
    loss: float
    depth: int = 2

    def win(self) -> float:
        return win_after(self.play.result)

    def shots(self) -> int:
        return shots_at(self.play.result)


@cache
def _player():  # type: ignore[no-untyped-def]
    from ai.player import ComputerPlayer

    return ComputerPlayer(EXPERT)


# One search at a time: the lesson window grades in the background while a check may run.
_LOCK = threading.RLock()


def rank(position: Position, dice: tuple[int, int]) -> list[RankedLine]:
    """Every legal play of ``dice`` graded (see the module), best first (empty: no play).

    The first call for a position takes a second or two (the 2-ply search); results are cached.
    """
    with _LOCK:
        return list(_rank(position, dice))


def is_ranked(position: Position, dice: tuple[int, int]) -> bool:
    """True when ``rank`` would answer at once (the search has been made)."""
    return (position, dice) in _RANKED


_RANKED: set[tuple[Position, tuple[int, int]]] = set()


@cache
def _rank(position: Position, dice: tuple[int, int]) -> tuple[RankedLine, ...]:
    plays = {play.result: play for play in legal_plays(position, dice) if play.result is not None}
    if not plays:
        return ()
    results = list(plays)
    evaluator = _player().evaluator
    one = values_1ply(evaluator, results)
    order = sorted(range(len(results)), key=lambda i: -one[i])
    deep = [i for k, i in enumerate(order) if k < MIN_DEEP or one[i] >= one[order[0]] - WINDOW]
    deep = deep[:MAX_DEEP]
    two = values_2ply(evaluator, [results[i] for i in deep])
    best2 = float(max(two))
    lines = [
        RankedLine(plays[results[i]], float(v), best2 - float(v), 2)
        for i, v in zip(deep, two, strict=True)
    ]
    lines.sort(key=lambda r: r.loss)
    # the rest, ranked at 1-ply: never ahead of the plays searched deeper
    floor = max(r.loss for r in lines)
    for i in order:
        if i not in deep:
            loss = max(float(one[order[0]] - one[i]), floor)
            lines.append(RankedLine(plays[results[i]], float(one[i]), loss, 1))
    _RANKED.add((position, dice))
    return tuple(lines)


# -- cubeful values with the cube actions of both players ---------------------------------------
# A cube state as the mover sees it: (cube value, owner), values in units of the starting cube.
CENTRE = (1, 0)
OWN_2 = (2, 1)  # the opponent doubled, the mover took
THEIR_2 = (2, -1)  # the mover doubled, the opponent took
THEIR_4 = (4, -1)  # the mover redoubled from 2
STATES = (CENTRE, THEIR_2, OWN_2, THEIR_4)


def leaf_values(mover_probs: np.ndarray) -> np.ndarray:
    """Janowski cubeful values of the mover for each of ``STATES``: ``(N, 4)`` from ``(N, 5)``
    outputs of the mover (whoever is on roll)."""
    from ai.cube import money_cubeful

    p = np.asarray(mover_probs, dtype=np.float64).reshape(-1, 5)
    return np.stack([c * money_cubeful(p, c, owner) for c, owner in STATES], axis=-1)


def _mover_turn(values: np.ndarray) -> np.ndarray:
    """The mover's cube action on roll, from the values of ``STATES`` before it: with the cube in
    the middle (double to 2 when it gains; the opponent takes or passes for 1) and owned at 2
    (redouble to 4; pass for 2). Columns: centred, owned at 2."""
    centred = np.maximum(values[..., 0], np.minimum(values[..., 1], 1.0))
    owned = np.maximum(values[..., 2], np.minimum(values[..., 3], 2.0))
    return np.stack([centred, owned], axis=-1)


def _opponent_turn(centred: float, owned: float) -> float:
    """The opponent on roll with the cube in the middle: doubles when that costs the mover, who
    then takes (owning the cube at 2) or passes (-1)."""
    return min(centred, max(owned, -1.0))


def on_roll_value(probs: np.ndarray) -> np.ndarray:
    """Cubeful value (cube in the middle) of the player on roll after their cube action, from
    their ``(N, 5)`` outputs before the roll."""
    return _mover_turn(leaf_values(probs))[..., 0]


def _flip(probs: np.ndarray) -> np.ndarray:
    from ai.evaluator import flip

    return flip(np.asarray(probs, dtype=np.float64))


def _rolls(position: Position) -> tuple[list[Position], list[tuple[int, int, int]]]:
    """Every result of every roll of the player on roll, and each roll's (start, stop, weight);
    a roll without a legal play leaves the position as it is, the other side on roll."""
    out: list[Position] = []
    spans: list[tuple[int, int, int]] = []
    for dice, weight in ROLLS:
        after = legal_results(position, dice) or [position.swapped()]
        spans.append((len(out), len(out) + len(after), weight))
        out.extend(after)
    return out, spans


def _finished(evaluator, result: Position) -> float:  # type: ignore[no-untyped-def]
    return float(leaf_values(_flip(evaluator.evaluate_batch([result])))[0, 0])


def values_1ply(evaluator, results: Sequence[Position]) -> np.ndarray:  # type: ignore[no-untyped-def]
    """1-ply values of results (opponent on roll) for the mover, cube in the middle: the
    opponent's cube action, each of its rolls with the reply worst for the mover, then the
    mover's cube action on the 0-ply values."""
    values = np.zeros(len(results))
    for i, result in enumerate(results):
        if result.is_game_over():
            values[i] = _finished(evaluator, result)
            continue
        replies, spans = _rolls(result)
        mine = _mover_turn(leaf_values(evaluator.evaluate_batch(replies)))
        centred = owned = 0.0
        for a, b, w in spans:
            j = a + int(np.argmin(mine[a:b, 0]))
            centred += w * float(mine[j, 0])
            owned += w * float(mine[j, 1])
        values[i] = _opponent_turn(centred / 36.0, owned / 36.0)
    return values


def values_2ply(evaluator, results: Sequence[Position]) -> np.ndarray:  # type: ignore[no-untyped-def]
    """2-ply values of results for the mover: the opponent's cube action; each of its rolls with
    its best reply by 0-ply; the mover's cube action on the 1-ply values of its own turn (each
    roll, its best play by 0-ply, valued by Janowski's model in every cube state)."""
    values = np.zeros(len(results))
    for i, result in enumerate(results):
        if result.is_game_over():
            values[i] = _finished(evaluator, result)
            continue
        replies, spans = _rolls(result)
        first = _mover_turn(leaf_values(evaluator.evaluate_batch(replies)))[:, 0]
        centred = owned = 0.0
        for a, b, weight in spans:
            node = replies[a + int(np.argmin(first[a:b]))]
            if node.is_game_over():
                turn = _mover_turn(leaf_values(evaluator.evaluate_batch([node])))[0]
            else:
                ours, inner = _rolls(node)
                leaves = leaf_values(_flip(evaluator.evaluate_batch(ours)))
                before = sum(w * leaves[c:d].max(axis=0) for c, d, w in inner) / 36.0
                turn = _mover_turn(before)
            centred += weight * float(turn[0])
            owned += weight * float(turn[1])
        values[i] = _opponent_turn(centred / 36.0, owned / 36.0)
    return values


# -- chances and shots ---------------------------------------------------------------------------
@cache
def win_after(result: Position) -> float:
    """The mover's chance of winning after a play (``result`` has the opponent on roll)."""
    from ai.search import position_outputs

    with _LOCK:
        return 1.0 - float(position_outputs(_player().evaluator, result, depth=1)[0])


@cache
def shots_at(result: Position) -> int:
    """How many of the 36 rolls of the player on roll in ``result`` hit some blot."""
    return sum(weight for roll, weight in ROLLS if any(p.hits() for p in legal_plays(result, roll)))


def chances(position: Position) -> tuple[float, float]:
    """(win, gammon-or-more) chances of the player on roll before the roll (see ``outputs``)."""
    return tuple(outputs(position)[:2])  # type: ignore[return-value]


def both_home(position: Position) -> bool:
    """Both sides entirely in their home boards: the bear-off database knows the race exactly."""
    return not any(position.on_roll[6:]) and not any(position.opponent[6:])


@cache
def outputs(position: Position) -> tuple[float, float, float, float, float]:
    """The five outputs of the player on roll before the roll: exact from the bear-off database
    when both sides are home, else by the Expert's 1-ply search."""
    from ai.search import position_outputs

    with _LOCK:
        depth = 0 if both_home(position) else 1
        out = position_outputs(_player().evaluator, position, depth=depth)
    return tuple(float(v) for v in out)  # type: ignore[return-value]


# -- take or pass by the cube model ---------------------------------------------------------------
@dataclass(frozen=True)
class TakeVerdict:
    """A money double with the cube in the middle, by the cube model (``ai.cube``).

    ``chance`` is the taker's winning chance (0-1), ``gammons`` the taker's chance of losing a
    gammon; ``no_double`` and ``double_take`` the doubler's cubeful equities (the pass is +1);
    ``take_point`` the taker's chance at which taking and passing are worth the same in this
    position (owning the cube after a take is worth something, so it is under 25%).
    """

    chance: float
    gammons: float
    no_double: float
    double_take: float
    take_point: float

    @property
    def take(self) -> bool:
        return self.double_take <= 1.0

    @property
    def double_gain(self) -> float:
        """How much the double gains the doubler over playing on (negative: not a double)."""
        return min(self.double_take, 1.0) - self.no_double


def take_verdict(doubler: Position) -> TakeVerdict:
    """The double of the player on roll in ``doubler`` (before the roll), judged by the cube
    model with this position's cube efficiency; chances as ``outputs`` gives them."""
    from ai.cube import MONEY_STATE, cube_efficiency, decide, position_features

    probs = np.asarray(outputs(doubler))
    x = cube_efficiency(position_features(doubler))
    decision = decide(probs, MONEY_STATE, x=x)
    return TakeVerdict(
        chance=1.0 - float(probs[0]),
        gammons=float(probs[1]),
        no_double=decision.no_double,
        double_take=decision.double_take,
        take_point=take_point(x),
    )


@cache
def take_point(x: float) -> float:
    """The taker's chance at which a take and a pass are equal without gammons, for cube
    efficiency ``x`` (Janowski): 25% with a dead cube, less as the cube is livelier."""
    from ai.cube import MONEY_STATE, decide

    low, high = 0.5, 1.0  # the doubler's chance
    for _ in range(40):
        mid = (low + high) / 2
        take = decide(np.array([mid, 0.0, 0.0, 0.0, 0.0]), MONEY_STATE, x=x).double_take
        low, high = (mid, high) if take < 1.0 else (low, mid)
    return 1.0 - (low + high) / 2
