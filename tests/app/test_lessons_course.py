"""The course features of the lesson window, driven by clicks on the rendered window: graduated
hints, judgement questions graded by the evaluator, the refusal that names a checker left on the
bar, endless drills, the quiz that ends a lesson, and playing a lesson position on in the game.

Answers come from the exercises (computed by the engine or the evaluator), never typed in.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from engine import Position, parse_play
from lessons.exercises import JudgeExercise, full_notation
from tests.app.driver import as_written
from tests.app.test_lessons_player import LessonHarness

pytestmark = pytest.mark.gui


@pytest.fixture
def ui(qtbot, tmp_path) -> Iterator[LessonHarness]:
    harness = LessonHarness(qtbot, tmp_path)
    harness.open()
    yield harness
    harness.close()


def go_to(ui: LessonHarness, lesson: int, step_id: str) -> None:
    ui.click(f"openLesson_{lesson}")
    target = ui.player.lessons[lesson].step_index(step_id)
    while ui.view["stepIndex"] != target:
        if ui.exercise() is not None and not ui.view["solved"]:
            ui.answer_right()
        ui.click("nextButton")


def play(ui: LessonHarness, text: str) -> None:
    ex = ui.exercise()
    for step in parse_play(ex.position, ex.dice, text).steps:
        ui.click_location(step.src)
        ui.click_location(step.dst)


def drag(ui: LessonHarness, source: int, target: int) -> None:
    button, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    a, b = ui.item(f"location_{source}"), ui.item(f"location_{target}")
    start = a.mapToScene(QPointF(a.width() / 2, a.height() * 0.5)).toPoint()
    end = b.mapToScene(QPointF(b.width() / 2, b.height() * 0.9)).toPoint()
    QTest.mousePress(ui.window, button, mods, start)
    for i in range(1, 9):
        QTest.mouseMove(ui.window, start + (end - start) * (i / 8))
        ui.settle(1)
    QTest.mouseRelease(ui.window, button, mods, end)
    ui.settle(2)


def test_a_wrong_answer_gets_the_graduated_hints_in_order(ui):
    go_to(ui, 2, "both-dice")  # 3-2 with the checker on 8, the 5-point blocked: 8/6/3
    ex = ui.exercise()
    assert ui.item("hintButton").property("text") == "Hint"
    # a wrong try: 8/5 lands on the blocked point
    ui.click_location(8)
    ui.click_location(5)
    assert not ui.feedback["correct"] and ui.view["board"][8] == 1
    ui.click("hintButton")
    assert ui.feedback_text() == ex.rule  # 1: the rule
    assert ui.feedback["hint"] and 8 not in ui.view["ringCheckers"]
    ui.click("hintButton")
    assert ui.feedback_text() == "Move a checker from 8."  # 2: the checker to move
    assert 8 in ui.view["ringCheckers"]
    ui.click("hintButton")
    assert ui.feedback_text() == "Play 8/6/3."  # 3: the answer, with one arrow per die
    assert {"from": 8, "to": 6} in ui.view["arrows"] and {"from": 6, "to": 3} in ui.view["arrows"]
    assert ui.item("hintButton").property("text") == "More help"
    play(ui, "8/6/3")
    assert ui.view["solved"] and ui.feedback["correct"]


def test_the_answer_shows_no_arrows_before_a_first_try(ui):
    go_to(ui, 2, "higher-die")  # 3-2, the 3-point blocked: only 8/5
    for _ in range(3):
        ui.click("hintButton")
    assert ui.feedback_text() == "Play 8/5."
    assert ui.view["arrows"] == []
    ui.click("hintButton")  # still the answer, still without arrows
    assert ui.view["arrows"] == []
    ui.click_location(8)
    ui.click_location(6)  # 8/6 is refused: the higher die must be played
    ui.click("hintButton")
    assert ui.feedback_text() == "Play 8/5." and {"from": 8, "to": 5} in ui.view["arrows"]


def test_a_judgement_question_accepts_a_different_good_play_and_shows_the_top_plays(ui):
    ui.player.seed = 5  # the opening drill's first item is then 4-3
    ui.click("drillsTab")
    ui.settle(50)
    ui.click("openDrill_4")
    ex = ui.exercise()
    assert isinstance(ex, JudgeExercise) and ex.dice == (4, 3)
    assert ui.view["mode"] == "drill"
    ui.graded()
    ranking = ex.ranking()
    other = next(r for r in ranking[1:] if ex.grade(r.play)[0] == "good")
    play(ui, full_notation(other.play))
    ui.graded()
    assert ui.view["solved"] and ui.feedback["correct"]
    text = ui.feedback_text()
    assert full_notation(other.play) in text and full_notation(ranking[0].play) in text
    lines = [as_written(ui.item(f"judgeLine_{i}").property("text")) for i in range(3)]
    assert [line.split(":")[0] for line in lines] == [full_notation(r.play) for r in ranking[:3]]
    assert all("equity" in line and "you win" in line for line in lines)


def test_a_doubtful_play_is_graded_and_may_be_played_again(ui):
    go_to(ui, 7, "dont-hit")  # 3-1: 8/5 6/5 makes a point; the hit 8/5/4* is wrong
    ex = ui.exercise()
    ui.graded()
    hit = next(r for r in ex.ranking() if 4 in r.play.hits())
    play(ui, full_notation(hit.play))
    ui.graded()
    assert not ui.view["solved"] and not ui.feedback["correct"]
    assert ui.feedback_text().startswith(("Doubtful", "Wrong"))
    assert ui.find("judgeLine_0").isVisible()  # the numbers behind the grade
    play(ui, ex.answer())
    assert ui.view["solved"] and ex.reason in ui.feedback_text()


def test_the_numbers_of_a_graded_play_are_written_the_way_the_language_writes_them(ui):
    """In Danish a graded play said "mister 0.260 ... equity +0.203, du vinder 54.6 %": the
    hint writes "0,260"."""
    import re

    from app import i18n

    go_to(ui, 7, "dont-hit")
    ex = ui.exercise()
    ui.graded()
    hit = next(r for r in ex.ranking() if 4 in r.play.hits())
    try:
        i18n.set_language(None, ui.main.engine, "da")
        ui.settle(20)
        play(ui, full_notation(hit.play))
        ui.graded()
        texts = [ui.feedback_text()] + [
            as_written(ui.item(f"judgeLine_{i}").property("text")) for i in range(3)
        ]
        assert all(re.search(r"\d,\d", t) for t in texts), texts
        assert not any(re.search(r"\d\.\d", t) for t in texts), texts
    finally:
        i18n.set_language(None, ui.main.engine, "en")
        ui.settle(20)


def test_the_bar_two_refusal_names_the_checker_on_the_bar(ui):
    go_to(ui, 3, "bar-two")
    drag(ui, 25, 19)  # bar to 19 in one go: the second checker is still on the bar
    text = ui.feedback_text()
    assert "enters with one die" in text and "19" in text
    assert "No remaining die" not in text
    play(ui, "bar/23")
    assert ui.view["solved"]
    ui.click_location(23)  # and now on from 23: the other checker waits on the bar
    text = ui.feedback_text()
    assert "still on the bar" in text and "checker on 23" in text
    assert ui.view["solved"] and ui.item("nextButton").property("enabled")


def test_a_drill_is_answered_in_the_window_and_never_ends(ui):
    ui.player.seed = 3
    ui.click("drillsTab")
    ui.settle(50)
    # the drills' tab asks for a drill ("Choose a lesson on the left": found by a tester)
    assert ui.item("chooseLessonText").property("text") == "Choose a drill on the left."
    ui.click("openDrill_0")  # count the pips
    assert ui.view["mode"] == "drill" and ui.item("lessonTitle").property("text")
    first = ui.view["board"]
    ui.answer_wrong()
    ui.answer_right()
    assert "0 of 1 right at the first try" in ui.item("stepCounter").property("text")
    ui.click("nextButton")
    assert ui.item("nextButton").property("text") == "Next position"
    for _ in range(3):
        assert not ui.view["solved"]
        ui.answer_right()
        ui.click("nextButton")
    assert ui.view["stepIndex"] == 4 and ui.view["board"] != first
    assert "3 of 4 right at the first try" in ui.item("stepCounter").property("text")
    ui.click("hintButton")  # a hint, then the right answer: not at the first try
    ui.answer_right()
    assert "3 of 5 right at the first try" in ui.item("stepCounter").property("text")
    ui.click("backButton")  # an item answered before may be passed again
    assert ui.item("nextButton").property("enabled")


def test_the_take_drill_asks_about_the_opponents_double(ui):
    ui.player.seed = 1
    ui.click("drillsTab")
    ui.settle(50)
    ui.click("openDrill_5")
    ex = ui.exercise()
    assert as_written(ui.item("promptText").property("text")) == ex.render_prompt()
    assert f"{ex.chance}%" in as_written(ui.item("promptText").property("text"))
    ui.answer_right()
    assert ui.feedback_text() == "Correct!"


def test_each_lesson_ends_with_its_quiz_answered_in_the_window(ui):
    ui.player.seed = 2
    lesson = ui.player.lessons[5]  # winning: its quiz asks what won games are worth
    ui.click("openLesson_5")
    for index, _step in enumerate(lesson.steps):
        if ui.exercise() is not None:
            ui.answer_right()
        if index == len(lesson.steps) - 1:
            assert ui.item("nextButton").property("text") == "To the quiz"
        ui.click("nextButton")
    assert ui.view["mode"] == "quiz"
    assert ui.item("lessonTitle").property("text") == f"Quiz: {lesson.title}"
    count = ui.view["stepCount"]
    assert count == 3
    assert not ui.item("nextButton").property("enabled")  # not before it is answered
    ui.answer_wrong()  # the first question wrong once
    assert not ui.item("nextButton").property("enabled")
    ui.answer_right()
    ui.click("nextButton")
    assert not ui.item("nextButton").property("enabled")
    ui.answer_right()
    ui.click("backButton")  # a question answered before may be passed again
    assert ui.item("nextButton").property("enabled")
    ui.click("nextButton")
    ui.click("nextButton")
    ui.answer_right()
    assert "2 of 3 right at the first try" in ui.item("stepCounter").property("text")
    assert ui.item("nextButton").property("text") == "Finish"
    ui.click("nextButton")
    assert not ui.view["open"] and ui.player.progress.is_done(lesson)
    # the list says how the quiz went, until a lesson opens again
    said = ui.item("chooseLessonText").property("text")
    done = f"Quiz: {lesson.title} is finished: 2 of 3 right at the first try without a hint."
    assert said.startswith(done)
    ui.click("openLesson_0")
    ui.player.closeLesson()  # back to the list
    ui.settle(20)
    assert "finished" not in ui.item("chooseLessonText").property("text")


def test_play_this_position_opens_the_game(ui):
    go_to(ui, 7, "make-points")  # 6-1 in the starting position
    flow = ui.main.flow
    assert ui.item("playPositionButton").isVisible()
    ui.click("playPositionButton")
    session = flow.session
    assert session is not None and session.on_roll == 0 and session.dice == (6, 1)
    assert session.position == Position.start() and session.settings.computer
    assert session.settings.match_length == 0  # a money game
    # now a game is in progress: the window asks before replacing it
    session.move(13, 7)
    session.move(8, 7)
    flow.confirm()
    ui.settle(20)
    assert ui.main.view.matchInProgress
    ui.main.settings.remember_new_game({"opponent": "expert"})  # the level of the new games
    go_to(ui, 6, "take-point")  # the opponent doubles: the computer is on roll
    ui.click("playPositionButton")
    dialog = ui.window.findChild(object, "replaceGameDialog")
    assert dialog.property("opened") or dialog.property("visible")
    ui.click("keepGameButton")
    assert flow.session is session  # nothing was thrown away
    ui.click("playPositionButton")
    ui.click("replaceGameButton")
    ui.qtbot.waitUntil(lambda: flow.session.phase == "double", timeout=20_000)
    now = flow.session
    assert now is not session and now.settings.cube  # the step is about the cube
    step = ui.player.current_step()
    # the computer, ahead in the race, doubles: the student must take or pass
    assert now.phase == "double" and now.on_roll == 1
    assert now.position == step.position.swapped()
    assert ui.main.view.mustAnswerDouble


def test_play_this_position_keeps_the_match_state(ui):
    go_to(ui, 7, "post-crawford")  # trailing 3-4 in a match to 5, after the Crawford game
    ui.click("playPositionButton")
    session = ui.main.flow.session
    step = ui.player.current_step()
    assert session.settings.match_length == 5
    assert tuple(session.score) == step.match.score
    assert not session.crawford_game


def test_no_play_on_from_a_finished_game(ui):
    go_to(ui, 5, "single")
    assert ui.hidden("playPositionButton")


def test_a_count_left_at_0_is_no_answer(ui):
    # found by a tester: Check at once answered 0, "right at the first try" wherever 0 was right
    go_to(ui, 0, "pips-start")
    box = ui.item("numberInput")
    assert not ui.item("checkButton").property("enabled")
    ui.click_item(box)
    QTest.keyClick(ui.window, Qt.Key.Key_Return)  # nothing typed: nothing answered
    ui.settle(5)
    assert not ui.item("checkButton").property("enabled") and box.isVisible()
    QTest.keyClick(ui.window, Qt.Key.Key_0)  # a 0 typed is an answer
    ui.settle(5)
    assert ui.item("checkButton").property("enabled")


def test_a_typed_count_is_answered_with_enter(ui):
    go_to(ui, 0, "pips-start")
    box = ui.item("numberInput")
    ui.click_item(box)
    QTest.keyClick(ui.window, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    for key in (Qt.Key.Key_1, Qt.Key.Key_6, Qt.Key.Key_7):
        QTest.keyClick(ui.window, key)
    QTest.keyClick(ui.window, Qt.Key.Key_Return)  # the typed text, not the spin box's old 0
    ui.settle(5)
    assert ui.view["solved"] and ui.feedback_text() == "Correct!"


def test_a_grading_that_fails_is_said_and_the_board_is_free_again(ui, monkeypatch):
    import lessons.judge

    def broken(position, dice):
        raise RuntimeError("no networks")

    monkeypatch.setattr(lessons.judge, "rank", broken)
    monkeypatch.setattr(lessons.judge, "is_ranked", lambda position, dice: False)
    go_to(ui, 7, "make-points")
    ui.graded()
    play(ui, "13/7 8/7")
    ui.graded()
    assert "could not be graded" in ui.feedback_text() and "no networks" in ui.feedback_text()
    assert not ui.view["solved"] and ui.view["board"][13] == 5  # the try is taken back
    assert 13 in ui.view["draggable"]


def test_a_judgement_step_is_ranked_off_the_gui_thread(ui, monkeypatch):
    import threading

    import lessons.judge

    real, searched_on_gui, calls = lessons.judge.rank, [], []
    lessons.judge._rank.cache_clear()  # a new search, whatever earlier tests ranked
    lessons.judge._RANKED.clear()

    def spy(position, dice):
        searching = (position, dice) not in lessons.judge._RANKED
        calls.append(searching)
        searched_on_gui.append(searching and threading.current_thread() is threading.main_thread())
        return real(position, dice)

    monkeypatch.setattr(lessons.judge, "rank", spy)
    go_to(ui, 7, "make-points")
    ui.click("hintButton")  # the rule comes at once; it needs no ranking
    assert ui.feedback_text() == ui.exercise().rule
    ui.graded()
    assert any(calls) and not any(searched_on_gui)  # the search ran on the thread pool only


@pytest.mark.parametrize(("step_id", "crawford"), [("crawford", True), ("post-crawford", False)])
def test_the_crawford_question_is_not_answered_by_the_board_before_the_student(
    ui, step_id, crawford
):
    # "Is this game the Crawford game?" stood under a header saying "Crawford game", and the
    # Crawford game showed a cube at 1 in the middle (there is none in it)
    go_to(ui, 7, step_id)
    info = ui.item("matchInfo")
    assert not ui.view["cubeVisible"] and not ui.view["crawford"]
    assert "Crawford" not in info.property("text") and "cube" not in info.property("text")
    assert "Match to 5" in info.property("text")
    ui.answer_right()
    assert ui.view["crawford"] == crawford and ui.view["cubeVisible"] == (not crawford)
    assert ("Crawford game" in info.property("text")) == crawford
    assert ("cube 1" in info.property("text")) == (not crawford)


def test_a_race_take_shows_the_double_on_offer(ui):
    # "your opponent doubles before rolling", and no cube was on the board (seen by a teacher);
    # then a cube at 2 in the middle, said so too, a state no game has (another teacher)
    go_to(ui, 6, "race-take")
    view = ui.view
    assert view["cubeVisible"] and view["cubeOffered"] and view["cubeOwner"] == -1
    assert view["cubeValue"] == 1  # doubled to 2, drawn as the game draws an offer
    assert ui.item("matchInfo").property("text") == "Money game · your opponent doubles to 2"


@pytest.mark.parametrize(("lesson", "step"), [(5, "single"), (5, "gammon"), (6, "race-double")])
def test_a_question_of_the_cube_shows_the_cube_in_the_middle(ui, lesson, step):
    # "what is a won game worth", "the cube is in the middle": no cube was drawn (seen by a
    # tester); without a Match ID it stands in the middle at 1
    go_to(ui, lesson, step)
    assert ui.view["cubeVisible"] and ui.view["cubeValue"] == 1 and ui.view["cubeOwner"] == -1
    assert ui.item("cube").isVisible()


def test_a_money_game_is_not_called_a_single_game_in_a_lesson(ui):
    # found by a tester: "Single game · cube 4, you own it" stood over the question of a
    # gammon's points, in the lesson that teaches that a single game is a win of 1 point
    go_to(ui, 5, "times-cube")
    assert ui.item("matchInfo").property("text") == "Money game · cube 4, you own it"
    go_to(ui, 6, "race-double")  # a race's cube question without a match: money, cube centred
    assert ui.item("matchInfo").property("text") == "Money game · cube 1, in the middle"


def test_the_answer_buttons_stay_in_place_when_the_feedback_comes(ui):
    # the feedback pushed "Yes / No" up: a second click on the same spot met the feedback
    go_to(ui, 6, "centred")
    ex = ui.exercise()
    wrong = next(c for c in ex.choices if c != ex.answer())
    buttons = {c: ui.item(f"choice_{c}") for c in ex.choices}

    def where() -> dict:
        return {c: b.mapToScene(b.boundingRect().topLeft()).y() for c, b in buttons.items()}

    before = where()
    ui.click(f"choice_{wrong}")
    assert ui.item("feedbackBox").isVisible() and not ui.view["solved"]
    assert where() == before
    ui.click("hintButton")
    assert where() == before
    ui.click(f"choice_{ex.answer()}")  # the same spot as before answers it
    assert ui.view["solved"]


def test_a_lesson_whose_last_step_is_words_only_is_finished_once_that_step_is_read(ui):
    """Found by a tester: lesson 7's last step (words only) read, then "All lessons": the list
    said 8 of 9 steps done, with no tick, until the quiz was started."""
    index = next(
        i for i, lesson in enumerate(ui.player.lessons) if lesson.steps[-1].exercise is None
    )
    lesson = ui.player.lessons[index]
    go_to(ui, index, lesson.steps[-1].id)
    assert ui.player.progress.done_steps(lesson) == {s.id for s in lesson.steps}
    steps = len(lesson.steps)
    assert f"{steps} of {steps}" in ui.item(f"lessonProgress_{index}").property("text")


def test_moves_and_percentages_do_not_break_at_a_line_end(ui):
    """Found by a tester: "6/ off" broke after its "/" and "25 / %" before its "%" (Danish
    writes a space there). The lessons' texts keep both whole."""
    go_to(ui, 4, "higher-point-first")
    prompt = ui.item("promptText").property("text")
    assert "4/\u2060off" in prompt and as_written(prompt) == ui.exercise().render_prompt()
    from app import i18n

    i18n.set_language(None, None, "da")
    try:
        go_to(ui, 6, "take-point")
        shown = [i.property("text") for i in ui.items() if i.objectName().startswith("paragraph_")]
        assert any("25\u00a0%" in t for t in shown) and not any("25 %" in t for t in shown)
    finally:
        i18n.set_language(None, None, "en")


