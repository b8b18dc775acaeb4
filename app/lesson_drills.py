"""Drills and quizzes in the lesson window: items drawn by ``lessons.drills``, shown as steps.

A ``DrillRun`` is an endless drill (one kind, a new item after each) or the short mixed quiz
that ends a lesson (``lessons.drills.quiz``). Its items are ``Step`` values like a lesson's, so
the lesson player shows and judges them the same way; the run keeps which items were answered
right at the first try. ``DrillListModel`` lists the drills for the window.
"""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import QAbstractListModel, QByteArray, QModelIndex, QObject, Qt

from app.texts import N_, _
from lessons.attempts import quiz_step
from lessons.drills import DRILLS, LESSON_QUIZ, quiz
from lessons.model import Lesson, Step
from lessons.progress import Progress

DRILL = "drill"
QUIZ = "quiz"
DRILL_HEADING = N_("Endless drill: a new position after each answer")
QUIZ_TITLE = N_("Quiz: {lesson}")
QUIZ_DONE = N_("{quiz} is finished: {score}.")
QUIZ_SCORE = N_("{right} of {count} right at the first try without a hint")


class DrillRun:
    """The items of one drill or quiz, the one shown, and the first-try results."""

    def __init__(self, kind: str, title: str, steps: list[Step], drill_id: str = "") -> None:
        self.kind = kind
        self.title = title  # a msgid (drills) or a text with the lesson's title in it (quiz)
        self.drill_id = drill_id
        self.steps = steps
        self.index = 0
        self.first_try: dict[int, bool] = {}
        self._rng = random.Random()
        self.lesson_id = ""

    @classmethod
    def drill(cls, drill_id: str, seed: int | None = None) -> DrillRun:
        """An endless drill of ``lessons.drills.DRILLS[drill_id]``."""
        run = cls(DRILL, DRILLS[drill_id].title, [], drill_id)
        run._rng = random.Random(seed)
        run.steps.append(DRILLS[drill_id].draw(run._rng, 0))
        return run

    @classmethod
    def lesson_quiz(cls, lesson: Lesson, seed: int | None = None) -> DrillRun:
        """The short mixed quiz that ends ``lesson``."""
        rng = random.Random(seed)
        run = cls(QUIZ, lesson.title, quiz(lesson.id, rng))
        run.lesson_id = lesson.id
        run._rng = rng
        return run

    @staticmethod
    def has_quiz(lesson: Lesson) -> bool:
        return lesson.id in LESSON_QUIZ

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    @property
    def is_last(self) -> bool:
        """The last item of a quiz (a drill never ends)."""
        return self.kind == QUIZ and self.index == len(self.steps) - 1

    def next(self) -> bool:
        """Move to the next item (a drill draws a new one); False at the end of a quiz."""
        if self.index + 1 < len(self.steps):
            self.index += 1
            return True
        if self.kind == QUIZ:
            return False
        self.steps.append(DRILLS[self.drill_id].draw(self._rng, len(self.steps)))
        self.index += 1
        return True

    def back(self) -> None:
        self.index = max(0, self.index - 1)

    def record(self, right_first_time: bool) -> None:
        """The shown item is solved; ``right_first_time`` when no wrong answer and no hint came
        before."""
        self.first_try.setdefault(self.index, right_first_time)

    def score(self) -> tuple[int, int]:
        """(right at the first try, items solved)."""
        return sum(self.first_try.values()), len(self.first_try)

    def keep_score(self, progress: Progress, lessons: list[Lesson]) -> None:
        """Keep the score of the quiz just finished with its lesson's progress."""
        lesson = next(x for x in lessons if x.id == self.lesson_id)
        progress.record_quiz(lesson, *self.score())

    def recorded_step(self) -> tuple[str, str] | None:
        """(lesson id, step id) under which the classroom keeps the answers to the item shown:
        a quiz's question N is the lesson's step ``quiz-N``; a drill's items are not kept."""
        return (self.lesson_id, quiz_step(self.index + 1)) if self.kind == QUIZ else None

    def as_lesson(self) -> Lesson:
        """The run as a lesson value, for the step view."""
        title = (
            _(QUIZ_TITLE).format(lesson=_(self.title)) if self.kind == QUIZ else _(DRILL_HEADING)
        )
        return Lesson(f"{self.kind}-{self.drill_id or self.lesson_id}", 0, title, "", self.steps)

    def summary(self) -> dict[str, str]:
        """The run's title and first-try score, for ``QUIZ_DONE``."""
        right, count = self.score()
        score = _(QUIZ_SCORE).format(right=right, count=count)
        return {"quiz": self.as_lesson().title, "score": score}

    def view(self) -> dict[str, Any]:
        """What the window shows of the run besides the step."""
        summary = self.summary()
        return {
            "mode": self.kind,
            "runTitle": summary["quiz"],
            "score": summary["score"] if self.first_try else "",
            "paragraphs": [],  # an item's only text is its prompt, shown with the exercise
            "isLast": self.is_last,
            "stepCount": len(self.steps) if self.kind == QUIZ else 0,
            "canBack": self.index > 0,
        }


class DrillListModel(QAbstractListModel):
    """The drills, for the list in the lesson window."""

    IdRole = Qt.ItemDataRole.UserRole + 1
    TitleRole = Qt.ItemDataRole.UserRole + 2

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._ids = list(DRILLS)

    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._ids)

    def roleNames(self) -> dict[int, QByteArray]:  # noqa: N802
        return {self.IdRole: QByteArray(b"drillId"), self.TitleRole: QByteArray(b"title")}

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._ids):
            return None
        drill_id = self._ids[index.row()]
        if role == self.IdRole:
            return drill_id
        if role in (self.TitleRole, Qt.ItemDataRole.DisplayRole):
            return _(DRILLS[drill_id].title)
        return None

    def drill_id(self, row: int) -> str | None:
        return self._ids[row] if 0 <= row < len(self._ids) else None

    def refresh(self) -> None:
        if self._ids:
            self.dataChanged.emit(self.index(0), self.index(len(self._ids) - 1))
