"""What keeps a file from being read or written, in the window's words.

A ``.mat`` file's problems: the engine names the problem (``engine.errors.MatProblem``) with
its values and the rule an illegal play or double breaks; its own texts are English, for its
exceptions and the command line. Here each problem has a text of the catalogs, shown in the
language of the window. The system's faults (no such file, no permission, a full disk, ...) are
said in the window's words too.
"""

from __future__ import annotations

import errno
import re

from app import match_texts
from app.board_input import reason_message
from app.texts import N_, Nn_, T
from engine.errors import MAT_PROBLEM_TEXT, MatFormatError, MatProblem

MAT_PROBLEMS = {
    MatProblem.NOT_TEXT: N_("A .mat file is text."),
    MatProblem.NOT_A_NUMBER: N_("“{0}” is not a number this format holds."),
    MatProblem.NO_LENGTH_LINE: N_("It is not a .mat file: it has no “N point match” line."),
    MatProblem.ENDS_BEFORE_FIRST_SCORE: N_("The file ends before the first score line."),
    MatProblem.NO_GAME: N_("The file has no game."),
    MatProblem.ENDS_BEFORE_SCORE: N_("The file ends before the game's score line."),
    MatProblem.EXPECTED_LENGTH: N_("“N point match” was expected here, not “{0}”."),
    MatProblem.LENGTH_RANGE: N_("A match goes to 1-{0} points, not {1}."),
    MatProblem.EXPECTED_GAME_1: N_("“Game 1” was expected here, not “{0}”."),
    MatProblem.UNREADABLE_LINE: N_("The line “{0}” cannot be read."),
    MatProblem.MOVE_NUMBER: N_("Move {0} was expected here, not move {1}."),
    MatProblem.GAME_ORDER: N_("Game {0} follows game {1}."),
    MatProblem.SCORE_LINE_FIRST: N_("The score line must follow the game's line."),
    MatProblem.GAME_NOT_ENDED: N_("Game {0} starts before game {1} has ended."),
    MatProblem.AFTER_MATCH_WON: N_("Game {0} starts after the match was won."),
    MatProblem.EXPECTED_SCORE_LINE: N_(
        "The score line (“Name : 0   Name : 0”) was expected here, not “{0}”."
    ),
    MatProblem.FIRST_SCORE: N_("The first game must start at 0-0, not {0}-{1}."),
    MatProblem.OTHER_PLAYERS: N_("The players are {0} and {1}, not {2} and {3}."),
    MatProblem.SCORE_DOES_NOT_FOLLOW: N_(
        "The score {0}-{1} does not follow from the games before ({2}-{3})."
    ),
    MatProblem.NOT_CRAWFORD: N_("The game is marked as the Crawford game but is not one."),
    MatProblem.EXPECTED_DOUBLES: N_("“Doubles => n” was expected here."),
    MatProblem.UNREADABLE: N_("“{0}” cannot be read."),
    MatProblem.NO_GAME_IN_PLAY: N_("No game is being played here."),
    MatProblem.DOUBLE_OPENING_ROLL: N_("The opening roll cannot be a double ({0})."),
    MatProblem.ROLL_BEFORE_ANSWER: N_("{0} rolls before the double is answered."),
    MatProblem.ROLL_OUT_OF_TURN: N_("{0} rolls, but it is the other player's turn."),
    MatProblem.NOTHING_PLAYED: N_("{0} plays nothing with {1}, but a play is legal."),
    MatProblem.ILLEGAL_PLAY: N_("{0} cannot play {1} with {2}: {3}"),
    MatProblem.PLAY_WITHOUT_LEGAL: N_("{0} has no legal play with {1}, yet plays {2}."),
    MatProblem.CRAWFORD_DOUBLE: N_("A double in the Crawford game."),
    MatProblem.DOUBLE_VALUE: N_("The cube is at {0}: a double is to {1}."),
    MatProblem.DOUBLE_NOT_ALLOWED: N_("A double that the player may not offer here."),
    MatProblem.DOUBLE_REFUSED: N_("A double that the rules forbid here: {0}"),
    MatProblem.NO_DOUBLE_TO_ANSWER: N_("A take or a pass with no double to answer."),
    MatProblem.WIN_BEFORE_GAME: N_("A win before any game."),
    MatProblem.OTHER_WINNER: Nn_(
        "The file says {0} wins {1} point; the game was won by {2} for {3}.",
        "The file says {0} wins {1} points; the game was won by {2} for {3}.",
    ),
    MatProblem.WIN_BEFORE_START: N_("A win before the game has started."),
    MatProblem.RESIGNED_POINTS: Nn_(
        "{0} point is not a single game, gammon or backgammon at a cube of {1}.",
        "{0} points is not a single game, gammon or backgammon at a cube of {1}.",
    ),
    MatProblem.RULE: N_("The file breaks a rule of the game here."),
}
assert MAT_PROBLEMS.keys() == MAT_PROBLEM_TEXT.keys()
ILLEGAL_PLAY_UNREAD = N_("{0} cannot play {1} with {2}: the play cannot be read.")


