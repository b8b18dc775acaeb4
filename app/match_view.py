"""What the game window shows of the match: read-only, typed properties for QML.

``ViewState`` is a plain value made from the session (the engine's match), the board input and
the settings by ``build_state``; ``MatchView`` exposes its fields, each declared once with its
type, and emits ``changed`` only when the state really differs.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from PySide6.QtCore import Property, QObject, Signal
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

from app import match_texts
from app.board_input import BoardInput
from app.history import Moment
from app.move_log import LogLine
from app.session import Session, to_location
from app.settings import HINT_CHECKERS, HINT_POINTS, Settings
from app.texts import _
from engine.moves import checker_moves

QML_IMPORT_NAME = "app.qml"

LAST_MOVE_COLOUR = "#a0f0e6c8"  # the from-to marks of the last play: soft, behind the hints
QML_IMPORT_MAJOR_VERSION = 1


@dataclass(frozen=True)
class ViewState:
    board: list[int] = field(default_factory=lambda: [0] * 28)
    dice: list[dict[str, Any]] = field(default_factory=list)
    diceOwner: int = 0  # noqa: N815  (the names QML reads)
    openingDice: list[int] = field(default_factory=list)  # noqa: N815
    onRoll: int = 0  # noqa: N815
    phase: str = ""
    turned: bool = False
    draggable: list[int] = field(default_factory=list)
    ringCheckers: list[int] = field(default_factory=list)  # noqa: N815
    ringPoints: list[int] = field(default_factory=list)  # noqa: N815
    selected: int = -1
    lastMove: list[dict[str, Any]] = field(default_factory=list)  # noqa: N815
    legalSteps: list[dict[str, int]] = field(default_factory=list)  # noqa: N815
    canRoll: bool = False  # noqa: N815
    canDouble: bool = False  # noqa: N815
    doubleRefusal: str = ""  # noqa: N815
    canUndo: bool = False  # noqa: N815
    canConfirm: bool = False  # noqa: N815
    canResign: bool = False  # noqa: N815
    noMove: bool = False  # noqa: N815
    mustAnswerDouble: bool = False  # noqa: N815
    humanToAct: bool = False  # noqa: N815
    thinking: bool = False
    status: str = ""
    lastPlay: str = ""  # noqa: N815
    names: list[str] = field(default_factory=lambda: ["", ""])
    score: list[int] = field(default_factory=lambda: [0, 0])
    matchLength: int = 0  # noqa: N815
    matchInProgress: bool = False  # noqa: N815
    analysed: bool = False  # the match on show has an analysis (replaced, it is gone)
    crawfordGame: bool = False  # noqa: N815
    cubeEnabled: bool = False  # noqa: N815
    cubeValue: int = 1  # noqa: N815
    cubeOwner: int = -1  # noqa: N815
    cubeOwnerText: str = ""  # noqa: N815
    cubeOffered: bool = False  # noqa: N815
    pips: list[int] = field(default_factory=lambda: [0, 0])
    gameOver: dict[str, Any] = field(default_factory=lambda: {"visible": False})  # noqa: N815
    computerPlayer: int = -1  # noqa: N815
    level: str = ""
    notice: str = ""
    moveList: list[str] = field(default_factory=list)  # noqa: N815
    # the line under review; -1: the game, its last line; -2: under review, before any line
    moveLine: int = -1  # noqa: N815
    reviewing: bool = False
    # the moment under review ends its game: no one is on roll there
    ended: bool = False
    reviewText: str = ""  # noqa: N815
    historyIndex: int = -1  # noqa: N815  (-1: the game as it is)
    historyCount: int = 0  # noqa: N815


@dataclass(frozen=True)
class FlowState:
    """What the game flow adds to the session: whose input it waits for, and its texts."""

    human_to_move: bool = False  # the human may move checkers now
    human_on_roll: bool = False
    human_answers_double: bool = False
    busy: bool = False  # the computer acts, or a pause is on show
    thinking: bool = False
    status: str = ""
    last_play: str = ""
    notice: str = ""
    last_move: tuple[tuple[int, int], ...] = ()  # board locations of the last play


def last_move_arrows(moves: tuple[tuple[int, int], ...]) -> list[dict[str, Any]]:
    """The board's arrows of a play made, one a checker as the play is written (its steps
    joined: ``engine.moves.checker_moves``): each ends on the checker it moved (``made``), where
    a hint's or a lesson's ends where the checker would go."""
    joined = checker_moves((a, b, False) for a, b in moves)
    return [{"from": a, "to": b, "color": LAST_MOVE_COLOUR, "made": True} for a, b, _ in joined]


def display_names(session: Session | None) -> list[str]:
    """The players' names; a name left empty shows the default of the current language."""
    chosen = session.settings.names if session is not None else ("", "")
    computer = session is not None and session.settings.computer
    defaults = (_("White"), _("Computer") if computer else _("Black"))
    return [chosen[i] or defaults[i] for i in (0, 1)]


