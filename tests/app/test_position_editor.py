"""The position editor in the window: checkers put on, moved and taken off by clicks and drags,
the dice, the cube, the score and who is on roll set with its controls, every refusal the
engine's reason, and "Play from here" starting an ordinary game in exactly that state."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor, QGuiApplication
from PySide6.QtQuick import QQuickItem
from PySide6.QtTest import QTest

from app.board_themes import contrast_ratio
from app.parts import part_of
from app.position_editor import PositionEditor
from app.session import absolute_board
from engine import Position
from engine.ids import exchanged_seats
from engine.matchid import MatchIdFields
from engine.position import START_SIDE
from tests.app.driver import qml_value
from tests.app.test_layout import scene_rect

pytestmark = [pytest.mark.gui, pytest.mark.timeout(120)]
CTRL = Qt.KeyboardModifier.ControlModifier


def editor_part(harness) -> PositionEditor:
    return part_of(harness.w.engine, PositionEditor)


def open_editor(harness) -> QObject:
    QTest.keyClick(harness.window, Qt.Key.Key_E, CTRL)
    harness.settle(80)
    dialog = harness.window.findChild(QObject, "positionEditor")
    assert dialog.property("opened")
    return dialog


def editor_open(harness) -> bool:
    return bool(harness.window.findChild(QObject, "positionEditor").property("opened"))


def cancel(harness) -> None:
    """Cancel, and discard the set-up if the editor asks (it asks when something was set up)."""
    harness.click("editorCancel")
    harness.settle(30)
    if harness.window.findChild(QObject, "discardSetUpDialog").property("opened"):
        harness.click("discardSetUp")
    harness.qtbot.waitUntil(lambda: not editor_open(harness), timeout=3000)


def inside(harness, root_name: str, name: str) -> QQuickItem:
    """The item ``name`` under ``root_name`` (the editor's board repeats the game board's names)."""
    stack = [harness.item(root_name)]
    while stack:
        item = stack.pop()
        if item.objectName() == name:
            return item
        stack.extend(item.childItems())
    raise AssertionError(f"no {name!r} in {root_name!r}")


def spot(harness, location: int) -> QQuickItem:
    return inside(harness, "editorBoard", f"location_{location}")


def board(harness) -> list[int]:
    return list(editor_part(harness).property("board"))


def message(harness) -> str:
    """The editor's message as shown: none is shown while it has nothing to say."""
    if editor_part(harness).property("message") == "":
        assert harness.hidden("editorMessage")
        return ""
    return harness.item("editorMessage").property("text")


def step_spin(harness, name: str, times: int, up: bool = True) -> None:
    """Step a spin box ``times`` times with the arrow keys, as a person may."""
    box = harness.item(name)
    harness.click_item(box)  # the focus
    for _ in range(times):
        QTest.keyClick(harness.window, Qt.Key.Key_Up if up else Qt.Key.Key_Down)
    harness.settle(20)


def choose_in(harness, name: str, steps: int) -> None:
    """Move a combo box ``steps`` entries down (negative: up) with the arrow keys."""
    box = harness.item(name)
    box.forceActiveFocus()
    which = Qt.Key.Key_Down if steps > 0 else Qt.Key.Key_Up
    for _ in range(abs(steps)):
        QTest.keyClick(harness.window, which)
    harness.settle(20)


