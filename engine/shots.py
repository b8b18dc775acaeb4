"""Shot counting: how many of the 36 rolls let a player hit a blot, by the legal plays.

Counts follow the rules exactly: a roll counts when at least one legal play of it (as
``legal_plays`` gives them, so the bar, blocked points and the use-all-dice rules apply) sends
the blot to the bar. Points are in the numbering of the player on roll of the position given.

>>> from engine.position import Position
>>> shot_count(Position.from_text("x 13:15; o 7:1 24:14"), 7)  # 6 away: 11 sixes, 51 42 33 22
17
"""

from __future__ import annotations

from engine.dice import ROLLS, Roll
from engine.errors import InvalidPositionError
from engine.moves import legal_results
from engine.position import Position


def opponent_blots(position: Position) -> list[int]:
    """The points (numbering of the player on roll) where the opponent has a single checker."""
    return [point for point in range(1, 25) if position.opponent[24 - point] == 1]


def own_blots(position: Position) -> list[int]:
    """The points (numbering of the player on roll) where the player on roll has one checker."""
    return [point for point in range(1, 25) if position.on_roll[point - 1] == 1]


def hitting_rolls(position: Position, point: int | None = None) -> list[Roll]:
    """The distinct rolls (higher die first) with which the player on roll can hit.

    ``point`` is the opponent's blot to hit (numbering of the player on roll); None: any blot.
    Raises ``InvalidPositionError`` when there is no opponent blot on ``point``.
    """
    targets = opponent_blots(position)
    if point is not None and point not in targets:
        raise InvalidPositionError(f"The opponent has no blot on point {point}.")
    if not targets:
        return []
    bar_before = position.opponent[24]
    out: list[Roll] = []
    for dice, _weight in ROLLS:
        for result in legal_results(position, dice):
            # the result is seen by the opponent: their side is result.on_roll
            if point is None:
                hit = result.on_roll[24] > bar_before
            else:
                hit = result.on_roll[24 - point] == 0
            if hit:
                out.append(dice)
                break
    return out


def shot_count(position: Position, point: int | None = None) -> int:
    """How many of the 36 rolls let the player on roll hit the blot on ``point`` (None: any).

    Raises ``InvalidPositionError`` when there is no opponent blot on ``point``.
    """
    return sum(1 if d1 == d2 else 2 for d1, d2 in hitting_rolls(position, point))


def shots_on(position: Position, point: int) -> int:
    """How many of the opponent's 36 rolls hit the blot of the player on roll on ``point``.

    ``point`` is in the numbering of the player on roll (as the board shows their blot); the
    count is for the opponent's next roll. Raises ``InvalidPositionError`` when the player on
    roll has no blot there.
    """
    if point not in own_blots(position):
        raise InvalidPositionError(f"There is no single checker of yours on point {point}.")
    return shot_count(position.swapped(), 25 - point)