def _dice(session: Session) -> list[dict[str, Any]]:
    """The dice on the board, higher first, each marked when it has been played."""
    if not session.dice or session.phase != "move":
        return []
    d1, d2 = match_texts.ordered(session.dice)
    all_dice = [d1] * 4 if d1 == d2 else [d1, d2]
    remaining = list(session.turn.remaining_dice()) if session.turn else list(all_dice)
    out = []
    for value in all_dice:
        used = value not in remaining
        if not used:
            remaining.remove(value)
        out.append({"value": value, "used": used})
    return out


def build_state(
    session: Session | None, flow: FlowState, board_input: BoardInput, settings: Settings
) -> ViewState:
    if session is None:
        return ViewState(status=flow.status, notice=flow.notice)
    names = display_names(session)
    phase = session.phase
    turn = session.turn if phase == "move" else None
    player = session.on_roll
    moving = flow.human_to_move and turn is not None and not flow.busy
    hints = settings.value("hintMode")
    ring_checkers = board_input.movable_locations() if moving and hints >= HINT_CHECKERS else []
    ring_points: list[int] = []
    if moving and hints >= HINT_CHECKERS:
        ring_points = board_input.reachable_locations()
        if hints >= HINT_POINTS and board_input.selected < 0 and turn is not None:
            ring_points = sorted({to_location(player, s.dst) for s in turn.legal_steps()})
    no_move = turn is not None and not turn.has_legal_move()
    steps = turn.legal_steps() if moving and turn is not None else []
    r = session.result
    over = phase in ("game_over", "match_over") and r is not None
    game_over: dict[str, Any] = {"visible": False}
    if over and r is not None:
        game_over = {
            "visible": True,
            "winner": r.winner,
            "winnerName": names[r.winner],
            "kind": r.kind,
            "cube": r.cube,
            "points": r.points,
            "passed": r.resigned_by_pass,
            "resigned": r.resigned,
            "matchOver": phase == "match_over",
            "matchLength": session.settings.match_length,
            "score0": session.score[0],
            "score1": session.score[1],
        }
    deciding = 1 - player if phase == "double" else player
    hot_seat = not session.settings.computer
    owner = session.cube_owner
    refusal = session.double_refusal() if phase == "roll" else None
    human_roll = flow.human_on_roll and phase == "roll" and not flow.busy
    in_game = phase in ("roll", "move", "double")
    return ViewState(
        board=session.absolute_board(),
        dice=_dice(session),
        diceOwner=player,
        openingDice=list(session.opening_dice)
        if session.opening_dice and turn is not None and not turn.steps
        else [],
        onRoll=player,
        phase=phase,
        # while a game is played only: a finished game or match (one read from a file too) is
        # shown as the review shows it, not turned for the last player to act
        turned=in_game and hot_seat and settings.value("boardTurning") and deciding == 1,
        draggable=board_input.movable_locations() if moving else [],
        ringCheckers=ring_checkers,
        ringPoints=ring_points,
        selected=board_input.selected if moving else -1,
        lastMove=last_move_arrows(flow.last_move),
        legalSteps=[
            {"from": to_location(player, s.src), "to": to_location(player, s.dst)} for s in steps
        ],
        canRoll=human_roll,
        canDouble=human_roll and refusal is None,
        doubleRefusal=match_texts.double_refusal(refusal)
        if session.settings.cube and human_roll
        else "",
        canUndo=moving and bool(turn and turn.steps),
        canConfirm=flow.human_to_move and not flow.busy and turn is not None and turn.is_complete(),
        canResign=in_game and (flow.human_on_roll or flow.human_answers_double) and not flow.busy,
        noMove=no_move,
        mustAnswerDouble=flow.human_answers_double and not flow.busy,
        humanToAct=(flow.human_on_roll and in_game and phase != "double" and not flow.busy)
        or (flow.human_answers_double and not flow.busy),
        thinking=flow.thinking,
        status=flow.status,
        lastPlay=flow.last_play,
        names=names,
        score=list(session.score),
        matchLength=session.settings.match_length,
        matchInProgress=session.in_progress(),
        analysed=session.analysis is not None,
        crawfordGame=session.crawford_game,
        cubeEnabled=session.settings.cube,
        cubeValue=session.cube_value,
        cubeOwner=owner,
        cubeOwnerText=_("{0} owns the cube.").format(names[owner]) if owner >= 0 else "",
        cubeOffered=phase == "double",
        pips=list(session.pip_counts()),
        gameOver=game_over,
        computerPlayer=1 if session.settings.computer else -1,
        level=session.settings.level if session.settings.computer else "",
        notice=flow.notice,
        moveList=[match_texts.move_line(names, line) for line in session.log],
    )


