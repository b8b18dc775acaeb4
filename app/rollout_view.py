"""Roll out the position of the hint: the chances from many games played out, with their errors.

When the hint panel shows a decision before the roll (the chances, the cube action, take or
pass), "Roll out" plays the position out ``GAMES`` times by the Expert's 0-ply play
(``ai.rollout``: the first two rolls rotated over the 36 outcomes, the rest seeded, the exact
bear-off database where both sides are home) in a worker thread, and shows the games played so
far, the win / gammon / backgammon chances and the cubeless equity with their standard errors as
they come. It stops when asked, when the panel closes or when the game moves on.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Property, QObject, Signal, Slot
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

from app.background import Background
from app.coach import Coach, Judges, flipped, signed
from app.i18n import format_number, format_percent
from app.texts import N_, P, T

if TYPE_CHECKING:
    from ai.rollout import RolloutResult

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1

GAMES = 1296  # every pair of first two rolls once


def rollout_text(player: int, result: RolloutResult, taker: bool, total: int) -> T:
    """The figures of ``result`` for ``player`` (``taker``: the one answering the doubler's
    double, so the doubler's figures are turned round)."""
    outputs = flipped(tuple(result.outputs)) if taker else tuple(result.outputs)
    equity = -result.equity if taker else result.equity
    w_se = result.outputs_se[0]  # the same for either player
    w, wg, wbg, lg, lbg = outputs
    head = T(
        N_("Rollout, {0} of {1} games:"), format_number(result.games, 0), format_number(total, 0)
    )
    body = T(
        N_(
            "{0} wins {1} \u00b1 {2} (gammon {3}, backgammon {4}) and loses {5} (gammon {6}, "
            "backgammon {7}); cubeless equity {8} \u00b1 {9}."
        ),
        P(player),
        format_percent(w, 1),
        format_percent(w_se, 1),
        *(format_percent(v, 1) for v in (wg, wbg, 1.0 - w, lg, lbg)),
        signed(equity),
        format_number(result.equity_se, 3),
    )
    return T("{0} {1}", head, body)


class _Progress(QObject):
    """Figures so far, sent from the worker thread to the window's (a queued signal)."""

    reached = Signal(int, object)


@QmlElement
@QmlSingleton
class RolloutView(QObject):
    """``start()``, ``stop()``; ``available``, ``running``, ``progress`` and ``text``."""

    changed = Signal()

    @staticmethod
    def create(engine: QQmlEngine) -> RolloutView:
        from app.parts import part_of

        return part_of(engine, RolloutView)

    def __init__(
        self, coach: Coach, judges: Judges, games: int = GAMES, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._coach = coach
        self._judges = judges
        self._games = games
        self._work = Background(self)
        self._work.busyChanged.connect(self.changed)
        self._progress = _Progress(self)
        self._progress.reached.connect(self._on_progress)
        self._job = 0  # the run whose figures are shown; older ones' are dropped
        self._moment: tuple[Any, ...] | None = None
        self._note = T("")  # while nothing has come: "Rolling out ...", or what went wrong
        self._result: RolloutResult | None = None  # the figures so far (shown in the language)
        self._done = 0
        self._player = 0  # whose figures the text gives ...
        self._taker = False  # ... and whether that player answers the other's double
        coach.changed.connect(self._follow)

    @Slot()
    def start(self) -> None:
        """Roll out the position of the decision the hint shows (nothing when there is none)."""
        target = self._coach.before_roll()
        if target is None:
            return
        moment, position, player, taker = target
        self._job += 1
        job, games, progress = self._job, self._games, self._progress
        self._moment = moment
        self._done = 0
        self._result = None
        self._note = T(N_("Rolling out {0} games\u2026"), format_number(games, 0))

        def roll_out(cancel: threading.Event) -> tuple[int, object]:
            from ai.evaluator import NetEvaluator
            from ai.rollout import RolloutSettings, rollout
            from ai.search import Cancelled

            def report(_done: int, _total: int, so_far: RolloutResult) -> None:
                if cancel.is_set():
                    raise Cancelled()
                progress.reached.emit(job, so_far)

            settings = RolloutSettings(games=games, variance_reduction=False)
            evaluator = self._judges.player().evaluator
            if not isinstance(evaluator, NetEvaluator):
                raise TypeError("the computer's networks are not loaded")
            result = rollout(position, settings, workers=1, evaluator=evaluator, progress=report)
            return job, result

        def finished(answer: tuple[int, object]) -> None:
            number, result = answer
            if number == self._job:
                self._show(result)  # type: ignore[arg-type]

        def failed(message: str) -> None:
            self._result = None
            self._note = T(N_("The rollout could not be made: {0}"), message)
            self.changed.emit()

        self._player, self._taker = player, taker
        self._work.run(roll_out, finished, failed)
        self.changed.emit()

    @Slot()
    def stop(self) -> None:
        """Stop the rollout under way; the figures so far stay on show."""
        self._work.cancel()
        if self._result is None:  # stopped before the first figures: nothing to say
            self._note = T("")
        self.changed.emit()

    def shutdown(self) -> None:
        self._work.cancel()

    def _show(self, result: RolloutResult) -> None:
        self._done = result.games
        self._result = result
        self.changed.emit()

    @Slot(int, object)
    def _on_progress(self, job: int, so_far: RolloutResult) -> None:
        if job == self._job and self._work.busy:
            self._show(so_far)

    @Slot()
    def _follow(self) -> None:
        """The hint moved on to another decision, or closed: its rollout stops and goes."""
        if self._moment is not None and self._coach.shown_moment() != self._moment:
            self._work.cancel()
            self._job += 1
            self._moment = None
            self._note = T("")
            self._result = None
            self._done = 0
        self.changed.emit()

    def _render(self) -> str:
        names = self._coach.player_names()
        if self._result is None:
            return self._note.render(names)
        # made now, so that the numbers too are written the way the language writes them
        return rollout_text(self._player, self._result, self._taker, self._games).render(names)

    def _available(self) -> bool:
        """A position to roll out, not rolled out to the end already (it would give the same)."""
        target = self._coach.before_roll()
        if target is None:
            return False
        return not (target[0] == self._moment and self._done >= self._games)

    available = Property(bool, _available, notify=changed)
    running = Property(bool, lambda s: s._work.busy, notify=changed)
    progress = Property(float, lambda s: s._done / s._games, notify=changed)
    text = Property(str, _render, notify=changed)
