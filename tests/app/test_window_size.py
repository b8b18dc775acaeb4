"""The windows open within the screen: a size saved on a large screen (or the lessons' and the
class overview's own) does not open partly off a 1024 x 768 projector or an 800 x 600 screen,
its title bar included."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtQml import QQmlComponent

pytestmark = pytest.mark.gui


def fits(window) -> bool:
    """Within the screen's free area, with room left for the window manager's frame (a title
    bar), as far as the window's minimum size allows."""
    from app.theme import FRAME_HEIGHT, FRAME_WIDTH

    room = window.screen().availableGeometry()
    width, height = (
        max(window.minimumWidth(), room.width() - FRAME_WIDTH),
        max(window.minimumHeight(), room.height() - FRAME_HEIGHT),
    )
    return window.width() <= width and window.height() <= height


def test_a_saved_size_larger_than_the_screen_opens_within_it(qtbot, tmp_path):
    from app.window import Options, open_window

    settings = tmp_path / "settings.ini"
    settings.write_text("[window]\nwidth=3000\nheight=2000\n", encoding="utf-8")
    options = Options(data_dir=tmp_path, settings_file=settings, step_ms=0, think_delay_ms=0)
    w = open_window("en", ["test"], options)
    try:
        room = w.window.screen().availableGeometry()
        assert room.width() < 3000 and room.height() < 2000  # the test's screen is smaller
        assert w.settings.windowGeometry()["width"] == 3000  # the saved size was read
        assert fits(w.window), (w.window.width(), w.window.height(), room)
        # the lesson and class windows, made by the same engine, fit too
        for name in ("LessonWindow", "TeacherView"):
            component = QQmlComponent(w.engine)
            component.loadFromModule("app.qml", name)
            assert component.status() == QQmlComponent.Status.Ready, component.errorString()
            other = component.create()
            try:
                assert fits(other), (name, other.width(), other.height(), room)
            finally:
                other.deleteLater()
    finally:
        w.close()
        QCoreApplication.processEvents()
