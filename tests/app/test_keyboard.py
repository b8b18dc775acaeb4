"""The whole game by keyboard alone: no mouse event is sent in this file.

The board takes the focus; the arrow keys move the focus ring over the locations as they lie on
the screen (the test finds its way by where the rendered locations are, not by the board's own
table); Space or Enter picks the checker in focus and places it, Esc puts it down; R or Space
rolls, D doubles, T takes, P passes, Ctrl+Z undoes, Enter ends the turn; dialogs open and close
by keys; a modal dialog keeps the keys from the board behind it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtCore import QObject, QPointF, Qt
from PySide6.QtQuick import QQuickItem
from PySide6.QtTest import QTest

from tests.app.driver import qml_value

pytestmark = [
    pytest.mark.gui,
    pytest.mark.timeout(300),
    pytest.mark.qt_log_level_fail("WARNING"),
]

NO = Qt.KeyboardModifier.NoModifier
CTRL = Qt.KeyboardModifier.ControlModifier
K = Qt.Key


class Keys:
    """Presses keys on a window and finds its way over a board by the rendered locations."""

    def __init__(self, driver, board_name: str) -> None:
        self.d = driver
        self.board_name = board_name
        self.presses = 0

    @property
    def board(self) -> QQuickItem:
        return self.d.item(self.board_name)

    def press(self, key, mods=NO) -> None:
        QTest.keyClick(self.d.window, key, mods)
        self.presses += 1
        self.d.settle(1)

    def focus(self) -> int:
        return int(self.board.property("focusLocation"))

    def centre(self, location: int) -> QPointF:
        item = self.d.item(f"location_{location}")
        return item.mapToScene(QPointF(item.width() / 2, item.height() / 2))

    def go_to(self, location: int) -> None:
        """Arrow keys until the focus ring is on ``location`` (up or down first, then across)."""
        assert self.board.hasActiveFocus(), "the board does not have the keyboard focus"
        for _ in range(40):
            here = self.focus()
            if here == location:
                ring = self.d.item("focusRing")
                assert ring.isVisible()
                assert self.d.item(f"location_{location}").hasActiveFocus()
                return
            a, b = self.centre(here), self.centre(location)
            half = self.board.height() / 4
            if abs(a.y() - b.y()) > half:
                self.press(K.Key_Down if b.y() > a.y() else K.Key_Up)
            else:
                self.press(K.Key_Right if b.x() > a.x() else K.Key_Left)
            assert self.focus() != here, f"the arrow key did not move the focus from {here}"
        raise AssertionError(f"the focus did not reach {location}")


def wait(harness) -> None:
    harness.wait_for_human()
    harness.settle(2)


def two_players(harness) -> tuple[Any, Keys]:
    """A game between two people, its opening roll to play: the game and the board's keys."""
    harness.open(seed=9)
    game = harness.game
    game.newGame({"opponent": "human"})
    keys = Keys(harness, "board")
    wait(harness)
    return game, keys


def play_step_by_keys(keys: Keys, game, step: dict, rng: random.Random) -> None:
    before = list(game.board)
    keys.go_to(step["from"])
    keys.press(rng.choice([K.Key_Space, K.Key_Return]))
    assert game.selected == step["from"], f"{step['from']} was not picked"
    keys.go_to(step["to"])
    keys.press(rng.choice([K.Key_Space, K.Key_Enter]))
    assert list(game.board) != before, f"the step {step} was not made"


def test_a_whole_game_against_the_computer_by_keyboard_alone(harness):
    harness.open(seed=31)
    game = harness.game
    game.newGame({"opponent": "easy", "matchLength": 0, "cube": True})
    keys = Keys(harness, "board")
    rng = random.Random(8)
    doubled = undone = put_down = rolled_with_space = 0
    for _ in range(3000):
        wait(harness)
        if game.gameOver.get("visible"):
            break
        if game.mustAnswerDouble:
            keys.press(K.Key_T)  # the computer doubled: take
            continue
        if game.canDouble and not doubled:
            keys.press(K.Key_D)
            doubled = 1
            continue
        if game.canRoll:
            actions = len(game.session.match.history)
            key = rng.choice([K.Key_R, K.Key_Space])
            keys.press(key)
            rolled_with_space += key == K.Key_Space
            assert len(game.session.match.history) > actions, "the dice were not rolled"
        elif game.legalSteps:
            step = rng.choice(game.legalSteps)
            if not put_down:  # pick up, put down with Esc, then play
                keys.go_to(step["from"])
                keys.press(K.Key_Space)
                keys.press(K.Key_Escape)
                assert game.selected == -1
                put_down = 1
            board = list(game.board)
            play_step_by_keys(keys, game, step, rng)
            if undone < 2 and game.canUndo:
                keys.press(K.Key_Z, CTRL)
                assert list(game.board) == board, "Ctrl+Z did not take the move back"
                undone += 1
                play_step_by_keys(keys, game, step, rng)
        elif game.canConfirm:
            keys.press(K.Key_Return)
            assert not game.canConfirm, "Enter did not end the turn"
        else:
            harness.settle(20)
    assert game.gameOver.get("visible"), "the game did not end"
    assert doubled and undone == 2 and put_down and rolled_with_space
    assert game.cubeValue >= 2  # the double was taken, or the game ended on it
    # the end of the game: a new game by keys (Ctrl+N, then Enter starts it)
    keys.press(K.Key_N, CTRL)
    dialog = harness.window.findChild(QObject, "newGameDialog")
    harness.qtbot.waitUntil(lambda: dialog.property("opened"), timeout=3000)
    keys.press(K.Key_Return)
    harness.qtbot.waitUntil(lambda: not dialog.property("visible"), timeout=3000)
    wait(harness)
    assert not game.gameOver.get("visible")
    assert keys.board.hasActiveFocus(), "the focus did not come back to the board"