def test_a_position_built_by_clicks_and_drags_is_played_on_by_the_computer(harness):
    harness.open(seed=3)  # against the computer (Medium), the new-game default
    harness.wait_for_human()
    open_editor(harness)
    harness.click("editorClear")
    assert board(harness)[1:27] == [0] * 26 and board(harness)[0] == 15
    assert "no checkers on the board" in message(harness)
    assert not harness.item("editorPlay").isEnabled()

    for _ in range(3):  # White (the tool chosen) on its 6-point
        harness.click_item(spot(harness, 6))
    harness.click_item(spot(harness, 4))
    harness.click("editorTool1")  # Black
    for location in (19, 19, 24, 24, 24):
        harness.click_item(spot(harness, location))
    harness.drag(spot(harness, 6), spot(harness, 5))  # a white checker from the 6 to the 5
    harness.drag(inside(harness, "editorBoard", "tray_0"), spot(harness, 12))  # one comes back
    harness.drag(spot(harness, 24), inside(harness, "editorBoard", "tray_27"))  # one leaves
    harness.click_item(spot(harness, 10), double=True)  # two quick clicks: two checkers
    assert board(harness)[10] == -2
    harness.click("editorTool2")  # remove
    harness.click_item(spot(harness, 4))
    harness.click_item(spot(harness, 10), double=True)
    shown = board(harness)
    assert (shown[6], shown[5], shown[4], shown[12], shown[10]) == (2, 1, 0, 1, 0)
    assert (shown[19], shown[24], shown[0], shown[27]) == (-2, -2, 11, 11)

    harness.click("editorOnRoll1")  # Black is on roll, with 5-3 to play
    harness.click("editorDiceRolled")
    step_spin(harness, "editorDie0", 4)
    step_spin(harness, "editorDie1", 2)
    if not harness.item("editorCubeInUse").property("checked"):
        harness.click("editorCubeInUse")
    choose_in(harness, "editorCubeValue", 1)  # 2
    choose_in(harness, "editorCubeOwner", 1)  # White owns it
    step_spin(harness, "editorLength", 5)
    step_spin(harness, "editorScore0", 4)
    step_spin(harness, "editorScore1", 2)
    assert harness.item("editorPlay").isEnabled(), message(harness)
    assert message(harness) == ""
    ids = harness.item("editorIds").property("text")
    position_id, match_id = ids.split(":")
    # written in the monospaced font, where capital I and small l differ (a tester misread one)
    from PySide6.QtGui import QFontInfo

    assert QFontInfo(harness.item("editorIds").property("font")).family() == "DejaVu Sans Mono"
    # (shown in GNU Backgammon's seats: its user's player 1 is the person, White, here)
    fields = MatchIdFields.decode(match_id).swapped()
    assert (fields.match_length, fields.score, fields.cube, fields.cube_owner) == (5, (4, 2), 2, 0)
    assert (fields.player_on_roll, sorted(fields.dice)) == (1, [3, 5])
    position = Position.from_position_id(position_id)
    assert absolute_board(position, 1) == shown

    harness.click("editorPlay")
    harness.settle(50)
    replace = harness.window.findChild(QObject, "replaceDialog")
    if replace.property("opened"):  # the computer had moved: a game was in progress
        harness.click("replaceButton")
    harness.wait_for_human()
    game = harness.game
    match = game.session.match
    setup = {"type": "setup", "position_id": position_id, "match_id": fields.encode()}
    assert match.history[0] == setup  # (recorded in this program's seats)
    mover, dice, play = match.game.turns[0]
    assert mover == 1 and sorted(dice) == [3, 5] and play is not None  # the computer moved
    assert game.onRoll == 0 and game.canRoll and game.computerPlayer == 1
    assert list(game.score) == [4, 2] and game.matchLength == 5
    assert (game.cubeValue, game.cubeOwner) == (2, 0)
    assert not game.canDouble and "dead" in game.doubleRefusal  # 4 + 2 wins the match
    assert sum(-n for n in game.board[1:25] if n < 0) == 4  # Black's 4 checkers moved on


