"""The lesson window says when progress is not saved, and when a damaged progress file was set
aside; the lessons work in both cases (a locked-down classroom account, a damaged file)."""

from __future__ import annotations

import json

import pytest

from app.lesson_player import PROGRESS_FILE
from tests.app.test_lessons_player import LessonHarness

pytestmark = pytest.mark.gui


def banner(ui: LessonHarness) -> str:
    """The text of the progress banner, which must be shown with a size on the window."""
    item = ui.item("progressBanner")
    assert item.isVisible() and item.width() > 0 and item.height() > 0
    return ui.item("progressNoticeText").property("text")


def test_a_folder_that_cannot_be_written_is_said_and_the_lessons_go_on(qtbot, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")  # root may write anywhere else
    ui = LessonHarness(qtbot, blocker / "data")
    ui.open()
    try:
        assert ui.view["progressSaving"] is False
        assert "not being saved" in banner(ui)  # before any lesson is opened
        assert "is saved" not in ui.item("chooseLessonText").property("text")
        ui.click("openLesson_0")
        ui.click("nextButton")
        assert ui.view["open"] and ui.view["stepIndex"] == 1  # the lesson works from memory
        assert "not being saved" in banner(ui)
        steps = len(ui.player.lessons[0].steps)
        assert f"1 of {steps}" in ui.item("lessonProgress_0").property("text")
    finally:
        ui.close()
    assert blocker.read_text() == "a file where the data folder should be"


@pytest.mark.parametrize("where", ["student", "older version"])
def test_a_progress_file_of_wrong_types_is_set_aside_and_said(qtbot, tmp_path, where):
    damaged = {"version": 1, "lessons": {"board": {"done": [1, 2], "current": None}}}
    # the progress of the student working (the default one), or the one file of an older
    # version, which becomes the default student's progress
    folder = tmp_path / "students" / "default"
    if where == "student":
        folder.mkdir(parents=True)
        (folder / "progress.json").write_text(json.dumps(damaged))
    else:
        (tmp_path / PROGRESS_FILE).write_text(json.dumps(damaged))
    ui = LessonHarness(qtbot, tmp_path)
    ui.open()
    try:
        (aside,) = folder.glob("progress-unreadable-*.json")
        assert json.loads(aside.read_text()) == damaged  # kept, not lost
        said = banner(ui)
        assert aside.name in said and "could not be read" in said
        assert ui.view["progressRecovered"] is True and ui.view["progressSaving"] is True
        ui.click("openLesson_0")
        ui.click("nextButton")
        assert ui.view["stepIndex"] == 1
    finally:
        ui.close()
    assert json.loads((folder / "progress.json").read_text())["version"] == 1  # saved afresh
    assert not (tmp_path / PROGRESS_FILE).exists()


def test_no_banner_while_progress_is_saved(qtbot, tmp_path):
    ui = LessonHarness(qtbot, tmp_path)
    ui.open()
    try:
        assert ui.view["progressNotice"] == ""
        assert ui.hidden("progressBanner")
        ui.click("openLesson_0")
        assert ui.hidden("progressBanner")
    finally:
        ui.close()
