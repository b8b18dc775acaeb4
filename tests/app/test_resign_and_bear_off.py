"""The computer offers to resign when it cannot win; the final bear-off of a race is played for
the player on request."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QObject, Qt
from PySide6.QtTest import QTest

from app.parts import part_of
from app.resignation import Resignations
from app.session import OFF_LOCATION
from engine import Position
from tests.app.driver import qml_value

pytestmark = [pytest.mark.gui, pytest.mark.timeout(120)]

# Black (on roll, the computer) has 14 checkers at home and one off; White has one checker left
# on its 1-point and bears it off with any roll: Black loses a single game, and no more.
LOST = Position.from_points({4: 5, 5: 5, 6: 4}, {1: 1})
# With all fifteen still on the board Black saves the gammon with any roll but 1-1 and 2-1: it
# plays on, for resigning a gammon would give away what 34 rolls in 36 save (a computer that
# resigned a gammon it could still save lost a match so, seen in a real window).
SAVING = Position.from_points({4: 5, 5: 5, 6: 5}, {1: 1})


def offers(harness) -> Resignations:
    return part_of(harness.w.engine, Resignations)


def offered(harness) -> tuple:
    """The computer, lost, offers to resign (the game and the offers' part)."""
    harness.open(seed=4)
    game = harness.game
    harness.w.flow.show_position(LOST, 1, computer=True, level="expert")
    resign = offers(harness)
    harness.qtbot.waitUntil(lambda: resign.property("offer") > 0, timeout=5000)
    harness.settle(50)
    return game, resign


def test_the_computer_offers_to_resign_a_lost_game_and_accepting_ends_it(harness):
    game, resign = offered(harness)
    kind = resign.property("offer")
    assert "offers to resign" in harness.item("resignOfferText").property("text")
    harness.click("acceptResignationButton")
    harness.settle(50)
    over = game.gameOver
    assert over["visible"] and over["winner"] == 0 and over["points"] == kind
    assert over["resigned"]


def test_playing_on_lets_the_computer_roll_and_it_does_not_ask_the_same_again(harness):
    game, resign = offered(harness)
    harness.click("declineResignationButton")
    harness.qtbot.waitUntil(lambda: game.onRoll == 0 or game.gameOver["visible"], timeout=10000)
    assert resign.property("offer") == 0


@pytest.mark.parametrize("answer", ["acceptResignationButton", "declineResignationButton"])
def test_enter_presses_the_offers_answer_in_focus(harness, answer):
    # Enter on a ringed answer did nothing, only Space did (found by a tester)
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    game, resign = offered(harness)
    for _ in range(4):
        if harness.window.activeFocusItem().objectName() == answer:
            break
        QTest.keyClick(harness.window, Qt.Key.Key_Tab)
        harness.settle(10)
    assert harness.window.activeFocusItem().objectName() == answer
    QTest.keyClick(harness.window, Qt.Key.Key_Return)
    harness.settle(50)
    if answer == "acceptResignationButton":
        assert game.gameOver["visible"] and game.gameOver["resigned"]
    else:
        harness.qtbot.waitUntil(lambda: resign.property("offer") == 0, timeout=10000)
        assert not game.gameOver.get("resigned")


@pytest.mark.parametrize("position", [Position.start(), SAVING], ids=["can win", "saves gammon"])
def test_no_offer_while_the_computer_can_still_win_or_save_the_gammon(harness, position):
    harness.open(seed=4)
    game = harness.game
    harness.w.flow.show_position(position, 1, computer=True, level="expert")
    harness.qtbot.waitUntil(
        lambda: game.onRoll == 0 or game.canRoll or game.gameOver["visible"], timeout=10000
    )
    assert offers(harness).property("offer") == 0


def test_the_final_bear_off_is_played_for_the_player_when_asked(harness):
    harness.open(seed=4)
    game = harness.game
    race = Position.from_points({6: 2, 5: 3, 2: 2}, {1: 5, 2: 5})  # no contact, all home
    harness.w.flow.show_position(race, 0, dice=(6, 5))
    assert game.legalSteps  # off: the player moves
    game.autoBearOff = True
    harness.w.flow.show_position(race, 0, dice=(6, 5))
    assert game.board[OFF_LOCATION[0]] == 8 + 2  # 8 were off before, two more now
    assert not game.legalSteps and game.canConfirm  # 6/off 5/off played, waiting for Done
    assert "Borne off for you" in game.status
    harness.click("undoButton")  # taken back: the status no longer says it was played
    assert game.legalSteps and "Borne off" not in game.status and "rolls 6-5" in game.status
    harness.w.flow.show_position(race, 0, dice=(6, 5))
    # with no checker to bear off, the play the evaluation finds best: 6/1 (2, 3, 3 and 1 left
    # bear off two with nearly every roll), not 6/2 3/2 of "the most checkers, the fewest pips"
    gaps = Position.from_points({2: 1, 3: 2, 6: 1}, {1: 2, 2: 1, 3: 1, 6: 1})
    harness.w.flow.show_position(gaps, 0, dice=(4, 1))
    assert "Borne off for you: 6/1" in game.status, game.status
    contact = Position.from_points({6: 2, 5: 3, 2: 2}, {1: 5, 2: 4, 22: 1})
    harness.w.flow.show_position(contact, 0, dice=(6, 5))
    assert game.legalSteps  # contact: the player plays


# White (on roll, the person) has all 15 checkers outside its home board and none off; Black (the
# computer) bears off its last two next turn: Black wins a gammon.
GAMMON_LOST = Position.from_points({7: 5, 8: 5, 9: 5}, {1: 2})


def resign(harness, kind: int) -> None:
    offers(harness).resign(kind)
    harness.settle(50)


def test_the_person_resigns_and_the_computer_answers_by_its_evaluation(harness):
    from ai.resign import accepts_resignation
    from app.computer_turn import cube_state

    harness.open(seed=4)
    game = harness.game
    flow = harness.w.flow
    setup = dict(computer=True, level="expert", match_length=5, score=(1, 0), cube_value=2)
    flow.show_position(GAMMON_LOST, 0, cube_owner=1, **setup)
    harness.settle()
    resign(harness, 1)  # a single game is less than the gammon Black wins anyway
    assert "Computer refuses the resignation" in harness.item("statusLabel").property("text")
    assert not game.gameOver["visible"] and game.canRoll
    # a gammon: as the computer's evaluation at this score says
    evaluator = harness.w.computer.player.evaluator
    state = cube_state(flow.session).swapped()  # seen from Black, who answers
    takes_gammon = accepts_resignation(evaluator, flow.session.position, 2, True, state)
    resign(harness, 2)
    assert game.gameOver["visible"] == takes_gammon
    if takes_gammon:  # (no backgammon is left: the gammon is all the game is worth)
        assert game.gameOver["points"] == 2 * 2 and list(game.score) == [1, 4]
    else:
        assert "refuses" in harness.item("statusLabel").property("text") and game.canRoll
    flow.show_position(GAMMON_LOST, 0, cube_owner=1, **setup)
    harness.settle()
    resign(harness, 3)  # more than the game can be worth: accepted, scored with the cube
    over = game.gameOver
    assert over["visible"] and over["winner"] == 1 and over["resigned"]
    assert over["kind"] == 3 and over["points"] == 3 * 2
    assert list(game.score) == [1, 5] and over["matchOver"]


def test_at_double_match_point_the_computer_accepts_a_single_game(harness):
    # 4-4 in a 5-point match: a single game wins the match, whatever the gammons; judged in
    # money points Black would refuse it (playing on is worth a gammon).
    harness.open(seed=4)
    game = harness.game
    harness.w.flow.show_position(
        GAMMON_LOST, 0, computer=True, level="expert", match_length=5, score=(4, 4)
    )
    harness.settle()
    resign(harness, 1)
    over = game.gameOver
    assert over["visible"] and over["winner"] == 1 and over["points"] == 1
    assert list(game.score) == [4, 5]


def test_resigning_from_the_menu_is_asked_first_and_enter_keeps_playing(harness):
    """Found by a tester: Game > Resign > A gammon ended the game at once, in the opening."""
    harness.open(seed=4)
    game = harness.game
    flow = harness.w.flow
    flow.show_position(GAMMON_LOST, 0, computer=True, level="expert", cube_value=2, cube_owner=0)
    harness.settle()
    dialog = harness.window.findChild(QObject, "resignDialog")
    qml_value(dialog, "(ask(3), true)")  # as the menu's entry does
    harness.qtbot.waitUntil(lambda: dialog.property("opened"), timeout=3000)
    # what it gives away: a backgammon at a cube of 2
    assert dialog.property("text") == "Resign a backgammon? Computer wins 6 points."
    from app import i18n

    i18n.set_language(None, None, "nl")  # a sentence that opens with the kind: a capital
    try:
        assert offers(harness).question(2).startswith("Een gammon gewonnen geven?")
    finally:
        i18n.set_language(None, None, "en")
    assert harness.item("keepOnButton").hasActiveFocus()
    QTest.keyClick(harness.window, Qt.Key.Key_Return)  # the safe answer
    harness.qtbot.waitUntil(lambda: not dialog.property("visible"), timeout=3000)
    assert not game.gameOver["visible"] and game.canRoll
    qml_value(dialog, "(ask(3), true)")
    harness.qtbot.waitUntil(lambda: dialog.property("opened"), timeout=3000)
    harness.click("confirmResignButton")
    harness.settle(50)
    over = game.gameOver
    assert over["visible"] and over["resigned"] and over["points"] == 6
