"""A whole game against the computer by keyboard and mouse, with quick moves off and on and the
end of turn confirmed or not: the dice are rolled with R or Space, checkers moved with clicks (one
click where quick moves allow it), turns ended with Enter or a click on the dice."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

pytestmark = [pytest.mark.gui, pytest.mark.timeout(240)]


@pytest.mark.parametrize("quick", [False, True], ids=["clicks", "quick"])
@pytest.mark.parametrize("confirm", [True, False], ids=["confirm", "at-once"])
def test_a_whole_game_by_keyboard_and_mouse(harness, quick, confirm):
    harness.open(seed=21 + 2 * quick + confirm)
    harness.auto_confirm = False
    game = harness.game
    game.quickMoves = quick
    game.confirmEndOfTurn = confirm
    game.newGame({"opponent": "beginner", "matchLength": 0})
    rng = random.Random(5)
    keys = [Qt.Key.Key_R, Qt.Key.Key_Space]
    one_click_moves = confirmed_by_key = confirmed_by_dice = 0
    for _ in range(2000):
        harness.wait_for_human()
        if game.gameOver.get("visible"):
            break
        if game.canRoll:
            actions = len(game.session.match.history)
            QTest.keyClick(harness.window, keys[rng.randrange(2)])
            harness.settle(1)
            assert len(game.session.match.history) > actions  # rolled
        elif game.legalSteps:
            step = rng.choice(game.legalSteps)
            before = list(game.board)
            harness.click_item(harness.top_checker(step["from"]))
            if list(game.board) != before:  # moved by one click
                assert quick, "a click moved a checker with quick moves off"
                one_click_moves += 1
            else:
                assert game.selected == step["from"]
                harness.click_item(harness.target(step["to"]))
                assert list(game.board) != before
            if not confirm:
                assert not game.canConfirm  # the turn ended at once when complete
        elif game.canConfirm:
            assert confirm or game.noMove
            if rng.random() < 0.5:
                QTest.keyClick(harness.window, Qt.Key.Key_Return)
                confirmed_by_key += 1
            else:
                harness.click("diceRow")
                confirmed_by_dice += 1
            harness.settle(1)
            assert not game.canConfirm  # the turn ended
        else:
            harness.settle(20)
    assert game.gameOver.get("visible"), "the game did not end"
    assert game.gameOver["winnerName"] in ("White", "Computer")
    if quick:
        assert one_click_moves > 0
    if confirm:
        assert confirmed_by_key > 0 and confirmed_by_dice > 0
