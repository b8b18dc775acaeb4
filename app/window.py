"""Start-up of the window: the application, translations and font, the QML engine and module.

Used by ``python -m app`` and by the tests and benchmarks, which need the same window.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtGui import QFontDatabase, QGuiApplication, QIcon
from PySide6.QtQml import QQmlApplicationEngine
from PySide6.QtQuick import QQuickWindow  # noqa: F401  (grabWindow needs QtQuick imported)
from PySide6.QtQuickControls2 import QQuickStyle

import app.controller as controller  # registers the Game singleton with QML
from app.controller import Game

MODULE = "app.qml"
APP_DIR = Path(__file__).resolve().parent
RESOURCES = APP_DIR.parent / "resources"


@dataclass
class Window:
    """The pieces of a running window; ``close()`` tears them down in a safe order."""

    app: QGuiApplication
    engine: QQmlApplicationEngine
    window: QQuickWindow
    game: Game

    def close(self) -> None:
        self.game.shutdown()
        self.window.close()
        # The engine goes before the Python objects it shows (see the Qt notes in the docs).
        self.engine.deleteLater()
        QCoreApplication.sendPostedEvents()


def application(argv: list[str] | None = None) -> QGuiApplication:
    """The one QGuiApplication, created with the program's names on first use."""
    existing = QGuiApplication.instance()
    if existing is not None:
        return existing  # type: ignore[return-value]
    QCoreApplication.setOrganizationName("Backgammon")
    QCoreApplication.setApplicationName("Backgammon")
    # Lets desktops match the window to its menu entry and icon (packaging/linux).
    QGuiApplication.setDesktopFileName("io.github.backgammon_desktop.Backgammon")
    return QGuiApplication(argv if argv is not None else sys.argv)


def _install_font(qapp: QGuiApplication) -> None:
    fonts = RESOURCES / "fonts"
    if not fonts.is_dir():
        return
    for path in sorted(fonts.glob("*.[ot]tf")):
        font_id = QFontDatabase.addApplicationFont(str(path))
        families = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
        if families and "Bold" not in path.stem and "Mono" not in path.stem:
            font = qapp.font()
            font.setFamily(families[0])
            qapp.setFont(font)


def _install_icon(qapp: QGuiApplication) -> None:
    for name in ("icons/backgammon.svg", "icons/backgammon.png", "icon.png", "icon.svg"):
        path = RESOURCES / name
        if path.exists():
            qapp.setWindowIcon(QIcon(str(path)))
            return


def open_window(language: str | None = None, argv: list[str] | None = None) -> Window:
    """Create the application (if needed), load the QML module and return the window."""
    qapp = application(argv)
    _install_font(qapp)
    _install_icon(qapp)
    if not QQuickStyle.name():
        QQuickStyle.setStyle("Fusion")
    engine = QQmlApplicationEngine()
    engine.addImportPath(str(APP_DIR.parent))
    if language is None:
        settings = (
            QSettings(str(controller.CONFIG.settings_file), QSettings.Format.IniFormat)
            if controller.CONFIG.settings_file
            else QSettings()
        )
        language = str(settings.value("language") or "") or None
    try:
        from app import i18n

        i18n.install(qapp, engine, language)
    except Exception as exc:  # noqa: BLE001  (the game still runs, in English)
        print(f"Translations unavailable: {exc}", file=sys.stderr)
    try:  # the lesson window's types (the lessons are optional for the game itself)
        import app.lesson_player  # noqa: F401
    except Exception as exc:  # noqa: BLE001
        print(f"Lessons unavailable: {exc}", file=sys.stderr)
    engine.loadFromModule(MODULE, "Main")
    roots = engine.rootObjects()
    if not roots:
        raise RuntimeError("The QML window could not be loaded (see the messages above).")
    window = roots[0]
    game = engine.singletonInstance(MODULE, "Game")
    return Window(qapp, engine, window, game)  # type: ignore[arg-type]


def use_offscreen() -> None:
    """Render without a display (screenshots, tests, benchmarks)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("QT_QUICK_BACKEND", "software")
