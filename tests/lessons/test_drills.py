"""The drills draw legal positions whose answers the engine and the evaluator compute."""

from __future__ import annotations

import random

import pytest

from engine import Position, legal_plays
from lessons.drills import DRILLS, OPENING_ROLLS
from lessons.exercises import (
    DiceCountExercise,
    JudgeExercise,
    PipsExercise,
    PlayExercise,
    ReachExercise,
    ShotsExercise,
    TakeExercise,
)
from lessons.validate import check_drills

# The whole check draws 1,000 items per drill (`python -m lessons check`); the suite draws a few.
ITEMS = 12


def test_every_drill_passes_the_check_on_a_sample():
    found = check_drills(5, seed=7)
    assert set(found) == set(DRILLS)
    assert all(not problems for problems in found.values()), found


@pytest.mark.parametrize("drill_id", sorted(DRILLS))
def test_a_drill_is_endless_and_repeatable(drill_id):
    drill = DRILLS[drill_id]
    first = [drill.draw(random.Random(3), n).position_id for n in range(3)]
    again = [drill.draw(random.Random(3), n).position_id for n in range(3)]
    assert first == again
    rng = random.Random(5)
    items = [drill.draw(rng, n) for n in range(ITEMS)]
    assert all(Position.from_position_id(s.position_id) for s in items)
    if drill_id != "opening":
        assert len({(s.position_id, s.dice) for s in items}) > ITEMS // 2


def test_pips_and_shots_answers_are_the_engines():
    rng = random.Random(11)
    pips = DRILLS["pips"].draw(rng).exercise
    assert isinstance(pips, PipsExercise)
    mine, theirs = pips.position.pip_count()
    assert pips.answer() == (mine if pips.side == "you" else theirs)
    shots = DRILLS["shots"].draw(rng).exercise
    assert isinstance(shots, ShotsExercise)
    assert shots.position.checker_at(shots.target) == 1
    assert 0 <= shots.answer() <= 36


def test_bear_off_asks_for_the_most_checkers_the_rules_allow():
    rng = random.Random(2)
    for _ in range(ITEMS):
        ex = DRILLS["bear-off"].draw(rng).exercise
        assert isinstance(ex, PlayExercise)
        most = max(sum(s.dst == 0 for s in p.steps) for p in legal_plays(ex.position, ex.dice))
        assert ex.goal == {"off": most}
        assert ex.accepted()


def test_entering_is_from_the_bar():
    rng = random.Random(4)
    kinds = set()
    for _ in range(40):
        step = DRILLS["entering"].draw(rng)
        assert step.position.on_bar()[0] >= 1
        ex = step.exercise
        kinds.add(type(ex))
        if isinstance(ex, ReachExercise):
            assert ex.src == 25 and ex.answer()
        else:
            assert isinstance(ex, DiceCountExercise) and ex.answer() == 0
    assert kinds == {ReachExercise, DiceCountExercise}


def test_opening_rolls_are_the_fifteen_and_judged():
    assert len(OPENING_ROLLS) == 15
    assert all(a != b for a, b in OPENING_ROLLS)
    ex = DRILLS["opening"].draw(random.Random(1)).exercise
    assert isinstance(ex, JudgeExercise)
    assert ex.position == Position.start()
    assert ex.check_play(ex.shown_play()).correct


def test_race_cube_states_the_evaluated_chance_with_the_doubler_on_roll():
    step = DRILLS["race-cube"].draw(random.Random(8))
    ex = step.exercise
    assert isinstance(ex, TakeExercise) and step.turn == "opponent"
    assert Position.from_position_id(step.position_id) == step.position.swapped()
    assert ex.evaluated()[0] == ex.chance
    assert ex.render_prompt() == (
        f"Your opponent doubles. You win {ex.chance}% of the games. Take or pass?"
    )
    # answered by the cube model: owning the cube after a take makes about 22% enough
    verdict = ex.verdict()
    assert ex.answer() == ("take" if verdict.double_take <= 1.0 else "pass")
    assert 0.20 < verdict.take_point < 0.23
    assert ex.answer() == ("take" if ex.chance >= 100 * verdict.take_point else "pass")


