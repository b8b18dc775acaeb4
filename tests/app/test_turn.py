"""Within a turn: undo, hint modes, confirming the end of the turn, board turning."""

from __future__ import annotations

import pytest

from engine import Position, TurnBuilder

pytestmark = [pytest.mark.gui, pytest.mark.timeout(60)]


def start_hot_seat(harness, seed=21, **options):
    harness.open(seed=seed)
    harness.game.newGame({"opponent": "human", **options})
    harness.settle()
    return harness.game


def rendered_rings(harness) -> tuple[set[int], set[int]]:
    """Locations whose top checker shows a ring, and locations with a visible destination mark."""
    checkers = set()
    for item in harness.find_all("checker_"):
        if item.isVisible() and item.property("ringed"):
            checkers.add(int(item.objectName().split("_")[1]))
    points = set()
    for item in harness.find_all("destination_"):
        if item.isVisible():
            points.add(int(item.objectName().split("_")[1]))
    for tray in (0, 27):
        if harness.item(f"tray_{tray}").property("target"):
            points.add(tray)
    return checkers, points


def engine_turn(game) -> TurnBuilder:
    """The same turn rebuilt independently from the engine."""
    s = game.session
    turn = TurnBuilder(s.position, s.dice)
    for step in s.turn.steps:
        turn.move_checker(step.src, step.dst)
    return turn


def test_undo_a_step_within_the_turn(harness):
    game = start_hot_seat(harness)
    board0 = list(game.board)
    steps0 = game.legalSteps
    assert not harness.item("undoButton").isEnabled()
    harness.play_step(steps0[0])
    assert list(game.board) != board0
    assert harness.item("undoButton").isEnabled()
    assert sum(d["used"] for d in game.dice) == 1
    harness.click("undoButton")
    assert list(game.board) == board0
    assert game.legalSteps == steps0
    assert sum(d["used"] for d in game.dice) == 0
    assert not harness.item("undoButton").isEnabled()


def test_confirm_is_on_by_default_and_undo_works_until_then(harness):
    harness.auto_confirm = False
    game = start_hot_seat(harness, seed=9)
    assert game.confirmEndOfTurn  # the desktop default
    mover = game.onRoll
    while game.legalSteps:
        harness.play_step(game.legalSteps[0])
    assert game.onRoll == mover and game.canConfirm and game.canUndo
    while game.canUndo:  # the whole turn can be taken back
        harness.click("undoButton")
    assert game.legalSteps and not game.canConfirm
    while game.legalSteps:
        harness.play_step(game.legalSteps[-1])
    harness.click("confirmButton")
    assert game.onRoll != mover and game.canRoll


def test_without_confirm_the_turn_ends_with_the_last_die(harness):
    harness.auto_confirm = False
    game = start_hot_seat(harness, seed=9)
    game.confirmEndOfTurn = False
    mover = game.onRoll
    while game.onRoll == mover and game.legalSteps:
        harness.play_step(game.legalSteps[0])
    assert game.onRoll != mover and game.canRoll


def test_confirm_by_keyboard_and_by_the_dice(harness):
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    harness.auto_confirm = False
    game = start_hot_seat(harness, seed=9)
    mover = game.onRoll
    while game.legalSteps:
        harness.play_step(game.legalSteps[0])
    QTest.keyClick(harness.window, Qt.Key.Key_Return)
    harness.settle()
    assert game.onRoll != mover
    harness.click("rollButton")
    mover = game.onRoll
    while game.legalSteps:
        harness.play_step(game.legalSteps[0])
    harness.click("diceRow")  # clicking the dice ends the turn, as on iOS
    assert game.onRoll != mover


def test_a_click_picks_a_checker_and_never_moves_it(harness):
    """The opening 6-1: a click on the 13-point picks the checker up; only the second click
    moves it. With quick moves on, a checker with a single move plays it at once."""
    harness.auto_confirm = False
    harness.open(seed=3)
    game = harness.game
    game.newGame({"opponent": "human"})
    game.show_position(Position.start(), 0, dice=(6, 1))
    harness.settle()
    board0 = list(game.board)
    harness.click_item(harness.top_checker(13))
    assert game.selected == 13 and list(game.board) == board0
    assert set(game.ringPoints) <= {7, 12, 6} or not game.hintMode
    harness.click_item(harness.item("location_7"))
    assert game.board[7] == 1 and game.board[13] == 4 and game.canUndo
    harness.click("undoButton")
    game.quickMoves = True
    harness.click_item(harness.top_checker(6))  # 6/5 is the only move of the 6-point checker
    assert game.board[5] == 1 and game.board[6] == 4


def test_compound_moves_take_the_whole_path(harness):
    harness.auto_confirm = False
    harness.open(seed=3)
    game = harness.game
    game.newGame({"opponent": "human"})
    game.show_position(Position.start(), 0, dice=(6, 1))
    harness.settle()
    harness.click_item(harness.top_checker(13))
    harness.click_item(harness.item("location_6"))  # 13/7/6: both dice, one checker
    assert game.board[13] == 4 and game.board[6] == 6 and game.canConfirm


