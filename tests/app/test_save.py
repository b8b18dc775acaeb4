"""Saving after every action, resuming on the next start, and unreadable saves."""

from __future__ import annotations

import json
import random

import pytest

from app.session import MatchSettings, Session

pytestmark = [pytest.mark.gui, pytest.mark.timeout(90)]


def test_resume_after_the_window_closes_mid_turn(harness):
    harness.open(seed=51)
    game = harness.game
    game.newGame(
        {"opponent": "human", "matchLength": 5, "cube": True, "name0": "Ada", "name1": "Bo"}
    )
    rng = random.Random(1)
    while not (game.canUndo and game.legalSteps):  # stop in the middle of a turn
        if game.canRoll:
            harness.click("rollButton")
        else:
            harness.play_step(rng.choice(game.legalSteps))
    board, dice, steps = list(game.board), game.dice, game.legalSteps
    on_roll, names = game.onRoll, game.names
    assert (harness.data_dir / "game.json").exists()
    harness.close()

    harness.open(seed=99)  # another seed: the saved generator state must win
    game = harness.game
    assert list(game.board) == board and game.dice == dice and game.legalSteps == steps
    assert game.onRoll == on_roll and game.names == names and game.matchLength == 5
    assert game.canUndo and "Welcome back" in game.status
    harness.click("undoButton")
    assert list(game.board) != board


def test_a_game_resumed_with_a_double_pending_says_who_answers_it(harness):
    """It said "White to play." while Black had to take or pass White's double."""
    harness.open(seed=57)
    game = harness.game
    game.newGame({"opponent": "human", "cube": True, "name0": "Ada", "name1": "Bo"})
    while not game.canDouble:
        harness.play_a_turn()
    doubler = game.names[game.onRoll]
    harness.click("doubleButton")
    assert game.mustAnswerDouble
    taker = game.names[1 - game.onRoll]
    harness.close()
    harness.open(seed=57)
    game = harness.game
    assert game.mustAnswerDouble
    assert game.status == (
        f"Welcome back: the game goes on. {doubler} has doubled to 2: {taker} takes or passes."
    )


def test_a_resumed_game_shows_the_last_play_and_its_arrows_again(harness):
    harness.open(seed=53)
    game = harness.game
    game.newGame({"opponent": "human", "name0": "Ada", "name1": "Bo"})
    rng = random.Random(2)
    turns = 0
    while turns < 3 or not game.legalSteps:  # three turns played, then the next one rolled
        if game.canRoll:
            harness.click("rollButton")
        elif game.legalSteps:
            harness.play_step(rng.choice(game.legalSteps))
        else:
            harness.confirm_if_done()
            turns += 1
    last_play, arrows = game.lastPlay, list(game.lastMove)
    assert last_play.startswith(("Ada rolled", "Bo rolled")) and arrows
    harness.close()
    harness.open(seed=53)
    game = harness.game
    assert game.lastPlay == last_play and list(game.lastMove) == arrows


