"""The match's history in the window: every position, stepped through read-only, and the move
list's lines clickable."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QObject, Qt
from PySide6.QtTest import QTest

from app.history import moments
from engine import Position
from tests.app.driver import qml_value

pytestmark = [pytest.mark.gui, pytest.mark.timeout(90)]


def play_turns(harness, turns: int) -> list[list[int]]:
    """Play ``turns`` turns hot-seat by clicks; the board after each turn."""
    game = harness.game
    boards = []
    for _ in range(turns):
        if game.canRoll:
            harness.click("rollButton")
        while game.legalSteps:
            harness.play_step(game.legalSteps[0])
        harness.confirm_if_done()
        boards.append(list(game.board))
    return boards


def test_stepping_back_shows_earlier_positions_read_only_and_leaving_returns(harness):
    harness.open(seed=11)
    game = harness.game
    game.newGame({"opponent": "human"})
    boards = play_turns(harness, 4)
    live = list(game.board)
    live_lines = list(game.moveList)
    assert len(live_lines) == 5  # the opening roll and four turns

    harness.click("historyBackButton")
    harness.settle()
    assert game.reviewing and "Game 1" in game.reviewText
    assert list(game.board) == boards[2]  # the last roll, before its play
    assert len(game.dice) >= 2 and not game.lastMove
    harness.click("historyBackButton")
    assert list(game.board) == boards[2]  # the third turn's play, marked from-to
    assert [(m["from"], m["to"]) for m in game.lastMove]
    assert not game.canRoll and not game.humanToAct
    assert harness.hidden("rollButton")  # the review's own actions stand in its place
    game.roll()  # refused while reviewing (the review is read-only)
    assert game.reviewing and list(game.board) == boards[2]

    QTest.keyClick(harness.window, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    harness.settle()
    start = Position.start()
    assert sum(x for x in game.board if x > 0) == 15 and game.historyIndex == 0
    assert game.board[1:25] == _start_board(start)[1:25]
    assert len(game.dice) == 2  # the opening roll's dice are shown, one of each player's colour
    first = game.moveList[0]  # "Opening roll: White 4, Black 3"
    assert [int(w.strip(",")) for w in first.split()[3::2]] == list(game.openingDice)

    harness.click("historyForwardButton")
    assert game.historyIndex == 1

    harness.click("leaveReviewButton")
    assert not game.reviewing and list(game.board) == live and list(game.moveList) == live_lines


def test_a_line_of_the_move_list_shows_its_position(harness):
    harness.open(seed=12)
    game = harness.game
    game.newGame({"opponent": "human"})
    boards = play_turns(harness, 3)
    harness.click("moveLine1")  # the first turn after the opening line
    assert game.reviewing
    assert list(game.board) == boards[0] and game.moveLine == 1
    # one step back: the roll of the second turn, about to be played: its play's line is marked
    # (the line before it was, though the board shows the roll of the line after it)
    harness.click("moveLine2")
    harness.click("historyBackButton")
    assert game.dice and game.moveLine == 2 and list(game.board) == boards[0]
    QTest.keyClick(harness.window, Qt.Key.Key_Escape)
    harness.settle()
    assert not game.reviewing


def test_a_cube_action_in_the_narrow_move_list_takes_the_room_of_the_dice(harness):
    # at 1024x768 the player's checker stands for the name: "verdubbelt" / "naar 2" wrapped in
    # the plays' column, beside an empty column of dice
    harness.open(seed=13, size=(1024, 768), language="nl")
    game = harness.game
    names = {"name0": "Kristoffer", "name1": "Computer"}
    game.newGame({"opponent": "human", "matchLength": 0, "cube": True, **names})
    harness.settle()
    play_turns(harness, 1)
    harness.click("doubleButton")
    harness.click("takeButton")
    harness.settle(20)
    lines = {i.property("index"): i for i in harness.find_all("moveLine")}
    for index, said in ((2, "verdubbelt naar 2"), (3, "neemt aan")):
        line = lines[index]
        disc, who, play = line.childItems()[:3]
        assert line.property("discs") and disc.isVisible()
        assert play.property("text") == said and play.property("lineCount") == 1
        assert who.property("text") == " " and play.x() == disc.width() + who.implicitWidth()
    played = lines[1].childItems()[1]  # a play keeps its dice beside the checker
    assert played.property("text").strip().isdigit()


def test_the_cube_actions_are_lines_of_the_move_list_and_show_their_moment(harness):
    harness.open(seed=13)
    game = harness.game
    game.newGame({"opponent": "human", "matchLength": 0, "cube": True, "name0": "Ann"})
    harness.settle()
    play_turns(harness, 1)  # the opening turn; the other player may double now
    harness.click("doubleButton")
    harness.click("takeButton")
    play_turns(harness, 1)
    harness.click("doubleButton")  # the cube's owner redoubles
    harness.click("passButton")
    assert game.gameOver["visible"]
    assert list(game.moveList)[2:4] == ["Ann       doubles to 2", "Black     takes"]
    assert list(game.moveList)[-2:] == ["Black     doubles to 4", "Ann       passes"]
    session = game.session
    seen = moments(session.match)
    assert [m.line for m in seen if m.line] == session.log  # the review's lines are the same
    harness.click("moveLine3")  # the take: the cube at 2 on Black's side
    assert game.reviewing and game.moveLine == 3
    assert (game.cubeValue, game.cubeOwner) == (2, 1) and not game.cubeOffered
    harness.click("moveLine5")  # the redouble offered
    assert (game.cubeValue, game.moveLine) == (2, 5) and "doubles to 4" in game.status
    assert game.cubeOffered  # the cube offered at 4, as the game showed it (it sat at 2)
    # the taker's card is lit: Ann answers (the doubler's was: found by a tester)
    assert harness.item("playerCard0").property("active")
    assert not harness.item("playerCard1").property("active")
    # and says so, as in the game ("On roll" stood there: a tester)
    assert harness.item("turnNote0").property("text") == "Decides on the double"
    harness.click("moveLine6")  # the pass that ended the game: its points are on the score
    assert list(game.score) == [0, 2], list(game.score)  # the cube at 2 before the redouble


def test_earlier_games_of_a_match_are_in_the_history():
    from app.session import MatchSettings, Session

    session = Session(MatchSettings(match_length=3, cube=True), seed=5)
    session.start_game()
    session.opening()
    while session.phase not in ("game_over", "match_over"):
        if session.phase == "roll":
            session.resign(session.on_roll, 1)
            break
        turn = session.turn
        if turn.has_legal_move():
            for step in turn.plays[0].steps:
                turn.move_checker(step.src, step.dst)
        session.end_turn()
    session.start_game()
    session.opening()
    seen = moments(session.match)
    assert {m.game for m in seen} == {1, 2}
    assert [m.line for m in seen if m.game == 2 and m.line] == session.log
    resign = [m for m in seen if m.line.endswith("resigns 1")]
    assert len(resign) == 1 and resign[0].game == 1
    assert seen[-1].score == tuple(session.score)


def test_the_review_of_the_crawford_game_shows_it_without_a_cube():
    # the review said "Match to 3 points · Cube 1" and drew the cube where the game had none
    from app.match_view import review_state
    from app.session import MatchSettings, Session

    session = Session(MatchSettings(match_length=3, cube=True), seed=5)
    session.start_game()
    session.opening()
    session.resign(session.on_roll, 2)  # a gammon given up at the opening: 0-2 or 2-0
    session.start_game()
    session.opening()
    assert session.crawford_game
    seen = moments(session.match)
    lines = [(i, m.line) for i, m in enumerate(seen) if m.line]
    for index, moment in enumerate(seen):
        state = review_state(session, moment, (index, len(seen)), lines, index)
        assert state.crawfordGame == (moment.game == 2) == moment.crawford


def _start_board(position: Position) -> list[int]:
    from app.session import absolute_board

    return absolute_board(position, 0)


def test_a_resumed_game_shows_the_last_line_of_its_move_list(harness):
    """The game saved, the window opened again (at 800 x 600, where the list is short): the move
    list shows its last line, not its first, once the window is laid out."""
    harness.open(seed=3, size=(800, 600))
    game = harness.game
    game.newGame({"opponent": "human"})
    while len(game.moveList) < 24 and not game.gameOver.get("visible"):
        while game.legalSteps:
            harness.play_step(game.legalSteps[0])
        harness.confirm_if_done()
        if game.canRoll:
            harness.click("rollButton")
    lines = len(game.moveList)
    harness.close()
    harness.open(seed=3, size=(800, 600))
    harness.settle(100)
    assert len(harness.game.moveList) == lines  # the same game, resumed
    moves = harness.item("moveList")
    assert moves.property("contentHeight") > moves.height()  # longer than its view
    assert moves.property("atYEnd"), "the resumed move list shows its first lines"


@pytest.mark.parametrize("language", ["da", "nl"])
def test_where_the_history_stands_reads_on_one_line_at_1024x768(harness, language):
    from app import i18n

    harness.open(seed=11, size=(1024, 768))
    i18n.set_language(harness.w.app, harness.w.engine, language)
    try:
        game = harness.game
        game.newGame({"opponent": "human", "matchLength": 7})
        play_turns(harness, 9)
        harness.click("historyBackButton")
        harness.settle(50)
        label = harness.item("reviewLabel")
        assert game.reviewing and label.isVisible() and label.property("text")
        assert label.property("lineCount") == 1, label.property("text")
        assert label.width() >= label.property("contentWidth")
    finally:
        i18n.set_language(harness.w.app, harness.w.engine, "en")


def test_the_history_buttons_stay_in_place_while_stepping(harness):
    # they stood under the status, whose height changes from step to step: a second click on
    # the same spot missed the moved button
    harness.open(seed=12, size=(1024, 768))
    game = harness.game
    game.newGame({"opponent": "human", "matchLength": 0, "cube": True, "name0": "Ann"})
    play_turns(harness, 6)
    listed = harness.item("moveList")
    in_game = listed.height()
    back = harness.item("historyBackButton")
    places = set()
    for _ in range(8):
        harness.click("historyBackButton")
        harness.settle(20)
        assert game.reviewing
        places.add(round(back.mapToScene(back.boundingRect().topLeft()).y()))
        # a play in the status and the last play keeps its moves whole
        for name in ("statusLabel", "lastPlayLabel"):
            label = harness.window.findChild(QObject, name)
            text = label.property("text")
            assert text.count("/") == text.count("/\u2060"), text  # no break after a "/"
    assert len(places) == 1, places
    # the review's buttons take the place of the game's actions, not the move list's lines
    assert listed.height() >= in_game - 2, (listed.height(), in_game)
    # the review's two buttons share one text size, side by side or one under the other
    for size in ((1024, 768), (1280, 800), (1920, 1080)):
        harness.window.resize(*size)
        harness.settle(50)
        shown = [  # the size the buttons' texts are drawn at (a text too wide gets smaller)
            harness.item(name)
            .property("contentItem")
            .property("fontInfo")
            .property("pixelSize")
            .toInt()
            for name in ("leaveReviewButton", "reviewAnalyseButton")
        ]
        assert shown[0] == shown[1] >= 9, (size, shown)


def lines_cut_at(moves, edge: float) -> list:
    """The move list's lines that the edge at ``edge`` (in its content) cuts across."""
    return [
        item
        for item in moves.property("contentItem").childItems()
        if item.objectName().startswith("moveLine")
        and item.isVisible()
        and item.y() + 0.5 < edge < item.y() + item.height() - 0.5
    ]


