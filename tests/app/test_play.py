"""Whole games in the real window, played by clicks on the rendered checkers and points."""

from __future__ import annotations

import random

import pytest

pytestmark = [pytest.mark.gui, pytest.mark.timeout(120)]


def test_hot_seat_game_to_the_end_by_clicks(harness):
    harness.open(seed=11)
    game = harness.game
    game.newGame({"opponent": "human", "matchLength": 0, "name0": "Anna", "name1": "Ben"})
    harness.settle()
    rng = random.Random(3)
    table = harness.item("boardTable")
    turns = 0
    while not game.gameOver.get("visible"):
        assert turns < 400, "the game does not end"
        # The board turns so that the player on roll has the home board at the bottom.
        assert game.turned == (game.onRoll == 1)
        assert table.rotation() == (180 if game.onRoll == 1 else 0)
        if game.canRoll:
            harness.click("rollButton")
            turns += 1
            continue
        steps = game.legalSteps
        if not steps:  # no legal move, or a forced one played for the player: shown until Done
            assert game.canConfirm and harness.item("diceRow").isVisible()
            if game.noMove:
                assert "no legal move" in game.status
            else:
                assert game.status.startswith("Forced move: ")
            harness.click("confirmButton")
            continue
        harness.play_step(rng.choice(steps))
    over = game.gameOver
    assert over["winnerName"] in ("Anna", "Ben")
    assert over["kind"] in (1, 2, 3) and over["points"] == over["kind"]
    assert harness.item("gameOverCard").isVisible()
    session = game.session
    assert session.position.borne_off()[0] == 15  # the winner, on roll, has borne off all
    assert harness.item("playAgainButton").isVisible()
    harness.click("playAgainButton")
    assert not game.gameOver.get("visible") and game.legalSteps


def test_game_against_the_computer_to_the_end(harness):
    harness.open(seed=5)
    game = harness.game
    game.newGame({"opponent": "easy", "matchLength": 0})
    rng = random.Random(8)
    computer_turns = 0
    last = ""
    while True:
        harness.wait_for_human()
        if game.gameOver.get("visible"):
            break
        if game.lastPlay != last:
            last = game.lastPlay
            if last.startswith("Computer"):
                computer_turns += 1
        if game.canRoll:
            harness.click("rollButton")
        elif game.legalSteps:
            harness.play_step(rng.choice(game.legalSteps))
        elif game.canConfirm:
            harness.click("confirmButton")
        else:
            harness.settle(20)
    assert computer_turns > 5
    history = game.session.log
    assert any(line.startswith("1 ") for line in history)  # the computer's plays, in gnubg notation
    assert game.gameOver["winnerName"] in ("White", "Computer")
    assert not game.thinking


def test_computer_thinks_off_the_gui_thread(harness):
    """While the computer thinks the thinking indicator shows and the GUI thread is free."""
    harness.open(seed=2)
    game = harness.game
    game.newGame({"opponent": "expert"})
    if game.onRoll == 0:  # let White play the opening roll so the computer gets its turn
        while game.onRoll == 0 and game.legalSteps:
            harness.play_step(game.legalSteps[0])
    harness.qtbot.waitUntil(lambda: game.thinking or game.humanToAct, timeout=5000)
    saw_indicator = False
    while not game.humanToAct:
        if game.thinking:
            saw_indicator = saw_indicator or harness.item("thinkingIndicator").isVisible()
        harness.settle(2)
    assert saw_indicator


def test_drag_moves_a_checker(harness):
    harness.open(seed=4)
    game = harness.game
    game.newGame({"opponent": "human"})
    step = game.legalSteps[0]
    before = list(game.board)
    harness.drag(harness.top_checker(step["from"]), harness.item(f"location_{step['to']}"))
    assert list(game.board) != before
    mover = game.onRoll
    sign = 1 if mover == 0 else -1
    if 1 <= step["to"] <= 24:
        assert game.board[step["to"]] * sign >= 1 or not game.legalSteps


def test_an_illegal_drop_changes_nothing(harness):
    harness.open(seed=4)
    game = harness.game
    game.newGame({"opponent": "human"})
    src = game.legalSteps[0]["from"]
    harness.click_item(harness.top_checker(src))
    reachable = set(game.ringPoints) if game.hintMode else set()
    harness.click_item(harness.top_checker(src))  # put it down again
    session = game.session
    mover = session.on_roll
    from app.session import from_location, to_location

    reach = {to_location(mover, p) for p in session.turn.reachable(from_location(mover, src))}
    assert reachable <= reach
    bad = next(loc for loc in range(1, 25) if loc not in reach and loc != src)
    before = list(game.board)
    harness.drag(harness.top_checker(src), harness.item(f"location_{bad}"))
    assert list(game.board) == before


def test_the_lessons_open_from_the_game_window(harness):
    from PySide6.QtCore import QMetaObject

    harness.open(seed=1)
    QMetaObject.invokeMethod(harness.window, "openLessons")  # what Game > Lessons does
    harness.settle(50)
    lessons = harness.window.property("lessonWindow")
    assert lessons is not None and lessons.isVisible()
    assert lessons.objectName() == "lessonWindow"
    lessons.close()
