"""Errors raised by the rules engine; all are ``ValueError`` subclasses."""

from __future__ import annotations


class EngineError(ValueError):
    """Base class of every error the engine raises for bad input."""


class InvalidPositionError(EngineError):
    """A board that cannot occur: wrong checker counts, both sides on one point, ...

    ``reason`` is a ``PositionProblem`` code when the board breaks a rule (else ""), ``side``
    the side at fault (0 the first side given, 1 the second) and ``point`` the point in the
    first side's numbering (0 when none), so that a window can say it in its own words.
    """

    def __init__(self, message: str, reason: str = "", side: int = 0, point: int = 0) -> None:
        super().__init__(message)
        self.reason = reason
        self.side = side
        self.point = point


class InvalidPositionIdError(InvalidPositionError):
    """A string that is not a valid GNU Backgammon Position ID."""


class InvalidMatchIdError(EngineError):
    """A string that is not a valid GNU Backgammon Match ID, or a state that cannot be set up.

    ``reason`` is an ``engine.match.SetupRefusal`` code for a state the rules rule out (else "").
    """

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason


class PositionProblem:
    """Why two sides cannot form a position (``InvalidPositionError.reason``)."""

    TOO_MANY_CHECKERS = "too_many_checkers"
    SHARED_POINT = "shared_point"


class InvalidNotationError(EngineError):
    """Move text that cannot be read as GNU Backgammon move notation."""


class IllegalPlayError(EngineError):
    """A step or play that the rules forbid.

    ``reason`` is one of the ``Reason`` codes below so that the app and the lessons can explain
    the rule; ``str(error)`` is an English sentence.
    """

    def __init__(self, reason: str, message: str | None = None) -> None:
        self.reason = reason
        super().__init__(message or REASON_TEXT.get(reason, reason))


class IllegalActionError(EngineError):
    """A game action (roll, double, take, ...) that is not allowed in the current state."""


class Reason:
    """Why a step or play is illegal (the ``reason`` of an ``IllegalPlayError``)."""

    NO_CHECKER = "no_checker"
    BLOCKED_POINT = "blocked_point"
    BLOCKED_WAY = "blocked_way"
    BAR_FIRST = "bar_first"
    DIE_NOT_AVAILABLE = "die_not_available"
    WRONG_DIRECTION = "wrong_direction"
    CANNOT_BEAR_OFF_YET = "cannot_bear_off_yet"
    HIGHER_CHECKER_FIRST = "higher_checker_first"
    MUST_USE_BOTH_DICE = "must_use_both_dice"
    MUST_PLAY_HIGHER_DIE = "must_play_higher_die"
    MUST_USE_MORE_DICE = "must_use_more_dice"
    NO_LEGAL_MOVE = "no_legal_move"
    TURN_COMPLETE = "turn_complete"
    NOT_A_LEGAL_PLAY = "not_a_legal_play"


REASON_TEXT = {
    Reason.NO_CHECKER: "There is no checker of yours on that point.",
    Reason.BLOCKED_POINT: "That point is blocked: the opponent has two or more checkers on it.",
    Reason.BLOCKED_WAY: (
        "The dice add up to that distance, but every point where a die would stop on the way is "
        "blocked."
    ),
    Reason.BAR_FIRST: "A checker on the bar must enter before any other checker moves.",
    Reason.DIE_NOT_AVAILABLE: "No remaining die moves a checker that distance.",
    Reason.WRONG_DIRECTION: "Checkers move only forward, toward your home board.",
    Reason.CANNOT_BEAR_OFF_YET: (
        "You may bear off only when all 15 checkers are in your home board."
    ),
    Reason.HIGHER_CHECKER_FIRST: (
        "A die higher than the point bears off only from the highest occupied point; "
        "move a checker from a higher point."
    ),
    Reason.MUST_USE_BOTH_DICE: "You must play both dice when the rules allow it.",
    Reason.MUST_PLAY_HIGHER_DIE: (
        "When either die can be played but not both, you must play the higher one."
    ),
    Reason.MUST_USE_MORE_DICE: "You must play as many dice as the rules allow.",
    Reason.NO_LEGAL_MOVE: "No legal move: the turn passes.",
    Reason.TURN_COMPLETE: "This turn is complete: no more dice can be played.",
    Reason.NOT_A_LEGAL_PLAY: "That is not a legal play for this roll.",
}


