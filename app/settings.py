"""The player's settings: one object over one ``QSettings``, typed, checked when read.

Every setting is declared once, in ``SPEC``, with its type, default and allowed values; a value
in the settings file of the wrong type or out of range reads as the default (the file is the
user's to edit, so it is never trusted). QML binds to the properties and writes them back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import Property, QObject, QSettings, Signal, Slot
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

from app.board_themes import TEXT_SCALES, THEMES
from app.session import LEVELS, MATCH_LENGTHS

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1

HINT_OFF, HINT_CHECKERS, HINT_POINTS = 0, 1, 2
# Milliseconds per animated computer step for the speed setting (slow, normal, fast, instant).
STEP_MS = (900, 520, 260, 0)
OPPONENTS = ("human", *LEVELS)  # in the order the new-game dialog offers them
LANGUAGES = ("", "en", "da", "nl")  # "" follows the system


@dataclass(frozen=True)
class Spec:
    """One setting: its key in the file, default, and a check that the value read is allowed."""

    key: str
    default: Any
    allowed: Callable[[Any], bool]


def _one_of(*values: Any) -> Callable[[Any], bool]:
    return lambda v: v in values


def _text(limit: int) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, str) and len(v) <= limit


SPEC: dict[str, Spec] = {
    "hintMode": Spec("hintMode", HINT_OFF, _one_of(HINT_OFF, HINT_CHECKERS, HINT_POINTS)),
    "confirmEndOfTurn": Spec("confirmEndOfTurn", True, _one_of(True, False)),
    "quickMoves": Spec("quickMoves", False, _one_of(True, False)),
    "autoForced": Spec("autoForcedMoves", True, _one_of(True, False)),
    "autoBearOff": Spec("autoBearOff", False, _one_of(True, False)),
    "sounds": Spec("sounds", False, _one_of(True, False)),
    "tutorMode": Spec("tutorMode", 0, _one_of(0, 1, 2, 3)),  # off, doubtful, bad, very bad
    "shotCounter": Spec("shotCounter", False, _one_of(True, False)),
    "boardTurning": Spec("boardTurning", True, _one_of(True, False)),
    "animationSpeed": Spec("animationSpeed", 1, _one_of(0, 1, 2, 3)),
    "language": Spec("language", "", _one_of(*LANGUAGES)),
    "theme": Spec("theme", "classic", _one_of(*THEMES)),
    "checkerMarks": Spec("checkerMarks", False, _one_of(True, False)),
    "textScale": Spec("textScale", 100, _one_of(*TEXT_SCALES)),
    "opponent": Spec("newGame/opponent", "medium", _one_of(*OPPONENTS)),
    "matchLength": Spec("newGame/matchLength", 0, _one_of(*MATCH_LENGTHS)),
    "cube": Spec("newGame/cube", False, _one_of(True, False)),
    "crawford": Spec("newGame/crawford", True, _one_of(True, False)),
    "name0": Spec("newGame/name0", "", _text(40)),
    "name1": Spec("newGame/name1", "", _text(40)),
    "windowWidth": Spec("window/width", 1280, lambda v: isinstance(v, int) and 800 <= v <= 16384),
    "windowHeight": Spec("window/height", 800, lambda v: isinstance(v, int) and 600 <= v <= 16384),
    "windowMaximized": Spec("window/maximized", False, _one_of(True, False)),
    "fileFolder": Spec("files/folder", "", _text(4096)),  # of the last match file read or written
}
NEW_GAME_KEYS = ("opponent", "matchLength", "cube", "crawford", "name0", "name1")


def _coerce(raw: Any, like: Any) -> Any:
    """A value read from an INI file (always text there) as the default's type, or None."""
    if isinstance(like, bool):
        if isinstance(raw, bool):
            return raw
        return {"true": True, "false": False, "1": True, "0": False}.get(str(raw).lower())
    if isinstance(like, int):
        if isinstance(raw, bool):
            return None
        try:
            return int(str(raw)) if len(str(raw)) < 12 else None
        except ValueError:
            return None
    return raw if isinstance(raw, str) else None


def _setting(kind: type | str, name: str, notify: Signal) -> Property:
    """A read-write property over ``SPEC[name]``, emitting ``notify`` when it changes."""

    def read(self: Settings) -> Any:
        return self.value(name)

    def write(self: Settings, value: Any) -> None:
        if self.store(name, value):
            notify.__get__(self, type(self)).emit()

    return Property(kind, read, write, notify=notify)