def test_the_editor_refuses_what_the_rules_forbid_and_says_why(harness):
    harness.open(seed=4)
    # the players by their names (the refusal named colours no other text used)
    harness.game.newGame({"opponent": "human", "name0": "Ann", "name1": "Bob"})
    harness.settle()
    open_editor(harness)
    start = board(harness)
    assert start == absolute_board(Position.start(), 0)
    harness.click_item(spot(harness, 6))  # a 16th white checker
    assert board(harness) == start
    assert message(harness) == "Ann has all 15 checkers on the board already."
    harness.click("editorTool2")
    harness.click_item(spot(harness, 1))  # one black checker off: 14 on the board
    assert board(harness)[1] == -1 and board(harness)[27] == 1 and message(harness) == ""
    harness.click("editorTool1")
    fewer = board(harness)
    harness.click_item(spot(harness, 8))  # black onto white's 8-point
    assert board(harness) == fewer and message(harness) == "Ann and Bob cannot share point 8."
    harness.drag(spot(harness, 1), spot(harness, 6))  # and by a drag
    assert board(harness) == fewer and message(harness) == "Ann and Bob cannot share point 6."

    editor = editor_part(harness)
    editor.startPosition()
    harness.drag(spot(harness, 1), spot(harness, 25))  # Black's checker onto White's bar
    assert message(harness) == "Each player has a bar and a tray of their own."
    harness.drag(spot(harness, 1), spot(harness, 26))  # onto its own bar: fine
    assert board(harness)[26] == 1 and message(harness) == ""
    # a click on either bar with a colour chosen puts that colour's checker on its own bar
    # (White's bar clicked with Black chosen put a white one there: found by a teacher)
    harness.click("editorTool2")
    harness.click_item(spot(harness, 12))  # one black checker off: room for one
    harness.click("editorTool1")
    before = board(harness)
    harness.click_item(spot(harness, 25))
    assert board(harness)[26] == before[26] + 1 and board(harness)[25] == before[25]

    step_spin(harness, "editorLength", 3)
    step_spin(harness, "editorScore0", 3)
    assert "below the match length" in message(harness)
    assert not harness.item("editorPlay").isEnabled()
    step_spin(harness, "editorScore0", 2, up=False)  # 1-0
    harness.click("editorCrawford")
    assert "needs a player one point from the target" in message(harness)
    step_spin(harness, "editorScore0", 1)  # 2-0: the Crawford game
    assert message(harness) == "" and harness.item("editorPlay").isEnabled()
    harness.click("editorCrawford")  # 2-0 after the Crawford game: the other would have a point
    assert "this is the Crawford game" in message(harness)
    assert not harness.item("editorPlay").isEnabled()
    harness.click("editorCrawford")
    step_spin(harness, "editorScore1", 2)  # 2-2
    assert "Crawford game has been played" in message(harness)
    harness.click("editorCrawford")
    assert message(harness) == ""
    if not harness.item("editorCubeInUse").property("checked"):
        harness.click("editorCubeInUse")
    choose_in(harness, "editorCubeValue", 2)  # a cube at 4 in the middle
    assert "doubled cube belongs to the player who took it" in message(harness)
    choose_in(harness, "editorCubeOwner", 2)  # Black's
    assert message(harness) == ""
    harness.click("editorCubeInUse")  # no cube: it must be at 1
    assert "cube stays at 1" in message(harness)
    harness.click("editorCubeInUse")

    # Black on the bar against a closed board: no legal play with these dice
    editor.clear()
    for location in range(1, 7):
        editor.setTool(0)
        editor.clickLocation(location)
        editor.clickLocation(location)
    editor.setTool(1)
    editor.clickLocation(26)
    editor.clickLocation(13)
    harness.click("editorOnRoll1")
    if not harness.item("editorDiceRolled").property("checked"):  # (the game's opening roll)
        harness.click("editorDiceRolled")
    assert editor.property("diceRolled")
    assert "no legal play with these dice" in message(harness)
    assert not harness.item("editorPlay").isEnabled()
    # and White on the bar against Black's closed board: no one could ever move (the turn
    # passed for ever: found by a tester)
    harness.click("editorDiceRolled")
    assert message(harness) == ""
    editor.setTool(1)
    for location in range(19, 25):
        editor.clickLocation(location)
        editor.clickLocation(location)
    editor.setTool(0)
    editor.clickLocation(25)
    assert "Neither player could ever move" in message(harness)
    assert not harness.item("editorPlay").isEnabled()
    before = (list(harness.game.board), list(harness.game.session.match.history))
    editor.playFromHere()  # refused: nothing changes
    cancel(harness)
    harness.settle(30)
    assert (list(harness.game.board), list(harness.game.session.match.history)) == before


