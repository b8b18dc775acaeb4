"""What the window says and shows about the game: the dice the same way everywhere, the move
list of the game in play only, the opening roll, the hints, the new-game dialog's fields, and
Help and About."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from app.session import to_location
from engine import Position
from tests.app.driver import as_written

pytestmark = [pytest.mark.gui, pytest.mark.timeout(120)]


def visible_texts(harness, prefix: str = "") -> list[str]:
    """The texts of the visible items under the window (of items named ``prefix...``)."""
    out = []
    for item in harness.items():
        if not item.isVisible() or not item.objectName().startswith(prefix):
            continue
        text = item.property("text")
        if isinstance(text, str) and text:
            out.append(text)
    return out


def move_lines(harness) -> list[str]:
    """The lines of the move list drawn in the window, in order."""
    lines = [
        (int(item.objectName()[len("moveLine") :]), item.property("text"))
        for item in harness.find_all("moveLine")
        if item.isVisible() and item.objectName()[len("moveLine") :].isdigit()
    ]
    return [text for _index, text in sorted(lines)]


def shown_dice(harness) -> list[int]:
    """The values of the dice drawn on the board, left to right."""
    row = harness.item("diceRow")
    dice = [item for item in row.childItems() if item.isVisible() and item.property("value")]
    dice.sort(key=lambda item: item.mapToScene(item.boundingRect().topLeft()).x())
    return [int(item.property("value")) for item in dice]


def roll_until(harness, found, tries: int, failure: str) -> None:
    """Play each turn of a game between two people by its first legal steps and roll, until
    ``found()`` after a roll; the test fails with ``failure`` after ``tries`` rolls."""
    game = harness.game
    for _ in range(tries):
        while game.legalSteps:
            harness.play_step(game.legalSteps[0])
        harness.confirm_if_done()
        assert game.canRoll
        harness.click("rollButton")
        if found():
            return
    pytest.fail(failure)


def test_the_dice_read_the_same_in_the_status_the_board_the_last_play_and_the_move_list(harness):
    harness.open(seed=2)
    game = harness.game
    game.newGame({"opponent": "human"})

    # Play until a roll whose dice fell lower die first (the engine keeps the order they fell).
    def lower_first() -> bool:
        fell = harness.w.flow.session.match.game.dice
        return fell[0] < fell[1] and bool(game.legalSteps)

    roll_until(harness, lower_first, 30, "no roll fell lower die first")
    fell = harness.w.flow.session.match.game.dice
    high, low = fell[1], fell[0]
    assert f"{high}-{low}" in harness.item("statusLabel").property("text")
    assert shown_dice(harness) == [high, low]
    while game.legalSteps:
        harness.play_step(game.legalSteps[0])
    last = harness.item("lastPlayLabel").property("text")
    assert f"{high}-{low}" in last or f"{high}{low}" in last, last
    assert f"{low}-{high}" not in last and f"{low}{high}" not in last
    lines = move_lines(harness)
    assert f" {high}{low} " in lines[-1], lines[-1]


def test_the_next_game_of_a_match_starts_with_a_fresh_move_list(harness):
    harness.open(seed=5)
    game = harness.game
    game.newGame({"opponent": "human", "matchLength": 3})
    game.autoForced = False  # the last checker off is the player's own click
    # White bears off its last checker: the game ends, and the next one starts.
    last = Position.from_points({1: 1}, {1: 5, 2: 5})  # a single game: 1 point of 3
    harness.w.flow.show_position(last, 0, match_length=3, dice=(6, 5))
    harness.settle()
    harness.play_step(game.legalSteps[0])
    assert game.gameOver["visible"]
    ending = move_lines(harness)[-1]
    assert "off" in ending
    harness.click("nextGameButton")
    harness.settle()
    lines = move_lines(harness)
    assert lines and lines[0].startswith("Opening roll"), lines
    assert ending not in lines
    shown = harness.find("lastPlayLabel")  # none yet, or the new game's
    assert shown is None or "off" not in shown.property("text")
    assert game.lastMove == [] or game.onRoll == 1


def test_the_opening_roll_is_seen_when_the_computer_starts_on_first_launch(harness):
    # A fresh data folder: the first game is against the computer; seed 3 lets it start.
    harness.open(seed=3, start=False, think_delay_ms=400)
    harness.w.flow.start()
    harness.settle(20)
    game = harness.game
    assert game.computerPlayer == 1 and game.onRoll == 1
    status = harness.item("statusLabel").property("text")
    assert status.startswith("Opening roll: White 2, Computer 5.") and "Computer starts" in status
    assert [harness.item(f"openingDie_{i}").isVisible() for i in (0, 1)] == [True, True]
    harness.wait_for_human()
    lines = move_lines(harness)
    # each die with its player's name: a "5" wrapped alone onto the next line (found by a tester)
    assert lines[0] == "Opening roll: White\u00a02, Computer\u00a05"
    assert lines[1].startswith("Computer")


def test_hints_off_shows_no_target_points_once_a_checker_is_picked(harness):
    harness.open(seed=21)
    game = harness.game
    game.newGame({"opponent": "human"})
    game.hintMode = 0
    harness.settle()
    source = game.legalSteps[0]["from"]
    harness.click_item(harness.top_checker(source))
    assert game.selected == source
    marks = [i for i in harness.find_all("destination_") if i.isVisible()]
    assert marks == [] and game.ringPoints == []
    harness.click_item(harness.top_checker(source))  # put it down
    game.hintMode = 1
    harness.settle()
    harness.click_item(harness.top_checker(source))
    assert [i for i in harness.find_all("destination_") if i.isVisible()]


def open_new_game_dialog(harness):
    QTest.keyClick(harness.window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    harness.settle(50)
    assert harness.item("startGameButton").isVisible()


def test_the_crawford_box_is_off_for_a_single_game_and_without_the_cube(harness):
    harness.open(seed=5, start=False)
    open_new_game_dialog(harness)
    lengths, crawford = harness.item("lengthBox"), harness.item("crawfordBox")
    cube = harness.item("cubeBox")
    cube.setProperty("checked", True)
    lengths.setProperty("currentIndex", 0)
    harness.settle()
    assert not crawford.isEnabled()
    lengths.setProperty("currentIndex", 1)
    harness.settle()
    assert crawford.isEnabled()
    cube.setProperty("checked", False)  # no cube, no doubling: the rule has nothing to stop
    harness.settle()
    assert not crawford.isEnabled()


def test_the_hot_seat_names_are_the_colours_not_bottom_and_top(harness):
    harness.open(seed=5, start=False)
    open_new_game_dialog(harness)
    harness.item("opponentBox").setProperty("currentIndex", 0)
    harness.settle()
    dialog = harness.w.engine.rootObjects()[0].findChild(object, "newGameDialog")
    texts = [
        str(item.property(name))
        for item in harness.items()
        if item.isVisible() and dialog.property("contentItem").isAncestorOf(item)
        for name in ("text", "placeholderText")
        if item.property(name)
    ]
    assert "White" in texts and "Black" in texts
    assert not [t for t in texts if "bottom" in t.lower() or "top" in t.lower()]


def click_text(harness, wanted: str) -> None:
    for item in harness.items():
        if item.isVisible() and item.property("text") == wanted:
            harness.click_item(item)
            harness.settle(20)
            return
    raise AssertionError(f"no visible item shows {wanted!r}")


def menu_titles(harness) -> list[str]:
    return [
        item.property("text")
        for item in harness.items()
        if item.isVisible() and "MenuBarItem" in item.metaObject().className()
    ]


def test_help_and_about_open_and_show_their_texts(harness):
    harness.open(seed=5)
    QTest.keyClick(harness.window, Qt.Key.Key_F1)
    harness.settle(50)
    help_dialog = harness.w.engine.rootObjects()[0].findChild(object, "helpDialog")
    assert help_dialog.property("opened")
    texts = visible_texts(harness)
    assert "How to play" in texts and "Bearing off" in texts and "The doubling cube" in texts
    assert any(t.startswith("Roll the dice, then click a checker") for t in texts)
    QTest.keyClick(harness.window, Qt.Key.Key_Escape)
    harness.settle(50)
    assert not help_dialog.property("opened")
    about = harness.w.engine.rootObjects()[0].findChild(object, "aboutDialog")
    click_text(harness, next(t for t in menu_titles(harness) if t.replace("&", "") == "Help"))
    click_text(harness, "&About Backgammon")
    assert about.property("opened")
    texts = visible_texts(harness)
    assert any(t.startswith("Backgammon ") for t in texts)
    assert any("MIT licence" in t for t in texts) and any("DejaVu Sans" in t for t in texts)


def test_a_refusal_gives_way_to_the_roll_once_a_checker_moves(harness):
    harness.open(seed=5)
    game = harness.game
    harness.wait_for_human()
    if game.canRoll:
        harness.click("rollButton")
    assert game.legalSteps
    shown = game.status  # the roll (or the opening roll) said
    position = harness.w.flow.session.position  # seen from the player on roll, the person
    empty = [p for p in range(1, 25) if position.checker_at(p) <= 0]
    harness.click(f"location_{to_location(0, empty[0])}")  # no checker of theirs there
    assert game.status != shown and "no checker" in game.status
    harness.click(f"location_{to_location(0, empty[1])}")  # refused again: still the refusal
    assert game.status != shown
    step = game.legalSteps[0]
    harness.click_item(harness.top_checker(step["from"]))  # a new pick: the refusal is old news
    assert game.selected == step["from"] and game.status == shown
    harness.click(f"location_{to_location(0, empty[0])}")  # refused again, with its reason
    assert game.status != shown and game.selected == -1
    harness.play_step(step)
    assert game.status == shown  # a checker moved: the refusal no longer stands


def test_a_checker_sent_backwards_is_told_that_checkers_move_forward(harness):
    harness.open(start=False)
    game = harness.game
    game.show_position(Position.start(), 0, dice=(5, 3))
    harness.settle(5)
    harness.click_item(harness.top_checker(to_location(0, 13)))
    harness.click(f"location_{to_location(0, 14)}")
    assert game.status == "Checkers move only forward, toward your home board."
    assert game.selected == -1


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_a_long_play_in_the_move_list_wraps_under_the_play_and_stays_whole(harness, size):
    # "Hvid 43 13/10 / 13/9" wrapped under the name, and "5/off" broke after its "/"; where the
    # plays' column has room for a long move beside the names, a play wraps in its column; in a
    # narrower panel the player's checker stands for the name (the line wrapped whole there)
    from pathlib import Path

    from PySide6.QtCore import QUrl

    from app.parts import part_of
    from app.position_setup import PositionSetup

    harness.open(seed=14, size=size)
    data = Path(__file__).resolve().parents[1] / "data" / "gnubg-match-3-point-a.mat"
    part_of(harness.w.engine, PositionSetup).importMat(QUrl.fromLocalFile(str(data)).toString())
    harness.settle(30)
    if harness.find("replaceDialog"):
        harness.click("replaceButton")
    harness.settle(50)  # the imported match's move list laid out
    lines = [i for i in harness.find_all("moveLine") if i.isVisible()]
    plays = [i for i in lines if " 24/" in i.property("text") or "/off" in i.property("text")]
    assert plays
    for line in plays:
        disc, who, play = line.childItems()[:3]
        text = line.property("text")
        assert "/\u2060" in play.property("text")  # no line breaks inside a move
        assert line.property("named") or line.property("discs"), text  # never the whole line
        if line.property("named"):  # a column of the plays, beside the name's
            assert text.startswith(who.property("text")) and not disc.isVisible()
            assert play.x() == who.implicitWidth() > 0 and who.isVisible()
        else:  # narrower: the player's checker stands for the name, then the dice
            assert disc.isVisible() and who.isVisible() and who.x() == disc.width()
            name = harness.game.names[line.property("player")]
            assert text.startswith(name) and name not in who.property("text")
            assert who.property("text").strip() == text.split()[1]  # the dice
            assert play.x() == who.x() + who.implicitWidth()
        room = line.width() - play.x()
        assert room >= 10 * play.property("font").pixelSize() * 0.6  # a long move's room
    if size[0] > 1024:  # the names' column in a wide window
        assert all(line.property("named") for line in plays)


def test_a_position_set_up_with_a_double_pending_says_who_answers_it(harness):
    """A position opened with a double waiting for its answer said nothing of it."""
    harness.open(seed=5)
    harness.w.flow.show_position(
        Position.start(), 1, doubled=True, cube=True, cube_value=2, cube_owner=1
    )
    harness.settle()
    assert harness.game.mustAnswerDouble
    assert harness.game.status == "Black has doubled to 4: White takes or passes."


def test_a_plays_moves_stay_together_in_the_status_and_the_last_play(harness):
    # found by a tester: "Computer gooide 4-2: 8/4" ended a line and "6/4" began the next
    harness.open(seed=2)
    harness.game.newGame({"opponent": "human"})

    def shown() -> str:
        return harness.item("lastPlayLabel").property("text")

    def moves() -> list[str]:
        return re.findall(r"(?:bar|\d+)/\S+", as_written(shown()))

    roll_until(harness, lambda: len(moves()) >= 2, 10, "no play of two moves was said")
    joined = "\u00a0".join(move.replace("/", "/\u2060") for move in moves())
    assert joined in shown(), shown()
