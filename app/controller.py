"""The game controller QML talks to: it owns the session, the computer and saving.

QML shows what the controller exposes (the board as 28 locations, the dice, which checkers may
move and where, the phase, the score) and calls its slots; every rule is decided here, by the
engine. Board locations are described in ``app.session``.
"""

from __future__ import annotations

import json
import os
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    Property,
    QObject,
    QSettings,
    QStandardPaths,
    QThreadPool,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtQml import QmlElement, QmlSingleton

from app.computer import AiTask, ComputerOpponent, CubeState
from app.qtcompat import emit
from app.session import (
    LEVELS,
    MATCH_LENGTHS,
    MatchSettings,
    Session,
    from_location,
    to_location,
)
from app.texts import N_, Nn_, P, T, _
from engine import EngineError, Position

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1

SAVE_NAME = "game.json"
HINT_OFF, HINT_CHECKERS, HINT_POINTS = 0, 1, 2
# Milliseconds per animated computer step for the speed setting (slow, normal, fast, instant).
STEP_MS = (900, 520, 260, 0)


@dataclass
class Config:
    """Set by the launcher (or a test) before the QML engine creates the controller."""

    data_dir: Path | None = None  # None: the user's AppDataLocation
    settings_file: Path | None = None  # None: the platform's QSettings
    save_enabled: bool = True
    resume: bool = True
    seed: int | None = None
    step_ms: int | None = None  # overrides the animation speed setting (tests use 0)
    think_delay_ms: int | None = None  # pause before the computer acts (None: by speed)
    extra: dict[str, Any] = field(default_factory=dict)


CONFIG = Config()


def _settings() -> QSettings:
    if CONFIG.settings_file is not None:
        return QSettings(str(CONFIG.settings_file), QSettings.Format.IniFormat)
    return QSettings()


def data_dir() -> Path:
    if CONFIG.data_dir is not None:
        return CONFIG.data_dir
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(location or Path.home() / ".backgammon")


def _bool(value: Any, default: bool) -> bool:
    if value is None:
        return default
    if isinstance(value, str):
        return value.lower() in ("1", "true", "yes")
    return bool(value)


def _int(value: Any, default: int) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to a temporary file next to ``path``, then replace ``path`` with it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, path)