def test_the_editor_starts_from_the_position_shown_and_fits_small_windows(harness):
    harness.open(seed=5, size=(800, 600))
    # the names of a game against the computer ("Score of Computer" was cut at 150%)
    harness.game.newGame({"opponent": "human", "matchLength": 7, "cube": True, "name1": "Computer"})
    harness.settle()
    session = harness.game.session
    open_editor(harness)
    editor = editor_part(harness)
    assert editor.property("idsText") == (
        f"{session.match.position_id()}:{exchanged_seats(session.match.match_id())}"
    )
    assert board(harness) == list(harness.game.board)
    assert harness.item("editorLength").property("value") == 7
    window = scene_rect(harness.window.contentItem())
    scroll = harness.item("editorControls")  # the column that scrolls
    for scale in (100, 125, 150):  # every text size (a low window shows 125% at most)
        harness.w.settings.textScale = scale
        harness.settle(50)
        for item in harness.items():
            if not item.isVisible() or not item.inherits("QQuickText") or not item.property("text"):
                continue
            assert not item.property("truncated"), (scale, item.property("text"))
            if not _under(item, scroll):
                assert window.contains(scene_rect(item)), (scale, item.property("text"))
        assert window.contains(scene_rect(harness.item("editorPlay")))
        # the IDs (and a refusal) stay in sight, under the board and the column
        assert not _under(harness.item("editorIds"), scroll)
        assert window.contains(scene_rect(harness.item("editorIds")))
        if qml_value(scroll, "overflows"):  # more below: the scroll bar says so plainly
            # (the style's thin grey bar went unseen beside a row cut off: a tester)
            handle = qml_value(scroll, "ScrollBar.vertical.contentItem")
            assert handle.property("opacity") > 0.5 and handle.width() >= 8
            behind = qml_value(scroll, "palette.window.toString()")
            colour = QColor(handle.property("color")).name()
            assert contrast_ratio(colour, behind) >= 3.0, (colour, behind)
    assert qml_value(scroll, "overflows")  # (at 150% in this window it does)
    cancel(harness)


def test_at_150_percent_the_control_in_focus_is_scrolled_into_sight(harness):
    """Found by a tester: at 150% Tab went on to the Crawford box (half under the column's fold)
    and to the opponent (out of sight), and a refusal stood below the fold while "Play from
    here" was greyed without a word."""
    from tests.app.test_keyboard import K, Keys

    harness.open(seed=5, size=(1024, 768))
    harness.w.settings.textScale = 150
    harness.game.newGame({"opponent": "human", "matchLength": 7, "cube": True})
    harness.settle()
    open_editor(harness)
    scroll = harness.item("editorControls")
    assert scroll.property("overflows")  # (else this test shows nothing)
    keys = Keys(harness, "editorBoard")
    seen = set()
    for _ in range(30):
        keys.press(K.Key_Tab)
        item = harness.window.activeFocusItem()
        if not _under(item, scroll):
            continue
        # the whole control in sight (a spin box's text alone left the box half cut)
        control = item
        while control.parentItem() is not None and not control.objectName().startswith("editor"):
            control = control.parentItem()
        harness.qtbot.waitUntil(
            lambda c=control: scene_rect(scroll).adjusted(-1, -1, 1, 1).contains(scene_rect(c)),
            timeout=1000,
        )
        seen.add(control.objectName())
    assert {"editorCrawford", "editorOpponent", "editorScore1"} <= seen, seen
    # a refusal: in sight, under the column
    step_spin(harness, "editorScore0", 7)
    assert message(harness)
    window = scene_rect(harness.window.contentItem())
    assert not _under(harness.item("editorMessage"), scroll)
    assert window.contains(scene_rect(harness.item("editorMessage")))
    cancel(harness)
    # opened again: from the top, its heading in sight (it opened where it was left)
    open_editor(harness)
    flick = scroll.property("contentItem")
    assert flick.property("contentY") == 0
    cancel(harness)


