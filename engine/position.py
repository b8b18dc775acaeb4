"""Positions seen from the player on roll, and GNU Backgammon Position IDs.

A side is a tuple of 25 checker counts in GNU Backgammon's layout: index ``i`` (0..23) is that
side's own point ``i + 1``, index 24 is its bar. Checkers not on the board are borne off.
My point ``p`` is the opponent's point ``25 - p``.
"""

from __future__ import annotations

import base64
import binascii
import re
from binascii import b2a_base64 as _b2a
from collections.abc import Iterable, Mapping

from engine.errors import (
    EngineError,
    InvalidPositionError,
    InvalidPositionIdError,
    PositionProblem,
)

CHECKERS = 15
BAR = 24  # index of the bar in a side tuple
START_SIDE = (0,) * 5 + (5, 0, 3) + (0,) * 4 + (5,) + (0,) * 10 + (2, 0)

_ID_RE = re.compile(r"^[A-Za-z0-9+/]{14}$")
_PIP_WEIGHTS = tuple(range(1, 26))

# The last side encoded in each role, by identity: the results of one roll share the side of the
# player who moves next, so it is encoded once per roll (a tuple pair is replaced atomically).
_last_high: tuple[object, int] = ((), 0)


def _side_bits(side: tuple[int, ...]) -> tuple[int, int]:
    """A side's run of bits (``n`` ones and a zero per point) as (value, length)."""
    value = 0
    shift = 0
    for n in side:
        if n:
            value |= ((1 << n) - 1) << shift
            shift += n
        shift += 1
    return value, shift


def encode_position_id(on_roll: tuple[int, ...], opponent: tuple[int, ...]) -> str:
    """The 14-character GNU Backgammon Position ID of two sides (no validation)."""
    global _last_high
    low, shift = _side_bits(opponent)
    last = _last_high
    if last[0] is on_roll:
        high = last[1]
    else:
        high = _side_bits(on_roll)[0]
        _last_high = (on_roll, high)
    key = low | (high << shift)
    return _b2a(key.to_bytes(10, "little"), newline=False)[:14].decode("ascii")