def review_state(
    session: Session,
    moment: Moment,
    position: tuple[int, int],
    lines: list[tuple[int, str]],
    index: int,
    notice: str = "",
) -> ViewState:
    """The board at ``moment`` of the match, read-only (``position``: index and count), and
    the ``notice`` the game flow has for the player (a review shows it as the game does)."""
    names = display_names(session)
    shown: list[int] = []
    if moment.dice:
        hi, lo = match_texts.ordered(moment.dice)
        shown = [hi] * 4 if hi == lo else [hi, lo]
    owner = moment.cube_owner
    review = _("Game {0} · {1} of {2}").format(moment.game, position[0] + 1, position[1])
    opening: list[int] = []  # the opening roll: one die of each player's colour, as in the game
    read = LogLine.parse(moment.line)
    if read is not None and read.kind == "opening":
        opening = list(read.dice)
    # a roll about to be played has no line of its own: the line of its play is the one marked
    # (as the analysis's "show on the board" shows a mistake), not the play before it
    upcoming = index + 1 if moment.dice and not moment.line else index
    return ViewState(
        board=list(moment.board),
        dice=[{"value": d, "used": False} for d in shown],
        openingDice=opening,
        diceOwner=moment.on_roll,
        onRoll=moment.on_roll,
        phase="review",
        lastMove=last_move_arrows(moment.last_move),
        status=moment.text.render(names),
        names=names,
        score=list(moment.score),
        matchLength=session.settings.match_length,
        matchInProgress=session.in_progress(),
        analysed=session.analysis is not None,
        cubeEnabled=session.settings.cube,
        crawfordGame=moment.crawford,
        cubeValue=moment.cube_value,
        cubeOffered=moment.offered,  # the double's moment shows the cube offered, as the game did
        cubeOwner=owner,
        cubeOwnerText=_("{0} owns the cube.").format(names[owner]) if owner >= 0 else "",
        pips=list(moment.pips),
        computerPlayer=1 if session.settings.computer else -1,
        level=session.settings.level if session.settings.computer else "",
        moveList=[match_texts.move_line(names, line) for _i, line in lines],
        # before the first line (a game set up from a position): none is marked, -2
        moveLine=max((n for n, (i, _l) in enumerate(lines) if i <= upcoming), default=-2),
        reviewing=True,
        ended=moment.ended,
        reviewText=review,
        historyIndex=index,
        historyCount=position[1],
        notice=notice,
    )


