"""Roll out the position of the hint: the chances from many games played out, with their errors.

When the hint panel shows a decision before the roll (the chances, the cube action, take or
pass), "Roll out" plays the position out ``GAMES`` times by the Expert's 0-ply play
(``ai.rollout``: the first two rolls rotated over the 36 outcomes, the rest seeded, the exact
bear-off database where both sides are home) in a worker thread, which plays the games in
processes of their own when there are cores to spare (``rollout_workers``), and shows the games
played so far, the win / gammon / backgammon chances and the cubeless equity with their
standard errors as they come. The cube decision of a money game is rolled out whole
(``ai.rollout.cube_rollout``): no double and double/take, cubeful, on the same games, with
double/pass, their standard errors and the right action by them (said to be close when the
deciding difference is within two standard errors); a match's cube decision is rolled out
cubeless, and the cube model judges it by the chances its games give (``match_cube_text``);
with the dice rolled, the hint's first
plays side by side (``ai.rollout.plays_rollout``; cubeful in a money game with the cube, as the
hint values them, the opponent free to double at once). It stops when asked, when the panel closes
or when the game moves on. A rollout stopped goes on from the games it played ("Go on"), and
one played to the end goes on to ``GAMES`` more ("Roll out more", up to ``MOST`` in all): the
figures are then those of one rollout of as many games. The figures of plays go to the hint's
list too as they come (``Coach.show_rollout``), which values those plays by them, and orders
them so when the rollout stops (``Coach.hold_order``).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Property, QObject, Signal, Slot
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

from app.background import Background
from app.coach import Coach, Judges, RolloutTarget, flipped, right_action
from app.i18n import format_number, format_percent, format_signed
from app.texts import N_, P, T
from lessons.exercises import rounds_to_nothing

if TYPE_CHECKING:
    from ai.rollout import CubeRolloutResult, PlaysRolloutResult, RolloutResult
    from engine import Position

    Figures = RolloutResult | CubeRolloutResult | PlaysRolloutResult

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1

GAMES = 1296  # every pair of first two rolls once
MOST = 10  # a rollout of the window goes on to this many times GAMES at most
MAX_WORKERS = 4  # processes a rollout of the window plays its games in, at most
# said when the lead that decides is less than two standard errors ("that is within two
# standard errors" did not say of what: a tester), with the way to more games as its button
# says it then (a tester looked for "Roll out more" while the button read "Stop", or "Go on")
CLOSE = N_("The lead is less than two standard errors: more games ({0}) would settle it.")
CLOSE_SO_FAR = N_("The lead is less than two standard errors so far.")
CLOSE_AT_MOST = N_("The lead is less than two standard errors.")
MORE_BUTTONS = {"more": N_("Roll out more"), "resume": N_("Go on")}


def close_text(more: str) -> T:
    """What a close rollout says of more games: ``more`` is what the rollout button offers
    ("more", "resume"; "start" names no button), "running" while games are still being played,
    or "" when no more may be played."""
    if more in MORE_BUTTONS:
        return T(CLOSE, T(MORE_BUTTONS[more]))
    return T(CLOSE_SO_FAR if more == "running" else CLOSE_AT_MOST)


def rollout_workers() -> int:
    """Processes for the window's rollouts: the cores but one (the window's own), at most
    ``MAX_WORKERS``; with two cores or fewer the games are played in the rollout's own thread.
    A program bundled into one folder (``sys.frozen``) plays them there too: starting it
    again as a worker process has not been tried in such a bundle."""
    import sys

    from ai.rollout import default_workers

    if getattr(sys, "frozen", False):
        return 1
    return max(1, min(MAX_WORKERS, default_workers() - 1))


def standard_error(se: float) -> str:
    """A standard error as the rollout's lines write it (after "\u00b1"): to three decimals as
    the equities, with a fourth when it is not nought but would read "0.000" (a race of few
    checkers is known closely, but not exactly, after many games)."""
    shown = format_number(se, 3)
    return format_number(se, 4) if se > 0 and rounds_to_nothing(shown) else shown


def rollout_text(
    player: int, result: RolloutResult | CubeRolloutResult, taker: bool, total: int
) -> T:
    """The figures of ``result`` for ``player`` (``taker``: the one answering the doubler's
    double, so the doubler's figures are turned round): its chances and cubeless equity (of
    the no-double line, for a cube decision)."""
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
        format_signed(equity),
        standard_error(result.equity_se),
    )
    return T("{0} {1}", head, body)


def match_cube_text(position: Position, outputs: Sequence[float], state: Any, taker: bool) -> T:
    """A match's cube decision judged by the chances of a cubeless rollout from the doubler's
    view (``outputs``): the cube model the levels judge games played out by (Janowski's, at
    the score ``state`` of ``ai.cube.CubeState``, by the match equity table), the doubler's
    three lines or the taker's take and pass, and the right action. (A rollout only of the
    chances gave no verdict, and the hint's "Right: take" stood beside chances that pass: a
    tester.)"""
    import numpy as np

    from ai.cube import cube_efficiency, decide, position_features

    x = cube_efficiency(position_features(position))
    d = decide(np.asarray(outputs, dtype=np.float64), state, x=x)
    nd, dt, dp = d.no_double, d.double_take, d.double_pass
    if taker:
        lines = T(
            N_("By these chances at this score: take {0}; pass {1}."),
            format_signed(-dt),
            format_signed(-dp),
        )
    else:
        lines = T(
            N_(
                "By these chances at this score: no double {0}; double, take {1}; double, pass {2}."
            ),
            format_signed(nd),
            format_signed(dt),
            format_signed(dp),
        )
    return T("{0}\n{1}", lines, T(right_action(taker, d.double, d.take, nd > dp)))


def cube_rollout_text(
    player: int, result: CubeRolloutResult, taker: bool, total: int, more: str = "more"
) -> T:
    """The figures of a cube decision's rollout for ``player``: the chances of the no-double
    line, the doubler's three lines or the taker's take and pass, and the right action (a close
    one says how more games are played: ``more``, as ``close_text`` takes it)."""
    dt, dt_se, dp, nd = (
        result.double_take,
        result.double_take_se,
        result.double_pass,
        result.no_double,
    )
    right = right_action(taker, result.double, result.take, nd > dp)
    if taker:
        lines = T(
            N_("On the same games: take {0} \u00b1 {1}; pass {2}."),
            format_signed(-dt),
            standard_error(dt_se),
            format_signed(-dp),
        )
        close = abs(dt - dp) < 2 * dt_se
    else:
        lines = T(
            N_(
                "Cube, on the same games: no double {0} \u00b1 {1}; double, take {2} \u00b1 "
                "{3}; double, pass {4}."
            ),
            format_signed(nd),
            standard_error(result.no_double_se),
            format_signed(dt),
            standard_error(dt_se),
            format_signed(dp),
        )
        # the difference that decides, and how well these games know it
        doubled, se = (dt, result.difference_se) if result.take else (dp, result.no_double_se)
        close = abs(doubled - nd) < 2 * se or abs(dt - dp) < 2 * dt_se
    parts = [rollout_text(player, result, taker, total), lines, T(right)]
    if close:  # (on the verdict's line)
        parts[-1] = T("{0} {1}", parts[-1], close_text(more))
    # a line each: the chances, the cube's lines, the verdict
    return T("\n".join(f"{{{i}}}" for i in range(len(parts))), *parts)


def plays_rollout_text(
    plays: Sequence[str],
    result: PlaysRolloutResult,
    total: int,
    match: bool = False,
    values: Sequence[float] = (),
    more: str = "more",
) -> T:
    """The figures of plays rolled out side by side (as the hint writes them; not by their
    numbers, which the rollout's figures change in the list): each play's equity (cubeful in a
    money game with the cube, as the hint's) and, but for the best by the rollout, how far it
    is behind that one; the best named, and said to be close when another is within two
    standard errors of it. In a ``match`` (cubeless equities) the list's values (``values``, in
    the order of ``plays``) are the match equity of the chances: each play's line gives that
    value, as the list does, and its cubeless equity beside it; the best is the one the list
    puts first, and the best by the cubeless equities, when another, is named as such (the
    text named it alone, and contradicted the list at a score where the two differ: found by a
    tester). A close call says how more games are played (``more``, as ``close_text``)."""
    valued = match and not result.cubeful and len(values) == len(plays)
    head = T(
        N_("Rollout of {0} plays, {1} of {2} games each, on the same dice, cubeful equities:")
        if result.cubeful
        else N_("Rollout of {0} plays, {1} of {2} games each, on the same dice, at this score:")
        if valued
        else N_(
            "Rollout of {0} plays, {1} of {2} games each, on the same dice, cubeless equities:"
        ),
        len(plays),
        format_number(result.games, 0),
        format_number(total, 0),
    )
    lines: list[T] = [head]
    for k, label in enumerate(plays):
        equity = (format_signed(result.equities[k]), standard_error(result.equity_ses[k]))
        if valued:  # the list's value first, as the list shows it (the text's cubeless figures
            # and their differences stood beside other ones in the list: found by a tester)
            lines.append(
                T(
                    N_("{0}: {1} at this score (cubeless {2} \u00b1 {3})"),
                    label,
                    format_signed(values[k]),
                    *equity,
                )
            )
        elif k == result.best:
            lines.append(T("{0}: {1} \u00b1 {2}", label, *equity))
        else:
            lines.append(
                T(
                    N_("{0}: {1} \u00b1 {2} (diff. {3} \u00b1 {4})"),
                    label,
                    *equity,
                    format_number(result.behind[k], 3),
                    standard_error(result.behind_ses[k]),
                )
            )
    best = max(range(len(plays)), key=lambda k: values[k]) if valued else result.best
    if best == result.best:
        lines.append(T(N_("Best by the rollout: {0}."), plays[best]))
    else:
        lines.append(
            T(
                N_(
                    "Best by the rollout at this score: {0} (by the cubeless equities alone, "
                    "which leave the score aside: {1})."
                ),
                plays[best],
                plays[result.best],
            )
        )
    close = any(
        k != result.best and result.behind[k] < 2 * result.behind_ses[k] for k in range(len(plays))
    )
    if close:
        lines.append(close_text(more))
    if match and not result.cubeful:
        lines.append(
            T(
                N_(
                    "In the list, each of these plays is valued by the match equity of the "
                    "chances its games gave."
                )
            )
        )
    return T("\n".join(f"{{{i}}}" for i in range(len(lines))), *lines)


def _kind(target: RolloutTarget | None) -> str:
    """What a rollout of ``target`` rolls out: "plays", "cube" or "chances" ("" for none)."""
    if target is None:
        return ""
    return "plays" if target.plays else "cube" if target.cube is not None else "chances"


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
        self,
        coach: Coach,
        judges: Judges,
        games: int = GAMES,
        workers: int | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._coach = coach
        self._judges = judges
        self._games = games
        # the processes (None: ``rollout_workers()`` at the first rollout, so that the window
        # does not load the AI's modules when it opens)
        self._workers = workers
        self._work = Background(self)
        self._work.busyChanged.connect(self.changed)
        self._progress = _Progress(self)
        self._progress.reached.connect(self._on_progress)
        self._job = 0  # the run whose figures are shown; older ones' are dropped
        self._moment: tuple[Any, ...] | None = None
        self._note = T("")  # while nothing has come: "Rolling out ...", or what went wrong
        # the figures so far (shown in the language)
        self._result: Figures | None = None
        self._total = games  # the games the rollout under way (or the last) goes to
        self._player = 0  # whose figures the text gives ...
        self._taker = False  # ... and whether that player answers the other's double
        # the plays rolled out: their numbers in the hint, as it writes them, their results
        self._plays: tuple[tuple[int, str, Position], ...] = ()
        self._kind = ""  # what was rolled out: "plays", "cube" or "chances" (``_kind``)
        self._match = False  # ... and whether in a match
        self._match_cube: Any = None  # a match's cube decision rolled out (``match_cube_text``)
        self._position: Position | None = None  # the position rolled out
        coach.changed.connect(self._follow)

    @Slot()
    def start(self) -> None:
        """Roll out the decision the hint shows (nothing when there is none): the first plays of
        a roll side by side, both lines of a money game's cube decision, else the chances."""
        target = self._coach.rollout_target()
        if not self._may_start(target):
            return
        assert target is not None
        offer = self._offer(target)
        resume = self._result if offer != "start" else None
        if offer == "more":
            self._total += self._games
        elif offer == "start":
            self._total = self._games
            self._result = None
            self._note = T(N_("Rolling out {0} games\u2026"), format_number(self._total, 0))
        self._job += 1
        if self._workers is None:
            self._workers = rollout_workers()
        job, games, progress, workers = self._job, self._total, self._progress, self._workers
        position, cube, plays = target.position, target.cube, target.plays
        self._moment, self._kind = target.moment, _kind(target)

        def roll_out(cancel: threading.Event) -> tuple[int, object]:
            from ai.evaluator import NetEvaluator
            from ai.rollout import RolloutSettings, cube_rollout, plays_rollout, rollout
            from ai.search import Cancelled

            def report(_done: int, _total: int, so_far: object) -> None:
                if cancel.is_set():
                    raise Cancelled()
                progress.reached.emit(job, so_far)

            def poll() -> None:
                if cancel.is_set():
                    raise Cancelled()

            evaluator = self._judges.player().evaluator
            if not isinstance(evaluator, NetEvaluator):
                raise TypeError("the computer's networks are not loaded")
            # processes of their own are started afresh (spawn): this one has threads
            how: dict[str, Any] = dict(
                workers=workers,
                evaluator=evaluator,
                progress=report,
                start_method="spawn",
                poll=poll,
                resume=resume,  # the games played before it stopped, or to its end
            )
            settings = RolloutSettings(games=games, variance_reduction=False)
            cubed = settings
            if cube is not None:
                cubed = replace(settings, cubeful=True, cube=cube.cube, owner=cube.owner)
            if plays:  # cubeful in a money game with the cube, as the hint values them
                results = [result for _number, _label, result in plays]
                return job, plays_rollout(results, cubed, **how)
            if cube is not None:
                return job, cube_rollout(position, cubed, **how)
            return job, rollout(position, settings, **how)

        def finished(answer: tuple[int, object]) -> None:
            number, result = answer
            if number == self._job:
                self._show(result)  # type: ignore[arg-type]
                self._coach.hold_order(False)

        def failed(message: str) -> None:
            self._coach.hold_order(False)
            self._result = None
            self._note = T(N_("The rollout could not be made: {0}"), message)
            self.changed.emit()

        self._player, self._taker, self._match = target.player, target.taker, target.match
        self._match_cube, self._position = target.match_cube, position
        self._plays = plays
        if plays:  # the list's lines stay where they are until it stops
            self._coach.hold_order(True)
        self._work.run(roll_out, finished, failed)
        self.changed.emit()

    @Slot()
    def stop(self) -> None:
        """Stop the rollout under way; the figures so far stay on show."""
        self._work.cancel()
        self._coach.hold_order(False)
        if self._result is None:  # stopped before the first figures: nothing to say
            self._note = T("")
        self.changed.emit()

    def shutdown(self) -> None:
        self._work.cancel()

    def _show(self, result: Figures) -> None:
        """Figures so far; those of plays go to the hint's list too."""
        from ai.rollout import PlaysRolloutResult

        self._result = result
        if isinstance(result, PlaysRolloutResult):
            rolled = tuple(after for _number, _label, after in self._plays)
            self._coach.show_rollout(self._moment, rolled, result)
        self.changed.emit()

    def _done(self) -> int:
        """The games of the figures on show."""
        return self._result.games if self._result is not None else 0

    @Slot(int, object)
    def _on_progress(self, job: int, so_far: Figures) -> None:
        if job == self._job and self._work.busy:
            self._show(so_far)

    @Slot()
    def _follow(self) -> None:
        """The hint moved on to another decision, closed, or answers another question of the
        same decision (the chances after the cube action, say): its rollout stops and goes."""
        asked = _kind(self._coach.rollout_target())
        moved = self._coach.shown_moment() != self._moment
        if self._moment is not None and (moved or asked != self._kind):
            self._work.cancel()
            self._job += 1
            self._moment = None
            self._note = T("")
            self._result = None
        self.changed.emit()

    def _render(self) -> str:
        names = self._coach.player_names()
        if self._result is None:
            return self._note.render(names)
        # made now, so that the numbers too are written the way the language writes them
        from ai.rollout import CubeRolloutResult, PlaysRolloutResult

        total = self._total
        # what the rollout button offers now, as it says it (see HintPanel.qml)
        target = self._coach.rollout_target()
        more = (
            "running" if self._work.busy else self._offer(target) if self._may_start(target) else ""
        )
        if isinstance(self._result, PlaysRolloutResult):
            labels = [label for _number, label, _result in self._plays]
            values = self._coach.rolled.values_of([after for _n, _l, after in self._plays])
            text = plays_rollout_text(labels, self._result, total, self._match, values, more=more)
        elif isinstance(self._result, CubeRolloutResult):
            text = cube_rollout_text(self._player, self._result, self._taker, total, more=more)
        else:
            text = rollout_text(self._player, self._result, self._taker, total)
            if self._match_cube is not None and self._position is not None:
                verdict = match_cube_text(
                    self._position, self._result.outputs, self._match_cube, self._taker
                )
                text = T("{0}\n{1}", text, verdict)
        if not self._work.busy and self._done() >= MOST * self._games:  # why no button is left
            most = T(N_("{0} games are the most a rollout plays here."), format_number(total, 0))
            text = T("{0}\n{1}", text, most)
        return text.render(names)

    def _offer(self, target: RolloutTarget | None) -> str:
        """What "Roll out" does for ``target`` now: "start" anew, "resume" the rollout stopped
        before its end, or go on to "more" games after its end (the same decision, question
        and plays as the figures on show)."""
        if target is None or self._result is None or self._work.busy:
            return "start"
        same = target.moment == self._moment and _kind(target) == self._kind
        if not (same and target.plays == self._plays):
            return "start"
        return "resume" if self._done() < self._total else "more"

    def _may_start(self, target: RolloutTarget | None) -> bool:
        """A position to roll out, not rolled out to the most games already."""
        if target is None:
            return False
        return not (
            self._offer(target) == "more" and self._total + self._games > MOST * self._games
        )

    available = Property(bool, lambda s: s._may_start(s._coach.rollout_target()), notify=changed)
    offer = Property(str, lambda s: s._offer(s._coach.rollout_target()), notify=changed)
    running = Property(bool, lambda s: s._work.busy, notify=changed)
    progress = Property(float, lambda s: s._done() / s._total, notify=changed)
    text = Property(str, _render, notify=changed)