def test_the_set_up_stays_when_the_game_is_kept(harness):
    """ "Play from here", then "Keep it" at the question: the editor opens again at once on the
    set-up (it closed, and a tester looked for the way back; before, it showed the game's
    position: the set-up was lost), without the reason of a gesture refused before; once; the
    game is untouched."""
    harness.open(seed=5)
    harness.game.newGame({"opponent": "human", "matchLength": 5})
    harness.settle()
    harness.play_a_turn()
    live = harness.game.session.match.position_id()
    open_editor(harness)
    harness.click("editorClear")
    editor = editor_part(harness)
    editor.clickLocation(6)  # one white checker on White's 6-point ...
    editor.setTool(1)
    editor.clickLocation(19)  # ... one black on Black's 6-point
    harness.settle(20)
    made = board(harness)
    assert made != list(harness.game.board) and message(harness) == "", message(harness)
    editor.setTool(0)
    editor.clickLocation(19)  # refused: White and Black cannot share a point
    harness.settle(20)
    assert message(harness) != ""
    harness.click("editorPlay")
    harness.settle(50)
    assert harness.window.findChild(QObject, "replaceDialog").property("opened")
    # the answer says where it goes ("Keep playing" went back to the editor: a teacher)
    assert harness.item("keepGameButton").property("text") == "Back to the editor"
    harness.click("keepGameButton")
    harness.settle(80)
    assert harness.game.session.match.position_id() == live  # the game goes on
    assert harness.window.findChild(QObject, "positionEditor").property("opened")  # back
    assert board(harness) == made and message(harness) == ""  # the set-up again
    cancel(harness)
    open_editor(harness)
    assert board(harness) == list(harness.game.board)  # then the game's position, as always
    cancel(harness)


def _under(item: QQuickItem, ancestor: QQuickItem) -> bool:
    while item is not None:
        if item is ancestor or item == ancestor:
            return True
        item = item.parentItem()
    return False


def two_players_editor(harness, seed: int) -> tuple[QObject, PositionEditor]:
    """The editor opened over a new game of two players: its dialog and its part."""
    harness.open(seed=seed)
    harness.game.newGame({"opponent": "human"})
    harness.settle()
    return open_editor(harness), editor_part(harness)


def test_a_position_from_the_editor_can_be_copied(harness):
    dialog, editor = two_players_editor(harness, 6)
    editor.clear()
    editor.clickLocation(3)
    editor.setTool(1)
    editor.clickLocation(20)
    ids = editor.property("idsText")
    assert ids
    dialog.accept()
    harness.settle(50)
    QTest.keyClick(harness.window, Qt.Key.Key_C, CTRL)
    harness.settle(20)
    assert QGuiApplication.clipboard().text() == ids
    assert harness.game.session.match.position_id() == ids.split(":")[0]


def test_the_match_length_is_shown_in_a_new_language_at_once(harness):
    from app import i18n

    harness.open(seed=5)
    harness.game.newGame({"opponent": "human"})  # a single game: "A single game" is shown
    harness.settle()
    open_editor(harness)
    length = harness.item("editorLength")
    assert length.property("displayText") == "A single game"
    try:
        for code in ("da", "nl"):
            i18n.set_language(harness.w.app, harness.w.engine, code)
            harness.settle(20)
            assert length.property("displayText") == i18n._("A single game") != "A single game"
            assert length.property("value") == 0  # the value itself did not change
    finally:
        i18n.set_language(harness.w.app, harness.w.engine, "en")


def test_every_spin_box_steps_with_a_click_on_its_arrows(harness):
    # the arrows at the right edge of the editor's column lay under its scroll bar, which took
    # the clicks: the second die, the length and the scores did not step with the mouse
    harness.open(seed=5, size=(1024, 768))
    harness.game.newGame({"opponent": "human"})
    harness.settle()
    open_editor(harness)
    if not harness.item("editorDiceRolled").property("checked"):
        harness.click("editorDiceRolled")
    harness.click("editorLength")  # a match, so that the scores are in use
    QTest.keyClick(harness.window, Qt.Key.Key_Up)
    harness.settle(20)
    assert harness.item("editorLength").property("displayText") == "1 point"  # not "1 points"
    for name in ("editorDie0", "editorDie1", "editorLength", "editorScore0", "editorScore1"):
        box = harness.item(name)
        assert box.isEnabled(), name
        before = box.property("value")
        for arrow, step in (("up", 1), ("down", -1)):
            point = qml_value(
                box,
                f"{arrow}.indicator.mapToItem(null, {arrow}.indicator.width / 2, "
                f"{arrow}.indicator.height / 2)",
            ).toPoint()
            QTest.mouseClick(
                harness.window, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point
            )
            harness.settle(20)
            assert box.property("value") == before + step, f"{name}: {arrow} was not clicked"
            before += step


