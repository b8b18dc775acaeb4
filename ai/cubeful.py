"""Cube decisions by a cubeful look-ahead: no double and double/take searched 1 or 2 plies deep.

Janowski's model (``ai.cube.decide``) values the cube from the chances at the root alone, so it
cannot see the market losers: the rolls after which a double that was a take becomes a pass.
A look-ahead sees them, as GNU Backgammon's n-ply cube evaluations do:

* **1 ply**: for each of the 21 rolls of the player on roll, the best play by its 0-ply cubeful
  value (``ai.cube.cubeful_value_fn``) with the cube as it is (no double) and with the cube
  doubled and the opponent's (double, take); the values averaged over the 36 rolls.
* **2 plies**: the same plays, each then valued a ply deeper: for each of the opponent's 21 rolls
  the reply worst for the player, whose position after it is valued cubefully (0-ply); and where
  the rules let the opponent double there (the cube centred or theirs), the opponent's cube
  action too: they double when that is worse for the player than playing on, who then takes or
  passes, whichever is better for them.

All values are EMG from the view of the player on roll, normalised to the cube of ``state``
(as ``decide`` reports them). The plays inside the look-ahead are chosen by 0-ply values, as GNU
Backgammon chooses them inside its own look-ahead; the cube's efficiency ``x`` is the root's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import numpy as np

from ai.cube import (
    MINE,
    THEIRS,
    CubeDecision,
    CubeState,
    cube_efficiency,
    cubeful_value_fn,
    decide,
    points_value,
    position_features,
)
from ai.evaluator import Evaluator, flip
from ai.met import MatchEquityTable
from ai.search import Batch, CancelToken, check_cancel, results_batch
from engine.match import MAX_CUBE
from engine.position import Position

ValueFn = Callable[[np.ndarray], np.ndarray]


@dataclass(frozen=True)
class _Branch:
    """How one cube line is valued, from the root player's view.

    ``mine``: the cube as it is on that line; ``doubled``: the cube after the opponent's double
    (owned by the root player), None when the opponent may not double there; ``passed``: the
    value of passing that double.
    """

    mine: ValueFn
    doubled: ValueFn | None
    passed: float


def _branch(state: CubeState, met: MatchEquityTable, x: float, norm: int) -> _Branch:
    mine = cubeful_value_fn(state, met, x, normalise_to=norm)
    if not state.swapped().may_double():  # the rules' view, as ``CubeState.may_double``
        return _Branch(mine, None, 0.0)
    doubled = replace(state, cube=2 * state.cube, owner=MINE)
    return _Branch(
        mine,
        cubeful_value_fn(doubled, met, x, normalise_to=norm),
        points_value(state, met, -state.cube, normalise_to=norm),
    )


def _node_values(
    evaluator: Evaluator, result: Position, branches: Sequence[_Branch]
) -> list[float]:
    """1-ply values of ``result`` (the opponent on roll) for the player who made it, per branch."""
    if result.is_game_over():
        mover = flip(np.asarray(evaluator.evaluate_batch([result]), dtype=np.float64))
        return [float(b.mine(mover)[0]) for b in branches]
    _replies, probs, spans = results_batch(evaluator, result)
    out: list[float] = []
    for branch in branches:
        # after the reply the root player is on roll: the outputs are theirs already
        plays_on = _worst_reply_mean(branch.mine(probs), spans)
        if branch.doubled is None:
            out.append(plays_on)
            continue
        taken = _worst_reply_mean(branch.doubled(probs), spans)
        out.append(min(plays_on, max(taken, branch.passed)))
    return out


def _worst_reply_mean(values: np.ndarray, spans: Sequence[tuple[int, int, int]]) -> float:
    total = 0.0
    for start, stop, weight in spans:
        total += weight * float(np.min(values[start:stop]))
    return total / 36.0


def lookahead_values(
    evaluator: Evaluator,
    position: Position,
    state: CubeState,
    met: MatchEquityTable,
    plies: int = 1,
    cancel: CancelToken = None,
    first: Batch | None = None,
) -> tuple[float, float, np.ndarray]:
    """No double and double/take values (EMG, the player on roll of ``position``, normalised to
    the cube of ``state``) by a look-ahead of ``plies`` (1 or 2), and the 1-ply cubeless outputs
    (the average over the rolls of the outputs after the no-double line's plays).

    ``first``, when given, is the batch of every result of every roll of ``position`` (as
    ``results_batch`` makes it), so that a caller that has it need not evaluate it again.
    Raises ``ValueError`` for other depths.
    """
    if plies not in (1, 2):
        raise ValueError(f"The cube looks 1 or 2 plies ahead, not {plies!r}.")
    check_cancel(cancel)
    after, probs, spans = results_batch(evaluator, position) if first is None else first
    mover = flip(probs)
    x = cube_efficiency(position_features(position))
    norm = state.cube
    lines = [state]
    if 2 * state.cube <= MAX_CUBE:  # no double/take line beyond the cube's last value
        lines.append(replace(state, cube=2 * state.cube, owner=THEIRS))
    zero_ply = [np.asarray(cubeful_value_fn(s, met, x, normalise_to=norm)(mover)) for s in lines]
    chosen = [
        [start + int(np.argmax(v[start:stop])) for start, stop, _w in spans] for v in zero_ply
    ]
    outputs = sum(w * mover[j] for (_s, _t, w), j in zip(spans, chosen[0], strict=True)) / 36.0
    if plies == 1:
        values = [
            sum(w * float(v[j]) for (_s, _t, w), j in zip(spans, picks, strict=True)) / 36.0
            for v, picks in zip(zero_ply, chosen, strict=True)
        ]
    else:
        values = _two_ply(evaluator, after, spans, chosen, lines, met, x, norm, cancel)
    return values[0], values[-1], np.asarray(outputs, dtype=np.float64)


def _two_ply(
    evaluator: Evaluator,
    after: Sequence[Position],
    spans: Sequence[tuple[int, int, int]],
    chosen: Sequence[Sequence[int]],
    lines: Sequence[CubeState],
    met: MatchEquityTable,
    x: float,
    norm: int,
    cancel: CancelToken,
) -> list[float]:
    """The lines' values with each chosen result valued a ply deeper (``_node_values``)."""
    branches = [_branch(s, met, x, norm) for s in lines]
    # each chosen result is searched once, for every line that chose it
    wanted: dict[int, set[int]] = {}
    for line, picks in enumerate(chosen):
        for j in picks:
            wanted.setdefault(j, set()).add(line)
    node: dict[tuple[int, int], float] = {}
    for j, which in wanted.items():
        check_cancel(cancel)
        ordered = sorted(which)
        valued = _node_values(evaluator, after[j], [branches[line] for line in ordered])
        for line, value in zip(ordered, valued, strict=True):
            node[(j, line)] = value
    return [
        sum(w * node[(j, line)] for (_s, _t, w), j in zip(spans, picks, strict=True)) / 36.0
        for line, picks in enumerate(chosen)
    ]


def lookahead_decision(
    evaluator: Evaluator,
    position: Position,
    state: CubeState,
    met: MatchEquityTable,
    plies: int = 1,
    cancel: CancelToken = None,
    first: Batch | None = None,
) -> CubeDecision:
    """The cube decision for the player on roll: what the rules allow (``decide``), with the
    no double and double/take values of the look-ahead where doubling is a choice."""
    nd, dt, outputs = lookahead_values(evaluator, position, state, met, plies, cancel, first)
    x = cube_efficiency(position_features(position))
    decision = decide(outputs, state, x=x, met=met)
    if not decision.may_double or decision.forced_double:
        return decision
    return replace(decision, no_double=nd, double_take=dt)
