"""A lesson's worksheet: every exercise with its Position ID, and an answer key in any language."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Position
from engine.ids import exchanged_seats
from engine.matchid import MatchIdFields
from lessons.model import load_lessons
from lessons.worksheet import as_text, translator, worksheet

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def lessons():
    return load_lessons()


def test_every_exercise_is_on_the_worksheet_with_its_answer(lessons):
    for lesson in lessons:
        items = worksheet(lesson)
        exercises = [s for s in lesson.steps if s.exercise is not None]
        assert [i.step_id for i in items] == [s.id for s in exercises]
        for item, step in zip(items, exercises, strict=True):
            assert Position.from_position_id(item.position_id)
            assert item.answer and "{" not in item.answer and "{" not in item.question
            if step.turn == "opponent":
                assert Position.from_position_id(item.position_id) == step.position.swapped()


def asked_on_paper(lessons) -> list:
    """Every exercise step of the lessons with its worksheet item."""
    return [
        (step, item)
        for lesson in lessons
        for step, item in zip(
            [s for s in lesson.steps if s.exercise is not None], worksheet(lesson), strict=True
        )
    ]


def test_a_take_question_sets_up_elsewhere_with_the_double_on_offer(lessons):
    # a money game's take question carried its Position ID alone: pasted, the doubler was to
    # roll with the cube in the middle, not the student to answer a double (a teacher)
    from engine.match import GameState, Match
    from lessons.model import shown_match

    offered = [(s, i) for s, i in asked_on_paper(lessons) if shown_match(s).cube_owner == "offered"]
    assert len(offered) >= 2
    for step, item in offered:
        assert item.match_id is not None
        # set up as this program sets up a pasted ID: the student, GNU Backgammon's user's
        # player 1, answers as player 0, the seat of one who plays against the computer
        match = Match.from_ids(item.position_id, exchanged_seats(item.match_id), cube=True)
        game = match.game
        assert game.state is GameState.AWAITING_TAKE and game.player_on_roll == 1
        assert game.cube_value == 1 and match.length == 0
        assert game.board(0) == step.position
        lesson = next(each for each in lessons if step in each.steps)
        assert f"Match ID {item.match_id}" in as_text(lesson)


def test_a_cube_question_of_a_money_game_sets_up_with_the_cube_in_play(lessons):
    # the race's doubling question carried its Position ID alone: pasted by a student whose
    # new games are played without the cube, there was no cube to double (a teacher)
    from engine.match import Match
    from lessons.model import shown_match

    asked = [
        (step, item)
        for step, item in asked_on_paper(lessons)
        if step.match is None and shown_match(step).cube and not step.position.is_game_over()
    ]
    assert len(asked) >= 3
    for step, item in asked:
        assert item.match_id is not None, step.id
        match = Match.from_ids(item.position_id, exchanged_seats(item.match_id), cube=True)
        assert match.length == 0 and match.cube_enabled
        if shown_match(step).cube_owner == "centre":
            assert match.game.cube_value == 1 and match.game.player_on_roll == 0, step.id


def test_a_match_question_sets_up_the_student_in_gnubgs_users_seat(lessons):
    # the lessons' Match IDs put the student in either seat; pasted, one put the computer on
    # roll with the student's dice (GNU Backgammon's user is its player 1, as the person is in
    # this program's IDs)
    from engine.match import Match

    asked = [(step, item) for step, item in asked_on_paper(lessons) if step.match is not None]
    assert len(asked) >= 2
    for step, item in asked:
        assert item.match_id is not None
        fields = MatchIdFields.decode(item.match_id)
        student = fields.player_on_roll if step.turn == "you" else 1 - fields.player_on_roll
        assert student == 1, step.id
        if Position.from_position_id(item.position_id).is_game_over():
            continue  # (a finished game's points are counted on paper, not set up)
        match = Match.from_ids(item.position_id, exchanged_seats(item.match_id), cube=True)
        assert match.game.player_on_roll == (0 if step.turn == "you" else 1)


def test_a_race_questions_answer_gives_the_counts_it_rests_on(lessons):
    # the key said "Take." alone, where a teacher wants the counts and the lead (a teacher)
    from lessons.exercises import RaceCubeExercise

    races = [
        (lesson, step)
        for lesson in lessons
        for step in lesson.steps
        if isinstance(step.exercise, RaceCubeExercise)
    ]
    assert len(races) >= 2
    for lesson, step in races:
        item = next(i for i in worksheet(lesson) if i.step_id == step.id)
        doubler, taker, _lead = step.exercise.counts()
        assert str(doubler) in item.answer and str(taker) in item.answer and "%" in item.answer


def test_no_worksheet_question_asks_for_what_only_the_window_can_refuse(lessons):
    """Found by a tester: a printed sheet said "Try 4/off with the 5 first", and on paper nothing
    refuses it. A prompt that invites a try has a question of its own for paper."""
    for lesson in lessons:
        for language in ("en", "da", "nl"):
            translate = translator(language)
            for item, step in zip(worksheet(lesson, translate), _exercises(lesson), strict=True):
                if getattr(step.exercise, "invited", None) is not None:
                    assert item.question != step.exercise.render_prompt(translate)
                    assert "?" in item.question, item.question


def test_no_worksheet_question_asks_for_a_click(lessons):
    """Found by a tester: a printed Danish sheet said "Klik på hvert felt, som din brik på baren
    kan nå". A question of the window's gestures has words of its own on paper."""
    gestures = {"en": ("click", "drag"), "da": ("klik", "klikke"), "nl": ("klik", "sleep")}
    asked = 0
    for lesson in lessons:
        for language, words in gestures.items():
            for item in worksheet(lesson, translator(language)):
                asked += 1
                said = set(re.findall(r"\w+", item.question.lower()))
                assert not said & set(words), item.question
    assert asked > 100


