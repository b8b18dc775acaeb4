"""The lesson player: the eight lessons of ``lessons/`` on the real board, for QML.

``LessonPlayer`` holds the open lesson and step and passes every answer to the lesson's exercise,
which the engine judges; moves on the board come through the same ``BoardInput`` as in the game,
so a gesture means the same thing everywhere. QML only shows ``view`` and forwards clicks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Property, QObject, Signal, Slot
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

from app.board_input import BoardInput
from app.lesson_drills import QUIZ_DONE, DrillListModel, DrillRun
from app.lesson_grading import LessonGrader
from app.lesson_hints import HintLadder, feedback_view
from app.lesson_view import LessonListModel, progress_state, step_view
from app.texts import N_, _
from engine import IllegalPlayError, TurnBuilder
from lessons.exercises import (
    ChoiceExercise,
    Feedback,
    JudgeExercise,
    LessonDataError,
    NumberExercise,
    PlayExercise,
    ReachExercise,
    full_notation,
)
from lessons.model import Lesson, Step, load_lessons
from lessons.progress import Progress

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1

PROGRESS_FILE = "lessons-progress.json"
GRADING = N_("Grading your play…")
GRADING_FAILED = N_("The play could not be graded: {reason}")


@QmlElement
@QmlSingleton
class LessonPlayer(QObject):
    """The open lesson and step, the board it shows, and the student's answers.

    ``view`` carries everything the window shows for the step (texts already translated);
    ``feedback`` the verdict on the last answer, translated again when the language changes.
    """

    @staticmethod
    def create(engine: QQmlEngine) -> LessonPlayer:
        """The window's own LessonPlayer (made by ``app.window``), when QML first names it."""
        from app.parts import part_of

        return part_of(engine, LessonPlayer)

    viewChanged = Signal()
    feedbackChanged = Signal()
    lessonChanged = Signal()
    # for the classroom (app.classroom): an answer (lesson, step, kind, as given, right), hint, step
    answered = Signal(str, str, str, str, bool)
    hintShown = Signal(str, str)
    stepShown = Signal(str, str)

    def __init__(
        self,
        progress_path: Path | Progress,
        board_input: BoardInput,
        data_path: Path | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.error = ""
        try:
            self.lessons: list[Lesson] = load_lessons(data_path)
        except LessonDataError as exc:  # a broken installation: show why, do not crash
            self.lessons = []
            self.error = str(exc)
        self.progress = (
            progress_path if isinstance(progress_path, Progress) else Progress(progress_path)
        )
        self.progress.probe()  # so that the window can say at once that nothing is saved
        self.input = board_input
        board_input.moved.connect(self._on_moved)
        board_input.refusedMove.connect(self._on_refused)
        board_input.changed.connect(self._update_view)
        self._model = LessonListModel(self.lessons, lambda: self.progress, self)
        self._drill_model = DrillListModel(self)
        self._run: DrillRun | None = None  # a drill or a lesson's closing quiz
        self._finished: DrillRun | None = None  # the quiz just finished, said on the list
        self.seed: int | None = None  # None: new drill items every time (tests fix it)
        self.hints = HintLadder()
        self.grader = LessonGrader(self)
        self.grader.released.connect(self._on_graded)
        self.grader.refused.connect(self._on_grading_failed)
        self._lines: list[Feedback] | None = None  # a judgement question's top plays, once graded
        self._explore = False  # solved, but the board still explains a move tried
        self._lesson: Lesson | None = None
        self._index = 0
        self._builder: TurnBuilder | None = None
        self._found: set[int] = set()
        self._solved = False
        self._verdict: Feedback | None = None
        self._is_hint = False
        self._view: dict[str, Any] = {}
        self._update_view()

    # -- properties -----------------------------------------------------------------------------
    lessonModel = Property(QObject, lambda self: self._model, constant=True)
    drillModel = Property(QObject, lambda self: self._drill_model, constant=True)
    boardInput = Property(QObject, lambda self: self.input, constant=True)
    view = Property("QVariantMap", lambda self: self._view, notify=viewChanged)

    feedback = Property(
        "QVariantMap",
        lambda self: feedback_view(self._verdict, self._is_hint, self._lines, _),
        notify=feedbackChanged,
    )

    lessonIndex = Property(
        int, lambda s: s.lessons.index(s._lesson) if s._lesson else -1, notify=lessonChanged
    )

    # -- lessons and steps ----------------------------------------------------------------------
    @Slot(int)
    def openLesson(self, index: int) -> None:  # noqa: N802
        """Open lesson ``index`` (0-based) where the student left it."""
        if not 0 <= index < len(self.lessons):
            return
        self._run = None
        self._lesson = self.lessons[index]
        self._go(self.progress.resume_index(self._lesson))
        self.lessonChanged.emit()

    def use_progress(self, progress: Progress) -> None:
        """Another student's progress (the classroom's picker): back to the list of lessons."""
        self.progress = progress
        self.progress.probe()
        self._finished = None  # the last student's quiz score is theirs, not the next one's
        self.closeLesson()
        self._model.refresh()

    @Slot(int)
    def openDrill(self, index: int) -> None:  # noqa: N802
        """Start the endless drill ``index`` of ``drillModel``."""
        drill_id = self._drill_model.drill_id(index)
        if drill_id is None:
            return
        self._lesson = None
        self._run = DrillRun.drill(drill_id, self.seed)
        self._go(0)
        self.lessonChanged.emit()

    @Slot(int)
    def restartLesson(self, index: int) -> None:  # noqa: N802
        """Forget lesson ``index``'s progress and open it at its first step."""
        if not 0 <= index < len(self.lessons):
            return
        self.progress.restart(self.lessons[index])
        self._model.refresh()
        self.openLesson(index)

    @Slot()
    def closeLesson(self) -> None:  # noqa: N802
        self._lesson = None
        self._run = None
        self._reset_step()
        self._update_view()
        self.lessonChanged.emit()

    @Slot()
    def next(self) -> None:
        """The next step (marking a step without exercise done), or back to the list at the end."""
        step = self.current_step()
        if step is None or not self._can_go_next():
            return
        if self._run is not None:
            if self._run.next():
                self._go(self._run.index)
            else:  # the quiz is over: the lesson is done, and the list says how it went
                self._finished = self._run
                self._run.keep_score(self.progress, self.lessons)
                self._model.refresh()
                self.closeLesson()
            return
        assert self._lesson is not None
        if step.exercise is None:
            self._mark_done(step)
        if self._index + 1 < len(self._lesson.steps):
            self._go(self._index + 1)
        else:  # finished: the lesson opens at its start next time; its quiz follows
            lesson = self._lesson
            self.progress.set_current(lesson, lesson.steps[0].id)
            if DrillRun.has_quiz(lesson):
                self._lesson, self._run = None, DrillRun.lesson_quiz(lesson, self.seed)
                self._go(0)
                self.lessonChanged.emit()
            else:
                self.closeLesson()

    @Slot()
    def back(self) -> None:
        if self._run is not None and self._run.index > 0:
            self._run.back()
            self._go(self._run.index)
        elif self._lesson is not None and self._index > 0:
            self._go(self._index - 1)

    def _go(self, index: int) -> None:
        self._finished = None
        if self._run is not None:
            self._index = self._run.index
        else:
            assert self._lesson is not None
            self._index = max(0, min(index, len(self._lesson.steps) - 1))
            if self.progress.show(self._lesson, self._index):  # a last step of words: done
                self._model.refresh()
        if (kept := self._kept_step()) is not None:
            self.stepShown.emit(*kept)
        self._reset_step()
        self._update_view()

    def _reset_step(self) -> None:
        self._found = set()
        self._solved = self._run is not None and self._run.index in self._run.first_try  # answered
        self._explore = False
        self.hints.reset()
        self._lines = None
        self.grader.clear()
        self._set_feedback(None)
        step = self.current_step()
        exercise = step.exercise if step is not None else None
        self._builder = exercise.builder() if isinstance(exercise, PlayExercise) else None
        self.input.attach(self._builder, 0)
        if isinstance(exercise, JudgeExercise):  # its grade is searched while the student thinks
            self.grader.prepare(exercise)

    def _kept_step(self) -> tuple[str, str] | None:
        """Where the classroom keeps the step shown (``DrillRun.recorded_step``); None: none."""
        if self._run is not None:
            return self._run.recorded_step()
        return (self._lesson.id, self._lesson.steps[self._index].id) if self._lesson else None

    def current_step(self) -> Step | None:
        """The step shown (a lesson's, a drill's or a quiz's), None when the list is shown."""
        if self._run is not None:
            return self._run.step
        return self._lesson.steps[self._index] if self._lesson is not None else None

    def _can_go_next(self) -> bool:
        step = self.current_step()
        if step is None:
            return False
        if self._run is not None:  # a drill or quiz item: once solved, now or before
            solved = self._solved or self._run.index in self._run.first_try
            return step.exercise is None or solved
        assert self._lesson is not None
        # a step solved before (a lesson resumed or revisited) may be passed again
        return (
            step.exercise is None
            or self._solved
            or self.progress.is_step_done(self._lesson, step.id)
        )

    def _mark_done(self, step: Step) -> None:
        if self._run is not None:
            # right at the first try: no wrong answer and no hint before (the hint of a take
            # drill says the answer's chances)
            self._run.record(not self.hints.tried and not self.hints.used)
            return
        assert self._lesson is not None
        self.progress.mark_done(self._lesson, step.id)
        self._model.refresh()

    def _solve(self, feedback: Feedback) -> None:
        self._solved = True
        builder = self._builder
        # a play that leaves dice unplayed (a checker left on the bar): the board goes on
        # explaining why a further move is refused
        self._explore = builder is not None and len(builder.steps) < len(builder.dice) * (
            2 if builder.dice[0] == builder.dice[1] else 1
        )
        self.input.set_enabled(self._explore)
        step = self.current_step()
        if step is not None:
            self._mark_done(step)
        self._set_feedback(feedback)

    def _judge(self, verdict: Feedback) -> None:
        if verdict.correct and verdict.done:
            self._solve(verdict)
        else:  # a wrong answer is a try, a right part of one (a point of several) none
            self.hints.tried = self.hints.tried or not verdict.correct
            self._set_feedback(verdict)
        self._update_view()

    # -- answers ------------------------------------------------------------------------------
    @Slot(int)
    def clickLocation(self, location: int) -> None:  # noqa: N802
        """A click on the board: a move for "play the roll", a point for "click the points"."""
        step = self.current_step()
        ex = step.exercise if step is not None else None
        if (self._solved and not self._explore) or ex is None or self.grader.pending is not None:
            return
        if isinstance(ex, ReachExercise):
            if 0 <= location <= 25:
                verdict = ex.check_point(location, self._found)
                if location not in self._found:
                    self._report(str(location), verdict)
                if verdict.correct:
                    self._found.add(location)
                self._judge(verdict)
        elif isinstance(ex, PlayExercise):
            self.input.clickLocation(location)

    @Slot(int)
    def doubleClickLocation(self, location: int) -> None:  # noqa: N802
        if (not self._solved or self._explore) and self.grader.pending is None:
            self.input.doubleClickLocation(location)

    @Slot(int, int)
    def dropChecker(self, source: int, target: int) -> None:  # noqa: N802
        if (not self._solved or self._explore) and self.grader.pending is None:
            self.input.dropChecker(source, target)

    def _on_moved(self) -> None:
        step, builder = self.current_step(), self._builder
        if step is None or builder is None or not isinstance(step.exercise, PlayExercise):
            return
        self._set_feedback(None)
        if builder.is_complete():
            failure = self.grader.failure(self.grader.current)
            if failure is not None:
                self._on_grading_failed(failure)
            elif self.grader.hold(builder.play()):  # graded when the search is done
                self.input.set_enabled(False)
                self._set_feedback(Feedback(False, GRADING), hint=True)
            else:
                self._grade(builder.play())
        self._update_view()

    def _grade(self, play: Any) -> None:
        step, builder = self.current_step(), self._builder
        assert step is not None and builder is not None and isinstance(step.exercise, PlayExercise)
        verdict = step.exercise.check_play(play)
        self._report(full_notation(play), verdict)
        if isinstance(step.exercise, JudgeExercise):
            self._lines = step.exercise.top_lines()
        if verdict.correct:
            self._solve(verdict)
        else:
            self.hints.tried = True
            self._set_feedback(verdict)
            builder.reset()
            self.input.attach(builder, 0)

    def _on_graded(self, play: Any) -> None:
        self.input.set_enabled(True)
        self._grade(play)
        self._update_view()

    def _on_grading_failed(self, message: str) -> None:
        # said, never graded weaker; the board is the student's again
        if self._builder is not None:
            self._builder.reset()
            self.input.attach(self._builder, 0)
        self._set_feedback(Feedback(False, GRADING_FAILED, {"reason": message}))
        self._update_view()

    def _on_refused(self, reason: str, src: int, dst: int) -> None:
        step, builder = self.current_step(), self._builder
        if builder is None or step is None or not isinstance(step.exercise, PlayExercise):
            return
        ex = step.exercise
        refusal = ex.refusal(builder, src, IllegalPlayError(reason), None if dst < 0 else dst)
        if not self._solved and ex.refusal_is_answer(reason, len(builder.steps), src, dst):
            self.hints.tried = True  # a wrong answer, in a lesson as in a quiz
            self._report(refused_answer(builder, src, dst), refusal)
        self._set_feedback(refusal, hint=self._solved)  # after the answer: an explanation
        self._update_view()

    @Slot()
    def undoMove(self) -> None:  # noqa: N802
        if self._builder is not None and not self._solved and self.grader.pending is None:
            self._builder.undo()
            self.input.attach(self._builder, 0)

    @Slot(int)
    def answerNumber(self, value: int) -> None:  # noqa: N802
        step = self.current_step()
        if step is not None and not self._solved and isinstance(step.exercise, NumberExercise):
            verdict = _done(step.exercise.check_number(int(value)))
            self._report(str(int(value)), verdict)
            self._judge(verdict)

    @Slot(str)
    def choose(self, choice: str) -> None:
        step = self.current_step()
        ex = step.exercise if step is not None else None
        if not self._solved and isinstance(ex, ChoiceExercise) and choice in ex.choices:
            verdict = _done(ex.check_choice(choice))
            self._report(choice, verdict)
            self._judge(verdict)

    @Slot()
    def showHint(self) -> None:  # noqa: N802
        """The next hint: the rule, then the checker to move, then the answer (its arrows on
        the board only once the student has tried)."""
        step = self.current_step()
        if step is None or step.exercise is None or self._solved or self.grader.pending is not None:
            return
        if (kept := self._kept_step()) is not None:
            self.hintShown.emit(*kept)
        ready = self.grader.is_ready()  # a judgement's hints need its ranking
        self._verdict, self._is_hint = self.hints.next(step.exercise, ready), True
        self.feedbackChanged.emit()
        self._update_view()

    def _report(self, answer: str, verdict: Feedback) -> None:
        """Tell the classroom what the student answered on the open step."""
        step, kept = self.current_step(), self._kept_step()
        if kept is not None and step is not None and step.exercise is not None:
            self.answered.emit(*kept, step.exercise.kind, answer, verdict.correct)

    # -- what the window shows ----------------------------------------------------------------
    def _set_feedback(self, feedback: Feedback | None, hint: bool = False) -> None:
        if feedback != self._verdict or self._is_hint != hint:
            self._verdict, self._is_hint = feedback, hint
            self.feedbackChanged.emit()

    @Slot()
    def _update_view(self) -> None:
        self._view = _view_of(self)
        self._view.update(progress_state(self.progress))
        self.viewChanged.emit()

    def retranslate(self) -> None:
        """Texts again in the language just chosen (the list, the step and the feedback)."""
        self._model.refresh()
        self._drill_model.refresh()
        self._update_view()
        self.feedbackChanged.emit()


def refused_answer(builder: TurnBuilder, src: int, dst: int) -> str:
    """The moves made and the one the rules refused (last), as the classroom keeps the answer:
    "13/11 8/6"; "6/?" for a checker that could not move at all."""
    names = ["off", *(str(p) for p in range(1, 25)), "bar"]
    tried = f"{names[src]}/{names[dst] if 0 <= dst <= 25 else '?'}"
    return " ".join([*(str(step) for step in builder.steps), tried])


def _done(verdict: Feedback) -> Feedback:
    """A right answer to a one-answer question solves it."""
    if verdict.correct and not verdict.done:
        return Feedback(True, verdict.text, verdict.args, True, verdict.more)
    return verdict


def _more_hints(player: LessonPlayer) -> bool:
    """Whether Hint has more to show on the open step: a level not yet shown, or the answer's
    arrows, shown once the student has tried (the button stayed on after the last hint, and
    did nothing)."""
    step, hints = player.current_step(), player.hints
    ex = step.exercise if step is not None else None
    if ex is None or player._solved:
        return False
    if isinstance(ex, JudgeExercise) and not player.grader.is_ready():
        return True  # its hints after the rule wait for its ranking
    ladder = ex.hints()
    return hints.level < len(ladder) or (
        hints.tried and not hints.arrows and bool(ladder[-1].arrows)
    )


def _view_of(player: LessonPlayer) -> dict[str, Any]:
    """What the lesson window shows of ``player``'s step (``LessonPlayer.view``)."""
    step = player.current_step()
    lesson = player._run.as_lesson() if player._run is not None else player._lesson
    if step is None or lesson is None:
        done = player._finished
        finished = "" if done is None else _(QUIZ_DONE).format(**done.summary())
        return {"open": False, "error": player.error, "finished": finished}
    view = step_view(
        lesson,
        player._index,
        player.progress,
        builder=player._builder,
        found=player._found,
        solved=player._solved and not player._explore,
        can_next=player._can_go_next(),
        selected=player.input.selected,
        movable=player.input.movable_locations(),
        reachable=player.input.reachable_locations(),
        hint_arrows=player.hints.arrow_marks(),
        hint_rings=list(player.hints.rings),
    )
    view["mode"] = "lesson"
    view["hintLevel"] = player.hints.level
    view["moreHints"] = _more_hints(player)
    view["solved"] = player._solved
    view["quizNext"] = player._run is None and DrillRun.has_quiz(lesson)
    if player._run is not None:
        view.update(player._run.view())
    return view