def test_race_cube_items_are_real_doubles_and_clear_answers():
    from lessons.drills import MIN_CHANCE, MIN_DOUBLE_GAIN, MIN_TAKE_MARGIN
    from lessons.judge import both_home

    rng = random.Random(21)
    answers = set()
    for n in range(40):
        step = DRILLS["race-cube"].draw(rng, n)
        ex = step.exercise
        verdict = ex.verdict()
        assert both_home(step.position)  # the bear-off database: the chance is exact
        assert verdict.double_gain >= MIN_DOUBLE_GAIN  # the opponent is right to double
        assert abs(100 * verdict.chance - 100 * verdict.take_point) >= MIN_TAKE_MARGIN
        assert ex.chance >= MIN_CHANCE
        answers.add(ex.answer())
        wrong = "pass" if ex.answer() == "take" else "take"
        assert "take point" not in ex.check_choice(wrong).render()  # explained in plain words
        assert "%" in ex.check_choice(wrong).render()
    assert answers == {"take", "pass"}


def test_every_lesson_ends_with_a_mixed_quiz():
    from lessons.drills import LESSON_QUIZ, QUIZ_ITEMS, quiz
    from lessons.model import load_lessons

    lessons = load_lessons()
    assert set(LESSON_QUIZ) == {lesson.id for lesson in lessons}
    steps = quiz("crawford-strategy", random.Random(9))
    assert len(steps) == QUIZ_ITEMS
    assert {s.id.rsplit("-", 1)[0] for s in steps} == set(LESSON_QUIZ["crawford-strategy"])
    assert all(s.exercise is not None for s in steps)


def test_game_points_and_dice_count_drills_are_the_rules():
    from engine.match import result_kind

    rng = random.Random(6)
    for _ in range(ITEMS):
        ex = DRILLS["game-points"].draw(rng).exercise
        assert ex.answer() == result_kind(ex.position.swapped())
        count = DRILLS["dice-count"].draw(rng).exercise
        plays = legal_plays(count.position, count.dice)
        assert count.answer() == max((p.dice_used for p in plays), default=0)


def test_both_dice_items_refuse_a_move_that_wastes_a_die():
    from lessons.drills import _refused_by_the_dice_rules

    rng = random.Random(12)
    for _ in range(ITEMS):
        ex = DRILLS["both-dice"].draw(rng).exercise
        assert isinstance(ex, PlayExercise) and not ex.goal
        assert _refused_by_the_dice_rules(ex.position, ex.dice)
        assert {p.result for p in ex.accepted()} == {p.result for p in ex.legal()}
    # lesson 3: 8/6 must give way to the higher die; 5/off would waste the 3
    assert _refused_by_the_dice_rules(Position.from_text("x 8:1; o 3:2 24:13"), (3, 2))
    assert _refused_by_the_dice_rules(Position.from_text("x 5:1 4:1; o 1:2 24:13"), (5, 3))
    assert not _refused_by_the_dice_rules(Position.start(), (3, 1))


@pytest.mark.parametrize("drill_id", ["pips", "shots", "entering", "dice-count", "game-points"])
def test_a_counting_drills_first_hint_is_its_rule_not_its_answer(drill_id):
    # the first Tip of "count the pips" said "The answer is 134." at once, though the button
    # promises the rule first
    rng = random.Random(4)
    for n in range(ITEMS):
        ex = DRILLS[drill_id].draw(rng, n).exercise
        hints = ex.hints()
        assert len(hints) >= 2 and hints[0].level == 1 and hints[-1].level == 3
        rule = ex.rule or ex.general_rule()  # the drill's, or its kind's
        assert rule and hints[0].feedback.text == rule != hints[-1].feedback.text