def test_the_dice_and_the_scores_take_typed_digits(harness):
    # only their arrows changed them: a digit typed into the box did nothing
    harness.open(seed=5, size=(1024, 768))
    harness.game.newGame({"opponent": "human", "matchLength": 7})
    harness.settle()
    open_editor(harness)
    if not harness.item("editorDiceRolled").property("checked"):
        harness.click("editorDiceRolled")
    for name, digit, key in (("editorDie0", 5, Qt.Key.Key_5), ("editorScore1", 4, Qt.Key.Key_4)):
        box = harness.item(name)
        harness.click_item(box)
        QTest.keyClick(harness.window, Qt.Key.Key_A, CTRL)
        QTest.keyClick(harness.window, key)
        QTest.keyClick(harness.window, Qt.Key.Key_Tab)  # the value is taken as the focus leaves
        harness.settle(20)
        assert box.property("value") == digit, name
    fields = MatchIdFields.decode(editor_part(harness).property("idsText").split(":")[1])
    assert 5 in fields.dice and fields.swapped().score[1] == 4
    # the match length too, shown in words ("7 points"): its digits typed (a tester)
    length = harness.item("editorLength")
    for keys, value in (((Qt.Key.Key_1, Qt.Key.Key_1), 11), ((Qt.Key.Key_0,), 0)):
        harness.click_item(length)
        QTest.keyClick(harness.window, Qt.Key.Key_A, CTRL)
        for key in keys:
            QTest.keyClick(harness.window, key)
        QTest.keyClick(harness.window, Qt.Key.Key_Tab)
        harness.settle(20)
        assert length.property("value") == value
        assert editor_part(harness).property("matchLength") == value
    assert length.property("displayText") == "A single game"
    cancel(harness)


def test_ids_pasted_in_the_editor_set_up_its_board_and_state(harness):
    # a teacher had the IDs of a position from another program and no way to edit it: pasting
    # in the window set up a new game at once, and the editor could not take them
    dialog, editor = two_players_editor(harness, 5)
    white = [0, 2, 0, 0, 0, 4, 0, 3, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0]
    black = [0, 0, 0, 2, 2, 3, 0, 3, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1]
    position_id = Position(black, white).position_id()  # black on roll
    fields = MatchIdFields(
        match_length=5, score=(2, 1), cube=2, cube_owner=0, player_on_roll=1, turn=1, dice=(5, 3)
    )
    pasted = f"{position_id}:{fields.swapped().encode()}"  # in GNU Backgammon's seats
    QGuiApplication.clipboard().setText(f"  {pasted}\n")
    QTest.keyClick(harness.window, Qt.Key.Key_V, CTRL)  # as the button does
    harness.settle(50)
    assert dialog.property("opened")  # the editor, not a new game
    assert board(harness) == absolute_board(Position(white, black), 0)
    assert editor.property("idsText") == pasted
    assert editor.property("onRoll") == 1
    assert list(editor.property("dice")) == [5, 3]
    assert harness.item("editorLength").property("value") == 5
    assert message(harness) == ""
    assert harness.game.session.match.position_id() == Position.start().position_id()

    # text with no IDs is refused with the reason, and nothing changes
    QGuiApplication.clipboard().setText("hello")
    harness.click("editorPaste")
    assert "holds no valid Position ID" in message(harness)
    assert editor.property("idsText") == pasted

    # a Position ID alone changes the checkers only: the match and the dice stay
    start = Position.start().position_id()
    QGuiApplication.clipboard().setText(start)
    harness.click("editorPaste")
    assert message(harness) == ""
    assert board(harness) == absolute_board(Position.start(), 1)
    assert editor.property("onRoll") == 1
    assert harness.item("editorLength").property("value") == 5
    assert editor.property("idsText").split(":")[0] == start
    cancel(harness)


