"""What the analysis view and the dice report say: marks on the right lines, the chart, the
fairness test in words."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ai.analysis import Decision, MatchAnalysis, PlayerSummary
from app.analysis_texts import chart, line_marks, marks_legend, mistake_rows, summary_rows
from app.dice_view import chances_text, verdict
from engine.dice_report import ChiSquare


@pytest.fixture(autouse=True)
def english():
    """The texts in English, whatever an earlier test left on."""
    from app import i18n

    before = i18n.current_language()
    i18n.set_language(None, None, "en")
    yield
    i18n.set_language(None, None, before)


def decision(action: int, kind: str = "move", loss: float = 0.0, **fields) -> Decision:
    values = {
        "game": 0,
        "player": action % 2,
        "kind": kind,
        "dice": (3, 1) if kind == "move" else None,
        "played": "8/5 6/5" if kind == "move" else "no double",
        "best": "13/10 6/5" if kind == "move" else "double",
        "loss": loss,
        "luck": 0.0 if kind == "move" else None,
        "counted": True,
        "action": action,
        "position_id": "4HPwATDgc/ABMA",
        "equity_best": 0.1,
        "equity_played": 0.1 - loss,
    }
    values.update(fields)
    return Decision(**values)


def summary(player: int) -> PlayerSummary:
    return PlayerSummary(
        player=player,
        name="",
        error_rate_memg=12.5,
        decisions=4,
        checker_decisions=3,
        cube_decisions=1,
        checker_error_rate_memg=10.0,
        cube_error_rate_memg=20.0,
        marks={"doubtful": 1, "bad": 0, "very bad": 1},
        luck=0.25,
        luck_marks={"very lucky": 0, "lucky": 1, "unlucky": 0, "very unlucky": 0},
        result=0.1,
        luck_adjusted_result=-0.05,
    )


ANALYSIS = MatchAnalysis(
    (
        decision(2, loss=0.0, luck=0.7),  # a very lucky roll, the best play
        decision(4, "double", loss=0.07),  # a missed double (before the roll of action 5)
        decision(6, loss=0.2),  # a very bad play
        decision(8, loss=0.035, luck=-0.35),  # doubtful, on an unlucky roll
        decision(9, "pass", loss=0.5, played="pass", best="take"),  # the game ends
    ),
    (summary(0), summary(1)),
    actions=10,
)


def test_marks_go_on_the_line_of_their_turn_and_a_cube_decision_on_the_play_after_it():
    # the lines: the opening roll (action 1) and the plays of actions 2, 6, 8
    marks = line_marks(ANALYSIS, 0, [1, 2, 6, 8])
    assert marks[0] == ""
    assert marks[1] == "\u00a0++"  # a mark stays with the line's last word (no break before it)
    # the play's own mark first, with its last word: a missed double named after it (before
    # it, the play's mark was read as the cube's); the name and mark may break between words
    # where the list is narrow
    assert marks[2] == "\u00a0?? (No double ?)"
    # the pass comes after the last line: it is written there
    assert marks[3] == "\u00a0?!\u00a0− (Pass ??)"
    assert line_marks(ANALYSIS, 1, [1, 2]) == ["", ""]  # another game
    assert line_marks(ANALYSIS, 0, []) == []


def test_a_cube_action_with_a_line_of_its_own_carries_its_mark_there():
    doubled = MatchAnalysis(
        (
            decision(4, "double", loss=0.07, played="double", best="no double"),
            decision(5, "take", loss=0.13, played="take", best="pass"),
            decision(7, "double", loss=0.04),  # a missed double: no line of its own
            decision(8, loss=0.0),
        ),
        (summary(0), summary(1)),
        actions=9,
    )
    # the lines: the opening roll (1), the play of 2, the double (4), the take (5), a play (8)
    expected = ["", "", "\u00a0?", "\u00a0??", " (No double ?!)"]
    assert line_marks(doubled, 0, [1, 2, 4, 5, 8]) == expected
    # the pass of ANALYSIS on the line of the pass
    assert line_marks(ANALYSIS, 0, [1, 2, 6, 8, 9])[3:] == ["\u00a0?!\u00a0−", "\u00a0??"]


def test_the_legend_says_only_the_marks_written():
    # at 1024x768 the whole legend took three lines of the side panel over a game with two marks
    marks = line_marks(ANALYSIS, 0, [1, 2, 6, 8])  # ++, ?? (No double ?), ?! − (Pass ??)
    assert marks_legend(marks) == "?! doubtful · ? bad · ?? very bad · ++ very lucky · − unlucky"
    assert marks_legend(["", "\u00a0?", " (No double\u00a0?!)"]) == "?! doubtful · ? bad"
    # each mark says its own meaning ("++ + lucky" did not say which one was very lucky)
    assert marks_legend(["\u00a0−−", "\u00a0+"]) == "+ lucky · −− very unlucky"
    assert marks_legend(["", ""]) == marks_legend([]) == ""
    from app import i18n

    i18n.set_language(None, None, "da")  # the fixture puts English back
    assert marks_legend(["\u00a0??"]).startswith("??") and "very bad" not in marks_legend(["??"])


def test_mistakes_worst_first_and_the_chart_marks_their_turns():
    rows = mistake_rows(ANALYSIS, ["Ann", "Bo"])
    assert [r["mark"] for r in rows] == ["??", "??", "?", "?!"]
    assert rows[0]["played"] == "Played: Pass" and rows[0]["best"] == "Best: Take"
    assert rows[1]["heading"] == "Game 1 · Ann · 3-1" and rows[1]["loss"] == "−0.200"
    drawn = chart(ANALYSIS, 0, ["Ann", "Bo"])
    assert len(drawn["points"]) == 4  # one per roll, and the pass that ended the game after them
    assert sorted((m["x"], m["level"]) for m in drawn["marks"]) == [(1, 2), (1, 3), (2, 1), (3, 3)]


def test_the_chart_says_each_roll_its_play_its_marks_and_the_chances():
    tips = chart(ANALYSIS, 0, ["Ann", "Bo"])["tips"]
    assert len(tips) == 4
    assert tips[0] == "Roll 1: Ann 3-1\nPlayed: 8/5 6/5\nAnn to win: 50%"
    # Ann's missed double before the roll, then her very bad play of it
    assert tips[1].split("\n") == [
        "Roll 2: Ann 3-1",
        "Bad (?): No double, −0.070",
        "Best: Double",
        "Very bad (??): 8/5 6/5, −0.200",
        "Best: 13/10 6/5",
        "Ann to win: 50%",
    ]
    # the last roll: Ann's doubtful play; Bo's pass that ended the game after it is a stop of
    # its own, its player named (drawn at the last roll, a click on its mark showed the board
    # before that roll, with that roll's chances: found by a tester)
    assert tips[2].split("\n") == [
        "Roll 3: Ann 3-1",
        "Doubtful (?!): 8/5 6/5, −0.035",
        "Best: 13/10 6/5",
        "Ann to win: 50%",
    ]
    assert tips[3].split("\n") == [
        "After roll 3",
        "Bo: Very bad (??): Pass, −0.500",
        "Best: Take",
        "Ann to win: 50%",
    ]


def test_the_chart_names_who_made_each_cube_action_after_a_roll():
    # Bo plays, Ann doubles (no mistake), Bo takes (a very bad take), Ann rolls; then Ann
    # redoubles and Bo passes: the game's end, with Ann's chances at her redouble
    game = MatchAnalysis(
        (
            decision(3, player=1, win_chance=0.4),
            decision(4, "double", played="double", best="double", win_chance=0.7),
            decision(5, "take", loss=0.5, played="take", best="pass", player=1),
            decision(6, player=0, win_chance=0.75),
            decision(8, "double", played="double", best="double", win_chance=0.8),
            decision(9, "pass", played="pass", best="pass", player=1, win_chance=0.2),
        ),
        (summary(0), summary(1)),
        actions=10,
    )
    drawn = chart(game, 0, ["Ann", "Bo"])
    assert drawn["tips"][1].split("\n") == [
        "Roll 2: Ann 3-1",
        "Played: Double",
        "Bo: Very bad (??): Take, −0.500",
        "Best: Pass",
        "Ann played: 8/5 6/5",
        "Ann to win: 75%",
    ]
    assert drawn["tips"][2].split("\n") == [
        "After roll 2",
        "Ann played: Double",
        "Bo played: Pass",
        "Ann to win: 80%",
    ]
    assert drawn["points"] == pytest.approx([0.6, 0.75, 0.8])


def test_the_summary_names_both_players():
    rows = {r["label"]: r["values"] for r in summary_rows(ANALYSIS, ["Ann", "Bo"], True)}
    assert rows["Player"] == ["Ann", "Bo"]
    assert rows["Very bad (??)"] == ["1", "1"]
    assert rows["Luck-adjusted result"] == ["−5.0%", "−5.0%"]
    assert rows["Level of play"] == ["Intermediate", "Intermediate"]  # 12 to 18 mEMG
    nothing = replace(
        ANALYSIS, players=tuple(replace(p, luck_adjusted_result=-0.0003) for p in ANALYSIS.players)
    )
    rows = {r["label"]: r["values"] for r in summary_rows(nothing, ["Ann", "Bo"], True)}
    assert rows["Luck-adjusted result"] == ["+0.0%", "+0.0%"]  # the sign rule of every number
    assert "Resignations: error rate" not in rows  # none judged: no row


def test_a_resignation_judged_has_its_row_beside_the_checker_plays_and_the_cube():
    """Found by a tester: a resignation's loss put the error rate at 21.3 over checker plays
    at 3.0 and cube decisions at 0.0, with nothing to say where the rest came from."""
    resigned = decision(3, "resign", loss=1.173, played="resign single", best="play on")
    analysis = replace(ANALYSIS, decisions=(*ANALYSIS.decisions, resigned))
    rows = {r["label"]: r["values"] for r in summary_rows(analysis, ["Ann", "Bo"], False)}
    assert rows["Resignations: error rate"] == ["\u2013", "1,173.0"]  # Bo's, one decision


def test_a_rate_of_no_decisions_is_none():
    # "Cube decisions: error rate 0,0" stood where no cube decision was counted (a tester)
    players = (replace(ANALYSIS.players[0], cube_decisions=0, cube_error_rate_memg=0.0),)
    analysis = replace(ANALYSIS, players=(*players, ANALYSIS.players[1]))
    rows = {r["label"]: r["values"] for r in summary_rows(analysis, ["Ann", "Bo"], False)}
    assert rows["Cube decisions: error rate"] == ["\u2013", "20.0"]
    assert rows["Checker plays: error rate"] == ["10.0", "10.0"]


def test_the_fairness_test_in_plain_words():
    assert verdict(None) == "Too few rolls to test the dice."
    fair = verdict(ChiSquare(3.0, 5, 0.7, "faces"))
    assert fair.startswith("The dice look fair") and "70%" in fair and "six faces" in fair
    unusual = verdict(ChiSquare(12.0, 5, 0.034, "faces"))
    assert unusual.startswith("Unusual") and "3.4%" in unusual
    rare = verdict(ChiSquare(60.0, 20, 0.0001, "rolls"))
    assert rare.startswith("Very unusual") and "21 rolls" in rare


def test_the_lucky_rolls_count_the_very_lucky_among_them():
    # "Unlucky rolls (very unlucky) 0 (1)" read as a contradiction; the dice report counts both
    from app.analysis_texts import luck_count

    marks = {"very lucky": 1, "lucky": 2, "unlucky": 0, "very unlucky": 1}
    assert luck_count(marks, "lucky") == "3 (1)"
    assert luck_count(marks, "unlucky") == "1 (1)"


def test_a_chance_never_met_says_what_did_not_happen():
    """The hitting row said "never needed" too (found by a tester): each row says its own."""
    from engine.dice_report import Chances

    none = Chances(tries=0, expected=0.0, happened=0)
    assert chances_text(none, "entering") == "No roll from the bar"
    assert chances_text(none, "hitting") == "No shot at a blot"
    some = Chances(tries=3, expected=1.5, happened=2)
    assert chances_text(some, "hitting") == "2 of 3 rolls could hit (1.5 expected)"


def test_a_mistakes_boards_have_one_arrow_a_checker():
    from app.analysis_texts import _arrows

    arrows = _arrows("24/21/18 13/11", 0, "#fff")  # written through its landing
    assert [(a["from"], a["to"]) for a in arrows] == [(24, 18), (13, 11)]
    assert len(_arrows("8/5(2) 6/5(2)", 0, "#fff")) == 4
    hit = _arrows("13/7*/3", 0, "#fff")  # cut where it hits
    assert [(a["from"], a["to"]) for a in hit] == [(13, 7), (7, 3)]
