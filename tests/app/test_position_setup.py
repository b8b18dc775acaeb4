"""Positions and matches travel: Position and Match IDs copied and pasted with the keys and the
Edit menu, junk refused with the reason and the game kept, .mat files imported into the
history view and exported, and GNU Backgammon reading a match played in this window."""

from __future__ import annotations

import errno
import json
import os
import random
import re
import subprocess
from pathlib import Path

import pytest
from PySide6.QtCore import Q_ARG, QMetaObject, QObject, Qt, QUrl
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest

from app.file_dialogs import local_path
from app.parts import part_of
from app.position_setup import PositionSetup
from app.session import Session, absolute_board
from app.statistics import Statistics
from engine import Position, legal_plays
from engine.errors import MatFormatError
from engine.ids import exchanged_seats
from engine.mat import load_mat, loads_mat
from engine.match import GameState, Match
from engine.matchid import MatchIdFields
from tests.app.driver import layout_lines

pytestmark = [pytest.mark.gui, pytest.mark.timeout(120)]

DATA = Path(__file__).resolve().parents[1] / "data"
MAT_FILES = sorted(DATA.glob("*.mat"))
CTRL = Qt.KeyboardModifier.ControlModifier


def setup_part(harness) -> PositionSetup:
    return part_of(harness.w.engine, PositionSetup)


def popup(harness, name: str) -> QObject:
    found = harness.window.findChild(QObject, name)
    assert found is not None, name
    return found


def is_open(harness, name: str) -> bool:
    return bool(popup(harness, name).property("opened"))


