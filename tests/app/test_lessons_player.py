"""The lesson player in the real QML window: every lesson completed by clicks, wrong answers
explained, progress kept, and one screenshot per lesson and language.

The answers are taken from the exercises (computed by the engine), never typed in here; the clicks
go to the rendered board and buttons.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QObject, QPointF, Qt
from PySide6.QtQml import QQmlComponent, QQmlEngine
from PySide6.QtTest import QTest

from engine import IllegalPlayError, Position, TurnBuilder
from engine.errors import REASON_TEXT
from lessons.exercises import (
    ChoiceExercise,
    JudgeExercise,
    NumberExercise,
    PlayExercise,
    ReachExercise,
    full_notation,
)
from lessons.model import Lesson
from tests.app.driver import WindowDriver, as_written, speaking

pytestmark = pytest.mark.gui


class LessonHarness(WindowDriver):
    """The lesson window of a real QML engine, driven by clicks."""

    settle_ms = 5

    def __init__(self, qtbot, data_dir: Path, lessons_dir: Path | None = None) -> None:
        self.qtbot = qtbot
        self.data_dir = data_dir
        self.lessons_dir = lessons_dir
        self.main = None
        self.window = None
        self.player = None

    def open(self, language: str = "en") -> None:
        from app.window import Options, open_window

        options = Options(
            data_dir=self.data_dir,
            settings_file=self.data_dir / "settings.ini",
            step_ms=0,
            think_delay_ms=0,
            lessons_dir=self.lessons_dir,
        )
        self.main = open_window(language, ["test"], options)
        component = QQmlComponent(self.main.engine)
        component.loadFromModule("app.qml", "LessonWindow")
        assert component.status() == QQmlComponent.Status.Ready, component.errorString()
        self.component = component
        self.window = component.create()
        assert self.window is not None, component.errorString()
        QQmlEngine.setObjectOwnership(self.window, QQmlEngine.ObjectOwnership.CppOwnership)
        self.window.resize(1280, 800)
        self.window.show()
        self.qtbot.waitExposed(self.window)
        self.player = self.main.lessons
        self.settle()

    def close(self) -> None:
        if self.window is not None:
            self.window.close()
            self.window.deleteLater()
            self.window = None
        if self.main is not None:
            self.main.close()
            self.main = None
        QCoreApplication.processEvents()

    def click_location(self, location: int) -> None:
        name = f"tray_{location}" if location in (0, 27) else f"location_{location}"
        self.click_item(self.item(name))

    @property
    def view(self) -> dict:
        return self.player.view

    @property
    def feedback(self) -> dict:
        return self.player.feedback

    def feedback_text(self) -> str:
        box = self.item("feedbackBox")
        assert box.isVisible()
        return as_written(self.item("feedbackText").property("text"))

    # -- answers by clicks --------------------------------------------------------------------
    def exercise(self):
        step = self.player.current_step()
        return step.exercise if step is not None else None

    def through_lesson(self, index: int, seed: int) -> Lesson:
        """Lesson ``index`` answered right step by step, up to the first question of its quiz
        (drawn with ``seed``); returns the lesson."""
        self.player.seed = seed
        lesson = self.player.lessons[index]
        self.click(f"openLesson_{index}")
        for _step in lesson.steps:
            if self.exercise() is not None:
                self.answer_right()
            self.click("nextButton")
        return lesson

    def graded(self) -> None:
        """Let the background grading of a judgement question finish and report."""
        self.player.grader.wait()
        self.settle(5)

    def answer_right(self) -> None:
        ex = self.exercise()
        if isinstance(ex, JudgeExercise):
            self.graded()
        if isinstance(ex, PlayExercise):
            for step in ex.accepted()[0].steps:
                self.click_location(step.src)
                assert self.view["selected"] == step.src
                self.click_location(step.dst)
        elif isinstance(ex, ReachExercise):
            for point in ex.answer():
                self.click_location(point)
        elif isinstance(ex, NumberExercise):
            self.item("numberInput").setProperty("value", ex.answer())
            self.item("numberInput").setProperty("touched", True)  # as typed
            self.click("checkButton")
        elif isinstance(ex, ChoiceExercise):
            self.click(f"choice_{ex.answer()}")
        assert self.view["solved"], f"not solved: {self.feedback}"
        assert self.feedback["correct"]

    def answer_wrong(self) -> str:
        """Give a wrong answer by clicks; returns the explanation the engine expects, if any."""
        ex = self.exercise()
        if isinstance(ex, PlayExercise):
            builder = TurnBuilder(ex.position, ex.dice)
            for src in sorted(builder.movable_points(), reverse=True):
                for die in sorted(set(ex.dice), reverse=True):
                    dst = 25 - die if src == 25 else max(src - die, 0)
                    try:
                        builder.move_checker(src, dst)
                    except IllegalPlayError as exc:
                        self.click_location(src)
                        self.click_location(dst)
                        return REASON_TEXT[exc.reason]
                    builder.undo()
            # every single step is legal: play a legal play that misses the goal
            accepted = {p.result for p in ex.accepted()}
            wrong = next(p for p in ex.legal() if p.result not in accepted)
            for step in wrong.steps:
                self.click_location(step.src)
                self.click_location(step.dst)
            if isinstance(ex, JudgeExercise):
                self.graded()
            return full_notation(wrong)
        if isinstance(ex, ReachExercise):
            answer = ex.answer()
            point = next(p for p in range(24, 0, -1) if p not in answer and p < ex.src)
            self.click_location(point)
            return str(point)
        if isinstance(ex, NumberExercise):
            self.item("numberInput").setProperty("value", ex.answer() + 1)
            self.item("numberInput").setProperty("touched", True)  # as typed
            self.click("checkButton")
            return "too many"
        other = next(c for c in ex.choices if c != ex.answer())
        self.click(f"choice_{other}")
        return ""


@pytest.fixture
def lessons_ui(qtbot, tmp_path) -> Iterator[LessonHarness]:
    harness = LessonHarness(qtbot, tmp_path)
    harness.open()
    yield harness
    harness.close()


@pytest.mark.parametrize("number", range(8))
def test_complete_a_lesson_by_clicks_with_a_wrong_answer(lessons_ui, number):
    ui = lessons_ui
    ui.click(f"openLesson_{number}")
    assert ui.view["open"] and ui.view["lessonNumber"] == number + 1
    lesson = ui.player.lessons[number]
    wrong_done = False
    for index, step in enumerate(lesson.steps):
        assert ui.view["stepIndex"] == index
        assert ui.item("stepTitle").property("text") == step.title
        ui.settle(2)
        scroll = ui.item("stepTextScroll")  # the text fits its panel in a 1280 x 800 window
        assert scroll.property("contentHeight") <= scroll.height() + 1, step.id
        if step.exercise is not None:
            assert not ui.item("nextButton").property("enabled")
            if not wrong_done:
                expected = ui.answer_wrong()
                assert not ui.view["solved"]
                text = ui.feedback_text()
                assert text and not ui.feedback["correct"]
                assert expected.lower() in text.lower(), (expected, text)
                wrong_done = True
            ui.answer_right()
            assert ui.feedback_text().startswith("Correct!")
        assert ui.item("nextButton").property("enabled")
        ui.click("nextButton")
    # the lesson's short mixed quiz follows, then the list again
    assert ui.view["mode"] == "quiz" and ui.player.lessonIndex == -1
    while ui.view.get("open"):
        ui.answer_right()
        ui.click("nextButton")
    assert ui.item(f"lessonDone_{number}").property("text") == "\u2714"
    assert ui.player.progress.is_done(lesson)


def test_rule_reasons_on_the_board(lessons_ui):
    """The 5-3 bear-off: 5/off is refused by the use-both-dice rule; then the hint and the play."""
    ui = lessons_ui
    ui.click("openLesson_2")
    while ui.view["stepTitle"] != "Never make a die unusable on purpose":
        ui.answer_right() if ui.exercise() else None
        ui.click("nextButton")
    ui.click_location(5)
    assert ui.view["selected"] == 5
    assert 2 in ui.view["ringPoints"]  # the engine's destinations of the checker on 5
    ui.click_location(0)
    assert ui.feedback_text() == REASON_TEXT["must_use_both_dice"]
    assert ui.view["board"][5] == 1  # nothing moved
    for _ in range(3):  # the rule, the checkers to move, then the answer
        ui.click("hintButton")
    assert ui.feedback_text() == "Play 5/2 4/off."
    assert {"from": 5, "to": 2} in ui.view["arrows"]
    ui.click_location(5)
    ui.click_location(2)
    assert ui.view["canUndo"]
    ui.click("undoButton")
    assert ui.view["board"][5] == 1
    ui.click_location(5)
    ui.click_location(2)
    ui.click_location(4)
    ui.click_location(0)
    assert ui.view["solved"] and ui.view["board"][0] == 14


def test_progress_resumes_and_restarts(qtbot, tmp_path):
    ui = LessonHarness(qtbot, tmp_path)
    ui.open()
    try:
        height = ui.item("openLesson_0").height()
        ui.click("openLesson_0")
        ui.click("nextButton")
        ui.click("nextButton")
        assert ui.view["stepIndex"] == 2
        # the card keeps its height as its Restart link comes (the link took a line of its own
        # in some cards only, which changed heights under the pointer: found by a tester)
        assert ui.item("openLesson_0").height() == height
        count = len(ui.player.lessons[0].steps)
        assert f"2 of {count}" in ui.item("lessonProgress_0").property("text")
    finally:
        ui.close()
    again = LessonHarness(qtbot, tmp_path)
    again.open()
    try:
        again.click("openLesson_0")
        assert again.view["stepIndex"] == 2  # resumed where it was left
        again.click("restartLesson_0")  # asked first (found by a tester: a stray click forgot
        assert again.view["stepIndex"] == 2  # the lesson's progress at once); Enter keeps it
        dialog = again.window.findChild(QObject, "restartDialog")
        again.qtbot.waitUntil(lambda: dialog.property("opened"), timeout=3000)
        QTest.keyClick(again.window, Qt.Key.Key_Return)
        again.qtbot.waitUntil(lambda: not dialog.property("visible"), timeout=3000)
        assert again.view["stepIndex"] == 2
        again.click("restartLesson_0")
        again.qtbot.waitUntil(lambda: dialog.property("opened"), timeout=3000)
        again.click("confirmRestartButton")
        assert again.view["stepIndex"] == 0
        count = len(again.player.lessons[0].steps)
        assert f"0 of {count}" in again.item("lessonProgress_0").property("text")
    finally:
        again.close()


def test_checkers_can_be_dragged(lessons_ui):
    ui = lessons_ui
    ui.click("openLesson_1")  # the opening 3-1: make the 5-point
    assert 8 in ui.view["draggable"] and 6 in ui.view["draggable"]
    button, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    for source in (8, 6):
        a = ui.item(f"location_{source}")
        b = ui.item("location_5")
        start = a.mapToScene(QPointF(a.width() / 2, a.height() * 0.9)).toPoint()
        end = b.mapToScene(QPointF(b.width() / 2, b.height() * 0.9)).toPoint()
        QTest.mousePress(ui.window, button, mods, start)
        for i in range(1, 9):
            QTest.mouseMove(ui.window, start + (end - start) * (i / 8))
            ui.settle(1)
        QTest.mouseRelease(ui.window, button, mods, end)
        ui.settle(2)
    assert ui.view["solved"] and ui.view["board"][5] == 2


def test_keys_step_through_a_lesson(lessons_ui):
    ui = lessons_ui
    ui.click("openLesson_0")
    QTest.keyClick(ui.window, Qt.Key.Key_Right)
    ui.settle(2)
    assert ui.view["stepIndex"] == 1
    QTest.keyClick(ui.window, Qt.Key.Key_Left)
    ui.settle(2)
    assert ui.view["stepIndex"] == 0
    for _ in range(3):
        QTest.keyClick(ui.window, Qt.Key.Key_Right)
        ui.settle(2)
    assert ui.view["exercise"] == "pips"
    QTest.keyClick(ui.window, Qt.Key.Key_Right)  # not solved yet: no further
    ui.settle(2)
    assert ui.view["stepIndex"] == 3
    QTest.keyClick(ui.window, Qt.Key.Key_H)
    ui.settle(2)
    assert ui.feedback_text() == "Add 2 × 24, 5 × 13, 3 × 8 and 5 × 6."  # first the rule
    QTest.keyClick(ui.window, Qt.Key.Key_H)
    ui.settle(2)
    assert ui.feedback_text() == "The answer is 167."


def test_a_finished_lesson_opens_at_its_start(lessons_ui):
    ui = lessons_ui
    ui.click("openLesson_5")
    for _ in ui.player.lessons[5].steps:
        if ui.exercise() is not None:
            ui.answer_right()
        ui.click("nextButton")
    ui.player.closeLesson()  # the quiz that follows is left
    ui.settle(2)
    assert not ui.view["open"]
    ui.click("openLesson_5")
    assert ui.view["stepIndex"] == 0 and ui.view["stepDone"]
    assert ui.item("nextButton").property("enabled")  # a done step may be passed again


def test_a_wrong_count_gets_the_lesson_explanation(lessons_ui):
    ui = lessons_ui
    ui.click("openLesson_0")
    ui.click("nextButton")
    ui.click("nextButton")
    ui.click("nextButton")
    ui.item("numberInput").setProperty("value", 160)
    ui.item("numberInput").setProperty("touched", True)  # as typed
    ui.click("checkButton")
    assert ui.feedback_text() == "160 is too few. Add 2 × 24, 5 × 13, 3 × 8 and 5 × 6."
    ui.click("hintButton")
    assert ui.feedback_text() == "Add 2 × 24, 5 × 13, 3 × 8 and 5 × 6."
    ui.click("hintButton")
    assert ui.feedback_text() == "The answer is 167."


def test_broken_lesson_files_are_reported_not_a_crash(qtbot, tmp_path):
    broken = tmp_path / "data"
    broken.mkdir()
    (broken / "01-x.json").write_text("{not json", encoding="utf-8")
    ui = LessonHarness(qtbot, tmp_path, lessons_dir=broken)
    try:
        ui.open()
        text = ui.item("chooseLessonText").property("text")
        assert "could not be loaded" in text and "01-x.json" in text
        assert ui.player.lessonModel.rowCount() == 0
    finally:
        ui.close()


SHOT_STEPS = {
    0: "points",
    1: "landing",
    2: "no-wasted-die",
    3: "bar-one",
    4: "higher-point-first",
    5: "backgammon",
    6: "take-or-pass",
    7: "direct-shot",
}


def test_the_hints_ring_leaves_with_the_checker_and_hint_stops_at_the_last(lessons_ui):
    # the ring of "the checker to move" stayed on its point once the checker had left, and
    # "More help" stayed on after the last hint, doing nothing (seen by a tester)
    ui = lessons_ui
    ui.click("openLesson_2")  # Use both dice: one checker on 8, 3-2
    ui.click("hintButton")
    ui.click("hintButton")
    assert 8 in ui.view["ringCheckers"] and ui.item("hintButton").property("enabled")
    ui.player.dropChecker(8, 6)
    ui.settle(20)
    assert 8 not in ui.view["ringCheckers"] and 8 not in ui.view["markedPoints"]
    ui.click("hintButton")  # the answer: the last hint
    assert ui.feedback_text() == "Play 8/6/3."
    assert not ui.item("hintButton").property("enabled")


def test_marks_are_told_apart_from_moves_and_kept_off_the_dice(lessons_ui):
    """A ring on an empty point was drawn as a destination's disc (it read as a legal move in
    "no legal move" steps), and the "Blocked" badge at the tip of a point lay over the dice."""
    ui = lessons_ui
    ui.click("openLesson_2")
    ui.settle(50)
    badge, dice = ui.item("badge_5"), ui.item("diceRow")  # the first step: 5 blocked, 3-2
    a = badge.mapRectToScene(badge.boundingRect())
    b = dice.mapRectToScene(dice.boundingRect())
    assert badge.isVisible() and dice.isVisible() and not a.intersects(b)
    while ui.view["stepTitle"] != "A blocked point only counts where you land":
        ui.answer_right() if ui.exercise() and not ui.view["solved"] else None
        ui.click("nextButton")
    assert ui.view["markedPoints"] == [3] and 3 not in ui.view["ringPoints"]
    assert ui.item("markedPoint_3").isVisible() and ui.find("destination_3") is None


@pytest.mark.parametrize("language", ["en", "da", "nl"])
def test_screenshots_of_one_step_per_lesson(qtbot, tmp_path, language):
    """Renders one step of every lesson; the text fits its panel and the marks are drawn.

    Set LESSON_SHOTS to a folder to keep the pictures for a person to look at.
    """
    ui = LessonHarness(qtbot, tmp_path)
    ui.open(language)
    folder = Path(os.environ.get("LESSON_SHOTS", tmp_path / "shots"))
    folder.mkdir(parents=True, exist_ok=True)
    try:
        for number, step_id in SHOT_STEPS.items():
            lesson = ui.player.lessons[number]
            ui.click(f"openLesson_{number}")
            while ui.view["stepIndex"] != lesson.step_index(step_id):
                if ui.exercise() is not None and not ui.view["solved"]:
                    ui.answer_right()
                ui.click("nextButton")
            ui.settle(400)  # the cube slides to its owner
            image = ui.window.grabWindow()
            assert not image.isNull()
            image.save(str(folder / f"lesson{number + 1}-{step_id}-{language}.png"))
            # the text fits: the step text needs no more room than its panel gives
            scroll = ui.item("stepTextScroll")
            content = scroll.property("contentHeight")
            assert content <= scroll.height() + 1, (step_id, content, scroll.height())
            # the lesson list: a progress line and its restart link never overlap
            for index in range(8):
                link = ui.find(f"restartLesson_{index}")  # shown once a step is done
                if link is not None:
                    label = ui.item(f"lessonProgress_{index}")
                    a = label.mapRectToScene(label.boundingRect())
                    b = link.mapRectToScene(link.boundingRect())
                    assert not a.intersects(b), (language, index)
            # every mark of the step is on the board
            step = lesson.steps[lesson.step_index(step_id)]
            for mark in step.marks:
                if mark.kind == "ring":
                    assert mark.point in ui.view["ringCheckers"] + ui.view["markedPoints"]
                elif mark.kind == "arrow":
                    assert {"from": mark.point, "to": mark.to} in ui.view["arrows"]
    finally:
        ui.close()


def test_an_arrow_is_made_by_its_move_or_by_a_checkers_steps_to_its_end():
    from app.lesson_view import unmade

    assert unmade([(13, 8)], [(13, 10), (10, 8)]) == []  # one checker's two steps
    assert unmade([(13, 8), (13, 8)], [(13, 8)]) == [(13, 8)]  # a step makes one arrow
    assert unmade([(25, 23), (23, 19)], [(25, 23), (23, 19)]) == []  # enter, then hit
    assert unmade([(24, 18)], [(13, 7)]) == [(24, 18)]
    assert unmade([(6, 0)], [(6, 3), (3, 0)]) == []  # borne off by two steps


def test_the_steps_marks_go_with_the_moves_they_show(lessons_ui):
    # found by a tester: once 8/5 6/5 was played, the arrows stood from the checkers left on
    # 8 and 6 to 5, as if more moves were to be made; a ring stayed on an emptied point
    ui = lessons_ui
    ui.click("openLesson_1")
    assert {"from": 8, "to": 5} in ui.view["arrows"] and {"from": 6, "to": 5} in ui.view["arrows"]
    ui.click_location(8)
    ui.click_location(5)  # one of the two moves: its arrow goes, the other's stays
    assert ui.view["arrows"] == [{"from": 6, "to": 5}]
    ui.click("undoButton")
    assert len(ui.view["arrows"]) == 2
    ui.answer_right()
    assert ui.view["arrows"] == []
    ui.click("openLesson_3")  # hitting: rings on the blots on 8 and 6, 10/6*/5 hits the one on 6
    assert {8, 6} <= set(ui.view["ringCheckers"])
    ui.answer_right()
    assert ui.view["board"][6] == 0 and ui.view["ringCheckers"] == [8]
    assert ui.view["markedPoints"] == [] and ui.view["arrows"] == []


def test_the_verdict_of_a_lesson_follows_a_language_switch(lessons_ui):
    from app import i18n

    ui = lessons_ui
    ui.click("openLesson_0")
    while ui.exercise() is None:
        ui.click("nextButton")
    ui.answer_right()
    assert ui.feedback_text().startswith("Correct!")
    try:
        i18n.set_language(None, ui.main.engine, "da")
        ui.settle(20)
        danish = i18n._("Correct!")
        assert danish != "Correct!"
        assert ui.feedback_text().startswith(danish), ui.feedback_text()
    finally:
        i18n.set_language(None, ui.main.engine, "en")


def test_the_number_box_is_in_sight_before_a_number_is_given(lessons_ui):
    """Found by a tester: the empty number box's dark field on the dark panel showed only its
    arrows. Its field has an edge that stands out from the window."""
    from app.board_themes import contrast_ratio
    from tests.app.driver import qml_value

    lessons_ui.click("openLesson_0")
    while lessons_ui.exercise() is None or lessons_ui.exercise().kind != "pips":
        lessons_ui.click("nextButton")
    box = lessons_ui.item("numberInput")
    assert qml_value(box, "contentItem.text") == ""
    edge = qml_value(box, "background.border.color.toString()")
    window = lessons_ui.window.color().name()
    assert contrast_ratio(edge, window) >= 3, (edge, window)
    assert box.property("width") >= 100


def test_a_double_shows_four_dice_in_every_step():
    """Found by a teacher: a lesson's play showed a double as four dice, a quiz's question (no
    play to make) as two."""
    from app.lesson_view import _dice

    assert [d["value"] for d in _dice(None, [3, 3])] == [3, 3, 3, 3]
    assert [d["value"] for d in _dice(None, [5, 2])] == [5, 2]
    assert [d["value"] for d in _dice(None, [])] == []
    played = _dice(TurnBuilder(Position.start(), (3, 3)), [3, 3])
    assert [d["value"] for d in played] == [3, 3, 3, 3]


def _texts_js(name: str, text: str) -> str:
    """``name(text)`` of app/qml/texts.js, run by a JavaScript engine as QML runs it."""
    from PySide6.QtQml import QJSEngine

    source = (Path(__file__).parents[2] / "app" / "qml" / "texts.js").read_text()
    engine = QJSEngine()
    result = engine.evaluate(source.replace(".pragma library", "") + f"\n{name}({text!r})")
    assert not result.isError(), result.toString()
    return result.toString()


def test_a_points_name_stays_whole(qapp):
    # found by a tester: "op je 2-" ended a line and "punt" began the next (Dutch, 150%)
    for text in ("op je 2-punt", "your 6-point", "dit 5-punktet"):
        number, word = text.split("-")
        assert _texts_js("unbroken", text) == f"{number}-\u2060{word}"
    assert _texts_js("wholePoints", "6-4 and 3-1") == "6-4 and 3-1"  # rolls are no names


def test_a_roll_and_its_play_stay_on_one_line(lessons_ui):
    """Found by a tester: in the list of the fifteen opening rolls (lesson 8) a line ended
    between "3-2" and "24/21 13/11", and the play was read as the next roll's."""

    def joined(text: str) -> str:
        return _texts_js("wholePlays", text).replace("\u00a0", "~")

    assert (
        joined("Make a point: 3-1 8/5 6/5, 4-2 8/4 6/4.")
        == "Make a point: 3-1~8/5~6/5, 4-2~8/4~6/4."
    )
    assert joined("6-4 24/18 13/9 (or 8/2 6/2, as good)") == "6-4~24/18~13/9 (or 8/2~6/2, as good)"
    assert joined("4-3 24/20 13/10 or 24/21 13/9") == "4-3~24/20~13/10 or 24/21~13/9"
    assert joined("Enter: bar/23/19* 6/off, then 24/18(2) 13/7(2).") == (
        "Enter: bar/23/19*~6/off, then 24/18(2)~13/7(2)."
    )
    # words, numbers and rolls alone are left as they are
    for text in ("a 6-4 roll", "5/off would leave 3 pips", "Play 9/5*/3: hit on 5", "6-5 and 4-2"):
        assert _texts_js("wholePlays", text) == text
    # in the window, in each language: no roll parted from its play
    for language in ("en", "da", "nl"):
        lessons_ui.player.openLesson(7)
        steps = lessons_ui.player.lessons[7].steps
        (index,) = [i for i, s in enumerate(steps) if s.id == "openings"]
        lessons_ui.player._go(index)
        with speaking(lessons_ui.main.engine, language):
            lessons_ui.settle()
            shown = " ".join(
                item.property("text")
                for item in lessons_ui.items()
                if item.objectName().startswith("paragraph_")
            )
        for roll in ("3-1", "6-4", "3-2", "2-1"):
            assert f"{roll}\u00a0" in shown, (language, roll, shown)
        assert "3-2 24/21 13/11" in as_written(shown)
