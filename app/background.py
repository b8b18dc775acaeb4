"""One piece of the coach's work at a time on the thread pool, answered on the GUI thread.

``Background.run(call, then, failed)`` starts ``call(cancel)`` in a worker thread; ``then(answer)``
or ``failed(message)`` run later on the GUI thread, unless another ``run`` or ``cancel()`` came
first (the old work is told to stop, and whatever it answers is dropped). The window never waits
for it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot


class _Signals(QObject):
    finished = Signal(int, object)
    failed = Signal(int, str)


class _Job(QRunnable):
    def __init__(self, number: int, call: Callable[[threading.Event], Any]) -> None:
        super().__init__()
        self.number = number
        self.call = call
        self.cancel = threading.Event()
        self.signals = _Signals()
        self.setAutoDelete(False)  # kept by Background until it reports

    def run(self) -> None:
        from ai.search import Cancelled

        try:
            answer = self.call(self.cancel)
        except Cancelled:
            self.signals.failed.emit(self.number, "")  # dropped: the job was cancelled
            return
        except Exception as exc:  # noqa: BLE001  (reported to the window, which says so)
            self.signals.failed.emit(self.number, f"{type(exc).__name__}: {exc}")
            return
        self.signals.finished.emit(self.number, answer)


class Background(QObject):
    """The latest job only; ``busy`` while it runs (``busyChanged``)."""

    busyChanged = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool.globalInstance()
        self._number = 0
        self._jobs: dict[int, _Job] = {}
        self._answers: tuple[Callable[[Any], None], Callable[[str], None]] | None = None

    @property
    def busy(self) -> bool:
        return self._answers is not None

    def run(
        self,
        call: Callable[[threading.Event], Any],
        then: Callable[[Any], None],
        failed: Callable[[str], None],
    ) -> None:
        """Start ``call`` in place of any job under way (see the module doc)."""
        self._stop()
        self._number += 1
        job = _Job(self._number, call)
        job.signals.finished.connect(self._on_finished)
        job.signals.failed.connect(self._on_failed)
        self._jobs[job.number] = job
        self._answers = (then, failed)
        self.busyChanged.emit()
        self._pool.start(job)

    def cancel(self) -> None:
        """Stop the job under way; nothing it answers is used."""
        if self._answers is not None:
            self._stop()
            self.busyChanged.emit()

    def _stop(self) -> None:
        for job in self._jobs.values():
            job.cancel.set()
        self._number += 1
        self._answers = None

    def _take(self, number: int) -> tuple[Callable[[Any], None], Callable[[str], None]] | None:
        self._jobs.pop(number, None)
        if number != self._number or self._answers is None:
            return None
        answers, self._answers = self._answers, None
        self.busyChanged.emit()
        return answers

    @Slot(int, object)
    def _on_finished(self, number: int, answer: Any) -> None:
        answers = self._take(number)
        if answers is not None:
            answers[0](answer)

    @Slot(int, str)
    def _on_failed(self, number: int, message: str) -> None:
        answers = self._take(number)
        if answers is not None and message:
            answers[1](message)
