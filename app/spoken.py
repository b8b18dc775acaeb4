"""What a screen reader says about the board: every location, the dice, the cube, the score,
whose turn it is and the plays, in the current language (with plural forms).

Locations are the board's (see ``Board.qml``: 1..24 the points in player 0's numbering, 25 and
26 the bars, 0 and 27 the trays); ``viewer`` is the player at the bottom of the board, from whose
side the points are numbered and who is "you". Plays are in the mover's own numbering, as the
move notation writes them. No Qt here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from app.session import BAR_LOCATION, OFF_LOCATION
from app.texts import N_, _, ngettext
from engine.moves import BAR_POINT, OFF_POINT, Play, Step


def checkers(count: int, player: int) -> str:
    """``"5 white checkers"``, ``"1 black checker"``."""
    if player == 0:
        return ngettext("{0} white checker", "{0} white checkers", count).format(count)
    return ngettext("{0} black checker", "{0} black checkers", count).format(count)


def point_number(location: int, viewer: int) -> int:
    """The number of a point (location 1..24) counted from ``viewer``'s side."""
    return location if viewer == 0 else 25 - location


def place(location: int, viewer: int) -> str:
    """A location without its checkers: ``"your 8-point"``, ``"opponent's bar"``."""
    if 1 <= location <= 24:
        return _("your {0}-point").format(point_number(location, viewer))
    if location in BAR_LOCATION:
        return _("your bar") if location == BAR_LOCATION[viewer] else _("opponent's bar")
    return _("your tray") if location == OFF_LOCATION[viewer] else _("opponent's tray")


def location_name(board: Sequence[int], location: int, viewer: int) -> str:
    """A location with its checkers: ``"Your 6-point: 5 white checkers"``,
    ``"Opponent's bar: 1 black checker"``, ``"Your tray: 3 white checkers borne off"``."""
    n = board[location]
    if 1 <= location <= 24:
        owner = 0 if n > 0 else 1
    else:
        owner = 0 if location in (BAR_LOCATION[0], OFF_LOCATION[0]) else 1
    count = abs(n)
    if location in OFF_LOCATION:
        what = _("{0} borne off").format(checkers(count, owner)) if count else _("none borne off")
    else:
        what = checkers(count, owner) if count else _("empty")
    name = place(location, viewer) + ": " + what
    return name[:1].upper() + name[1:]


def location_hint(
    location: int, selected: int, movable: Iterable[int], reachable: Iterable[int]
) -> str:
    """What can be done at a location now (empty when nothing)."""
    if location == selected:
        return _("Picked up. Choose where it goes.")
    if location in set(reachable):
        return _("The picked checker can move here.")
    if selected < 0 and location in set(movable):
        return _("A checker here can move.")
    return ""


def dice_text(dice: Sequence[dict[str, Any]], name: str = "") -> str:
    """The dice on the board: ``"White's dice: 6 and 4, 4 played"`` (``"Dice: ..."`` without a
    name; empty without dice)."""
    if not dice:
        return ""
    values = [int(d["value"]) for d in dice]
    played = [int(d["value"]) for d in dice if d.get("used")]
    head = _("{0}'s dice").format(name) if name else _("Dice")
    if len(values) == 4:
        text = head + ": " + _("double {0}").format(values[0])
        if played:
            text += ", " + _("{0} of 4 played").format(len(played))
        return text
    text = head + ": " + _("{0} and {1}").format(values[0], values[1])
    if len(played) == 2:
        return text + ", " + _("both played")
    if played:
        return text + ", " + _("{0} played").format(played[0])
    return text


def opening_text(dice: Sequence[int], names: Sequence[str]) -> str:
    """The opening roll on the board (one die each)."""
    if len(dice) != 2:
        return ""
    return _("Opening roll: {0} {1}, {2} {3}").format(names[0], dice[0], names[1], dice[1])


def cube_text(value: int, owner: int, offered: bool, viewer: int, names: Sequence[str]) -> str:
    """``"cube at 2, owned by you"``; the cube on offer; ``"cube at 1, in the middle"``."""
    if offered:
        return _("cube offered at {0}").format(value * 2)
    if owner < 0:
        return _("cube at {0}, in the middle").format(value)
    if owner == viewer:
        return _("cube at {0}, owned by you").format(value)
    return _("cube at {0}, owned by {1}").format(value, names[owner])


def score_text(names: Sequence[str], score: Sequence[int], length: int, crawford: bool) -> str:
    if length <= 0:
        return _("Single game")
    text = _("Match to {0}: {1} {2}, {3} {4}").format(
        length, names[0], score[0], names[1], score[1]
    )
    return text + ", " + _("Crawford game") if crawford else text


def turn_text(phase: str, on_roll: int, names: Sequence[str], thinking: bool) -> str:
    """Whose turn it is: ``"White to play."``, ``"Black is thinking."``."""
    if phase in ("game_over", "match_over", ""):
        return _("The game is over.") if phase else ""
    if phase == "double":
        return _("{0} decides on the double.").format(names[1 - on_roll])
    if thinking:
        return _("{0} is thinking.").format(names[on_roll])
    return _("{0} to play.").format(names[on_roll])


def player_text(name: str, pips: int, score: int | None, active: bool) -> str:
    """A player's card: ``"White: 167 pips, 2 points, on roll"``."""
    parts = [ngettext("{0} pip", "{0} pips", pips).format(pips)]
    if score is not None:
        parts.append(ngettext("{0} point", "{0} points", score).format(score))
    if active:
        parts.append(_("on roll"))
    return name + ": " + ", ".join(parts)


def step_words(step: Step) -> str:
    """One step in words: ``"13 to 7"``, ``"8 to 7 hitting"``, ``"bar to 22"``, ``"6 off"``."""
    src = _("bar") if step.src == BAR_POINT else str(step.src)
    if step.dst == OFF_POINT:
        return _("{0} off").format(src)
    template = N_("{0} to {1} hitting") if step.hit else N_("{0} to {1}")
    return _(template).format(src, step.dst)


def play_words(name: str, steps: Sequence[Step]) -> str:
    """A whole play in words: ``"Black plays 13 to 7, 8 to 7."``."""
    if not steps:
        return _("{0} cannot move.").format(name)
    return _("{0} plays {1}.").format(name, ", ".join(step_words(s) for s in steps))


def notation_words(name: str, notation: str) -> str:
    """``play_words`` for a play written in the move notation (``"13/7* 8/7"``)."""
    if notation in ("", "no legal move"):
        return play_words(name, ())
    return play_words(name, Play.parse(notation).steps)


def picked_text(location: int, targets: Iterable[int], viewer: int) -> str:
    """``"Picked up from your 8-point. It can move to 5, 3."``"""
    points = sorted((point_number(t, viewer) for t in targets if 1 <= t <= 24), reverse=True)
    where = [str(p) for p in points] + [_("off") for t in targets if t in OFF_LOCATION]
    text = _("Picked up from {0}.").format(place(location, viewer))
    if where:
        text = _("{0} It can move to {1}.").format(text, ", ".join(where))
    return text


def board_texts(
    board: Sequence[int],
    viewer: int,
    *,
    selected: int = -1,
    movable: Iterable[int] = (),
    reachable: Iterable[int] = (),
) -> dict[str, list[str]]:
    """The names and descriptions of the 28 locations, for the board's ``speech``."""
    movable, reachable = list(movable), list(reachable)
    return {
        "locations": [location_name(board, loc, viewer) for loc in range(28)],
        "hints": [location_hint(loc, selected, movable, reachable) for loc in range(28)],
    }