def decode_position_id(position_id: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The (on_roll, opponent) sides of a Position ID; raises ``InvalidPositionIdError``."""
    if not isinstance(position_id, str):
        raise InvalidPositionIdError("A Position ID must be text.")
    text = position_id.strip()
    if not _ID_RE.match(text):
        raise InvalidPositionIdError(
            f"{position_id!r} is not a Position ID: "
            "it must be 14 characters of A-Z, a-z, 0-9, + and /."
        )
    try:
        raw = base64.b64decode(text + "==", validate=True)
    except (binascii.Error, ValueError) as exc:  # pragma: no cover - the regex already guards
        raise InvalidPositionIdError(f"{position_id!r} is not a Position ID.") from exc
    # Least significant bit first: each point is a run of ones closed by a zero.
    runs = format(int.from_bytes(raw, "little"), "080b")[::-1].split("0")
    if len(runs) < 51:  # more checkers than the 50 runs can hold: a side has over 15
        raise InvalidPositionIdError(
            f"{position_id!r} is not a Position ID: too many checkers.",
            PositionProblem.TOO_MANY_CHECKERS,
        )
    if any(runs[50:]):
        raise InvalidPositionIdError(
            f"{position_id!r} is not a Position ID: stray bits after the board."
        )
    counts = list(map(len, runs[:50]))
    opponent, on_roll = tuple(counts[:25]), tuple(counts[25:])
    problem = _impossible(on_roll, opponent)
    if problem is not None:
        raise InvalidPositionIdError(
            f"{position_id!r} is not a valid position: {problem}",
            problem.reason,
            problem.side,
            problem.point,
        )
    return on_roll, opponent


def position_problem(
    on_roll: tuple[int, ...], opponent: tuple[int, ...]
) -> tuple[str, int, int] | None:
    """Why two sides of non-negative counts cannot form a position, or None.

    The answer is ``(PositionProblem code, side, point)``: side 0 is ``on_roll``, 1 ``opponent``;
    ``point`` is in ``on_roll``'s numbering (0 when the problem has no point).

    >>> position_problem(START_SIDE, START_SIDE) is None
    True
    >>> position_problem((1,) + (0,) * 24, (0,) * 23 + (1, 0))
    ('shared_point', 0, 1)
    """
    for side, counts in enumerate((on_roll, opponent)):
        if sum(counts) > CHECKERS:
            return PositionProblem.TOO_MANY_CHECKERS, side, 0
    for i in range(24):
        if on_roll[i] and opponent[23 - i]:
            return PositionProblem.SHARED_POINT, 0, i + 1
    return None


def _impossible(on_roll: tuple[int, ...], opponent: tuple[int, ...]) -> InvalidPositionError | None:
    """The error saying why two sides cannot form a position, or None."""
    problem = position_problem(on_roll, opponent)
    if problem is None:
        return None
    code, side, point = problem
    if code == PositionProblem.TOO_MANY_CHECKERS:
        who = ("The player on roll", "The opponent")[side]
        text = f"{who} has more than {CHECKERS} checkers."
    else:
        text = f"Both sides have checkers on point {point}."
    return InvalidPositionError(text, code, side, point)


def validate_sides(on_roll: tuple[int, ...], opponent: tuple[int, ...]) -> None:
    """Raise ``InvalidPositionError`` unless the two sides form a possible position (with the
    rule's ``reason``, see ``position_problem``)."""
    for name, side in (("player on roll", on_roll), ("opponent", opponent)):
        if len(side) != 25:
            raise InvalidPositionError(f"The {name} needs 25 counts (24 points and the bar).")
        if any((not isinstance(n, int)) or n < 0 for n in side):
            raise InvalidPositionError(f"The {name} has a negative or non-integer checker count.")
    problem = _impossible(on_roll, opponent)
    if problem is not None:
        raise problem


class Position(tuple[tuple[int, ...], tuple[int, ...]]):
    """An immutable backgammon position from the point of view of the player on roll.

    ``on_roll`` and ``opponent`` are 25-tuples in GNU Backgammon's layout (see the module doc).
    Checkers missing from a side have been borne off. A Position is a pair of those tuples, so it
    is hashable and cheap to build (move generation makes many).

    >>> Position.start().position_id()
    '4HPwATDgc/ABMA'
    >>> Position.start().pip_count()
    (167, 167)
    """

    __slots__ = ()

    def __new__(
        cls, on_roll: Iterable[int], opponent: Iterable[int], *, validate: bool = True
    ) -> Position:
        me = tuple(on_roll)
        them = tuple(opponent)
        if validate:
            validate_sides(me, them)
        return tuple.__new__(cls, (me, them))

    @property
    def on_roll(self) -> tuple[int, ...]:
        return self[0]

    @property
    def opponent(self) -> tuple[int, ...]:
        return self[1]

    # -- construction -------------------------------------------------------------------------
    @classmethod
    def start(cls) -> Position:
        """The starting position (2 on the 24, 5 on the 13, 3 on the 8, 5 on the 6)."""
        return make_position(START_SIDE, START_SIDE)

    @classmethod
    def from_position_id(cls, position_id: str) -> Position:
        """Decode a GNU Backgammon Position ID; raises ``InvalidPositionIdError``."""
        on_roll, opponent = decode_position_id(position_id)
        return make_position(on_roll, opponent)

    @classmethod
    def from_points(
        cls,
        on_roll: Mapping[int, int],
        opponent: Mapping[int, int],
    ) -> Position:
        """Build from ``{point: count}`` maps, each in its own side's numbering; 25 is the bar.

        >>> start = {6: 5, 8: 3, 13: 5, 24: 2}
        >>> Position.from_points(start, start) == Position.start()
        True
        """
        sides = []
        for points in (on_roll, opponent):
            side = [0] * 25
            for point, count in points.items():
                if not 1 <= point <= 25:
                    raise InvalidPositionError(f"Point {point} is not on the board (1-24, bar 25).")
                side[point - 1] += count
            sides.append(side)
        return cls(sides[0], sides[1])

    @classmethod
    def from_text(cls, text: str) -> Position:
        """Read ``"x 24:2 13:5 8:3 6:5; o 19:5 17:3 12:5 1:2"``, all in the mover's numbering.

        ``x`` is the player on roll, ``o`` the opponent; ``bar:n`` puts checkers on the bar.
        Readable for tests and lessons: both sides' points are numbered from the player on roll.
        Raises ``InvalidPositionError`` for text that is not such a board.
        """
        if not isinstance(text, str):
            raise InvalidPositionError(f"A board text is text, not {type(text).__name__}.")
        mine: dict[int, int] = {}
        theirs: dict[int, int] = {}
        for part in text.split(";"):
            words = part.split()
            if not words:
                continue
            who, items = words[0], words[1:]
            if who not in ("x", "o"):
                raise InvalidPositionError(f"Each part must start with x or o: {part.strip()!r}")
            for item in items:
                point_text, _, count_text = item.partition(":")
                count = _small_number(count_text, item) if count_text else 1
                if point_text == "bar":
                    point = 25
                else:
                    point = _small_number(point_text, item)
                    if not 1 <= point <= 24:
                        raise InvalidPositionError(f"Point {point} is not on the board.")
                    if who == "o":
                        point = 25 - point
                target = mine if who == "x" else theirs
                target[point] = target.get(point, 0) + count
        return cls.from_points(mine, theirs)

    # -- values ---------------------------------------------------------------------------------
    def position_id(self) -> str:
        """The GNU Backgammon Position ID."""
        return encode_position_id(self.on_roll, self.opponent)

    def swapped(self) -> Position:
        """The same board seen from the other player (who is then on roll)."""
        return make_position(self[1], self[0])

    def pip_count(self) -> tuple[int, int]:
        """Pips to bear off all checkers: (player on roll, opponent)."""
        return (
            sum(n * w for n, w in zip(self[0], _PIP_WEIGHTS, strict=True)),
            sum(n * w for n, w in zip(self[1], _PIP_WEIGHTS, strict=True)),
        )

    def borne_off(self) -> tuple[int, int]:
        """Checkers borne off: (player on roll, opponent)."""
        return CHECKERS - sum(self.on_roll), CHECKERS - sum(self.opponent)

    def on_bar(self) -> tuple[int, int]:
        """Checkers on the bar: (player on roll, opponent)."""
        return self.on_roll[BAR], self.opponent[BAR]

    def is_race(self) -> bool:
        """True when no contact is left: each side's checkers are all past the other's."""
        mine = [i for i in range(25) if self.on_roll[i]]
        theirs = [i for i in range(25) if self.opponent[i]]
        if not mine or not theirs:
            return True
        # my rearmost checker (index i, point i + 1) has passed their rearmost (index j, my point
        # 24 - j) when i + 1 < 24 - j
        return max(mine) + max(theirs) < 24

    def is_game_over(self) -> bool:
        """True when either side has borne off every checker."""
        return not any(self.on_roll) or not any(self.opponent)

    def checker_at(self, point: int) -> int:
        """Checkers on ``point`` in the mover's numbering: positive mine, negative the opponent's.

        Point 25 is my bar, 0 is off (returns my borne-off count). Raises ``EngineError`` for
        any other number.
        """
        if not 0 <= point <= 25:
            raise EngineError(f"There is no point {point}: points are 1-24, 25 the bar, 0 off.")
        if point == 25:
            return self.on_roll[BAR]
        if point == 0:
            return self.borne_off()[0]
        mine = self.on_roll[point - 1]
        return mine if mine else -self.opponent[24 - point]

    # -- dunder ---------------------------------------------------------------------------------
    def __repr__(self) -> str:
        return f"Position.from_position_id({self.position_id()!r})"

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (Position, (self[0], self[1]))


def _small_number(text: str, item: str) -> int:
    # Only ASCII digits: int() would also read "٣", " 3", "3_0" or 4,000 digits.
    if not (text.isascii() and text.isdigit() and len(text) <= 3):
        raise InvalidPositionError(f"{item[:20]!r} is not point:count with whole numbers.")
    return int(text)


def make_position(on_roll: tuple[int, ...], opponent: tuple[int, ...]) -> Position:
    """A Position from two side tuples without validation (for generated positions)."""
    return tuple.__new__(Position, (on_roll, opponent))
