"""The numbers a lesson's texts state, computed by the engine.

A step lists the numbers its texts claim (``"claims"``) with what each is; ``compute`` gives the
engine's value and ``python -m lessons check`` compares. ``audit`` finds the numbers the texts
state about pips, rolls and chances, so that none is left unchecked: each must be a claim of the
step, the computed answer of its exercise, or a constant of a rule the course teaches.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Set
from typing import Any

from engine import Position, legal_plays
from engine.dice import ROLLS

ALL_ROLLS = 36
# Claims the evaluator computes: its figures may move a little when the weights are retrained.
EVALUATED = {"win_chance": 1}  # kind: tolerance in the claim's unit


def _pips_on(position: Position, claim: dict[str, Any]) -> int:
    """Your checkers on ``point`` times the point: their share of your pip count."""
    point = int(claim["point"])
    return max(position.checker_at(point), 0) * point


def _opponent_distance(position: Position, claim: dict[str, Any]) -> int:
    """Pips an opponent checker on your ``point`` needs to bear off (it moves the other way)."""
    point = int(claim["point"])
    if position.checker_at(point) >= 0:
        raise ValueError(f"no opponent checker on your {point}-point")
    return 25 - point


def _distance(position: Position, claim: dict[str, Any]) -> int:
    return abs(int(claim["from"]) - int(claim["to"]))


def _rolls_with(position: Position, claim: dict[str, Any]) -> int:
    """How many of the 36 rolls show ``number`` on at least one die."""
    number = int(claim["number"])
    return sum(weight for dice, weight in ROLLS if number in dice)


def _lone_shots(distance: int) -> int:
    """Rolls hitting a lone blot ``distance`` pips in front of a lone shooter, nothing between.

    The shooter (on roll) has one checker on its 24-point and the rest on its 1-point, where
    they cannot move; the blot's side has that one checker left, on the shooter's
    (24 - distance)-point.
    """
    shooter = [0] * 25
    shooter[23], shooter[0] = 1, 14
    blot_side = [0] * 25
    blot_side[distance] = 1  # its (distance + 1)-point is the shooter's (24 - distance)-point
    position = Position(shooter, blot_side)
    target = 24 - distance
    return sum(
        weight
        for dice, weight in ROLLS
        if any(target in play.hits() for play in legal_plays(position, dice))
    )


def _direct_shots(position: Position, claim: dict[str, Any]) -> int:
    """The fewest ("min") or most ("max") rolls that hit a blot 1 to 6 pips away."""
    shots = [_lone_shots(d) for d in range(1, 7)]
    return min(shots) if claim.get("which") == "min" else max(shots)


def _indirect_shots(position: Position, claim: dict[str, Any]) -> int:
    """The most rolls that hit a blot 7 to 12 pips away (a single shooter)."""
    return max(_lone_shots(d) for d in range(7, 13))


def _direct_reach(position: Position, claim: dict[str, Any]) -> int:
    """The farthest one die reaches (``dice`` 1: the direct shots end there), two dice without
    a double (2), or a double's four steps (4: the farthest any roll hits)."""
    dice = int(claim.get("dice", 1))
    if dice not in (1, 2, 4):
        raise ValueError(f"a reach is of 1, 2 or 4 steps, not {dice!r}")
    return dice * 6


def _start_pips(position: Position, claim: dict[str, Any]) -> int:
    return Position.start().pip_count()[0]


def _win_chance(position: Position, claim: dict[str, Any]) -> int:
    """Your chance of winning (whole per cent, you on roll) by the Expert evaluator."""
    from lessons.judge import chances

    return round(100 * chances(position)[0])


def _race_take_point(position: Position, claim: dict[str, Any]) -> int:
    """The take point of a race like this one by the cube model (whole per cent): owning the
    cube after a take makes less than 25% enough. ``doubler``: "you" (default) or "opponent"."""
    from ai.cube import cube_efficiency, position_features
    from lessons.judge import take_point

    if claim.get("doubler", "you") == "opponent":
        position = position.swapped()
    if not position.is_race():
        raise ValueError("a race take point needs a race")
    return round(100 * take_point(cube_efficiency(position_features(position))))


KINDS: dict[str, Callable[[Position, dict[str, Any]], int]] = {
    "race_take_point": _race_take_point,
    "win_chance": _win_chance,
    "pips_on": _pips_on,
    "opponent_distance": _opponent_distance,
    "distance": _distance,
    "rolls_with": _rolls_with,
    "direct_shots": _direct_shots,
    "indirect_shots": _indirect_shots,
    "reach": _direct_reach,
    "start_pips": _start_pips,
}


def compute(position: Position, claim: dict[str, Any]) -> int:
    """The engine's value of ``claim``; raises ``ValueError`` for an unknown or bad claim."""
    kind = KINDS.get(claim.get("of", ""))
    if kind is None:
        raise ValueError(f"unknown claim {claim.get('of')!r} (known: {', '.join(KINDS)})")
    try:
        return kind(position, claim)
    except (KeyError, TypeError) as exc:
        raise ValueError(f"claim {claim!r} lacks a field: {exc}") from None


# A number followed by what it counts: pips, rolls, per cent, games in 100.
_NUMBER = re.compile(r"(\d+)\s*(%|pips?\b|rolls?\b|games? in 100\b|of the 36\b)")
_PRODUCT = re.compile(r"(\d+) [x×] (\d+) = (\d+)")


def audit(texts: list[str], allowed: set[int], percents: Set[int] = frozenset()) -> list[str]:
    """The numbers about pips, rolls and chances in ``texts`` that are not ``allowed`` (or, for
    a percentage, in ``percents``: a rule's constants), and wrong products (``2 × 24 = 48``)."""
    problems = []
    for text in texts:
        for match in _NUMBER.finditer(text):
            ok = allowed | percents if match.group(2) == "%" else allowed
            if int(match.group(1)) not in ok:
                problems.append(f"the number {match.group(0)!r} is neither computed nor a rule's")
        for a, b, c in _PRODUCT.findall(text):
            if int(a) * int(b) != int(c):
                problems.append(f"{a} × {b} is not {c}")
    return problems
