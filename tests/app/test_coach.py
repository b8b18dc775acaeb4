"""The hint, the tutor and the shot counter in the real window: clicked and read as a person would.

The hints are checked against the Expert itself (``ai.player.ComputerPlayer``), the tutor's marks
against the analysis's judge, and the shot counts against the engine's count over the 36 rolls.
"""

from __future__ import annotations

import gc
import threading
import time

import pytest
from PySide6.QtCore import QMetaObject, QObject, QPoint, QPointF, QRectF, Qt, QTimer
from PySide6.QtTest import QTest

from ai.analysis import Analyser, judged_state
from ai.hint import analysed_plays
from ai.player import ComputerPlayer
from app.computer_turn import cube_state
from app.session import to_location
from engine import Position
from engine.moves import checker_moves, legal_plays
from engine.shots import shot_count, shots_on
from tests.app.driver import qml_value

pytestmark = [pytest.mark.gui, pytest.mark.timeout(180)]

HITS = "x 24:2 13:5 8:3 6:4 4:1; o 19:5 17:3 12:5 1:1 3:1"  # 6-1, 6-3 ... hit a blot
NO_DOUBLE = "x 24:2 13:5 8:3 6:5; o 19:5 17:3 12:5 1:2"  # the start: doubling is very bad
DOUBLE_TAKE = "x 8:3 7:3 6:3 5:3 4:3; o 18:3 19:3 20:3 21:3 15:3"  # a race 90 against 96
DOUBLE_PASS = "x 8:3 7:3 6:3 5:3 4:3; o 16:3 17:3 18:3 19:3 20:3"  # a race 90 against 105


@pytest.fixture(scope="module")
def expert() -> ComputerPlayer:
    return ComputerPlayer("expert")


def coach(harness):
    return harness.w.coach


def wait_for_hint(harness) -> None:
    c = coach(harness)
    harness.qtbot.waitUntil(lambda: bool(c.visible and not c.busy and c.rows), timeout=30000)
    harness.settle(50)  # the panel is laid out below the board


def ask_hint(harness) -> None:
    harness.click("coachHintButton")
    wait_for_hint(harness)


def set_up(harness, text: str, player: int = 0, **state):
    harness.w.flow.show_position(Position.from_text(text), player, **state)
    harness.settle()
    return harness.w.flow.session


def scene_rect(item) -> QRectF:
    return item.mapRectToScene(QRectF(0, 0, item.width(), item.height()))


def shown_arrows(harness) -> list:
    return sorted(
        (a for a in harness.find_all("arrow_") if a.isVisible()), key=lambda a: a.objectName()
    )


def arrow_ends(harness, arrow) -> tuple[QPointF, QPointF]:
    table = harness.item("boardTable")
    return table.mapToScene(arrow.property("a")), table.mapToScene(arrow.property("b"))


def play_by_clicks(harness, player: int, play) -> None:
    for st in play.steps:
        harness.play_step({"from": to_location(player, st.src), "to": to_location(player, st.dst)})


# -- the hint --------------------------------------------------------------------------------------
def test_the_hint_lists_the_experts_plays_in_its_order(harness, expert):
    harness.open(seed=5)
    harness.game.newGame({"opponent": "expert"})
    harness.wait_for_human()
    game = harness.game
    if game.canRoll:
        harness.click("rollButton")
    s = game.session
    assert s.phase == "move" and s.on_roll == 0 and len(legal_plays(s.position, s.dice)) > 1
    ask_hint(harness)
    rows = coach(harness).rows
    ranked = expert.rank(s.position, s.dice, cube_state(s))
    names = {p.result: str(p) for p in legal_plays(s.position, s.dice)}
    assert [r["label"] for r in rows] == [names[r.result] for r in ranked[: len(rows)]]
    assert len(rows) == min(5, len(ranked))
    assert rows[0]["label"] == str(expert.choose_play(s.position, s.dice, cube_state(s)))
    assert rows[0]["best"] and rows[0]["lossValue"] == 0.0
    assert all(r["lossValue"] >= 0.0 for r in rows)
    for i, row in enumerate(rows):  # each line is on show with its play, equity and chances
        line = harness.item(f"hintLine{i}")
        assert line.isVisible()
        texts = [t.property("text") for t in harness.items() if _inside(t, line)]
        assert any(row["label"] in t for t in texts)
        assert row["equity"] in texts and row["win"] in texts and row["gammon"] in texts
    assert "%" in rows[0]["win"] and rows[0]["equity"][0] in "+\u2212"
    assert "wins" in coach(harness).summary


def _inside(item, parent) -> bool:
    if not item.inherits("QQuickText") or not item.isVisible():
        return False
    p = item.parentItem()
    while p is not None:
        if p is parent:
            return True
        p = p.parentItem()
    return False


def test_clicking_a_hint_line_shows_its_play_as_arrows_with_the_hits_marked(harness, expert):
    harness.open(seed=3)
    s = set_up(harness, HITS, 0, dice=(6, 3))
    ask_hint(harness)
    c = coach(harness)
    assert c.selected == 0 and len(shown_arrows(harness)) == len(c.arrows) > 0
    hinted = best_plays_of(expert, s)
    hitting = next(i for i, p in enumerate(hinted) if any(st.hit for st in p.steps))
    other = next(i for i, p in enumerate(hinted) if i != hitting)
    for index in (hitting, other):
        harness.click(f"hintLine{index}")
        play = hinted[index]
        assert c.selected == index
        arrows = shown_arrows(harness)
        moves = checker_moves((st.src, st.dst, st.hit) for st in play.steps)
        assert len(arrows) == len(moves)  # one a checker, as the play is written
        for arrow, (src_point, dst_point, hit) in zip(arrows, moves, strict=True):
            start, end = arrow_ends(harness, arrow)
            src = harness.item(f"location_{to_location(0, src_point)}")
            dst = harness.item(f"location_{to_location(0, dst_point)}")
            assert scene_rect(src).contains(start), (str(play), src_point)
            assert scene_rect(dst).contains(end), (str(play), dst_point)
            mark = f"hitMark_{arrow.objectName().split('_')[1]}"
            assert harness.hidden(mark) != hit  # a ring where the move hits, only there
            if hit:
                assert scene_rect(harness.item(mark)).contains(end)
    # moves made first are taken back, so that the arrows start where the checkers stand
    step = harness.game.legalSteps[0]
    harness.play_step(step)
    assert not shown_arrows(harness) or c.arrows == []
    harness.click(f"hintLine{other}")
    moves = checker_moves((st.src, st.dst, st.hit) for st in hinted[other].steps)
    assert not s.turn.steps and len(shown_arrows(harness)) == len(moves)
    # and a clear way back: Close (or Esc) puts the last play's marks back
    harness.click("hintCloseButton")
    assert not c.visible and harness.hidden("hintPanel")
    assert not shown_arrows(harness)


