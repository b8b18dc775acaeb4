"""The teacher's view of the class: students by lessons at a glance, one student in detail, CSV.

``ClassReport.rows`` has one row per student with a cell per lesson (steps done, score, mistakes,
hints, the last quiz's score; ``lessons.report``) and a total; ``showStudent(id)`` fills ``detail``
(per lesson, and the student's latest answers); ``exportCsv(file)`` writes every attempt of every
student. Figures are counted again whenever the classroom keeps an answer or the students change.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Property, QObject, Signal, Slot
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

from app.classroom import Classroom
from app.file_dialogs import existing_folder, save_target
from app.file_texts import os_problem
from app.i18n import list_separator
from app.texts import N_, Nn_, T, _
from lessons.exercises import CHOICE_NAMES
from lessons.model import Lesson
from lessons.profiles import Profile
from lessons.report import LessonSummary, lesson_summary, step_title_of, total, write_csv

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1

# each count with its own plural ("1 elever" was written: found by a tester)
EXPORTED = N_("{0} of {1} written to {2}.")
ANSWERS = Nn_("{0} answer", "{0} answers")
STUDENTS = Nn_("{0} student", "{0} students")
NOT_EXPORTED = N_("The answers could not be written to {file}: {reason}")
NOT_WRITTEN_OVER = N_(
    "{0} already exists: the answers were not written over it. Choose it in its folder to "
    "replace it, or give another name."
)
LATEST = 30  # answers shown in a student's detail


def _cell(summary: LessonSummary) -> dict[str, Any]:
    return {
        "stepsDone": summary.steps_done,
        "steps": summary.steps,
        "finished": summary.finished,
        "score": -1 if summary.score is None else summary.score,
        "tried": summary.tried,
        "firstTry": summary.first_try,
        "mistakes": summary.mistakes,
        "hints": summary.hints,
        "seconds": summary.seconds,
        "quizRight": summary.quiz_right,
        "quizItems": summary.quiz_items,
    }


@QmlElement
@QmlSingleton
class ClassReport(QObject):
    """Rows of the class table, a student's detail, and the CSV export."""

    @staticmethod
    def create(engine: QQmlEngine) -> ClassReport:
        from app.parts import part_of

        return part_of(engine, ClassReport)

    changed = Signal()

    def __init__(self, classroom: Classroom, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.classroom = classroom
        self._selected = ""
        self._message = ""
        self._folder = ""  # of the last file written
        classroom.recorded.connect(self.changed)
        classroom.studentsChanged.connect(self.changed)
        # a step done (the lesson list's progress) changes the figures too
        classroom.player.lessonModel.dataChanged.connect(self.changed)

    @property
    def lessons(self) -> list[Lesson]:
        return self.classroom.player.lessons

    def _students(self) -> list[Profile]:
        return self.classroom.profiles.students()

    # -- what QML reads -------------------------------------------------------------------------
    def _get_lesson_heads(self) -> list[dict[str, Any]]:
        return [{"number": lesson.number, "title": _(lesson.title)} for lesson in self.lessons]

    def _get_rows(self) -> list[dict[str, Any]]:
        rows = []
        for profile in self._students():
            summaries = [lesson_summary(lesson, profile) for lesson in self.lessons]
            rows.append(
                {
                    "id": profile.id,
                    "name": profile.display_name(_),
                    "lessons": [_cell(s) for s in summaries],
                    "total": _cell(total(summaries)),
                    "finished": sum(s.finished for s in summaries),
                }
            )
        return rows

    def _get_detail(self) -> dict[str, Any]:
        profile = next((p for p in self._students() if p.id == self._selected), None)
        if profile is None:
            return {"open": False}
        by_id = {lesson.id: lesson for lesson in self.lessons}
        answers = []
        for attempt in reversed(profile.attempts.attempts[-LATEST:]):
            lesson = by_id.get(attempt.lesson)
            answers.append(
                {
                    "when": attempt.when.strftime("%Y-%m-%d %H:%M"),
                    "lesson": lesson.number if lesson else 0,
                    "step": step_title_of(lesson, attempt.step, _) or attempt.step,
                    # a choice as its button says it (kept as its id: the detail showed
                    # "no" and "pass" in Danish)
                    "answer": _(CHOICE_NAMES[attempt.answer])
                    if attempt.answer in CHOICE_NAMES
                    else attempt.answer,
                    "correct": attempt.correct,
                    "hints": attempt.hints,
                    "seconds": attempt.seconds,
                }
            )
        return {
            "open": True,
            "id": profile.id,
            "name": profile.display_name(_),
            "lessons": [
                {"number": lesson.number, "title": _(lesson.title)}
                | _cell(lesson_summary(lesson, profile))
                for lesson in self.lessons
            ],
            "answers": answers,
            "answerCount": len(profile.attempts.attempts),
        }

    lessonHeads = Property("QVariantList", _get_lesson_heads, notify=changed)
    rows = Property("QVariantList", _get_rows, notify=changed)
    detail = Property("QVariantMap", _get_detail, notify=changed)
    selected = Property(str, lambda s: s._selected, notify=changed)
    message = Property(str, lambda s: s._message, notify=changed)

    # -- actions --------------------------------------------------------------------------------
    @Slot(str)
    def showStudent(self, profile_id: str) -> None:  # noqa: N802
        self._selected = profile_id
        self.changed.emit()

    @Slot(result=str)
    def folder(self) -> str:
        """Where the save dialog opens: the folder of the last file written, else the documents
        or the home folder (it opened in the home each time: found by a tester)."""
        return existing_folder(self._folder)

    @Slot(str, str, result=bool)
    def exportCsv(self, target: str, folder: str = "") -> bool:  # noqa: N802
        """Write every student's attempts to ``target`` (a path or a file URL) chosen in a file
        dialog open on ``folder``, unless ``save_target`` refuses it (a folder typed as the
        name, a typed file that exists); ``message`` says what was written or why not. True
        when the file was written."""
        path, refusal = save_target(target, folder, NOT_WRITTEN_OVER)
        students = self._students()
        if refusal is not None:
            self._message = refusal.render(())
            self.changed.emit()
            return False
        try:
            count = write_csv(path, students, self.lessons, _, list_separator())
        except OSError as exc:
            self._message = _(NOT_EXPORTED).format(file=path, reason=os_problem(exc).render(()))
            self.changed.emit()
            return False
        self._folder = str(path.parent)
        answers = T(ANSWERS, count, count=count)
        # the students whose answers are in the file ("81 answers of 3 students" counted one
        # with none: found by a teacher)
        answered = sum(1 for s in students if s.attempts.attempts)
        self._message = T(
            EXPORTED, answers, T(STUDENTS, answered, count=answered), str(path)
        ).render(())  # (the whole path, as the match's export says: the name alone hid where)
        self.changed.emit()
        return True

    def retranslate(self) -> None:
        self._message = ""
        self.changed.emit()
