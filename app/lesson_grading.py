"""The judgement questions' numbers, computed off the GUI thread.

A judgement question is graded by a 2-ply search of the Expert's networks (``lessons.judge``),
a second or two for a new position. ``LessonGrader.prepare`` starts it when the step opens, so
that the grade is usually ready when the student has played; ``ready`` says when it is. A
failure (missing weights) is reported with ``failed`` and shown; nothing is graded weaker.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal


class _Signals(QObject):
    finished = Signal(int)
    failed = Signal(int, str)


class _Ranking(QRunnable):
    def __init__(self, token: int, exercise: Any) -> None:
        super().__init__()
        self.token = token
        self.exercise = exercise
        self.signals = _Signals()
        self.setAutoDelete(False)  # kept by the grader until it reports

    def run(self) -> None:
        try:
            self.exercise.ranking()
            for line in self.exercise.ranking()[:3]:  # the numbers the top plays show
                line.win()
                line.shots()
        except Exception as exc:  # noqa: BLE001  (reported to the window, which says so)
            self.signals.failed.emit(self.token, f"{type(exc).__name__}: {exc}")
            return
        self.signals.finished.emit(self.token)


class LessonGrader(QObject):
    """Ranks the plays of one judgement question at a time in the background."""

    ready = Signal(int)  # the token of the exercise whose ranking is done
    failed = Signal(int, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool.globalInstance()
        self._token = 0
        self._tasks: dict[int, _Ranking] = {}
        self._done: set[int] = set()
        self._failures: dict[int, str] = {}

    def prepare(self, exercise: Any) -> int:
        """Start ranking ``exercise`` (a ``JudgeExercise``); returns its token."""
        self._token += 1
        token = self._token
        from lessons.judge import is_ranked

        if is_ranked(exercise.position, exercise.dice):
            self._done.add(token)
            return token
        task = _Ranking(token, exercise)
        task.signals.finished.connect(self._on_finished)
        task.signals.failed.connect(self._on_failed)
        self._tasks[token] = task
        self._pool.start(task)
        return token

    def is_ready(self, token: int) -> bool:
        return token in self._done

    def failure(self, token: int) -> str | None:
        """Why the ranking of ``token`` failed, or None."""
        return self._failures.get(token)

    def wait(self, timeout_ms: int = 60_000) -> None:
        """Wait for every ranking started (tests, shutting down)."""
        self._pool.waitForDone(timeout_ms)

    def _on_finished(self, token: int) -> None:
        self._tasks.pop(token, None)
        self._done.add(token)
        self.ready.emit(token)

    def _on_failed(self, token: int, message: str) -> None:
        self._tasks.pop(token, None)
        self._failures[token] = message
        self.failed.emit(token, message)