@pytest.mark.parametrize(
    ("score", "shown", "resigned"),
    [
        ((6, 3), [0, 0], None),
        ((2, 1), [2, 1], None),
        ((6, 3), [0, 0], "resigned"),
        ((6, 3), [0, 0], "dropped"),
    ],
    ids=["match over", "between games", "match resigned", "double passed"],
)
def test_the_editor_after_a_finished_game_starts_the_next_one(
    harness, monkeypatch, score, shown, resigned
):
    # after a 5-point match won 6-3 the editor showed "Score of White 6" and refused to play;
    # after one won by a resignation (the checkers still on the board) too: found by a tester
    from engine.matchid import GAME_DROPPED, GAME_OVER, GAME_RESIGNED

    harness.open(seed=5)
    harness.game.newGame({"opponent": "human"})
    harness.settle()
    # white has borne off every checker, or black resigned with them on the board
    over = Position.start() if resigned else Position([0] * 25, list(START_SIDE))
    # the state the engine writes (a test of "over" alone met neither: a tester)
    state = {None: GAME_OVER, "resigned": GAME_RESIGNED, "dropped": GAME_DROPPED}[resigned]
    fields = MatchIdFields(match_length=5, score=score, game_state=state)
    editor = editor_part(harness)
    monkeypatch.setattr(editor._setup, "current_ids", lambda: (over.position_id(), fields.encode()))
    open_editor(harness)
    assert board(harness) == absolute_board(Position.start(), 0)
    assert editor.property("matchLength") == 5 and list(editor.property("score")) == shown
    assert editor.property("playable"), message(harness)
    cancel(harness)


def test_tab_goes_through_the_dialog_buttons_as_they_stand(harness):
    # found by a tester: Tab went to Cancel, at the right, before "Play from here" at its left
    from tests.app.test_keyboard import K, Keys

    harness.open(seed=5, size=(1024, 768))
    open_editor(harness)
    keys = Keys(harness, "editorBoard")
    order = []
    for _ in range(40):
        keys.press(K.Key_Tab)
        item = harness.window.activeFocusItem()
        if item.objectName() in ("editorPlay", "editorCancel"):
            order.append(scene_rect(item).x())
        if len(order) == 2:
            break
    assert len(order) == 2 and order[0] < order[1]
    # Enter presses the button in focus (it did nothing on "Play from here")
    harness.item("editorPlay").forceActiveFocus(Qt.FocusReason.TabFocusReason)
    QTest.keyClick(harness.window, Qt.Key.Key_Return)
    harness.qtbot.waitUntil(lambda: not editor_open(harness), timeout=3000)


def test_the_chosen_checker_is_shown_chosen_when_the_editor_opens(harness):
    """Found by a tester: at its first opening no button of the three (White, Black, Remove)
    looked chosen, and a click put a White checker."""
    harness.open(seed=3)
    open_editor(harness)
    tool = editor_part(harness).property("tool")

    def chosen() -> list[bool]:
        return [harness.item(f"editorTool{i}").property("highlighted") for i in range(3)]

    assert chosen() == [i == tool for i in range(3)]
    harness.click("editorTool2")
    assert chosen() == [False, False, True] and editor_part(harness).property("tool") == 2


def test_the_editors_board_stays_put_when_a_message_comes_and_goes(harness):
    """Found by a tester: the whole board jumped by 5-10 pixels each time a refusal appeared
    under it or went (the message and the IDs take turns there, of other heights)."""
    harness.open(seed=3)
    open_editor(harness)
    shown = harness.item("editorBoard")

    def place() -> tuple[float, float, float, float]:
        r = scene_rect(shown)
        return (r.x(), r.y(), r.width(), r.height())

    before = place()
    harness.click_item(spot(harness, 6))  # a sixteenth White checker: refused, said
    harness.settle(20)
    assert "15" in message(harness)
    assert place() == before
    harness.click("editorClear")  # nothing on the board: no IDs, a refusal
    harness.settle(20)
    assert message(harness) and harness.hidden("editorIds")
    assert place() == before
    harness.click("editorStart")
    harness.settle(20)
    assert message(harness) == "" and not harness.hidden("editorIds")
    assert place() == before


def test_a_refused_gesture_does_not_hide_why_the_set_up_cannot_be_played(harness):
    # found by a tester: "Play from here" stood grey with only an earlier gesture's reason shown
    harness.open(seed=5)
    open_editor(harness)
    harness.click("editorClear")
    editor = editor_part(harness)
    editor.clickLocation(6)  # a white checker on 6 ...
    editor.setTool(1)
    editor.clickLocation(6)  # ... where Black cannot go
    harness.settle(20)
    why_not = editor.refusal()
    assert why_not is not None and not editor.property("playable")
    said = message(harness)
    assert "cannot share" in said and why_not.render(editor._names()) in said, said
    cancel(harness)