def test_two_players_double_take_and_pass_by_keys_on_a_turning_board(harness):
    harness.open(seed=5)
    game = harness.game
    game.newGame({"opponent": "human", "matchLength": 0, "cube": True})
    keys = Keys(harness, "board")
    rng = random.Random(3)
    turned_moves = 0
    answered: list[str] = []
    for _ in range(400):
        wait(harness)
        if game.gameOver.get("visible"):
            break
        if game.mustAnswerDouble:
            answer = K.Key_T if not answered else K.Key_P
            answered.append("take" if answer == K.Key_T else "pass")
            keys.press(answer)
        elif game.canDouble and turned_moves >= 2:
            keys.press(K.Key_D)
            assert harness.item("doublePrompt").isVisible()
        elif game.canRoll:
            keys.press(K.Key_R)
        elif game.legalSteps:
            turned_moves += bool(game.turned)
            play_step_by_keys(keys, game, rng.choice(game.legalSteps), rng)
        elif game.canConfirm:
            keys.press(K.Key_Enter)
    assert answered == ["take", "pass"]
    assert game.gameOver.get("visible") and game.gameOver["passed"]
    assert turned_moves >= 2  # black moved on the turned board, by screen directions


def test_the_help_scrolls_by_keys(harness):
    # found by a tester: only the mouse wheel scrolled it, so the keys' section was out of reach
    harness.open(seed=9, size=(1024, 768))
    keys = Keys(harness, "board")
    help_dialog = harness.window.findChild(QObject, "helpDialog")
    keys.press(K.Key_F1)
    harness.qtbot.waitUntil(lambda: help_dialog.property("opened"), timeout=3000)
    flick = harness.item("helpScroll").property("contentItem")

    def top() -> float:
        return flick.property("contentY")

    end = flick.property("contentHeight") - flick.property("height")
    assert end > 100 and top() == 0  # more than a page
    keys.press(K.Key_Down)
    line = top()
    assert line > 0
    keys.press(K.Key_PageDown)
    assert top() > 3 * line
    keys.press(K.Key_End)
    assert top() == pytest.approx(end)
    keys.press(K.Key_PageDown)  # no further than the end
    assert top() == pytest.approx(end)
    keys.press(K.Key_Home)
    assert top() == 0
    keys.press(K.Key_End)
    keys.press(K.Key_Escape)
    harness.qtbot.waitUntil(lambda: not help_dialog.property("visible"), timeout=3000)
    # opened again, it opens at the top (it opened where it was left: a tester)
    keys.press(K.Key_F1)
    harness.qtbot.waitUntil(lambda: help_dialog.property("opened"), timeout=3000)
    assert top() == 0
    keys.press(K.Key_Escape)
    harness.qtbot.waitUntil(lambda: not help_dialog.property("visible"), timeout=3000)


