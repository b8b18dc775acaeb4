"""The tutor: a person's play or cube action judged before it is made, and a word when it is bad.

With the tutor on (``Settings.tutorMode``: 1 from doubtful, 2 from bad, 3 only very bad), the
game flow hands the tutor each decision of a person before it takes effect (``GameFlow.tutor``):
the end of a turn, a double, a take, a pass, and a roll when the player could have doubled (a
missed double, as the analysis counts it). The tutor judges it in a worker thread with the
analysis's own judge (``ai.analysis.Analyser.judge``, so the tutor and the analysis of the match
agree), and when it loses at least the chosen mark's equity (0.03, 0.06, 0.12, GNU Backgammon's
marks) the window says so before anything happens and offers three choices: undo and rethink
(the turn's moves are taken back; the player decides again), show the best play (the same, with
the hint on show), or play anyway. A decision made again after rethinking it is judged again.
A play is judged as the hint's list shows the roll: where a rollout the player ran from the hint
valued some of its plays (``Coach.rolled_values``), the list's order by it is the tutor's too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Property, QObject, Signal, Slot
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

from app.background import Background
from app.i18n import format_number
from app.settings import Settings
from app.texts import N_, T

if TYPE_CHECKING:
    from ai.analysis import Decision
    from app.coach import Coach, Judges
    from app.game_flow import GameFlow
    from app.session import Session

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1

TUTOR_OFF = 0
#: the marks, in order; tutor mode n speaks from the n-th
MARKS = ("doubtful", "bad", "very bad")
MARK_WORDS = {"doubtful": N_("Doubtful"), "bad": N_("Bad"), "very bad": N_("Very bad")}
# what the tutor says of each kind of decision: {0} the loss, {1} the best play
SAYINGS = {
    "move": N_("You lose {0} with this play, compared with {1}."),
    "double": N_("You lose {0} by doubling: not doubling is right here."),
    "no double": N_("You lose {0} by rolling without doubling: doubling is right here."),
    "take": N_("You lose {0} by taking: passing is right here."),
    "pass": N_("You lose {0} by passing: taking is right here."),
}
# the third button: the decision kept as it was made (not "Play anyway" for a double)
ANYWAY = {
    "move": N_("Play anyway"),
    "double": N_("Double anyway"),
    "no double": N_("Roll anyway"),
    "take": N_("Take anyway"),
    "pass": N_("Pass anyway"),
}
# the game flow's names of the decisions, and the analysis's
ACTIONS = {"double": "double", "roll": "no double", "take": "take", "pass": "drop"}


def action_of(s: Session, decision: str) -> dict[str, Any] | None:
    """The history action the flow's ``decision`` would record now, for ``Analyser.judge``;
    None when there is nothing to judge (no play made, a player who may not double)."""
    if decision == "move":
        turn = s.turn
        if turn is None or not turn.steps or not turn.is_complete() or len(turn.plays) < 2:
            return None
        result = turn.play().result
        return None if result is None else {"type": "play", "result": result.position_id()}
    if decision == "roll" and not s.may_double():
        return None
    kind = ACTIONS.get(decision)
    return {"type": kind} if kind else None


def with_rollout(decision: Decision, s: Session, rolled: dict[Any, float]) -> Decision:
    """A play's ``decision`` as the hint's list judges it once a rollout valued some plays of
    the roll (``rolled``: their values by result, ``Coach.rolled_values``): the list orders
    them by the rollout (found by a tester: the tutor called the rollout's best play doubtful,
    by the evaluation the list no longer showed). Its best is the list's first and its loss is
    counted from there; the decision as it was without such a rollout."""
    turn = s.turn
    if decision.kind != "move" or not rolled or turn is None:
        return decision
    values = {**dict(decision.alternatives), decision.played: decision.equity_played}
    for play in turn.plays:
        if play.result in rolled:
            values[str(play)] = rolled[play.result]
    best = max(values, key=lambda name: values[name])
    played = values[decision.played]
    return replace(
        decision,
        best=best,
        loss=max(0.0, values[best] - played),
        equity_best=values[best],
        equity_played=played,
    )


@QmlElement
@QmlSingleton
class Tutor(QObject):
    """The tutor's word on the decision held (``text``, ``mark``) and the three choices."""

    changed = Signal()

    @staticmethod
    def create(engine: QQmlEngine) -> Tutor:
        from app.parts import part_of

        return part_of(engine, Tutor)

    def __init__(
        self,
        flow: GameFlow,
        settings: Settings,
        coach: Coach,
        judges: Judges,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._flow = flow
        self._settings = settings
        self._coach = coach
        self._judges = judges
        self._work = Background(self)
        self._work.busyChanged.connect(self.changed)
        self._held: tuple[str, Callable[[], None]] | None = None
        self._decision: Decision | None = None
        self._problem = T("")
        flow.tutor = self.hold
        flow.installed.connect(self.clear)

    # -- the flow's seam --------------------------------------------------------------------------
    def hold(self, decision: str, go: Callable[[], None]) -> bool:
        """Judge the person's ``decision`` before ``go`` makes it; False: make it now."""
        level = self._settings.value("tutorMode")
        s = self._flow.session
        if level == TUTOR_OFF or s is None:
            return False
        action = action_of(s, decision)
        if action is None:
            return False
        # every time, also a decision made again after "Undo and rethink" (only "Play anyway"
        # lets it pass: a second try of the same play went through unwarned, as if now right)
        match, analyser = s.match, self._judges.analyser
        self._held = (decision, go)
        self._decision = None
        self._problem = T("")
        self._flow.set_busy(True)  # nothing moves on until the tutor has spoken
        # The match is read in the worker while the flow is held: nothing changes it meanwhile.
        self._work.run(
            lambda cancel: analyser().judge(match, action, cancel), self._judged, self._failed
        )
        self._flow.publish()
        return True

    def _judged(self, decision: Decision | None) -> None:
        held = self._held
        if held is None:
            return
        level = self._settings.value("tutorMode")
        s = self._flow.session
        if decision is not None and s is not None:
            decision = with_rollout(decision, s, self._coach.rolled_values(s))
        if decision is None or decision.mark not in MARKS[max(level, 1) - 1 :]:
            self._release(go=True)
            return
        self._decision = decision
        self._coach.close()  # the tutor's word takes the room below the board
        self.changed.emit()

    def _failed(self, message: str) -> None:
        self._problem = T(N_("The tutor could not judge this decision: {0}"), message)
        self.changed.emit()

    def _release(self, go: bool) -> None:
        held = self._held
        self._held = None
        self._decision = None
        self._problem = T("")
        self._flow.set_busy(False)
        self.changed.emit()
        if held is not None and go:
            held[1]()
        else:
            self._flow.publish()

    # -- the three choices ------------------------------------------------------------------------
    @Slot()
    def rethink(self) -> None:
        """Undo and rethink: the turn's moves are taken back and the player decides again."""
        held = self._held
        if held is None or self._work.busy:
            return
        self._release(go=False)
        s = self._flow.session
        if held[0] == "move" and s is not None and s.turn is not None:
            for _step in s.turn.steps:
                self._flow.undo()

    @Slot()
    def showBest(self) -> None:  # noqa: N802
        """Show the best play: as rethink, with the hint on show (the best play selected)."""
        held, decision = self._held, self._decision
        self.rethink()
        s = self._flow.session
        if held is None or s is None:
            return
        best = tried = None
        if held[0] == "move" and decision is not None:
            results = {str(p): p.result for p in s.turn.plays}
            best, tried = results.get(decision.best), results.get(decision.played)
        # the hint ranks the plays as the tutor judges them: the play held back listed as the
        # person's with the loss the tutor counted (below the best when not among them: it was
        # missing, found by a tester), and the tutor's best selected (with the rollout the
        # list showed, when the tutor judged by it)
        self._coach.show_hint(s, prefer=best, rolled=True, tried=tried)

    @Slot()
    def playAnyway(self) -> None:  # noqa: N802
        """The decision is made as the player made it."""
        if self._held is not None and not self._work.busy:
            self._release(go=True)

    def clear(self) -> None:
        """A new game: nothing is held."""
        self._work.cancel()
        self._held = None
        self._decision = None
        self._problem = T("")
        self.changed.emit()

    def shutdown(self) -> None:
        self._work.cancel()

    # -- what QML reads ---------------------------------------------------------------------------
    def _text(self) -> str:
        d = self._decision
        if self._problem.template:
            return self._problem.render(self._flow.names())
        if d is None:
            return ""
        return T(SAYINGS[self._kind()], format_number(d.loss, 3), d.best).render(self._flow.names())

    def _kind(self) -> str:
        """The decision warned about: a play, a double, a roll without doubling, a take or a
        pass ("move" when there is none)."""
        d = self._decision
        if d is None:
            return "move"
        return "no double" if d.kind == "double" and d.played == "no double" else d.kind

    def _mark(self) -> str:
        d = self._decision
        return T(MARK_WORDS[d.mark]).render(()) if d is not None and d.mark in MARKS else ""

    visible = Property(
        bool, lambda s: s._decision is not None or bool(s._problem.template), notify=changed
    )
    checking = Property(bool, lambda s: s._held is not None and s._work.busy, notify=changed)
    text = Property(str, _text, notify=changed)
    mark = Property(str, _mark, notify=changed)
    markLevel = Property(
        int,
        lambda s: MARKS.index(s._decision.mark) + 1 if s._decision is not None else 0,
        notify=changed,
    )
    canShowBest = Property(bool, lambda s: s._decision is not None, notify=changed)
    anywayText = Property(str, lambda s: T(ANYWAY[s._kind()]).render(()), notify=changed)
    # a cube decision (double, take, pass, no double) rather than a play
    aboutCube = Property(
        bool, lambda s: s._decision is not None and s._decision.kind != "move", notify=changed
    )


__all__ = ["MARKS", "TUTOR_OFF", "Tutor", "action_of"]
