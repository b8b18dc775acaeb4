"""The doubling cube and the Crawford rule in the window, and the end of games and matches."""

from __future__ import annotations

import random

import pytest

from engine import Position

pytestmark = [pytest.mark.gui, pytest.mark.timeout(120)]


def finish_turn_by_clicks(harness, rng):
    game = harness.game
    mover = game.onRoll
    while game.onRoll == mover and game.legalSteps and not game.gameOver.get("visible"):
        harness.play_step(rng.choice(game.legalSteps))
    harness.confirm_if_done()  # a roll without a legal move is shown until the player goes on


def put_position(harness, text: str, on_roll: int) -> None:
    """Set the board of the game in progress (``text`` from the view of ``on_roll``), before
    the roll, and let the game flow carry on from there as after any action."""
    game = harness.game
    game.session.set_up(Position.from_text(text), on_roll)
    game._after_change()
    harness.settle()


def test_cube_offered_taken_then_passed_in_a_two_player_match(harness):
    harness.open(seed=17)
    game = harness.game
    game.newGame({"opponent": "human", "matchLength": 5, "cube": True, "name0": "A", "name1": "B"})
    rng = random.Random(2)
    assert harness.item("cube").isVisible() and game.cubeValue == 1 and game.cubeOwner == -1
    assert not game.canDouble  # the opening roll is played at once
    finish_turn_by_clicks(harness, rng)
    doubler = game.onRoll
    assert game.canDouble and harness.item("doubleButton").isEnabled()
    harness.click("doubleButton")
    assert game.cubeOffered and harness.item("doublePrompt").isVisible()
    assert not game.canRoll
    harness.settle(400)  # the cube slides to the doubler's side: in sight beside the question
    prompt, cube = harness.item("doublePrompt"), harness.item("cube")
    # the question's last two words stay on one line (Danish broke "(tab" from "1)?")
    assert harness.item("doubleQuestion").property("text").endswith("(lose\u00a01)?")
    for size in ((1024, 768), (800, 600), (1280, 800)):
        harness.window.resize(*size)
        harness.settle(100)
        cube_box = cube.mapRectToScene(cube.boundingRect())
        box = prompt.mapRectToScene(prompt.boundingRect())
        assert not box.intersects(cube_box) and box.bottom() <= size[1], size
        # on the middle line, between the points' tips: below it, it covered the taker's home
        # board, the position being judged (found by a tester)
        board = harness.item("board").mapRectToScene(harness.item("board").boundingRect())
        assert abs(box.center().y() - board.center().y()) <= 1, size
        assert box.height() <= 0.25 * board.height(), size
    # the hint of the answer opens below the board, which gives it room: the question follows
    # the board's middle, clear of the cube and on the board (kept where it stood, it covered
    # the checkers of the lower half)
    harness.window.resize(1024, 768)
    harness.settle(100)
    harness.w.coach.hint()
    harness.qtbot.waitUntil(lambda: harness.item("hintPanel").isVisible(), timeout=20000)
    harness.settle(100)
    box = prompt.mapRectToScene(prompt.boundingRect())
    board = harness.item("board").mapRectToScene(harness.item("board").boundingRect())
    assert not box.intersects(cube.mapRectToScene(cube.boundingRect()))
    assert box.bottom() <= board.bottom()
    harness.click("takeButton")
    assert harness.hidden("doublePrompt")
    assert game.cubeValue == 2 and game.cubeOwner == 1 - doubler
    # the owned cube stands at the end of the bar on its owner's side (a little off the middle
    # between the trays, only the panel's words told whose it was: found by a tester)
    harness.settle(400)
    table = harness.item("board")
    box = table.mapRectToScene(table.boundingRect())
    at = cube.mapRectToScene(cube.boundingRect()).center().y() - box.center().y()
    below = (game.cubeOwner == 0) != bool(table.property("turned"))
    assert abs(at) >= 0.35 * box.height() and (at > 0) == below, (at, box.height())
    # the match line breaks between its parts only: "Cube 2" is never cut before its number
    said = harness.item("matchLabel").property("text")
    assert said.startswith("Match\u00a0to\u00a05\u00a0points · Cube\u00a02 · "), said
    assert said.endswith(" owns the cube."), said
    pips = harness.item("pips0").property("text")  # "Player · 167 pips": whole parts too
    assert pips.startswith("Player · ") and pips.endswith("\u00a0pips"), pips
    assert game.onRoll == doubler and game.canRoll and not game.canDouble
    harness.click("rollButton")
    finish_turn_by_clicks(harness, rng)
    # the taker owns the cube and may redouble
    assert game.onRoll == 1 - doubler and game.canDouble
    harness.click("doubleButton")
    harness.click("passButton")
    over = game.gameOver
    assert over["visible"] and over["passed"] and over["winner"] == 1 - doubler
    assert over["points"] == 2 and game.score[1 - doubler] == 2
    assert harness.item("nextGameButton").isVisible()
    harness.click("nextGameButton")
    assert not game.gameOver["visible"] and game.cubeValue == 1 and game.cubeOwner == -1