@pytest.mark.parametrize("language", ["en", "da"])
def test_a_badge_on_the_board_lies_over_no_checker(ui, language):
    """Found by a tester: the "Anchor" badge on the 20-point lay over the third checker of the
    19-point beside it (it was placed past its own point's two checkers only)."""
    labelled = [
        (number, step.id)
        for number, lesson in enumerate(ui.player.lessons)
        for step in lesson.steps
        if any(mark.kind == "label" for mark in step.marks)
    ]
    assert (7, "anchor") in labelled
    from app import i18n

    i18n.set_language(None, None, language)
    for lesson, step in labelled:
        go_to(ui, lesson, step)
        ui.settle(50)
        shown = [i for i in ui.items() if i.isVisible()]
        badges = [i for i in shown if i.objectName().startswith("badge_")]
        checkers = [i for i in shown if i.objectName().startswith("checker_")]
        assert badges and checkers
        for badge in badges:
            area = badge.mapRectToScene(badge.boundingRect())
            for checker in checkers:
                other = checker.mapRectToScene(checker.boundingRect()).adjusted(2, 2, -2, -2)
                assert not area.intersects(other), (step, badge.objectName(), checker.objectName())
    i18n.set_language(None, None, "en")


def test_a_question_of_several_points_found_one_by_one_is_right_at_the_first_try(ui):
    # found by a tester: lesson 4's quiz asks to click each point a checker can reach; every
    # click right and no hint, it counted as not right at the first try ("2 of 3")
    from lessons.exercises import ReachExercise

    ui.through_lesson(3, seed=1)  # (its quiz has a question of two points)
    assert ui.view["mode"] == "quiz"
    kinds = []
    for _ in range(ui.view["stepCount"]):
        ex = ui.exercise()
        kinds.append(type(ex))
        if isinstance(ex, ReachExercise):
            kinds.append(len(ex.answer()))
        ui.answer_right()
        ui.click("nextButton")
    assert any(k for k in kinds if isinstance(k, int) and k > 1)  # points found one by one
    said = ui.item("chooseLessonText").property("text")
    assert "3 of 3 right at the first try" in said, said
