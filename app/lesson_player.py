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
from app.lesson_view import LessonListModel, progress_state, step_view
from app.texts import _
from engine import TurnBuilder
from lessons.exercises import (
    RULE_TEXT,
    ChoiceExercise,
    Feedback,
    LessonDataError,
    NumberExercise,
    PlayExercise,
    ReachExercise,
)
from lessons.model import Lesson, Step, load_lessons
from lessons.progress import Progress

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1

PROGRESS_FILE = "lessons-progress.json"


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

    def __init__(
        self,
        progress_path: Path,
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
        self.progress = Progress(progress_path)
        self.progress.probe()  # so that the window can say at once that nothing is saved
        self.input = board_input
        board_input.moved.connect(self._on_moved)
        board_input.refused.connect(self._on_refused)
        board_input.changed.connect(self._update_view)
        self._model = LessonListModel(self.lessons, lambda: self.progress, self)
        self._lesson: Lesson | None = None
        self._index = 0
        self._builder: TurnBuilder | None = None
        self._found: set[int] = set()
        self._solved = False
        self._hint_arrows: list[dict[str, int]] = []
        self._verdict: Feedback | None = None
        self._is_hint = False
        self._view: dict[str, Any] = {}
        self._update_view()

    # -- properties -----------------------------------------------------------------------------
    lessonModel = Property(QObject, lambda self: self._model, constant=True)
    boardInput = Property(QObject, lambda self: self.input, constant=True)
    view = Property("QVariantMap", lambda self: self._view, notify=viewChanged)

    def _get_feedback(self) -> dict[str, Any]:
        if self._verdict is None:
            return {"visible": False, "text": "", "correct": False, "hint": False}
        return {
            "visible": True,
            "text": self._verdict.render(_),
            "correct": self._verdict.correct,
            "hint": self._is_hint,
        }

    feedback = Property("QVariantMap", _get_feedback, notify=feedbackChanged)

    def _get_lesson_index(self) -> int:
        return self.lessons.index(self._lesson) if self._lesson is not None else -1

    lessonIndex = Property(int, _get_lesson_index, notify=lessonChanged)

    # -- lessons and steps ----------------------------------------------------------------------
    @Slot(int)
    def openLesson(self, index: int) -> None:  # noqa: N802
        """Open lesson ``index`` (0-based) where the student left it."""
        if not 0 <= index < len(self.lessons):
            return
        self._lesson = self.lessons[index]
        self._go(self.progress.resume_index(self._lesson))
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
        self._reset_step()
        self._update_view()
        self.lessonChanged.emit()

    @Slot()
    def next(self) -> None:
        """The next step (marking a step without exercise done), or back to the list at the end."""
        step = self._step()
        if self._lesson is None or step is None:
            return
        if step.exercise is None:
            self._mark_done(step)
        if not self._can_go_next():
            return
        if self._index + 1 < len(self._lesson.steps):
            self._go(self._index + 1)
        else:  # finished: the lesson opens at its start next time
            self.progress.set_current(self._lesson, self._lesson.steps[0].id)
            self.closeLesson()

    @Slot()
    def back(self) -> None:
        if self._lesson is not None and self._index > 0:
            self._go(self._index - 1)

    def _go(self, index: int) -> None:
        assert self._lesson is not None
        self._index = max(0, min(index, len(self._lesson.steps) - 1))
        self.progress.set_current(self._lesson, self._lesson.steps[self._index].id)
        self._reset_step()
        self._update_view()

    def _reset_step(self) -> None:
        self._found = set()
        self._solved = False
        self._hint_arrows = []
        self._set_feedback(None)
        step = self._step()
        exercise = step.exercise if step is not None else None
        self._builder = exercise.builder() if isinstance(exercise, PlayExercise) else None
        self.input.attach(self._builder, 0)

    def _step(self) -> Step | None:
        return self._lesson.steps[self._index] if self._lesson is not None else None

    def _can_go_next(self) -> bool:
        step = self._step()
        if step is None or self._lesson is None:
            return False
        # a step solved before (a lesson resumed or revisited) may be passed again
        return (
            step.exercise is None
            or self._solved
            or self.progress.is_step_done(self._lesson, step.id)
        )

    def _mark_done(self, step: Step) -> None:
        assert self._lesson is not None
        self.progress.mark_done(self._lesson, step.id)
        self._model.refresh()

    def _solve(self, feedback: Feedback) -> None:
        self._solved = True
        self.input.set_enabled(False)
        step = self._step()
        if step is not None:
            self._mark_done(step)
        self._set_feedback(feedback)

    def _judge(self, verdict: Feedback) -> None:
        if verdict.correct and verdict.done:
            self._solve(verdict)
        else:
            self._set_feedback(verdict)
        self._update_view()

    # -- answers ------------------------------------------------------------------------------
    @Slot(int)
    def clickLocation(self, location: int) -> None:  # noqa: N802
        """A click on the board: a move for "play the roll", a point for "click the points"."""
        step = self._step()
        ex = step.exercise if step is not None else None
        if self._solved or ex is None:
            return
        if isinstance(ex, ReachExercise):
            if 0 <= location <= 25:
                verdict = ex.check_point(location, self._found)
                if verdict.correct:
                    self._found.add(location)
                self._judge(verdict)
        elif isinstance(ex, PlayExercise):
            self.input.clickLocation(location)

    @Slot(int)
    def doubleClickLocation(self, location: int) -> None:  # noqa: N802
        if not self._solved:
            self.input.doubleClickLocation(location)

    @Slot(int, int)
    def dropChecker(self, source: int, target: int) -> None:  # noqa: N802
        if not self._solved:
            self.input.dropChecker(source, target)

    def _on_moved(self) -> None:
        step, builder = self._step(), self._builder
        if step is None or builder is None or not isinstance(step.exercise, PlayExercise):
            return
        self._set_feedback(None)
        if builder.is_complete():
            verdict = step.exercise.check_play(builder.play())
            if verdict.correct:
                self._solve(verdict)
            else:
                self._set_feedback(verdict)
                builder.reset()
                self.input.attach(builder, 0)
        self._update_view()

    def _on_refused(self, reason: str) -> None:
        if self._builder is not None:
            self._set_feedback(
                Feedback(False, RULE_TEXT.get(reason, RULE_TEXT["not_a_legal_play"]))
            )
            self._update_view()

    @Slot()
    def undoMove(self) -> None:  # noqa: N802
        if self._builder is not None and not self._solved:
            self._builder.undo()
            self.input.attach(self._builder, 0)

    @Slot(int)
    def answerNumber(self, value: int) -> None:  # noqa: N802
        step = self._step()
        if step is not None and not self._solved and isinstance(step.exercise, NumberExercise):
            self._judge(_done(step.exercise.check_number(int(value))))

    @Slot(str)
    def choose(self, choice: str) -> None:
        step = self._step()
        ex = step.exercise if step is not None else None
        if not self._solved and isinstance(ex, ChoiceExercise) and choice in ex.choices:
            self._judge(_done(ex.check_choice(choice)))

    @Slot()
    def showHint(self) -> None:  # noqa: N802
        """Show the answer (and for a play, its moves as arrows on the board)."""
        step = self._step()
        if step is None or step.exercise is None:
            return
        ex = step.exercise
        self._verdict, self._is_hint = ex.hint(), True
        if isinstance(ex, PlayExercise) and ex.accepted():
            self._hint_arrows = [{"from": s.src, "to": s.dst} for s in ex.accepted()[0].steps]
        self.feedbackChanged.emit()
        self._update_view()

    # -- what the window shows ----------------------------------------------------------------
    def _set_feedback(self, feedback: Feedback | None) -> None:
        if feedback != self._verdict or self._is_hint:
            self._verdict, self._is_hint = feedback, False
            self.feedbackChanged.emit()

    @Slot()
    def _update_view(self) -> None:
        step = self._step()
        if step is None or self._lesson is None:
            self._view = {"open": False, "error": self.error}
        else:
            self._view = step_view(
                self._lesson,
                self._index,
                self.progress,
                builder=self._builder,
                found=self._found,
                solved=self._solved,
                can_next=self._can_go_next(),
                selected=self.input.selected,
                movable=self.input.movable_locations(),
                reachable=self.input.reachable_locations(),
                hint_arrows=self._hint_arrows,
            )
        self._view.update(progress_state(self.progress))
        self.viewChanged.emit()

    def retranslate(self) -> None:
        """Texts again in the language just chosen (the list, the step and the feedback)."""
        self._model.refresh()
        self._update_view()
        self.feedbackChanged.emit()


def _done(verdict: Feedback) -> Feedback:
    """A right answer to a one-answer question solves it."""
    if verdict.correct and not verdict.done:
        return Feedback(True, verdict.text, verdict.args, True, verdict.more)
    return verdict
