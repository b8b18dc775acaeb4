"""The lesson player: the eight lessons of ``lessons/`` on the real board, for QML.

``LessonPlayer`` (the ``Lessons`` singleton of the ``app.qml`` module) holds the open lesson and
step, turns them into what the board and the text panel show, and passes every answer to the
lesson's exercise, which the engine judges: QML only shows and forwards clicks. Points are the
board's locations, absolute in player 0's numbering; the student is player 0 (White, bottom), so
a lesson point is the same number (25 the bar, 0 off).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    Property,
    QAbstractListModel,
    QByteArray,
    QModelIndex,
    QObject,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtQml import QmlElement, QmlSingleton

from engine import IllegalPlayError, Play, Position, TurnBuilder
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


def _translate(message: str) -> str:
    from app.texts import _

    return _(message)


def board_state(position: Position) -> list[int]:
    """The board component's 28 numbers for ``position`` with the student (player 0) on roll."""
    me, them = position.on_roll, position.opponent
    state = [0] * 28
    state[0] = position.borne_off()[0]
    for point in range(1, 25):
        state[point] = me[point - 1] - them[24 - point]
    state[25] = me[24]
    state[26] = them[24]
    state[27] = position.borne_off()[1]
    return state


class LessonListModel(QAbstractListModel):
    """The lessons with their progress, for the list at the side of the lesson window."""

    NumberRole = Qt.ItemDataRole.UserRole + 1
    TitleRole = Qt.ItemDataRole.UserRole + 2
    SummaryRole = Qt.ItemDataRole.UserRole + 3
    DoneRole = Qt.ItemDataRole.UserRole + 4
    StepsDoneRole = Qt.ItemDataRole.UserRole + 5
    StepCountRole = Qt.ItemDataRole.UserRole + 6

    def __init__(self, player: LessonPlayer) -> None:
        super().__init__(player)
        self._player = player

    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._player.lessons)

    def roleNames(self) -> dict[int, QByteArray]:  # noqa: N802
        return {
            self.NumberRole: QByteArray(b"number"),
            self.TitleRole: QByteArray(b"title"),
            self.SummaryRole: QByteArray(b"summary"),
            self.DoneRole: QByteArray(b"done"),
            self.StepsDoneRole: QByteArray(b"stepsDone"),
            self.StepCountRole: QByteArray(b"stepCount"),
        }

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._player.lessons):
            return None
        lesson = self._player.lessons[index.row()]
        progress = self._player.progress
        if role == self.NumberRole:
            return lesson.number
        if role in (self.TitleRole, Qt.ItemDataRole.DisplayRole):
            return _translate(lesson.title)
        if role == self.SummaryRole:
            return _translate(lesson.summary)
        if role == self.DoneRole:
            return progress.is_done(lesson)
        if role == self.StepsDoneRole:
            return len(progress.done_steps(lesson))
        if role == self.StepCountRole:
            return len(lesson.steps)
        return None

    def refresh(self) -> None:
        if self._player.lessons:
            self.dataChanged.emit(self.index(0), self.index(len(self._player.lessons) - 1))