@QmlElement
@QmlSingleton
class MatchView(QObject):
    """The match as the window shows it (``view.board``, ``view.canRoll``, ``view.status``...)."""

    @staticmethod
    def create(engine: QQmlEngine) -> MatchView:
        """The window's own MatchView (made by ``app.window``), when QML first names it."""
        from app.parts import part_of

        return part_of(engine, MatchView)

    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._state = ViewState()

    @property
    def state(self) -> ViewState:
        return self._state

    def update(self, state: ViewState) -> None:
        if state != self._state:
            self._state = state
            self.changed.emit()

    def update_fields(self, **fields: Any) -> None:
        self.update(replace(self._state, **fields))

    board = Property("QVariantList", lambda s: s._state.board, notify=changed)
    dice = Property("QVariantList", lambda s: s._state.dice, notify=changed)
    diceOwner = Property(int, lambda s: s._state.diceOwner, notify=changed)
    openingDice = Property("QVariantList", lambda s: s._state.openingDice, notify=changed)
    onRoll = Property(int, lambda s: s._state.onRoll, notify=changed)
    phase = Property(str, lambda s: s._state.phase, notify=changed)
    turned = Property(bool, lambda s: s._state.turned, notify=changed)
    draggable = Property("QVariantList", lambda s: s._state.draggable, notify=changed)
    ringCheckers = Property("QVariantList", lambda s: s._state.ringCheckers, notify=changed)
    ringPoints = Property("QVariantList", lambda s: s._state.ringPoints, notify=changed)
    selected = Property(int, lambda s: s._state.selected, notify=changed)
    lastMove = Property("QVariantList", lambda s: s._state.lastMove, notify=changed)
    legalSteps = Property("QVariantList", lambda s: s._state.legalSteps, notify=changed)
    canRoll = Property(bool, lambda s: s._state.canRoll, notify=changed)
    canDouble = Property(bool, lambda s: s._state.canDouble, notify=changed)
    doubleRefusal = Property(str, lambda s: s._state.doubleRefusal, notify=changed)
    canUndo = Property(bool, lambda s: s._state.canUndo, notify=changed)
    canConfirm = Property(bool, lambda s: s._state.canConfirm, notify=changed)
    canResign = Property(bool, lambda s: s._state.canResign, notify=changed)
    noMove = Property(bool, lambda s: s._state.noMove, notify=changed)
    mustAnswerDouble = Property(bool, lambda s: s._state.mustAnswerDouble, notify=changed)
    humanToAct = Property(bool, lambda s: s._state.humanToAct, notify=changed)
    thinking = Property(bool, lambda s: s._state.thinking, notify=changed)
    status = Property(str, lambda s: s._state.status, notify=changed)
    lastPlay = Property(str, lambda s: s._state.lastPlay, notify=changed)
    names = Property("QVariantList", lambda s: s._state.names, notify=changed)
    score = Property("QVariantList", lambda s: s._state.score, notify=changed)
    matchLength = Property(int, lambda s: s._state.matchLength, notify=changed)
    matchInProgress = Property(bool, lambda s: s._state.matchInProgress, notify=changed)
    analysed = Property(bool, lambda s: s._state.analysed, notify=changed)
    crawfordGame = Property(bool, lambda s: s._state.crawfordGame, notify=changed)
    cubeEnabled = Property(bool, lambda s: s._state.cubeEnabled, notify=changed)
    cubeValue = Property(int, lambda s: s._state.cubeValue, notify=changed)
    cubeOwner = Property(int, lambda s: s._state.cubeOwner, notify=changed)
    cubeOwnerText = Property(str, lambda s: s._state.cubeOwnerText, notify=changed)
    cubeOffered = Property(bool, lambda s: s._state.cubeOffered, notify=changed)
    pips = Property("QVariantList", lambda s: s._state.pips, notify=changed)
    gameOver = Property("QVariantMap", lambda s: s._state.gameOver, notify=changed)
    computerPlayer = Property(int, lambda s: s._state.computerPlayer, notify=changed)
    level = Property(str, lambda s: s._state.level, notify=changed)
    notice = Property(str, lambda s: s._state.notice, notify=changed)
    moveList = Property("QVariantList", lambda s: s._state.moveList, notify=changed)
    moveLine = Property(int, lambda s: s._state.moveLine, notify=changed)
    reviewing = Property(bool, lambda s: s._state.reviewing, notify=changed)
    ended = Property(bool, lambda s: s._state.ended, notify=changed)
    reviewText = Property(str, lambda s: s._state.reviewText, notify=changed)
    historyIndex = Property(int, lambda s: s._state.historyIndex, notify=changed)
    historyCount = Property(int, lambda s: s._state.historyCount, notify=changed)
