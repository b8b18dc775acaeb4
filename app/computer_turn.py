"""The computer's turn: its decisions off the GUI thread, cancellation, and the animated steps.

Every request carries a number; answers to cancelled requests are dropped. A decision that
fails (a broken evaluator, missing weights) is reported with ``failed`` and the game waits: the
computer never plays a weaker fallback in silence.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtCore import Property, QObject, QRunnable, QThreadPool, QTimer, Signal, Slot
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

from app.session import Session, to_location
from app.settings import Settings
from engine import Position

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1


class Table(Protocol):
    """What the computer's turn needs of the game it sits at (``app.game_flow.GameFlow``)."""

    def human(self, player: int) -> bool: ...
    def set_busy(self, busy: bool) -> None: ...
    def publish(self) -> None: ...
    def computer_answers(self, take: bool) -> None: ...
    def computer_doubles(self) -> None: ...
    def computer_rolls(self) -> None: ...
    def computer_moves_shown(self) -> None: ...


def cube_state(session: Session) -> Any:
    """The cube and score seen from the player on roll (the doubler while a double is pending),
    for the AI (``ai.cube.CubeState``), read from the engine's Match ID fields."""
    from ai.cube import state_from_match_id

    return state_from_match_id(
        session.match.match_id_fields(),
        session.on_roll,
        crawford_rule=session.settings.crawford,
        cube_enabled=session.settings.cube,
    )


class _Signals(QObject):
    finished = Signal(int, object)
    failed = Signal(int, str)


class _Decision(QRunnable):
    """One decision of ``ai.player.ComputerPlayer`` on the thread pool."""

    def __init__(self, request: int, call: Callable[[threading.Event], Any]) -> None:
        super().__init__()
        self.request = request
        self.call = call
        self.cancel = threading.Event()
        self.signals = _Signals()
        self.setAutoDelete(False)  # kept by ComputerTurn until it reports

    def run(self) -> None:
        try:
            answer = self.call(self.cancel)
        except Exception as exc:  # noqa: BLE001  (reported to the window, which says so)
            self.signals.failed.emit(self.request, f"{type(exc).__name__}: {exc}")
            return
        self.signals.finished.emit(self.request, answer)


