"""The shot counter: with the setting on, a blot under the pointer says how many rolls hit it.

The count is the engine's (``engine.shots``): the rolls of the blot's opponent, out of 36, with
which a legal play hits it, on the board as the window shows it (the turn being played, or a
moment of the history).
"""

from __future__ import annotations

from PySide6.QtCore import Property, QObject, Signal, Slot
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

from app.match_view import MatchView
from app.session import BAR_LOCATION, from_location, to_location
from app.settings import Settings
from app.texts import N_, T
from engine import Position
from engine.shots import shot_count

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1


def position_of(board: list[int], player: int) -> Position:
    """The 28 locations the board draws (``app.session.absolute_board``) as the position seen
    from ``player``; raises the engine's ``InvalidPositionError`` for a board that cannot be."""
    sides = []
    for side in (player, 1 - player):
        sign = 1 if side == 0 else -1
        points = [max(0, sign * board[to_location(side, p)]) for p in range(1, 25)]
        sides.append((*points, board[BAR_LOCATION[side]]))
    return Position(sides[0], sides[1])


def shots_at(board: list[int], location: int) -> int | None:
    """How many of the 36 rolls of its opponent hit the blot on ``location`` (None: no blot, or
    no contact left: "0 of 36" in a bear-off said nothing)."""
    if not 1 <= location <= 24 or abs(board[location]) != 1:
        return None
    hitter = 1 if board[location] > 0 else 0
    point = from_location(hitter, location)
    assert point is not None
    position = position_of(board, hitter)
    return None if position.is_race() else shot_count(position, point)


@QmlElement
@QmlSingleton
class ShotCounter(QObject):
    """``hover(location)`` from the board; ``location`` and ``text`` of the blot pointed at."""

    changed = Signal()

    @staticmethod
    def create(engine: QQmlEngine) -> ShotCounter:
        from app.parts import part_of

        return part_of(engine, ShotCounter)

    def __init__(self, settings: Settings, view: MatchView, parent: QObject | None = None):
        super().__init__(parent)
        self._settings = settings
        self._view = view
        self._hovered = -1
        self._location = -1
        self._count = 0
        self._cache: dict[tuple[tuple[int, ...], int], int | None] = {}
        view.changed.connect(self._update)
        settings.shotCounterChanged.connect(self._update)

    @Slot(int)
    def hover(self, location: int) -> None:
        """The pointer is over ``location`` (-1: over none)."""
        if location != self._hovered:
            self._hovered = location
            self._update()

    @Slot()
    def _update(self) -> None:
        location, count = -1, 0
        # not over a finished game (found by a tester: it showed through the end-of-game card),
        # nor while the computer acts (it stayed over its whole turn, counting on each board:
        # found by a tester); it comes back on the board the person then has to play on
        state = self._view.state
        computer_acts = (
            state.onRoll == state.computerPlayer
            and not state.reviewing
            and not state.mustAnswerDouble
        )
        still = not state.gameOver.get("visible") and not computer_acts
        if self._settings.value("shotCounter") and self._hovered >= 0 and still:
            board = tuple(self._view.state.board)
            key = (board, self._hovered)
            if key not in self._cache:
                if len(self._cache) > 256:
                    self._cache.clear()
                self._cache[key] = shots_at(list(board), self._hovered)
            found = self._cache[key]
            if found is not None:
                location, count = self._hovered, found
        if (location, count) != (self._location, self._count):
            self._location, self._count = location, count
            self.changed.emit()

    def _text(self) -> str:
        if self._location < 0:
            return ""
        return T(N_("Hit by {0} of 36 rolls"), self._count).render(())

    location = Property(int, lambda s: s._location, notify=changed)
    count = Property(int, lambda s: s._count, notify=changed)
    text = Property(str, _text, notify=changed)
