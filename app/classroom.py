"""The classroom in the lesson window: which student is working, their answers kept, teacher mode.

``Classroom`` holds the students of the data folder (``lessons.profiles``): the picker lists them,
``selectStudent`` hands the chosen one's progress to the lesson player, and every answer and hint
the player reports (``answered``, ``hintShown``, ``stepShown``) is kept in that student's attempts
with the hints seen and the seconds taken. ``teacherMode`` shows the open lesson's notes for the
teacher (``notes``); it is off at every start, so that students do not find it on.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Property, QObject, Signal, Slot
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

from app.lesson_player import LessonPlayer
from app.texts import N_, _
from lessons.attempts import MAX_SECONDS, Attempt, now_text
from lessons.profiles import ProfileError, Profiles
from lessons.store import KeptFile

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1

SET_ASIDE = N_("{student}: a damaged file ({file}) was moved aside as {aside}; it starts afresh.")
NOT_SAVING = N_("{student}: changes are not being saved ({reason}).")
STUDENTS = N_("Students")
LOG_FULL = N_("{student}: the record of answers is full; new answers are not kept.")


@QmlElement
@QmlSingleton
class Classroom(QObject):
    """The students (``students``, ``currentStudent``), teacher mode and the open lesson's notes."""

    @staticmethod
    def create(engine: QQmlEngine) -> Classroom:
        from app.parts import part_of

        return part_of(engine, Classroom)

    studentsChanged = Signal()
    teacherModeChanged = Signal()
    notesChanged = Signal()
    recorded = Signal()  # an answer or a hint was kept (the teacher's view counts again)

    def __init__(
        self,
        profiles: Profiles,
        player: LessonPlayer,
        clock: Callable[[], float] = time.monotonic,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.profiles = profiles
        self.player = player
        self._clock = clock
        self._teacher_mode = False
        self._step: tuple[str, str] | None = None  # the step shown: (lesson id, step id)
        self._since = clock()  # when it was shown, or answered last
        # hints seen on each step since its last answer, whatever was shown between (a student
        # who took hints, stepped away and came back counted as right without one)
        self._hints: dict[tuple[str, str], int] = {}
        # every student's files are read now, so that a damaged one is reported at once
        for profile in profiles.students():
            profile.progress, profile.attempts  # noqa: B018  (reading them is the point)
        player.use_progress(profiles.current.progress)
        player.answered.connect(self._on_answered)
        player.hintShown.connect(self._on_hint)
        player.stepShown.connect(self._on_step)
        player.lessonChanged.connect(self.notesChanged)

    # -- students -------------------------------------------------------------------------------
    def _get_students(self) -> list[dict[str, str]]:
        return [{"id": p.id, "name": p.display_name(_)} for p in self.profiles.students()]

    students = Property("QVariantList", _get_students, notify=studentsChanged)
    currentStudent = Property(str, lambda s: s.profiles.current.id, notify=studentsChanged)
    currentName = Property(
        str, lambda s: s.profiles.current.display_name(_), notify=studentsChanged
    )

    def _get_problem(self) -> str:
        lines = []
        for profile, kept in self.profiles.problems():
            name = profile.display_name(_) if profile is not None else _(STUDENTS)
            lines.append(_problem(name, kept))
        current = self.profiles.current
        if current.attempts.full:
            lines.append(_(LOG_FULL).format(student=current.display_name(_)))
        return "\n".join(lines)

    problem = Property(str, _get_problem, notify=studentsChanged)

    @Slot(str)
    def selectStudent(self, profile_id: str) -> None:  # noqa: N802
        """Let ``profile_id`` work now: the lesson list shows their progress."""
        if profile_id == self.profiles.current.id or profile_id not in {
            p.id for p in self.profiles.students()
        }:
            return
        profile = self.profiles.select(profile_id)
        self._step, self._hints = None, {}
        self.player.use_progress(profile.progress)
        self.studentsChanged.emit()

    @Slot(str, result=str)
    def addStudent(self, name: str) -> str:  # noqa: N802
        """A new student; the one working goes on working (a teacher typing in a class became
        each name added, and the open lesson closed: found by a tester). Returns why not (""
        when done)."""
        try:
            self.profiles.create(name)
        except ProfileError as exc:
            return exc.render(_)
        self.studentsChanged.emit()
        return ""

    @Slot(str, str, result=str)
    def renameStudent(self, profile_id: str, name: str) -> str:  # noqa: N802
        try:
            self.profiles.rename(profile_id, name)
        except ProfileError as exc:
            return exc.render(_)
        except KeyError:
            return ""
        self.studentsChanged.emit()
        self.recorded.emit()
        return ""

    @Slot(str, result=str)
    def removeStudent(self, profile_id: str) -> str:  # noqa: N802
        """Delete a student and all their work (the window asks first); returns why not."""
        was_current = profile_id == self.profiles.current.id
        try:
            self.profiles.remove(profile_id)
        except ProfileError as exc:
            return exc.render(_)
        except KeyError:
            return ""
        if was_current:
            self._step = None
            self.player.use_progress(self.profiles.current.progress)
        self.studentsChanged.emit()
        self.recorded.emit()
        return ""

    # -- teacher mode and notes -----------------------------------------------------------------
    def _set_teacher_mode(self, on: bool) -> None:
        if bool(on) != self._teacher_mode:
            self._teacher_mode = bool(on)
            self.teacherModeChanged.emit()

    teacherMode = Property(
        bool, lambda s: s._teacher_mode, _set_teacher_mode, notify=teacherModeChanged
    )

    def _get_notes(self) -> dict[str, Any]:
        index = self.player.lessonIndex
        lesson = self.player.lessons[index] if index >= 0 else None
        if lesson is None or lesson.teacher is None:
            return {"open": False, "aims": [], "mistakes": [], "minutes": 0}
        notes = lesson.teacher
        return {
            "open": True,
            "aims": [_(text) for text in notes.aims],
            "mistakes": [_(text) for text in notes.mistakes],
            "minutes": notes.minutes,
        }

    notes = Property("QVariantMap", _get_notes, notify=notesChanged)

    def retranslate(self) -> None:
        self.studentsChanged.emit()
        self.notesChanged.emit()

    # -- what the student does ------------------------------------------------------------------
    def _on_step(self, lesson_id: str, step_id: str) -> None:
        self._step = (lesson_id, step_id)
        self._since = self._clock()

    def _on_hint(self, lesson_id: str, step_id: str) -> None:
        if self._step != (lesson_id, step_id):
            self._on_step(lesson_id, step_id)
        self._hints[(lesson_id, step_id)] = self._hints.get((lesson_id, step_id), 0) + 1
        self.profiles.current.attempts.hint_shown(lesson_id, step_id)
        self.recorded.emit()

    def _on_answered(
        self, lesson_id: str, step_id: str, kind: str, answer: str, correct: bool
    ) -> None:
        now = self._clock()
        seconds = 0
        if self._step == (lesson_id, step_id):
            seconds = min(max(round(now - self._since), 0), MAX_SECONDS)
        else:
            self._on_step(lesson_id, step_id)
        self._since = now
        hints = self._hints.pop((lesson_id, step_id), 0)
        log = self.profiles.current.attempts
        log.record(Attempt(lesson_id, step_id, kind, answer, correct, hints, seconds, now_text()))
        if log.full or not log.saving:
            self.studentsChanged.emit()  # the problem line tells
        self.recorded.emit()


def _problem(student: str, kept: KeptFile) -> str:
    if kept.recovered:
        aside = kept.set_aside_as.name if kept.set_aside_as else "-"
        return _(SET_ASIDE).format(student=student, file=kept.path.name, aside=aside)
    return _(NOT_SAVING).format(student=student, reason=kept.save_error)
