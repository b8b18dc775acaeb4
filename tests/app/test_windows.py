"""Each window's keys act in that window only; dialogs answer Enter; nothing is thrown away
without asking; the window says why an action is not allowed."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QMetaObject, QObject, QPoint, Qt
from PySide6.QtQuick import QQuickItem
from PySide6.QtTest import QTest

from engine import Position

pytestmark = [pytest.mark.gui, pytest.mark.timeout(60)]


def open_lessons(harness):
    QMetaObject.invokeMethod(harness.window, "openLessons")
    harness.settle(50)
    lessons = harness.window.property("lessonWindow")
    assert lessons is not None and lessons.isVisible()
    lessons.requestActivate()
    harness.qtbot.waitUntil(lambda: lessons.isActive(), timeout=2000)
    return lessons


def waiting_to_roll(harness):
    """A game of two people whose opening roll is played: the next player may roll (R, Space)."""
    harness.open(seed=5)
    game = harness.game
    game.newGame({"opponent": "human"})
    while game.legalSteps:
        harness.play_step(game.legalSteps[0])
    assert game.canRoll
    return game, game.onRoll


def test_game_keys_do_nothing_while_the_lessons_are_in_front(harness):
    game, mover = waiting_to_roll(harness)
    lessons = open_lessons(harness)
    for key, mods in (
        (Qt.Key.Key_R, Qt.KeyboardModifier.NoModifier),
        (Qt.Key.Key_Space, Qt.KeyboardModifier.NoModifier),
        (Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier),
        (Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier),
    ):
        QTest.keyClick(lessons, key, mods)
        harness.settle(20)
    assert game.canRoll and game.onRoll == mover  # the hidden game did not roll
    assert (
        not harness.w.engine.rootObjects()[0].findChild(object, "newGameDialog").property("opened")
    )
    QTest.keyClick(lessons, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    harness.settle(20)
    assert not lessons.isVisible()


def test_esc_in_a_lesson_leaves_the_lesson_open_and_closes_the_list(harness):
    """Found by a tester: Esc, the key that puts a checker down, closed the lesson window in the
    middle of a lesson. It closes the window from the list of lessons only; in a lesson it
    steps out to the list."""
    waiting_to_roll(harness)
    lessons = open_lessons(harness)
    player = harness.w.lessons
    player.openLesson(1)
    harness.settle(20)
    lessons.findChild(QObject, "lessonBoard").forceActiveFocus()
    QTest.keyClick(lessons, Qt.Key.Key_Escape)
    harness.settle(20)
    assert lessons.isVisible() and player.view["open"]
    # it steps out to the list, the lesson left as it is (it did nothing: found by a tester)
    listed = lessons.findChild(QObject, "lessonList")
    assert listed.hasActiveFocus() and lessons.property("listShown")
    # with the keys in the list (a lesson open beside it): Esc closes, as the help says (found
    # by a tester)
    QTest.keyClick(lessons, Qt.Key.Key_Escape)
    harness.settle(20)
    assert not lessons.isVisible()
    # with no lesson open, and Enter on the window's Close button too
    lessons = open_lessons(harness)
    player.closeLesson()
    harness.settle(20)
    QTest.keyClick(lessons, Qt.Key.Key_Escape)
    harness.settle(20)
    assert not lessons.isVisible()
    lessons = open_lessons(harness)
    lessons.findChild(QObject, "closeLessonsButton").forceActiveFocus(Qt.FocusReason.TabFocusReason)
    QTest.keyClick(lessons, Qt.Key.Key_Return)
    harness.settle(20)
    assert not lessons.isVisible()


def test_game_keys_do_nothing_behind_a_modal_dialog_or_a_file_dialog(harness):
    # the keys typed into a dialog (a file name, a folder) must not roll the dice behind it or
    # end the turn; after the dialog the same keys act again
    game, mover = waiting_to_roll(harness)
    window = harness.window
    keys = (Qt.Key.Key_R, Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_D, Qt.Key.Key_H)
    tools = window.findChild(QObject, "positionTools")
    for name, opening in (
        ("helpDialog", None),
        ("importDialog", "importMatch"),
        ("exportDialog", "exportMatch"),
    ):
        if opening is None:
            QTest.keyClick(window, Qt.Key.Key_F1)
        else:
            QMetaObject.invokeMethod(tools, opening)
        dialog = window.findChild(QObject, name)
        harness.qtbot.waitUntil(lambda d=dialog: bool(d.property("visible")), timeout=3000)
        for key in keys:
            QTest.keyClick(window, key)
            harness.settle(10)
        assert game.canRoll and game.onRoll == mover, name  # nothing rolled or confirmed
        QMetaObject.invokeMethod(dialog, "close")
        harness.qtbot.waitUntil(lambda d=dialog: not d.property("visible"), timeout=3000)
    QTest.keyClick(window, Qt.Key.Key_R)
    harness.qtbot.waitUntil(lambda: not game.canRoll, timeout=3000)  # now the key rolls


def test_ctrl_w_and_the_close_button_close_the_lessons(harness):
    harness.open(seed=5)
    lessons = open_lessons(harness)
    QTest.keyClick(lessons, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    harness.settle(20)
    assert not lessons.isVisible()
    # the game window has the keys again (no click needed for Ctrl+L, R, ...)
    harness.qtbot.waitUntil(lambda: harness.window.isActive(), timeout=2000)
    lessons = open_lessons(harness)
    from tests.app.driver import WindowDriver

    driver = WindowDriver()
    driver.qtbot, driver.window = harness.qtbot, lessons
    driver.click("closeLessonsButton")
    assert not lessons.isVisible()


def test_new_game_asks_before_dropping_a_game_and_enter_starts_it(harness):
    harness.open(seed=5)
    game = harness.game
    game.newGame({"opponent": "human", "matchLength": 5})
    while game.legalSteps:
        harness.play_step(game.legalSteps[0])
    assert game.matchInProgress
    board = list(game.board)
    QTest.keyClick(harness.window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    harness.settle(50)
    assert harness.find("keepPlayingButton") is not None
    harness.click("keepPlayingButton")
    harness.settle(50)
    assert list(game.board) == board and game.matchInProgress  # nothing was thrown away
    QTest.keyClick(harness.window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    harness.settle(50)
    harness.click("resignAndNewButton")
    harness.settle(50)
    assert harness.item("startGameButton").isVisible()
    QTest.keyClick(harness.window, Qt.Key.Key_Return)
    harness.settle(50)
    closed = harness.find("startGameButton")
    assert closed is None or not closed.isVisible()
    assert not game.matchInProgress and game.score == [0, 0]


def test_the_greyed_double_button_says_why(harness):
    harness.open(seed=5)
    game = harness.game
    game.newGame({"opponent": "human", "matchLength": 5, "cube": True})
    # Black owns the cube at 2: White may not redouble.
    game.show_position(
        Position.start(), 0, match_length=5, cube_value=2, cube_owner=1, score=(1, 2)
    )
    harness.settle()
    assert game.canRoll and not game.canDouble
    assert not harness.item("doubleButton").isEnabled()
    roll = harness.item("rollButton")
    place = roll.mapToScene(roll.boundingRect().topLeft())
    reason = harness.item("doubleRefusal")
    assert reason.isVisible()
    assert reason.property("text") == "Only the owner of the cube may redouble."
    assert "Black owns the cube." in harness.item("matchLabel").property("text")
    # the reason comes and goes without moving the buttons (a click aimed at Roll missed it)
    game.show_position(
        Position.start(), 0, match_length=5, cube_value=1, cube_owner=-1, score=(1, 2), cube=True
    )
    harness.settle()
    assert game.canDouble and harness.hidden("doubleRefusal")
    assert roll.mapToScene(roll.boundingRect().topLeft()) == place


def test_the_last_play_is_marked_on_the_board(harness):
    harness.open(seed=5)
    game = harness.game
    game.newGame({"opponent": "human"})
    steps = []
    mover = game.onRoll
    while game.legalSteps:
        step = game.legalSteps[0]
        steps.append((step["from"], step["to"]))
        harness.play_step(step)
    assert game.onRoll != mover
    marks = [(m["from"], m["to"]) for m in game.lastMove]
    assert marks == steps
    board = harness.item("board")
    assert len(board.property("arrows")) == len(steps)


def test_the_new_game_dialog_offers_what_the_program_defines(harness, monkeypatch):
    # The dialog's opponents and match lengths are the program's lists, not copies in QML: with
    # other lists it offers those, and its choice starts that game.
    import app.settings

    monkeypatch.setattr(app.settings, "OPPONENTS", ("human", "expert"))
    monkeypatch.setattr(app.settings, "MATCH_LENGTHS", (0, 7))
    harness.open(seed=5, start=False)
    QTest.keyClick(harness.window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    harness.settle(50)
    opponents, lengths = harness.item("opponentBox"), harness.item("lengthBox")
    assert opponents.property("model") == ["A second player on this computer", "Computer: Expert"]
    assert lengths.property("model") == ["A single game", "Match to 7 points"]
    opponents.setProperty("currentIndex", 1)
    lengths.setProperty("currentIndex", 1)
    harness.click("startGameButton")
    harness.settle(50)
    game = harness.game
    assert game.matchLength == 7 and game.level == "expert"


def test_the_focus_ring_shows_while_the_keyboard_is_in_use(harness):
    """A player who plays with the mouse sees no focus ring; the arrow keys, or a button reached
    with Tab, show it; a press on the board hides it again."""
    harness.open(seed=9)
    harness.game.newGame({"opponent": "human"})
    harness.settle(50)
    board, ring = harness.item("board"), harness.find("focusRing")
    assert board.hasActiveFocus() and ring is None  # the board has the keys, no ring shown

    def key(which) -> None:
        QTest.keyClick(harness.window, which)
        harness.settle(5)

    key(Qt.Key.Key_Left)
    assert harness.item("focusRing").isVisible()
    harness.click("board")  # a press on the board (the middle: no checker there)
    assert harness.find("focusRing") is None and board.hasActiveFocus()
    key(Qt.Key.Key_Tab)  # to the buttons ...
    assert not board.hasActiveFocus()
    for _ in range(25):  # ... and on round to the board: the ring shows again
        key(Qt.Key.Key_Tab)
        if board.hasActiveFocus():
            break
    assert board.hasActiveFocus() and harness.item("focusRing").isVisible()


def _tip_shown(button) -> bool:
    from tests.app.driver import qml_value

    return bool(qml_value(button, "ToolTip.visible"))


def _click_under_its_tip(harness, button) -> QPoint:
    """Rest the pointer on ``button`` until its tip shows, then click it: where it clicked."""
    point = harness.centre(button).toPoint()
    QTest.mouseMove(harness.window, point)
    harness.settle(700)  # the tooltip's delay
    assert button.property("hovered") and _tip_shown(button)
    left = Qt.MouseButton.LeftButton
    QTest.mouseClick(harness.window, left, Qt.KeyboardModifier.NoModifier, point)
    harness.settle(700)
    return point


def test_a_buttons_tooltip_does_not_cover_it_once_its_click_made_it_inactive(harness):
    harness.open(seed=9)
    harness.game.newGame({"opponent": "human"})
    harness.settle(50)
    while not harness.game.canRoll:  # the opening roll is played: the other side's turn
        harness.play_step(harness.game.legalSteps[0])
        harness.confirm_if_done()
    roll = harness.item("rollButton")
    _click_under_its_tip(harness, roll)
    assert not roll.isEnabled() and not _tip_shown(roll)


def test_every_check_box_and_radio_button_of_the_game_window_draws_its_mark_plainly(harness):
    # Fusion's own mark is small and faint on the game's dark palette
    harness.open(seed=9)
    from PySide6.QtCore import QObject

    made = harness.window.findChildren(QObject)  # the dialogs' items too, opened or not
    boxes = [i for i in made if i.inherits("QQuickCheckBox")]
    names = {i.objectName() for i in boxes}
    assert {"cubeBox", "crawfordBox", "editorDiceRolled", "editorCubeInUse"} <= names
    plain = [i.objectName() for i in boxes if "GameCheckBox" not in i.metaObject().className()]
    assert not plain
    QTest.keyClick(harness.window, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    harness.settle(80)  # the editor's radio buttons are made as it opens
    radios = [i for i in harness.items() if i.inherits("QQuickRadioButton")]
    assert {i.objectName() for i in radios} >= {"editorOnRoll0", "editorOnRoll1"}
    assert all("GameRadioButton" in i.metaObject().className() for i in radios)


def test_a_buttons_tip_goes_at_its_click_until_the_pointer_leaves(harness):
    """Found by a tester: the tip of "Hint" stood over the list of plays its click had opened,
    for as long as the pointer rested on the button."""
    harness.open(seed=9)
    harness.settle(50)
    hint = harness.item("hintButton")
    point = _click_under_its_tip(harness, hint)
    assert hint.isEnabled() and not _tip_shown(hint)
    QTest.mouseMove(harness.window, point + QPoint(0, 400))  # away, and back: the tip again
    harness.settle(50)
    QTest.mouseMove(harness.window, point)
    harness.settle(700)
    assert _tip_shown(hint)


def test_a_button_that_comes_up_under_the_resting_pointer_shows_its_tip_once_it_moves(harness):
    """Found by testers: the double's question came up with the tip of Pass over it, where the
    pointer rested; the window opened with the tip of the button under the pointer."""
    harness.open(seed=9)
    harness.game.newGame({"opponent": "human", "cube": True})
    harness.settle(50)
    while not harness.game.canDouble:
        harness.play_a_turn()
    passing = harness.window.findChild(QQuickItem, "passButton")
    centre = passing.mapToScene(passing.boundingRect().center())
    spot = centre.toPoint()  # where it comes up (laid out while hidden)
    QTest.mouseMove(harness.window, spot)
    harness.settle(50)
    QTest.keyClick(harness.window, Qt.Key.Key_D)
    harness.settle(700)  # the tip's delay
    assert passing.isVisible() and passing.property("hovered") and not _tip_shown(passing)
    QTest.mouseMove(harness.window, spot + QPoint(2, 1))
    harness.settle(700)
    assert _tip_shown(passing)
