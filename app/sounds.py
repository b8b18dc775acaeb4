"""Sound effects of the game (off by default): the dice, a checker set down, a hit.

The WAV files are the project's own (``packaging/make_sounds.py`` makes them). They are loaded
when the setting is first turned on; a file or an audio system that cannot be used is reported
to the player (``Sounds.problem``), and the game goes on silently only because the player sees
why.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Property, QObject, QUrl, Signal, Slot
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

from app.settings import Settings
from app.texts import N_, T

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1

SOUNDS = Path(__file__).resolve().parent.parent / "resources" / "sounds"
NAMES = ("dice", "checker", "hit")


@QmlElement
@QmlSingleton
class Sounds(QObject):
    """Plays ``dice``, ``checker`` and ``hit`` while ``Settings.sounds`` is on."""

    changed = Signal()

    @staticmethod
    def create(engine: QQmlEngine) -> Sounds:
        from app.parts import part_of

        return part_of(engine, Sounds)

    def __init__(self, settings: Settings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self._effects: dict[str, object] = {}
        self._problem = T("")
        self.played: list[str] = []  # what was played, for the tests and the curious
        settings.soundsChanged.connect(self._load)
        self._load()

    @Slot()
    def _load(self) -> None:
        if not self._settings.value("sounds") or self._effects:
            return
        try:
            from PySide6.QtMultimedia import QSoundEffect
        except ImportError as exc:  # Qt Multimedia or its system libraries are missing
            self._say(T(N_("Sounds cannot be played here: {0}"), str(exc)))
            return
        for name in NAMES:
            path = SOUNDS / f"{name}.wav"
            if not path.is_file():
                self._say(T(N_("The sound file {0} is missing."), path.name))
                return
            effect = QSoundEffect(self)
            effect.setSource(QUrl.fromLocalFile(str(path)))
            effect.setVolume(0.6)
            self._effects[name] = effect

    def _say(self, problem: T) -> None:
        self._problem = problem
        self.changed.emit()

    @Slot(str)
    def play(self, name: str) -> None:
        """Play ``name`` when sounds are on (nothing otherwise)."""
        if not self._settings.value("sounds") or name not in NAMES:
            return
        effect = self._effects.get(name)
        if effect is None:
            return
        self.played.append(name)
        effect.play()  # type: ignore[attr-defined]

    problem = Property(str, lambda s: s._problem.render(["", ""]), notify=changed)