def test_resume_while_the_computer_was_moving(harness):
    harness.open(seed=52)
    game = harness.game
    game.newGame({"opponent": "medium"})
    rng = random.Random(4)
    harness.wait_for_human()
    while game.onRoll == 0 and game.legalSteps:
        harness.play_step(rng.choice(game.legalSteps))
    harness.close()  # the computer is on roll (thinking or about to)
    harness.open(seed=52)
    game = harness.game
    harness.wait_for_human()
    assert game.onRoll == 0 or game.gameOver["visible"]
    assert any(line.startswith("1 ") for line in game.session.log)


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        json.dumps({"version": 1, "settings": {}, "position_id": "????"}),
        json.dumps([1, 2, 3]),
        "",
    ],
)
def test_an_unreadable_save_is_moved_aside_and_a_new_game_starts(harness, content):
    harness.data_dir.mkdir(parents=True, exist_ok=True)
    (harness.data_dir / "game.json").write_text(content, encoding="utf-8")
    harness.open(seed=3)
    game = harness.game
    assert "could not be read" in game.notice
    assert harness.item("noticeText").isVisible()
    aside = list(harness.data_dir.glob("game-unreadable-*.json"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == content
    assert game.legalSteps or game.canRoll or game.busy  # a new game is under way
    # the new game is saved over the old name and reads back
    data = json.loads((harness.data_dir / "game.json").read_text(encoding="utf-8"))
    assert Session.from_dict(data).game_number == 1


def test_the_save_is_written_atomically(harness, monkeypatch):
    harness.open(seed=6)
    game = harness.game
    game.newGame({"opponent": "human"})
    path = harness.data_dir / "game.json"
    before = path.read_text(encoding="utf-8")

    def broken(*args, **kwargs):
        raise OSError("disk full")

    from engine import jsonfile

    monkeypatch.setattr(jsonfile.os, "replace", broken)
    harness.play_step(game.legalSteps[0])
    assert path.read_text(encoding="utf-8") == before  # the old save is intact
    assert "cannot be saved" in game.notice


def test_a_folder_that_cannot_be_written_is_said_once_and_the_game_goes_on(qtbot, tmp_path):
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from tests.app.conftest import Harness

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")  # root may write anywhere else
    harness = Harness(qtbot, blocker / "data")
    try:
        harness.open(seed=8, start=False)
        game = harness.game
        shown = []
        harness.w.view.changed.connect(lambda: shown.append(game.notice))
        game.newGame({"opponent": "human"})
        assert "be saved" in game.notice and harness.item("noticeText").isVisible()
        QTest.keyClick(harness.window, Qt.Key.Key_Escape)  # the player closes the notice
        harness.settle(20)
        assert game.notice == "" and harness.hidden("noticeText")
        rng = random.Random(2)
        turns = 0
        while turns < 6 and not game.gameOver.get("visible"):
            if game.canRoll:
                harness.click("rollButton")
                turns += 1
            elif game.legalSteps:
                harness.play_step(rng.choice(game.legalSteps))
            else:
                harness.confirm_if_done()
                harness.settle(30)
        assert turns == 6 or game.gameOver.get("visible")  # the game went on
        assert game.notice == ""  # not said again after every action
        appearances = sum(1 for a, b in zip(["", *shown], shown, strict=False) if b and not a)
        assert appearances == 1, shown
    finally:
        harness.close()


def test_session_round_trip_keeps_everything():
    s = Session(MatchSettings(match_length=7, cube=True, names=("A", "B"), computer=False))
    s.rng.seed(5)
    s.start_game()
    s.opening()
    step = s.turn.legal_steps()[0]
    s.move(step.src, step.dst)
    data = json.loads(json.dumps(s.to_dict()))
    t = Session.from_dict(data)
    assert t.absolute_board() == s.absolute_board()
    assert t.turn.steps == s.turn.steps and t.dice == s.dice and t.on_roll == s.on_roll
    assert t.rng.random() == s.rng.random()
    with pytest.raises(ValueError):  # a move the rules forbid in the match history
        history = [*data["match"]["history"], {"type": "roll", "dice": [7, 1]}]
        Session.from_dict({**data, "match": {**data["match"], "history": history}})
    with pytest.raises(ValueError):  # settings that do not fit the match
        Session.from_dict({**data, "settings": {**data["settings"], "match_length": 5}})
    with pytest.raises(ValueError):
        Session.from_dict({k: v for k, v in data.items() if k != "match"})


def test_a_save_without_the_cube_lines_gets_its_move_list_from_the_match(tmp_path):
    # saves of earlier versions have no move-list lines for the cube's actions: the list is
    # written anew from the match's record, so that its lines and the history's agree
    from app import game_save
    from app.storage import Storage

    s = Session(MatchSettings(match_length=0, cube=True, computer=False))
    s.rng.seed(3)
    s.start_game()
    s.opening()
    while s.phase == "move":
        turn = s.turn
        for step in turn.plays[0].steps if turn.has_legal_move() else ():
            turn.move_checker(step.src, step.dst)
        s.end_turn()
        if s.phase == "roll" and s.may_double():
            s.double()
            s.take()
            break
        s.roll()
    assert any("--: take 2" in line for line in s.log)
    data = s.to_dict()
    data["log"] = [line for line in s.log if "--:" not in line]  # as an older version wrote it
    storage = Storage(tmp_path)
    storage.write(game_save.SAVE_NAME, json.dumps(data))
    resumed, notice = game_save.load(storage)
    assert notice is None and resumed is not None
    assert resumed.log == s.log


def a_save_mid_turn() -> dict:
    """A real save of a 7-point match with the cube, in the middle of a turn (one step made)."""
    s = Session(MatchSettings(match_length=7, cube=True, names=("A", "B"), computer=False))
    s.rng.seed(12)
    s.start_game()
    s.opening()
    step = s.turn.legal_steps()[0]
    s.move(step.src, step.dst)
    return json.loads(json.dumps(s.to_dict()))


def with_literal(change, literal: str) -> str:
    """A save's text with one value replaced by ``literal`` (JSON text Python's reader takes)."""
    data = a_save_mid_turn()
    change(data, "@@")
    return json.dumps(data).replace('"@@"', literal)


def _set(*keys):
    def change(data, marker):
        target = data
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = marker

    return change


def _resign_kind(data, marker):
    data["match"]["history"].append({"type": "resign", "player": 1, "kind": marker})
    data["steps"] = []


BAD_SAVES = {
    "game_number Infinity": with_literal(_set("game_number"), "Infinity"),
    "game_number 1e400": with_literal(_set("game_number"), "1e400"),
    "game_number -Infinity": with_literal(_set("game_number"), "-Infinity"),
    "game_number NaN": with_literal(_set("game_number"), "NaN"),
    "game_number huge": with_literal(_set("game_number"), "9" * 5000),
    "opening dice Infinity": with_literal(_set("opening_dice", 0), "Infinity"),
    "opening dice 1e400": with_literal(_set("opening_dice", 1), "1e400"),
    "step Infinity": with_literal(_set("steps", 0, 0), "Infinity"),
    "step 1e400": with_literal(_set("steps", 0, 1), "1e400"),
    "match length Infinity": with_literal(_set("settings", "match_length"), "Infinity"),
    "match length 1e400": with_literal(_set("match", "settings", "match_length"), "1e400"),
    "resign kind Infinity": with_literal(_resign_kind, "Infinity"),
    "a deep log": with_literal(_set("log"), "[" * 50_000 + "]" * 50_000),
    "only brackets": "[" * 100_000,
    "only braces": '{"a":' * 50_000,
}


@pytest.mark.parametrize("name", list(BAD_SAVES))
def test_a_save_with_values_json_should_not_hold_is_set_aside_and_a_new_game_starts(harness, name):
    content = BAD_SAVES[name]
    harness.data_dir.mkdir(parents=True, exist_ok=True)
    (harness.data_dir / "game.json").write_text(content, encoding="utf-8")
    harness.open(seed=3)
    game = harness.game
    assert "could not be read" in game.notice, name
    assert harness.item("noticeText").isVisible()
    (aside,) = harness.data_dir.glob("game-unreadable-*.json")
    assert aside.name in game.notice
    assert aside.read_text(encoding="utf-8") == content  # kept as it was
    assert game.legalSteps or game.canRoll or game.busy  # a new game is under way
    data = json.loads((harness.data_dir / "game.json").read_text(encoding="utf-8"))
    assert Session.from_dict(data).game_number == 1


def test_the_bad_saves_differ_from_a_good_one_only_in_the_value():
    good = a_save_mid_turn()
    assert Session.from_dict(good).turn.steps  # the save they are made from loads
    for text in BAD_SAVES.values():
        with pytest.raises(ValueError):
            Session.from_json(text)
