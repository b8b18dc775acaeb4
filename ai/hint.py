"""Hints: the best plays of a roll as the Expert ranks them, the cube hint, and the chances.

Every value is for the player who acts, in the units of ``ai.cube.move_value_fn`` (EMG in a
match, cubeful equity per cube for money with the cube in play, points without it), as the
Expert level chooses by them.

``best_plays`` shows the Expert's best plays (``ComputerPlayer.rank``: 0-ply for every play,
the reply search for the promising ones, a 2-ply search of a close call between the best two),
its choice first and the others by their loss, and compares like with like: a play searched
less deeply than the best is compared with the best's value at that same depth, and its equity
is moved by as much as the best's moved between that depth and the deepest. So the first play
is the Expert's choice, every loss is 0 or more, and a shallow play is never made to look better
or worse by the depth alone (GNU Backgammon shows each play's own depth; the shift puts all on
one scale). Chances are the 1-ply outputs after each play.

``analysed_plays`` lists the plays of a roll as the match analysis judges them before any is
made (``Analyser.ranking``): the window's hint, so that the hint, the tutor and the analysis give
every play the same value (the analysis values plays cubefully with the cube where it is, the
Expert chooses in a match by the match equity of a dead cube: their numbers differ), and its
losses count from the first play shown.

``cube_hint`` is ``ComputerPlayer.cube_decision`` (the Expert's own cube action) with the
chances of the player on roll before rolling that it rests on (``chances``). Every function
takes ``cancel`` and raises ``ai.search.Cancelled`` when asked to stop.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from ai.analysis import SHOWN
from ai.cube import CUBELESS_MONEY, CubeDecision, CubeState, move_value_fn
from ai.evaluator import Evaluator, equity, load_default_evaluator
from ai.player import ComputerPlayer
from ai.search import CancelToken, position_outputs, reply_values
from engine.moves import Play, legal_plays
from engine.position import Position
from engine.turn import most_borne_off

if TYPE_CHECKING:
    from ai.analysis import Analyser
    from ai.rollout import PlaysRolloutResult

SHOWN_PLAYS = SHOWN  # the plays the hint lists; the analysis judges a mistake against them


@dataclass(frozen=True)
class HintPlay:
    """One play of a hint: its equity and loss (see the module doc), its depth, and the 1-ply
    outputs after it for the mover (win, win gammon, win backgammon, lose gammon, lose bg);
    ``games``: when a rollout valued it (``with_rollout``), its games, and the outputs are the
    games' chances."""

    play: Play
    equity: float
    loss: float
    depth: int
    outputs: tuple[float, float, float, float, float]
    games: int = 0


@dataclass(frozen=True)
class CubeHint:
    """The Expert's cube decision for the player on roll and the chances it rests on."""

    decision: CubeDecision
    outputs: tuple[float, float, float, float, float]


def best_plays(
    player: ComputerPlayer,
    position: Position,
    dice: Sequence[int],
    state: CubeState | None = None,
    cancel: CancelToken = None,
    count: int = SHOWN_PLAYS,
) -> list[HintPlay]:
    """The Expert's ``count`` best plays of ``dice``, its choice first and the others by their
    loss; empty when none is legal.

    Raises ``ValueError`` for dice that are not two numbers 1-6.
    """
    plays = {p.result: p for p in legal_plays(position, dice)}
    ranked = player.rank(position, dice, state, cancel)[:count]
    if not ranked:
        return []
    value_fn = move_value_fn(state or CUBELESS_MONEY, player.met)
    values1, outputs1 = reply_values(player.evaluator, [r.result for r in ranked], value_fn, cancel)
    best = ranked[0]
    # the best play's value at each depth a shown play was searched to
    best_at = {0: best.value0, best.depth: best.value}
    if best.depth > 1:
        best_at[1] = float(values1[0])
    out = []
    for r, mine in zip(ranked, outputs1, strict=True):
        loss = best_at[r.depth] - r.value
        out.append(
            HintPlay(
                play=plays[r.result],
                equity=best.value - loss,
                loss=loss,
                depth=r.depth,
                outputs=_five(mine),
            )
        )
    # the Expert's choice first, the others by what they lose on that scale (the search's order
    # of plays searched to different depths could list a bigger loss above a smaller one)
    return out[:1] + sorted(out[1:], key=lambda h: h.loss)


def analysed_plays(
    analyser: Analyser,
    position: Position,
    dice: Sequence[int],
    state: CubeState,
    cancel: CancelToken = None,
    count: int = SHOWN_PLAYS,
    also: Position | None = None,
) -> list[HintPlay]:
    """The ``count`` best plays of ``dice`` as the match analysis ranks them before a play is
    made (``Analyser.ranking``; ``state`` as ``ai.analysis.judged_state`` gives it), on its
    scale: the tutor and the analysis give a play made its loss against the same best. The
    chances are those of the ranking's own search at each play's depth (2-ply for a settled
    play). ``also``, the result of a play (the one made, in a review), is added after them when
    it is not among them. Empty when none is legal."""
    ranked = analyser.ranking(position, dice, state, cancel, count, also)
    shown = ranked[:count]
    shown += [r for r in ranked[count:] if also is not None and r.play.result == also][:1]
    return [
        HintPlay(play=r.play, equity=r.value, loss=r.loss, depth=r.depth, outputs=_five(r.outputs))
        for r in shown
    ]


def plays_scale(
    analyser: Analyser, position: Position, state: CubeState
) -> Callable[[np.ndarray], np.ndarray]:
    """The scale ``analysed_plays`` values the plays of ``position`` on, as a function of the
    mover's five chances after a play (``(N, 5) -> (N,)``): to value chances found otherwise
    (a rollout's) on the same scale."""
    return analyser.value_fn(position, state)


