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


class MatFormatError(EngineError):
    """A Jellyfish ``.mat`` file that cannot be read; ``line`` is its 1-based line (0: none)."""

    def __init__(self, line: int, message: str) -> None:
        self.line = line
        self.detail = message
        super().__init__(f"line {line}: {message}" if line else message)