# The problems whose first value is the file's own text (quoted in the window's texts)
QUOTED = {
    MatProblem.NOT_A_NUMBER,
    MatProblem.EXPECTED_LENGTH,
    MatProblem.EXPECTED_GAME_1,
    MatProblem.UNREADABLE_LINE,
    MatProblem.EXPECTED_SCORE_LINE,
    MatProblem.UNREADABLE,
}
SHOWN_TEXT = 40  # characters of the file's text shown at most


def file_text(text: object) -> str | T:
    """The file's own text as a window shows it: runs of spaces as one, what cannot be shown
    escaped (a damaged file may hold any bytes), a long line cut short; a line that is mostly
    not text (a binary file: bytes no encoding reads, control characters) is said to be so,
    not shown as a row of question marks and stray letters."""
    raw = str(text)
    unreadable = sum(1 for c in raw if c == "\ufffd" or (not c.isprintable() and c != "\t"))
    if unreadable >= 4 and unreadable * 3 > len(raw):
        return T(N_("bytes that are not text"))
    shown = repr(re.sub(" {2,}", " ", raw))[1:-1]
    return shown if len(shown) <= SHOWN_TEXT else shown[: SHOWN_TEXT - 1] + "…"


def mat_problem(exc: MatFormatError) -> T:
    """What is wrong in the file, without its line, in the window's words."""
    values = list(exc.values)
    if exc.reason in QUOTED:
        values[0] = file_text(values[0])
    if exc.reason == MatProblem.ILLEGAL_PLAY:
        if not exc.rule:
            return T(ILLEGAL_PLAY_UNREAD, *values[:3])
        values[3] = T(reason_message(exc.rule))
    elif exc.reason == MatProblem.DOUBLE_REFUSED:
        values[0] = match_texts.double_refusal_text(exc.rule)
    # the points of a win are counted in the text's words ("1 point")
    count = {MatProblem.OTHER_WINNER: 1, MatProblem.RESIGNED_POINTS: 0}.get(exc.reason)
    template = MAT_PROBLEMS.get(exc.reason, MAT_PROBLEMS[MatProblem.RULE])
    if count is not None:
        return T(template, *values, count=values[count])
    return T(template, *values)


def mat_refusal(name: str, exc: MatFormatError) -> T:
    """Why the file ``name`` could not be read: its line (when there is one) and the problem."""
    if exc.line:
        said = T(N_("{0} could not be read: line {1}: {2}"), name, exc.line, mat_problem(exc))
        if exc.cut_short:  # (named only by the part of a move it broke off in: a tester)
            return T(
                "{0} {1}",
                said,
                T(N_("The file ends in the middle of that line: it may have been cut short.")),
            )
        return said
    return T(N_("{0} could not be read: {1}"), name, mat_problem(exc))


# What the system says of a file it could not open or write, in the window's words (the
# system's own texts are English here); other faults are said as the system says them.
OS_ERRORS = {
    errno.ENOENT: N_("There is no such file or folder."),
    errno.EACCES: N_("This program has no permission to use it."),
    errno.EPERM: N_("This program has no permission to use it."),
    errno.EISDIR: N_("It is a folder, not a file."),
    errno.ENOTDIR: N_("A part of its path is not a folder."),
    errno.ENOSPC: N_("The disk is full."),
    errno.EROFS: N_("The disk can only be read."),
    errno.ENAMETOOLONG: N_("The name is too long."),
}


def os_problem(exc: OSError) -> T:
    """Why a file could not be opened or written, in the window's words when the fault is a
    common one (no such file, no permission, a full disk, ...)."""
    if exc.errno in OS_ERRORS:
        return T(OS_ERRORS[exc.errno])
    return T(N_("The system says: {0}"), exc.strerror or str(exc))
