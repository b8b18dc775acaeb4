"""The position editor: a teacher sets up any position and match state, and plays on from it.

``PositionEditor`` holds the board being edited (each player's checkers in their own numbering;
the trays hold the rest of the 15), who is on roll, the dice, the cube and its owner, the match
length, the score and the Crawford flag. A click puts a checker of the chosen colour on a point
(or takes the top one off with the remove tool), a drag moves a checker between points, bars and
trays. Every change is judged by the engine: a gesture the board rules forbid (a 16th checker,
both colours on one point) is refused with the engine's reason and changes nothing; a match
state the rules rule out (a score at the match length, a Crawford game that cannot be, dice with
no legal play) is shown with its reason, and "Play from here" waits until the engine accepts the
whole state. The session it starts is an ordinary one: the computer plays on, hints work.
"""

from __future__ import annotations

from PySide6.QtCore import Property, QObject, Signal, Slot
from PySide6.QtGui import QGuiApplication
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

from app.position_setup import PASTE_REFUSALS, PositionSetup, paste_refusal, shared, shown_ids
from app.session import LEVELS, absolute_board
from app.texts import N_, P, T, _
from engine import EngineError, Position
from engine.errors import PositionProblem
from engine.ids import gnubg_id, read_ids
from engine.match import (
    MAX_CUBE,
    MAX_MATCH_LENGTH,
    SETUP_REFUSAL_TEXT,
    Match,
    SetupRefusal,
    hand_setup_refusal,
)
from engine.matchid import GAME_DROPPED, GAME_OVER, GAME_RESIGNED, MatchIdFields
from engine.position import CHECKERS, START_SIDE, position_problem

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1

WHITE, BLACK, REMOVE = 0, 1, 2  # the tools: put a white or a black checker, take one off
OPPONENTS = ("human", *LEVELS)

# The engine's reasons in the window's words (translated); P(i) is a player's name. The rules
# said the same way for pasted IDs come from that table; these say them for the editor.
REFUSAL_TEXT = {
    **{
        code: PASTE_REFUSALS[code]
        for code in (
            SetupRefusal.LENGTH,
            SetupRefusal.CUBE_MAXIMUM,
            SetupRefusal.CRAWFORD_SCORE,
            SetupRefusal.CRAWFORD_CUBE,
            SetupRefusal.CRAWFORD_PLAYED,
            SetupRefusal.CRAWFORD_DUE,
            SetupRefusal.CUBE_OWNER,
            SetupRefusal.NO_ONE_MOVES,
        )
    },
    SetupRefusal.SCORE: N_("Each score must be below the match length."),
    SetupRefusal.GAME_OVER: N_("{0} has no checkers on the board: that game is over."),
    SetupRefusal.NO_CUBE: N_("Without the doubling cube, the cube stays at 1 in the middle."),
    SetupRefusal.NO_LEGAL_PLAY: N_("{0} has no legal play with these dice."),
}


def _side(location: int) -> int | None:
    """Whose bar or tray a location is (None for a point)."""
    return {25: WHITE, 0: WHITE, 26: BLACK, 27: BLACK}.get(location)


