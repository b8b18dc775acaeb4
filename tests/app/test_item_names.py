"""The window test driver finds only what a person could click, and item names are unique per
window, so that no test depends on which of two items of one name comes first (a click on a
``location_8`` of no size, left by a board being rebuilt, once broke a lesson test that passed
alone)."""

from __future__ import annotations

import collections
import random

import pytest
from PySide6.QtCore import QByteArray, QUrl
from PySide6.QtQml import QQmlComponent, QQmlEngine

from tests.app.driver import WindowDriver
from tests.app.test_lessons_player import LessonHarness

pytestmark = pytest.mark.gui

TWO_OF_A_NAME = b"""
import QtQuick
Window {
    id: win
    width: 300; height: 200; visible: true
    property bool both: false
    Rectangle { objectName: "spot"; width: 0; height: 0 }            // of no size
    Rectangle { objectName: "spot"; width: 40; height: 40; visible: false }
    Rectangle { objectName: "spot"; x: 100; width: 40; height: 40 }  // the one to click
    Rectangle { objectName: "spot"; x: 200; width: 40; height: 40; visible: win.both }
}
"""


class Driver(WindowDriver):
    def __init__(self, qtbot, window) -> None:
        self.qtbot, self.window = qtbot, window


def test_the_driver_finds_only_a_shown_item_and_refuses_two(qtbot):
    engine = QQmlEngine()
    component = QQmlComponent(engine)
    component.setData(QByteArray(TWO_OF_A_NAME), QUrl("inline.qml"))
    window = component.create()
    assert window is not None, component.errorString()
    try:
        qtbot.waitExposed(window)
        driver = Driver(qtbot, window)
        assert driver.item("spot").x() == 100
        assert driver.hidden("nothing") and not driver.hidden("spot")
        window.setProperty("both", True)
        with pytest.raises(AssertionError, match="2 items named 'spot' are shown"):
            driver.find("spot")
    finally:
        window.close()
        window.deleteLater()
        engine.deleteLater()


def named_twice(driver: WindowDriver) -> dict[str, int]:
    """Names given to more than one item of the window (shown or not)."""
    counts = collections.Counter(i.objectName() for i in driver.items() if i.objectName())
    # "label" and the like are names Qt's own controls give their parts
    return {n: c for n, c in counts.items() if c > 1 and n[0].islower() and "_" in n}


def test_item_names_are_unique_in_the_game_window_through_a_game(harness):
    harness.open(seed=4)
    game = harness.game
    game.newGame({"opponent": "human", "matchLength": 3, "cube": True})
    rng = random.Random(6)
    for _ in range(30):  # both sides, the board turning with the player on roll
        assert named_twice(harness) == {}
        session = harness.w.flow.session
        if game.canRoll:
            harness.click("rollButton")
        elif game.legalSteps:
            step = rng.choice(game.legalSteps)
            harness.click_item(harness.top_checker(step["from"]))
            harness.click_item(harness.target(step["to"]))
        elif session.turn is not None and session.turn.is_complete():
            harness.click("confirmButton")
        harness.settle(5)
    harness.w.flow.history.first()  # the review of the match's first position
    harness.settle(20)
    assert named_twice(harness) == {}


def test_item_names_are_unique_in_the_lesson_window_through_lessons(qtbot, tmp_path):
    ui = LessonHarness(qtbot, tmp_path)
    ui.open()
    try:
        for number in range(8):
            ui.click(f"openLesson_{number}")
            for _ in range(3):
                assert named_twice(ui) == {}, number
                if ui.view["canNext"]:
                    ui.click("nextButton")
    finally:
        ui.close()
