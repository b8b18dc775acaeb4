"""The analysis and the dice report in the window: run in the background with progress and
cancel, the results shown, a mistake's position on the boards, the marks in the move list, the
dice counted, and a replay on the same dice. Everything is clicked in the rendered window."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest
from PySide6.QtCore import QMetaObject, Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest

from ai.analysis import MatchAnalysis
from app.analysis_texts import MARK_SYMBOLS, mistakes
from app.board_themes import contrast_ratio
from app.session import absolute_board
from engine import Position
from engine.dice_report import match_rolls
from tests.app.driver import layout_lines, qml_value

pytestmark = [pytest.mark.gui, pytest.mark.timeout(240)]
DATA = Path(__file__).resolve().parents[1] / "data"


def play_turns(harness, turns: int, rng: random.Random) -> None:
    """Play ``turns`` turns hot-seat by clicks, each step chosen by ``rng``."""
    game = harness.game
    for _ in range(turns):
        if game.gameOver.get("visible"):
            return
        if game.canRoll:
            harness.click("rollButton")
        while game.legalSteps:
            harness.play_step(rng.choice(game.legalSteps))
        harness.confirm_if_done()
        harness.settle(20)


def rolls_of(match) -> list[list[int]]:
    """Every roll of the match in order, as the dice fell (the opening's dice too)."""
    return [a["dice"] for a in match.history if a["type"] in ("opening", "roll")]


def dialog(harness, name: str):
    return harness.window.findChild(object, name)


def open_analysis_from_history(harness) -> None:
    harness.click("historyBackButton")
    harness.settle()
    assert harness.game.reviewing
    harness.click("reviewAnalyseButton")
    harness.settle(50)
    assert dialog(harness, "analysisDialog").property("visible")


def wait_for_analysis(harness, timeout: int = 120_000) -> None:
    analysis = harness.w.analysis
    harness.qtbot.waitUntil(lambda: not analysis.running, timeout=timeout)
    harness.settle(50)


def started_game(harness, seed: int = 23, turns: int = 10):
    harness.open(seed=seed)
    harness.game.newGame({"opponent": "human", "name0": "Ada", "name1": "Bo"})
    play_turns(harness, turns, random.Random(seed))
    return harness.w.flow.session


def analysed_mistakes(harness, turns: int = 10):
    """A game of random plays (``started_game``) analysed from the history, its mistakes' tab
    open: the session."""
    session = started_game(harness, turns=turns)
    open_analysis_from_history(harness)
    wait_for_analysis(harness)
    harness.click("mistakesTab")
    harness.settle(50)
    return session


def test_analysis_from_the_history_shows_progress_and_its_results(harness):
    session = started_game(harness)
    analysis = harness.w.analysis
    seen: list[int] = []
    analysis.changed.connect(lambda: seen.append(analysis.progress))
    open_analysis_from_history(harness)  # starts the analysis of the game on show
    assert analysis.running
    assert harness.item("analysisProgress").isVisible()
    cancel = harness.item("cancelAnalysisButton")
    spot = cancel.mapToScene(cancel.boundingRect().center())
    wait_for_analysis(harness)
    # the tabs did not come where Cancel was: a click meant to cancel chose the chart (found
    # by a tester)
    tabs = harness.item("analysisTabs")
    assert not tabs.mapRectToScene(tabs.boundingRect()).contains(spot)
    assert analysis.problem == "" and analysis.available
    assert any(0 < p < 100 for p in seen) and seen[-1] == 100
    assert harness.hidden("analysisProgress")

    result = session.analysis
    assert result is not None and result.games == (0,) and result.fits(session.match)
    # the summary shows the analysis's own figures, for both players
    rows = {row["label"]: row["values"] for row in analysis.summary}
    cells = {harness.item(f"summaryCell{i}").property("text") for i in range(3 * len(rows))}
    for player in result.players:
        assert str(player.decisions) in cells
        assert f"{player.error_rate_memg:.1f}" in rows["Error rate (mEMG per decision)"]
        assert str(player.marks["very bad"]) == rows["Very bad (??)"][player.player]
    assert rows["Player"] == ["Ada", "Bo"]
    counted = [d for d in result.decisions if d.counted]
    assert sum(p.decisions for p in result.players) == len(counted) > 0


@pytest.mark.parametrize(("level", "said"), [("hard", True), ("medium", False)])
def test_the_analysis_says_when_the_computer_is_judged_by_its_own_evaluation(harness, level, said):
    # a learner read the Expert's "world class, 0.0 mEMG" as the truth (found by a tester)
    harness.open(seed=7)
    harness.game.newGame({"opponent": level})
    for _ in range(2):
        harness.play_a_turn()
    harness.wait_for_human()
    open_analysis_from_history(harness)
    wait_for_analysis(harness)
    note = harness.w.analysis.note
    assert ("its error rate says little of how strong it is" in note) == said
    if said:
        assert harness.item("analysisNote").property("text") == note


def test_the_analysis_can_be_cancelled(harness):
    session = started_game(harness, seed=31, turns=12)
    analysis = harness.w.analysis

    def cancel_early() -> None:
        if analysis.running and 0 < analysis.progress < 50:
            harness.click("cancelAnalysisButton")

    analysis.changed.connect(cancel_early)
    open_analysis_from_history(harness)
    harness.qtbot.waitUntil(lambda: not analysis.running, timeout=60_000)
    analysis.changed.disconnect(cancel_early)
    harness.settle(500)  # the worker's last report, if any, is dropped
    assert session.analysis is None and not analysis.available
    assert analysis.problem == ""
    assert harness.hidden("analysisProgress")
    assert harness.item("analysisNote").property("text") == "The analysis was cancelled."
    # and it can run again to the end
    harness.click("analyseGameButton")
    wait_for_analysis(harness)
    assert analysis.available and session.analysis is not None
    assert "cancelled" not in analysis.note
    pages = harness.item("analysisPages")
    assert pages.isEnabled() and pages.property("opacity") == 1
    # a new analysis under way: the one before stays dimmed and out of reach (its figures were
    # read as the new ones: a tester), and comes back as it was when that one is cancelled
    harness.click("analyseGameButton")
    assert analysis.running and not pages.isEnabled() and pages.property("opacity") < 0.5
    harness.click("cancelAnalysisButton")
    harness.settle(50)
    assert pages.isEnabled() and pages.property("opacity") == 1
    assert analysis.note == "The analysis was cancelled; the one made before is shown."


def test_a_chosen_mistake_stays_whole_in_view_when_the_list_shrinks(harness):
    # the list shrank to a band over the boards and cut the chosen fifth row in half
    session = analysed_mistakes(harness, turns=16)
    worst = mistakes(session.analysis)
    assert len(worst) >= 6
    listed = harness.item("mistakeList")
    last = max(i for i in range(len(worst)) if harness.find(f"mistake{i}") is not None)
    row = harness.item(f"mistake{last}")
    harness.click(f"mistake{last}")
    harness.settle(50)
    assert harness.w.analysis.boards["visible"] and listed.height() < row.height() * (last + 1)
    top = row.mapToItem(listed, row.boundingRect().topLeft()).y()
    assert top >= 0 and top + row.height() <= listed.height() + 0.5


def test_the_keys_go_through_the_mistakes(harness):
    # Up and Down did nothing in the list (a click was the only way to the next mistake, and a
    # few rows stand above the boards at 1024x768); Enter shows the chosen one on the board
    session = analysed_mistakes(harness, turns=16)
    worst = mistakes(session.analysis)
    assert len(worst) >= 6
    analysis, listed = harness.w.analysis, harness.item("mistakeList")
    harness.click("mistake0")
    harness.settle(50)
    assert listed.hasActiveFocus()
    for key, chosen in (
        (Qt.Key.Key_Down, 1),
        (Qt.Key.Key_Down, 2),
        (Qt.Key.Key_Up, 1),
        (Qt.Key.Key_End, len(worst) - 1),
        (Qt.Key.Key_Down, len(worst) - 1),
        (Qt.Key.Key_Home, 0),
        (Qt.Key.Key_Up, 0),
    ):
        QTest.keyClick(harness.window, key)
        harness.settle(20)
        assert analysis.chosen == chosen, (key, chosen)
        row = harness.item(f"mistake{chosen}")  # the chosen row is brought into sight, whole
        top = row.mapToItem(listed, row.boundingRect().topLeft()).y()
        assert top >= -0.5 and top + row.height() <= listed.height() + 0.5
    QTest.keyClick(harness.window, Qt.Key.Key_PageDown)
    harness.settle(20)
    assert 1 < analysis.chosen < len(worst) - 1 or len(worst) <= 4
    # every mark reads on the chosen row's gold (the doubtful mark's yellow did not)
    for i in range(len(worst)):
        analysis.choose(i)
        harness.settle(5)
        row, mark = harness.find(f"mistake{i}"), harness.find(f"mistakeMark{i}")
        if mark is not None:
            gold = QColor(row.property("background").property("color")).name()
            said = QColor(mark.property("color")).name()
            assert contrast_ratio(said, gold) >= 3.0, (worst[i].mark, said, gold)
    analysis.choose(1)
    harness.settle(20)
    QTest.keyClick(harness.window, Qt.Key.Key_Return)
    harness.settle(50)
    assert harness.game.reviewing and not dialog(harness, "analysisDialog").property("visible")


def test_only_the_chosen_mistake_is_ringed(harness):
    # a ring stood on the first row with none chosen (the view's own current row): Down three
    # times and Enter showed the third mistake where the ring had said the fourth (a tester)
    from PySide6.QtCore import QObject

    session = analysed_mistakes(harness, turns=16)
    analysis, listed = harness.w.analysis, harness.item("mistakeList")
    frame = harness.window.findChild(QObject, "focusFrame")

    def ringed() -> str:
        return qml_value(frame, "visible && control ? control.objectName : ''")

    assert analysis.chosen == -1
    listed.setProperty("currentIndex", 0)  # as the view sets it itself when its rows change
    harness.settle(20)
    harness.click("summaryTab")
    harness.click("mistakesTab")  # the keys to the list
    harness.settle(50)
    assert listed.hasActiveFocus() and listed.property("currentIndex") == -1
    assert not ringed().startswith("mistake"), ringed()
    for chosen in (0, 1, 2):
        QTest.keyClick(harness.window, Qt.Key.Key_Down)
        harness.settle(20)
        assert analysis.chosen == chosen and listed.property("currentIndex") == chosen
        assert not ringed().startswith("mistake"), ringed()  # the list rings it in gold
    QTest.keyClick(harness.window, Qt.Key.Key_Return)
    harness.settle(50)
    assert harness.game.reviewing and analysis.chosen == 2
    assert len(mistakes(session.analysis)) > 2


def test_a_mistake_opens_its_position_with_the_played_and_the_best_play(harness):
    session = analysed_mistakes(harness)
    worst = mistakes(session.analysis)
    assert worst, "random plays always make mistakes"
    # until one is chosen the list has the tab's height (it stood in a band over an empty tab)
    listed, shown = harness.item("mistakeList"), dialog(harness, "analysisDialog")
    assert listed.height() > 0.45 * shown.property("height")
    assert worst[0].loss == max(d.loss for d in session.analysis.decisions if d.counted)
    harness.click("mistake0")
    boards = harness.w.analysis.boards
    decision = worst[0]
    assert boards["visible"]
    mover = decision.player if decision.kind in ("move", "double") else 1 - decision.player
    expected = absolute_board(Position.from_position_id(decision.position_id), mover)
    played, best = harness.item("playedBoard"), harness.item("bestBoard")
    assert played.isVisible() and best.isVisible()
    assert list(played.property("boardState")) == expected == list(best.property("boardState"))
    if decision.kind == "move":
        assert played.property("arrows") and best.property("arrows")
        assert decision.played in harness.item("playedPlayText").property("text")
        assert decision.best in harness.item("bestPlayText").property("text")
    # the two boards are one size, however many lines their titles take (a title of two lines
    # made its board smaller: a tester)
    for i in range(len(worst)):
        harness.w.analysis.choose(i)
        harness.settle(5)
        assert (played.width(), played.height()) == (best.width(), best.height()), i
    harness.w.analysis.choose(0)
    harness.settle(5)
    title = harness.item("playedPlayText")
    title.setProperty("text", " ".join(["Played: resign a single game"] * 6))  # lines more
    harness.settle(20)
    assert title.property("lineCount") > harness.item("bestPlayText").property("lineCount")
    assert (played.width(), played.height()) == (best.width(), best.height())

    harness.click("showMistakeButton")  # the main board shows it, from the history
    harness.settle(50)
    game = harness.game
    assert game.reviewing and not dialog(harness, "analysisDialog").property("visible")
    assert list(game.board) == expected
    if decision.kind == "move":
        assert sorted(d["value"] for d in game.dice)[-2:] == sorted(decision.dice)[-2:]


def test_marks_appear_in_the_move_list(harness):
    session = started_game(harness)
    open_analysis_from_history(harness)
    wait_for_analysis(harness)
    harness.click("closeAnalysisButton")
    harness.settle(50)
    marked = [d for d in session.analysis.decisions if d.kind == "move" and d.mark != "none"]
    assert marked
    # the move list under review is the game's: each marked play's line carries its mark
    game = harness.game
    texts = [harness.item(f"moveLine{i}").property("text") for i in range(len(game.moveList))]
    for d in marked:
        width = min(10, max(len(n) for n in game.names))
        start = f"{game.names[d.player]:<{width}} {d.dice[0]}{d.dice[1]}  {d.played}\u00a0"
        found = [t[len(start) :].split() for t in texts if t.startswith(start)]
        assert found and any(MARK_SYMBOLS[d.mark] in marks for marks in found), (start, texts)
    legend = harness.item("marksLegend")
    # named as a legend (under the current line, "? bad" was read as that play's mark: a tester)
    assert legend.isVisible() and legend.property("text").startswith("Marks:\u00a0")
    # the legend says what the marks written mean, and only those
    written = {w.strip("()") for t in texts for w in t.split()}
    explained = set()
    for part in legend.property("text").split(" · "):
        assert " " not in part  # a mark never parts from its word at a line's end
        symbols = {w for w in part.replace("\u2060", "").split("\u00a0") if not w.strip("?!+−")}
        assert symbols & written, (part, texts)
        explained |= symbols
    assert written & {"?!", "?", "??", "++", "+", "−", "−−"} <= explained
    # back in the game, the current game's list keeps its marks
    harness.click("leaveReviewButton")
    harness.settle(50)
    texts = [harness.item(f"moveLine{i}").property("text") for i in range(len(game.moveList))]
    marks = set(MARK_SYMBOLS.values())
    assert sum(bool(marks & set(t.split())) for t in texts) == len(marked)


@pytest.mark.parametrize("scale", [100, 150])
def test_a_lines_marks_are_never_broken_apart(harness, scale):
    """Found by a tester: "24/23*/20 ?! ++" was wider than the move list's column and broke
    inside its "++". Where a play's last word and its marks do not fit together, the marks go
    to the next line whole."""
    harness.open(seed=23, size=(1024, 768))
    harness.game.textScale = scale
    harness.game.newGame({"opponent": "human", "name0": "Ada", "name1": "Bo"})
    play_turns(harness, 14, random.Random(23))
    open_analysis_from_history(harness)
    wait_for_analysis(harness)
    harness.click("closeAnalysisButton")
    harness.settle(50)
    signs = "?!+\u2212)"
    checked = 0
    for i in range(len(harness.game.moveList)):
        play = harness.find(f"movePlay{i}")
        if play is None or not any(c in play.property("text") for c in "?!+\u2212"):
            continue
        lines = layout_lines(play.property("text"), play.property("font"), play.width())
        checked += 1
        for a, b in itertools.pairwise(lines):
            a, b = a.replace("\u2060", "").rstrip(), b.replace("\u2060", "").lstrip()
            assert not (a and b and a[-1] in signs and b[0] in signs), lines
    assert checked


def test_the_dice_report_opens_with_the_right_counts(harness):
    session = started_game(harness, turns=12)
    open_analysis_from_history(harness)
    wait_for_analysis(harness)
    harness.click("openDiceReportButton")
    harness.settle(100)
    assert dialog(harness, "diceDialog").property("visible")
    match = session.match
    for player in (0, 1):
        rolls = match_rolls(match, player)
        assert harness.item(f"diceCell_rolls_{player + 1}").property("text") == str(len(rolls))
        doubles = sum(1 for a, b in rolls if a == b)
        text = harness.item(f"diceCell_doubles_{player + 1}").property("text")
        assert text.startswith(f"{doubles} (")
        luck = harness.item(f"diceCell_luck_{player + 1}").property("text")
        total = sum(
            d.luck for d in session.analysis.decisions if d.player == player and d.luck is not None
        )
        assert luck.startswith(("+" if total >= 0 else "−") + f"{abs(total):.3f}")
    both = match_rolls(match)
    six_five = harness.item("rollCount_6-5").property("text")
    counts = [sum(1 for r in match_rolls(match, p) if r == (6, 5)) for p in (0, 1)]
    assert six_five.startswith(f"6-5:  {counts[0]} (") and f"· {counts[1]} (" in six_five
    assert len(both) == sum(len(g.turns) - 1 for g in match.games)
    seed_text = harness.item("diceSeed").property("text")
    assert seed_text.endswith(f"{match.seed}.")
    # a single game is spoken of as a game, with no games to choose from (it said "this match")
    assert match.length == 0 and "this game" in seed_text, seed_text
    assert harness.find("diceScope") is None
    assert "Too few rolls" in harness.item("diceCell_verdict_1").property("text")


def test_replay_deals_the_same_dice_while_the_players_play_differently(harness):
    harness.open(seed=None)  # a seed of its own, as a player gets
    game = harness.game
    game.newGame({"opponent": "human"})
    play_turns(harness, 8, random.Random(1))
    first = harness.w.flow.session.match
    first_rolls = rolls_of(first)
    first_plays = [a["move"] for a in first.history if a["type"] == "play"]

    QMetaObject.invokeMethod(dialog(harness, "diceDialog"), "open")  # as the Game menu does
    harness.settle(100)
    harness.click("replayDiceButton")
    harness.settle(50)
    harness.click("confirmReplayButton")  # the match in progress is left, after asking
    harness.settle(50)
    second = harness.w.flow.session.match
    assert second is not first and second.seed == first.seed
    play_turns(harness, 8, random.Random(2))  # other plays
    second_rolls = rolls_of(second)
    second_plays = [a["move"] for a in second.history if a["type"] == "play"]
    assert second_plays != first_plays
    common = min(len(first_rolls), len(second_rolls))
    assert common >= 8 and second_rolls[:common] == first_rolls[:common]


def finished_game(harness, position: str, turns: int) -> None:
    """A game played on from ``position`` by random plays to its end, in a 1024x768 window."""
    harness.open(seed=5, size=(1024, 768))
    harness.w.flow.show_position(Position.from_text(position), 0)
    harness.settle()
    play_turns(harness, turns, random.Random(3))
    assert harness.game.gameOver.get("visible")


def test_a_finished_game_is_analysed_from_its_end_card(harness):
    finished_game(harness, "x 6:2 5:1 3:1; o 19:1 21:2 24:1", 12)
    game = harness.game
    # the same size as the buttons beside it (it was larger at 1024x768)
    beside = harness.item("playAgainButton").property("font").pixelSize()
    assert harness.item("analyseFinishedButton").property("font").pixelSize() == beside
    harness.click("analyseFinishedButton")
    wait_for_analysis(harness)
    analysis = harness.w.analysis
    assert analysis.available and analysis.title == "Analysis of game 1"
    result = harness.w.flow.session.analysis
    assert result.covers_all_of(harness.w.flow.session.match)
    winner = game.gameOver["winner"]
    assert result.players[winner].result > 0 > result.players[1 - winner].result


def test_an_analysed_game_is_not_replaced_without_asking(harness, tmp_path):
    """Found by a tester: a finished, analysed match was replaced by a new game or an imported
    file without a word, and its analysis was gone. "Play again", a new game and an import ask
    first; "Keep it" keeps it."""
    finished_game(harness, "x 6:2 5:1 3:1; o 19:1 21:2 24:1", 12)
    harness.click("analyseFinishedButton")
    wait_for_analysis(harness)
    QMetaObject.invokeMethod(dialog(harness, "analysisDialog"), "close")
    harness.settle(50)
    flow, game = harness.w.flow, harness.game
    analysed = flow.session
    assert game.analysed and not game.matchInProgress
    harness.click("playAgainButton")
    harness.settle(50)
    assert dialog(harness, "confirmDropAnalysisDialog").property("visible")
    harness.click("keepAnalysisButton")
    harness.settle(50)
    assert flow.session is analysed and analysed.analysis is not None
    key_new = Qt.KeyboardModifier.ControlModifier
    QTest.keyClick(harness.window, Qt.Key.Key_N, key_new)  # a new game asks the same
    harness.settle(50)
    assert dialog(harness, "confirmDropAnalysisDialog").property("visible")
    harness.click("keepAnalysisButton")
    harness.settle(50)
    assert not dialog(harness, "newGameDialog").property("visible")
    # an import asks too, and says why
    from app.parts import part_of
    from app.position_setup import PositionSetup

    part_of(harness.w.engine, PositionSetup).importMat(str(DATA / "gnubg-match-3-point-a.mat"))
    harness.settle(50)
    asked = dialog(harness, "replaceDialog")
    assert asked.property("opened")
    said = [i.property("text") for i in harness.items() if i.property("text")]
    assert any(t.startswith("Its analysis goes with it") for t in said), said
    harness.click("keepGameButton")
    harness.settle(50)
    assert flow.session is analysed and not asked.property("opened")
    harness.click("playAgainButton")  # and when the player says so, the new game comes
    harness.settle(50)
    harness.click("dropAnalysisButton")
    harness.settle(50)
    assert flow.session is not analysed and not game.analysed


def test_an_import_over_a_game_analysed_while_under_way_says_both_go(harness):
    # a game analysed from the history while still in play: the question said only that a game
    # was in progress, not that its analysis would go too (a tester)
    from app.parts import part_of
    from app.position_setup import PositionSetup

    session = started_game(harness)
    open_analysis_from_history(harness)
    wait_for_analysis(harness)
    harness.click("closeAnalysisButton")
    harness.settle(50)
    assert harness.game.matchInProgress and harness.game.analysed
    part_of(harness.w.engine, PositionSetup).importMat(str(DATA / "gnubg-match-3-point-a.mat"))
    harness.settle(50)
    assert dialog(harness, "replaceDialog").property("opened")
    said = [i.property("text") for i in harness.items() if i.property("text")]
    assert any(t.startswith("A game is in progress. Its analysis goes with it") for t in said), said
    harness.click("keepGameButton")
    harness.settle(50)
    assert harness.w.flow.session is session and session.analysis is not None


def test_after_an_export_the_questions_say_the_moves_are_kept(harness, tmp_path):
    # just after an export the question still said "export the match first" (a tester)
    from app.parts import part_of
    from app.position_setup import PositionSetup

    session = started_game(harness)
    setup = part_of(harness.w.engine, PositionSetup)
    open_analysis_from_history(harness)
    wait_for_analysis(harness)
    harness.click("closeAnalysisButton")
    harness.settle(50)

    def asked() -> str:
        setup.importMat(str(DATA / "gnubg-match-3-point-a.mat"))
        harness.settle(50)
        assert dialog(harness, "replaceDialog").property("opened")
        said = [i.property("text") for i in harness.items() if i.property("text")]
        harness.click("keepGameButton")
        harness.settle(50)
        return next(t for t in said if "Its analysis goes with it" in t)

    assert "export the match first" in asked()
    assert setup.exportMat(str(tmp_path / "kept.mat"))
    assert "Its analysis goes with it; its moves are in the file it was exported to." in asked()
    if harness.game.reviewing:
        QTest.keyClick(harness.window, Qt.Key.Key_Escape)  # back to the game
        harness.settle(20)
    harness.play_a_turn()  # the game goes on: the file no longer holds it all
    assert "export the match first" in asked()
    assert harness.w.flow.session is session


@pytest.mark.parametrize(("match_id", "whole"), [("MAFgAAAACAAE", False), ("MAFgACAAEAAE", True)])
def test_the_end_cards_analysis_is_of_what_ended(harness, match_id, whole):
    # an analysis made before the end stood in the place of the ended game's or match's
    from app.session import from_ids

    harness.open(seed=5, size=(1024, 768))
    session = from_ids("MQEAgDQAAAAAAA", match_id, seed=5, computer=False)
    harness.w.flow.show_session(session)
    harness.settle()
    play_turns(harness, 2, random.Random(3))
    open_analysis_from_history(harness)  # the game so far
    wait_for_analysis(harness)
    harness.click("closeAnalysisButton")
    harness.click("leaveReviewButton")
    harness.settle(20)
    play_turns(harness, 14, random.Random(4))
    assert harness.game.gameOver.get("visible")
    assert harness.game.gameOver.get("matchOver", False) == whole
    harness.click("analyseFinishedButton")
    wait_for_analysis(harness)
    session = harness.w.flow.session
    result = session.analysis
    assert result.covers_all_of(session.match) and not result.gone_on(session.match)
    assert (result.games is None) == whole
    title = "Analysis of the whole match" if whole else "Analysis of game 1"
    assert harness.w.analysis.title == title


def test_the_analysis_is_saved_with_the_match_and_read_back(harness):
    session = started_game(harness)
    open_analysis_from_history(harness)
    wait_for_analysis(harness)
    saved = session.analysis
    harness.close()
    data = json.loads((harness.data_dir / "game.json").read_text())
    assert MatchAnalysis.from_json(data["analysis"]) == saved

    harness.open(seed=99)
    assert harness.w.flow.session.analysis == saved and harness.w.analysis.available
    harness.close()

    data["analysis"]["decisions"][0]["loss"] = "much"  # damaged: dropped, the game kept
    (harness.data_dir / "game.json").write_text(json.dumps(data))
    harness.open(seed=99)
    session = harness.w.flow.session
    assert session is not None and len(session.match.history) == len(data["match"]["history"])
    assert session.analysis is None and "could not be read" in harness.w.analysis.problem


class _Shown:
    """The harness, with the items a clipping list has scrolled out of sight left out."""

    def __init__(self, harness) -> None:
        self.harness = harness
        self.window = harness.window

    def items(self):
        from tests.app.test_layout import scene_rect

        for item in self.harness.items():
            parent, hidden = item.parentItem(), False
            while parent is not None and not hidden:
                if parent.clip() and parent.inherits("QQuickFlickable"):
                    hidden = not scene_rect(parent).intersects(scene_rect(item))
                parent = parent.parentItem()
            if not hidden:
                yield item


@pytest.mark.parametrize("language", ["en", "da", "nl"])
def test_the_analysis_the_dice_report_and_the_review_fit_the_window(harness, language):
    from app import i18n
    from tests.app.test_layout import text_problems as problems

    def text_problems(harness):
        return problems(_Shown(harness))

    session = started_game(harness, seed=23, turns=8)
    i18n.set_language(harness.w.app, harness.w.engine, language)
    open_analysis_from_history(harness)
    wait_for_analysis(harness)
    found = []
    for scale, size in itertools.product((100, 150), ((800, 600), (1024, 768), (1280, 800))):
        harness.w.settings.textScale = scale  # the player's text size (125% at most below 720)
        harness.window.resize(*size)
        harness.settle(150)
        where = f"{size} at {scale}%"
        for tab in ("summaryTab", "mistakesTab", "chartTab"):
            harness.click(tab)
            if tab == "mistakesTab" and mistakes(session.analysis):
                harness.click("mistake0")
            harness.settle(100)
            found += [f"{where}, {tab}: {p}" for p in text_problems(harness)]
        QMetaObject.invokeMethod(dialog(harness, "diceDialog"), "open")
        harness.settle(150)
        found += [f"{where}, dice: {p}" for p in text_problems(harness)]
        QMetaObject.invokeMethod(dialog(harness, "diceDialog"), "close")
        QMetaObject.invokeMethod(dialog(harness, "analysisDialog"), "close")
        harness.settle(150)
        found += [f"{where}, review: {p}" for p in text_problems(harness)]  # the side panel
        QMetaObject.invokeMethod(dialog(harness, "analysisDialog"), "open")
        harness.settle(100)
    assert not found, f"in {language}:\n" + "\n".join(found)


def test_the_charts_percentages_are_written_anew_in_a_new_language(harness):
    from PySide6.QtCore import QObject

    from app import i18n

    harness.open(seed=3)
    top = harness.window.findChild(QObject, "chartTop")
    assert top is not None and top.property("text") == i18n.format_percent(1.0)
    try:
        for code in ("da", "nl"):  # Danish writes "100 %", the others "100%"
            i18n.set_language(harness.w.app, harness.w.engine, code)
            harness.settle(20)
            assert top.property("text") == i18n.format_percent(1.0)
    finally:
        i18n.set_language(harness.w.app, harness.w.engine, "en")


def test_the_chart_names_the_player_whose_chances_it_shows(harness):
    from PySide6.QtCore import QObject

    harness.open(seed=3)
    harness.game.newGame({"opponent": "human", "name0": "Ann", "name1": "Bo"})
    harness.settle()
    title = harness.window.findChild(QObject, "chartTitle")
    assert title is not None
    assert title.property("text") == "Ann's chances to win the game, before each roll"


def chart_of_a_game(harness) -> tuple:
    """The chart of a game analysed from the history, on show: the chart, its tip and the
    analysis's decisions of the game's rolls."""
    session = started_game(harness)
    open_analysis_from_history(harness)
    wait_for_analysis(harness)
    harness.click("chartTab")
    harness.settle(50)
    chart, tip = harness.item("analysisChart"), dialog(harness, "chartTip")
    return chart, tip, [d for d in session.analysis.decisions if d.game == 0 and d.kind == "move"]


def test_the_chart_tells_the_roll_under_the_pointer_and_shows_it_on_a_click(harness):
    from PySide6.QtCore import QPoint

    chart, tip, rolls = chart_of_a_game(harness)
    assert len(chart.property("points")) == len(rolls) >= 5
    third = int(chart.property("lead") + 2 * chart.property("step"))  # the third roll's line
    where = chart.mapToScene(chart.boundingRect().center())
    at = QPoint(int(chart.mapToScene(chart.boundingRect().topLeft()).x()) + third, int(where.y()))
    QTest.mouseMove(harness.window, at)
    harness.settle(50)
    assert chart.property("hovered") == 2 and tip.property("visible")
    d = rolls[2]
    name = harness.game.names[d.player]
    assert tip.property("text").startswith(f"Roll 3: {name} {d.dice[0]}-{d.dice[1]}\n")
    assert tip.property("text").endswith("%")  # the first player's chances
    # the tip stands away from the curve at that roll
    height, pad, foot = (chart.property(p) for p in ("height", "pad", "foot"))
    curve = height - foot - chart.property("points")[2] * (height - pad - foot)
    top = tip.property("y")
    assert not top <= curve <= top + tip.property("height")
    QTest.mouseClick(harness.window, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    harness.settle(50)
    game = harness.game
    assert game.reviewing and not dialog(harness, "analysisDialog").property("visible")
    assert sorted(x["value"] for x in game.dice)[-2:] == sorted(d.dice)[-2:]
    expected = absolute_board(Position.from_position_id(d.position_id), d.player)
    assert list(game.board) == expected  # the board before that roll's play


def test_the_chart_reads_its_rolls_by_keys_and_enter_shows_one_on_the_board(harness):
    # only the pointer read the chart: Tab passed it by (a teacher who uses the keys)
    chart, tip, rolls = chart_of_a_game(harness)
    for _ in range(12):  # Tab reaches it
        if chart.hasActiveFocus():
            break
        QTest.keyClick(harness.window, Qt.Key.Key_Tab)
        harness.settle(10)
    assert chart.hasActiveFocus() and chart.property("hovered") == 0 and tip.property("visible")
    for key in (Qt.Key.Key_Right, Qt.Key.Key_Right, Qt.Key.Key_Right, Qt.Key.Key_Left):
        QTest.keyClick(harness.window, key)
    harness.settle(20)
    d = rolls[2]
    assert chart.property("hovered") == 2
    name = harness.game.names[d.player]
    assert tip.property("text").startswith(f"Roll 3: {name} {d.dice[0]}-{d.dice[1]}\n")
    QTest.keyClick(harness.window, Qt.Key.Key_End)
    assert chart.property("hovered") == len(chart.property("points")) - 1
    QTest.keyClick(harness.window, Qt.Key.Key_Home)
    QTest.keyClick(harness.window, Qt.Key.Key_Right)
    QTest.keyClick(harness.window, Qt.Key.Key_Right)
    QTest.keyClick(harness.window, Qt.Key.Key_Return)
    harness.settle(50)
    game = harness.game
    assert game.reviewing and not dialog(harness, "analysisDialog").property("visible")
    expected = absolute_board(Position.from_position_id(d.position_id), d.player)
    assert list(game.board) == expected  # the board before that roll's play


def test_the_mistakes_fill_their_tab_when_the_analysis_came_after_the_dialog_opened(harness):
    # the tab held no list while the analysis ran: it stayed a line high when the list came,
    # until another tab was chosen, and the mistakes could not be seen nor chosen
    finished_game(harness, "x 6:2 5:1 3:1 8:1 13:2; o 19:1 21:2 24:1 12:2", 30)
    harness.click("analyseFinishedButton")  # opens on the summary while the analysis runs
    wait_for_analysis(harness)
    assert mistakes(harness.w.flow.session.analysis)
    harness.click("mistakesTab")
    harness.settle(50)
    listed, shown = harness.item("mistakeList"), dialog(harness, "analysisDialog")
    assert listed.height() > 0.45 * shown.property("height")
    # the keys go to the list at once (Down did nothing after the tab's click: found by a tester)
    assert listed.hasActiveFocus()
    QTest.keyClick(harness.window, Qt.Key.Key_Down)
    harness.settle(20)
    assert harness.w.analysis.chosen == 0
    harness.click("mistake0")
    assert harness.w.analysis.boards["visible"]


def test_a_mistake_is_shown_with_the_cube_as_it_stood(harness):
    harness.open(seed=23)
    game = harness.game
    game.newGame({"opponent": "human", "matchLength": 0, "cube": True, "name0": "Ada"})
    rng = random.Random(5)
    play_turns(harness, 1, rng)
    taker = game.onRoll ^ 1
    harness.click("doubleButton")
    harness.click("takeButton")
    play_turns(harness, 10, rng)
    open_analysis_from_history(harness)
    wait_for_analysis(harness)
    harness.click("mistakesTab")
    session = harness.w.flow.session
    take = next(i for i, a in enumerate(session.match.history) if a.get("type") == "take")
    later = [i for i, d in enumerate(mistakes(session.analysis)) if d.action > take]
    assert later, "random plays make mistakes"
    harness.click(f"mistake{later[0]}")
    cube = harness.w.analysis.boards["cube"]
    assert cube == {"visible": True, "value": 2, "owner": taker, "offered": False}
    board = harness.item("playedBoard")
    assert board.property("cubeVisible") and board.property("cubeValue") == 2


def test_a_resignation_in_a_winning_position_is_listed_as_a_mistake(harness):
    """A player who gave up a game it was winning was rated world class with no mistake: the
    resignation is judged against playing on, listed and shown like any mistake."""
    harness.open(seed=5, size=(1024, 768))
    flow = harness.w.flow
    flow.show_position(Position.from_text("x 1:2; o 19:5 20:5 21:4"), 0, computer=False)
    harness.settle()
    from app.parts import part_of
    from app.resignation import Resignations

    part_of(harness.w.engine, Resignations).resign(1)  # two players: the one on roll gives up
    harness.settle(50)
    game = harness.game
    assert game.gameOver["visible"] and game.gameOver["resigned"]
    harness.click("analyseFinishedButton")
    wait_for_analysis(harness)
    result = flow.session.analysis
    [decision] = [d for d in result.decisions if d.kind == "resign"]
    assert decision.mark == "very bad" and decision.best == "play on"
    harness.click("mistakesTab")
    harness.settle(50)
    rows = harness.w.analysis.mistakes
    names = flow.names()
    assert rows[0]["heading"] == f"Game 1 · {names[decision.player]} · Resigning"
    assert rows[0]["played"] == "Played: Resign a single game"
    assert rows[0]["best"] == "Best: Play on" and rows[0]["mark"] == "??"
    harness.click("mistake0")
    boards = harness.w.analysis.boards
    assert boards["visible"] and "Resign a single game" in boards["played"]["text"]
    assert boards["played"]["arrows"] == [] and boards["best"]["arrows"] == []
    summary = {row["label"]: row["values"] for row in harness.w.analysis.summary}
    assert summary["Very bad (??)"][decision.player] == "1"


def test_a_finished_match_is_not_replaced_by_a_replay_without_asking(harness):
    """A finished, analysed match was thrown away at once by "Replay with these dice" (found by
    a tester): the window asks first, and says how to keep it."""
    from app.parts import part_of
    from app.resignation import Resignations

    harness.open(seed=None)
    game = harness.game
    game.newGame({"opponent": "human", "matchLength": 3})
    play_turns(harness, 2, random.Random(1))
    part_of(harness.w.engine, Resignations).resign(3)
    harness.settle(50)
    finished = harness.w.flow.session.match
    assert game.gameOver["matchOver"]
    analysis = dialog(harness, "analysisDialog")  # the report opened from the analysis
    QMetaObject.invokeMethod(analysis, "open")
    QMetaObject.invokeMethod(dialog(harness, "diceDialog"), "open")
    harness.settle(100)
    harness.click("replayDiceButton")
    harness.settle(50)
    asked = dialog(harness, "confirmReplayDialog")
    assert asked.property("visible")
    said = [i.property("text") for i in harness.items() if i.property("text")]
    assert any(t.startswith("Play a new match on the same dice? It replaces") for t in said)
    assert "this match" in harness.item("diceSeed").property("text")
    assert harness.item("diceScope").isVisible()
    QMetaObject.invokeMethod(asked, "reject")  # Cancel: the match stays
    harness.settle(50)
    assert harness.w.flow.session.match is finished
    harness.click("replayDiceButton")
    harness.settle(50)
    harness.click("confirmReplayButton")
    harness.settle(50)
    assert harness.w.flow.session.match is not finished
    assert harness.w.flow.session.match.seed == finished.seed
    # the analysis of the match left closes with it (it stayed open over the new one, empty)
    harness.qtbot.waitUntil(lambda: not analysis.property("visible"), timeout=3000)


def test_the_dice_report_says_a_player_without_rolls_has_none(harness):
    """Found by a tester: a player who had not rolled yet was "Not analysed yet." in the luck row
    of an analysed game."""
    session = started_game(harness, turns=1)  # the opening turn only: the other has not rolled
    open_analysis_from_history(harness)
    wait_for_analysis(harness)
    QMetaObject.invokeMethod(dialog(harness, "diceDialog"), "open")
    harness.settle(100)
    match = session.match
    idle = next(p for p in (0, 1) if not match_rolls(match, p))
    assert harness.item(f"diceCell_rolls_{idle + 1}").property("text") == "0"
    assert harness.item(f"diceCell_luck_{idle + 1}").property("text") == "No rolls."


def test_a_marked_cube_action_stays_whole_in_the_move_list(harness):
    """Found by a tester: "(Niet verdubbelen ??)" broke into "(Niet", "verdubbelen ??" and a
    lone ")" in the Dutch move list. The mark keeps its bracket; the name breaks between its
    words only (as one word it broke in the middle of "verdubbelen")."""
    harness.open(seed=5)
    panel = harness.item("sidePanel")
    shown = qml_value(panel, 'wholeMarks("13/9 (Niet verdubbelen ??)\\u00a0+")')
    assert shown == "13/9 (Niet verdubbelen ?\u2060?\u2060)\u00a0+"


def test_the_mistakes_boards_are_numbered_as_the_play_is_written(harness):
    """Found by a tester: the computer's "12/9 12/8" started on the small boards at points
    numbered 13 and 14 (the person's numbering); a play is written in its mover's."""
    session = analysed_mistakes(harness)
    worst = mistakes(session.analysis)
    players = set()
    for row, decision in enumerate(worst):
        if decision.player in players or decision.kind != "move":
            continue
        players.add(decision.player)
        harness.w.analysis.choose(row)
        harness.settle(20)
        board = harness.item("playedBoard")
        stack, labels = [board], {}
        while stack:
            item = stack.pop()
            if item.objectName().startswith("pointNumber_"):
                labels[int(item.objectName()[12:])] = item.property("text")
            stack.extend(item.childItems())
        mine = {1: "1", 24: "24"} if decision.player == 0 else {1: "24", 24: "1"}
        assert {k: labels[k] for k in (1, 24)} == mine, decision
    assert players == {0, 1}, "both players make mistakes in random games"


def test_the_question_before_a_new_match_names_a_match(harness):
    """Found by a tester: "New match, same players" after an analysed match asked under the
    title "New game" whether to start a new game."""
    from app.session import from_ids

    harness.open(seed=5, size=(1024, 768))
    harness.w.flow.show_session(from_ids("MQEAgDQAAAAAAA", "MAFgACAAEAAE", seed=5, computer=False))
    harness.settle()
    play_turns(harness, 14, random.Random(4))
    assert harness.game.gameOver.get("matchOver")
    harness.click("analyseFinishedButton")
    wait_for_analysis(harness)
    harness.click("closeAnalysisButton")
    ended = harness.w.flow.session
    # an import asks too; in Danish of the match as of a match ("Dets ... det" was said: a tester)
    from app import i18n
    from app.parts import part_of
    from app.position_setup import PositionSetup

    i18n.set_language(harness.w.app, harness.w.engine, "da")
    try:
        part_of(harness.w.engine, PositionSetup).importMat(str(DATA / "gnubg-match-3-point-a.mat"))
        harness.settle(50)
        assert dialog(harness, "replaceDialog").property("opened")
        said = [i.property("text") for i in harness.items() if i.property("text")]
        assert any(t.startswith("Dens analyse forsvinder med den") for t in said), said
        assert harness.item("keepGameButton").property("text") == "Behold den"
        harness.click("keepGameButton")
        harness.settle(50)
    finally:
        i18n.set_language(harness.w.app, harness.w.engine, "en")
    assert harness.w.flow.session is ended
    harness.click("playAgainButton")  # "New match, same players"
    harness.settle(50)
    asked = dialog(harness, "confirmDropAnalysisDialog")
    assert asked.property("visible") and asked.property("title") == "New match"
    assert harness.item("dropAnalysisButton").property("text") == "New match"
    harness.click("dropAnalysisButton")
    harness.settle(50)
    session = harness.w.flow.session
    assert session is not ended and session.match.length == ended.match.length


def test_the_heading_says_what_is_being_analysed(harness):
    # found by a tester: "No analysis yet." stood over the progress of a running analysis
    started_game(harness)
    view = harness.w.analysis
    view.analyseGame()  # (read before the worker can answer: the events wait)
    assert view.running and view.title == "Analysing game 1…" and view.note == ""
    wait_for_analysis(harness)
    assert view.title == "Analysis of game 1"
