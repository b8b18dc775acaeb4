"""Resignations judged by the evaluator: accept one that gives at least what playing on is worth.

A resignation of a single game (1), gammon (2) or backgammon (3) gives the winner that many
times the cube. The side offered it accepts when that is at least what playing on is worth by its
evaluation, as GNU Backgammon does: in a money game its cubeless equity in points per cube (win,
gammon and backgammon chances); in a match its match winning chances, so that what the score
makes of a gammon counts (at double match point a single game wins the match). It is offered by
a side whose chances of doing better are nil.
"""

from __future__ import annotations

import numpy as np

from ai.cube import CubeState, move_value_fn
from ai.evaluator import Evaluator, equity, flip
from engine.position import Position

# Chances below this count as nil when the computer decides to offer a resignation.
NIL = 0.0005


def accepts_resignation(
    evaluator: Evaluator,
    position: Position,
    kind: int,
    by_on_roll: bool,
    state: CubeState | None = None,
) -> bool:
    """Should the opponent of the resigning side accept ``kind`` points per cube?

    ``position`` is seen from the player on roll; ``by_on_roll`` says whether that player is the
    one resigning. ``state`` is the cube and score seen from the side that accepts or refuses
    (None: a money game); in a match the choice is by match winning chances with the cube
    where it is. Raises ``ValueError`` for a kind other than 1, 2 or 3.
    """
    if kind not in (1, 2, 3):
        raise ValueError(f"A resignation is of 1, 2 or 3 points per cube, not {kind!r}.")
    on_roll = np.asarray(evaluator.evaluate_batch([position]), dtype=np.float64)
    acceptor = flip(on_roll) if by_on_roll else on_roll
    if state is None or not state.is_match:
        return kind >= float(equity(acceptor)[0]) - 1e-9
    value = move_value_fn(state)
    resigned = np.array([[1.0, float(kind >= 2), float(kind >= 3), 0.0, 0.0]])
    return float(value(resigned)[0]) >= float(value(acceptor)[0]) - 1e-9


def resignation_to_offer(evaluator: Evaluator, position: Position) -> int:
    """The resignation the player on roll can offer without giving anything away: 1, 2 or 3
    when it is sure to lose that much and no more, else 0 (play on).

    A single game when its chances to win and to lose a gammon are nil; a gammon when it is
    sure to lose one and the chance of a backgammon is nil; a backgammon when that is sure.
    While the gammon (or the backgammon) can still be saved it plays on: offering it gave the
    opponent what the game might not have (seen in a real window: a gammon resigned with two
    checkers still in the opponent's home board, a quarter of the games saved, the match lost).
    """
    win, _wg, _wbg, lose_gammon, lose_backgammon = evaluator.evaluate_batch([position])[0]
    if win > NIL:
        return 0
    if lose_gammon <= NIL:
        return 1
    if lose_gammon < 1.0 - NIL:
        return 0
    if lose_backgammon <= NIL:
        return 2
    return 3 if lose_backgammon >= 1.0 - NIL else 0