def test_dialogs_open_and_close_by_keys_and_hold_the_keys(harness):
    game, keys = two_players(harness)
    start = keys.focus()
    help_dialog = harness.window.findChild(QObject, "helpDialog")
    keys.press(K.Key_F1)
    assert help_dialog.property("opened") or help_dialog.property("visible")
    keys.press(K.Key_Left)  # the dialog holds the keys: the board does not move
    keys.press(K.Key_Space)
    assert keys.focus() == start and game.selected == -1
    keys.press(K.Key_Escape)
    harness.qtbot.waitUntil(lambda: not help_dialog.property("visible"), timeout=3000)
    assert keys.board.hasActiveFocus()
    # a game in progress: Ctrl+N asks first; Esc keeps playing, and so does Enter on the answer
    # in hand at first ("Keep playing", its ring in sight); Tab, then Enter resigns and starts anew
    rng = random.Random(1)
    while game.legalSteps:  # the opening turn, played and confirmed
        play_step_by_keys(keys, game, rng.choice(game.legalSteps), rng)
    keys.press(K.Key_Return)
    assert game.matchInProgress
    confirm = harness.window.findChild(QObject, "confirmNewDialog")
    keys.press(K.Key_N, CTRL)
    harness.qtbot.waitUntil(lambda: confirm.property("opened"), timeout=3000)
    keys.press(K.Key_Escape)
    harness.qtbot.waitUntil(lambda: not confirm.property("visible"), timeout=3000)
    assert game.matchInProgress
    keys.press(K.Key_N, CTRL)
    harness.qtbot.waitUntil(lambda: confirm.property("opened"), timeout=3000)
    kept = harness.window.activeFocusItem()
    assert kept.objectName() == "keepPlayingButton" and kept.property("visualFocus")
    keys.press(K.Key_Return)
    harness.qtbot.waitUntil(lambda: not confirm.property("visible"), timeout=3000)
    assert game.matchInProgress
    keys.press(K.Key_N, CTRL)
    harness.qtbot.waitUntil(lambda: confirm.property("opened"), timeout=3000)
    keys.press(K.Key_Tab)
    assert harness.window.activeFocusItem().objectName() == "resignAndNewButton"
    keys.press(K.Key_Return)
    new_game = harness.window.findChild(QObject, "newGameDialog")
    harness.qtbot.waitUntil(lambda: new_game.property("opened"), timeout=3000)
    first = harness.window.activeFocusItem()  # on the first choice, its ring in sight
    assert first.objectName() == "opponentBox" and first.property("visualFocus")
    keys.press(K.Key_Escape)
    harness.qtbot.waitUntil(lambda: not new_game.property("visible"), timeout=3000)
    # Tab goes from the board to the buttons, each showing its focus, and comes back
    seen = []
    for _ in range(20):
        keys.press(K.Key_Tab)
        item = harness.window.activeFocusItem()
        if keys.board.hasActiveFocus():  # back on the board (a location in it has the focus)
            break
        assert item is not None and item.property("visualFocus"), item
        seen.append(item.objectName())
    assert "rollButton" in seen or "confirmButton" in seen or "undoButton" in seen, seen
    assert "newGameButton" in seen
    assert keys.board.hasActiveFocus()


def test_the_menus_open_by_keys(harness):
    harness.open(seed=9)
    keys = Keys(harness, "board")
    stats = harness.window.findChild(QObject, "statisticsDialog")
    keys.press(K.Key_G, Qt.KeyboardModifier.AltModifier)  # the Game menu (&Game)
    menu = next(
        o
        for o in harness.window.findChildren(QObject)
        if o.inherits("QQuickMenu") and o.property("visible")
    )
    assert menu.property("title") == "&Game"

    def current_text() -> str:
        return qml_value(menu, "currentIndex >= 0 ? itemAt(currentIndex).text : ''")

    for _ in range(6):
        if current_text() == "&Statistics…":
            break
        keys.press(K.Key_Down)
    assert current_text() == "&Statistics…"
    keys.press(K.Key_Return)
    harness.qtbot.waitUntil(lambda: stats.property("opened"), timeout=3000)
    keys.press(K.Key_Escape)
    harness.qtbot.waitUntil(lambda: not stats.property("visible"), timeout=3000)
    assert keys.board.hasActiveFocus()
    # an entry's underlined letter chooses it in the open menu: Game > Statistics (Alt+G, S)
    keys.press(K.Key_G, Qt.KeyboardModifier.AltModifier)
    keys.press(K.Key_S)
    harness.qtbot.waitUntil(lambda: stats.property("opened"), timeout=3000)
    assert not menu.property("visible")
    keys.press(K.Key_Escape)
    harness.qtbot.waitUntil(lambda: not stats.property("visible"), timeout=3000)
    # and opens a submenu: Options > Text size > 125% (Alt+O, X, 2)
    keys.press(K.Key_O, Qt.KeyboardModifier.AltModifier)
    keys.press(K.Key_X)
    keys.press(K.Key_2)
    assert harness.w.settings.textScale == 125
    harness.w.settings.textScale = 100
    assert keys.board.hasActiveFocus()


def test_up_and_down_go_round_an_open_menu(harness):
    harness.open(seed=9)
    keys = Keys(harness, "board")
    keys.press(K.Key_G, Qt.KeyboardModifier.AltModifier)  # the Game menu
    menu = next(
        o
        for o in harness.window.findChildren(QObject)
        if o.inherits("QQuickMenu") and o.property("visible")
    )

    def current_text() -> str:
        return qml_value(menu, "currentIndex >= 0 ? itemAt(currentIndex).text : ''")

    assert current_text() == "&New game…"  # opened by its key: the first entry chosen
    keys.press(K.Key_Up)  # from the first entry round to the last (Qt's Up closed the menu)
    assert menu.property("visible")
    assert current_text() == "&Quit"
    keys.press(K.Key_Down)
    assert current_text() == "&New game…"
    keys.press(K.Key_Down)
    assert current_text() == "&Lessons…"
    keys.press(K.Key_Escape)
    harness.settle(50)
    assert not menu.property("visible")
    keys.press(K.Key_F10)  # F10 opens the first menu, its first entry chosen
    harness.qtbot.waitUntil(lambda: menu.property("visible"), timeout=3000)
    assert current_text() == "&New game…"
    keys.press(K.Key_Escape)


