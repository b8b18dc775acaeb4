"""The lesson window fits from 800 x 600 to 1920 x 1080 in every language: no text is elided or
cut off, with the list and with each lesson open. A narrow window gives an open lesson the whole
width and brings the list back with the lesson's "All lessons" button."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.app.driver import qml_value
from tests.app.test_layout import SIZES, scene_rect, text_problems
from tests.app.test_lessons_player import LessonHarness

pytestmark = [pytest.mark.gui, pytest.mark.timeout(240)]


def open_from_list(ui: LessonHarness, index: int) -> None:
    if ui.hidden(f"openLesson_{index}"):
        ui.click("showLessonListButton")
        ui.settle(50)  # the list laid out again
    # scrolled into view, as a person scrolls the list (its last lessons are below it at 150%)
    lessons = ui.item("lessonList")
    lessons.setProperty("currentIndex", index)
    ui.qtbot.waitUntil(
        lambda: scene_rect(lessons).contains(scene_rect(ui.item(f"openLesson_{index}")))
    )
    ui.click(f"openLesson_{index}")
    assert ui.view["open"] and ui.view["lessonNumber"] == index + 1


# a binding loop is one (its dialogs' heights looped when the window was resized)
@pytest.mark.qt_log_level_fail("WARNING")
@pytest.mark.parametrize("language", ["en", "da", "nl"])
@pytest.mark.parametrize("scale", [100, 150])
def test_the_lesson_window_fits_at_every_size(qtbot, tmp_path, language, scale):
    ui = LessonHarness(qtbot, tmp_path)
    ui.open(language)
    try:
        ui.main.settings.textScale = scale
        found = []
        for size in SIZES:
            ui.window.resize(*size)
            ui.settle(100)
            where = f"{size[0]}x{size[1]} at {scale}%"
            found += [f"{where}, the list: {p}" for p in text_problems(ui)]
            for index in range(len(ui.player.lessons)):
                open_from_list(ui, index)
                ui.settle(30)
                found += [f"{where}, lesson {index + 1}: {p}" for p in text_problems(ui)]
        assert not found, f"in {language}:\n" + "\n".join(found)
    finally:
        ui.close()


def test_a_narrow_window_puts_the_list_away_while_a_lesson_is_open(qtbot, tmp_path):
    ui = LessonHarness(qtbot, tmp_path)
    ui.open()
    try:
        ui.window.resize(1024, 768)
        ui.settle(100)
        assert not ui.hidden("lessonListPanel")  # nothing open: the list
        ui.click("openLesson_0")
        assert ui.hidden("lessonListPanel") and not ui.hidden("showLessonListButton")
        board = ui.item("lessonBoard")
        assert board.width() > 0.5 * ui.window.width()  # the room goes to the lesson's board
        ui.click("showLessonListButton")
        ui.settle(50)
        assert not ui.hidden("lessonListPanel") and ui.hidden("showLessonListButton")
        assert ui.view["open"] and ui.view["lessonNumber"] == 1  # the lesson stays open
        ui.click("openLesson_2")
        assert ui.view["lessonNumber"] == 3 and ui.hidden("lessonListPanel")
        # by keys: Enter on the list opens a lesson, and the keys go on to the lesson
        ui.click("showLessonListButton")
        ui.settle(50)
        lessons = ui.item("lessonList")
        lessons.forceActiveFocus()
        lessons.setProperty("currentIndex", 1)
        QTest.keyClick(ui.window, Qt.Key.Key_Return)
        ui.settle(50)
        assert ui.view["lessonNumber"] == 2 and ui.hidden("lessonListPanel")
        focus = ui.window.activeFocusItem()
        assert focus is not None and focus.isVisible(), focus
        # a wide window keeps the list beside the lesson, with no button
        ui.window.resize(1280, 800)
        ui.settle(100)
        assert not ui.hidden("lessonListPanel") and ui.hidden("showLessonListButton")
    finally:
        ui.close()


def test_a_long_step_at_150_percent_is_scrolled_by_keys(qtbot, tmp_path):
    """Found by a tester: at 150% a long step's text (lesson 4 at 1024 x 768) ran past its box
    and only the mouse wheel scrolled it. Tab stops at such a text, its scroll bar is in sight,
    Down and End scroll it; Page Down still steps the lesson."""
    from tests.app.test_keyboard import K, Keys, tab_to
    from tests.app.test_lessons_course import go_to

    ui = LessonHarness(qtbot, tmp_path)
    ui.open()
    try:
        ui.main.settings.textScale = 150
        ui.window.resize(1024, 768)
        ui.settle(100)
        go_to(ui, 3, "entering")
        ui.settle(50)
        scroll = ui.item("stepTextScroll")
        assert scroll.property("overflows")
        assert qml_value(scroll, "ScrollBar.vertical.visible")
        keys = Keys(ui, "lessonBoard")
        tab_to(ui, keys, "stepTextScroll")
        flick = scroll.property("contentItem")
        assert flick.property("contentY") == 0
        keys.press(K.Key_Down)
        assert flick.property("contentY") > 0
        keys.press(K.Key_End)
        end = flick.property("contentHeight") - flick.property("height")
        assert abs(flick.property("contentY") - end) < 1
        keys.press(K.Key_Home)
        assert flick.property("contentY") == 0
        ui.answer_right()
        tab_to(ui, keys, "stepTextScroll")
        step = ui.view["stepIndex"]
        keys.press(K.Key_PageDown)
        assert ui.view["stepIndex"] == step + 1
        # where the text fits, Tab passes it by
        tab_to(ui, keys, "lessonBoard")
        ui.main.settings.textScale = 100
        ui.window.resize(1920, 1080)
        ui.settle(100)
        assert not scroll.property("overflows")
        assert not scroll.property("activeFocusOnTab")
    finally:
        ui.close()
