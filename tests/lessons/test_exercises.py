"""The exercises judge answers with the engine: rule reasons for illegal moves, hints, counts."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import IllegalPlayError, Match, Position, Reason
from engine.match import DoubleRefusal, result_kind
from lessons.exercises import Feedback, GamePointsExercise, Msg, PlayExercise, ReachExercise
from lessons.match import MatchInfo
from lessons.model import load_lessons


@pytest.fixture(scope="module")
def steps():
    return {(lesson.id, step.id): step for lesson in load_lessons() for step in lesson.steps}


def test_the_5_3_bear_off_refuses_5_off_with_the_rule(steps):
    ex = steps["whole-roll", "no-wasted-die"].exercise
    builder = ex.builder()
    with pytest.raises(IllegalPlayError) as err:
        builder.move_checker(5, 0)
    assert err.value.reason == Reason.MUST_USE_BOTH_DICE
    builder.move_checker(5, 2)
    builder.move_checker(4, 0)
    assert ex.check_play(builder.play()).correct


def test_higher_die_rule_is_the_explanation(steps):
    builder = steps["whole-roll", "higher-die"].exercise.builder()
    with pytest.raises(IllegalPlayError) as err:
        builder.move_checker(8, 6)
    assert err.value.reason == Reason.MUST_PLAY_HIGHER_DIE


def test_two_on_the_bar_must_both_try_to_enter(steps):
    ex = steps["hitting", "bar-two"].exercise
    builder = ex.builder()
    with pytest.raises(IllegalPlayError) as err:
        builder.move_checker(25, 21)
    assert err.value.reason == Reason.BLOCKED_POINT
    builder.move_checker(25, 23)
    assert builder.is_complete()  # the second checker stays on the bar: 23/19 is not possible
    assert ex.check_play(builder.play()).done


def test_a_legal_play_that_misses_the_goal_is_explained(steps):
    ex = steps["moving", "opening-roll"].exercise
    verdict = ex.check_text("24/20")
    assert not verdict.correct
    assert verdict.render().startswith("24/21/20 is a legal play")  # every landing written
    assert "5-point" in verdict.render()
    assert ex.check_text("8/5 6/5").correct


def test_typed_illegal_play_gets_the_engine_reason(steps):
    ex = steps["whole-roll", "no-move"].exercise  # a dice-count step: use its position
    play = PlayExercise(
        position=ex.position, match=None, prompt="p", explain=None, declared=[], dice=(3, 2)
    )
    verdict = play.check_text("8/3")
    assert not verdict.correct
    assert verdict.render() == "No legal move: the turn passes."
    assert play.hint().text.startswith("There is no legal play")


def test_reach_counts_each_click_and_finishes(steps):
    ex = steps["moving", "two-moves"].exercise
    assert ex.answer() == [18, 13]
    first = ex.check_point(18)
    assert first.correct and not first.done
    # ... and says more are to be found (a student who found one waited: found by a teacher)
    assert first.render().endswith("There are more points to find.")
    wrong = ex.check_point(19)
    assert not wrong.correct
    assert "blocked" in wrong.render()
    assert ex.check_point(18, {18}).text.startswith("You found")
    assert ex.check_point(13, {18}).done


def test_reach_from_the_bar_is_25_minus_the_die(pos):
    ex = ReachExercise(
        position=pos("x bar:1 6:14; o 21:2 19:13"),
        match=None,
        prompt="p",
        explain=None,
        declared=[],
        dice=(4, 3),
        src=25,
    )
    # 4 would enter on 21 (blocked); 3 enters on 22 and may go on with the 4 to 18
    assert ex.answer() == [22, 18]


@pytest.mark.parametrize(
    ("dice", "point", "said"),
    [
        ((6, 5), 13, "every way there lands on a blocked point"),  # 18 and 19 both blocked
        ((6, 5), 6, "cannot reach 6 with 6-5."),  # 18 pips is three sixes: a 6-5 has two dice
        ((6, 5), 12, "cannot reach 12 with 6-5."),
        ((3, 3), 12, "every way there lands on a blocked point"),  # 21, 18 (blocked), 15, 12
        ((6, 5), 18, "That point is blocked"),  # the 6 lands on 18: taken
        # its own point: it was "Checkers move only forward" (the engine's reason for 24/24)
        ((6, 5), 24, "The checker stands on 24: find the points it can reach from there."),
    ],
)
def test_a_reach_refusal_is_the_engines_reason(pos, dice, point, said):
    ex = ReachExercise(
        position=pos("x 24:1 8:14; o 19:2 18:2 7:2 1:9"),
        match=None,
        prompt="p",
        explain=None,
        declared=[],
        dice=dice,
        src=24,
    )
    assert point not in ex.answer()
    assert said in ex.check_point(point).render()


@pytest.mark.parametrize(
    ("key", "right", "wrong"),
    [
        (("board", "pips-start"), 167, 160),
        (("crawford-strategy", "direct-shot"), 17, 11),
        (("crawford-strategy", "indirect-shot"), 6, 7),
        (("whole-roll", "no-move"), 0, 1),
        (("winning", "times-cube"), 8, 2),
    ],
)
def test_number_answers(steps, key, right, wrong):
    ex = steps[key].exercise
    assert ex.check_number(right).correct
    verdict = ex.check_number(wrong)
    assert not verdict.correct
    assert str(wrong) in verdict.render()
    assert ex.hint().render() == f"The answer is {right}."


def test_take_point_is_a_quarter(steps):
    ex = steps["cube", "take-point"].exercise
    for chance, verdict in [(25, "take"), (24, "pass"), (100, "take"), (0, "pass")]:
        ex.chance = chance
        assert ex.answer() == verdict
    ex.chance = 20
    feedback = ex.check_choice("take")
    assert not feedback.correct and "20%" in feedback.render()
    with pytest.raises(ValueError):
        ex.check_choice("beaver")


def test_crawford_and_cube_questions_read_the_match_id(steps):
    crawford = steps["crawford-strategy", "crawford"]
    assert crawford.match.crawford and crawford.match.score == (2, 4)
    assert not crawford.match.may_double()
    assert crawford.exercise.check_choice("yes").correct
    wrong = crawford.exercise.check_choice("no")
    assert not wrong.correct and "match point" in wrong.render()
    post = steps["crawford-strategy", "post-crawford"]
    assert not post.match.crawford and post.match.may_double()
    assert steps["cube", "cube-64"].match.cube == 64


def test_game_points_are_the_engines_result_times_the_cube(pos):
    cases = [
        ("x; o 19:4 20:4 21:4", 1),
        ("x; o 19:5 20:5 21:5", 2),
        ("x; o 13:1 19:4 20:5 21:5", 2),
        ("x; o 6:1 19:4 20:5 21:5", 3),
        ("x; o bar:1 19:4 20:5 21:5", 3),
    ]
    for text, points in cases:
        position = Position.from_text(text)
        for match_id, cube in ((None, 1), ("EQEAAAAAAAAE", 2)):
            match = MatchInfo.from_match_id(match_id) if match_id else None
            ex = GamePointsExercise(position, match, "", None, points * cube)
            assert ex.answer() == points * cube, text
    with pytest.raises(ValueError):
        result_kind(Position.start())


def test_may_double_is_the_engines_rule_dead_cube_included():
    # 5-point match at 4-2 after the Crawford game, the leader on roll: winning this game at
    # the cube's value wins the match, so the cube is dead (the engine refuses the double).
    dead = MatchInfo.from_match_id("MAGgAEAAEAAE")
    assert dead.score == (4, 2) and not dead.crawford
    match = Match.from_ids(Position.start().position_id(), "MAGgAEAAEAAE")
    assert match.game.double_refusal() == DoubleRefusal.DEAD_CUBE
    assert not dead.may_double()
    # the trailer at the same score may double
    trailer = replace(dead.fields, player_on_roll=1, turn=1).encode()
    assert MatchInfo.from_match_id(trailer).score == (2, 4)
    assert MatchInfo.from_match_id(trailer).may_double()


def test_feedback_is_translated_before_fields_are_filled():
    table = {"{point} is free.": "{point} er fri.", "off": "af"}
    feedback = Feedback(True, "{point} is free.", {"point": Msg("off")})
    assert feedback.render(lambda t: table.get(t, t)) == "af er fri."


def test_reach_hint_names_bearing_off_in_the_students_language(pos):
    ex = ReachExercise(
        position=pos("x 6:1 5:14; o 24:15"),
        match=None,
        prompt="p",
        explain=None,
        declared=[],
        dice=(6, 2),
        src=6,
    )
    assert ex.answer() == [4, 0]  # the 2 to the 4-point; the 6 bears it off
    table = {"The checker can reach: {answer}.": "Brikken kan nå: {answer}.", "off": "ude"}
    assert ex.hint().render() == "The checker can reach: 4, off."
    assert ex.hint().render(lambda t: table.get(t, t)) == "Brikken kan nå: 4, ude."


def test_a_checker_on_the_bar_reaches_on_once_the_other_is_in(pos):
    # found by a reviewer: with two on the bar and a double only the entry point counted, but
    # both enter and then either goes on (bar/19(2) 19/13 19/7 with 6-6)
    ex = ReachExercise(
        position=pos("x bar:2 6:13; o 24:2 23:2 22:2 21:2 1:7"),
        match=None,
        prompt="p",
        explain=None,
        declared=[],
        dice=(6, 6),
        src=25,
    )
    assert ex.answer() == [19, 13, 7]
    assert ex.check_point(13).correct
    alone = replace(ex, position=pos("x bar:1 6:14; o 24:2 23:2 22:2 21:2 12:7"))
    assert alone.answer() == [19, 13, 7, 1]  # one on the bar: it may use all four sixes