class SaveFormatError(EngineError):
    """A saved game or match that cannot be read: not JSON, unknown format or version, corrupt."""


class MatProblem:
    """What is wrong in a ``.mat`` file (``MatFormatError.reason``), so that a window can say it
    in its own words; ``MAT_PROBLEM_TEXT`` says it in English with the error's ``values``."""

    NOT_TEXT = "not_text"
    NOT_A_NUMBER = "not_a_number"
    NO_LENGTH_LINE = "no_length_line"
    ENDS_BEFORE_FIRST_SCORE = "ends_before_first_score"
    NO_GAME = "no_game"
    ENDS_BEFORE_SCORE = "ends_before_score"
    EXPECTED_LENGTH = "expected_length"
    LENGTH_RANGE = "length_range"
    EXPECTED_GAME_1 = "expected_game_1"
    UNREADABLE_LINE = "unreadable_line"
    MOVE_NUMBER = "move_number"
    GAME_ORDER = "game_order"
    SCORE_LINE_FIRST = "score_line_first"
    GAME_NOT_ENDED = "game_not_ended"
    AFTER_MATCH_WON = "after_match_won"
    EXPECTED_SCORE_LINE = "expected_score_line"
    FIRST_SCORE = "first_score"
    OTHER_PLAYERS = "other_players"
    SCORE_DOES_NOT_FOLLOW = "score_does_not_follow"
    NOT_CRAWFORD = "not_crawford"
    EXPECTED_DOUBLES = "expected_doubles"
    UNREADABLE = "unreadable"
    NO_GAME_IN_PLAY = "no_game_in_play"
    DOUBLE_OPENING_ROLL = "double_opening_roll"
    ROLL_BEFORE_ANSWER = "roll_before_answer"
    ROLL_OUT_OF_TURN = "roll_out_of_turn"
    NOTHING_PLAYED = "nothing_played"
    ILLEGAL_PLAY = "illegal_play"
    PLAY_WITHOUT_LEGAL = "play_without_legal"
    CRAWFORD_DOUBLE = "crawford_double"
    DOUBLE_VALUE = "double_value"
    DOUBLE_NOT_ALLOWED = "double_not_allowed"
    DOUBLE_REFUSED = "double_refused"
    NO_DOUBLE_TO_ANSWER = "no_double_to_answer"
    WIN_BEFORE_GAME = "win_before_game"
    OTHER_WINNER = "other_winner"
    WIN_BEFORE_START = "win_before_start"
    RESIGNED_POINTS = "resigned_points"
    RULE = "rule"