def _exercises(lesson):
    return [s for s in lesson.steps if s.exercise is not None]


def test_the_worksheet_is_translated(lessons):
    cube = lessons[6]
    danish = as_text(cube, translator("da"))
    english = as_text(cube)
    assert "Svar" in danish and "Answers" in english
    assert "Tag imod." in danish and "Take." in english
    assert danish.count("Position ID") == english.count("Position ID") == len(worksheet(cube))
    with pytest.raises(ValueError):
        translator("fr")


def test_a_choice_question_names_its_answers_as_the_lessons_buttons_do(lessons):
    """The worksheet asked "(Take. / Pass.)": the answers' feedback, not the buttons' names."""
    cube = lessons[6]
    for language, names in (("en", "(Take / Pass)"), ("da", "(Tag imod / Sig nej)")):
        questions = [item.question for item in worksheet(cube, translator(language))]
        assert any(q.endswith(names) for q in questions), questions
        assert not any("." + " / " in q for q in questions), questions


def test_worksheet_command_writes_the_file(tmp_path):
    out = tmp_path / "lesson3-nl.txt"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "lessons",
            "worksheet",
            "--lesson",
            "3",
            "--lang",
            "nl",
            "--out",
            str(out),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    text = out.read_text(encoding="utf-8")
    assert text.startswith("3. De hele worp gebruiken") and "Antwoorden" in text
    bad = subprocess.run(
        [sys.executable, "-m", "lessons", "worksheet", "--lesson", "12", "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert bad.returncode == 1 and "no lesson 12" in bad.stderr and "Traceback" not in bad.stderr


def test_numbers_are_written_the_way_the_language_writes_them(lessons):
    """The lessons' numbers came out as English writes them in every language ("mister 0.260
    ... du vinder 54.6 %" in Danish, where the hint wrote "0,260")."""
    from lessons.exercises import Feedback, Num, language_number

    said = Feedback(
        False,
        "{loss} {equity} {win} {minus} {nothing}",
        {
            "loss": Num(0.26, 3),
            "equity": Num(0.2031, 3, signed=True),
            "win": Num(54.64, 1),
            "minus": Num(-0.977, 3, signed=True),
            "nothing": Num(-0.0001, 3, signed=True),
        },
    )
    assert said.render() == "0.260 +0.203 54.6 -0.977 -0.000"  # (English, plain)
    assert said.render(number=language_number("en")) == "0.260 +0.203 54.6 \u22120.977 +0.000"
    for code in ("da", "nl"):
        assert said.render(number=language_number(code)) == "0,260 +0,203 54,6 \u22120,977 +0,000"
    # a judged play's loss, as the tester saw it in lesson 2 (3-1 played 13/10 6/5)
    from engine import parse_play
    from lessons.exercises import JudgeExercise

    judged = next(
        s.exercise
        for lesson in lessons
        for s in lesson.steps
        if isinstance(s.exercise, JudgeExercise) and sorted(s.exercise.dice) == [1, 3]
    )
    worse = [r.play for r in judged.ranking() if r.loss > 0.05][0]
    verdict = judged.check_play(parse_play(judged.position, judged.dice, str(worse)))
    loss = verdict.args["loss"]
    assert isinstance(loss, Num) and f"{loss.value:.3f}".replace(".", ",") in verdict.render(
        number=language_number("da")
    )
    lines = [line.render(number=language_number("nl")) for line in judged.top_lines()]
    assert all(re.search(r"\d,\d", li) and not re.search(r"\d\.\d", li) for li in lines), lines
