"""The screen reader's sentences about the board (``app.spoken``), in English, and that they
are translated when said (not when the module is loaded)."""

from __future__ import annotations

from app import spoken
from app.session import absolute_board
from engine import Position
from engine.moves import Step

START = absolute_board(Position.start(), 0)


def test_points_bars_and_trays_with_plural_forms():
    assert spoken.location_name(START, 6, 0) == "Your 6-point: 5 white checkers"
    assert spoken.location_name(START, 24, 0) == "Your 24-point: 2 white checkers"
    assert spoken.location_name(START, 1, 0) == "Your 1-point: 2 black checkers"
    assert spoken.location_name(START, 1, 1) == "Your 24-point: 2 black checkers"
    assert spoken.location_name(START, 7, 0) == "Your 7-point: empty"
    board = list(START)
    board[26], board[1] = 1, -1  # one black checker hit
    assert spoken.location_name(board, 26, 0) == "Opponent's bar: 1 black checker"
    assert spoken.location_name(board, 26, 1) == "Your bar: 1 black checker"
    assert spoken.location_name(board, 1, 0) == "Your 1-point: 1 black checker"
    board[0] = 3
    assert spoken.location_name(board, 0, 0) == "Your tray: 3 white checkers borne off"
    assert spoken.location_name(board, 27, 0) == "Opponent's tray: none borne off"


def test_dice_cube_score_turn_and_players():
    dice = [{"value": 6, "used": False}, {"value": 4, "used": True}]
    assert spoken.dice_text(dice, "White") == "White's dice: 6 and 4, 4 played"
    assert spoken.dice_text(dice) == "Dice: 6 and 4, 4 played"
    doubles = [{"value": 3, "used": i < 2} for i in range(4)]
    assert spoken.dice_text(doubles, "Bo") == "Bo's dice: double 3, 2 of 4 played"
    assert spoken.dice_text([], "Bo") == ""
    names = ["White", "Black"]
    assert spoken.cube_text(2, 0, False, 0, names) == "cube at 2, owned by you"
    assert spoken.cube_text(4, 1, False, 0, names) == "cube at 4, owned by Black"
    assert spoken.cube_text(1, -1, False, 0, names) == "cube at 1, in the middle"
    assert spoken.cube_text(2, 0, True, 0, names) == "cube offered at 4"
    assert spoken.score_text(names, [2, 1], 5, False) == "Match to 5: White 2, Black 1"
    assert spoken.score_text(names, [4, 1], 5, True).endswith(", Crawford game")
    assert spoken.turn_text("roll", 1, names, False) == "Black to play."
    assert spoken.turn_text("move", 1, names, True) == "Black is thinking."
    assert spoken.turn_text("double", 0, names, False) == "Black decides on the double."
    assert spoken.player_text("White", 1, 1, True) == "White: 1 pip, 1 point, on roll"
    assert spoken.player_text("White", 167, None, False) == "White: 167 pips"


def test_plays_in_words():
    assert spoken.notation_words("Black", "13/7* 8/7") == "Black plays 13 to 7 hitting, 8 to 7."
    assert spoken.notation_words("Black", "bar/22 6/off") == "Black plays bar to 22, 6 off."
    assert spoken.notation_words("Black", "8/5(2)") == "Black plays 8 to 5, 8 to 5."
    assert spoken.notation_words("Black", "no legal move") == "Black cannot move."
    assert spoken.step_words(Step(24, 18, True)) == "24 to 18 hitting"
    text = spoken.picked_text(8, [5, 3, 0], 0)
    assert text == "Picked up from your 8-point. It can move to 5, 3, off."


def test_hints_of_the_locations():
    texts = spoken.board_texts(START, 0, selected=8, movable=[8, 6], reachable=[5, 3])
    assert texts["hints"][8] == "Picked up. Choose where it goes."
    assert texts["hints"][5] == "The picked checker can move here."
    assert texts["hints"][6] == ""  # a checker is picked: the others wait
    texts = spoken.board_texts(START, 0, movable=[8, 6])
    assert texts["hints"][6] == "A checker here can move."
    assert len(texts["locations"]) == len(texts["hints"]) == 28


def test_the_sentences_are_translated_when_said(qapp):
    from app import i18n

    try:
        i18n.set_language(qapp, None, "da")
        assert spoken.score_text(["A", "B"], [0, 0], 0, False) == i18n._("Single game")
        assert spoken.score_text(["A", "B"], [0, 0], 0, False) != "Single game"
    finally:
        i18n.set_language(qapp, None, "en")
    assert spoken.score_text(["A", "B"], [0, 0], 0, False) == "Single game"