# The English texts of the problems; {0}, {1}, ... are the error's ``values`` in turn (``!r``:
# the file's own text, quoted).
MAT_PROBLEM_TEXT = {
    MatProblem.NOT_TEXT: "A .mat file is text.",
    MatProblem.NOT_A_NUMBER: "{0!r} is not a number this format holds.",
    MatProblem.NO_LENGTH_LINE: 'Not a .mat file: no "N point match" line.',
    MatProblem.ENDS_BEFORE_FIRST_SCORE: "The file ends before the first score line.",
    MatProblem.NO_GAME: "The file has no game.",
    MatProblem.ENDS_BEFORE_SCORE: "The file ends before the game's score line.",
    MatProblem.EXPECTED_LENGTH: 'Expected "N point match", found {0!r}.',
    MatProblem.LENGTH_RANGE: "Matches go to 1-{0} points, not {1}.",
    MatProblem.EXPECTED_GAME_1: 'Expected "Game 1", found {0!r}.',
    MatProblem.UNREADABLE_LINE: "Cannot read the line {0!r}.",
    MatProblem.MOVE_NUMBER: "Expected move {0}, found move {1}.",
    MatProblem.GAME_ORDER: "Game {0} follows game {1}.",
    MatProblem.SCORE_LINE_FIRST: "A game line must be followed by the score line.",
    MatProblem.GAME_NOT_ENDED: "Game {0} starts before game {1} has ended.",
    MatProblem.AFTER_MATCH_WON: "Game {0} starts after the match was won.",
    MatProblem.EXPECTED_SCORE_LINE: 'Expected the score line "Name : 0   Name : 0", found {0!r}.',
    MatProblem.FIRST_SCORE: "The first game must start at 0-0, not {0}-{1}.",
    MatProblem.OTHER_PLAYERS: "The players are {0} and {1}, not {2} and {3}.",
    MatProblem.SCORE_DOES_NOT_FOLLOW: (
        "The score {0}-{1} does not follow from the games before ({2}-{3})."
    ),
    MatProblem.NOT_CRAWFORD: "The game is marked as the Crawford game but is not one.",
    MatProblem.EXPECTED_DOUBLES: 'Expected "Doubles => n".',
    MatProblem.UNREADABLE: "Cannot read {0!r}.",
    MatProblem.NO_GAME_IN_PLAY: "No game is being played here.",
    MatProblem.DOUBLE_OPENING_ROLL: "The opening roll cannot be a double ({0}).",
    MatProblem.ROLL_BEFORE_ANSWER: "{0} rolls before the double is answered.",
    MatProblem.ROLL_OUT_OF_TURN: "{0} rolls, but it is the other player's turn.",
    MatProblem.NOTHING_PLAYED: "{0} plays nothing with {1}, but a play is legal.",
    MatProblem.ILLEGAL_PLAY: "{0} cannot play {1} with {2}: {3}",
    MatProblem.PLAY_WITHOUT_LEGAL: "{0} has no legal play with {1}, yet plays {2}.",
    MatProblem.CRAWFORD_DOUBLE: "A double in the Crawford game.",
    MatProblem.DOUBLE_VALUE: "The cube is at {0}: a double is to {1}.",
    MatProblem.DOUBLE_NOT_ALLOWED: "A double that the player may not offer here.",
    MatProblem.DOUBLE_REFUSED: "A double that the rules forbid here: {0}",
    MatProblem.NO_DOUBLE_TO_ANSWER: "A take or a drop with no double to answer.",
    MatProblem.WIN_BEFORE_GAME: "A win before any game.",
    MatProblem.OTHER_WINNER: "The file says {0} wins {1} points; the game was won by {2} for {3}.",
    MatProblem.WIN_BEFORE_START: "A win before the game has started.",
    MatProblem.RESIGNED_POINTS: (
        "{0} points is not a single game, gammon or backgammon at a cube of {1}."
    ),
    MatProblem.RULE: "{0}",
}


class MatFormatError(EngineError):
    """A Jellyfish ``.mat`` file that cannot be read; ``line`` is its 1-based line (0: none).

    ``reason`` is a ``MatProblem`` code and ``values`` its values (numbers, names, the file's
    own text), ``detail`` the English text of the problem. An illegal play or double names the
    rule it breaks in ``rule``: a ``Reason`` code for a play ("" when the play's text is not
    understood), an ``engine.match.DoubleRefusal`` code for a double.
    """

    SHOWN = 80  # characters of the file's own text a message quotes (a whole line was 66 MB)

    def __init__(self, line: int, reason: str, *values: object, rule: str = "") -> None:
        self.line = line
        self.reason = reason
        cut = self.SHOWN
        self.values = tuple(
            v[:cut] + "…" if isinstance(v, str) and len(v) > cut else v for v in values
        )
        values = self.values
        self.rule = rule
        self.detail = MAT_PROBLEM_TEXT[reason].format(*values)
        # the file ends in the middle of this line: it may have been cut short (a copy broken
        # off was named only by the part of a move it ended in: found by a tester)
        self.cut_short = False
        super().__init__(f"line {line}: {self.detail}" if line else self.detail)

    def ending_the_file(self) -> MatFormatError:
        """This error, said to be on the line the file breaks off in."""
        self.cut_short = True
        self.args = (f"{self.args[0]} (the file ends in the middle of this line: cut short?)",)
        return self
