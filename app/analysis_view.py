"""The analysis of a game or of the whole match in the window: run in the background, shown.

``Analysis`` judges the match with ``ai.analysis`` on the thread pool (progress 0-100, cancel),
keeps the result on the session (``Session.analysis``, saved with the match) and shows it: the
summary per player, the mistakes worst first, one mistake's position with the played and the best
play on two small boards, a chart of White's winning chances through a game with the marked turns,
and the marks after the lines of the move list. A failure is said, never hidden.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Property, QObject, QRunnable, QThreadPool, Signal, Slot
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

from app import analysis_texts as texts
from app.history import History
from app.match_view import display_names
from app.session import Session
from app.texts import N_, T, _
from engine.match import Match
from engine.save import load_match_data

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1

# the levels that play by the analysis's own evaluation, with no noise on their plays
SELF_JUDGED = ("hard", "expert")

PROBLEMS = {
    "unreadable": N_("The saved analysis could not be read ({0}) and was dropped."),
    "other match": N_("The saved analysis was made for another match and was dropped."),
}


class _Signals(QObject):
    progressed = Signal(int, int, int)  # request, done, total
    finished = Signal(int, object)
    failed = Signal(int, str)
    cancelled = Signal(int)


class _Job(QRunnable):
    """One analysis on the thread pool, of a copy of the match."""

    def __init__(self, request: int, analyser: Callable[[], Any], match: Match, games: Any):
        super().__init__()
        self.request = request
        self.analyser = analyser
        self.match = match
        self.games = games
        self.cancel = threading.Event()
        self.signals = _Signals()
        self.setAutoDelete(False)  # kept by Analysis until it reports

    def run(self) -> None:
        from ai.search import Cancelled

        def progress(done: int, total: int) -> None:
            self.signals.progressed.emit(self.request, done, total)

        try:
            result = self.analyser().analyse(self.match, progress, self.cancel, self.games)
        except Cancelled:
            self.signals.cancelled.emit(self.request)
            return
        except Exception as exc:  # noqa: BLE001  (said in the window)
            self.signals.failed.emit(self.request, f"{type(exc).__name__}: {exc}")
            return
        self.signals.finished.emit(self.request, result)


def _default_analyser() -> Any:
    from ai.analysis import Analyser

    return Analyser()


@QmlElement
@QmlSingleton
class Analysis(QObject):
    """``Analysis.analyseGame()``, ``analyseMatch()``, ``cancel()``; what it found."""

    changed = Signal()
    marksChanged = Signal()
    analysed = Signal()  # the session on show has a new analysis (the game's view follows)
    showBoard = Signal()  # a mistake is on show on the main board (the dialog steps aside)

    @staticmethod
    def create(engine: QQmlEngine) -> Analysis:
        from app.parts import part_of

        return part_of(engine, Analysis)

    def __init__(
        self,
        session: Callable[[], Session | None],
        history: History,
        save: Callable[[], T | None],
        analyser: Callable[[], Any] = _default_analyser,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._session = session
        self._history = history
        self._save = save
        self._make_analyser = analyser
        self._analyser: Any = None
        self._lock = threading.Lock()
        self._pool = QThreadPool.globalInstance()
        self._request = 0
        self._jobs: dict[int, _Job] = {}
        self._running_match: Match | None = None
        self._running_games: list[int] | None = None  # (None: the whole match)
        self._progress = 0
        self._problem: T | None = None
        self._cancelled = False  # the last analysis was stopped by the player
        self._chosen = -1
        self._chart_game = 0
        self._marks: list[str] = []
        self._legend = ""  # what the marks written mean

    # -- running --------------------------------------------------------------------------------
    def _shared_analyser(self) -> Any:
        """One analyser for every run (its evaluator is loaded once, in the worker)."""
        with self._lock:
            if self._analyser is None:
                self._analyser = self._make_analyser()
            return self._analyser

    def shown_game(self) -> int:
        """The game the window shows (0 the first): the one under review, or the current one."""
        session = self._session()
        if session is None or not session.match.games:
            return 0
        moment = self._history.moment()
        return moment.game - 1 if moment is not None else len(session.match.games) - 1

    @Slot()
    def analyseGame(self) -> None:  # noqa: N802
        """Analyse the game on show (the one under review, or the current one)."""
        self._start([self.shown_game()])

    @Slot()
    def analyseMatch(self) -> None:  # noqa: N802
        self._start(None)

    @Slot()
    def analyseOnShow(self) -> None:  # noqa: N802
        """Analyse what the window shows (at a game's end, in the review): the whole match when
        it is over, else the game on show, unless the analysis on hand covers it as it is now
        (an analysis of an earlier game stood in its place)."""
        session, analysis = self._session(), self.result()
        if session is None or self._running_match is not None:
            return
        match = session.match
        if match.length and match.is_over:
            if analysis is None or not analysis.covers_all_of(match):
                self._start(None)
            return
        game = self.shown_game()
        if (
            analysis is None
            or (analysis.games is not None and game not in analysis.games)
            or analysis.gone_on(match)
        ):
            self._start([game])

    def _start(self, games: list[int] | None) -> None:
        session = self._session()
        if session is None or not session.match.history:
            return
        self.cancel()
        # a copy: the game may go on while the analysis runs
        match = load_match_data(session.match.to_json())
        self._request += 1
        job = _Job(self._request, self._shared_analyser, match, games)
        job.signals.progressed.connect(self._on_progress)
        job.signals.finished.connect(self._on_finished)
        job.signals.failed.connect(self._on_failed)
        job.signals.cancelled.connect(self._on_cancelled)
        self._jobs[job.request] = job
        self._running_match = session.match
        self._running_games = games
        self._progress = 0
        self._problem = None
        self._cancelled = False
        self.changed.emit()
        self._pool.start(job)

    @Slot()
    def cancel(self) -> None:
        """Stop the analysis under way (its result is dropped)."""
        for job in self._jobs.values():
            job.cancel.set()
        was_running = self._running_match is not None
        self._request += 1
        self._running_match = None
        if was_running:
            self._cancelled = True  # said, so that a stop is not taken for nothing done
            self.changed.emit()

    def reset(self) -> None:
        """A new game, match or position replaced the session."""
        self.cancel()
        self._cancelled = False
        self._chosen = -1
        self._chart_game = 0
        self._problem = None
        self.refresh()

    def shutdown(self) -> None:
        self.cancel()

    def _current(self, request: int) -> bool:
        return request == self._request and self._running_match is not None

    @Slot(int, int, int)
    def _on_progress(self, request: int, done: int, total: int) -> None:
        percent = int(100 * done / total) if total else 100
        if self._current(request) and percent != self._progress:
            self._progress = percent
            self.changed.emit()

    @Slot(int, object)
    def _on_finished(self, request: int, result: Any) -> None:
        self._jobs.pop(request, None)
        if not self._current(request):
            return
        session = self._session()
        match = self._running_match
        self._running_match = None
        if session is not None and session.match is match and result.fits(match):
            session.analysis = result
            session.analysis_problem = None
            self._chosen = -1
            games = texts.analysed_games(result)
            self._chart_game = self.shown_game() if self.shown_game() in games else 0
            self._problem = self._save()
            self.analysed.emit()
        self.refresh()

    @Slot(int, str)
    def _on_failed(self, request: int, message: str) -> None:
        self._jobs.pop(request, None)
        if self._current(request):
            self._running_match = None
            self._problem = T(N_("The analysis failed: {0}"), message)
            self.changed.emit()

    @Slot(int)
    def _on_cancelled(self, request: int) -> None:
        self._jobs.pop(request, None)

    # -- what the window shows ------------------------------------------------------------------
    def result(self) -> Any:
        session = self._session()
        return session.analysis if session is not None else None

    @Slot()
    def refresh(self) -> None:
        """Everything shown again (a new result, another language)."""
        self.changed.emit()
        self.update_marks()

    def _names(self) -> list[str]:
        return display_names(self._session())

    def _get_running(self) -> bool:
        return self._running_match is not None

    def _get_progress(self) -> int:
        return self._progress

    def _get_problem(self) -> str:
        if self._problem is not None:
            return self._problem.render(self._names())
        session = self._session()
        dropped = session.analysis_problem if session is not None else None
        if dropped is not None:
            return T(PROBLEMS[dropped[0]], dropped[1]).render(self._names())
        return ""

    def _get_available(self) -> bool:
        return self.result() is not None

    def _get_title(self) -> str:
        # what runs, while it runs ("No analysis yet." stood over the progress: found by a tester)
        if self._running_match is not None:
            if self._running_games is None:
                return _("Analysing the whole match…")
            return _("Analysing game {0}…").format(self._running_games[0] + 1)
        analysis = self.result()
        if analysis is None:
            return _("No analysis yet.")
        if analysis.games is None:
            return _("Analysis of the whole match")
        return _("Analysis of game {0}").format(analysis.games[0] + 1)

    def _get_note(self) -> str:
        analysis, session = self.result(), self._session()
        if self._running_match is not None:
            return ""
        if self._cancelled:
            if analysis is None:
                return _("The analysis was cancelled.")
            return _("The analysis was cancelled; the one made before is shown.")
        if analysis is None or session is None:
            return _("Analyse a game or the whole match: every decision of both players is judged.")
        if analysis.gone_on(session.match):
            return _("The match has gone on since; analyse again to judge the rest.")
        settings = session.settings
        if settings.computer and settings.level in SELF_JUDGED:
            # a learner read "world class, 0.0" of the Expert as the truth (found by a tester)
            return _(
                "The computer plays by the evaluation this analysis judges with, so its own "
                "choices mostly count as the best: its error rate says little of how strong it is."
            )
        return ""

    def _get_summary(self) -> list[dict[str, Any]]:
        analysis, session = self.result(), self._session()
        if analysis is None or session is None:
            return []
        return texts.summary_rows(analysis, self._names(), bool(session.match.length))

    def _get_mistakes(self) -> list[dict[str, Any]]:
        analysis = self.result()
        return texts.mistake_rows(analysis, self._names()) if analysis is not None else []

    def _get_chosen(self) -> int:
        return self._chosen

    def _get_boards(self) -> dict[str, Any]:
        analysis = self.result()
        if analysis is None:
            return {"visible": False}
        found = texts.mistakes(analysis)
        if not 0 <= self._chosen < len(found):
            return {"visible": False}
        decision = found[self._chosen]
        boards = texts.decision_boards(decision)
        # the cube as it stood then (offered, for a take or a pass): from the match's history
        session = self._session()
        index = self._moment_before(decision.action)
        if boards["visible"] and session is not None and index >= 0:
            moment = self._history.items()[index]
            boards["cube"] = {
                "visible": session.match.cube_enabled and not moment.crawford,
                "value": moment.cube_value,
                "owner": moment.cube_owner,
                "offered": decision.kind in ("take", "pass"),
            }
        return boards

    def _get_games(self) -> list[int]:
        analysis = self.result()
        return [g + 1 for g in texts.analysed_games(analysis)] if analysis is not None else []

    def _get_chart_game(self) -> int:
        return self._chart_game + 1

    def _get_chart(self) -> dict[str, Any]:
        analysis = self.result()
        if analysis is None:
            return {"points": [], "marks": [], "tips": []}
        return texts.chart(analysis, self._chart_game, self._names())

    def _get_chart_title(self) -> str:
        """Whose chances the chart shows: the first player's, by the name the window shows."""
        name = self._names()[0] if self._session() is not None else _("White")
        return _("{0}'s chances to win the game, before each roll").format(name)

    def _get_marks(self) -> list[str]:
        return self._marks

    def _get_legend(self) -> str:
        return self._legend

    running = Property(bool, _get_running, notify=changed)
    progress = Property(int, _get_progress, notify=changed)
    problem = Property(str, _get_problem, notify=changed)
    available = Property(bool, _get_available, notify=changed)
    title = Property(str, _get_title, notify=changed)
    note = Property(str, _get_note, notify=changed)
    summary = Property("QVariantList", _get_summary, notify=changed)
    mistakes = Property("QVariantList", _get_mistakes, notify=changed)
    chosen = Property(int, _get_chosen, notify=changed)
    boards = Property("QVariantMap", _get_boards, notify=changed)
    games = Property("QVariantList", _get_games, notify=changed)
    chartGame = Property(int, _get_chart_game, notify=changed)
    chart = Property("QVariantMap", _get_chart, notify=changed)
    chartTitle = Property(str, _get_chart_title, notify=changed)
    moveMarks = Property("QVariantList", _get_marks, notify=marksChanged)
    marksLegend = Property(str, _get_legend, notify=marksChanged)  # what the marks written mean

    # -- choosing -------------------------------------------------------------------------------
    @Slot(int)
    def choose(self, row: int) -> None:
        """Show the mistake of ``row`` (worst first) on the two small boards."""
        if row != self._chosen:
            self._chosen = row
            self.changed.emit()

    @Slot(int)
    def showOnBoard(self, row: int) -> None:  # noqa: N802
        """The main board shows the position of the mistake of ``row`` (the history's review)."""
        analysis = self.result()
        found = texts.mistakes(analysis) if analysis is not None else []
        if not 0 <= row < len(found):
            return
        self._show_action(found[row].action)

    @Slot(int)
    def showRoll(self, index: int) -> None:  # noqa: N802
        """The main board shows the roll ``index`` (0 the first) of the chart's game."""
        analysis = self.result()
        rolls = texts.chart_rolls(analysis, self._chart_game) if analysis is not None else []
        if 0 <= index < len(rolls):
            self._show_action(rolls[index].action)

    def _moment_before(self, action: int) -> int:
        """The index of the history's last moment before ``action`` of the match's record, or
        -1 when there is none."""
        items = self._history.items()
        return max((i for i, m in enumerate(items) if m.action < action), default=-1)

    def _show_action(self, action: int) -> None:
        """The history's review of the position before ``action`` of the match's record."""
        index = self._moment_before(action)
        if index >= 0:
            self._history.show(index)
            self.showBoard.emit()

    @Slot(int)
    def setChartGame(self, game: int) -> None:  # noqa: N802
        """Chart game ``game`` (1 the first)."""
        if game - 1 != self._chart_game:
            self._chart_game = game - 1
            self.changed.emit()

    # -- the move list --------------------------------------------------------------------------
    @Slot()
    def update_marks(self) -> None:
        """The marks after each line of the move list on show (none without an analysis)."""
        analysis = self.result()
        marks: list[str] = []
        if analysis is not None:
            items = self._history.items()
            moment = self._history.moment()
            game = moment.game if moment is not None else (items[-1].game if items else 0)
            actions = [items[i].action for i, _line in self._history.game_lines(game)]
            marks = texts.line_marks(analysis, game - 1, actions)
            if not any(marks):
                marks = []  # nothing marked in the game on show: no legend either
        legend = texts.marks_legend(marks)
        if (marks, legend) != (self._marks, self._legend):
            self._marks, self._legend = marks, legend
            self.marksChanged.emit()