def test_a_checker_moving_on_has_one_arrow(harness):
    """Found by a tester: 8/5 6/5 of 1-1 was drawn as three arrows zigzagging 8, 7, 6, 5 over
    the bar, two heads on the 5-point: one arrow a checker, as the play is written (24/22 one
    arrow, not 24/23 and 23/22)."""
    harness.open(seed=3)
    set_up(harness, "x 8:2 6:4 13:5 24:2 5:2; o 19:5 17:3 12:5 1:2", 0, dice=(1, 1))
    ask_hint(harness)
    c = coach(harness)
    lines = [row["label"] for row in c.rows]
    index = next((i for i, label in enumerate(lines) if label.startswith("24/22 8/7(2)")), None)
    assert index is not None, lines
    harness.click(f"hintLine{index}")
    assert sorted((a["from"], a["to"]) for a in c.arrows) == [(8, 7), (8, 7), (24, 22)]
    assert len(shown_arrows(harness)) == 3


def test_a_hint_line_double_clicked_plays_it(harness, expert):
    """Double-clicking a line plays its play (moves made before are taken back first); the turn
    then ends as one played by hand: with Done (the default), and Undo takes it back step by
    step."""
    harness.open(seed=3)
    s = set_up(harness, HITS, 0, dice=(6, 3))
    harness.play_step(harness.game.legalSteps[0])  # a move of the player's own, first
    ask_hint(harness)
    c = coach(harness)
    hinted = best_plays_of(expert, s)
    harness.click_item(harness.item("hintLine2"), double=True)
    harness.settle(50)
    assert s.phase == "move" and s.turn.play().result == hinted[2].result
    assert harness.game.canConfirm and "Played from the hint: " in harness.game.status
    assert c.visible and c.arrows == []  # the board shows the play made, not its arrows
    harness.click("undoButton")
    assert len(s.turn.steps) == len(hinted[2].steps) - 1
    assert "from the hint" not in harness.game.status
    harness.click_item(harness.item("hintLine0"), double=True)
    harness.settle(50)
    assert s.turn.play().result == hinted[0].result
    harness.click("confirmButton")
    harness.settle(50)
    assert s.on_roll == 1 and s.match.game.history[-1]["type"] == "play"
    # in the review the hint plays nothing: the review only shows
    harness.click("historyBackButton")
    assert harness.game.reviewing
    ask_hint(harness)
    made = len(s.match.history)
    harness.click_item(harness.item("hintLine1"), double=True)
    harness.settle(50)
    assert harness.game.reviewing and len(s.match.history) == made and s.on_roll == 1


def test_the_hints_plays_by_keys(harness, expert):
    """Found by a tester: Tab passed over the plays and Down moved the board's focus. Tab
    reaches the list; Up and Down show the play above or below (as a click on its line), Enter
    plays it (as a double click)."""
    harness.open(seed=3)
    s = set_up(harness, HITS, 0, dice=(6, 3))
    ask_hint(harness)
    c = coach(harness)
    hinted = best_plays_of(expert, s)
    keys = harness.window.findChild(QObject, "hintPlayKeys")
    for _ in range(12):
        if keys.hasActiveFocus():
            break
        QTest.keyClick(harness.window, Qt.Key.Key_Tab)
    assert keys.hasActiveFocus()
    assert c.selected == 0
    QTest.keyClick(harness.window, Qt.Key.Key_Down)
    QTest.keyClick(harness.window, Qt.Key.Key_Down)
    assert c.selected == 2 and c.arrows
    QTest.keyClick(harness.window, Qt.Key.Key_Up)
    assert c.selected == 1 and not s.turn.steps
    QTest.keyClick(harness.window, Qt.Key.Key_Return)  # plays it; Done still ends the turn
    harness.settle(50)
    assert s.phase == "move" and s.turn.play().result == hinted[1].result
    # found by a tester: Esc then closed the hint and left the keys with nothing, and Enter
    # in the list did not end the turn once the play was made
    QTest.keyClick(harness.window, Qt.Key.Key_Escape)
    harness.settle(50)
    assert not c.visible and harness.item("board").hasActiveFocus()
    QTest.keyClick(harness.window, Qt.Key.Key_Return)
    harness.settle(50)
    assert s.on_roll == 1  # the turn ended


def best_plays_of(expert, s) -> list:
    """The hint's plays: the roll's best as the analysis (and the tutor) judges them."""
    state = judged_state(s.match, s.match.game, s.on_roll)
    hint = analysed_plays(Analyser(expert.evaluator), s.position, s.dice, state)
    return [h.play for h in hint]