@QmlElement
@QmlSingleton
class LessonPlayer(QObject):
    """The open lesson and step, the board it shows, and the student's answers.

    ``view`` carries everything the window shows for the step (texts already translated);
    ``feedback`` the verdict on the last answer. Slots: ``openLesson``, ``restartLesson``,
    ``next``, ``back``, ``clickLocation``, ``dropChecker``, ``undoMove``, ``answerNumber``,
    ``choose``, ``showHint``.
    """

    viewChanged = Signal()
    feedbackChanged = Signal()
    lessonChanged = Signal()

    # Set by the launcher or a test before QML creates the player: the progress file, and the
    # folder of lesson files (None: the ones shipped with the program).
    progress_path: Path | None = None
    data_path: Path | None = None

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.error = ""
        try:
            self.lessons: list[Lesson] = load_lessons(self.data_path)
        except LessonDataError as exc:  # a broken installation: show why, do not crash
            self.lessons = []
            self.error = str(exc)
        self.progress = Progress(self.progress_path or _default_progress_path())
        self._model = LessonListModel(self)
        self._lesson: Lesson | None = None
        self._index = 0
        self._builder: TurnBuilder | None = None
        self._selected = -1
        self._found: set[int] = set()
        self._solved = False
        self._hint_arrows: list[dict[str, int]] = []
        self._feedback: dict[str, Any] = {"visible": False, "text": "", "correct": False}
        self._view: dict[str, Any] = {}
        self._connect_language()
        self._update_view()

    # -- properties ---------------------------------------------------------------------------
    def _get_model(self) -> LessonListModel:
        return self._model

    lessonModel = Property(QObject, _get_model, constant=True)

    def _get_view(self) -> dict[str, Any]:
        return self._view

    view = Property("QVariantMap", _get_view, notify=viewChanged)

    def _get_feedback(self) -> dict[str, Any]:
        return self._feedback

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
        if self._lesson is None:
            return
        step = self._step()
        if step is not None and step.exercise is None:
            self._mark_done(step)
        if not self._can_go_next():
            return
        if self._index + 1 < len(self._lesson.steps):
            self._go(self._index + 1)
        else:
            # finished: the lesson opens at its start next time
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
        self._builder = None
        self._selected = -1
        self._found = set()
        self._solved = False
        self._hint_arrows = []
        self._set_feedback(None)
        step = self._step()
        if step is not None and isinstance(step.exercise, PlayExercise):
            self._builder = step.exercise.builder()

    def _step(self) -> Step | None:
        if self._lesson is None:
            return None
        return self._lesson.steps[self._index]

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
        step = self._step()
        if step is not None:
            self._mark_done(step)
        self._set_feedback(feedback)

    # -- answers ------------------------------------------------------------------------------
    @Slot(int)
    def clickLocation(self, location: int) -> None:  # noqa: N802
        """A click on the board: a move for "play the roll", a point for "click the points"."""
        step = self._step()
        if step is None or self._solved or step.exercise is None:
            return
        ex = step.exercise
        if isinstance(ex, ReachExercise):
            if not 0 <= location <= 25:
                return
            verdict = ex.check_point(location, self._found)
            if verdict.correct:
                self._found.add(location)
                if verdict.done:
                    self._solve(verdict)
                else:
                    self._set_feedback(verdict)
            else:
                self._set_feedback(verdict)
            self._update_view()
        elif isinstance(ex, PlayExercise) and self._builder is not None:
            self._click_play(location)

    def _click_play(self, location: int) -> None:
        builder = self._builder
        assert builder is not None
        if location in (26, 27):
            return
        if self._selected < 0:
            if location in builder.movable_points():
                self._selected = location
                self._set_feedback(None)
            elif location != 0:
                self._explain_start(location)
            self._update_view()
            return
        if location == self._selected:
            self._selected = -1
            self._update_view()
            return
        if (
            location != 0
            and location in builder.movable_points()
            and (location not in builder.destinations(self._selected))
        ):
            self._selected = location  # choosing another checker
            self._update_view()
            return
        self.dropChecker(self._selected, location)

    def _explain_start(self, location: int) -> None:
        """The rule that stops a checker on ``location`` from moving now."""
        builder = self._builder
        assert builder is not None
        reason = None
        dice = builder.remaining_dice()
        for die in sorted(set(dice), reverse=True):
            target = max(location - die, 0) if location != 25 else 25 - die
            try:
                builder.move_checker(location, target)
            except IllegalPlayError as exc:
                reason = reason or exc.reason
                continue
            builder.undo()  # cannot happen: the checker was not movable
        if reason is not None:
            self._set_feedback(Feedback(False, RULE_TEXT[reason]))

    @Slot(int, int)
    def dropChecker(self, source: int, target: int) -> None:  # noqa: N802
        """Move a checker (a drag, or a click on a destination) through the turn builder."""
        step = self._step()
        builder = self._builder
        if step is None or builder is None or self._solved:
            return
        ex = step.exercise
        assert isinstance(ex, PlayExercise)
        self._selected = -1
        try:
            builder.move_checker(source, target)
        except IllegalPlayError as exc:
            self._set_feedback(Feedback(False, RULE_TEXT.get(exc.reason, str(exc))))
            self._update_view()
            return
        self._set_feedback(None)
        if builder.is_complete():
            verdict = ex.check_play(builder.play())
            if verdict.correct:
                self._solve(verdict)
            else:
                self._set_feedback(verdict)
                builder.reset()
        self._update_view()

    @Slot()
    def undoMove(self) -> None:  # noqa: N802
        if self._builder is not None and not self._solved:
            self._builder.undo()
            self._selected = -1
            self._update_view()

    @Slot(int)
    def answerNumber(self, value: int) -> None:  # noqa: N802
        step = self._step()
        if step is None or self._solved or not isinstance(step.exercise, NumberExercise):
            return
        verdict = step.exercise.check_number(int(value))
        if verdict.correct:
            self._solve(verdict)
        else:
            self._set_feedback(verdict)
        self._update_view()

    @Slot(str)
    def choose(self, choice: str) -> None:
        step = self._step()
        if step is None or self._solved or not isinstance(step.exercise, ChoiceExercise):
            return
        if choice not in step.exercise.choices:
            return
        verdict = step.exercise.check_choice(choice)
        if verdict.correct:
            self._solve(verdict)
        else:
            self._set_feedback(verdict)
        self._update_view()

    @Slot()
    def showHint(self) -> None:  # noqa: N802
        """Show the answer (and for a play, its moves as arrows on the board)."""
        step = self._step()
        if step is None or step.exercise is None:
            return
        ex = step.exercise
        hint = ex.hint()
        self._feedback = {
            "visible": True,
            "text": hint.render(_translate),
            "correct": False,
            "hint": True,
        }
        if isinstance(ex, PlayExercise) and ex.accepted():
            play: Play = ex.accepted()[0]
            self._hint_arrows = [{"from": s.src, "to": s.dst} for s in play.steps]
        self.feedbackChanged.emit()
        self._update_view()

    # -- what the window shows ----------------------------------------------------------------
    def _set_feedback(self, feedback: Feedback | None) -> None:
        if feedback is None:
            new = {"visible": False, "text": "", "correct": False, "hint": False}
        else:
            new = {
                "visible": True,
                "text": feedback.render(_translate),
                "correct": feedback.correct,
                "hint": False,
            }
        if new != self._feedback:
            self._feedback = new
            self.feedbackChanged.emit()

    def _update_view(self) -> None:
        self._view = self._compute_view()
        self.viewChanged.emit()

    def _compute_view(self) -> dict[str, Any]:
        step = self._step()
        if step is None or self._lesson is None:
            return {"open": False, "error": self.error}
        tr = _translate
        position = self._builder.current_position() if self._builder else step.position
        state = board_state(position)
        rings: list[int] = []
        ring_points: list[int] = []
        for mark in step.marks:
            if mark.kind == "ring":
                (rings if state[mark.point] != 0 else ring_points).append(mark.point)
        arrows = [{"from": m.point, "to": m.to} for m in step.marks if m.kind == "arrow"]
        labels = [
            {"location": m.point, "text": m.text if m.text.isdigit() else tr(m.text)}
            for m in step.marks
            if m.kind == "label"
        ]
        ex = step.exercise
        kind = ex.kind if ex is not None else ""
        dice_values: list[int] = list(step.dice) if step.dice else []
        used_dice: list[dict[str, Any]] = []
        draggable: list[int] = []
        if isinstance(ex, ReachExercise):
            ring_points = sorted(set(ring_points) | self._found)
            rings = sorted(set(rings) | {ex.src})
            dice_values = list(ex.dice)
        if self._builder is not None:
            remaining = list(self._builder.remaining_dice())
            dice = list(self._builder.dice)
            dice_values = [dice[0]] * 4 if dice[0] == dice[1] else dice
            for value in dice_values:
                if value in remaining:
                    remaining.remove(value)
                    used_dice.append({"value": value, "used": False})
                else:
                    used_dice.append({"value": value, "used": True})
            if not self._solved:
                draggable = sorted(self._builder.movable_points())
                if self._selected >= 0:
                    ring_points = sorted(
                        set(ring_points) | self._builder.destinations(self._selected)
                    )
        else:
            used_dice = [{"value": v, "used": False} for v in dice_values]
        arrows += self._hint_arrows
        match = step.match
        view: dict[str, Any] = {
            "open": True,
            "lessonNumber": self._lesson.number,
            "lessonTitle": tr(self._lesson.title),
            "stepIndex": self._index,
            "stepCount": len(self._lesson.steps),
            "stepTitle": tr(step.title),
            "paragraphs": [tr(p) for p in step.text],
            "board": state,
            "dice": used_dice,
            "ringCheckers": rings,
            "ringPoints": ring_points,
            "arrows": arrows,
            "labels": labels,
            "selected": self._selected,
            "draggable": draggable,
            "exercise": kind,
            "prompt": tr(ex.prompt) if ex is not None else "",
            "choices": list(ex.choices) if isinstance(ex, ChoiceExercise) else [],
            "solved": self._solved,
            "canNext": self._can_go_next(),
            "canBack": self._index > 0,
            "canUndo": bool(self._builder and self._builder.steps and not self._solved),
            "isLast": self._index == len(self._lesson.steps) - 1,
            "stepDone": self.progress.is_step_done(self._lesson, step.id),
            "cubeVisible": match is not None,
            "cubeValue": match.cube if match else 1,
            "cubeOwner": {"centre": -1, "you": 0, "opponent": 1}[match.cube_owner] if match else -1,
            "matchLength": match.match_length if match else 0,
            "scoreYou": match.score[0] if match else 0,
            "scoreOpponent": match.score[1] if match else 0,
            "crawford": bool(match and match.crawford),
            "pips": list(position.pip_count()),
        }
        return view

    # -- language -------------------------------------------------------------------------------
    def _connect_language(self) -> None:
        try:
            from app.i18n import language_state
        except Exception:  # noqa: BLE001  (no catalogs: English only)
            return
        language_state().languageChanged.connect(self._retranslate)

    def _retranslate(self, *_args: Any) -> None:
        self._model.refresh()
        self._update_view()


def _default_progress_path() -> Path:
    from app.controller import data_dir

    return data_dir() / PROGRESS_FILE


def register_qml_files() -> None:
    """Make the lesson window's QML files known as types of the ``app.qml`` module."""
    from PySide6.QtCore import QUrl
    from PySide6.QtQml import qmlRegisterType

    folder = Path(__file__).resolve().parent / "qml"
    for name in ("LessonWindow", "LessonPanel"):
        qmlRegisterType(QUrl.fromLocalFile(str(folder / f"{name}.qml")), "app.qml", 1, 0, name)


register_qml_files()