@pytest.mark.parametrize(("taker_pips", "answer"), [(112, "take"), (113, "pass")])
def test_the_race_rule_takes_a_lead_of_twelve_percent(taker_pips, answer):
    """Walter Trice's 8-9-12 rule: a take while the doubler's lead is 12% of its count or less
    (the lesson said "pass at 12% or more", seen by a teacher testing it)."""
    from engine.position import Position
    from lessons.exercises import RaceCubeExercise

    # the taker (on roll of the position) with 14 checkers on its 8-point and the extra pips
    # on its 9-point, the doubler with 10 checkers on its 10-point: 100 pips, no contact
    mine = {8: 14} if taker_pips == 112 else {8: 13, 9: 1}
    position = Position.from_points(mine, {10: 10})
    ex = RaceCubeExercise(position, None, "", None, None, decision="take")
    assert ex.counts()[:2] == (100, taker_pips)
    assert ex.answer() == answer


def test_a_shots_item_names_the_blot_it_asks_about():
    """A drill position may have more than one blot: "hit your blot?" did not say which (a
    teacher testing the quiz of lesson 8)."""
    rng = random.Random(3)
    for n in range(20):
        ex = DRILLS["shots"].draw(rng, n).exercise
        assert ex.render_prompt().endswith(f"hit your blot on the {ex.target}-point?")


def test_every_drills_first_hint_is_a_rule():
    # the bear-off, both-dice and opening drills had none: their first hint ringed the checker
    # to move (the only sensible one, with 6-5 from the start), though Hint promises the rule
    rng = random.Random(8)
    for drill_id, drill in DRILLS.items():
        for n in range(5):
            ex = drill.draw(rng, n).exercise
            assert ex.rule or ex.general_rule(), drill_id


def test_a_won_games_position_is_one_a_game_can_reach():
    # the loser had checkers off and six more far outside their home board (seen by a tester):
    # once a checker is off, the others were all home; one hit since may be on its way round
    rng = random.Random(9)
    for n in range(300):
        loser = DRILLS["game-points"].draw(rng, n).exercise.position.opponent
        if sum(loser) < 15:
            assert sum(loser[6:]) <= 1, loser


def test_the_dice_count_of_a_double_asks_for_its_four_moves():
    # found by a reviewer: "How many dice can you play?" with 6-6 playable whole wanted 4, and
    # a student who counted the two dice heard "2 is too few"
    rng = random.Random(11)
    asked = {}
    for _ in range(ITEMS):
        ex = DRILLS["dice-count"].draw(rng).exercise
        double = ex.dice[0] == ex.dice[1]
        asked.setdefault(double, set()).add(ex.prompt)
        if double:
            assert ex.answer() <= 4
    assert asked[True] == {"You rolled a double: how many of its four moves can you play?"}
    # found by a tester: lesson 2's quiz asked mostly of checkers on the bar, taught in lesson 4
    assert not any(DRILLS["dice-count"].draw(rng).position.on_bar()[0] for _ in range(ITEMS))
    assert asked[False] == {"How many of the two dice can you play?"}
    # nor of bearing off, lesson 5's (found by a teacher)
    for _ in range(ITEMS):
        item = DRILLS["dice-count"].draw(rng)
        plays = legal_plays(item.position, item.exercise.dice)
        assert not any(step.dst == 0 for play in plays for step in play.steps)


@pytest.mark.parametrize("drill_id", ["pips", "shots", "dice-count", "game-points"])
def test_a_wrong_count_is_told_why(drill_id):
    # found by a tester: a quiz's "4 is too many." and "68 is too few." said nothing of why
    rng = random.Random(9)
    for n in range(ITEMS):
        ex = DRILLS[drill_id].draw(rng, n).exercise
        verdict = ex.check_number(ex.answer() + 1)
        assert not verdict.correct and verdict.more
        assert verdict.more == (ex.explain or ex.rule or ex.general_rule())