def test_crawford_game_is_played_without_the_cube(harness):
    harness.open(seed=23)
    game = harness.game
    game.newGame({"opponent": "human", "matchLength": 3, "cube": True, "crawford": True})
    rng = random.Random(5)
    # Two games won by a pass take the leader to 2 of 3 points: one point from the match.
    for _ in range(2):
        finish_turn_by_clicks(harness, rng)
        leader = 0 if game.score[0] else (1 if game.score[1] else game.onRoll)
        while game.onRoll != leader:
            harness.click("rollButton")
            finish_turn_by_clicks(harness, rng)
        harness.click("doubleButton")
        harness.click("passButton")
        harness.click("nextGameButton")
    assert max(game.score) == 2
    assert game.crawfordGame
    assert harness.hidden("cube")
    assert "Crawford" in harness.item("matchLabel").property("text")
    crawford_winner = None
    for _ in range(400):
        if game.gameOver.get("visible"):
            crawford_winner = game.gameOver["winner"]
            break
        assert not game.canDouble and not harness.item("doubleButton").isEnabled()
        if game.canRoll:
            harness.click("rollButton")
        else:
            finish_turn_by_clicks(harness, rng)
    assert crawford_winner is not None
    if game.gameOver["matchOver"]:
        assert max(game.score) >= 3
        return
    harness.click("nextGameButton")
    assert not game.crawfordGame and harness.item("cube").isVisible()
    finish_turn_by_clicks(harness, rng)
    assert game.canDouble  # after the Crawford game the cube is back


def test_computer_doubles_and_the_player_answers(harness):
    harness.open(seed=31)
    game = harness.game
    game.newGame({"opponent": "expert", "matchLength": 0, "cube": True})
    harness.wait_for_human()
    # The computer (player 1) is on roll well ahead in a race: it doubles.
    put_position(harness, "x 6:3 5:3 4:3 3:2; o 19:3 20:3 21:3 22:3 23:2", on_roll=1)
    harness.qtbot.waitUntil(lambda: game.mustAnswerDouble, timeout=20000)
    assert harness.item("doublePrompt").isVisible()
    assert "doubles" in game.status
    harness.click("takeButton")
    assert game.cubeValue == 2 and game.cubeOwner == 0
    harness.wait_for_human()  # the computer rolled and played after the take
    assert game.onRoll == 0 or game.gameOver["visible"]


def test_player_doubles_and_the_computer_passes_or_takes(harness):
    harness.open(seed=32)
    game = harness.game
    game.newGame({"opponent": "hard", "matchLength": 0, "cube": True})
    harness.wait_for_human()
    put_position(harness, "x 6:3 5:3 4:3 3:2; o 19:3 20:3 21:3 22:3 23:2", on_roll=0)
    assert game.canDouble
    harness.click("doubleButton")
    harness.wait_for_human()
    assert game.gameOver["visible"] and game.gameOver["passed"]  # far behind: it passes
    assert "passes" in game.status
    harness.click("playAgainButton")
    harness.wait_for_human()
    put_position(harness, "x 24:2 13:5 8:3 6:5; o 19:5 17:3 12:5 1:2", on_roll=0)
    harness.click("doubleButton")
    harness.wait_for_human()
    assert "takes" in game.status and game.cubeValue == 2 and game.cubeOwner == 1
    assert game.canRoll and not game.canDouble


def test_a_one_point_match_and_a_last_pip_are_said_in_the_singular(harness):
    from app.parts import part_of
    from app.position_setup import PositionSetup
    from engine.matchid import MatchIdFields

    harness.open(seed=17)
    # the side on roll has one checker left, on its 1-point; the other three on its 6-point
    position = "4AAAEAAAAAAAAA"
    # (in GNU Backgammon's seats: its player 1, on roll, is the person here)
    match_id = MatchIdFields(match_length=1, cube=1, player_on_roll=1, turn=1).encode()
    part_of(harness.w.engine, PositionSetup).pasteText(f"{position}:{match_id}")
    harness.settle(30)
    if harness.find("replaceDialog"):
        harness.click("replaceButton")
    said = harness.item("matchLabel").property("text")
    assert said.startswith("Match\u00a0to\u00a01\u00a0point"), said
    assert not said.startswith("Match\u00a0to\u00a01\u00a0points"), said
    pips = [harness.item(f"pips{p}").property("text") for p in (0, 1)]
    assert any(t.endswith(" 1\u00a0pip") for t in pips), pips