def key(harness, which, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    QTest.keyClick(harness.window, which, modifiers)
    harness.settle(30)


def choose(harness, dialog: QObject, path: Path) -> None:
    """The player picks ``path`` in a file dialog (the platform's own dialog is not driven)."""
    dialog.setProperty("selectedFile", QUrl.fromLocalFile(str(path)))
    QMetaObject.invokeMethod(dialog, "accepted")
    QMetaObject.invokeMethod(dialog, "close")
    harness.settle(50)


def export_dialog(harness) -> QObject | None:
    """The export dialog now (made anew for each export), None before the first."""
    return harness.window.findChild(QObject, "positionTools").property("exportDialog")


def a_match_two_turns_in(harness) -> None:
    """A 3-point match between two players here, two turns played: one to export."""
    harness.open(seed=12)
    two_players(harness, matchLength=3)
    play_turns(harness, 2, random.Random(5))


def clipboard() -> str:
    return QGuiApplication.clipboard().text()


def play_turns(harness, turns: int, rng: random.Random) -> None:
    """Hot-seat turns by clicks: roll, each step, Done."""
    game = harness.game
    for _ in range(turns):
        if game.canRoll:
            harness.click("rollButton")
        while game.legalSteps:
            harness.play_step(rng.choice(game.legalSteps))
        harness.confirm_if_done()


def two_players(harness, **options) -> None:
    harness.game.newGame({"opponent": "human", **options})
    harness.settle()


def the_game(harness) -> tuple:
    """What must not change when something is refused: the board, the record, the status."""
    game = harness.game
    return list(game.board), list(game.session.match.history), game.status, game.onRoll


# -- copy -------------------------------------------------------------------------------------


def test_ctrl_c_copies_the_engines_ids_and_the_menu_each_one(harness):
    harness.open(seed=5)
    two_players(harness, matchLength=5, cube=True)
    play_turns(harness, 3, random.Random(1))
    match = harness.game.session.match
    key(harness, Qt.Key.Key_C, CTRL)
    # in GNU Backgammon's seats: the person is its user's player 1
    assert clipboard() == f"{match.position_id()}:{exchanged_seats(match.match_id())}"
    note = harness.item("setupNoteText")
    assert note.isVisible() and match.position_id() in note.property("text").replace("\u2060", "")
    # over the middle of the board, clear of the side panel's buttons and the point numbers
    # (at the window's foot it covered both: testers)
    from tests.app.test_layout import scene_rect

    shown, board = scene_rect(harness.item("setupNote")), scene_rect(harness.item("board"))
    assert board.contains(shown) and not shown.intersects(scene_rect(harness.item("sidePanel")))
    assert abs(shown.center().y() - board.center().y()) < board.height() / 4
    setup_part(harness).copyPositionId()
    assert clipboard() == match.position_id()
    setup_part(harness).copyMatchId()
    assert clipboard() == exchanged_seats(match.match_id())
    copied = MatchIdFields.decode(clipboard())
    assert copied.match_length == 5 and copied.player_on_roll == 1 - match.game.player_on_roll


def test_the_note_keeps_clear_of_the_end_of_a_games_card(harness):
    # "the match is saved in ..." covered the card's result and score (a tester)
    from app.parts import part_of
    from app.resignation import Resignations
    from tests.app.test_layout import scene_rect

    harness.open(seed=12, size=(1024, 768))
    two_players(harness, matchLength=5, cube=True)
    part_of(harness.w.engine, Resignations).resign(1)
    harness.settle(50)
    card = harness.item("gameOverCard")
    assert card.isVisible()
    key(harness, Qt.Key.Key_C, CTRL)
    harness.settle(30)
    shown, board = scene_rect(harness.item("setupNote")), scene_rect(harness.item("board"))
    assert harness.item("setupNote").isVisible() and board.contains(shown)
    assert not shown.intersects(scene_rect(card))


def test_a_files_name_and_an_id_pair_are_not_broken_at_a_line_end(harness, tmp_path):
    # "gnubg-match-7-point.mat" broke after a hyphen at the end of a line, an ID pair after its
    # colon or a "/" (a tester): wherever the whole fits on a line, it is on one
    from PySide6.QtGui import QFontMetricsF

    harness.open(seed=5, size=(1024, 768))
    two_players(harness, matchLength=5, cube=True)
    play_turns(harness, 3, random.Random(1))
    match = harness.game.session.match
    pair = f"{match.position_id()}:{exchanged_seats(match.match_id())}"
    key(harness, Qt.Key.Key_C, CTRL)
    note = harness.item("setupNoteText")
    name = "club-night-match-7-point.mat"
    (tmp_path / name).write_text("")
    setup_part(harness).importMat(QUrl.fromLocalFile(str(tmp_path / name)).toString())
    harness.settle(30)
    said = harness.item("refusalText")
    assert (
        said.property("text").replace("\u2060", "") == f"{name} is empty: there is no match in it."
    )
    for item, whole in ((note, pair), (said, name)):
        text, font = item.property("text"), item.property("font")
        fits = QFontMetricsF(font).horizontalAdvance(whole + " ") + 1
        widths = range(int(fits), int(fits) + 400, 3)
        for width in widths:
            lines = [line.replace("\u2060", "") for line in layout_lines(text, font, width)]
            assert any(whole in line for line in lines), (width, lines)


def test_copy_while_reviewing_gives_the_ids_of_the_moment_shown(harness):
    harness.open(seed=6)
    two_players(harness)
    play_turns(harness, 2, random.Random(2))
    session = harness.game.session
    key(harness, Qt.Key.Key_Home, CTRL)  # the first moment: after the opening roll
    assert harness.game.reviewing and harness.game.historyIndex == 0
    history = session.match.history
    assert [a["type"] for a in history[:2]] == ["new_game", "opening"]
    then = Match.replay(session.match.settings(), history[:2])
    key(harness, Qt.Key.Key_C, CTRL)
    assert clipboard() == f"{then.position_id()}:{exchanged_seats(then.match_id())}"
    assert then.position_id() == Position.start().position_id()


# -- paste ------------------------------------------------------------------------------------


def _states() -> list[tuple[str, str]]:
    """Pairs of IDs in states of every kind, made by the engine."""
    lines = (DATA / "gnubg-position-ids.jsonl").read_text().splitlines()
    positions = [Position.from_position_id(json.loads(line)["position_id"]) for line in lines]
    positions = [p for p in positions if not p.is_game_over()]

    def with_play(dice) -> Position:
        return next(p for p in positions if len(legal_plays(p, dice)) > 1)  # not forced

    return [
        # a money game, the cube owned, before the roll
        (positions[0].position_id(), MatchIdFields(cube=2, cube_owner=0).encode()),
        # a 7-point match, player 1 on roll with the dice to play, the cube at 4 on their side
        (
            with_play((5, 2)).position_id(),
            MatchIdFields(
                match_length=7,
                score=(3, 5),
                cube=4,
                cube_owner=1,
                player_on_roll=1,
                turn=1,
                dice=(5, 2),
            ).encode(),
        ),
        # the Crawford game of a 3-point match, doubles to play
        (
            with_play((6, 6)).position_id(),
            MatchIdFields(match_length=3, score=(2, 0), crawford=True, dice=(6, 6)).encode(),
        ),
        # a double to 4 offered by player 0: player 1 must take or pass
        (
            positions[3].position_id(),
            MatchIdFields(
                match_length=5, score=(1, 2), cube=2, cube_owner=0, turn=1, doubled=True
            ).encode(),
        ),
    ]


def test_a_question_asked_as_a_file_dialog_closes_keeps_its_ring(harness):
    # an import asks as its file dialog closes; the window came back after the question opened
    # and its answer in hand lost its ring (a tester)
    from PySide6.QtGui import QWindow

    harness.open(seed=7)
    two_players(harness)
    play_turns(harness, 1, random.Random(3))
    setup_part(harness).importMat(str(DATA / "gnubg-match-3-point-a.mat"))
    harness.settle(30)
    assert is_open(harness, "replaceDialog")
    keep = harness.item("keepGameButton")
    assert keep.hasActiveFocus() and keep.property("visualFocus")
    other = QWindow()  # the file dialog's window, closing
    other.resize(200, 100)
    other.show()
    other.requestActivate()
    harness.qtbot.waitUntil(lambda: QGuiApplication.focusWindow() is other, timeout=5000)
    other.close()
    harness.window.requestActivate()
    harness.qtbot.waitUntil(lambda: harness.window.isActive(), timeout=5000)
    harness.settle(30)
    assert keep.hasActiveFocus() and keep.property("visualFocus")
    harness.click("keepGameButton")


@pytest.mark.parametrize("index", range(4))
def test_ctrl_v_sets_up_exactly_the_pasted_position_and_match(harness, index):
    harness.open(seed=7)
    two_players(harness)
    play_turns(harness, 1, random.Random(3))  # a game in progress: the window asks first
    position_id, match_id = _states()[index]
    QGuiApplication.clipboard().setText(f"  {position_id}:{match_id}\n")
    key(harness, Qt.Key.Key_V, CTRL)
    assert is_open(harness, "replaceDialog")
    harness.click("replaceButton")
    harness.settle()
    # (the IDs in GNU Backgammon's seats: its user's player 1 is the person, player 0 here)
    game, fields = harness.game, MatchIdFields.decode(match_id).swapped()
    match = game.session.match
    assert (match.position_id(), match.match_id()) == (position_id, fields.encode())
    position = Position.from_position_id(position_id)
    assert list(game.board) == absolute_board(position, fields.player_on_roll)
    assert game.onRoll == fields.player_on_roll
    assert sorted(d["value"] for d in game.dice)[:2] == sorted(fields.dice) or not fields.dice[0]
    assert (game.cubeValue, game.cubeOwner) == (fields.cube, fields.cube_owner)
    assert (list(game.score), game.matchLength) == (list(fields.score), fields.match_length)
    assert game.crawfordGame == fields.crawford
    assert game.mustAnswerDouble == fields.doubled
    assert game.canRoll == (not fields.dice[0] and not fields.doubled)
    assert position_id in game.status
    assert f"{position_id}:\u200b{match_id}" in game.status  # a line may break at the colon
    # a pasted position is a game like any other: it goes on, and is saved
    if fields.doubled:
        harness.click("takeButton")
        assert game.cubeValue == 4 and game.cubeOwner == fields.turn == 0
    saved = Session.from_json((harness.data_dir / "game.json").read_text())
    assert saved.match.history == game.session.match.history


def test_enter_answers_the_replace_question_with_the_button_in_focus(harness):
    # Enter did nothing there (Qt Quick's buttons take only Space), even on a button in focus
    harness.open(seed=7)
    two_players(harness)
    play_turns(harness, 1, random.Random(3))
    live = harness.game.session.match.position_id()
    position_id, match_id = _states()[1]
    QGuiApplication.clipboard().setText(f"{position_id}:{match_id}")
    key(harness, Qt.Key.Key_V, CTRL)
    assert is_open(harness, "replaceDialog")
    # "Keep playing" is in hand at first, its ring in sight (found by a tester: Enter replaced
    # the game with nothing shown to say so)
    assert harness.item("keepGameButton").hasActiveFocus()
    key(harness, Qt.Key.Key_Return)  # "Keep playing", in focus
    assert not is_open(harness, "replaceDialog")
    assert harness.game.session.match.position_id() == live != position_id
    key(harness, Qt.Key.Key_V, CTRL)
    assert is_open(harness, "replaceDialog")
    harness.item("replaceButton").forceActiveFocus(Qt.FocusReason.TabFocusReason)
    key(harness, Qt.Key.Key_Return)  # "Replace", in focus
    assert not is_open(harness, "replaceDialog")
    assert harness.game.session.match.position_id() == position_id


def test_a_position_id_alone_sets_up_a_money_game_with_the_first_player_on_roll(harness):
    harness.open(seed=8)
    two_players(harness)
    position_id = _states()[1][0]
    QGuiApplication.clipboard().setText(f"Position ID: {position_id}")
    key(harness, Qt.Key.Key_V, CTRL)  # nothing played yet: no question
    assert not is_open(harness, "replaceDialog")
    game = harness.game
    assert game.session.match.position_id() == position_id and game.onRoll == 0
    assert game.matchLength == 0 and game.canRoll


def test_paste_against_the_computer_lets_it_play_on(harness):
    harness.open(seed=9)  # the new-game default: against the computer
    position_id, match_id = _states()[1]  # GNU Backgammon's player 1 to play 5-2
    # in its player 0's seat, the computer's here
    setup_part(harness).pasteText(f"{position_id}:{exchanged_seats(match_id)}")
    if is_open(harness, "replaceDialog"):
        harness.click("replaceButton")
    harness.wait_for_human()
    match = harness.game.session.match
    assert match.history[0]["type"] == "setup"
    assert match.game.turns[0][0] == 1 and match.game.turns[0][1] == (5, 2)
    assert harness.game.onRoll == 0 and harness.game.canRoll


def test_gnubgs_own_ids_put_its_user_on_roll_here_too(harness):
    # GNU Backgammon's user (its player 1) on roll with 3-1 in a 5-point match, pasted: the
    # computer took the person's seat and played the roll at once (a tester)
    harness.open(seed=9)
    setup_part(harness).pasteText("4HPwATDgc/ABMA:cImlAAAAAAAE")
    if is_open(harness, "replaceDialog"):
        harness.click("replaceButton")
    harness.settle(50)
    game = harness.game
    assert game.onRoll == 0 and game.humanToAct and game.matchLength == 5
    assert sorted(d["value"] for d in game.dice)[:2] == [1, 3] and game.legalSteps
    assert not game.session.match.game.turns  # nothing played for the person
    setup_part(harness).copyIds()
    assert clipboard() == "4HPwATDgc/ABMA:cImlAAAAAAAE"  # the same pair back


def test_a_position_pasted_over_an_imported_match_is_played_against_the_last_opponent(harness):
    # it was set up between the file's two players, as two people at this board (a tester)
    harness.open(seed=9)
    harness.game.newGame({"opponent": "expert"})
    harness.settle()
    setup_part(harness).importMat(str(MAT_FILES[0]))
    if is_open(harness, "replaceDialog"):
        harness.click("replaceButton")
    harness.settle()
    assert harness.game.session.source == "mat"
    setup_part(harness).pasteText(Position.start().position_id())
    if is_open(harness, "replaceDialog"):
        harness.click("replaceButton")
    harness.settle()
    settings = harness.game.session.settings
    assert harness.game.session.source == "" and settings.computer and settings.level == "expert"


def test_a_pasted_jacoby_rule_is_said_not_to_be_played(harness):
    # "4HPwATDgc/ABMA:cAkAAAAAAAAA" (a money game with Jacoby on, from GNU Backgammon) was set up
    # without the rule and without a word (seen by a tester)
    harness.open(seed=9)
    two_players(harness)
    setup_part(harness).pasteText("4HPwATDgc/ABMA:cAkAAAAAAAAA")
    if is_open(harness, "replaceDialog"):
        harness.click("replaceButton")
    harness.settle(30)
    assert "The Jacoby rule of the Match ID is not played here." in harness.game.status
    setup_part(harness).pasteText("4HPwATDgc/ABMA:" + MatchIdFields(match_length=0).encode())
    if is_open(harness, "replaceDialog"):
        harness.click("replaceButton")
    harness.settle(30)
    assert "Jacoby" not in harness.game.status
    # a match never plays it: nothing to say (a 5-point match's ID from GNU Backgammon carried
    # the bit, and the note spoke of a rule no match has: found by a tester)
    jacoby_match = MatchIdFields(match_length=5, score=(1, 2), jacoby=True).encode()
    setup_part(harness).pasteText("4HPwATDgc/ABMA:" + jacoby_match)
    if is_open(harness, "replaceDialog"):
        harness.click("replaceButton")
    harness.settle(30)
    assert "Set up from" in harness.game.status and "Jacoby" not in harness.game.status


JUNK = [
    ("", "nothing to paste"),
    ("hello, world", "“hello, world” holds no valid Position ID"),
    ("4HPwATDgc/ABM:cAkAAAAAAAAA", "a Position ID of 14 characters"),
    ("4HPwATDgc/ABMA:cAk", "“4HPwATDgc/ABMA:cAk” holds no valid Match ID"),
    ("////////////////", "“////////////////” is 16 characters long: a Position ID has 14"),
    ("4HPwATDgc/ABM", "is 13 characters long"),  # a character short (found by a tester)
    # a Match ID alone: said so (it was counted two characters short of a Position ID: a
    # teacher)
    ("AgGgACAACAAE", "“AgGgACAACAAE” is a Match ID: paste it with its Position ID"),
    ("  Match ID   : cAmgAAAAAAAE", "“cAmgAAAAAAAE” is a Match ID"),  # GNU Backgammon's line
    # 14 characters, too many checkers: said why (it said only "no valid Position ID": found
    # by a tester)
    ("//////////////", "more than 15 checkers on a side"),
    # the score reaches the match length: the IDs copied at a match's end say it is over
    ("4HPwATDgc/ABMA:" + MatchIdFields(match_length=3, score=(3, 0)).encode(), "match is over"),
    # a finished game: one side has no checker left
    (Position.from_text("x 6:2").position_id() + ":cAkAAAAAAAAA", "finished"),
    # a Crawford game away from the match point
    ("4HPwATDgc/ABMA:" + MatchIdFields(match_length=5, crawford=True).encode(), "Crawford"),
    # each side closed out by the other: the turn passed for ever (found by a tester)
    ("27YBAHDbtgEAcA", "Neither player could ever move"),
]


def test_junk_is_refused_with_a_reason_and_the_game_stays(harness):
    harness.open(seed=10)
    two_players(harness, matchLength=3, cube=True)
    play_turns(harness, 2, random.Random(4))
    before = the_game(harness)
    refusal = popup(harness, "refusalDialog")
    for text, words in JUNK:
        QGuiApplication.clipboard().setText(text)
        key(harness, Qt.Key.Key_V, CTRL)
        assert is_open(harness, "refusalDialog"), text
        said = harness.item("refusalText").property("text")
        assert words.lower() in said.lower(), (text, said)
        assert not is_open(harness, "replaceDialog")
        refusal.close()
        harness.settle(30)
        assert the_game(harness) == before
    # a good pair, but the player keeps the game
    QGuiApplication.clipboard().setText(_states()[0][0] + ":" + _states()[0][1])
    key(harness, Qt.Key.Key_V, CTRL)
    assert is_open(harness, "replaceDialog")
    harness.click("keepGameButton")
    harness.settle(30)
    assert the_game(harness) == before and setup_part(harness).pending == ""
    key(harness, Qt.Key.Key_V, CTRL)
    assert is_open(harness, "replaceDialog")
    key(harness, Qt.Key.Key_Escape)  # Esc keeps the game too
    assert not is_open(harness, "replaceDialog")
    assert the_game(harness) == before and setup_part(harness).pending == ""
    QGuiApplication.clipboard().setText("junk")
    key(harness, Qt.Key.Key_V, CTRL)
    key(harness, Qt.Key.Key_Return)  # Enter closes the message
    assert not is_open(harness, "refusalDialog")


def test_ctrl_v_in_a_text_field_pastes_the_text_there(harness):
    harness.open(seed=11)
    two_players(harness)
    before = the_game(harness)
    dialog = popup(harness, "newGameDialog")
    dialog.open()
    harness.settle(50)
    field = harness.item("name0Field")
    harness.click_item(field)
    QGuiApplication.clipboard().setText("Ann")
    key(harness, Qt.Key.Key_V, CTRL)
    assert field.property("text") == "Ann"
    QTest.keyClick(harness.window, Qt.Key.Key_A, CTRL)
    key(harness, Qt.Key.Key_C, CTRL)
    assert clipboard() == "Ann"  # the field's own copy, not the IDs
    assert not is_open(harness, "refusalDialog") and not is_open(harness, "replaceDialog")
    dialog.close()
    harness.settle(30)
    assert the_game(harness) == before


# -- .mat files in and out --------------------------------------------------------------------


def _comparable(history: list[dict]) -> list[dict]:
    """A history without what .mat does not keep: which die of a roll fell first."""
    return [dict(a, dice=sorted(a["dice"])) if a["type"] == "roll" else a for a in history]


def test_the_match_played_here_exports_through_the_dialog_and_reads_back(harness, tmp_path):
    harness.open(seed=12)
    two_players(harness, matchLength=3, cube=True, name0="Ann Lee", name1="Bo")
    play_turns(harness, 6, random.Random(5))
    if harness.game.canDouble:
        harness.click("doubleButton")
        harness.click("takeButton")
    key(harness, Qt.Key.Key_S, CTRL)
    dialog = export_dialog(harness)
    assert dialog.property("visible")
    suggested = QUrl(dialog.property("selectedFile")).fileName()
    assert suggested.startswith("Ann_Lee-Bo-") and suggested.endswith(".mat")
    QMetaObject.invokeMethod(dialog, "close")
    harness.settle(30)
    # a folder that does not exist is said, not made
    missing = tmp_path / "no such folder" / "played.mat"
    assert not setup_part(harness).exportMat(str(missing))
    assert is_open(harness, "refusalDialog")
    assert "does not exist" in harness.item("refusalText").property("text")
    assert not missing.parent.exists()
    popup(harness, "refusalDialog").close()
    harness.settle(30)
    # each export has a dialog of its own (Qt's kept a name typed into the last one)
    key(harness, Qt.Key.Key_S, CTRL)
    assert export_dialog(harness) is not dialog
    dialog = export_dialog(harness)
    target = tmp_path / "out" / "played.mat"
    target.parent.mkdir()
    choose(harness, dialog, target)
    assert target.exists()
    mask = os.umask(0)
    os.umask(mask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~mask  # a document like the user's others
    match = harness.game.session.match
    again = load_mat(target)
    assert again.players == ("Ann Lee", "Bo") and again.length == 3
    assert _comparable(again.history) == _comparable(match.history)
    assert "played.mat" in harness.item("setupNoteText").property("text")


def test_a_folder_typed_as_the_name_opens_the_export_dialog_in_it(harness, tmp_path):
    """As a desktop's dialog goes into a folder typed as the name: Qt Quick's own took it for
    a file's name, and the refusal closed the export (found by a tester)."""
    a_match_two_turns_in(harness)
    home, inside = tmp_path / "home", tmp_path / "elsewhere"
    home.mkdir()
    inside.mkdir()
    key(harness, Qt.Key.Key_S, CTRL)
    dialog = export_dialog(harness)
    dialog.setProperty("currentFolder", QUrl.fromLocalFile(str(home)))
    # "/tmp/.../elsewhere" typed: Qt's dialog joins it to its folder and adds the extension
    dialog.setProperty("selectedFile", QUrl.fromLocalFile(str(home) + str(inside) + ".mat"))
    QMetaObject.invokeMethod(dialog, "accepted")
    QMetaObject.invokeMethod(dialog, "close")
    harness.settle(50)
    again = export_dialog(harness)  # (the same dialog, open again)
    assert again.property("visible")
    assert again.property("currentFolder") == QUrl.fromLocalFile(str(inside))
    assert QUrl(again.property("selectedFile")).fileName() == setup_part(harness).exportName()
    assert not is_open(harness, "refusalDialog") and list(tmp_path.rglob("*.mat")) == []
    choose(harness, again, inside / "here.mat")  # a name given there: written there
    assert (inside / "here.mat").exists()


def test_a_set_up_position_is_not_exported_and_says_why(harness, tmp_path):
    harness.open(seed=13)
    two_players(harness)
    setup_part(harness).pasteText(_states()[0][0])
    key(harness, Qt.Key.Key_S, CTRL)  # said at once, before a file is chosen
    assert is_open(harness, "refusalDialog") and export_dialog(harness) is None
    assert "set-up position" in harness.item("refusalText").property("text")
    popup(harness, "refusalDialog").close()
    assert not setup_part(harness).exportMat(str(tmp_path / "x.mat"))
    assert is_open(harness, "refusalDialog")
    assert not (tmp_path / "x.mat").exists()


@pytest.mark.parametrize("path", MAT_FILES, ids=lambda p: p.name)
def test_an_imported_match_opens_in_the_history_view(harness, path):
    harness.open(seed=14)
    two_players(harness)
    play_turns(harness, 1, random.Random(6))
    statistics = part_of(harness.w.engine, Statistics)
    counted = statistics.count
    key(harness, Qt.Key.Key_O, CTRL)
    dialog = popup(harness, "importDialog")
    assert dialog.property("visible")
    choose(harness, dialog, path)
    assert is_open(harness, "replaceDialog")  # the game in progress is not dropped unasked
    harness.click("replaceButton")
    harness.settle()
    game = harness.game
    expected = load_mat(path)
    session = game.session
    assert session.match.history == expected.history and session.source == "mat"
    assert list(game.names) == list(expected.players)
    assert game.reviewing and game.historyIndex == 0 and "Game 1" in game.reviewText
    assert list(game.board) == absolute_board(Position.start(), 0)
    assert game.moveList  # the first game's moves are listed
    key(harness, Qt.Key.Key_End, CTRL)
    assert game.historyIndex == game.historyCount - 1
    key(harness, Qt.Key.Key_Escape)
    assert not game.reviewing and game.gameOver["visible"] and game.gameOver["matchOver"]
    assert list(game.score) == [min(s, expected.length) for s in expected.points_won()]
    games = len(expected.games)
    said = f"{games} game" + ("s" if games > 1 else "")
    assert game.status == f"Read {path.name}: {said}, {game.score[0]}-{game.score[1]}."
    assert statistics.count == counted  # a match read from a file is not a game played here
    # saved and read again at the next start, still known as read from a file
    saved = Session.from_json((harness.data_dir / "game.json").read_text())
    assert saved.source == "mat" and saved.match.history == expected.history


def test_a_bad_match_file_is_refused_naming_its_line_and_the_game_stays(harness, tmp_path):
    harness.open(seed=15)
    two_players(harness)
    play_turns(harness, 2, random.Random(7))
    before = the_game(harness)
    lines = (DATA / "gnubg-match-3-point-a.mat").read_text().splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith("  2) "))
    lines[row] = "  2) 52: 13/8 24/21              63: 8/5 11/5"
    bad = tmp_path / "bad.mat"
    bad.write_text("\n".join(lines) + "\n")
    cases = [
        (bad, f"bad.mat could not be read: line {row + 1}: "),
        (tmp_path / "missing.mat", "missing.mat could not be opened"),
        (tmp_path, "could not be opened"),
    ]
    huge = tmp_path / "huge.mat"
    huge.write_bytes(b" " * (5 * 1024 * 1024))
    cases.append((huge, "too large"))
    # broken off in a move: said (it was named only by the part of the move it ended in)
    whole = (DATA / "gnubg-match-3-point-a.mat").read_text()
    cut = tmp_path / "cut.mat"
    cut.write_text(whole[: whole.index("/", len(whole) // 2)])
    cases.append((cut, "The file ends in the middle of that line: it may have been cut short."))
    # empty, or blank: said so (it was said to have no "N point match" line: a teacher)
    for name, text in (("empty.mat", ""), ("blank.mat", "\n  \n")):
        (tmp_path / name).write_text(text)
        cases.append((tmp_path / name, f"{name} is empty: there is no match in it."))
    for path, words in cases:
        setup_part(harness).importMat(QUrl.fromLocalFile(str(path)).toString())
        harness.settle(30)
        assert is_open(harness, "refusalDialog")
        assert words in harness.item("refusalText").property("text")
        popup(harness, "refusalDialog").close()
        harness.settle(30)
        assert the_game(harness) == before


def test_a_match_file_that_stops_during_a_game_says_so(harness, tmp_path):
    """A file cut after a game's number read as one game, 0-0, and play went on with an
    opening roll the file did not have, without a word (seen by a tester)."""
    harness.open(seed=15)
    text = (DATA / "gnubg-match-3-point-a.mat").read_text()
    cut = tmp_path / "cut.mat"
    cut.write_text(text[: text.index("  1) ") + len("  1)")])
    setup_part(harness).importMat(QUrl.fromLocalFile(str(cut)).toString())
    harness.settle(30)
    if is_open(harness, "replaceDialog"):
        harness.click("replaceButton")
        harness.settle()
    # said at once, over the review the match opens in (whose status tells its first moment:
    # a tester saw the warning only back in the game)
    assert harness.game.reviewing
    said = harness.item("noticeText").property("text")
    assert said.startswith("Read cut.mat: 1 game, 0-0."), said
    assert "The file stops during game 1: it goes on from there." in said
    key(harness, Qt.Key.Key_Escape)  # the notice goes
    harness.settle()
    assert harness.hidden("noticeDialog") and harness.game.reviewing
    key(harness, Qt.Key.Key_Escape)  # out of the review
    status = harness.game.status
    assert status.startswith("Read cut.mat: 1 game, 0-0."), status
    assert "The file stops during game 1: it goes on from there." in status


def test_the_edit_menu_names_the_keys(harness):
    harness.open(seed=16)
    bar = next(
        i
        for i in harness.items()
        if "MenuBarItem" in i.metaObject().className() and i.property("text") == "&Edit"
    )
    harness.click_item(bar)
    harness.settle(50)
    shown = {
        i.property("text"): i.property("keys")
        for i in harness.items()
        if i.isVisible() and i.inherits("QQuickMenuItem")
    }
    assert shown["&Copy Position and Match ID"] == "Ctrl+C"
    assert shown["&Paste Position and Match ID"] == "Ctrl+V"
    assert shown["&Edit position…"] == "Ctrl+E"
    assert shown["&Import match (.mat)…"] == "Ctrl+O"
    assert shown["E&xport match (.mat)…"] == "Ctrl+S"
    assert {"Copy P&osition ID", "Copy &Match ID"} <= set(shown)
    key(harness, Qt.Key.Key_Escape)


# -- GNU Backgammon reads a match played in this window ---------------------------------------

SCRIPT = Path(__file__).resolve().parents[1] / "engine" / "gnubg_mat_actions.py"


def play_a_match_against_the_computer(harness, rng: random.Random) -> None:
    """A 3-point match with the cube: the person rolls with R, clicks each step, doubles now and
    then, takes or passes the computer's doubles; the computer (Easy) uses the cube itself."""
    game = harness.game
    for _ in range(5000):
        harness.wait_for_human(60000)
        over = game.gameOver
        if over.get("visible"):
            if over.get("matchOver"):
                return
            harness.click("nextGameButton")
        elif game.mustAnswerDouble:
            harness.click("takeButton" if rng.random() < 0.6 else "passButton")
        elif game.canDouble and rng.random() < 0.15:
            harness.click("doubleButton")
        elif game.canRoll:
            key(harness, Qt.Key.Key_R)
        elif game.legalSteps:
            harness.play_step(rng.choice(game.legalSteps))
        elif game.canConfirm:
            harness.click("confirmButton")
        else:
            harness.settle(20)
    raise AssertionError("the match did not end")


def expected_actions(match: Match) -> list[dict]:
    """Per game, what GNU Backgammon should read: each roll (player, dice, the Position ID the
    mover saw before it), each cube action and resignation, the winner and the points."""
    copy = Match(match.length, cube=match.cube_enabled, crawford=match.crawford_enabled, seed=0)
    games: list[dict] = []
    for action in match.history:
        kind = action["type"]
        game = copy.game
        before = game.position.position_id() if game is not None else ""
        player = game.player_on_roll if game is not None else 0
        copy.apply(action)
        game = copy.game
        if kind == "new_game":
            games.append({"actions": []})
            continue
        actions = games[-1]["actions"]
        mark = "XO"
        if kind == "play":
            mover, dice, _play = game.turns[-1]
            actions.append([mark[mover], "move", sorted(dice), before])
        elif kind == "roll" and game.state is not GameState.AWAITING_PLAY:
            mover, dice, _play = game.turns[-1]  # no legal play: the turn passed at once
            actions.append([mark[mover], "move", sorted(dice), before])
        elif kind in ("double", "take", "drop"):
            who = player if kind == "double" else 1 - player
            actions.append([mark[who], kind, [], None])
        elif kind == "resign":
            actions.append([mark[action["player"]], "resign", [], None])
        if game.result is not None:
            games[-1]["winner"] = mark[game.result.winner]
            games[-1]["points"] = game.result.points
    return games


@pytest.mark.gnubg
@pytest.mark.timeout(900)
def test_gnubg_reads_a_match_played_in_the_window_with_the_same_moves_cube_and_score(
    harness, tmp_path, gnubg_path
):
    harness.open(seed=41)
    harness.game.newGame({"opponent": "easy", "matchLength": 3, "cube": True, "name0": "Ann"})
    play_a_match_against_the_computer(harness, random.Random(8))
    match = harness.game.session.match
    kinds = {a["type"] for a in match.history}
    assert {"double", "take"} <= kinds, kinds  # the cube was used
    out = tmp_path / "window.mat"
    assert setup_part(harness).exportMat(str(out))
    env = dict(os.environ, MAT_FILES=str(out), HOME=str(tmp_path))
    done = subprocess.run(
        [gnubg_path, "-t", "-q", "-p", str(SCRIPT)],
        capture_output=True,
        env=env,
        cwd=tmp_path,
        timeout=300,
    )
    lines = [
        x for x in done.stdout.decode("utf-8", "replace").splitlines() if x.startswith("ACTIONS ")
    ]
    assert lines, done.stderr.decode("utf-8", "replace")[-2000:]
    theirs = json.loads(lines[0][8:])
    ours = expected_actions(match)
    assert len(theirs["games"]) == len(ours) == len(match.games)
    for number, (gnubg_game, game) in enumerate(zip(theirs["games"], ours, strict=True), 1):
        seen = [[p, a, d, b if a == "move" else None] for p, a, d, b in gnubg_game["actions"]]
        assert seen == game["actions"], f"game {number}"
        assert (gnubg_game["winner"], gnubg_game["points"]) == (game["winner"], game["points"])
    final = MatchIdFields.decode(theirs["match_id"])
    assert final.score == match.points_won() and final.match_length == 3


def test_the_expected_actions_of_gnubgs_own_file_are_what_gnubg_read():
    """The expectation above, checked without gnubg on a file whose reading by gnubg is known:
    every move of the first game, by the board before it."""
    match = load_mat(DATA / "gnubg-match-3-point-a.mat")
    games = expected_actions(match)
    first = games[0]["actions"]
    assert first[0] == ["O", "move", [1, 2], "4HPwATDgc/ABMA"]
    assert first[1] == ["X", "move", [2, 5], "4HPkASjgc/ABMA"]
    assert first[-2:] == [["X", "double", [], None], ["O", "drop", [], None]]
    assert (games[0]["winner"], games[0]["points"]) == ("X", 1)


def test_a_refusal_of_pasted_ids_is_said_all_in_the_windows_language(qapp):
    from app import i18n
    from app.position_setup import paste_refusal
    from engine import EngineError
    from engine.ids import read_ids
    from engine.match import Match

    def refusal(text: str) -> str:
        try:
            position_id, match_id = read_ids(text)
            Match.from_ids(position_id, match_id or "cAkAAAAAAAAA", seed=1, cube=True)
        except EngineError as exc:
            return paste_refusal(exc, text).render(["A", "B"])
        raise AssertionError(f"{text!r} was not refused")

    crawford = "4HPwATDgc/ABMA:" + MatchIdFields(match_length=5, crawford=True).encode()
    try:
        for code, words in (
            ("da", ("indeholder intet gyldigt Positions-ID", "Crawford-spil")),
            ("nl", ("bevat geen bruikbare Positie-ID", "Crawford-spel")),
        ):
            i18n.set_language(qapp, None, code)
            for text, expected in zip(("hello", crawford), words, strict=True):
                said = refusal(text)
                assert expected in said, said
                if code == "nl":  # the Dutch write no capital after a colon: a full stop
                    assert not re.search(r": [A-Z]", said), said
                assert " is not " not in said and "Cannot" not in said, said
    finally:
        i18n.set_language(qapp, None, "en")


def test_a_pasted_redouble_beyond_the_cubes_top_is_said_as_such(qapp):
    # found by a tester: GNU Backgammon's ID of a redouble at 64 was refused with "The cube goes
    # up to 64." alone, and the tester looked for a cube above 64 in it
    from app.position_setup import paste_refusal
    from engine import EngineError
    from engine.ids import read_ids
    from engine.match import Match

    text = "ABwPeA8AH8A/YA:BhkgAuAAcAAE"
    with pytest.raises(EngineError) as raised:
        Match.from_ids(*read_ids(text), seed=1, cube=True)
    said = paste_refusal(raised.value, text).render(["A", "B"])
    assert "The cube goes up to 64: the double shown would take it to 128." in said, said


def test_a_full_path_typed_as_the_file_name_is_written_where_it_says(harness, tmp_path):
    # Qt Quick's own file dialog joins a full path typed as the name to its folder
    a_match_two_turns_in(harness)
    home, target = tmp_path / "home", tmp_path / "elsewhere" / "typed.mat"
    home.mkdir()
    target.parent.mkdir()
    joined = QUrl.fromLocalFile(str(home) + str(target)).toString()
    folder = QUrl.fromLocalFile(str(home)).toString()
    assert setup_part(harness).exportMatFrom(joined, folder)
    assert target.exists() and not (home / target.relative_to("/")).exists()
    assert load_mat(target).length == 3
    # a folder that exists neither way is refused, and nothing is made
    nowhere = QUrl.fromLocalFile(str(home) + str(tmp_path / "none" / "x.mat")).toString()
    assert not setup_part(harness).exportMatFrom(nowhere, folder)
    assert not (tmp_path / "none").exists() and not (home / "tmp").exists()
    said = setup_part(harness).property("message")
    assert f"The folder {tmp_path / 'none'} does not exist" in said, said  # the folder typed
    popup(harness, "refusalDialog").close()
    # the dialog asked about the joined path: a typed file that exists is not written over
    target.write_text("kept")
    assert not setup_part(harness).exportMatFrom(joined, folder)
    assert target.read_text() == "kept"
    assert "already exists" in setup_part(harness).property("message")
    popup(harness, "refusalDialog").close()
    # a folder typed as the name: refused, not written beside it as "elsewhere.mat"
    typed = QUrl.fromLocalFile(str(home) + str(target.parent) + ".mat").toString()
    assert not setup_part(harness).exportMatFrom(typed, folder)
    assert "is a folder" in setup_part(harness).property("message")
    assert not target.parent.with_suffix(".mat").exists()


def _damaged_mat_errors(count: int) -> dict[tuple[str, str], MatFormatError]:
    """One error of each kind (problem, rule) met in ``count`` damaged copies of real files."""
    texts = [path.read_text() for path in sorted(DATA.glob("*.mat"))]
    pieces = ["Doubles => 2", "Takes", "Wins 2 points", "Game 3", " 63: 24/18 13/10", "6/0", "99"]
    rng = random.Random(5)
    found: dict[tuple[str, str], MatFormatError] = {}
    for _ in range(count):
        text = rng.choice(texts)
        at = rng.randrange(len(text))
        how = rng.randrange(3)
        if how == 0:
            text = text[:at] + rng.choice(pieces) + text[at:]
        elif how == 1:
            text = text[:at] + text[at + rng.randrange(1, 40) :]
        else:
            text = text[:at] + str(rng.randrange(99)) + text[at + 1 :]
        try:
            loads_mat(text)
        except MatFormatError as exc:
            found.setdefault((exc.reason, exc.rule), exc)
    return found


def test_a_damaged_match_file_is_refused_all_in_the_windows_language(qapp):
    from app import i18n
    from app.file_texts import mat_refusal

    errors = _damaged_mat_errors(800)
    assert len(errors) >= 12, sorted(errors)
    try:
        for code, prefix in (("da", "kunne ikke læses: linje"), ("nl", "kon niet worden gelezen")):
            i18n.set_language(qapp, None, code)
            for exc in errors.values():
                said = mat_refusal("x.mat", exc).render(["A", "B"])
                assert said.startswith(f"x.mat {prefix}"), said
                # the engine's English sentence is not in it, nor the rule's
                assert exc.detail not in said, said
                assert " cannot " not in said and " the " not in said, said
                if code == "nl":  # the Dutch write no capital after a colon: a full stop
                    assert not re.search(r": [A-Z]", said), said
                assert "'" not in said.replace("game's", ""), said  # the file's text: “...”
    finally:
        i18n.set_language(qapp, None, "en")


def test_the_systems_faults_are_said_in_the_windows_language(qapp, tmp_path):
    from app import i18n
    from app.file_texts import os_problem

    faults = []
    for target in (tmp_path / "missing.mat", tmp_path):
        try:
            target.read_bytes()
        except OSError as exc:
            faults.append(exc)
    try:
        i18n.set_language(qapp, None, "da")
        said = [os_problem(exc).render([]) for exc in faults]
        assert said == ["Filen eller mappen findes ikke.", "Det er en mappe, ikke en fil."]
        strange = OSError(errno.EIO, "Input/output error")
        assert os_problem(strange).render([]) == "Systemet siger: Input/output error"
    finally:
        i18n.set_language(qapp, None, "en")


def test_qts_own_save_dialog_shows_the_proposed_name_and_saves_on_enter(harness, tmp_path):
    # offscreen there is no desktop dialog: Qt shows its own, which left the name field empty
    # (it selects no file that does not exist yet) and did nothing on Enter
    from app.file_dialogs import shown_name_field

    a_match_two_turns_in(harness)
    key(harness, Qt.Key.Key_S, CTRL)
    field = shown_name_field()
    assert field is not None
    proposed = setup_part(harness).exportName()
    assert field.property("text") == proposed and proposed.endswith(".mat")
    assert field.property("selectedText") == proposed.removesuffix(".mat")  # typed over at once
    target = tmp_path / "entered.mat"
    field.setProperty("text", str(target))  # a full path typed as the name
    QMetaObject.invokeMethod(field, "textEdited")
    enter_in(field)
    assert shown_name_field() is None  # the dialog closed
    assert target.exists(), setup_part(harness).property("message")
    assert load_mat(target).length == 3
    # the next export proposes the name again, over what was typed
    harness.window.requestActivate()
    QTest.qWaitForWindowActive(harness.window)
    key(harness, Qt.Key.Key_S, CTRL)
    field = shown_name_field()
    assert field.property("text") == setup_part(harness).exportName()
    # a file that exists: Enter asks first (the dialog's own question), Enter answers Yes
    target.write_text("to be replaced")
    assert local_path(setup_part(harness).folder()) == tmp_path  # opened where it wrote
    field.setProperty("text", target.name)
    QMetaObject.invokeMethod(field, "textEdited")
    enter_in(field)
    assert target.read_text() == "to be replaced"
    assert shown_name_field() is not None
    QTest.keyClick(field.window(), Qt.Key.Key_Return)
    harness.settle(100)
    assert shown_name_field() is None and load_mat(target).length == 3
    # and Escape answers No there: nothing is written over, the dialog stays for another name
    target.write_text("to be kept")
    key(harness, Qt.Key.Key_S, CTRL)
    field = shown_name_field()
    field.setProperty("text", target.name)
    QMetaObject.invokeMethod(field, "textEdited")
    enter_in(field)
    QTest.keyClick(field.window(), Qt.Key.Key_Escape)
    harness.settle(100)
    assert target.read_text() == "to be kept"


def test_a_folder_highlighted_in_qts_own_save_dialog_is_gone_into_and_the_name_saved_there(
    harness, tmp_path
):
    # Save with a folder highlighted went into it, the name still shown, and left Save greyed
    # out: nothing could be saved there until the name was typed again (found by a tester)
    from app.file_dialogs import save_button, shown_name_field

    (tmp_path / "club").mkdir()
    a_match_two_turns_in(harness)
    key(harness, Qt.Key.Key_S, CTRL)
    dialog = export_dialog(harness)
    dialog.close()
    harness.settle(50)
    QMetaObject.invokeMethod(
        dialog, "openIn", Q_ARG(str, QUrl.fromLocalFile(str(tmp_path)).toString())
    )
    harness.settle(100)
    field = shown_name_field()
    window, save = field.window(), save_button(field)
    folder = _wait_for_item(field, "club")
    window.requestActivate()
    QTest.qWaitForWindowActive(window)
    click_item(window, folder)  # highlighted
    click_item(window, save)
    assert dialog.property("visible") and field.property("text") == setup_part(harness).exportName()
    assert dialog.property("currentFolder") == QUrl.fromLocalFile(str(tmp_path / "club"))
    assert save.property("enabled")
    click_item(window, save)
    assert not dialog.property("visible")
    proposed = setup_part(harness).exportName()
    assert load_mat(tmp_path / "club" / proposed).length == 3
    # a folder's name typed and Enter: into it, the proposed name back in the field (the
    # folder's name stayed there, and the next Enter saved "sub/sub.mat": a tester)
    (tmp_path / "club" / "sub").mkdir()
    key(harness, Qt.Key.Key_S, CTRL)
    field = shown_name_field()
    field.setProperty("text", "sub")
    QMetaObject.invokeMethod(field, "textEdited")
    enter_in(field)
    dialog = export_dialog(harness)
    assert dialog.property("visible")
    assert (
        local_path(QUrl(dialog.property("currentFolder")).toString()) == tmp_path / "club" / "sub"
    )
    field = shown_name_field()
    assert field.property("text") == proposed
    assert field.property("selectedText") == proposed.removesuffix(".mat")
    # with the keys still in the field: Enter saves there (they had gone, and Enter did nothing)
    window = field.window()
    harness.settle(300)  # the folder read
    assert field.hasActiveFocus()
    QTest.keyClick(window, Qt.Key.Key_Return)
    QTest.qWait(100)
    assert not dialog.property("visible")
    assert load_mat(tmp_path / "club" / "sub" / proposed).length == 3
    # opened again where a file of the proposed name is: the keys in the name field, not on
    # the file's row of the list (Enter then chose the row, and asked to write over it)
    harness.window.requestActivate()
    QTest.qWaitForWindowActive(harness.window)
    key(harness, Qt.Key.Key_S, CTRL)
    field = shown_name_field()
    field.window().requestActivate()
    QTest.qWaitForWindowActive(field.window())
    harness.settle(300)
    assert field.hasActiveFocus() and field.property("text") == proposed


def test_qts_own_open_dialog_takes_a_typed_name_or_folder(harness, tmp_path):
    # Qt's own open dialog had no field for a name: a path could not be typed (found by a
    # tester); now the save dialog's name field is there, Enter opens what it names
    from app.file_dialogs import open_button, shown_name_field

    folder = tmp_path / "club"
    folder.mkdir()
    match_file = folder / "final.mat"
    match_file.write_bytes(MAT_FILES[0].read_bytes())
    harness.open(seed=14)
    part = setup_part(harness)
    part._remember_folder(tmp_path)
    key(harness, Qt.Key.Key_O, CTRL)
    dialog = popup(harness, "importDialog")
    field = shown_name_field()
    assert field is not None and field.property("text") == ""
    siblings = field.parentItem().childItems()
    assert siblings[siblings.index(field) - 1].property("text") == "File name"
    assert siblings[siblings.index(field) - 1].isVisible()
    window, button = field.window(), open_button(field)
    window.requestActivate()
    QTest.qWaitForWindowActive(window)
    assert field.hasActiveFocus()  # typed into at once
    type_in(window, "nothing.mat")  # nothing of that name: Open greyed, Enter stays
    assert not button.property("enabled")
    QTest.keyClick(window, Qt.Key.Key_Return)
    assert dialog.property("visible") and field.property("selectedText") == "nothing.mat"
    type_in(window, "club")  # a folder: Enter goes into it, the field empty again
    assert button.property("enabled")
    QTest.keyClick(window, Qt.Key.Key_Return)
    harness.settle(50)
    assert dialog.property("visible") and field.property("text") == ""
    assert dialog.property("currentFolder") == QUrl.fromLocalFile(str(folder))
    harness.settle(300)  # the folder read: the keys stay in the field
    assert field.hasActiveFocus()
    type_in(window, "final.mat")  # a file: Enter opens it
    QTest.keyClick(window, Qt.Key.Key_Return)
    harness.settle()
    assert not dialog.property("visible")
    assert harness.game.session.source == "mat", part.property("message")
    assert harness.game.session.match.history == load_mat(match_file).history
    # a path from the root, typed over what the list chose, and left by a click on Open; the
    # keys in the field again as the dialog opens again (they were on the list's row)
    key(harness, Qt.Key.Key_O, CTRL)
    field = shown_name_field()
    window.requestActivate()
    QTest.qWaitForWindowActive(window)
    harness.settle(300)
    assert field.hasActiveFocus()
    type_in(window, str(MAT_FILES[-1]))
    click_item(window, open_button(field))
    harness.settle()
    assert not dialog.property("visible")
    assert harness.game.session.match.history == load_mat(MAT_FILES[-1]).history, part.property(
        "message"
    )


def type_in(window, text: str) -> None:
    for char in text:
        QTest.keyClick(window, char)


def _wait_for_item(field, name: str):
    """The entry ``name`` in the list of the dialog that shows ``field``, once it is read."""
    root = field.window().contentItem()
    for _ in range(60):
        found = [i for i in _all_items(root) if i.property("fileName") == name]
        if found:
            return found[0]
        QTest.qWait(50)
    raise AssertionError(f"{name} is not in the dialog's list")


def _all_items(item) -> list:
    return [item, *(below for child in item.childItems() for below in _all_items(child))]


def click_item(window, item) -> None:
    QTest.mouseClick(
        window,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        item.mapToScene(item.boundingRect().center()).toPoint(),
    )
    QTest.qWait(100)


def enter_in(field) -> None:
    """The dialog's window in front, the field in focus, as a click puts them: Enter."""
    window = field.window()
    window.requestActivate()
    QTest.qWaitForWindowActive(window)
    QMetaObject.invokeMethod(field, "forceActiveFocus")
    assert field.hasActiveFocus()
    QTest.keyClick(window, Qt.Key.Key_Return)
    QTest.qWait(100)


def test_a_new_game_after_an_imported_match_starts_cleanly(harness):
    # the imported match opens in the history view; a new game left it while the new session
    # had no game yet, and the window was refreshed then: an error ("No game has started.")
    harness.open(seed=14)
    setup_part(harness).importMat(QUrl.fromLocalFile(str(MAT_FILES[0])).toString())
    harness.settle(30)
    if is_open(harness, "replaceDialog"):
        harness.click("replaceButton")
    assert harness.game.reviewing
    harness.game.newGame({"opponent": "human", "matchLength": 3})
    harness.settle(30)
    assert not harness.game.reviewing and harness.game.score == [0, 0]
    assert harness.game.dice  # the opening roll was made


def test_the_file_dialogs_open_where_the_last_file_was_read_also_after_a_restart(harness):
    # they opened in the home folder again once the program had been closed
    harness.open(seed=14)
    setup_part(harness).importMat(QUrl.fromLocalFile(str(MAT_FILES[0])).toString())
    harness.settle(30)
    assert local_path(setup_part(harness).folder()) == MAT_FILES[0].parent
    harness.close()
    harness.open(seed=14)
    key(harness, Qt.Key.Key_O, CTRL)
    dialog = popup(harness, "importDialog")
    assert dialog.property("visible")
    assert local_path(dialog.property("currentFolder").toString()) == MAT_FILES[0].parent
    QMetaObject.invokeMethod(dialog, "reject")


def test_the_files_own_text_is_shown_quoted_escaped_and_short():
    from app.file_texts import file_text, mat_problem

    assert file_text("gnubg : 0                      root : 0") == "gnubg : 0 root : 0"
    assert file_text("w,\x16\u00c6") == "w,\\x16Æ"  # a control character escaped
    assert len(file_text("x" * 200)) == 40 and file_text("x" * 200).endswith("…")
    # a binary file's line is said to be no text (it was shown as question marks and junk)
    junk = bytes(range(128, 256)).decode("utf-8", errors="replace") + "k\x06]\x13g"
    assert file_text(junk).render(()) == "bytes that are not text"
    assert file_text("J\ufffdrgen : 0") == "J\ufffdrgen : 0"  # one odd byte: still shown
    from app.file_texts import mat_refusal

    with pytest.raises(MatFormatError) as refused:
        loads_mat(junk)
    said = mat_refusal("binary.mat", refused.value).render(())
    assert "bytes that are not text" in said, said
    assert "\ufffd" not in said
    try:
        loads_mat("hello\n")
    except MatFormatError as exc:
        assert mat_problem(exc).render([]) == "“N point match” was expected here, not “hello”."
        assert exc.detail == "Expected \"N point match\", found 'hello'."  # the command line's


def test_the_points_of_a_damaged_files_win_are_counted_in_words():
    from app.file_texts import mat_problem

    game = " 3 point match\n\n Game 1\n Ann : 0                        Bo : 0\n"
    game += "  1) 31: 8/5 6/5                 42: 8/4 6/4\n"
    game += "  2)  Doubles => 2                Drops\n"  # Ann wins 1 point
    for wins, said in (
        ("      Wins 2 points", "Ann wins 2 points;"),
        (" " * 34 + "Wins 1 point", "Bo wins 1 point;"),
    ):
        try:
            loads_mat(game + wins + "\n")
        except MatFormatError as exc:
            assert said in mat_problem(exc).render([]), mat_problem(exc).render([])
        else:
            raise AssertionError("read")


def test_a_set_up_match_is_not_replaced_by_an_import_without_asking(harness):
    # a Crawford game set up at 0-2 against the computer, the person's dice rolled: importing a
    # .mat replaced it at once and the match was lost (seen by a tester); paste asked
    harness.open(seed=14)
    harness.game.newGame({"opponent": "expert", "matchLength": 3})
    harness.settle(30)
    crawford = MatchIdFields(
        match_length=3, score=(2, 0), crawford=True, player_on_roll=1, turn=1
    ).encode()
    setup_part(harness).pasteText(f"{Position.start().position_id()}:{crawford}")
    harness.settle(30)
    if is_open(harness, "replaceDialog"):
        harness.click("replaceButton")
    session = harness.game.session
    assert session.match.score == (0, 2) and session.phase == "roll" and session.on_roll == 0
    assert session.in_progress()  # a score set up is a match under way
    harness.w.flow.roll()
    harness.settle(30)
    setup_part(harness).importMat(QUrl.fromLocalFile(str(MAT_FILES[0])).toString())
    harness.settle(30)
    assert is_open(harness, "replaceDialog")
    popup(harness, "replaceDialog").close()  # no: the match goes on as it was
    harness.settle(30)
    assert harness.game.session is session and session.phase == "move"


@pytest.mark.parametrize(("length", "title"), [(3, "Replace the match?"), (0, "Replace the game?")])
def test_the_replace_question_names_a_match_or_a_game(harness, length, title):
    # found by a tester: "Replace the game?" over "A match is in progress."
    harness.open(seed=7)
    two_players(harness, matchLength=length)
    play_turns(harness, 1, random.Random(3))
    position_id, match_id = _states()[1]
    QGuiApplication.clipboard().setText(f"{position_id}:{match_id}")
    key(harness, Qt.Key.Key_V, CTRL)
    assert is_open(harness, "replaceDialog")
    assert popup(harness, "replaceDialog").property("title") == title
    key(harness, Qt.Key.Key_Escape)


def test_no_one_is_on_roll_at_the_moment_a_game_was_given_up(harness, tmp_path):
    """Found by a tester: at the last moment of a match read from a file, a game given up after
    its opening roll, the player who had rolled was still "On roll"."""
    from engine.mat import export_mat

    match = Match(3, cube=True, players=("Ann", "Bo"), seed=1)
    game = match.new_game()
    game.roll(dice=(6, 4))
    game.resign(0, 3)
    path = tmp_path / "given-up.mat"
    path.write_text(export_mat(match))
    harness.open(seed=14)
    two_players(harness)
    setup_part(harness).importMat(QUrl.fromLocalFile(str(path)).toString())
    if is_open(harness, "replaceDialog"):
        harness.click("replaceButton")
    harness.settle()
    game_view = harness.game
    key(harness, Qt.Key.Key_End, CTRL)
    harness.settle()
    assert game_view.reviewing and game_view.historyIndex == game_view.historyCount - 1
    assert harness.hidden("turnNote0") and harness.hidden("turnNote1")
    key(harness, Qt.Key.Key_Home, CTRL)  # the opening roll: Ann is on roll there
    harness.settle()
    assert harness.item("turnNote0").isVisible()