@QmlElement
@QmlSingleton
class ComputerTurn(QObject):
    """Asks the computer player and shows its steps; ``thinking`` while it searches."""

    @staticmethod
    def create(engine: QQmlEngine) -> ComputerTurn:
        """The window's own ComputerTurn (made by ``app.window``), when QML first names it."""
        from app.parts import part_of

        return part_of(engine, ComputerTurn)

    thinkingChanged = Signal()
    failed = Signal(str)
    stepAnimated = Signal(int, int, int, int)  # from, to, player, milliseconds

    def __init__(
        self,
        settings: Settings,
        think_delay_ms: int | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._settings = settings
        self._think_delay_ms = think_delay_ms
        self._player: Any = None
        self._pool = QThreadPool.globalInstance()
        self._request = 0
        self._generation = 0
        self._tasks: dict[int, _Decision] = {}
        self._callbacks: dict[int, Callable[[Any], None]] = {}
        self._thinking = False
        # Asked before the computer's roll: True when it offered a resignation instead.
        self.before_roll: Callable[[Session], bool] | None = None

    # -- the player ------------------------------------------------------------------------------
    def set_player(self, level: str | None, seed: int = 0, crawford_rule: bool = True) -> None:
        """Play as ``level`` (None: no computer). Raises what the AI raises when it cannot load."""
        self.cancel()
        self._player = None  # a player that fails to load leaves none, never the one before
        if level is None:
            return
        from ai.player import ComputerPlayer

        self._player = ComputerPlayer(level, seed=seed, crawford_rule=crawford_rule)

    @property
    def player(self) -> Any:
        return self._player

    def _get_thinking(self) -> bool:
        return self._thinking

    thinking = Property(bool, _get_thinking, notify=thinkingChanged)

    def _set_thinking(self, value: bool) -> None:
        if value != self._thinking:
            self._thinking = value
            self.thinkingChanged.emit()

    # -- decisions ------------------------------------------------------------------------------
    def choose_play(self, position: Position, dice: tuple[int, int], state: Any, then: Any) -> None:
        self._ask(lambda c: self._player.choose_play(position, dice, state, cancel=c), then)

    def should_double(self, position: Position, state: Any, then: Any) -> None:
        self._ask(lambda c: self._player.should_double(position, state, cancel=c), then)

    def should_take(self, position: Position, state: Any, then: Any) -> None:
        self._ask(lambda c: self._player.should_take(position, state, cancel=c), then)

    def _ask(self, call: Callable[[threading.Event], Any], then: Callable[[Any], None]) -> None:
        if self._player is None:
            raise RuntimeError("no computer player")
        self._request += 1
        task = _Decision(self._request, call)
        task.signals.finished.connect(self._on_finished)
        task.signals.failed.connect(self._on_failed)
        self._tasks[task.request] = task
        self._callbacks[task.request] = then
        self._set_thinking(True)
        self._pool.start(task)

    @Slot(int, object)
    def _on_finished(self, request: int, answer: Any) -> None:
        self._tasks.pop(request, None)
        then = self._callbacks.pop(request, None)
        if request != self._request or then is None:
            return  # cancelled
        self._set_thinking(False)
        self.later(self._think_delay(), lambda: then(answer))

    @Slot(int, str)
    def _on_failed(self, request: int, message: str) -> None:
        self._tasks.pop(request, None)
        then = self._callbacks.pop(request, None)
        if request != self._request or then is None:
            return
        self._set_thinking(False)
        self.failed.emit(message)

    def cancel(self) -> None:
        """Forget every decision and timer under way (a new game, the window closing)."""
        for task in self._tasks.values():
            task.cancel.set()
        self._generation += 1
        self._request += 1
        self._callbacks.clear()
        self._set_thinking(False)

    def shutdown(self) -> None:
        self.cancel()
        self._pool.waitForDone(3000)

    # -- the computer's part of the game ----------------------------------------------------------
    def take_turn(self, session: Session, table: Table) -> None:
        """Start whatever the computer must do now (answer a double, double or roll, play)."""
        if self._player is None:
            return
        phase, on_roll = session.phase, session.on_roll
        if phase == "double" and not table.human(1 - on_roll):
            table.set_busy(True)
            self.should_take(
                session.position,
                cube_state(session),
                lambda take: table.computer_answers(bool(take)),
            )
        elif phase == "roll" and not table.human(on_roll):
            if self.before_roll is not None and self.before_roll(session):
                table.publish()  # an offer waits for the person's answer
                return
            table.set_busy(True)
            if session.may_double():
                self.should_double(
                    session.position,
                    cube_state(session),
                    lambda yes: table.computer_doubles() if yes else table.computer_rolls(),
                )
            else:
                self.later(self.pause_ms(250), table.computer_rolls)
        elif phase == "move" and not table.human(on_roll) and session.turn is not None:
            if not session.turn.has_legal_move():
                return  # on show; the table ends the turn
            table.set_busy(True)
            session.turn.reset()  # also a turn resumed from a save
            turn, dice = session.turn, session.dice
            assert dice is not None

            def play(chosen: Any) -> None:
                steps = list(chosen.steps)
                shown = [
                    (to_location(on_roll, st.src), to_location(on_roll, st.dst)) for st in steps
                ]

                def make(i: int) -> None:
                    turn.move_checker(steps[i].src, steps[i].dst)
                    table.publish()

                self.animate(shown, on_roll, make, table.computer_moves_shown)

            self.choose_play(session.position, dice, cube_state(session), play)
        table.publish()

    # -- timing and animation -------------------------------------------------------------------
    def later(self, ms: int, action: Callable[[], None]) -> None:
        """Run ``action`` after ``ms`` unless cancelled meanwhile (at once for 0)."""
        generation = self._generation
        if ms <= 0:
            action()
            return
        QTimer.singleShot(ms, lambda: action() if generation == self._generation else None)

    def pause_ms(self, ms: int) -> int:
        """A pause that lets the player see what happened; none when animation is off."""
        return 0 if self._settings.step_ms() == 0 else ms

    def _think_delay(self) -> int:
        if self._think_delay_ms is not None:
            return self._think_delay_ms
        return self.pause_ms(350)

    def animate(
        self,
        steps: list[tuple[int, int]],
        player: int,
        make_step: Callable[[int], None],
        done: Callable[[], None],
    ) -> None:
        """Show ``steps`` (board locations) one by one; ``make_step(i)`` makes step i."""

        def run(index: int) -> None:
            if index == len(steps):
                self.later(self.pause_ms(300), done)
                return
            make_step(index)
            ms = self._settings.step_ms()
            self.stepAnimated.emit(steps[index][0], steps[index][1], player, ms)
            self.later(ms + (60 if ms else 0), lambda: run(index + 1))

        run(0)
