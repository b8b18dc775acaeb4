"""The look the player chose: the board's theme, the mark on one side's checkers, the text size.

``Theme`` reads the settings (``theme``, ``checkerMarks``, ``textScale``) and gives QML what they
mean: the board's colours (``Theme.colors``, from ``app.board_themes``), whether the dark
checkers carry a mark (always in the high-contrast theme), and the factor that scales the side
panel and the dialogs.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Property, QObject, Signal
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

from app.board_themes import HIGH_CONTRAST_THEME, THEMES
from app.settings import Settings

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1

#: Room a window leaves on the screen for the frame the window manager draws around it (a title
#: bar and borders), which Qt cannot know before the window is shown: a window as large as the
#: screen's free area lost its bottom edge (the side panel's last buttons) under a title bar on a
#: 1024 x 768 screen.
FRAME_WIDTH = 16
FRAME_HEIGHT = 48


@QmlElement
@QmlSingleton
class Theme(QObject):
    """``Theme.colors.feltLight``, ``Theme.marks``, ``Theme.textScale`` (1.0, 1.25 or 1.5),
    ``Theme.frameWidth`` and ``frameHeight`` (``FRAME_WIDTH``, ``FRAME_HEIGHT``)."""

    @staticmethod
    def create(engine: QQmlEngine) -> Theme:
        """The window's own Theme (made by ``app.window``), when QML first names it."""
        from app.parts import part_of

        return part_of(engine, Theme)

    changed = Signal()

    def __init__(self, settings: Settings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        for signal in (
            settings.themeChanged,
            settings.checkerMarksChanged,
            settings.textScaleChanged,
        ):
            signal.connect(self.changed)

    def _name(self) -> str:
        return str(self._settings.value("theme"))

    def colours(self) -> dict[str, Any]:
        return THEMES[self._name()].for_qml()

    def high_contrast(self) -> bool:
        return self._name() == HIGH_CONTRAST_THEME

    def checker_marks(self) -> bool:
        return self.high_contrast() or bool(self._settings.value("checkerMarks"))

    def text_scale(self) -> float:
        return int(self._settings.value("textScale")) / 100

    name = Property(str, _name, notify=changed)
    names = Property("QStringList", lambda self: list(THEMES), constant=True)
    colors = Property("QVariantMap", colours, notify=changed)
    highContrast = Property(bool, high_contrast, notify=changed)
    marks = Property(bool, checker_marks, notify=changed)
    textScale = Property(float, text_scale, notify=changed)
    frameWidth = Property(int, lambda self: FRAME_WIDTH, constant=True)
    frameHeight = Property(int, lambda self: FRAME_HEIGHT, constant=True)