def tab_to(driver, keys: Keys, name: str) -> QQuickItem:
    """Tab until the item ``name`` (or a part of it) has the keyboard focus."""
    for _ in range(25):
        item = driver.window.activeFocusItem()
        node = item
        while node is not None:
            if node.objectName() == name:
                return node
            node = node.parentItem()
        keys.press(K.Key_Tab)
    raise AssertionError(f"Tab never reached {name}")


def answer_by_keys(ui, keys: Keys, ex) -> None:
    """Answer a lesson's exercise (a step's, or a quiz item's) by keys alone."""
    from lessons.exercises import ChoiceExercise, NumberExercise, PlayExercise, ReachExercise

    if isinstance(ex, PlayExercise):
        tab_to(ui, keys, "lessonBoard")
        for s in ex.accepted()[0].steps:
            keys.go_to(s.src)
            keys.press(K.Key_Space)
            assert ui.view["selected"] == s.src
            keys.go_to(s.dst)
            keys.press(K.Key_Space)
    elif isinstance(ex, ReachExercise):
        tab_to(ui, keys, "lessonBoard")
        for point in ex.answer():
            keys.go_to(point)
            keys.press(K.Key_Enter)
    elif isinstance(ex, NumberExercise):
        tab_to(ui, keys, "numberInput")
        for digit in str(ex.answer()):
            keys.press(getattr(K, f"Key_{digit}"))
        keys.press(K.Key_Return)
    elif isinstance(ex, ChoiceExercise):
        tab_to(ui, keys, f"choice_{ex.answer()}")
        keys.press(K.Key_Space)
    if ex is not None:
        assert ui.view["solved"], (type(ex).__name__, ui.feedback)


def test_a_lesson_by_keyboard_alone(qtbot, tmp_path):
    """Lesson 2 (moving: plays, points to find, counts) from the list to the end of its quiz by
    keys."""
    from tests.app.test_lessons_player import LessonHarness

    ui = LessonHarness(qtbot, tmp_path)
    ui.open()
    try:
        keys = Keys(ui, "lessonBoard")
        assert ui.item("lessonList").hasActiveFocus()  # the list has the keys at first
        keys.press(K.Key_Down)
        keys.press(K.Key_Return)
        assert ui.view["open"] and ui.view["lessonNumber"] == 2
        lesson = ui.player.lessons[1]
        for index, step in enumerate(lesson.steps):
            assert ui.view["stepIndex"] == index
            answer_by_keys(ui, keys, step.exercise)
            if index == 0:
                # on the board, Left and Right move the focus; Ctrl+Right and Page Down step
                tab_to(ui, keys, "lessonBoard")
                here = keys.focus()
                keys.press(K.Key_Right)
                assert ui.view["stepIndex"] == 0 and keys.focus() != here
                keys.press(K.Key_Right, CTRL)
                assert ui.view["stepIndex"] == 1
                keys.press(K.Key_PageUp)
                assert ui.view["stepIndex"] == 0
            keys.press(K.Key_PageDown)
        # the lesson's short quiz follows, answered by keys too; then the list again
        assert ui.view["mode"] == "quiz"
        for _ in range(10):
            if not ui.view.get("open"):
                break
            answer_by_keys(ui, keys, ui.exercise())
            keys.press(K.Key_PageDown)
        assert not ui.view["open"]  # finished: back to the list
        assert ui.player.progress.is_done(lesson)
    finally:
        ui.close()


def test_in_a_lesson_tab_goes_from_the_board_to_the_number_box(qtbot, tmp_path):
    # Tab went to "All lessons" first: a number typed went nowhere and Enter opened the list;
    # the box had the keys with no ring round it (found by a tester)
    from lessons.exercises import NumberExercise
    from tests.app.test_lessons_player import LessonHarness

    ui = LessonHarness(qtbot, tmp_path)
    ui.open()
    try:
        ui.window.resize(1024, 768)  # the list is put away as a lesson opens
        ui.settle(20)
        keys = Keys(ui, "lessonBoard")
        keys.press(K.Key_Return)  # lesson 1
        lesson = ui.player.lessons[0]
        steps = lesson.steps
        index = next(i for i, s in enumerate(steps) if isinstance(s.exercise, NumberExercise))
        for _ in range(index):
            keys.press(K.Key_PageDown)
        assert ui.view["stepIndex"] == index and ui.item("showLessonListButton").isVisible()
        ui.item("lessonBoard").forceActiveFocus()
        keys.press(K.Key_Tab)
        box = ui.item("numberInput")
        assert box.hasActiveFocus()
        frame = ui.window.findChild(QQuickItem, "focusFrame")
        assert frame.isVisible()
        assert qml_value(frame, "control ? control.objectName : ''") == "numberInput"
    finally:
        ui.close()