@QmlElement
@QmlSingleton
class Settings(QObject):
    """The settings of the game window (``settings.hintMode``, ``settings.confirmEndOfTurn``...).

    ``path`` is an INI file (tests, a portable copy), or None for the platform's settings.
    ``step_ms`` overrides the animation speed (tests play at 0).
    """

    @staticmethod
    def create(engine: QQmlEngine) -> Settings:
        """The window's own Settings (made by ``app.window``), when QML first names it."""
        from app.parts import part_of

        return part_of(engine, Settings)

    hintModeChanged = Signal()
    confirmEndOfTurnChanged = Signal()
    quickMovesChanged = Signal()
    autoForcedChanged = Signal()
    autoBearOffChanged = Signal()
    soundsChanged = Signal()
    tutorModeChanged = Signal()
    shotCounterChanged = Signal()
    boardTurningChanged = Signal()
    animationSpeedChanged = Signal()
    languageChanged = Signal()
    themeChanged = Signal()
    checkerMarksChanged = Signal()
    textScaleChanged = Signal()
    newGameDefaultsChanged = Signal()

    hintMode = _setting(int, "hintMode", hintModeChanged)
    confirmEndOfTurn = _setting(bool, "confirmEndOfTurn", confirmEndOfTurnChanged)
    quickMoves = _setting(bool, "quickMoves", quickMovesChanged)
    autoForced = _setting(bool, "autoForced", autoForcedChanged)
    autoBearOff = _setting(bool, "autoBearOff", autoBearOffChanged)
    sounds = _setting(bool, "sounds", soundsChanged)
    tutorMode = _setting(int, "tutorMode", tutorModeChanged)
    shotCounter = _setting(bool, "shotCounter", shotCounterChanged)
    boardTurning = _setting(bool, "boardTurning", boardTurningChanged)
    animationSpeed = _setting(int, "animationSpeed", animationSpeedChanged)
    language = _setting(str, "language", languageChanged)
    theme = _setting(str, "theme", themeChanged)
    checkerMarks = _setting(bool, "checkerMarks", checkerMarksChanged)
    textScale = _setting(int, "textScale", textScaleChanged)

    def __init__(
        self,
        path: Path | None = None,
        step_ms: int | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._qsettings = (
            QSettings(str(path), QSettings.Format.IniFormat) if path is not None else QSettings()
        )
        self._step_ms = step_ms
        self.animationSpeedChanged.connect(self.stepMsChanged)

    # -- values ---------------------------------------------------------------------------------
    def value(self, name: str) -> Any:
        """The setting ``name`` of ``SPEC``; its default when missing or not allowed."""
        spec = SPEC[name]
        value = _coerce(self._qsettings.value(spec.key), spec.default)
        return value if value is not None and spec.allowed(value) else spec.default

    def store(self, name: str, value: Any) -> bool:
        """Write ``name`` if allowed and different; True when it changed."""
        spec = SPEC[name]
        value = _coerce(value, spec.default)
        if value is None or not spec.allowed(value) or value == self.value(name):
            return False
        self._qsettings.setValue(spec.key, value)
        self._qsettings.sync()
        return True

    # -- derived --------------------------------------------------------------------------------
    stepMsChanged = Signal()

    def step_ms(self) -> int:
        """Milliseconds per animated step (0: no animation)."""
        if self._step_ms is not None:
            return self._step_ms
        return STEP_MS[self.value("animationSpeed")]

    stepMs = Property(int, step_ms, notify=stepMsChanged)

    @Slot()
    def cycleHintMode(self) -> None:  # noqa: N802
        self.hintMode = (self.value("hintMode") + 1) % 3  # type: ignore[assignment]

    # -- the new-game dialog's choices ------------------------------------------------------------
    def _opponents(self) -> list[str]:
        return list(OPPONENTS)

    def _match_lengths(self) -> list[int]:
        return list(MATCH_LENGTHS)

    #: "human" and the computer's levels, weakest first; the match lengths offered (0: one game)
    opponents = Property("QVariantList", _opponents, constant=True)
    matchLengths = Property("QVariantList", _match_lengths, constant=True)

    def new_game_defaults(self) -> dict[str, Any]:
        return {name: self.value(name) for name in NEW_GAME_KEYS}

    newGameDefaults = Property("QVariantMap", new_game_defaults, notify=newGameDefaultsChanged)

    def remember_new_game(self, choices: dict[str, Any]) -> None:
        changed = [self.store(name, choices[name]) for name in NEW_GAME_KEYS if name in choices]
        if any(changed):
            self.newGameDefaultsChanged.emit()

    # -- window geometry --------------------------------------------------------------------------
    @Slot(result="QVariantMap")
    def windowGeometry(self) -> dict[str, Any]:  # noqa: N802
        return {
            "width": self.value("windowWidth"),
            "height": self.value("windowHeight"),
            "maximized": self.value("windowMaximized"),
        }

    @Slot(int, int, bool)
    def saveWindowGeometry(self, width: int, height: int, maximized: bool) -> None:  # noqa: N802
        if not maximized:
            self.store("windowWidth", max(800, int(width)))
            self.store("windowHeight", max(600, int(height)))
        self.store("windowMaximized", bool(maximized))