def test_the_editor_after_a_match_won_by_a_resignation_in_the_window(harness):
    # the tester's way: a match ended by a resignation, then Ctrl+E (the score was the final
    # one, beyond the length, and "Play from here" stood grey)
    from app.parts import part_of
    from app.resignation import Resignations

    harness.open(seed=5)
    harness.game.newGame({"opponent": "human", "matchLength": 3, "cube": True})
    harness.settle(50)
    part_of(harness.w.engine, Resignations).resign(3)
    harness.settle(50)
    assert harness.game.gameOver["matchOver"]
    editor = editor_part(harness)
    open_editor(harness)
    assert editor.property("matchLength") == 3 and list(editor.property("score")) == [0, 0]
    assert editor.property("playable"), message(harness)
    cancel(harness)


def test_esc_and_cancel_ask_before_a_set_up_is_lost(harness):
    """Found by a tester: Esc closed the editor and the position set up in it was gone, without a
    word. Unchanged, Esc and Cancel close it at once; changed, they ask, Esc at the question (and
    its safe answer, in hand) goes back to the set-up as it was, and "Discard" closes it, the
    game untouched."""
    harness.open(seed=5)
    harness.game.newGame({"opponent": "human", "matchLength": 5})
    harness.settle()
    live = harness.game.session.match.position_id()
    question = harness.window.findChild(QObject, "discardSetUpDialog")
    editor = editor_part(harness)

    def gone() -> None:
        harness.qtbot.waitUntil(lambda: not editor_open(harness), timeout=3000)
        assert not question.property("opened")

    open_editor(harness)
    QTest.keyClick(harness.window, Qt.Key.Key_Escape)  # nothing set up: closed at once
    gone()
    open_editor(harness)
    harness.click("editorCancel")
    gone()

    open_editor(harness)
    assert not editor.property("edited")
    harness.click_item(spot(harness, 6))  # one more White checker ... refused: 16 checkers
    harness.settle(20)
    assert not editor.property("edited")  # (a refused gesture changes nothing)
    harness.click("editorClear")
    editor.clickLocation(6)
    harness.settle(20)
    made = board(harness)
    assert editor.property("edited")
    QTest.keyClick(harness.window, Qt.Key.Key_Escape)
    harness.settle(50)
    assert question.property("opened") and editor_open(harness)
    QTest.keyClick(harness.window, Qt.Key.Key_Escape)  # the safe answer: back to the set-up
    harness.settle(50)
    assert not question.property("opened") and editor_open(harness)
    assert board(harness) == made
    harness.click("editorCancel")
    harness.settle(50)
    assert question.property("opened")
    QTest.keyClick(harness.window, Qt.Key.Key_Return)  # Enter: the safe answer in hand
    harness.settle(50)
    assert not question.property("opened") and board(harness) == made
    harness.click("editorCancel")
    harness.settle(50)
    harness.click("discardSetUp")
    gone()
    assert harness.game.session.match.position_id() == live
    open_editor(harness)  # on the game's position again, nothing to lose
    assert board(harness) == list(harness.game.board) and not editor.property("edited")
    editor.setOnRoll(1)  # who is on roll is part of the set-up too
    assert editor.property("edited")
    editor.setOnRoll(0)
    assert not editor.property("edited")
    QTest.keyClick(harness.window, Qt.Key.Key_Escape)
    gone()


def test_the_cube_is_out_of_reach_without_the_cube(harness):
    # found by a tester: the cube's value and owner could be set with no cube in play
    harness.open(seed=5)
    open_editor(harness)
    editor = editor_part(harness)
    editor.setCube(True, 4, 0)
    harness.settle(20)
    assert harness.item("editorCubeValue").isEnabled()
    editor.setCube(False, 4, 0)  # refused as it stands: the value may still be brought back
    harness.settle(20)
    assert message(harness) and harness.item("editorCubeValue").isEnabled()
    editor.setCube(False, 1, -1)
    harness.settle(20)
    assert message(harness) == ""
    assert not harness.item("editorCubeValue").isEnabled()
    assert not harness.item("editorCubeOwner").isEnabled()
    harness.click("editorCubeInUse")
    assert harness.item("editorCubeValue").isEnabled()
    cancel(harness)
