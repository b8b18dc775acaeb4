"""Dice: the 21 distinct rolls, fair rolling and the opening roll.

The random source is always passed in (a ``random.Random``), never global, so that a seed replays
a whole match: the same seed and the same actions give the same dice.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Iterable
from typing import Any, NamedTuple, cast

Roll = tuple[int, int]

#: The 21 distinct rolls, higher die first, each with its weight out of 36 (doubles 1, others 2).
ROLLS: tuple[tuple[Roll, int], ...] = tuple(
    ((high, low), 1 if high == low else 2) for high in range(1, 7) for low in range(1, high + 1)
)

#: Every roll of ``ROLLS`` without its weight.
DISTINCT_ROLLS: tuple[Roll, ...] = tuple(roll for roll, _ in ROLLS)


def roll_weight(dice: Roll) -> int:
    """How many of the 36 ordered outcomes give this roll (1 for a double, 2 otherwise)."""
    d1, d2 = check_roll(dice)
    return 1 if d1 == d2 else 2


def two_dice(dice: object) -> Roll:
    """``dice`` as two whole numbers 1 to 6, in the order given; raises ``ValueError`` otherwise.

    The one check of a roll: every reader of dice (a request, a save, a replayed action) goes
    through it. Integer types that are not ``int`` (numpy's) are taken; ``bool``, floats and text
    are not.

    >>> two_dice([2, 5])
    (2, 5)
    """
    try:
        first, second = cast("Iterable[Any]", dice)
    except (TypeError, ValueError):
        raise ValueError(f"A roll is two dice, not {dice!r}.") from None
    try:
        if isinstance(first, bool) or isinstance(second, bool):
            raise TypeError
        d1, d2 = operator.index(first), operator.index(second)
    except TypeError:
        raise ValueError(f"Each die shows 1 to 6, not {dice!r}.") from None
    if not (1 <= d1 <= 6 and 1 <= d2 <= 6):
        raise ValueError(f"Each die shows 1 to 6, not {dice!r}.")
    return d1, d2


def check_roll(dice: object) -> Roll:
    """Return ``dice`` as a (higher, lower) pair; raises ``ValueError`` unless two dice 1..6."""
    d1, d2 = two_dice(dice)
    return (d1, d2) if d1 >= d2 else (d2, d1)


def roll_die(rng: random.Random) -> int:
    """One fair die, 1 to 6."""
    return rng.randint(1, 6)


def roll(rng: random.Random) -> Roll:
    """Two fair dice, in the order they fell (not sorted)."""
    return rng.randint(1, 6), rng.randint(1, 6)


class OpeningRoll(NamedTuple):
    """The outcome of the opening roll.

    ``dice`` is (die of player 0, die of player 1), never equal; ``starter`` is the player with
    the higher die, who plays both numbers; ``ties`` are the tied rolls before it, for display.
    """

    dice: Roll
    starter: int
    ties: tuple[int, ...]

    @property
    def roll(self) -> Roll:
        """The starter's roll, higher die first."""
        return check_roll(self.dice)


def opening_roll(rng: random.Random) -> OpeningRoll:
    """Each player rolls one die (player 0 first); ties are rolled again.

    >>> opening_roll(random.Random(3)).starter in (0, 1)
    True
    """
    ties: list[int] = []
    while True:
        mine, theirs = rng.randint(1, 6), rng.randint(1, 6)
        if mine != theirs:
            return OpeningRoll((mine, theirs), 0 if mine > theirs else 1, tuple(ties))
        ties.append(mine)
