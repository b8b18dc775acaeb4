"""Whether the player is using the keys or the pointer (``InputMode.keys``).

The board shows its ring, the place the arrow keys move from, only to a player who uses the keys
(as browsers show a focus ring only after a key): the last key that moves or acts on the focus
(Tab, the arrows, Space, Enter, Home, End, Page Up and Down) pressed in any of the program's
windows makes ``keys`` true, the last press of a mouse button, a touch or a pen makes it false.
Other keys say nothing either way: Esc that closes a question, a shortcut (R, Ctrl+Z), a modifier
alone are a mouse player's keys too (the board's ring came after Esc had closed a question).
A control given the keys by the program (the tutor's first answer, a question's safe one) says
nothing of that: the board's ring then came to a player who played with the mouse alone (found by
a tester: it followed the game from point to point after a click on the tutor's buttons).

``pointerMoves`` counts the pointer's moves over the program's windows (to another place: Qt
Quick's own hover, sent again as the items under a resting pointer change, is not one): a
button that came up under a pointer that has not moved since keeps its tip (``GameButton``),
as a desktop's does; the window opened with the tip of the button where the pointer rested.

The events are read on the way to the windows (an event filter on each of the program's windows,
the lessons' too, as they appear), never taken from them.
"""

from __future__ import annotations

from PySide6.QtCore import Property, QEvent, QObject, QPointF, Qt, Signal
from PySide6.QtGui import QGuiApplication, QKeyEvent, QMouseEvent
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1

K = Qt.Key
FOCUS_KEYS = {
    K.Key_Tab,
    K.Key_Backtab,
    K.Key_Left,
    K.Key_Right,
    K.Key_Up,
    K.Key_Down,
    K.Key_Space,
    K.Key_Return,
    K.Key_Enter,
    K.Key_Home,
    K.Key_End,
    K.Key_PageUp,
    K.Key_PageDown,
}
POINTER_EVENTS = {
    QEvent.Type.MouseButtonPress,
    QEvent.Type.MouseButtonDblClick,
    QEvent.Type.TouchBegin,
    QEvent.Type.TabletPress,
}

MOUSE_EVENTS = {
    QEvent.Type.MouseMove,
    QEvent.Type.MouseButtonPress,
    QEvent.Type.MouseButtonRelease,
    QEvent.Type.MouseButtonDblClick,
}


@QmlElement
@QmlSingleton
class InputMode(QObject):
    """``keys``: the last press was a key's (see the module)."""

    changed = Signal()
    pointerMovesChanged = Signal()

    @staticmethod
    def create(engine: QQmlEngine) -> InputMode:
        """The window's own part (made by ``app.window``), when QML first names it."""
        from app.parts import part_of

        return part_of(engine, InputMode)

    def __init__(
        self, app: QGuiApplication, engine: QQmlEngine, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._keys = False
        self._moves = 0
        self._pointer: QPointF | None = None
        self._engine = engine
        app.focusWindowChanged.connect(self.watch_windows)
        self.watch_windows()

    def watch_windows(self, *_focus: object) -> None:
        """Read the events of the windows of its own engine (the game's and the lessons'), those
        opened since too (a filter installed again on a window is the same one, moved last: Qt's
        rule). Not every window of the program: each window made in one run of the tests read
        the events of all the others, which slowed the suite by a half."""
        for window in QGuiApplication.topLevelWindows():
            context = QQmlEngine.contextForObject(window)
            if context is not None and context.engine() == self._engine:
                window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        kind = event.type()
        if kind == QEvent.Type.KeyPress:
            if isinstance(event, QKeyEvent) and event.key() in FOCUS_KEYS:
                self.set_keys(True)
        elif kind in POINTER_EVENTS:
            self.set_keys(False)
        if kind in MOUSE_EVENTS and isinstance(event, QMouseEvent):
            place = event.globalPosition()  # (a press elsewhere: the pointer moved there)
            if place != self._pointer:
                self._pointer = place
                self._moves += 1
                self.pointerMovesChanged.emit()
        return False  # only read: the window gets every event as before

    def set_keys(self, keys: bool) -> None:
        if keys != self._keys:
            self._keys = keys
            self.changed.emit()

    keys = Property(bool, lambda s: s._keys, notify=changed)
    pointerMoves = Property(int, lambda s: s._moves, notify=pointerMovesChanged)
