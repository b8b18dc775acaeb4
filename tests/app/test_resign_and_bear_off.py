"""The computer offers to resign when it cannot win; the final bear-off of a race is played for
the player on request."""

from __future__ import annotations

import pytest

from app.parts import part_of
from app.resignation import Resignations
from app.session import OFF_LOCATION
from engine import Position

pytestmark = [pytest.mark.gui, pytest.mark.timeout(120)]

# Black (on roll, the computer) has 15 checkers at home and none off; White has one checker left
# on its 1-point and bears it off with any roll: Black cannot win.
LOST = Position.from_points({4: 5, 5: 5, 6: 5}, {1: 1})


def offers(harness) -> Resignations:
    return part_of(harness.w.engine, Resignations)


def test_the_computer_offers_to_resign_a_lost_game_and_accepting_ends_it(harness):
    harness.open(seed=4)
    game = harness.game
    harness.w.flow.show_position(LOST, 1, computer=True, level="expert")
    resign = offers(harness)
    harness.qtbot.waitUntil(lambda: resign.property("offer") > 0, timeout=5000)
    harness.settle(50)
    kind = resign.property("offer")
    assert "offers to resign" in harness.item("resignOfferText").property("text")
    harness.click("acceptResignationButton")
    harness.settle(50)
    over = game.gameOver
    assert over["visible"] and over["winner"] == 0 and over["points"] == kind
    assert over["resigned"]


def test_playing_on_lets_the_computer_roll_and_it_does_not_ask_the_same_again(harness):
    harness.open(seed=4)
    game = harness.game
    harness.w.flow.show_position(LOST, 1, computer=True, level="expert")
    resign = offers(harness)
    harness.qtbot.waitUntil(lambda: resign.property("offer") > 0, timeout=5000)
    harness.settle(50)
    harness.click("declineResignationButton")
    harness.qtbot.waitUntil(lambda: game.onRoll == 0 or game.gameOver["visible"], timeout=10000)
    assert resign.property("offer") == 0


def test_no_offer_while_the_computer_can_still_win(harness):
    harness.open(seed=4)
    game = harness.game
    harness.w.flow.show_position(Position.start(), 1, computer=True, level="expert")
    harness.qtbot.waitUntil(lambda: game.onRoll == 0 or game.canRoll, timeout=10000)
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
    contact = Position.from_points({6: 2, 5: 3, 2: 2}, {1: 5, 2: 4, 22: 1})
    harness.w.flow.show_position(contact, 0, dice=(6, 5))
    assert game.legalSteps  # contact: the player plays