def test_the_move_list_shows_no_half_line_at_its_top(harness):
    """A long game's list in a 1024 x 768 window: the line its top edge cuts (only its lower
    half showed, above the others) is not shown; every line in view is whole."""
    harness.open(seed=5, size=(1024, 768))
    game = harness.game
    game.newGame({"opponent": "human", "matchLength": 0})
    moves = harness.item("moveList")
    hidden = 0
    for _ in range(40):
        play_turns(harness, 1)
        harness.settle(20)
        if game.gameOver.get("visible") or moves.property("contentHeight") <= moves.height():
            continue
        cut = lines_cut_at(moves, moves.property("contentY"))
        hidden += len(cut)
        shown = [item.objectName() for item in cut if item.opacity() > 0]
        assert not shown, f"{shown} shown cut by the list's top edge"
    assert hidden, "no line was ever cut: the test saw nothing"


def test_the_move_list_shows_no_half_line_at_its_bottom_in_a_review(harness):
    """Stepping a long game's history from its start at 1024 x 768: the line the list's bottom
    edge cuts (the upper half of a later play showed under the others) is not shown."""
    harness.open(seed=5, size=(1024, 768))
    game = harness.game
    game.newGame({"opponent": "human", "matchLength": 0})
    moves = harness.item("moveList")
    for _ in range(30):
        play_turns(harness, 1)
        if game.gameOver.get("visible"):
            break
    harness.settle(20)
    harness.click("historyBackButton")
    harness.click("historyFirstButton")
    hidden = 0
    for _ in range(12):
        harness.settle(20)
        cut = lines_cut_at(moves, moves.property("contentY") + moves.height())
        hidden += len(cut)
        shown = [item.objectName() for item in cut if item.opacity() > 0]
        assert not shown, f"{shown} shown cut by the list's bottom edge"
        harness.click("historyForwardButton")
    assert hidden, "no line was ever cut: the test saw nothing"


def test_a_game_set_up_from_a_position_marks_no_line_at_its_first_moment(harness):
    # found by a tester: a game played on from the position editor, doubled, taken and rolled,
    # showed at its first moment (the position set up, the cube in the middle) the take in bold
    harness.open(seed=13)
    game = harness.game
    game.newGame({"opponent": "human", "matchLength": 0, "cube": True})
    harness.settle()
    harness.w.flow.show_position(Position.start(), 0, cube=True)
    harness.settle()
    harness.click("doubleButton")
    harness.click("takeButton")
    harness.click("rollButton")
    harness.settle()
    assert len(game.moveList) >= 2
    harness.click("historyFirstButton")
    assert game.reviewing and game.moveLine == -2
    assert (game.cubeValue, game.cubeOwner) == (1, -1)
    for item in harness.find_all("moveLine"):
        assert not qml_value(item, "font.bold"), item.property("text")
    harness.click("historyForwardButton")  # the double: its line, in bold
    assert game.moveLine == 0
