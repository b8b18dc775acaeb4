"""Clicks, double-clicks and drags on the board, turned into the engine's ``TurnBuilder`` steps.

One gesture model for every board of the program (the game and the lessons):

* a click on a checker that may move picks it up; a second click on a point it can reach (by one
  die, or by several through open points) moves it there; a click on another movable checker
  picks that one instead; a click on the picked checker puts it down;
* a drag moves a checker where it is dropped;
* a double-click on a checker, or a drag or click to the tray, bears it off;
* with ``quick_moves`` on, a click on a checker that has exactly one move plays it at once.

Whatever is refused is refused by the engine; ``refused`` carries the reason it gives.
Locations are the board's (0 and 27 the trays, 25 and 26 the bars); ``player`` is whose
numbering the locations are turned into.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Property, QObject, Signal, Slot
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

from app.session import from_location, to_location
from engine import IllegalPlayError, TurnBuilder
from engine.errors import REASON_TEXT, Reason
from engine.moves import OFF_POINT, Step

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1


def reason_message(reason: str) -> str:
    """The English text (a catalog msgid) of the engine's reason for a refusal."""
    return REASON_TEXT.get(reason, REASON_TEXT[Reason.NOT_A_LEGAL_PLAY])


@QmlElement
@QmlSingleton
class BoardInput(QObject):
    """The picked checker and the moves of one board (``input.clickLocation(7)``)."""

    @staticmethod
    def create(engine: QQmlEngine) -> BoardInput:
        """The window's own BoardInput (made by ``app.window``), when QML first names it."""
        from app.parts import part_of

        return part_of(engine, BoardInput)

    changed = Signal()  # the picked checker, or what may move
    moved = Signal()  # one checker was moved (one or more steps)
    refused = Signal(str)  # the rule that stops the gesture: a code of engine.errors.Reason
    # ... with the gesture: (reason, from, to) in the mover's numbering, to -1 when not known
    refusedMove = Signal(str, int, int)  # noqa: N815

    def __init__(
        self, quick_moves: Callable[[], bool] = lambda: False, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._quick_moves = quick_moves
        self._builder: TurnBuilder | None = None
        self._player = 0
        self._enabled = False
        self._picked: int | None = None  # a point in the mover's numbering
        self._refusal = ""  # the rule that stopped the last gesture, until the next one

    # -- set by the owner of the turn -------------------------------------------------------------
    def attach(self, builder: TurnBuilder | None, player: int = 0, enabled: bool = True) -> None:
        """Take moves for ``builder`` (None: no turn) in ``player``'s numbering."""
        self._builder = builder
        self._player = player
        self._enabled = enabled and builder is not None
        self._picked = None
        self._refusal = ""
        self.changed.emit()

    def set_enabled(self, enabled: bool) -> None:
        enabled = enabled and self._builder is not None
        if enabled != self._enabled:
            self._enabled = enabled
            self._picked = None
            self._refusal = ""
            self.changed.emit()

    @property
    def builder(self) -> TurnBuilder | None:
        return self._builder

    @property
    def enabled(self) -> bool:
        return self._enabled

    @property
    def refusal(self) -> str:
        """Why the last gesture was refused (a code of ``engine.errors.Reason``), until a checker
        is picked or moved, the selection is dropped or a new turn begins; "" otherwise."""
        return self._refusal

    def make(self, steps: Sequence[Step]) -> None:
        """Make the steps of a play for the player (forced, borne off, or a hint's), the turn's
        moves so far taken back first; the owner of the turn says so and goes on."""
        assert self._builder is not None
        self._builder.reset()
        for step in steps:
            self._builder.move_checker(step.src, step.dst)
        self.drop_selection()

    def drop_selection(self) -> None:
        if self._picked is not None or self._refusal:
            self._picked = None
            self._refusal = ""
            self.changed.emit()

    # -- what the board shows -------------------------------------------------------------------
    def _get_selected(self) -> int:
        return -1 if self._picked is None else to_location(self._player, self._picked)

    selected = Property(int, _get_selected, notify=changed)

    def movable_locations(self) -> list[int]:
        if not self._enabled or self._builder is None:
            return []
        return sorted(to_location(self._player, p) for p in self._builder.movable_points())

    def reachable_locations(self) -> list[int]:
        """Where the picked checker can go (nothing when no checker is picked)."""
        if not self._enabled or self._builder is None or self._picked is None:
            return []
        points = self._builder.reachable(self._picked)
        return sorted(to_location(self._player, p) for p in points)

    # -- gestures -------------------------------------------------------------------------------
    @Slot(int)
    def clickLocation(self, location: int) -> None:  # noqa: N802
        point = self._point(location)
        if point is None:
            self.drop_selection()
            return
        builder = self._builder
        assert builder is not None
        picked = self._picked
        if picked is not None:
            if point == picked:
                self.drop_selection()
            elif point in builder.reachable(picked):
                self._move(picked, point)
            elif point in builder.movable_points() and point != OFF_POINT:
                self._pick(point)
            else:
                self._refuse(picked, point)
            return
        if point in builder.movable_points():
            targets = builder.reachable(point)
            single = {step.dst for step in builder.legal_steps() if step.src == point}
            if self._quick_moves() and len(single) == 1 and len(targets) == 1:
                self._move(point, next(iter(single)))
            else:
                self._pick(point)
        elif point != OFF_POINT:
            self._explain(point)

    @Slot(int)
    def doubleClickLocation(self, location: int) -> None:  # noqa: N802
        """Bear the checker off, when the rules allow it from there."""
        point = self._point(location)
        if point is None or point == OFF_POINT:
            return
        builder = self._builder
        assert builder is not None
        if OFF_POINT in builder.reachable(point):
            self._move(point, OFF_POINT)
        elif point in builder.movable_points():
            self._refuse(point, OFF_POINT)

    @Slot(int, int)
    def dropChecker(self, source: int, target: int) -> None:  # noqa: N802
        src, dst = self._point(source), self._point(target)
        if src is None or dst is None or src == dst:
            return
        if self._builder is not None and dst in self._builder.reachable(src):
            self._move(src, dst)
        else:
            self._refuse(src, dst)

    # -- helpers ----------------------------------------------------------------------------------
    def _point(self, location: int) -> int | None:
        """The mover's point of a location, or None when no move can start or end there."""
        if not self._enabled or self._builder is None:
            return None
        point = from_location(self._player, int(location))
        if point is None:
            return None
        return point

    def _pick(self, point: int) -> None:
        self._picked = point
        self._refusal = ""
        self.changed.emit()

    def _move(self, src: int, dst: int) -> None:
        assert self._builder is not None
        self._builder.move_to(src, dst)
        self._picked = None
        self._refusal = ""
        self.changed.emit()
        self.moved.emit()

    def _refuse(self, src: int, dst: int) -> None:
        assert self._builder is not None
        try:
            self._builder.move_to(src, dst)
        except IllegalPlayError as exc:
            self._picked = None
            self._refusal = exc.reason
            self.changed.emit()
            self.refused.emit(exc.reason)
            self.refusedMove.emit(exc.reason, src, dst)
            return
        # A legal path was found after all (cannot happen: reachable() said no); keep it.
        self._picked = None
        self.changed.emit()
        self.moved.emit()

    def _explain(self, point: int) -> None:
        """Why the checker on ``point`` (or the empty point) may not move now."""
        builder = self._builder
        assert builder is not None
        reason = builder.stuck_reason(point)
        self._picked = None
        self._refusal = reason
        self.changed.emit()
        self.refused.emit(reason)
        self.refusedMove.emit(reason, point, -1)
