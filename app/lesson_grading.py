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
    """Ranks the plays of the open judgement question in the background; a play finished
    before the ranking is done waits here (``hold``) and comes back with ``released``."""

    ready = Signal(int)  # the token of the exercise whose ranking is done
    failed = Signal(int, str)
    released = Signal(object)  # the held play, now that it can be graded
    refused = Signal(str)  # the held play cannot be graded: why

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool.globalInstance()
        self._token = 0
        self._tasks: dict[int, _Ranking] = {}
        self._done: set[int] = set()
        self._failures: dict[int, str] = {}
        self.current = 0  # the token of the open question
        self.pending: Any = None  # a play waiting for the current ranking

    def prepare(self, exercise: Any) -> int:
        """Start ranking ``exercise`` (a ``JudgeExercise``); returns its token."""
        self._token += 1
        token = self.current = self._token
        self.pending = None
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

    def is_ready(self, token: int | None = None) -> bool:
        return (self.current if token is None else token) in self._done

    def clear(self) -> None:
        """The open step is not a judgement question (any more)."""
        self.current, self.pending = 0, None

    def hold(self, play: Any) -> bool:
        """True when ``play`` must wait for the current ranking: it comes back by ``released``
        (or ``refused``). False when it can be graded now."""
        if self.current == 0 or self.is_ready() or self.failure(self.current) is not None:
            return False
        self.pending = play
        return True

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
        if token == self.current and self.pending is not None:
            play, self.pending = self.pending, None
            self.released.emit(play)

    def _on_failed(self, token: int, message: str) -> None:
        self._tasks.pop(token, None)
        self._failures[token] = message
        self.failed.emit(token, message)
        if token == self.current and self.pending is not None:
            self.pending = None
            self.refused.emit(message)