def test_in_a_lesson_tab_leaves_the_board_on_a_step_without_a_number_box(qtbot, tmp_path):
    # on lesson 7's yes/no questions Tab stayed on the board, every time, after every step:
    # its way on led to the number box, not there (a teacher, by keys alone)
    from lessons.exercises import ChoiceExercise
    from tests.app.test_lessons_player import LessonHarness

    ui = LessonHarness(qtbot, tmp_path)
    ui.open()
    try:
        ui.window.resize(1024, 768)
        ui.settle(20)
        keys = Keys(ui, "lessonBoard")
        lesson = next(
            each
            for each in ui.player.lessons
            if any(isinstance(s.exercise, ChoiceExercise) for s in each.steps)
        )
        for _ in range(ui.player.lessons.index(lesson)):
            keys.press(K.Key_Down)
        keys.press(K.Key_Return)
        assert ui.view["lessonNumber"] == ui.player.lessons.index(lesson) + 1
        index = next(
            i for i, s in enumerate(lesson.steps) if isinstance(s.exercise, ChoiceExercise)
        )
        for _ in range(index):
            keys.press(K.Key_PageDown)
        assert ui.view["stepIndex"] == index
        board = ui.item("lessonBoard")
        board.forceActiveFocus()
        keys.press(K.Key_Tab)
        assert not board.hasActiveFocus()
        tab_to(ui, keys, f"choice_{lesson.steps[index].exercise.answer()}")
    finally:
        ui.close()


def test_space_and_enter_press_the_button_in_focus(harness):
    """Space rolls and Enter ends the turn, except on a button that has the focus."""
    game, keys = two_players(harness)
    rng = random.Random(4)
    while game.legalSteps:
        play_step_by_keys(keys, game, rng.choice(game.legalSteps), rng)
    keys.press(K.Key_Return)
    assert game.canRoll
    tab_to(harness, keys, "hintButton")
    keys.press(K.Key_Space)
    assert game.hintMode == 1 and game.canRoll  # the button, not the dice
    keys.press(K.Key_Return)
    assert game.hintMode == 2 and game.canRoll
    tab_to(harness, keys, "board")
    keys.press(K.Key_Space)
    assert not game.canRoll and game.dice  # on the board Space rolls


def test_enter_ends_a_turn_played_by_the_mouse_whatever_button_tab_left_the_focus_on(harness):
    # found by a tester: the focus left on a button by Tab long before (its ring gone with the
    # mouse's first click) took the Enter that was to end the turn
    game, keys = two_players(harness)
    tab_to(harness, keys, "hintButton")
    mode = game.hintMode
    harness.auto_confirm = False
    while game.legalSteps:  # by the mouse: the button keeps the focus
        harness.play_step(game.legalSteps[0])
    assert game.canConfirm and harness.item("hintButton").hasActiveFocus()
    ring = harness.window.findChild(QObject, "focusFrame")
    assert not ring.isVisible()  # no ring says otherwise
    keys.press(K.Key_Return)
    assert not game.canConfirm and game.canRoll and game.hintMode == mode  # the turn ended
    keys.press(K.Key_Tab)  # the keys in use again: the button in focus takes Enter
    tab_to(harness, keys, "hintButton")
    assert ring.isVisible()
    keys.press(K.Key_Return)
    assert game.hintMode != mode


def board_keys_at(harness, text: str, dice: tuple[int, int]) -> tuple[Any, Keys]:
    """A position (``Position.from_text``) to play with ``dice`` by the board's keys: the game
    and the keys, the board in focus."""
    from engine import Position

    harness.open(start=False)
    game = harness.game
    game.show_position(Position.from_text(text), 0, dice=dice)
    keys = Keys(harness, "board")
    keys.board.forceActiveFocus()
    harness.settle(5)
    return game, keys


def test_a_refused_move_is_said_and_the_focus_stays(harness):
    game, keys = board_keys_at(
        harness, "x bar:1 24:1 13:5 8:3 6:3 3:1; o 1:2 12:5 17:3 19:5", (6, 4)
    )
    assert keys.focus() == 25  # the checker on the bar must enter first: the focus starts there
    keys.go_to(13)
    keys.press(K.Key_Space)
    assert game.selected == -1 and "bar" in game.status.lower(), game.status
    assert harness.w.announcer.spoken[-1] == game.status  # the reason is said
    assert keys.focus() == 13  # and the focus stays where the player put it
    keys.press(K.Key_Space)  # the same key again: said again
    assert harness.w.announcer.spoken[-2:] == [game.status, game.status]