def test_double_click_and_drag_to_the_tray_bear_off(harness):
    harness.auto_confirm = False
    harness.open(seed=3)
    game = harness.game
    game.newGame({"opponent": "human"})
    home = Position.from_text("x 6:3 5:3 4:3 3:2 2:2 1:2; o 19:3 20:3 21:3 22:3 23:3")
    game.show_position(home, 0, dice=(6, 5))
    harness.settle()
    harness.click_item(harness.top_checker(6), double=True)
    assert game.board[0] == 1 and game.board[6] == 2
    harness.drag(harness.top_checker(5), harness.item("tray_0"))
    assert game.board[0] == 2 and game.board[5] == 2


def test_a_refused_move_names_the_rule(harness):
    harness.auto_confirm = False
    harness.open(seed=3)
    game = harness.game
    game.newGame({"opponent": "human"})
    # White on the bar: nothing else may move until it enters.
    game.show_position(
        Position.from_text("x bar:1 13:4 8:3 6:5 24:2; o 19:5 17:3 12:5 1:2"), 0, dice=(4, 2)
    )
    harness.settle()
    harness.click_item(harness.top_checker(13))
    assert game.selected == -1
    assert game.status == "A checker on the bar must enter before any other checker moves."


def test_board_turns_only_in_two_player_games_and_when_set(harness):
    game = start_hot_seat(harness, seed=12)
    table = harness.item("boardTable")
    while game.onRoll != 1:
        harness.play_step(game.legalSteps[0])
        if game.canRoll:
            harness.click("rollButton")
    assert game.turned and table.rotation() == 180
    # the point numbers follow the player at the bottom
    game.boardTurning = False
    harness.settle()
    assert not game.turned and table.rotation() == 0
    game.boardTurning = True
    harness.settle()
    assert table.rotation() == 180
    game.newGame({"opponent": "easy"})
    harness.wait_for_human()
    assert not game.turned and table.rotation() == 0


def test_a_finished_game_is_not_turned_for_the_last_player(harness):
    # a match read from a file opened at its end turned to its last player, the review not
    game = start_hot_seat(harness, seed=12)
    table = harness.item("boardTable")
    harness.w.flow.show_position(Position.from_points({1: 1}, {1: 5}), 1, dice=(6, 5))
    harness.settle()
    assert game.turned and table.rotation() == 180  # the second player bears off ...
    while game.legalSteps:  # (a forced move is played for the player)
        harness.play_step(game.legalSteps[0])
    harness.confirm_if_done()
    harness.settle()
    assert game.gameOver["visible"]  # ... the last checker, and wins
    assert not game.turned and table.rotation() == 0
    # the result in one sentence ("A single game. Cube at 2. 2 points." read as three)
    assert (
        harness.item("gameOverDetail").property("text") == "An ordinary win (single game): 1 point."
    )
    harness.w.flow.show_position(
        Position.from_points({1: 1}, {1: 15}), 1, dice=(6, 5), cube_value=2
    )
    harness.settle()
    harness.confirm_if_done()
    harness.settle()
    detail = harness.item("gameOverDetail").property("text")
    assert detail == "A gammon (double game) with the cube at 2: 4 points."


def test_no_legal_move_is_shown_until_the_player_goes_on(harness):
    harness.auto_confirm = False
    harness.open(seed=3)
    game = harness.game
    game.newGame({"opponent": "human"})
    # White on the bar against a closed board: no roll enters.
    blocked = Position.from_text("x bar:1 6:14; o 19:2 20:2 21:2 22:2 23:2 24:2 1:3")
    game.show_position(blocked, 0)
    harness.settle()
    assert game.canRoll
    harness.click("rollButton")
    assert "no legal move" in game.status and game.noMove and game.canConfirm
    assert harness.item("diceRow").isVisible() and game.dice
    harness.settle(300)
    assert game.onRoll == 0  # nothing passes by itself
    harness.click("confirmButton")
    assert game.onRoll == 1 and game.canRoll
    assert "no legal move" in game.lastPlay


def test_a_forced_move_is_played_for_the_player_only_when_the_setting_is_on(harness):
    # One checker on the 13-point and a 6-5: 13/2 is the only play.
    forced = Position.from_points({13: 1}, {1: 2})
    harness.open(seed=3)
    game = harness.game
    game.newGame({"opponent": "human"})
    assert game.autoForced  # on by default
    game.autoForced = False
    harness.w.flow.show_position(forced, 0, dice=(6, 5))
    harness.settle()
    assert game.board[13] == 1 and game.legalSteps  # off: the player moves
    game.autoForced = True
    harness.w.flow.show_position(forced, 0, dice=(6, 5))
    harness.settle()
    assert game.board[13] == 0 and game.board[2] == 1  # played: 13/2
    assert not game.legalSteps and game.canConfirm and game.canUndo  # Done still to click
    shown = harness.item("statusLabel").property("text")
    assert "13/\u20602" in shown  # (a word joiner after the "/" keeps the move whole)
    while game.canUndo:  # a forced move can be taken back before Done, step by step
        harness.click("undoButton")
    assert game.board[13] == 1 and game.board[2] == 0 and game.legalSteps
