"""'Play this position': the open lesson step's position, played on against the computer.

The step's board goes to the game window (``GameFlow.show_position``) as a money game, or with
the step's match state (score, cube, Crawford game) when it has a Match ID. The student is
White, player 0; when the story of the step has the opponent on roll (doubling you), the
computer is on roll. The dice of the step are the student's to play. The window asks before
this replaces a game in progress (``MatchView.matchInProgress``).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Property, QObject, Signal, Slot
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

from app.session import LEVELS

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1

OWNERS = {"centre": -1, "you": 0, "opponent": 1}


def game_state(step: Any, level: str, cube: bool) -> tuple[Any, int, dict[str, Any]]:
    """(position seen from the player on roll, who is on roll, ``Session.for_position`` state)
    to play ``step`` on against the computer at ``level``; ``cube``: a money game's cube."""
    on_roll = 1 if step.turn == "opponent" else 0
    position = step.position.swapped() if on_roll else step.position
    state: dict[str, Any] = {"computer": True, "level": level, "cube": cube}
    match = step.match
    if match is not None:
        state.update(
            match_length=match.match_length,
            score=match.score,
            cube_value=match.cube,
            cube_owner=OWNERS[match.cube_owner],
            crawford=match.crawford,
            cube=True,
        )
    if step.turn == "opponent":
        state["cube"] = True  # the step is about the opponent's double
    if step.dice is not None and on_roll == 0:
        state["dice"] = step.dice
    return position, on_roll, state


@QmlElement
@QmlSingleton
class LessonPlayOn(QObject):
    """``available`` when the open step can be played on; ``play()`` opens it in the game."""

    @staticmethod
    def create(engine: QQmlEngine) -> LessonPlayOn:
        from app.parts import part_of

        return part_of(engine, LessonPlayOn)

    changed = Signal()
    opened = Signal()  # the game window shows the position now
    failed = Signal(str)  # the position could not be set up (the engine's reason)

    def __init__(self, lessons: Any, flow: Any, settings: Any, parent: QObject | None = None):
        super().__init__(parent)
        self._lessons = lessons
        self._flow = flow
        self._settings = settings
        lessons.viewChanged.connect(self.changed)

    def _step(self) -> Any:
        return self._lessons.current_step()

    def _available(self) -> bool:
        step = self._step()
        return step is not None and not step.position.is_game_over()

    available = Property(bool, _available, notify=changed)

    def _level(self) -> str:
        opponent = str(self._settings.value("opponent"))
        return opponent if opponent in LEVELS else "medium"

    @Slot()
    def play(self) -> None:
        """Replace the game with the open step's position (the window has asked first)."""
        step = self._step()
        if step is None or not self._available():
            return
        position, on_roll, state = game_state(
            step, self._level(), bool(self._settings.value("cube"))
        )
        try:
            self._flow.show_position(position, on_roll, **state)
        except ValueError as exc:  # a state the engine refuses: say why, keep the game
            self.failed.emit(str(exc))
            return
        self.opened.emit()
