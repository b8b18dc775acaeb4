"""The sentences the game window says about a match, kept as ``T`` texts that follow the language.

Dice are always written the same way, the higher die first (as GNU Backgammon writes them), in
the status line, the last play, the move list and on the board.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.move_log import LogLine
from app.session import GameResult, Session
from app.texts import N_, Nn_, P, T, _
from engine.match import DOUBLE_REFUSAL_TEXT, MAX_CUBE, DoubleRefusal


def ordered(dice: Sequence[int]) -> tuple[int, int]:
    """The two dice, higher first."""
    return (max(dice[0], dice[1]), min(dice[0], dice[1]))


def opening(dice: tuple[int, int], starter: int) -> T:
    return T(
        N_("Opening roll: {0} {1}, {2} {3}. {4} starts."), P(0), dice[0], P(1), dice[1], P(starter)
    )


def opening_status(session: Session) -> T:
    """What the window says at a game's opening roll (nothing after it): the dice, who starts,
    and that it is the Crawford game."""
    if session.opening_dice is None:
        return T("")
    said = opening(session.opening_dice, session.on_roll)
    return (
        T("{0} {1}", said, T(N_("Crawford game: no doubling."))) if session.crawford_game else said
    )


def goes_on(session: Session) -> T:
    """What the window says when it goes on from ``session`` (set up, read from a file): the
    opening roll, or whose turn it is (a position opened from the command line said nothing)."""
    said = opening_status(session)
    if said.template:
        return said
    if session.phase == "move" and session.dice:
        return rolls(session.on_roll, session.dice)
    if session.phase == "roll":
        return T(N_("{0} to play."), P(session.on_roll))
    if session.phase == "double":
        return pending_double(session)
    return said


def welcome_back(session: Session) -> T:
    """What the window says when it opens on the game it was playing when it closed."""
    if session.phase == "double":
        return T(N_("Welcome back: the game goes on. {0}"), pending_double(session))
    return T(N_("Welcome back: the game goes on. {0} to play."), P(session.on_roll))


def pending_double(session: Session) -> T:
    """Who doubled and who answers, while a double waits for its answer."""
    return T(
        N_("{0} has doubled to {1}: {2} takes or passes."),
        P(session.on_roll),
        session.cube_value * 2,
        P(1 - session.on_roll),
    )


def rolls(player: int, dice: Sequence[int]) -> T:
    return T(N_("{0} rolls {1}-{2}."), P(player), *ordered(dice))


def no_move(player: int, dice: Sequence[int]) -> T:
    return T(N_("{0} rolls {1}-{2}: no legal move."), P(player), *ordered(dice))


def played(player: int, dice: Sequence[int], play_text: str) -> T:
    text: T | str = play_text or T(N_("no legal move"))
    return T(N_("{0} rolled {1}-{2}: {3}"), P(player), *ordered(dice), text)


def result(r: GameResult) -> T:
    if r.resigned_by_pass:
        passed = Nn_(
            "{0} wins {1} point: the double was passed.",
            "{0} wins {1} points: the double was passed.",
        )
        return T(passed, P(r.winner), r.points, count=r.points)
    if r.resigned:
        resigned = Nn_(
            "{0} resigns: {1} wins {2} point.",
            "{0} resigns: {1} wins {2} points.",
        )
        return T(resigned, P(1 - r.winner), P(r.winner), r.points, count=r.points)
    kind = {1: N_("a single game"), 2: N_("a gammon"), 3: N_("a backgammon")}[r.kind]
    won = Nn_("{0} wins {1}: {2} point.", "{0} wins {1}: {2} points.")
    return T(won, P(r.winner), T(kind), r.points, count=r.points)


# The engine's reasons against a double, as the window says them (marked for translation here:
# the engine's own texts are for its exceptions).
_DOUBLE_REFUSAL = {
    DoubleRefusal.AFTER_ROLL: N_("You may double only before rolling the dice."),
    DoubleRefusal.NOT_NOW: N_("A double can be offered only before a roll of a game in play."),
    DoubleRefusal.CRAWFORD: N_("No doubling in the Crawford game."),
    DoubleRefusal.NO_CUBE: N_("The doubling cube is not in use in this game."),
    DoubleRefusal.NOT_OWNER: N_("Only the owner of the cube may redouble."),
    DoubleRefusal.MAXIMUM: N_("The cube is at its maximum of {0}."),
    DoubleRefusal.DEAD_CUBE: N_(
        "The cube is dead: winning this game at its current value wins the match."
    ),
}
assert _DOUBLE_REFUSAL.keys() == DOUBLE_REFUSAL_TEXT.keys()


def double_refusal_text(code: str) -> T:
    """The rule that forbids a double (a ``DoubleRefusal`` code), as a text of the window."""
    return T(_DOUBLE_REFUSAL[code], MAX_CUBE)


def double_refusal(code: str | None) -> str:
    """Why the Double button is greyed, in words ("" when doubling is allowed)."""
    return double_refusal_text(code).render(()) if code else ""


NAME_COLUMN = 10  # characters of a name in the move list at most
# the cube's actions in the move list ("1 --: take 2"), the cube's value in {0}
CUBE_LINES = {"double": N_("doubles to {0}"), "take": N_("takes"), "drop": N_("passes")}


def move_line(names: Sequence[str], line: str) -> str:
    """A line of the session log (``"0 31: 8/5 6/5"``, ``move_log``) as the move list shows it."""
    read = LogLine.parse(line)
    if read is None:
        return line
    if read.kind == "opening":
        d0, d1 = read.dice
        text = _("Opening roll: {0} {1}, {2} {3}").format(names[0], d0, names[1], d1)
        # each die kept with its player's name (a "5" wrapped alone: found by a tester)
        return re.sub(r" ([1-6])(?=,|$)", "\u00a0\\1", text)
    dice = "  "  # no roll: a cube action or resignation stands in the column of the plays
    if read.kind == "play":
        dice = f"{read.dice[0]}{read.dice[1]}"
        play = read.play or _("no move")  # short: "intet lovligt træk" took three lines
    elif read.kind == "resigns":
        play = _("resigns")
    else:
        play = _(CUBE_LINES[read.kind]).format(read.value)
    width = min(NAME_COLUMN, max(len(n) for n in names))  # a column as wide as the names
    return f"{names[read.player][:width]:<{width}} {dice}  {play}"