def test_a_move_taken_back_leaves_the_focus_where_it_was(harness):
    # Ctrl+Z after the roll's last move sent the focus to the checker farthest back, as at a
    # new roll (found by a tester); a new roll still brings it to a checker that can move
    from engine import Position

    text = "x 24:2 13:5 8:3 6:5; o 1:2 12:5 17:3 19:5"
    game, keys = board_keys_at(harness, text, (6, 5))
    position = Position.from_text(text)
    assert keys.focus() == 24  # a new roll: the checker farthest back
    rng = random.Random(3)
    play_step_by_keys(keys, game, {"from": 13, "to": 7}, rng)
    play_step_by_keys(keys, game, {"from": 7, "to": 2}, rng)
    assert not game.legalSteps and keys.focus() == 2
    keys.press(K.Key_Z, CTRL)  # the checker goes back to 7: the 2-point is empty again
    assert game.legalSteps and keys.focus() == 2  # where the player left it
    keys.press(K.Key_Z, CTRL)
    assert keys.focus() == 2
    keys.go_to(10)  # an empty point
    game.show_position(position, 0, dice=(4, 2))  # another roll
    harness.settle(5)
    assert keys.focus() == 24


def test_at_a_games_end_the_keys_go_to_the_cards_first_answer(harness):
    # they stayed on the board, no ring in sight, and Tab went past the card to the history's
    # buttons, where Enter stepped back into the game (found by a tester)
    game, keys = board_keys_at(harness, "x 2:1; o 19:5 20:5 21:5", (6, 5))
    keys.press(K.Key_Left)  # the keys in use
    if game.legalSteps:  # (the forced move may be played for the player)
        play_step_by_keys(keys, game, game.legalSteps[0], random.Random(2))
    if game.canConfirm:
        keys.press(K.Key_Return)  # the turn ends: the game is won
    harness.qtbot.waitUntil(lambda: bool(game.gameOver.get("visible")), timeout=5000)
    harness.settle(5)
    first = harness.window.activeFocusItem()
    assert first.objectName() == "playAgainButton" and first.property("visualFocus")
    # the analysis, opened by keys and closed by Esc, gives them back to the card's button
    for _ in range(4):
        keys.press(K.Key_Tab)
        if harness.window.activeFocusItem().objectName() == "analyseFinishedButton":
            break
    assert harness.window.activeFocusItem().objectName() == "analyseFinishedButton"
    keys.press(K.Key_Return)
    analysis = harness.window.findChild(QObject, "analysisDialog")
    harness.qtbot.waitUntil(lambda: analysis.property("opened"), timeout=3000)
    keys.press(K.Key_Escape)
    harness.qtbot.waitUntil(lambda: not analysis.property("visible"), timeout=3000)
    harness.settle(5)
    back = harness.window.activeFocusItem()
    assert back.objectName() == "analyseFinishedButton" and back.property("visualFocus")
    for _ in range(4):
        keys.press(K.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
        if harness.window.activeFocusItem().objectName() == "playAgainButton":
            break
    keys.press(K.Key_Return)  # Play again (asked first once the game is analysed)
    harness.settle(20)
    asked = harness.window.findChild(QObject, "confirmDropAnalysisDialog")
    assert not game.gameOver.get("visible") or asked.property("visible")


def test_a_stuck_checker_picked_by_key_is_told_the_rule_of_the_roll(harness):
    """6-3: from 21 the 6 lands on a made point, the 3 on an open one after which no 6 can be
    played; the key said "That point is blocked" (the highest die's reason): the rule is why."""
    from engine import Position

    harness.open(start=False)
    game = harness.game
    position = Position.from_points(
        {23: 5, 22: 3, 21: 1, 14: 4, 1: 2}, {17: 3, 13: 3, 10: 4, 9: 2, 8: 3}
    )
    game.show_position(position, 0, dice=(6, 3))
    keys = Keys(harness, "board")
    keys.board.forceActiveFocus()
    harness.settle(5)
    keys.go_to(21)
    keys.press(K.Key_Space)
    assert game.selected == -1 and "both dice" in game.status, game.status
    assert harness.w.announcer.spoken[-1] == game.status


def test_the_focus_is_a_plain_ring_around_every_control_reached_by_tab(harness):
    """Found by a tester: the dialogs' buttons and choice boxes showed the keyboard's focus in a
    shade of the gold of their own border, hard to see. A light blue ring goes round whichever
    control the keys are on, in a dialog as beside the board."""
    harness.open(seed=9)
    keys = Keys(harness, "board")
    keys.press(K.Key_N, CTRL)
    dialog = harness.window.findChild(QObject, "newGameDialog")
    harness.qtbot.waitUntil(lambda: dialog.property("opened"), timeout=3000)
    frame = harness.window.findChild(QQuickItem, "focusFrame")
    seen = set()
    for _ in range(9):
        keys.press(K.Key_Tab)
        item = harness.window.activeFocusItem()
        if item.inherits("QQuickTextInput"):
            continue  # a text field shows the focus by its caret and its border
        assert frame.isVisible(), item.objectName()

        def around(item=item) -> bool:
            ring = frame.mapRectToScene(frame.boundingRect())
            inside = item.mapRectToScene(item.boundingRect())
            return ring.contains(inside) and ring.width() < inside.width() + 20

        harness.qtbot.waitUntil(around, timeout=1000)  # it follows within a tenth of a second
        assert qml_value(frame, "border.color.toString()") == "#7fd4ff"
        seen.add(item.objectName())
    assert {"opponentBox", "cubeBox", "startGameButton"} <= seen, seen
    keys.press(K.Key_Escape)
    harness.qtbot.waitUntil(lambda: not dialog.property("visible"), timeout=3000)
    # beside the board
    tab_to(harness, keys, "hintButton")
    harness.settle(8)
    assert frame.isVisible()
    # the board draws its own ring: none round it
    tab_to(harness, keys, "board")
    harness.qtbot.waitUntil(lambda: not frame.isVisible(), timeout=1000)


def test_the_entry_in_hand_reads_dark_on_its_gold(harness):
    """Found by a tester: the menu's entry in hand was light text on gold, 1.6:1."""
    from app.board_themes import contrast_ratio

    harness.open(seed=9)
    keys = Keys(harness, "board")
    keys.press(K.Key_O, Qt.KeyboardModifier.AltModifier)  # Options: its first entry in hand
    menu = next(
        o
        for o in harness.window.findChildren(QObject)
        if o.inherits("QQuickMenu") and o.property("visible")
    )
    checked = 0
    for _ in range(int(menu.property("count"))):
        entry = qml_value(menu, "itemAt(currentIndex)")
        text = next(c for c in entry.findChildren(QQuickItem) if c.objectName() == "menuEntryText")
        gold = qml_value(entry, "palette.highlight.toString()")
        assert qml_value(entry, "highlighted")
        ink = qml_value(text, "color.toString()")
        assert contrast_ratio(ink, gold) >= 4.5, (entry.property("text"), ink, gold)
        if qml_value(entry, "checkable"):
            tick = qml_value(entry, "indicator.border.color.toString()")
            assert contrast_ratio(tick, gold) >= 3, entry.property("text")
            checked += 1
        keys.press(K.Key_Down)
    assert checked >= 3
    keys.press(K.Key_Escape)


def test_the_keys_go_to_the_board_when_their_button_goes_grey(harness):
    """Found by a tester: Space on Roll rolled, the button went grey, and the keys were nowhere
    (no ring, the arrows did nothing) until Tab."""
    game, keys = two_players(harness)
    while game.legalSteps:  # the opening turn
        harness.play_step(game.legalSteps[0])
    harness.confirm_if_done()
    wait(harness)
    assert game.canRoll
    tab_to(harness, keys, "rollButton")
    keys.press(K.Key_Space)
    assert not game.canRoll and game.dice
    harness.qtbot.waitUntil(lambda: keys.board.hasActiveFocus(), timeout=1000)
    here = keys.focus()
    keys.press(K.Key_Left)
    assert keys.focus() != here  # the arrows move on the board at once


def test_in_a_narrow_lesson_window_the_keys_are_never_on_nothing(qtbot, tmp_path):
    """Found by a tester at 1024 x 768: a lesson opened from the list left the keys on nothing
    (the arrows did nothing), "All lessons" too, and so did a right answer that replaced the
    box the keys were in."""
    from tests.app.test_lessons_player import LessonHarness

    ui = LessonHarness(qtbot, tmp_path)
    ui.open()
    try:
        ui.window.resize(1024, 768)
        ui.settle(50)
        keys = Keys(ui, "lessonBoard")
        assert ui.item("lessonList").hasActiveFocus()
        keys.press(K.Key_Return)  # lesson 1, the list put away
        assert ui.view["open"] and ui.hidden("lessonListPanel")
        qtbot.waitUntil(lambda: keys.board.hasActiveFocus(), timeout=1000)
        ui.click("showLessonListButton")  # "All lessons": the list has the keys
        qtbot.waitUntil(lambda: ui.item("lessonList").hasActiveFocus(), timeout=1000)
        keys.press(K.Key_Down)
        keys.press(K.Key_Return)  # lesson 2
        assert ui.view["lessonNumber"] == 2
        qtbot.waitUntil(lambda: keys.board.hasActiveFocus(), timeout=1000)
        # a number answered right by keys: its box goes, the keys go to the board
        lesson = ui.player.lessons[1]
        index = next(
            i
            for i, s in enumerate(lesson.steps)
            if type(s.exercise).__name__ == "DiceCountExercise"
        )
        while ui.view["stepIndex"] != index:
            if ui.exercise() is not None and not ui.view["solved"]:
                ui.answer_right()
            ui.click("nextButton")
        answer_by_keys(ui, keys, ui.exercise())
        item = ui.window.activeFocusItem()
        qtbot.waitUntil(
            lambda: (
                ui.window.activeFocusItem() is not None
                and ui.window.activeFocusItem().isVisible()
                and ui.window.activeFocusItem().isEnabled()
            ),
            timeout=1000,
        )
        assert item is not None
    finally:
        ui.close()


def test_an_untouched_number_box_is_empty_and_a_typed_0_answers(qtbot, tmp_path):
    """Found by a tester: the box showed 0 where 0 was the answer, and Check stayed grey (the
    0 shown was no answer: the last round's fix against a Check at once counting as right)."""
    from tests.app.test_lessons_course import go_to
    from tests.app.test_lessons_player import LessonHarness

    ui = LessonHarness(qtbot, tmp_path)
    ui.open()
    try:
        keys = Keys(ui, "lessonBoard")
        # typed digits stay as typed (the box's text shown anew must not undo them)
        go_to(ui, 1, "no-extra-roll")
        box = ui.item("numberInput")
        assert box.property("contentItem").property("text") == ""
        tab_to(ui, keys, "numberInput")
        keys.press(K.Key_2)
        assert box.property("contentItem").property("text") == "2"
        keys.press(K.Key_Return)
        assert ui.feedback_text()  # answered with 2
        if not ui.view["solved"]:
            ui.answer_right()
        ui.click("nextButton")
        ex = ui.exercise()
        assert ex.answer() == 0  # "points-primes": how many of the four sixes can you play?
        box = ui.item("numberInput")
        text = box.property("contentItem")
        assert text.property("text") == "" and not ui.item("checkButton").isEnabled()
        tab_to(ui, keys, "numberInput")
        keys.press(K.Key_Up)  # the arrows show the number they give
        assert text.property("text") == "1" and ui.item("checkButton").isEnabled()
        keys.press(K.Key_Down)
        assert text.property("text") == "0"
        keys.press(K.Key_Return)
        assert ui.view["solved"]
        # answered, the keys go to Next, not to some point of the board, whose ring came up
        # there (found by a teacher); Enter then goes on
        ui.settle(20)
        assert ui.item("nextButton").property("activeFocus")
        assert not ui.item("lessonBoard").property("activeFocus")
        step = (ui.view["stepTitle"], ui.view["stepIndex"])
        keys.press(K.Key_Return)
        assert (ui.view["stepTitle"], ui.view["stepIndex"]) != step
    finally:
        ui.close()


@pytest.mark.parametrize(
    ("menu_keys", "setting", "entries"),
    [((), "hintMode", 3), ((K.Key_Up, K.Key_Up), "textScale", 3)],
)
def test_the_choice_in_force_chosen_again_keeps_its_mark(harness, menu_keys, setting, entries):
    """A choice of one of many (a hint mode, a text size) chosen again lost its mark while its
    setting stayed: the menu showed none chosen. It keeps it, and its mark is round (a tick is
    for an entry of its own, on or off)."""
    harness.open(seed=9)
    keys = Keys(harness, "board")
    settings = harness.w.settings
    settings.setProperty("textScale", 150)  # the largest text: the marks grow with it
    harness.settle(20)
    before = settings.value(setting)
    keys.press(K.Key_O, Qt.KeyboardModifier.AltModifier)
    for key in menu_keys:
        keys.press(key)
    keys.press(K.Key_Right)  # the submenu, its chosen entry in hand
    harness.settle(50)
    menu = next(  # the submenu: the open menu besides Options
        o
        for o in harness.window.findChildren(QObject)
        if o.inherits("QQuickMenu") and o.property("visible") and o.property("title") != "&Options"
    )
    shown = [qml_value(menu, f"itemAt({i})") for i in range(entries)]
    marks = [e.property("checked") for e in shown]
    assert marks.count(True) == 1
    if setting == "hintMode":  # H goes through them: said on the entry that opens them, once
        opener = next(
            o
            for o in harness.window.findChildren(QObject)
            if o.inherits("QQuickMenu")
            and o.property("visible")
            and o.property("title") == "&Options"
        )
        assert qml_value(qml_value(opener, "itemAt(0)"), "keys") == "H"
        assert [qml_value(e, "keys") for e in shown] == ["", "", ""]
    chosen = marks.index(True)
    mark = shown[chosen]
    assert qml_value(mark, "indicator.radius") == qml_value(mark, "indicator.width") / 2  # round
    # as large as its text (at 150% a 14-pixel mark looked lost beside it: found by a tester)
    text = next(c for c in mark.findChildren(QQuickItem) if c.objectName() == "menuEntryText")
    assert qml_value(mark, "indicator.width") >= 0.75 * text.height()
    while qml_value(menu, "currentIndex") != chosen:
        keys.press(K.Key_Down)
    keys.press(K.Key_Return)
    harness.settle(50)
    assert settings.value(setting) == before
    assert [e.property("checked") for e in shown] == marks
    # the setting changed elsewhere (H, another window) moves the mark
    values = {"hintMode": [0, 1, 2], "textScale": [100, 125, 150]}[setting]
    settings.setProperty(setting, values[(chosen + 1) % entries])
    harness.settle(20)
    assert [e.property("checked") for e in shown].index(True) == (chosen + 1) % entries
    keys.press(K.Key_Escape)
