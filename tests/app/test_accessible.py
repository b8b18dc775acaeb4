"""What a screen reader finds on the rendered board: the accessible name of every location, the
dice, the cube and the players, checked against the position shown; and what is announced as
the game goes on (the computer's plays in words).

The names are read through Qt's accessibility interface of the rendered items (what a screen
reader's bridge reads), and the expected texts are written here from the position text.
"""

from __future__ import annotations

import random
import re

import pytest
from PySide6.QtGui import QAccessible

from engine import Position
from engine.moves import Play

pytestmark = [
    pytest.mark.gui,
    pytest.mark.timeout(120),
    pytest.mark.qt_log_level_fail("WARNING"),
]

MIXED = "x bar:1 24:1 13:5 8:3 6:3 3:1; o 1:2 12:5 17:3 19:5"


def name_of(harness, object_name: str) -> str:
    face = QAccessible.queryAccessibleInterface(harness.item(object_name))
    assert face is not None, object_name
    return face.text(QAccessible.Text.Name)


def description_of(harness, object_name: str) -> str:
    face = QAccessible.queryAccessibleInterface(harness.item(object_name))
    return face.text(QAccessible.Text.Description)


def counted(n: int, colour: str) -> str:
    return f"{n} {colour} checker" + ("" if n == 1 else "s")


def expected_name(board: list[int], location: int, viewer: int) -> str:
    """The name of a location as a player says it, from the 28 numbers of the board."""
    n = board[location]
    if 1 <= location <= 24:
        number = location if viewer == 0 else 25 - location
        what = counted(abs(n), "white" if n > 0 else "black") if n else "empty"
        return f"Your {number}-point: {what}"
    own = {25: 0, 26: 1, 0: 0, 27: 1}[location]
    whose = "Your" if own == viewer else "Opponent's"
    colour = "white" if own == 0 else "black"
    if location in (25, 26):
        return f"{whose} bar: " + (counted(n, colour) if n else "empty")
    return f"{whose} tray: " + (f"{counted(n, colour)} borne off" if n else "none borne off")


def test_every_location_says_its_number_and_checkers(harness):
    harness.open(start=False)
    game = harness.game
    game.show_position(
        Position.from_text(MIXED), 0, dice=(6, 4), cube=True, cube_value=2, cube_owner=0
    )
    harness.settle(50)
    board = list(game.board)
    # a few written out in full, from the position text
    assert name_of(harness, "location_6") == "Your 6-point: 3 white checkers"
    assert name_of(harness, "location_1") == "Your 1-point: 2 black checkers"
    assert name_of(harness, "location_2") == "Your 2-point: empty"
    assert name_of(harness, "location_25") == "Your bar: 1 white checker"
    assert name_of(harness, "location_26") == "Opponent's bar: empty"
    assert name_of(harness, "location_0") == "Your tray: 1 white checker borne off"
    assert name_of(harness, "location_27") == "Opponent's tray: none borne off"
    for location in range(28):
        assert name_of(harness, f"location_{location}") == expected_name(board, location, 0)
    # the dice, the cube, the players, the board as a whole
    assert name_of(harness, "diceRow") == "White's dice: 6 and 4"
    assert name_of(harness, "cube") == "cube at 2, owned by you"
    assert name_of(harness, "playerCard0") == "White: 159 pips, on roll"
    assert name_of(harness, "playerCard1").startswith("Black: ")
    assert "White to play" in description_of(harness, "board")
    # what can be done: the bar checker must enter first
    assert description_of(harness, "location_25") == "A checker here can move."
    assert description_of(harness, "location_13") == ""
    harness.click_item(harness.top_checker(25))
    assert description_of(harness, "location_25") == "Picked up. Choose where it goes."
    assert description_of(harness, "location_21") == "The picked checker can move here."
    assert description_of(harness, "location_19") == ""  # the 6 is blocked by five checkers
    harness.click_item(harness.item("location_21"))  # enters with the 4
    assert name_of(harness, "location_21") == "Your 21-point: 1 white checker"
    assert name_of(harness, "location_25") == "Your bar: empty"
    assert name_of(harness, "diceRow") == "White's dice: 6 and 4, 4 played"


def test_the_names_follow_the_turned_board(harness):
    harness.open(start=False)
    game = harness.game
    game.boardTurning = True
    # Black on roll in a two-player game: the board turns to Black, who is "you" now
    game.show_position(Position.from_text(MIXED).swapped(), 1, dice=(3, 1), names=("Ann", "Bob"))
    harness.settle(50)
    assert game.turned
    board = list(game.board)
    assert name_of(harness, "location_19") == "Your 6-point: 5 black checkers"
    assert name_of(harness, "location_6") == "Your 19-point: 3 white checkers"
    assert name_of(harness, "location_25") == "Opponent's bar: 1 white checker"
    assert name_of(harness, "location_26") == "Your bar: empty"
    assert name_of(harness, "location_0") == "Opponent's tray: 1 white checker borne off"
    for location in range(28):
        assert name_of(harness, f"location_{location}") == expected_name(board, location, 1)
    assert name_of(harness, "diceRow") == "Bob's dice: 3 and 1"


def words(name: str, notation: str) -> str:
    steps = Play.parse(notation).steps
    parts = []
    for s in steps:
        src = "bar" if s.src == 25 else str(s.src)
        parts.append(f"{src} off" if s.dst == 0 else f"{src} to {s.dst}" + (" hitting" * s.hit))
    return f"{name} plays {', '.join(parts)}."


def test_the_computer_s_plays_and_the_rolls_are_announced(harness):
    harness.open(seed=17)
    game = harness.game
    game.newGame({"opponent": "medium"})
    announcer = harness.w.announcer
    rng = random.Random(2)
    for _ in range(6):
        harness.wait_for_human()
        if game.gameOver.get("visible"):
            break
        if game.canRoll:
            harness.click("rollButton")
            said = announcer.spoken[-1]
            assert re.fullmatch(r"White rolls \d-\d(: no legal move)?\.", said), announcer.spoken
        while game.legalSteps:
            harness.play_step(rng.choice(game.legalSteps))
            assert announcer.spoken[-1].startswith(("Moved ", "White to play", "Computer"))
    log = game.session.log  # the computer's plays (not its cube actions: the status says them)
    plays = [line.split(": ", 1)[1] for line in log if line.startswith("1 ") and "--:" not in line]
    assert plays, game.session.log
    said = announcer.spoken
    for play in plays[-3:]:  # (the announcer keeps the latest texts)
        assert words("Computer", play) in said, (play, said)
    assert any(t.startswith("Moved ") for t in said)


def test_a_lesson_board_has_names_too(qtbot, tmp_path):
    from tests.app.test_lessons_player import LessonHarness

    ui = LessonHarness(qtbot, tmp_path)
    ui.open()
    try:
        ui.click("openLesson_1")  # the opening 3-1 from the start position
        face = QAccessible.queryAccessibleInterface(ui.item("location_8"))
        assert face.text(QAccessible.Text.Name) == "Your 8-point: 3 white checkers"
        assert face.text(QAccessible.Text.Description) == "A checker here can move."
        dice = QAccessible.queryAccessibleInterface(ui.item("diceRow"))
        assert dice.text(QAccessible.Text.Name) == "Dice: 3 and 1"
    finally:
        ui.close()