def test_the_hint_works_for_both_players_of_a_two_player_game_and_closes_when_the_game_moves_on(
    harness, expert
):
    harness.open(seed=8)
    game = harness.game
    game.newGame({"opponent": "human"})
    menu_entry = next(
        o for o in harness.window.findChildren(QObject) if o.property("keys") == "Ctrl+H"
    )
    assert menu_entry.property("text") == "&Hint" and menu_entry.property("enabled")
    for turn in range(2):
        s = game.session
        mover = s.on_roll
        if turn == 0:  # Game > Hint
            QMetaObject.invokeMethod(menu_entry, "trigger")
        else:  # its keys
            QTest.keyClick(harness.window, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
        wait_for_hint(harness)
        play = best_plays_of(expert, s)[0]
        assert coach(harness).rows[0]["label"] == str(play)
        assert harness.game.names[mover] in coach(harness).title
        play_by_clicks(harness, mover, play)
        assert game.session.on_roll != mover  # the turn ended: the hint of it is gone
        assert not coach(harness).visible
        harness.click("rollButton")


def test_the_cube_hint_before_rolling_agrees_with_the_experts_cube_decision(harness, expert):
    harness.open(seed=2)
    for text, verdict in (
        (NO_DOUBLE, "No double"),
        (DOUBLE_TAKE, "Double, take"),
        (DOUBLE_PASS, "Double, pass"),
    ):
        s = set_up(harness, text, 0, cube=True)
        assert s.phase == "roll" and harness.game.canDouble
        ask_hint(harness)
        c = coach(harness)
        assert c.kind == "cube"
        decision = expert.cube_decision(s.position, cube_state(s))
        rows = {r["label"]: r for r in c.rows}
        assert rows["No double"]["equityValue"] == decision.no_double
        assert rows["Double, take"]["equityValue"] == decision.double_take
        assert rows["Double, pass"]["equityValue"] == decision.double_pass
        assert [r["label"] for r in c.rows if r["best"]] == [verdict] == [right_row(decision)]
        # the loss of doubling stands on the row of the right answer; the other has a dash
        answered = "Double, take" if decision.take else "Double, pass"
        other = "Double, pass" if decision.take else "Double, take"
        assert rows[answered]["loss"] not in ("", "\u2013") and rows[other]["loss"] == "\u2013"
        assert harness.item("hintLine0").isVisible()
    # in a match, at a score: the same agreement, at match equity
    s = set_up(harness, DOUBLE_TAKE, 0, cube=True, match_length=7, score=(4, 2))
    ask_hint(harness)
    decision = expert.cube_decision(s.position, cube_state(s))
    assert cube_state(s).is_match and cube_state(s).away == 3
    values = [r["equityValue"] for r in coach(harness).rows]
    assert values == [decision.no_double, decision.double_take, decision.double_pass]
    assert [r["label"] for r in coach(harness).rows if r["best"]] == [right_row(decision)]


def right_row(decision) -> str:
    """The line of the cube hint that is right by the Expert's decision."""
    if not decision.double:
        return "No double"
    return "Double, take" if decision.take else "Double, pass"


def test_the_take_or_pass_hint_agrees_with_the_experts_cube_decision(harness, expert):
    harness.open(seed=2)
    for text, right in ((DOUBLE_TAKE, "Take"), (DOUBLE_PASS, "Pass")):
        s = set_up(harness, text, 0, cube=True)
        harness.click("doubleButton")
        assert harness.game.mustAnswerDouble
        ask_hint(harness)
        c = coach(harness)
        assert c.kind == "answer"
        decision = expert.cube_decision(s.position, cube_state(s))
        rows = {r["label"]: r for r in c.rows}
        assert rows["Take"]["equityValue"] == -decision.double_take
        assert rows["Pass"]["equityValue"] == -decision.double_pass
        assert [r["label"] for r in c.rows if r["best"]] == [right]
        assert (right == "Take") == decision.take


def test_in_a_review_the_cube_hint_marks_the_action_made(harness, expert):
    # the take made was not marked in the review's hint, as the play made is (a tester)
    harness.open(seed=2)
    s = set_up(harness, DOUBLE_TAKE, 0, cube=True)
    decision = expert.cube_decision(s.position, cube_state(s))
    harness.click("doubleButton")
    harness.click("takeButton")
    harness.settle()
    harness.click("historyBackButton")  # the double offered
    assert harness.game.reviewing
    ask_hint(harness)
    assert coach(harness).kind == "answer"
    assert [r["label"] for r in coach(harness).rows] == ["Take (chosen)", "Pass"]
    harness.click("historyBackButton")  # before it: the doubler's cube action
    ask_hint(harness)
    doubled = "Double, take" if decision.take else "Double, pass"
    labels = [r["label"] for r in coach(harness).rows]
    assert coach(harness).kind == "cube" and f"{doubled} (chosen)" in labels
    assert sum(label.endswith(" (chosen)") for label in labels) == 1
    # no double, then a roll
    set_up(harness, NO_DOUBLE, 0, cube=True)
    harness.click("rollButton")
    harness.settle()
    harness.click("historyBackButton")
    ask_hint(harness)
    labels = [r["label"] for r in coach(harness).rows]
    assert labels == ["No double (chosen)", "Double, take", "Double, pass"]


def test_the_winning_chances_on_request(harness, expert):
    harness.open(seed=2)
    s = set_up(harness, DOUBLE_TAKE, 0, cube=True)
    QTest.keyClick(
        harness.window,
        Qt.Key.Key_H,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    c = coach(harness)
    harness.qtbot.waitUntil(lambda: c.kind == "chances" and not c.busy, timeout=30000)
    from ai.hint import chances
    from app.i18n import format_percent

    w, wg, *_ = chances(expert, s.position, cube_state(s))
    assert format_percent(w, 1) in c.summary and format_percent(wg, 1) in c.summary
    assert harness.item("hintSummary").isVisible()
    QTest.keyClick(harness.window, Qt.Key.Key_Escape)
    assert not c.visible


def test_the_hint_never_blocks_the_window(harness):
    """While the Expert works in its thread, the GUI thread keeps its 5 ms timer going: the
    longest pause between two ticks while the hint is worked out stays short. (The first frame
    of the panel and the frame that shows the answer are the window's own drawing, before and
    after.)"""
    harness.open(seed=9)
    # 3-3: 106 plays to judge, several times the work of a roll of 13 (5-4 took 0.08 s in a
    # quiet clone, under the 0.1 s this test needs to see the window kept going)
    set_up(harness, HITS, 0, dice=(3, 3))
    c = coach(harness)
    ticks: list[tuple[float, bool]] = []
    timer = QTimer()
    timer.setInterval(5)
    timer.timeout.connect(lambda: ticks.append((time.perf_counter(), c.busy)))
    # the garbage of the windows of earlier tests goes first: a full collection (any thread's)
    # stops every Python thread, and it is not the hint's doing
    gc.collect()
    timer.start()
    harness.settle(50)
    c.hint()
    started = time.perf_counter()
    harness.qtbot.waitUntil(lambda: not c.busy, timeout=30000)
    took = time.perf_counter() - started
    timer.stop()
    busy = [t for t, b in ticks if b]
    gaps = [b - a for a, b in zip(busy, busy[1:], strict=False)]
    assert c.rows and took > 0.1 and len(gaps) > 5  # the Expert had work to do ...
    longest = max(gaps)
    assert longest < 0.1, f"the window froze {longest:.3f} s while the hint took {took:.2f} s"
    print(f"hint {took:.2f} s: {len(gaps)} ticks, longest gap {longest * 1000:.0f} ms")


# -- the tutor -------------------------------------------------------------------------------------
def judged_bad_play(expert, s):
    """A play of the roll that the tutor must mark: the Expert's worst, judged very bad."""
    plays = {p.result: p for p in legal_plays(s.position, s.dice)}
    worst = plays[expert.rank(s.position, s.dice, cube_state(s))[-1].result]
    decision = Analyser(expert.evaluator, deep=True).judge(
        s.match, {"type": "play", "result": worst.result.position_id()}
    )
    assert decision is not None and decision.mark == "very bad"
    return worst, decision


def at_a_bad_play(harness, expert, tutor_mode: int):
    """The window open on a roll of ``HITS`` with the tutor at ``tutor_mode``: the session, the
    Expert's worst play of it and the tutor's judgement of that play."""
    harness.open(seed=4)
    harness.game.tutorMode = tutor_mode
    s = set_up(harness, HITS, 0, dice=(6, 3))
    worst, decision = judged_bad_play(expert, s)
    return s, worst, decision


def tutor_speaks(harness) -> None:
    harness.qtbot.waitUntil(lambda: harness.w.tutor.visible, timeout=30000)
    harness.settle(50)  # the panel is laid out below the board


def test_the_tutor_warns_before_a_bad_play_ends_the_turn_and_play_anyway_ends_it(harness, expert):
    s, worst, decision = at_a_bad_play(harness, expert, 2)  # from bad plays
    play_by_clicks(harness, 0, worst)  # the last step clicks Done
    tutor_speaks(harness)
    text = harness.item("tutorText").property("text")
    assert decision.best in text and f"{decision.loss:.3f}" in text
    assert harness.item("tutorMark").property("text") == "Very bad"
    assert s.phase == "move" and s.on_roll == 0  # the turn has not ended
    assert not harness.game.canConfirm and not harness.game.humanToAct
    harness.click("tutorAnywayButton")
    assert s.on_roll == 1 and s.log[-1].endswith(str(worst))
    assert harness.hidden("tutorPanel")


def test_undo_and_rethink_takes_the_turn_back(harness, expert):
    s, worst, _decision = at_a_bad_play(harness, expert, 1)
    play_by_clicks(harness, 0, worst)
    tutor_speaks(harness)
    harness.click("tutorRethinkButton")
    assert s.phase == "move" and s.on_roll == 0 and not s.turn.steps
    assert harness.game.humanToAct and harness.game.legalSteps
    best = best_plays_of(expert, s)[0]
    play_by_clicks(harness, 0, best)  # the player moves again; the tutor lets the best play pass
    harness.qtbot.waitUntil(lambda: s.on_roll == 1, timeout=30000)
    assert s.log[-1].endswith(str(best))
    assert not harness.w.tutor.visible


def test_the_tutor_warns_again_when_the_same_play_is_made_again(harness, expert):
    # after "Undo and rethink" the same bad play passed unwarned, as if it were right now
    s, worst, _decision = at_a_bad_play(harness, expert, 2)
    for _ in range(2):
        play_by_clicks(harness, 0, worst)
        tutor_speaks(harness)
        assert s.on_roll == 0
        rethink = harness.item("tutorRethinkButton")
        spot = harness.centre(rethink).toPoint()
        harness.click("tutorRethinkButton")
        assert not s.turn.steps and not harness.w.tutor.visible
    harness.auto_confirm = False
    play_by_clicks(harness, 0, worst)
    # the warning came again under the pointer resting where "Undo and rethink" was clicked:
    # that button's tip does not stand over it until the pointer moves (testers)
    QTest.mouseMove(harness.window, spot)
    harness.settle(50)
    QTest.keyClick(harness.window, Qt.Key.Key_Return)  # the turn ends: the warning comes
    tutor_speaks(harness)
    harness.settle(700)  # the tip's delay
    assert rethink.property("hovered") and not qml_value(rethink, "ToolTip.visible")
    QTest.mouseMove(harness.window, spot + QPoint(3, 0))
    harness.settle(700)
    assert qml_value(rethink, "ToolTip.visible")  # the tip comes as the pointer moves
    harness.click("tutorAnywayButton")  # only this lets it pass
    assert s.on_roll == 1 and s.log[-1].endswith(str(worst))


def test_the_tutor_answers_by_keyboard(harness, expert):
    """The tutor's word takes the keys: its first choice in focus (Enter answers it, Tab reaches
    the others), Esc takes the decision back; the board has the keys again after."""
    s, worst, _decision = at_a_bad_play(harness, expert, 2)
    play_by_clicks(harness, 0, worst)
    tutor_speaks(harness)
    assert harness.item("tutorRethinkButton").hasActiveFocus()
    QTest.keyClick(harness.window, Qt.Key.Key_Escape)  # Undo and rethink
    harness.settle(20)
    assert not harness.w.tutor.visible and not s.turn.steps and s.on_roll == 0
    assert harness.item("board").hasActiveFocus()
    play_by_clicks(harness, 0, worst)
    tutor_speaks(harness)
    gold = ["tutorRethinkButton", "tutorBestButton", "tutorAnywayButton"]
    assert [harness.item(name).property("primary") for name in gold] == [True, False, False]
    QTest.keyClick(harness.window, Qt.Key.Key_Tab)
    QTest.keyClick(harness.window, Qt.Key.Key_Tab)
    assert harness.item("tutorAnywayButton").hasActiveFocus()
    # the gold follows the keys (found by a tester: it stayed on the first choice while Enter
    # would answer another)
    assert [harness.item(name).property("primary") for name in gold] == [False, False, True]
    QTest.keyClick(harness.window, Qt.Key.Key_Return)  # Play anyway
    harness.settle(20)
    assert s.on_roll == 1 and s.log[-1].endswith(str(worst))


def test_enter_answers_the_tutor_after_a_play_by_the_mouse(harness, expert):
    # a mouse player's Enter did nothing while "Undo and rethink" stood in gold: the window's
    # Enter, which ends a turn, took it (a tester); Space pressed it
    s, worst, _decision = at_a_bad_play(harness, expert, 2)
    play_by_clicks(harness, 0, worst)
    tutor_speaks(harness)
    QTest.keyClick(harness.window, Qt.Key.Key_Return)
    harness.settle(20)
    assert not harness.w.tutor.visible and not s.turn.steps and s.on_roll == 0


def test_the_boards_ring_is_for_the_keys_not_for_a_mouse_player(harness, expert):
    """Found by a tester who played with the mouse alone: after a click on the tutor's buttons
    the board's keyboard ring came and followed the game from point to point (the tutor gives
    its first choice the keys, as a Tab would). It shows after a key only."""
    s, worst, _decision = at_a_bad_play(harness, expert, 2)
    play_by_clicks(harness, 0, worst)
    tutor_speaks(harness)
    assert harness.item("tutorRethinkButton").hasActiveFocus()
    harness.click("tutorRethinkButton")
    harness.settle(20)
    board = harness.item("board")
    assert board.hasActiveFocus() and not s.turn.steps
    assert harness.find("focusRing") is None
    for key in (Qt.Key.Key_Escape, Qt.Key.Key_Shift):  # a mouse player's keys: no ring
        QTest.keyClick(harness.window, key)
        harness.settle(20)
        assert harness.find("focusRing") is None
    QTest.keyClick(harness.window, Qt.Key.Key_Left)  # the keys: the ring
    harness.settle(20)
    assert harness.item("focusRing").isVisible()
    play_by_clicks(harness, 0, worst)  # the mouse again: none
    harness.settle(20)
    assert harness.find("focusRing") is None


def test_the_tutor_keeps_out_of_the_history(harness, expert):
    # found by a tester: Tab past the tutor's choices reached the history, whose moments then
    # showed the tutor's word on the decision in hand (and its best play hinted a moment)
    s, worst, _decision = at_a_bad_play(harness, expert, 2)
    play_by_clicks(harness, 0, worst)
    tutor_speaks(harness)
    harness.click("historyBackButton")
    assert harness.game.reviewing and harness.hidden("tutorPanel")
    QTest.keyClick(harness.window, Qt.Key.Key_Escape)  # back to the game: the word again
    harness.settle(20)
    assert not harness.game.reviewing and harness.item("tutorPanel").isVisible()
    assert s.phase == "move" and s.on_roll == 0


def test_show_the_best_play_takes_the_turn_back_and_shows_it_as_arrows(harness, expert):
    s, worst, decision = at_a_bad_play(harness, expert, 3)  # very bad only
    play_by_clicks(harness, 0, worst)
    tutor_speaks(harness)
    assert harness.item("tutorBestButton").property("text") == "Show the best play"
    harness.click("tutorBestButton")
    assert not s.turn.steps and s.on_roll == 0
    wait_for_hint(harness)
    c = coach(harness)
    shown = c.rows[c.selected]["label"]
    assert shown == decision.best
    # the list is the hint, which judges as the tutor does: the play it called best first
    assert c.selected == 0
    # the play held back is listed too, as the person's (it was missing: a tester)
    expected = [str(p) for p in best_plays_of(expert, s)]
    yours = f"{decision.played} (yours)"
    if decision.played in expected:
        expected[expected.index(decision.played)] = yours
    else:
        expected.append(yours)
        assert not c.rows[-1]["rank"]  # below the ranked plays, unnumbered
    assert [r["label"] for r in c.rows] == expected
    best = next(p for p in legal_plays(s.position, s.dice) if str(p) == decision.best)
    arrows = shown_arrows(harness)
    moves = checker_moves((st.src, st.dst, st.hit) for st in best.steps)
    assert len(arrows) == len(moves)
    for arrow, (src, dst, _hit) in zip(arrows, moves, strict=True):
        start, end = arrow_ends(harness, arrow)
        assert scene_rect(harness.item(f"location_{to_location(0, src)}")).contains(start)
        assert scene_rect(harness.item(f"location_{to_location(0, dst)}")).contains(end)


def rolled_out(harness, plays, values) -> None:
    """The hint's plays ``plays`` valued by a rollout (cubeless: their chances) at about
    ``values`` (1 a sure gammon, -1 a sure loss)."""
    from ai.rollout import PlaysRolloutResult

    c = harness.w.coach
    chances = tuple(
        (1.0, 1.0, 0.0, 0.0, 0.0) if v > 0 else (0.0, 0.0, 0.0, 1.0, 0.0) for v in values
    )
    figures = PlaysRolloutResult(
        games=1296,
        equities=tuple(values),
        equity_ses=(0.01,) * len(plays),
        behind=tuple(max(values) - v for v in values),
        behind_ses=(0.01,) * len(plays),
        outputs=chances,
        seconds=1.0,
    )
    c.show_rollout(c.shown_moment(), tuple(p.result for p in plays), figures)
    harness.settle()


def test_the_tutor_judges_a_play_by_the_rollout_the_hint_shows(harness, expert):
    """Found by a tester: a rollout ranked a play first in the hint's list, the player played
    it, and the tutor called it doubtful by the evaluation the list no longer showed. The
    tutor judges as the list does: a play the rollout puts first passes; a play it puts low is
    judged against the list's first, and "Show the best play" shows the list with the rollout."""
    s, worst, _decision = at_a_bad_play(harness, expert, 1)
    hinted = best_plays_of(expert, s)
    ask_hint(harness)
    rolled_out(harness, [hinted[0], worst], [-1.0, 1.0])  # the worst play a sure gammon
    play_by_clicks(harness, 0, worst)
    harness.settle(200)
    harness.qtbot.waitUntil(lambda: s.on_roll == 1 or harness.w.tutor.visible, timeout=30000)
    assert not harness.w.tutor.visible and s.log[-1].endswith(str(worst))
    # the second best by the evaluation rolled out ahead, the best far behind
    s, worst, _decision = at_a_bad_play(harness, expert, 1)
    ask_hint(harness)
    rolled_out(harness, [hinted[0], hinted[1]], [-1.0, 1.0])
    play_by_clicks(harness, 0, worst)
    tutor_speaks(harness)
    assert str(hinted[1]) in harness.item("tutorText").property("text")
    harness.click("tutorBestButton")
    wait_for_hint(harness)
    c = coach(harness)
    assert c.rows[0]["label"] == f"{hinted[1]} (rollout)" and c.selected == 0


def test_the_tutor_stays_quiet_on_the_best_play_and_when_off(harness, expert):
    harness.open(seed=4)
    harness.game.tutorMode = 1
    s = set_up(harness, HITS, 0, dice=(6, 3))
    play_by_clicks(harness, 0, best_plays_of(expert, s)[0])
    harness.qtbot.waitUntil(lambda: s.on_roll == 1, timeout=30000)
    assert not harness.w.tutor.visible
    harness.game.tutorMode = 0
    s = set_up(harness, HITS, 0, dice=(6, 3))
    worst, _decision = judged_bad_play(expert, s)
    play_by_clicks(harness, 0, worst)
    assert s.on_roll == 1 and not harness.w.tutor.visible  # at once: nothing was judged


def test_the_tutor_judges_the_cube(harness):
    harness.open(seed=4)
    harness.game.tutorMode = 2
    # a double where no double is right
    s = set_up(harness, NO_DOUBLE, 0, cube=True)
    harness.click("doubleButton")
    tutor_speaks(harness)
    assert "doubling" in harness.item("tutorText").property("text")
    # of a cube decision, the best action (Danish said "the best move" there)
    assert harness.item("tutorBestButton").property("text") == "Show the best action"
    # and the decision kept as it is: "Double anyway", not "Play anyway" (seen by a tester)
    assert harness.item("tutorAnywayButton").property("text") == "Double anyway"
    assert s.phase == "roll"  # the double is not offered yet
    harness.click("tutorAnywayButton")
    assert s.phase == "double"
    # a missed double: said when the player rolls, before the dice are thrown
    s = set_up(harness, DOUBLE_TAKE, 0, cube=True)
    harness.click("rollButton")
    tutor_speaks(harness)
    assert "without doubling" in harness.item("tutorText").property("text")
    assert harness.item("tutorAnywayButton").property("text") == "Roll anyway"
    assert s.phase == "roll"
    harness.click("tutorRethinkButton")
    assert s.phase == "roll" and harness.game.canDouble
    harness.click("doubleButton")  # the right action passes
    harness.qtbot.waitUntil(lambda: s.phase == "double", timeout=30000)
    assert not harness.w.tutor.visible
    # a pass where taking is right
    harness.click("passButton")
    tutor_speaks(harness)
    assert "passing" in harness.item("tutorText").property("text")
    assert harness.item("tutorAnywayButton").property("text") == "Pass anyway"
    harness.click("tutorBestButton")
    wait_for_hint(harness)
    assert coach(harness).kind == "answer"
    assert [r["label"] for r in coach(harness).rows if r["best"]] == ["Take"]
    harness.click("takeButton")  # the right answer passes
    harness.qtbot.waitUntil(lambda: s.phase == "roll", timeout=30000)
    assert s.cube_value == 2 and not harness.w.tutor.visible


# -- the shot counter ------------------------------------------------------------------------------
def hover(harness, item) -> None:
    QTest.mouseMove(harness.window, harness.centre(item).toPoint())
    harness.settle(20)


def test_the_shot_counter_on_a_blot_under_the_pointer(harness):
    harness.open(seed=6)
    text = "x 24:2 13:4 8:3 6:4 9:1 4:1; o 19:5 17:3 12:5 1:1 3:1"
    s = set_up(harness, text, 0)
    position = s.position
    hover(harness, harness.item("location_9"))
    assert harness.hidden("locationNote")  # the setting is off
    harness.game.shotCounter = True
    hover(harness, harness.item("location_4"))
    hover(harness, harness.item("location_9"))
    counter = harness.w.shots
    mine = {9: shots_on(position, 9), 4: shots_on(position, 4)}
    theirs = {p: shot_count(position, p) for p in (1, 3)}  # White's points are the locations
    for location, count in {**mine, **theirs}.items():
        hover(harness, harness.item(f"location_{location}"))
        assert counter.location == location and counter.count == count
        assert harness.item("locationNote").isVisible()
        assert harness.item("locationNoteText").property("text") == f"Hit by {count} of 36 rolls"
        # beside the blot, within the fields (it stood at the point's tip, over the cube)
        note, blot = (
            scene_rect(harness.item("locationNote")),
            scene_rect(harness.item(f"location_{location}")),
        )
        board = scene_rect(harness.item("board"))
        top = blot.center().y() < board.center().y()  # a point of the upper half
        gap = note.top() - blot.top() if top else blot.bottom() - note.bottom()
        assert 0 <= gap < 1.5 * blot.width(), (location, note, blot)  # one checker's room
        assert board.contains(note)
    assert mine[9] != mine[4]  # the counts differ, so the right one was shown
    hover(harness, harness.item("location_13"))  # not a blot
    assert harness.hidden("locationNote")
    # no contact left: no count ("0 of 36" in a bear-off said nothing)
    set_up(harness, "x 6:2 5:1 4:3; o 19:3 21:1 22:2", 0)
    hover(harness, harness.item("location_5"))
    assert counter.location == -1 and harness.hidden("locationNote")
    # nor over a finished game (found by a tester: "Hit by 0 of 36 rolls" beside the card)
    # nor over a game given up with checkers in contact (found by a tester: "Hit by 11 of 36
    # rolls" beside the end-of-game card)
    set_up(harness, text, 0)
    hover(harness, harness.item("location_9"))
    assert counter.location == 9  # in play, the blot is counted
    harness.w.flow.act(lambda session: session.resign(0, 1))
    harness.qtbot.waitUntil(lambda: harness.game.gameOver.get("visible"), timeout=5000)
    hover(harness, harness.item("location_4"))
    hover(harness, harness.item("location_9"))
    assert counter.location == -1 and harness.hidden("locationNote")


def test_the_shot_counter_waits_while_the_computer_acts(harness):
    """Found by a tester: "Hit by 18 of 36 rolls" stayed beside a blot while the computer
    rolled, hit it and played on, counted anew on each board of its turn; the note comes back
    on the board the person then plays on."""
    harness.open(seed=6)
    set_up(harness, "x 24:2 13:4 8:3 6:4 9:1 4:1; o 19:5 17:3 12:5 1:1 3:1", 0)
    harness.game.shotCounter = True
    counter, view = harness.w.shots, harness.w.flow.view
    hover(harness, harness.item("location_4"))  # (the pointer may stand on 9 already)
    hover(harness, harness.item("location_9"))
    assert counter.location == 9 and harness.item("locationNote").isVisible()
    still = view.state
    view.update_fields(computerPlayer=1, onRoll=1)  # the computer acts (its roll, its steps)
    harness.settle(20)
    assert counter.location == -1 and harness.hidden("locationNote")
    view.update(still)  # the person's turn again, the pointer where it was
    harness.settle(20)
    assert counter.location == 9 and harness.item("locationNote").isVisible()


# -- failures and when there is nothing to ask ----------------------------------------------------
def test_a_judge_that_cannot_load_is_said_and_the_game_goes_on(harness, monkeypatch):
    harness.open(seed=4)
    judges = harness.w.coach._judges

    def missing():
        raise FileNotFoundError("the trained networks are missing")

    monkeypatch.setattr(judges, "player", missing)
    monkeypatch.setattr(judges, "analyser", missing)
    s = set_up(harness, HITS, 0, dice=(6, 3))
    harness.click("coachHintButton")
    c = coach(harness)
    harness.qtbot.waitUntil(lambda: c.visible and not c.busy, timeout=30000)
    harness.settle(50)
    assert "could not be worked out" in c.summary and "networks are missing" in c.summary
    assert harness.item("hintSummary").isVisible()
    harness.click("hintCloseButton")
    harness.game.tutorMode = 1
    play_by_clicks(harness, 0, legal_plays(s.position, s.dice)[0])
    tutor_speaks(harness)
    assert "could not judge" in harness.item("tutorText").property("text")
    assert not harness.item("tutorBestButton").isEnabled()
    harness.click("tutorAnywayButton")
    assert s.on_roll == 1


def test_no_hint_for_the_computers_decisions(harness, monkeypatch):
    # the Expert's decisions wait for the test, so that it is surely the computer's turn, and
    # thinking, when the hint is asked for (on a busy machine the person's clicks can take
    # longer than a whole turn of the Expert)
    gate = threading.Event()
    for name in ("should_double", "choose_play"):
        decide = getattr(ComputerPlayer, name)

        def held(self, *args, _decide=decide, **kwargs):
            gate.wait(10)
            return _decide(self, *args, **kwargs)

        monkeypatch.setattr(ComputerPlayer, name, held)
    gate.set()  # until the person is to act
    harness.open(seed=2)
    harness.game.newGame({"opponent": "expert"})
    harness.wait_for_human()
    gate.clear()
    assert harness.w.coach.available and harness.item("coachHintButton").isEnabled()
    s = harness.game.session
    game = harness.game
    if s.phase == "roll":
        harness.click("rollButton")
    harness.qtbot.waitUntil(lambda: bool(game.legalSteps) or game.canConfirm)
    while s.on_roll == 0 and game.legalSteps:
        harness.play_step(game.legalSteps[0])
    harness.confirm_if_done()
    harness.qtbot.waitUntil(lambda: s.on_roll == 1 and game.thinking)
    assert not harness.w.coach.available
    assert not harness.item("coachHintButton").isEnabled()
    harness.w.coach.hint()
    assert not harness.w.coach.visible and not harness.w.coach.working
    gate.set()
    harness.wait_for_human()


def test_the_hint_answers_for_the_moment_under_review(harness, expert):
    # a teacher stepping through a game could not ask what the best play of a roll was
    harness.open(seed=8)
    game = harness.game
    game.newGame({"opponent": "human"})
    harness.settle()
    for _turn in range(3):
        s = game.session
        play_by_clicks(harness, s.on_roll, legal_plays(s.position, s.dice)[-1])
        harness.click("rollButton")
    live = game.session
    harness.click("moveLine2")  # the board after the second play ...
    harness.click("historyBackButton")  # ... and before it, its dice on show
    assert game.reviewing
    moment = harness.w.flow.history.moment()
    assert moment.dice is not None and harness.item("coachHintButton").property("enabled")
    ask_hint(harness)
    c = coach(harness)
    position = Position.from_position_id(moment.ids[0])
    reviewed = harness.w.coach._session()
    assert reviewed is not live and reviewed.position == position
    # the play made there (the last legal one) is listed too, and said to be the one made
    items = harness.w.flow.history.items()
    made = Position.from_position_id(items[items.index(moment) + 1].ids[0])
    state = judged_state(reviewed.match, reviewed.match.game, reviewed.on_roll)
    shown = analysed_plays(Analyser(expert.evaluator), position, reviewed.dice, state, also=made)
    labels = [f"{h.play} (played)" if h.play.result == made else str(h.play) for h in shown]
    assert [r["label"] for r in c.rows] == labels
    assert len(labels) == 6 and labels[-1].endswith(" (played)")  # below the first five
    # ranked 1 to 5, the play made below them without a rank (it read "6.", a sixth best)
    assert [r["rank"] for r in c.rows] == ["1. ", "2. ", "3. ", "4. ", "5. ", ""]
    said = [harness.item(f"hintLabel{i}").property("text") for i in range(6)]
    assert said[0].startswith("1. ") and said[4].startswith("5. ") and said[5] == labels[-1]
    best = [h.play for h in shown]
    arrows = shown_arrows(harness)
    assert c.selected == 0 and len(arrows) == len(best[0].steps)
    # and a rollout of the plays plays it out against the first two
    target = c.rollout_target()
    assert [number for number, _label, _result in target.plays] == [1, 2, 6]
    assert live.turn is not None and live.dice is not None  # the game itself untouched
    QTest.keyClick(harness.window, Qt.Key.Key_Escape)  # closes the hint, not the review
    assert not c.visible and game.reviewing and harness.w.flow.history.moment() == moment
    ask_hint(harness)
    harness.click("historyBackButton")  # another moment: the hint of this one closes
    assert not c.visible
    QTest.keyClick(harness.window, Qt.Key.Key_Escape)  # then Esc leaves the review
    assert not game.reviewing
    harness.click("historyBackButton")
    harness.click("leaveReviewButton")
    assert not game.reviewing and game.session is live


def test_an_equity_that_rounds_to_nothing_has_no_minus():
    """A rollout wrote "1. 24/21 13/11: \u22120,000 \u00b1 0,065"; the analysis's luck and
    losses wrote their own sign, with the minus."""
    from app.i18n import format_signed as signed

    assert [signed(v) for v in (-0.0002, -0.0005, 0.0, 0.0004)] == ["+0.000"] * 4
    assert signed(-0.0006) == "\u22120.001" and signed(0.1234) == "+0.123"
    assert signed(-0.004, 2) == "+0.00" and signed(-0.006, 2) == "\u22120.01"
    assert signed(-0.25, 3, "da") == "\u22120,250"


def test_the_play_that_ended_the_game_is_the_one_made_in_the_review(harness):
    """The board after the last play is seen from its player, not from the next one's."""
    harness.open(seed=8)
    set_up(harness, "x 2:1 1:1; o 19:5 20:5 21:5", dice=(2, 1))
    s = harness.game.session
    finishing = next(p for p in legal_plays(s.position, (2, 1)) if p.result.is_game_over())
    play_by_clicks(harness, 0, finishing)
    harness.settle()
    assert harness.game.session.phase in ("game_over", "match_over")
    harness.click("historyBackButton")  # the roll, about to be played
    assert harness.game.reviewing and harness.game.dice
    ask_hint(harness)
    labels = [r["label"] for r in coach(harness).rows]
    assert f"{finishing} (played)" in labels


def test_the_hint_offers_to_play_a_play_only_where_there_is_a_choice(harness, expert):
    """Found by a tester: after a forced move played for the player the hint still said
    "double-click it to play it" of the roll's one play, already played. With a choice, a play
    made (Done not yet pressed) may still be changed by a double-click."""
    harness.open(seed=5)
    game = harness.game
    game.newGame({"opponent": "expert"})
    harness.wait_for_human()
    harness.w.flow.show_position(Position.from_points({13: 1}, {1: 2}), 0, dice=(6, 5))
    harness.settle()
    assert game.board[2] == 1 and game.canConfirm  # 13/2, played for the player
    ask_hint(harness)
    said = coach(harness).summary
    assert "Click a play to see it on the board." in said and "double-click" not in said
    harness.click("hintCloseButton")
    harness.w.flow.show_position(Position.from_points({13: 2}, {1: 2}), 0, dice=(6, 5))
    harness.settle()
    harness.auto_confirm = False
    while game.legalSteps:  # a play of several made by hand, Done not yet pressed
        harness.play_step(game.legalSteps[0])
    assert game.canConfirm
    ask_hint(harness)
    assert "double-click it to play it" in coach(harness).summary


def test_the_hint_says_what_its_equities_count_once_the_cube_is_turned(harness):
    """Found by a tester: after a double taken the best play's equity stood at half the value
    of "double, take" a moment before, with nothing to say why."""
    harness.open(seed=5)
    set_up(harness, HITS, 0, dice=(6, 3), cube=True)
    ask_hint(harness)
    assert "whatever the cube" not in coach(harness).summary  # at 1, nothing to say
    set_up(harness, HITS, 0, dice=(6, 3), cube_value=2, cube_owner=1)
    ask_hint(harness)
    said = coach(harness).summary
    assert "Equities count a game won as 1, whatever the cube: it is at 2 now" in said, said
    set_up(harness, DOUBLE_TAKE, 0, cube_value=4, cube_owner=0)  # before the roll: the cube's
    ask_hint(harness)
    assert "it is at 4 now, so a game won is worth 4 points" in coach(harness).summary
    # in a match to 5 at 0-0 with the cube at 8 a game won wins the match, whatever it is
    # worth for money ("worth 8 points" was said there: a tester)
    set_up(harness, HITS, 0, dice=(6, 3), cube_value=8, cube_owner=1, match_length=5)
    ask_hint(harness)
    said = coach(harness).summary
    assert "it is at 8 now, and a game won wins the match for either player" in said, said


def test_a_take_and_a_pass_worth_the_same_are_said_to_be_so():
    # "Take -1.000, Pass -1.000: Right: pass" (a tester): equal as shown, either is right
    from types import SimpleNamespace

    from ai.cube import CubeDecision
    from app.coach import _answer_verdict

    even = SimpleNamespace(decision=CubeDecision(0.5, 1.0001, 1.0, True))
    assert _answer_verdict(even).template == (
        "Take and pass are worth the same here: either is right."
    )
    clear = SimpleNamespace(decision=CubeDecision(0.5, 0.9, 1.0, True))
    assert _answer_verdict(clear).template == "Right: take."
    assert _answer_verdict(
        SimpleNamespace(decision=CubeDecision(0.5, 1.1, 1.0, True))
    ).template == ("Right: pass.")