@dataclass(frozen=True)
class RolledPlay:
    """A play's figures from a rollout, on the hint's scale: its value, the chances its games
    gave (the mover's five outputs) and how many games they were."""

    value: float
    outputs: tuple[float, float, float, float, float]
    games: int


def rolled_plays(
    results: Sequence[Position],
    figures: PlaysRolloutResult,
    scale: Callable[[np.ndarray], np.ndarray],
) -> dict[Position, RolledPlay]:
    """The figures of plays rolled out (``results``: their results, in the order of
    ``figures``) on the hint's scale: the rollout's cubeful equity where it has one (a money
    game with the cube: per cube, the hint's scale there), else ``scale`` (``plays_scale``) on
    the chances its games gave (without the cube, their cubeless equity; in a match, the match
    equity of those chances)."""
    if len(results) != len(figures.equities):
        raise ValueError("the rollout's figures are not those of these plays")
    if figures.cubeful:
        values = np.asarray(figures.equities, dtype=np.float64)
    else:
        values = np.asarray(scale(np.asarray(figures.outputs, dtype=np.float64)), dtype=np.float64)
    return {
        result: RolledPlay(float(value), _five(np.asarray(outputs)), figures.games)
        for result, value, outputs in zip(results, values, figures.outputs, strict=True)
    }


def with_rollout(
    plays: Sequence[HintPlay],
    rolled: Mapping[Position, RolledPlay],
    order: Sequence[Position] = (),
) -> list[HintPlay]:
    """The hint's ``plays`` with those rolled out (``rolled``, by their results) valued by
    their rollouts instead, as GNU Backgammon's hint list takes rollouts in: highest value
    first, every loss counted from the highest; the plays not rolled out keep their values
    and chances. With an ``order`` (results, as a list showed them while a rollout runs) the
    plays in it keep their places, first, and the others follow by value."""
    lines = []
    for h in plays:
        figures = rolled.get(h.play.result) if h.play.result is not None else None
        if figures is not None:
            h = replace(h, equity=figures.value, outputs=figures.outputs, games=figures.games)
        lines.append(h)
    place: dict[Position | None, int] = {result: k for k, result in enumerate(order)}
    lines.sort(key=lambda h: (place.get(h.play.result, len(place)), -h.equity))
    top = max((h.equity for h in lines), default=0.0)
    return [replace(h, loss=top - h.equity) for h in lines]


def cube_hint(
    player: ComputerPlayer,
    position: Position,
    state: CubeState,
    cancel: CancelToken = None,
    answer: bool = False,
) -> CubeHint:
    """The cube decision for the player on roll of ``position`` (before rolling), with chances.

    While a double is pending (``answer``), ``position`` and ``state`` are the doubler's, as for
    ``ComputerPlayer.should_take``; the taker's values are the negated ones.
    """
    decision = player.cube_decision(position, state, cancel, answer)
    return CubeHint(decision, chances(player, position, state, cancel, answer))


def chances(
    player: ComputerPlayer,
    position: Position,
    state: CubeState,
    cancel: CancelToken = None,
    answer: bool = False,
) -> tuple[float, float, float, float, float]:
    """The chances of the player on roll of ``position`` before rolling: those the cube
    decision rests on where they are not the networks' (``ComputerPlayer.known_chances``: exact
    in a late race, played out in a timing battle or, for the ``answer`` to a double, where the
    doubler bears off with a straggler), else the 1-ply outputs."""
    exact = player.known_chances(position, cancel, answer)
    if exact is not None:
        return _five(exact)
    value_fn = move_value_fn(state, player.met)
    return _five(position_outputs(player.evaluator, position, 1, value_fn=value_fn, cancel=cancel))


def bear_off_play(plays: Sequence[Play], evaluator: Evaluator | None = None) -> Play:
    """Of a race's legal plays, the one that leaves its player the best cubeless equity by
    ``evaluator`` (the shipped one by default: exact where both sides are home, by the bear-off
    database, else the race network): the play made for a player who lets the program finish
    a race. Counting checkers off is not enough: with 4-3 and no checker to bear off, 6/2 5/2
    and 6/3 5/1 take as many pips and one of them can cost a tenth of a point."""
    if not plays:
        raise ValueError("no legal play to choose from")
    judge = evaluator if evaluator is not None else load_default_evaluator()
    results = [play.result for play in plays]
    if any(result is None for result in results):
        raise ValueError("plays without their results")
    # each result is seen from the opponent, on roll next: the player's equity is its negation
    values = -equity(judge.evaluate_batch([r for r in results if r is not None]))
    # of plays as good, the one that bears off the most checkers and leaves the fewest pips: in
    # a race as good as won every play wins, and 4/1 3/1 was played with 4-3 where 4/off 3/off
    # won as surely (the race network's 0.9983 against 0.9989) and looked a mistake (found by
    # a tester)
    best = float(values.max())
    near = NEAR if best >= SURE else TIE
    tied = [play for play, value in zip(plays, values, strict=True) if value >= best - near]
    return most_borne_off(tied)


# plays whose equities differ by less than this are as good ...
TIE = 1e-4
# ... and in a race as good as won (the best play's equity this high), by less than this: the
# race network's own error there
SURE = 0.995
NEAR = 0.003


def _five(values: np.ndarray) -> tuple[float, float, float, float, float]:
    a, b, c, d, e = (float(v) for v in np.asarray(values, dtype=np.float64).reshape(5))
    return (a, b, c, d, e)


__all__ = [
    "SHOWN_PLAYS",
    "CubeHint",
    "HintPlay",
    "RolledPlay",
    "analysed_plays",
    "bear_off_play",
    "best_plays",
    "chances",
    "cube_hint",
    "plays_scale",
    "rolled_plays",
    "with_rollout",
]