@QmlElement
@QmlSingleton
class Game(QObject):
    """The game in the window (a QML singleton: ``Game.roll()``, ``Game.board``)."""

    # -- signals for QML ------------------------------------------------------------------------
    boardChanged = Signal()
    diceChanged = Signal()
    diceOwnerChanged = Signal()
    openingDiceChanged = Signal()
    onRollChanged = Signal()
    phaseChanged = Signal()
    turnedChanged = Signal()
    draggableChanged = Signal()
    ringCheckersChanged = Signal()
    ringPointsChanged = Signal()
    selectedChanged = Signal()
    legalStepsChanged = Signal()
    canRollChanged = Signal()
    canDoubleChanged = Signal()
    canUndoChanged = Signal()
    canConfirmChanged = Signal()
    mustAnswerDoubleChanged = Signal()
    humanToActChanged = Signal()
    thinkingChanged = Signal()
    statusChanged = Signal()
    lastPlayChanged = Signal()
    namesChanged = Signal()
    scoreChanged = Signal()
    matchLengthChanged = Signal()
    crawfordGameChanged = Signal()
    cubeEnabledChanged = Signal()
    cubeValueChanged = Signal()
    cubeOwnerChanged = Signal()
    cubeOfferedChanged = Signal()
    pipsChanged = Signal()
    gameOverChanged = Signal()
    computerPlayerChanged = Signal()
    levelChanged = Signal()
    noticeChanged = Signal()
    historyChanged = Signal()
    moveListChanged = Signal()
    # settings
    hintModeChanged = Signal()
    confirmEndOfTurnChanged = Signal()
    boardTurningChanged = Signal()
    animationSpeedChanged = Signal()
    stepMsChanged = Signal()
    newGameDefaultsChanged = Signal()
    languageChanged = Signal()
    # events
    stepAnimated = Signal(int, int, int, int)  # from, to, player, milliseconds
    illegalMove = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._values: dict[str, Any] = {}
        self._settings = _settings()
        self._hint_mode = _int(self._settings.value("hintMode"), HINT_OFF)
        self._confirm = _bool(self._settings.value("confirmEndOfTurn"), False)
        self._turning = _bool(self._settings.value("boardTurning"), True)
        self._speed = max(0, min(3, _int(self._settings.value("animationSpeed"), 1)))
        self._language = str(self._settings.value("language") or "")
        self._session: Session | None = None
        self._opponent: ComputerOpponent | None = None
        self._selected: int | None = None  # source point (mover's numbering) picked by a click
        self._thinking = False
        self._busy = False  # the computer is acting (thinking or animating)
        self._status = T("")
        self._last_play = T("")
        self._notice = T("")
        self._generation = 0  # bumps on every new game: stale timers and answers are ignored
        self._request = 0
        self._tasks: dict[int, AiTask] = {}
        self._callbacks: dict[int, Any] = {}
        self._pool = QThreadPool.globalInstance()
        self._started = False
        self._publish()
        self._follow_language()

    def _follow_language(self) -> None:
        """Texts made here are made again in the new language when it changes."""
        try:
            from app.i18n import language_state
        except Exception:  # noqa: BLE001  (no translations: nothing to follow)
            return
        language_state().languageChanged.connect(self._on_language_changed)

    @Slot(str)
    def _on_language_changed(self, _code: str = "") -> None:
        self._publish()

    # -- start-up -----------------------------------------------------------------------------
    @Slot()
    def start(self) -> None:
        """Resume the saved game, or start one with the new-game defaults."""
        if self._started:
            return
        self._started = True
        if CONFIG.resume and CONFIG.save_enabled and self._load():
            return
        self._begin(self._default_settings())

    def show_position(self, position: Position, on_roll: int = 0, **state: Any) -> None:
        """Show ``position`` (from the view of ``on_roll``) for screenshots and lessons."""
        self._started = True
        self._status = T("")
        settings = MatchSettings(
            cube=bool(state.get("cube", state.get("cube_value", 1) > 1)),
            names=tuple(state.get("names", ("", ""))),  # type: ignore[arg-type]
            computer=bool(state.get("computer", False)),
        )
        settings.match_length = int(state.get("match_length", 0))  # any length gnubg allows
        session = Session(settings, rng=random.Random(CONFIG.seed))
        dice = state.get("dice")
        session.set_up(
            position,
            on_roll,
            dice=(int(dice[0]), int(dice[1])) if dice and dice[0] else None,
            cube_value=int(state.get("cube_value", 1)),
            cube_owner=int(state.get("cube_owner", -1)),
            score=tuple(state.get("score", (0, 0))),  # type: ignore[arg-type]
            crawford=bool(state.get("crawford", False)),
        )
        if dice and dice[0]:
            opening = state.get("opening")
            if opening:  # show the opening roll: one die each
                session.opening_dice = (int(opening[0]), int(opening[1]))
                self._status = T(
                    N_("Opening roll: {0} {1}, {2} {3}. {4} starts."),
                    P(0),
                    opening[0],
                    P(1),
                    opening[1],
                    P(on_roll),
                )
        self._session = session
        self._opponent = None
        self._publish()

    def _default_settings(self) -> MatchSettings:
        d = self._new_game_defaults()
        return MatchSettings(
            match_length=d["matchLength"],
            cube=d["cube"],
            crawford=d["crawford"],
            names=(d["name0"], d["name1"]),
            computer=d["opponent"] != "human",
            level=d["opponent"] if d["opponent"] in LEVELS else "medium",
        )

    def _new_game_defaults(self) -> dict[str, Any]:
        s = self._settings
        opponent = str(s.value("newGame/opponent") or "medium")
        if opponent not in (*LEVELS, "human"):
            opponent = "medium"
        length = _int(s.value("newGame/matchLength"), 0)
        return {
            "opponent": opponent,
            "matchLength": length if length in MATCH_LENGTHS else 0,
            "cube": _bool(s.value("newGame/cube"), False),
            "crawford": _bool(s.value("newGame/crawford"), True),
            "name0": str(s.value("newGame/name0") or ""),
            "name1": str(s.value("newGame/name1") or ""),
        }

    # -- the new-game dialog ----------------------------------------------------------------------
    @Slot("QVariantMap")
    def newGame(self, options: dict[str, Any]) -> None:  # noqa: N802
        """Start a new game or match from the dialog's choices (also stored as the defaults)."""
        opponent = str(options.get("opponent", "medium"))
        if opponent not in (*LEVELS, "human"):
            opponent = "medium"
        length = _int(options.get("matchLength"), 0)
        if length not in MATCH_LENGTHS:
            length = 0
        # An empty name shows the default name of the language in use (see _display_names).
        name0 = str(options.get("name0") or "").strip()
        name1 = str(options.get("name1") or "").strip()
        settings = MatchSettings(
            match_length=length,
            cube=_bool(options.get("cube"), False),
            crawford=_bool(options.get("crawford"), True),
            names=(name0, name1),
            computer=opponent != "human",
            level=opponent if opponent in LEVELS else "medium",
        )
        s = self._settings
        s.setValue("newGame/opponent", opponent)
        s.setValue("newGame/matchLength", length)
        s.setValue("newGame/cube", settings.cube)
        s.setValue("newGame/crawford", settings.crawford)
        s.setValue("newGame/name0", name0)
        s.setValue("newGame/name1", name1)
        s.sync()
        emit(self.newGameDefaultsChanged)
        self._begin(settings)

    def _begin(self, settings: MatchSettings) -> None:
        self._cancel_computer()
        seed = CONFIG.seed if CONFIG.seed is not None else random.SystemRandom().randrange(2**32)
        self._session = Session(settings, seed=seed)
        self._opponent = (
            ComputerOpponent(settings.level, seed=seed + 1, crawford_rule=settings.crawford)
            if settings.computer
            else None
        )
        self._last_play = T("")
        self._start_next_game()

    def _start_next_game(self) -> None:
        session = self._require()
        session.start_game()
        d0, d1 = session.opening()
        self._status = T(
            N_("Opening roll: {0} {1}, {2} {3}. {4} starts."),
            P(0),
            d0,
            P(1),
            d1,
            P(session.on_roll),
        )
        if session.crawford_game:
            self._status = T("{0} {1}", self._status, T(N_("Crawford game: no doubling.")))
        self._selected = None
        self._after_change()

    @Slot()
    def nextGame(self) -> None:  # noqa: N802
        """After a game of a match: start the next game."""
        session = self._session
        if session is None or session.phase != "game_over" or session.settings.match_length == 0:
            return
        self._start_next_game()

    @Slot()
    def rematch(self) -> None:
        """Start a new game or match with the same settings."""
        if self._session is not None:
            self._begin(self._session.settings)

    # -- player actions ---------------------------------------------------------------------------
    def _require(self) -> Session:
        if self._session is None:
            raise RuntimeError("no game")
        return self._session

    def _human_on_roll(self) -> bool:
        s = self._session
        return s is not None and not (s.settings.computer and s.on_roll == 1)

    def _human_decides_double(self) -> bool:
        s = self._session
        return (
            s is not None and s.phase == "double" and not (s.settings.computer and s.on_roll == 0)
        )

    @Slot()
    def roll(self) -> None:
        s = self._session
        if s is None or s.phase != "roll" or not self._human_on_roll() or self._busy:
            return
        dice = s.roll()
        self._status = T(N_("{0} rolls {1}-{2}."), P(s.on_roll), *dice)
        self._selected = None
        self._after_roll()

    def _after_roll(self) -> None:
        s = self._require()
        turn = s.turn
        assert turn is not None
        if not turn.has_legal_move():
            self._status = T(N_("{0} rolls {1}-{2}: no legal move."), P(s.on_roll), *s.dice)
            self._busy = True  # the announcement stays up a moment; no input meanwhile
            self._publish()
            self._later(self._pause_ms(900), self._computer_finishes)
            return
        self._after_change()

    @Slot()
    def double(self) -> None:
        s = self._session
        if s is None or not s.may_double() or not self._human_on_roll() or self._busy:
            return
        s.double()
        self._status = T(N_("{0} doubles to {1}."), P(s.on_roll), s.cube_value * 2)
        self._after_change()  # against the computer, this asks it to take or pass

    @Slot()
    def take(self) -> None:
        s = self._session
        if s is None or not self._human_decides_double():
            return
        self._take()

    def _take(self) -> None:
        s = self._require()
        taker = 1 - s.on_roll
        s.take()
        self._status = T(N_("{0} takes; the cube is at {1}."), P(taker), s.cube_value)
        self._after_change()

    @Slot()
    def passDouble(self) -> None:  # noqa: N802
        s = self._session
        if s is None or not self._human_decides_double():
            return
        self._pass()

    def _pass(self) -> None:
        s = self._require()
        passer = 1 - s.on_roll
        s.pass_double()
        self._status = T(N_("{0} passes."), P(passer))
        self._after_change()

    @Slot()
    def undo(self) -> None:
        s = self._session
        if s is None or not self._human_on_roll() or self._busy:
            return
        if s.undo() is not None:
            self._selected = None
            self._after_change()

    @Slot()
    def confirm(self) -> None:
        s = self._session
        if s is None or s.turn is None or not self._human_on_roll() or self._busy:
            return
        if s.phase == "move" and s.turn.is_complete() and s.turn.steps:
            self._end_turn()

    @Slot(int)
    def clickLocation(self, location: int) -> None:  # noqa: N802
        """A click on a board location: pick a checker, or move the picked one there."""
        s = self._session
        if s is None or s.phase != "move" or s.turn is None or self._busy:
            return
        if not self._human_on_roll():
            return
        point = from_location(s.on_roll, location)
        if point is None:
            return
        turn = s.turn
        if self._selected is not None:
            if point == self._selected:
                self._selected = None
                self._publish()
                return
            if self._move_path(self._selected, point):
                return
        movable = turn.movable_points()
        if point in movable:
            dests = turn.destinations(point)
            if len(dests) == 1:
                self._step(point, next(iter(dests)))
            else:
                self._selected = point
                self._publish()
        elif self._selected is not None:
            self._selected = None
            self._publish()

    @Slot(int)
    def doubleClickLocation(self, location: int) -> None:  # noqa: N802
        """A double-click moves the picked checker at once, by the highest die that can."""
        s = self._session
        if s is None or s.turn is None or s.phase != "move" or self._busy:
            return
        point = from_location(s.on_roll, location)
        if point is None or point != self._selected or not self._human_on_roll():
            return
        dests = s.turn.destinations(point)
        if dests:
            self._step(point, min(dests))  # the farthest one: the highest die

    @Slot(int, int)
    def dropChecker(self, from_location_: int, to_location_: int) -> None:  # noqa: N802
        """A checker dragged from one location to another."""
        s = self._session
        if s is None or s.turn is None or s.phase != "move" or self._busy:
            return
        if not self._human_on_roll():
            return
        src = from_location(s.on_roll, from_location_)
        dst = from_location(s.on_roll, to_location_)
        if src is None or dst is None or dst == 25:
            return
        if not self._move_path(src, dst):
            self._selected = None
            self._status = T(N_("That move is not allowed."))
            emit(self.illegalMove, self._status.render(self._display_names()))
            self._publish()

    def _move_path(self, src: int, dst: int) -> bool:
        """Move one checker from src to dst by one or more dice; False (and no change) if not."""
        s = self._require()
        turn = s.turn
        assert turn is not None
        path = self._find_path(src, dst)
        if not path:
            return False
        for a, b in path[:-1]:
            turn.move_checker(a, b)
        self._step(*path[-1])
        return True

    def _find_path(self, src: int, dst: int) -> list[tuple[int, int]] | None:
        turn = self._require().turn
        assert turn is not None
        for step in turn.legal_steps():
            if step.src == src and step.dst == dst:
                return [(src, dst)]
        for step in turn.legal_steps():
            if step.src != src or step.dst == 0 or step.dst <= dst:
                continue
            turn.move_checker(step.src, step.dst)
            try:
                rest = self._find_path(step.dst, dst)
            finally:
                turn.undo()
            if rest:
                return [(step.src, step.dst), *rest]
        return None

    def _step(self, src: int, dst: int) -> None:
        s = self._require()
        try:
            s.move(src, dst)
        except EngineError as exc:
            self._status = T(str(exc))
            emit(self.illegalMove, str(exc))
            self._publish()
            return
        self._selected = None
        turn = s.turn
        assert turn is not None
        if turn.is_complete() and not self._confirm:
            self._end_turn()
        else:
            self._after_change()

    def _end_turn(self) -> None:
        s = self._session
        if s is None or s.phase != "move":
            return
        mover = s.on_roll
        dice = s.dice
        play = s.end_turn()
        text = str(play) if play.steps else T(N_("no legal move"))
        assert dice is not None
        self._last_play = T(N_("{0} rolled {1}-{2}: {3}"), P(mover), max(dice), min(dice), text)
        self._selected = None
        if s.result is not None:
            self._status = self._result_text()
        else:
            self._status = T(N_("{0} to play."), P(s.on_roll))
        self._after_change()

    # -- the computer -----------------------------------------------------------------------------
    def _cube_state(self) -> CubeState:
        """The cube and score from the view of the player on roll (the doubler)."""
        s = self._require()
        me = s.on_roll
        owner = -1 if s.cube_owner == -1 else (0 if s.cube_owner == me else 1)
        return CubeState(
            s.cube_value,
            owner,
            s.settings.match_length,
            (s.score[me], s.score[1 - me]),
            s.crawford_game,
            s.settings.crawford,
            s.settings.cube,
        )

    def _ask(self, kind: str, args: tuple[Any, ...], callback: Any) -> None:
        assert self._opponent is not None
        self._request += 1
        request = self._request
        task = AiTask(request, self._opponent, kind, *args)
        task.signals.finished.connect(self._on_ai_finished)
        task.signals.failed.connect(self._on_ai_failed)
        self._tasks[request] = task
        self._callbacks[request] = callback
        self._busy = True
        self._thinking = True
        self._publish()
        self._pool.start(task)

    @Slot(int, object)
    def _on_ai_finished(self, request: int, answer: Any) -> None:
        self._tasks.pop(request, None)
        callback = self._callbacks.pop(request, None)
        if request != self._request or callback is None:
            return  # cancelled
        self._thinking = False
        delay = self._think_delay()
        generation = self._generation
        if delay:
            self._publish()
            QTimer.singleShot(delay, lambda: self._run_if(generation, callback, answer))
        else:
            callback(answer)

    @Slot(int, str)
    def _on_ai_failed(self, request: int, message: str) -> None:
        self._tasks.pop(request, None)
        callback = self._callbacks.pop(request, None)
        if request != self._request or callback is None:
            return
        self._thinking = False
        self._status = T(N_("The computer could not decide ({0})."), message)
        callback(None)

    def _run_if(self, generation: int, fn: Any, *args: Any) -> None:
        if generation == self._generation:
            fn(*args)

    def _later(self, ms: int, fn: Any) -> None:
        generation = self._generation
        QTimer.singleShot(max(0, ms), lambda: self._run_if(generation, fn))

    def _cancel_computer(self) -> None:
        for task in self._tasks.values():
            task.cancel.set()
        self._generation += 1
        self._request += 1  # answers still on their way are now stale
        self._callbacks.clear()
        self._busy = False
        self._thinking = False

    def _computer_turn(self) -> None:
        s = self._session
        if s is None or s.phase != "roll" or self._human_on_roll():
            self._busy = False
            return
        self._busy = True
        if s.may_double():
            self._ask("double", (s.position, self._cube_state()), self._computer_doubles)
        else:
            self._computer_rolls()

    def _computer_doubles(self, yes: Any) -> None:
        s = self._require()
        if yes and s.may_double():
            s.double()
            self._busy = False
            self._status = T(N_("{0} doubles to {1}. Take or pass?"), P(1), s.cube_value * 2)
            self._after_change()
        else:
            self._computer_rolls()

    def _computer_rolls(self) -> None:
        s = self._require()
        dice = s.roll()
        self._status = T(N_("{0} rolls {1}-{2}."), P(1), *dice)
        turn = s.turn
        assert turn is not None
        if not turn.has_legal_move():
            self._status = T(N_("{0} rolls {1}-{2}: no legal move."), P(1), *dice)
            self._publish()
            self._later(self._pause_ms(900), self._computer_finishes)
            return
        self._ask("play", (s.position, dice, self._cube_state()), self._computer_plays)

    def _computer_plays(self, play: Any) -> None:
        s = self._require()
        turn = s.turn
        assert turn is not None
        if play is None:  # the AI failed: any legal play keeps the game going
            play = turn.plays[0]
        steps = list(play.steps)
        self._busy = True
        self._publish()
        self._animate_steps(steps)

    def _animate_steps(self, steps: list[Any]) -> None:
        s = self._require()
        if not steps:
            self._later(self._pause_ms(300), self._computer_finishes)
            return
        step = steps.pop(0)
        s.move(step.src, step.dst)
        ms = self._step_ms()
        emit(self.stepAnimated, to_location(1, step.src), to_location(1, step.dst), 1, ms)
        self._publish()
        self._later(ms + (60 if ms else 0), lambda: self._animate_steps(steps))

    def _computer_finishes(self) -> None:
        """End a turn that was shown to the player (a computer play, or no legal move)."""
        self._busy = False
        self._end_turn()

    def _computer_answers_double(self, take: Any) -> None:
        s = self._require()
        self._busy = False
        if s.phase != "double":
            return
        if take is None or take:
            self._take()
        else:
            self._pass()

    def _step_ms(self) -> int:
        if CONFIG.step_ms is not None:
            return CONFIG.step_ms
        return STEP_MS[self._speed]

    def _pause_ms(self, ms: int) -> int:
        return 0 if self._step_ms() == 0 else ms

    def _think_delay(self) -> int:
        if CONFIG.think_delay_ms is not None:
            return CONFIG.think_delay_ms
        return 0 if self._step_ms() == 0 else 350

    # -- after every change -----------------------------------------------------------------------
    def _after_change(self) -> None:
        self._publish()
        self._save()
        s = self._session
        if s is None or self._busy:
            return
        if s.phase in ("roll", "move") and not self._human_on_roll():
            if s.phase == "move":  # resumed in the middle of the computer's turn
                assert s.turn is not None
                s.turn.reset()
                self._busy = True
                self._ask("play", (s.position, s.dice, self._cube_state()), self._computer_plays)
            else:
                self._later(self._pause_ms(250), self._computer_turn)
                self._busy = True
                self._publish()
        elif s.phase == "double" and s.settings.computer and s.on_roll == 0:
            self._ask("take", (s.position, self._cube_state()), self._computer_answers_double)

    def _result_text(self) -> T:
        s = self._require()
        r = s.result
        assert r is not None
        if r.resigned_by_pass:
            passed = Nn_(
                "{0} wins {1} point: the double was passed.",
                "{0} wins {1} points: the double was passed.",
            )
            return T(passed, P(r.winner), r.points, count=r.points)
        kind = {1: N_("a single game"), 2: N_("a gammon"), 3: N_("a backgammon")}[r.kind]
        won = Nn_("{0} wins {1}: {2} point.", "{0} wins {1}: {2} points.")
        return T(won, P(r.winner), T(kind), r.points, count=r.points)

    def _display_names(self) -> list[str]:
        """The players' names; a name left empty shows the default of the current language."""
        s = self._session
        chosen = s.settings.names if s is not None else ("", "")
        computer = s is not None and s.settings.computer
        defaults = (_("White"), _("Computer") if computer else _("Black"))
        return [chosen[i] or defaults[i] for i in (0, 1)]

    def _snapshot(self) -> dict[str, Any]:
        s = self._session
        if s is None:
            return {}
        human = self._human_on_roll()
        turn = s.turn if s.phase == "move" else None
        moving = turn is not None and human and not self._busy
        movable: set[int] = turn.movable_points() if moving and turn else set()
        player = s.on_roll
        ring_checkers: list[int] = []
        ring_points: list[int] = []
        if moving and turn is not None:
            if self._selected is not None:
                ring_points = sorted(
                    to_location(player, d) for d in turn.destinations(self._selected)
                )
            if self._hint_mode >= HINT_CHECKERS:
                ring_checkers = sorted(to_location(player, p) for p in movable)
            if self._hint_mode >= HINT_POINTS and self._selected is None:
                dests = {d for step in turn.legal_steps() for d in [step.dst]}
                ring_points = sorted(to_location(player, d) for d in dests)
        dice: list[dict[str, Any]] = []
        if s.dice and s.phase == "move" and turn is not None:
            d1, d2 = s.dice
            all_dice = [d1] * 4 if d1 == d2 else [max(d1, d2), min(d1, d2)]
            remaining = list(turn.remaining_dice())
            for value in all_dice:
                used = value not in remaining
                if not used:
                    remaining.remove(value)
                dice.append({"value": value, "used": used})
        elif s.dice and s.phase == "move":
            dice = [{"value": d, "used": False} for d in s.dice]
        opening = (
            list(s.opening_dice)
            if s.opening_dice and s.phase == "move" and turn is not None and not turn.steps
            else []
        )
        r = s.result
        game_over: dict[str, Any] = {"visible": False}
        if r is not None and s.phase in ("game_over", "match_over"):
            game_over = {
                "visible": True,
                "winner": r.winner,
                "winnerName": self._display_names()[r.winner],
                "kind": r.kind,
                "cube": r.cube,
                "points": r.points,
                "passed": r.resigned_by_pass,
                "matchOver": s.phase == "match_over",
                "matchLength": s.settings.match_length,
                "score0": s.score[0],
                "score1": s.score[1],
            }
        hot_seat = not s.settings.computer
        names = self._display_names()
        deciding = 1 - s.on_roll if s.phase == "double" else s.on_roll
        return {
            "board": s.absolute_board(),
            "dice": dice,
            "diceOwner": s.on_roll,
            "openingDice": opening,
            "onRoll": s.on_roll,
            "phase": s.phase,
            "turned": hot_seat and self._turning and deciding == 1,
            "draggable": sorted(to_location(player, p) for p in movable),
            "ringCheckers": ring_checkers,
            "ringPoints": ring_points,
            "selected": to_location(player, self._selected) if self._selected is not None else -1,
            "legalSteps": [
                {"from": to_location(player, st.src), "to": to_location(player, st.dst)}
                for st in (turn.legal_steps() if moving and turn else [])
            ],
            "canRoll": s.phase == "roll" and human and not self._busy,
            "canDouble": s.may_double() and human and not self._busy,
            "canUndo": moving and bool(turn and turn.steps),
            "canConfirm": moving and bool(turn and turn.steps and turn.is_complete()),
            "mustAnswerDouble": self._human_decides_double() and not self._busy,
            "humanToAct": (human and s.phase in ("roll", "move") and not self._busy)
            or self._human_decides_double(),
            "thinking": self._thinking,
            "status": self._status.render(names),
            "lastPlay": self._last_play.render(names),
            "names": names,
            "score": list(s.score),
            "matchLength": s.settings.match_length,
            "crawfordGame": s.crawford_game,
            "cubeEnabled": s.settings.cube,
            "cubeValue": s.cube_value,
            "cubeOwner": s.cube_owner,
            "cubeOffered": s.phase == "double",
            "pips": list(s.pip_counts()),
            "gameOver": game_over,
            "computerPlayer": 1 if s.settings.computer else -1,
            "level": s.settings.level if s.settings.computer else "",
            "notice": self._notice.render(names),
            "history": list(s.log),
            "moveList": [self._move_line(names, line) for line in s.log],
        }

    @staticmethod
    def _move_line(names: list[str], line: str) -> str:
        """``"0 31: 8/5 6/5"`` from the log as ``"White  31  8/5 6/5"``."""
        who, _sep, rest = line.partition(" ")
        name = names[1] if who == "1" else names[0]
        dice, _sep, play = rest.partition(": ")
        if play == "no legal move":
            play = _("no legal move")
        return f"{name[:10]:<10} {dice}  {play}"

    def _publish(self) -> None:
        """Recompute everything QML sees; emit a change signal only for values that changed."""
        for name, value in self._snapshot().items():
            if self._values.get(name, _MISSING) != value:
                self._values[name] = value
                emit(getattr(self, name + "Changed"))

    def _get(self, name: str, default: Any) -> Any:
        return self._values.get(name, default)

    # -- saving ---------------------------------------------------------------------------------
    def save_path(self) -> Path:
        return data_dir() / SAVE_NAME

    def _save(self) -> None:
        if not CONFIG.save_enabled or self._session is None:
            return
        try:
            write_atomically(self.save_path(), json.dumps(self._session.to_dict()))
        except OSError as exc:
            self._notice = T(N_("The game could not be saved: {0}"), str(exc))
            self._publish()

    def _load(self) -> bool:
        path = self.save_path()
        if not path.exists():
            return False
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                raise ValueError("not a saved game")
            session = Session.from_dict(data)
        except (OSError, ValueError, EngineError) as exc:
            aside = path.with_name(f"{path.stem}-unreadable-{time.strftime('%Y%m%d-%H%M%S')}.json")
            try:
                os.replace(path, aside)
                where = aside.name
            except OSError:
                where = "-"
            self._notice = T(
                N_(
                    "The saved game could not be read ({0}). It was moved aside as {1}; "
                    "a new game starts."
                ),
                str(exc),
                where,
            )
            return False
        self._session = session
        self._opponent = (
            ComputerOpponent(session.settings.level, crawford_rule=session.settings.crawford)
            if session.settings.computer
            else None
        )
        if session.phase in ("game_over", "match_over") and session.result is not None:
            self._status = self._result_text()
        else:
            self._status = T(N_("Welcome back: the game goes on. {0} to play."), P(session.on_roll))
        self._after_change()
        return True

    @Slot()
    def dismissNotice(self) -> None:  # noqa: N802
        self._notice = T("")
        self._publish()

    @Slot()
    def shutdown(self) -> None:
        """Stop the computer's work before the window closes (the game is already saved)."""
        self._cancel_computer()
        self._pool.waitForDone(3000)

    # -- settings -------------------------------------------------------------------------------
    def _get_hint_mode(self) -> int:
        return self._hint_mode

    def _set_hint_mode(self, mode: int) -> None:
        mode = max(0, min(2, int(mode)))
        if mode != self._hint_mode:
            self._hint_mode = mode
            self._settings.setValue("hintMode", mode)
            emit(self.hintModeChanged)
            self._publish()

    hintMode = Property(int, _get_hint_mode, _set_hint_mode, notify=hintModeChanged)

    @Slot()
    def cycleHintMode(self) -> None:  # noqa: N802
        self._set_hint_mode((self._hint_mode + 1) % 3)

    def _get_confirm(self) -> bool:
        return self._confirm

    def _set_confirm(self, value: bool) -> None:
        if bool(value) != self._confirm:
            self._confirm = bool(value)
            self._settings.setValue("confirmEndOfTurn", self._confirm)
            emit(self.confirmEndOfTurnChanged)
            s = self._session
            turn = s.turn if s is not None and s.phase == "move" else None
            ready = turn is not None and turn.is_complete() and bool(turn.steps)
            if not self._confirm and ready and self._human_on_roll():
                self._end_turn()
            self._publish()

    confirmEndOfTurn = Property(bool, _get_confirm, _set_confirm, notify=confirmEndOfTurnChanged)

    def _get_turning(self) -> bool:
        return self._turning

    def _set_turning(self, value: bool) -> None:
        if bool(value) != self._turning:
            self._turning = bool(value)
            self._settings.setValue("boardTurning", self._turning)
            emit(self.boardTurningChanged)
            self._publish()

    boardTurning = Property(bool, _get_turning, _set_turning, notify=boardTurningChanged)

    def _get_speed(self) -> int:
        return self._speed

    def _set_speed(self, value: int) -> None:
        value = max(0, min(3, int(value)))
        if value != self._speed:
            self._speed = value
            self._settings.setValue("animationSpeed", value)
            emit(self.animationSpeedChanged)
            emit(self.stepMsChanged)

    animationSpeed = Property(int, _get_speed, _set_speed, notify=animationSpeedChanged)

    def _get_step_ms(self) -> int:
        return self._step_ms()

    stepMs = Property(int, _get_step_ms, notify=stepMsChanged)

    def _get_language(self) -> str:
        return self._language

    def _set_language(self, value: str) -> None:
        if value != self._language:
            self._language = str(value)
            self._settings.setValue("language", self._language)
            emit(self.languageChanged)

    language = Property(str, _get_language, _set_language, notify=languageChanged)

    def _get_defaults(self) -> dict[str, Any]:
        return self._new_game_defaults()

    newGameDefaults = Property("QVariantMap", _get_defaults, notify=newGameDefaultsChanged)

    @Slot(result="QVariantMap")
    def windowGeometry(self) -> dict[str, Any]:  # noqa: N802
        s = self._settings
        return {
            "width": max(800, _int(s.value("window/width"), 1280)),
            "height": max(600, _int(s.value("window/height"), 800)),
            "maximized": _bool(s.value("window/maximized"), False),
        }

    @Slot(int, int, bool)
    def saveWindowGeometry(self, width: int, height: int, maximized: bool) -> None:  # noqa: N802
        s = self._settings
        if not maximized:
            s.setValue("window/width", int(width))
            s.setValue("window/height", int(height))
        s.setValue("window/maximized", bool(maximized))
        s.sync()

    # -- read-only properties ---------------------------------------------------------------------
    board = Property("QVariantList", lambda self: self._get("board", []), notify=boardChanged)
    dice = Property("QVariantList", lambda self: self._get("dice", []), notify=diceChanged)
    diceOwner = Property(int, lambda self: self._get("diceOwner", 0), notify=diceOwnerChanged)
    openingDice = Property(
        "QVariantList", lambda self: self._get("openingDice", []), notify=openingDiceChanged
    )
    onRoll = Property(int, lambda self: self._get("onRoll", 0), notify=onRollChanged)
    phase = Property(str, lambda self: self._get("phase", ""), notify=phaseChanged)
    turned = Property(bool, lambda self: self._get("turned", False), notify=turnedChanged)
    draggable = Property(
        "QVariantList", lambda self: self._get("draggable", []), notify=draggableChanged
    )
    ringCheckers = Property(
        "QVariantList", lambda self: self._get("ringCheckers", []), notify=ringCheckersChanged
    )
    ringPoints = Property(
        "QVariantList", lambda self: self._get("ringPoints", []), notify=ringPointsChanged
    )
    selected = Property(int, lambda self: self._get("selected", -1), notify=selectedChanged)
    legalSteps = Property(
        "QVariantList", lambda self: self._get("legalSteps", []), notify=legalStepsChanged
    )
    canRoll = Property(bool, lambda self: self._get("canRoll", False), notify=canRollChanged)
    canDouble = Property(bool, lambda self: self._get("canDouble", False), notify=canDoubleChanged)
    canUndo = Property(bool, lambda self: self._get("canUndo", False), notify=canUndoChanged)
    canConfirm = Property(
        bool, lambda self: self._get("canConfirm", False), notify=canConfirmChanged
    )
    mustAnswerDouble = Property(
        bool, lambda self: self._get("mustAnswerDouble", False), notify=mustAnswerDoubleChanged
    )
    humanToAct = Property(
        bool, lambda self: self._get("humanToAct", False), notify=humanToActChanged
    )
    thinking = Property(bool, lambda self: self._get("thinking", False), notify=thinkingChanged)
    status = Property(str, lambda self: self._get("status", ""), notify=statusChanged)
    lastPlay = Property(str, lambda self: self._get("lastPlay", ""), notify=lastPlayChanged)
    names = Property("QVariantList", lambda self: self._get("names", ["", ""]), notify=namesChanged)
    score = Property("QVariantList", lambda self: self._get("score", [0, 0]), notify=scoreChanged)
    matchLength = Property(int, lambda self: self._get("matchLength", 0), notify=matchLengthChanged)
    crawfordGame = Property(
        bool, lambda self: self._get("crawfordGame", False), notify=crawfordGameChanged
    )
    cubeEnabled = Property(
        bool, lambda self: self._get("cubeEnabled", False), notify=cubeEnabledChanged
    )
    cubeValue = Property(int, lambda self: self._get("cubeValue", 1), notify=cubeValueChanged)
    cubeOwner = Property(int, lambda self: self._get("cubeOwner", -1), notify=cubeOwnerChanged)
    cubeOffered = Property(
        bool, lambda self: self._get("cubeOffered", False), notify=cubeOfferedChanged
    )
    pips = Property("QVariantList", lambda self: self._get("pips", [0, 0]), notify=pipsChanged)
    gameOver = Property(
        "QVariantMap",
        lambda self: self._get("gameOver", {"visible": False}),
        notify=gameOverChanged,
    )
    computerPlayer = Property(
        int, lambda self: self._get("computerPlayer", -1), notify=computerPlayerChanged
    )
    level = Property(str, lambda self: self._get("level", ""), notify=levelChanged)
    notice = Property(str, lambda self: self._get("notice", ""), notify=noticeChanged)
    moveList = Property(
        "QVariantList", lambda self: self._get("moveList", []), notify=moveListChanged
    )
    history = Property("QVariantList", lambda self: self._get("history", []), notify=historyChanged)

    # -- for tests and tools ----------------------------------------------------------------------
    @property
    def session(self) -> Session | None:
        return self._session

    @property
    def busy(self) -> bool:
        return self._busy


_MISSING = object()