@QmlElement
@QmlSingleton
class PositionEditor(QObject):
    """The editor's state for QML (``PositionEditor.board``, ``clickLocation(7)``, ...)."""

    changed = Signal()
    kept = Signal()  # the game was kept over the set-up: the editor opens on it again

    @staticmethod
    def create(engine: QQmlEngine) -> PositionEditor:
        from app.parts import part_of

        return part_of(engine, PositionEditor)

    def __init__(self, setup: PositionSetup, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._setup = setup
        # each side in its own numbering: index i is point i + 1, index 24 the bar
        self._sides = [list(START_SIDE), list(START_SIDE)]
        self._on_roll = WHITE
        self._dice: tuple[int, int] | None = None
        self._cube = 1
        self._owner = -1
        self._cube_in_use = True
        self._length = 0
        self._score = [0, 0]
        self._crawford = False
        self._opponent = "human"
        self._tool = WHITE
        self._said = T("")  # the reason of the last refused gesture
        self._kept = False  # the set-up stays for the next opening: the game was kept instead
        self._begun = self._state()  # what the editor opened on: Cancel asks before losing more

    # -- starting -------------------------------------------------------------------------------
    @Slot()
    def begin(self) -> None:
        """Start from what the window shows (the game's position and state), or the start;
        after "Keep playing" was chosen over the editor's set-up, from that set-up again (it
        was lost, and the editor had no way back to it)."""
        if self._kept:
            self._kept = False
            self._said = T("")  # (a reason given before the question stood there still)
            self.changed.emit()
            return
        ids = self._setup.current_ids()
        self._said = T("")
        computer, level, _names = self._setup.opponent()
        self._opponent = level if computer else "human"
        session = self._setup.session
        self._cube_in_use = session.settings.cube if session is not None else True
        try:
            fields = MatchIdFields.decode(ids[1]) if ids else None
            position = Position.from_position_id(ids[0]) if ids else None
        except EngineError:
            fields = position = None
        # (won by a resignation or a passed double: its checkers still on the board)
        over = fields is not None and fields.game_state in (GAME_OVER, GAME_RESIGNED, GAME_DROPPED)
        if fields is None or position is None or position.is_game_over() or over:
            # the start of the next game: the match's length, and its score while the match
            # goes on (after a match won 6-3 the editor showed a score of 6 of 5, refused; after
            # one won by a resignation too, found by a tester)
            length = fields.match_length if fields is not None else 0
            score = fields.score if fields is not None and max(fields.score) < length else (0, 0)
            self._take(Position(START_SIDE, START_SIDE), MatchIdFields(length, score))
        else:
            self._take(position, fields)
        self._begun = self._state()
        self.changed.emit()

    def _state(self) -> tuple[object, ...]:
        """Everything the editor sets up (not the chosen checker colour)."""
        return (
            [list(side) for side in self._sides],
            self._on_roll,
            self._dice,
            self._cube,
            self._owner,
            self._cube_in_use,
            self._length,
            list(self._score),
            self._crawford,
            self._opponent,
        )

    def _take(self, position: Position, fields: MatchIdFields) -> None:
        """Edit ``position`` with ``fields``'s player on roll, dice, cube and match."""
        self._take_checkers(position, fields.player_on_roll)
        self._dice = fields.dice if fields.dice[0] else None
        self._cube, self._owner = fields.cube, fields.cube_owner
        self._length = fields.match_length
        self._score = list(fields.score) if self._length else [0, 0]
        self._crawford = bool(fields.crawford)

    def _take_checkers(self, position: Position, on_roll: int) -> None:
        self._sides[on_roll] = list(position.on_roll)
        self._sides[1 - on_roll] = list(position.opponent)
        self._on_roll = on_roll

    @Slot()
    def pasteIds(self) -> None:  # noqa: N802
        """Edit the position whose IDs are on the clipboard."""
        self.pasteText(QGuiApplication.clipboard().text())

    @Slot(str)
    def pasteText(self, text: str) -> None:  # noqa: N802
        """Edit the position of a Position ID and Match ID (``POSITION:MATCH`` or labelled);
        a Position ID alone changes the checkers only, the player on roll in the editor on
        roll in it. Text that holds no IDs is refused with the reason and changes nothing; a
        state the rules rule out is set up and its reason shown, as for any edit."""
        try:
            position_id, match_id = read_ids(text)
            position = Position.from_position_id(position_id)
            # (in GNU Backgammon's seats: its player 1 is the person here)
            fields = MatchIdFields.decode(match_id).swapped() if match_id is not None else None
        except EngineError as exc:
            self._said = paste_refusal(exc, text)
            self.changed.emit()
            return
        if fields is None:
            self._take_checkers(position, self._on_roll)
        else:
            self._cube_in_use = True  # as a pasted Match ID is played: with the cube
            self._take(position, fields)
        self._said = T("")
        self.changed.emit()

    # -- the checkers ---------------------------------------------------------------------------
    def _count(self, player: int, location: int) -> int:
        side = self._sides[player]
        if location in (0, 27):
            return CHECKERS - sum(side)
        if location in (25, 26):
            return side[24]
        return side[location - 1] if player == WHITE else side[24 - location]

    def _change(self, player: int, location: int, delta: int, sides: list[list[int]]) -> None:
        if location in (0, 27):
            return  # the tray holds what is not on the board
        side = sides[player]
        index = 24 if location in (25, 26) else (location - 1 if player == WHITE else 24 - location)
        side[index] += delta

    def _owner_at(self, location: int) -> int | None:
        fixed = _side(location)
        if fixed is not None:
            return fixed if self._count(fixed, location) else None
        for player in (WHITE, BLACK):
            if self._count(player, location):
                return player
        return None

    def _try(self, sides: list[list[int]]) -> bool:
        """Take the new checkers if the engine allows them; else keep them and say why."""
        problem = position_problem(tuple(sides[WHITE]), tuple(sides[BLACK]))
        if problem is not None:
            code, side, point = problem
            if code == PositionProblem.TOO_MANY_CHECKERS:
                self._said = T(N_("{0} has all 15 checkers on the board already."), P(side))
            else:
                self._said = T(N_("{0} and {1} cannot share point {2}."), P(WHITE), P(BLACK), point)
            self.changed.emit()
            return False
        self._sides = sides
        self._said = T("")
        self.changed.emit()
        return True

    @Slot(int)
    def clickLocation(self, location: int) -> None:  # noqa: N802
        """Put a checker of the chosen colour there (on a bar: on that colour's own bar, either
        bar clicked; the other colour's checker went on instead, unsaid: found by a teacher), or
        take the top checker off with the remove tool."""
        if not 0 <= location <= 27:
            return
        sides = [list(self._sides[0]), list(self._sides[1])]
        if self._tool == REMOVE:
            owner = self._owner_at(location)
            if owner is None or location in (0, 27):
                return
            self._change(owner, location, -1, sides)
        else:
            if location in (0, 27):
                return  # the trays fill as checkers leave the board
            self._change(self._tool, location, +1, sides)  # (a bar: the colour's own)
        self._try(sides)

    @Slot(int, int)
    def dropChecker(self, source: int, target: int) -> None:  # noqa: N802
        """Move the top checker of ``source`` to ``target`` (a tray takes it off the board)."""
        owner = self._owner_at(source)
        if owner is None or not 0 <= target <= 27 or source == target:
            return
        fixed = _side(target)
        if fixed is not None and fixed != owner:
            self._said = T(N_("Each player has a bar and a tray of their own."))
            self.changed.emit()
            return
        sides = [list(self._sides[0]), list(self._sides[1])]
        self._change(owner, source, -1, sides)
        self._change(owner, target, +1, sides)
        self._try(sides)

    @Slot()
    def clear(self) -> None:
        """Every checker to its tray."""
        self._try([[0] * 25, [0] * 25])

    @Slot()
    def startPosition(self) -> None:  # noqa: N802
        self._try([list(START_SIDE), list(START_SIDE)])

    # -- the rest of the state ------------------------------------------------------------------
    @Slot(int)
    def setTool(self, tool: int) -> None:  # noqa: N802
        if tool in (WHITE, BLACK, REMOVE) and tool != self._tool:
            self._tool = tool
            self.changed.emit()

    @Slot(int)
    def setOnRoll(self, player: int) -> None:  # noqa: N802
        if player in (WHITE, BLACK):
            self._on_roll = player
            self._said = T("")
            self.changed.emit()

    @Slot(bool, int, int)
    def setDice(self, rolled: bool, first: int, second: int) -> None:  # noqa: N802
        """The dice to be played (``rolled``), or none: the player on roll rolls first."""
        self._dice = (int(first), int(second)) if rolled else None
        self._said = T("")
        self.changed.emit()

    @Slot(bool, int, int)
    def setCube(self, in_use: bool, value: int, owner: int) -> None:  # noqa: N802
        self._cube_in_use, self._cube, self._owner = bool(in_use), int(value), int(owner)
        self._said = T("")
        self.changed.emit()

    @Slot(int, int, int, bool)
    def setMatch(self, length: int, score0: int, score1: int, crawford: bool) -> None:  # noqa: N802
        """Match length (0: a single game), the score before this game, the Crawford flag."""
        self._length = int(length)
        self._score = [int(score0), int(score1)] if length else [0, 0]
        self._crawford = bool(crawford)
        self._said = T("")
        self.changed.emit()

    @Slot(str)
    def setOpponent(self, opponent: str) -> None:  # noqa: N802
        if opponent in OPPONENTS and opponent != self._opponent:
            self._opponent = opponent
            self._said = T("")
            self.changed.emit()

    # -- the engine's judgement -----------------------------------------------------------------
    def _position(self) -> Position:
        me, them = self._sides[self._on_roll], self._sides[1 - self._on_roll]
        return Position(me, them)

    def _fields(self) -> MatchIdFields:
        return MatchIdFields(
            match_length=self._length,
            score=(self._score[0], self._score[1]),
            cube=self._cube,
            cube_owner=self._owner,
            player_on_roll=self._on_roll,
            turn=self._on_roll,
            crawford=self._crawford,
            dice=self._dice or (0, 0),
        )

    def refusal(self) -> T | None:
        """Why the state cannot be played (the engine's rule), or None when it can."""
        try:
            position, fields = self._position(), self._fields()
        except EngineError as exc:  # out of the controls' ranges: only from a caller's slot
            return T(N_("This cannot be set up: {0}"), str(exc))
        code = hand_setup_refusal(position, fields, cube_enabled=self._cube_in_use)
        if code is None:
            return None
        text = REFUSAL_TEXT.get(code)
        if text is None:
            return T(N_("This cannot be set up: {0}"), SETUP_REFUSAL_TEXT[code])
        who = self._on_roll
        if code == SetupRefusal.GAME_OVER:
            who = WHITE if not any(self._sides[WHITE]) else BLACK
        return T(text, P(who))

    def ids(self) -> tuple[str, str] | None:
        if self.refusal() is not None:
            return None
        return self._position().position_id(), self._fields().encode()

    def shared_ids(self) -> tuple[str, str] | None:
        """``ids`` as they are shown to be copied (``app.position_setup.shared``)."""
        ids = self.ids()
        return None if ids is None else shared(ids)

    @Slot()
    def playFromHere(self) -> None:  # noqa: N802
        """Start a session in this state (asking first when a game is in progress)."""
        ids = self.ids()
        if ids is None:
            return
        setup = self._setup
        computer = self._opponent != "human"
        try:
            match = Match.from_ids(
                *ids,
                players=setup.players(),
                seed=setup.new_seed(),
                cube=self._cube_in_use,
                crawford=True,
            )
        except EngineError as exc:  # the engine is the judge, also of what it accepted above
            self._said = T(N_("This cannot be set up: {0}"), str(exc))
            self.changed.emit()
            return
        session = setup.session_for(match, computer, self._opponent if computer else "")
        setup.offer(
            session,
            T(N_("Replace it with the position from the editor?")),
            T(
                N_("Set up in the editor ({0}). {1} is on roll."),
                shown_ids(*shared(ids)),
                P(self._on_roll),
            ),
            declined=self._keep,
        )

    def _keep(self) -> None:
        """The game was kept: back to the editor, on its set-up (it closed, and the player
        looked for a way back: found by a tester)."""
        self._kept = True
        self.kept.emit()

    # -- what QML reads -------------------------------------------------------------------------
    def _names(self) -> list[str]:
        chosen = self._setup.opponent()[2]
        second = _("Computer") if self._opponent != "human" else _("Black")
        return [chosen[0] or _("White"), chosen[1] or second]

    def _board(self) -> list[int]:
        white, black = self._sides
        return absolute_board(Position(white, black, validate=False), WHITE)

    def _draggable(self) -> list[int]:
        return [loc for loc in range(28) if self._owner_at(loc) is not None]

    def _message(self) -> str:
        """The last refused gesture's reason, and why the set-up cannot be played (the second
        stood hidden behind the first while "Play from here" was grey: found by a tester)."""
        names = self._names()
        refusal = self.refusal()
        said = [t.render(names) for t in (self._said, refusal) if t is not None and t.template]
        return " ".join(said)

    def _ids_text(self) -> str:
        ids = self.shared_ids()
        return gnubg_id(*ids) if ids else ""

    @Slot()
    def retranslate(self) -> None:
        self.changed.emit()

    board = Property("QVariantList", _board, notify=changed)
    draggable = Property("QVariantList", _draggable, notify=changed)
    tool = Property(int, lambda s: s._tool, notify=changed)
    onRoll = Property(int, lambda s: s._on_roll, notify=changed)
    diceRolled = Property(bool, lambda s: s._dice is not None, notify=changed)
    dice = Property("QVariantList", lambda s: list(s._dice or (0, 0)), notify=changed)
    boardDice = Property(
        "QVariantList",
        lambda s: [{"value": d, "used": False} for d in (s._dice or ())],
        notify=changed,
    )
    cubeInUse = Property(bool, lambda s: s._cube_in_use, notify=changed)
    cubeValue = Property(int, lambda s: s._cube, notify=changed)
    cubeOwner = Property(int, lambda s: s._owner, notify=changed)
    matchLength = Property(int, lambda s: s._length, notify=changed)
    score = Property("QVariantList", lambda s: list(s._score), notify=changed)
    crawford = Property(bool, lambda s: s._crawford, notify=changed)
    opponent = Property(str, lambda s: s._opponent, notify=changed)
    names = Property("QVariantList", _names, notify=changed)
    message = Property(str, _message, notify=changed)
    idsText = Property(str, _ids_text, notify=changed)
    playable = Property(bool, lambda s: s.refusal() is None, notify=changed)
    # set up otherwise than it opened: Cancel and Esc ask before the set-up is lost (Esc lost a
    # teacher's set-up without a word: found by a tester)
    edited = Property(bool, lambda s: s._state() != s._begun, notify=changed)
    maxCube = Property(int, lambda s: MAX_CUBE, constant=True)
    maxLength = Property(int, lambda s: MAX_MATCH_LENGTH, constant=True)
