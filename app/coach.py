"""The hint of the window: the best plays, the cube action and the chances.

``Coach.hint()`` asks for whatever the player to act decides now: with the dice rolled, the best
plays of the roll as the match analysis and the tutor judge them (``ai.hint.analysed_plays``:
their order, equity, loss against the best, win / gammon / backgammon chances, the very values
the tutor and the analysis give a play made); before rolling, the cube action (no double,
double-take, double-pass) when the player may double, else the chances; while a double is
offered, take or pass. ``Coach.chances()`` shows the winning and gammon chances of the player
to act. The work runs in a worker thread (``app.background``); the panel below the board shows
it, and a play's line, clicked, shows that play as arrows on the board (the turn's moves made so
far are taken back first, so that the arrows start where the checkers stand). A rollout of the
plays (``app.rollout_view``) values the plays it rolls out in the list as its figures come, and
the list takes its order from those values (``ai.hint.with_rollout``) when the rollout stops,
as GNU Backgammon's does (while it runs, the lines keep their places under the pointer); a play
keeps the figures of its last rollout while the panel shows the same decision.

The panel belongs to one decision: when the game moves on (a roll, a play, a new game), it
closes. Any player to act gets hints: the person against the computer, both players of a game
for two.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Property, QObject, Signal, Slot
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

from app import match_texts
from app.background import Background
from app.computer_turn import cube_state
from app.i18n import format_number, format_percent, format_signed
from app.session import Session, to_location
from app.texts import N_, P, T, _
from engine import EngineError, Match, Position
from engine.moves import checker_moves, legal_plays

if TYPE_CHECKING:
    from ai.analysis import Analyser
    from ai.hint import CubeHint, HintPlay, RolledPlay
    from ai.player import ComputerPlayer
    from ai.rollout import PlaysRolloutResult
    from app.game_flow import GameFlow

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1

ROLLED_OUT_PLAYS = 3  # the hint's first plays a rollout plays out side by side
ARROW_COLOUR = "#f0ffcf3a"  # the hinted play: bright, above the soft marks of the last play


class Judges:
    """The Expert player (hints) and the analyser (tutor), made on first use in a worker thread:
    loading the networks takes a moment, and a failure is reported where it is asked for."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._player: ComputerPlayer | None = None
        self._analyser: Analyser | None = None

    def player(self) -> ComputerPlayer:
        with self._lock:
            if self._player is None:
                from ai.player import ComputerPlayer

                self._player = ComputerPlayer("expert")
            return self._player

    def analyser(self) -> Analyser:
        """The analysis's own judge, with its 2-ply check of close calls (see ``ai.analysis``),
        so that the tutor never marks the Expert's choice."""
        with self._lock:
            if self._analyser is None:
                from ai.analysis import Analyser

                self._analyser = Analyser(deep=True)
            return self._analyser


@dataclass(frozen=True)
class Answer:
    """What one hint found: ``kind`` "plays", "cube", "answer" or "chances"."""

    kind: str
    player: int  # who decides (the taker while a double is offered)
    dice: tuple[int, int] | None = None
    plays: tuple[HintPlay, ...] = ()
    cube: CubeHint | None = None
    outputs: tuple[float, ...] = ()  # the chances of ``player`` ("chances")
    note: T = T("")
    made: Position | None = None  # in a review, the result of the play made ("plays")
    tried: bool = False  # ``made`` is the play the tutor held back: the person's, not made
    # in a review, the cube action made ("no double", "double", "take", "pass": "cube", "answer")
    cube_made: str | None = None
    # the plays' scale as a function of a play's chances (``ai.hint.plays_scale``, "plays")
    scale: Any = None


@dataclass(frozen=True)
class RolloutTarget:
    """What a rollout of the hint's decision rolls out (``Coach.rollout_target``)."""

    moment: tuple[Any, ...]
    position: Position  # its player on roll about to roll (the doubler)
    player: int  # whose figures are shown ...
    taker: bool  # ... and whether that player answers the other's double
    # the cube (``ai.cube.CubeState``, from the view of the player on roll) of a money game
    # with the cube in play: of its cube decision, or of the plays' player
    cube: Any = None
    # plays of a roll: their numbers in the hint, as it writes them, and their results
    plays: tuple[tuple[int, str, Position], ...] = ()
    match: bool = False  # a match's decision (the hint values plays by their match equity)
    # the cube and score (``ai.cube.CubeState``, player on roll) of a match's cube decision: its
    # rollout is cubeless, and the cube model judges the decision by the chances it gives
    match_cube: Any = None


def _made(position: Position, dice: Any, made: str | None) -> Position | None:
    """In the review, the result of the play made from ``position`` with ``dice`` (its next
    player on roll, as the plays' results have it), from ``made``, the Position ID after it;
    None without one or when it is not a legal play's."""
    if not made:
        return None
    try:
        after = Position.from_position_id(made)
    except EngineError:
        return None
    results = {play.result for play in legal_plays(position, dice)}
    # the play that ends the game leaves the board seen from its player
    return next((p for p in (after, after.swapped()) if p in results), None)


def _money_cube(session: Session) -> Any:
    """The cube of a money game with the cube in play, seen from the player on roll (None in a
    match or without the cube: rollouts are cubeless there)."""
    state = cube_state(session)
    return None if state.is_match or not state.cube_enabled else state


def chances_text(player: int, outputs: tuple[float, ...]) -> T:
    """``player`` wins ... (gammon, backgammon) and loses ... (gammon, backgammon)."""
    w, wg, wbg, lg, lbg = outputs
    return T(
        N_("{0} wins {1} (gammon {2}, backgammon {3}) and loses {4} (gammon {5}, backgammon {6})."),
        P(player),
        *(format_percent(v, 1) for v in (w, wg, wbg, 1.0 - w, lg, lbg)),
    )


NOT_A_CHOICE = "\u2013"  # the loss of a line no one chooses: the opponent answers the double


def _row(label: str, equity: float, loss: float | None, best: bool, outputs=()) -> dict[str, Any]:
    shown = [format_percent(v, 1) for v in outputs[:3]] if outputs else ["", "", ""]
    return {
        "label": label,
        "equity": format_signed(equity),
        "loss": NOT_A_CHOICE if loss is None else format_number(loss, 3),
        "win": shown[0],
        "gammon": shown[1],
        "backgammon": shown[2],
        "best": best,
        "rank": "",  # a play's place in the ranking ("1. "), as the list writes it
        "equityValue": equity,
        "lossValue": 0.0 if loss is None else loss,
    }


def line_label(line: HintPlay, made: Position | None, tried: bool = False) -> T:
    """A play as the hint's list writes it: in a review, the play made (``made``, its result)
    says so, as does the play the tutor held back (``tried``), and a play valued by a rollout
    says that."""
    play = line.play
    if made is not None and play.result == made and tried:
        return T(N_("{0} (yours; rollout)") if line.games else N_("{0} (yours)"), str(play))
    if made is not None and play.result == made:
        return T(N_("{0} (played; rollout)") if line.games else N_("{0} (played)"), str(play))
    return T(N_("{0} (rollout)"), str(play)) if line.games else T("{0}", str(play))


def play_arrows(player: int, play: Any) -> list[dict[str, Any]]:
    """The arrows of ``play`` by ``player`` on the board: one a checker, as the play is written
    (8/5 of 1-1 was three arrows zigzagging over the bar: found by a tester)."""
    steps = [(st.src, st.dst, st.hit) for st in play.steps]
    return [
        {
            "from": to_location(player, src),
            "to": to_location(player, dst),
            "color": ARROW_COLOUR,
            "hit": hit,
        }
        for src, dst, hit in checker_moves(steps)
    ]


def play_rows(a: Answer, lines: Sequence[HintPlay], names: Sequence[str]) -> list[dict[str, Any]]:
    """The hint's plays as its list shows them (``lines``: in the list's order), each ranked
    ("1. "); the play made, listed below the ranked plays, is not the next best and has no rank
    (it was numbered 6 under the fifth, and lost 0.28 where the fifth lost 0.06: a tester)."""
    from ai.hint import SHOWN_PLAYS  # (the plays the ranking lists: the play made comes after)

    best = max(range(len(lines)), key=lambda k: lines[k].equity, default=0)
    unranked = {h.play.result for h in a.plays[SHOWN_PLAYS:]}
    rows, rank = [], 0
    for i, h in enumerate(lines):
        label = line_label(h, a.made, a.tried).render(names)
        row = _row(label, h.equity, h.loss, i == best, h.outputs)
        if h.play.result not in unranked:
            rank += 1
            row["rank"] = f"{rank}. "
        rows.append(row)
    return rows


def plays_to_roll_out(a: Answer, chosen: Position | None) -> tuple[tuple[int, str, Position], ...]:
    """The plays a rollout of the hint's plays rolls out (their numbers in the hint, labels and
    results): the first ``ROLLED_OUT_PLAYS``, the last of them replaced by the play ``chosen``
    in the list when that comes later, else in a review by the play made when that does."""
    picked = list(range(min(ROLLED_OUT_PLAYS, len(a.plays))))
    results = [h.play.result for h in a.plays]  # (the hint's order, not the list's)
    made = results.index(a.made) if a.made in results else -1
    chosen_at = results.index(chosen) if chosen in results else -1
    if chosen_at > picked[-1]:
        picked[-1] = chosen_at
    elif made > picked[-1]:  # in a review, the play made against the best
        picked[-1] = made
    return tuple((k + 1, str(a.plays[k].play), results[k]) for k in picked)


def _made_label(label: str, made: bool) -> str:
    """A cube action's label; in a review, the action made says so (the answer taken was
    not marked, as the play made is: a tester)."""
    return T(N_("{0} (chosen)"), label).render(()) if made else label


def cube_rows(cube: CubeHint, made: str | None = None) -> list[dict[str, Any]]:
    """No double, double-take, double-pass for the doubler: equities, and the loss of not
    doubling and of doubling (on the row of the opponent's right answer) against the right one;
    the other answer's row has a dash there (its cell was empty, and read as a value missing).
    ``made``, in a review, the action made ("double", "no double"): a double is marked on the
    row that carries its loss."""
    d = cube.decision
    doubled = min(d.double_take, d.double_pass)
    right = max(d.no_double, doubled) if d.may_double else d.no_double
    answer_take = d.take
    return [
        _row(
            _made_label(_("No double"), made == "no double"),
            d.no_double,
            right - d.no_double,
            not d.double,
        ),
        _row(
            _made_label(_("Double, take"), made == "double" and answer_take),
            d.double_take,
            right - doubled if answer_take else None,
            d.double and answer_take,
        ),
        _row(
            _made_label(_("Double, pass"), made == "double" and not answer_take),
            d.double_pass,
            None if answer_take else right - doubled,
            d.double and not answer_take,
        ),
    ]


def answer_rows(cube: CubeHint, made: str | None = None) -> list[dict[str, Any]]:
    """Take and pass for the player offered the double (the doubler's values negated); in a
    review the answer ``made`` ("take", "pass") says so."""
    d = cube.decision
    take, drop = -d.double_take, -d.double_pass
    best = max(take, drop)
    return [
        _row(_made_label(_("Take"), made == "take"), take, best - take, d.take),
        _row(_made_label(_("Pass"), made == "pass"), drop, best - drop, not d.take),
    ]


def answer_title(a: Answer) -> T:
    """The hint panel's title for what it shows."""
    if a.kind == "plays" and a.dice:
        d1, d2 = match_texts.ordered(a.dice)
        return T(N_("Best plays for {0} with {1}-{2}"), P(a.player), d1, d2)
    if a.kind == "cube":
        return T(N_("Cube action for {0} before rolling"), P(a.player))
    if a.kind == "answer":
        return T(N_("Take or pass for {0}"), P(a.player))
    return T(N_("Winning chances of {0}"), P(a.player))


def right_action(taker: bool, double: bool, take: bool, too_good: bool, even: bool = False) -> str:
    """The right cube action as a verdict says it: the taker's answer (``even``: take and pass
    are worth the same as shown, where "Right: pass" stood under two equal values: a tester),
    else the doubler's action (``too_good``: no double, playing on wins more than a pass)."""
    if taker:
        if even:
            return N_("Take and pass are worth the same here: either is right.")
        return N_("Right: take.") if take else N_("Right: pass.")
    if double:
        return N_("Right: double, take.") if take else N_("Right: double, pass.")
    if too_good:
        return N_("Right: too good to double, play on for a gammon.")
    return N_("Right: no double.")


def cube_verdict(cube: CubeHint) -> T:
    d = cube.decision
    return T(right_action(False, d.double, d.take, d.too_good))


class RolledLines:
    """The figures rollouts gave plays of the decision the hint shows, by the plays' results
    (``figures``: each one's last rollout's); ``held``: while a rollout of the plays runs, the
    order the list had when it started (the lines keep their places under the pointer, and take
    the rollout's order when it stops); ``kept``: the figures of the decision the panel last
    closed on, with it (the tutor's "Show the best play" shows the list again with them: the
    tutor judged by them)."""

    def __init__(self) -> None:
        self.figures: dict[Position, RolledPlay] = {}
        self.held: tuple[Position, ...] = ()
        self.kept: tuple[tuple[Any, ...] | None, dict[Position, RolledPlay]] = (None, {})

    def clear(self) -> None:
        self.figures, self.held = {}, ()

    def keep(self, moment: tuple[Any, ...] | None) -> None:
        """The panel closes on ``moment``: its figures are kept (a second close keeps what the
        first kept) and cleared."""
        if self.figures:
            self.kept = (moment, self.figures)
        self.clear()

    def restore(self, moment: tuple[Any, ...] | None) -> None:
        """The panel shows ``moment`` again: the figures kept of it come back."""
        kept, figures = self.kept
        if kept == moment:
            self.figures = dict(figures)

    def lines(self, plays: Sequence[HintPlay]) -> list[HintPlay]:
        if not self.figures:
            return list(plays)
        from ai.hint import with_rollout

        return with_rollout(plays, self.figures, self.held)

    def values_of(self, results: Sequence[Position]) -> list[float]:
        """The list's values of plays rolled out, by their ``results`` (none when one of them
        has no figures on show)."""
        if not all(r in self.figures for r in results):
            return []
        return [self.figures[r].value for r in results]

    def values(self, moment: tuple[Any, ...], shown: bool) -> dict[Position, float]:
        """The values of plays of ``moment``: those on show when the panel ``shown`` is of it,
        else those kept of it."""
        kept, rolled = (moment, self.figures) if shown else self.kept
        return {result: f.value for result, f in rolled.items()} if kept == moment else {}


@QmlElement
@QmlSingleton
class Coach(QObject):
    """The hint panel: ``hint()``, ``chances()``, ``showLine(i)``, ``close()``; what it shows."""

    changed = Signal()

    @staticmethod
    def create(engine: QQmlEngine) -> Coach:
        from app.parts import part_of

        return part_of(engine, Coach)

    def __init__(self, flow: GameFlow, judges: Judges, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._flow = flow
        self._judges = judges
        self._work = Background(self)
        self._work.busyChanged.connect(self.changed)
        self._open = False
        self._moment: tuple[Any, ...] | None = None  # the decision the panel is about
        self._answer: Answer | None = None
        self._problem = T("")
        self._chosen: Position | None = None  # the result of the play chosen in the list
        # chosen by the person (a click, the keys, a play preferred): it stays as a rollout
        # reorders the list; by default the list's first (not the play once first: a tester)
        self._picked = False
        self._prefer: Position | None = None  # the play to select when the hint comes
        self.rolled = RolledLines()  # (read by the rollouts' view)
        # the moment under review set up as a session of its own: (its key, the session)
        self._review: tuple[tuple[Any, ...], Session | None] | None = None
        flow.installed.connect(self.close)
        flow.view.changed.connect(self._follow)

    # -- asking -----------------------------------------------------------------------------------
    def _session(self) -> Session | None:
        """The session when a person decides now (the board shows the game, nothing runs), or
        in the review the moment on show, whoever decides there."""
        flow, s = self._flow, self._flow.session
        if s is None or s.match.game is None or flow.busy:
            return None
        if flow.history.reviewing:
            return self._reviewed(s)
        if s.phase not in _PHASES:
            return None
        return s if flow.human(_decider(s)) else None

    def _reviewed(self, s: Session) -> Session | None:
        """The moment under review as a session of its own, set up by the engine from its IDs
        (a teacher asks the hint of any position of the match); None where nothing is decided
        (a game's end)."""
        moment = self._flow.history.moment()
        if moment is None:
            return None
        key = (s.token, moment.action, moment.ids)
        if self._review is None or self._review[0] != key:
            try:
                match = Match.from_ids(
                    *moment.ids,
                    cube=s.match.cube_enabled,
                    crawford=s.match.crawford_enabled,
                    seed=0,
                )
                self._review = (key, Session.for_match(match, names=s.settings.names))
            except EngineError:
                self._review = (key, None)
        reviewed = self._review[1]
        return reviewed if reviewed is not None and reviewed.phase in _PHASES else None

    @staticmethod
    def moment(s: Session) -> tuple[Any, ...]:
        """The decision being made: the same until the game moves on."""
        if s.match.game is None:
            return (s.token, s.game_number)
        return (s.token, s.game_number, len(s.match.history), s.phase, s.on_roll)

    @Slot()
    def hint(self) -> None:
        """Show the hint for the decision now, or close it when it is on show."""
        s = self._session()
        if s is None:
            return
        if self._open and self._moment == self.moment(s) and self._kind() != "chances":
            self.close()
            return
        self.show_hint(s)

    def show_hint(
        self,
        s: Session,
        prefer: Position | None = None,
        rolled: bool = False,
        tried: Position | None = None,
    ) -> None:
        """Work out the hint for ``s`` (``prefer``: the play to select, if it is listed, as the
        tutor shows the best play it named; ``rolled``: with the figures of a rollout of the
        same decision the panel showed before it closed, as the tutor judged by them;
        ``tried``: the result of the play the tutor held back, listed as the person's)."""
        judges, player = self._judges, _decider(s)
        position, state, dice = s.position, cube_state(s), s.dice
        self._prefer = prefer
        if s.phase == "move" and dice is not None:
            history = self._flow.history
            made_id = history.made() if history.reviewing else None
            self._start(s, _plays_work(judges, s, made_id, tried))
            if rolled:
                self.rolled.restore(self._moment)
        elif s.phase == "roll" and not s.may_double():
            refusal = T(match_texts.double_refusal(s.double_refusal()))
            self._start(s, lambda c: _chances(judges, position, state, player, True, c, refusal))
        else:
            history = self._flow.history
            made = history.cube_made() if history.reviewing else None
            self._start(s, _cube_work(judges, s, made))

    @Slot()
    def chances(self) -> None:
        """Show the winning and gammon chances of the player to act (after the best play of the
        roll when the dice are rolled)."""
        s = self._session()
        if s is None:
            return
        position, state, player, dice = s.position, cube_state(s), _decider(s), s.dice
        judges, mine = self._judges, player == s.on_roll
        if s.phase == "move" and dice is not None:
            from ai.hint import analysed_plays

            judged = _judged_state(s)

            def after_best(cancel: threading.Event) -> Answer:
                found = analysed_plays(judges.analyser(), position, dice, judged, cancel, count=1)
                if not found:  # no legal move: the chances before the roll
                    return _chances(judges, position, state, player, True, cancel)
                return Answer("chances", player, dice, tuple(found), outputs=found[0].outputs)

            self._start(s, after_best)
            return
        self._start(s, lambda c: _chances(judges, position, state, player, mine, c))

    def _start(self, s: Session, call: Any) -> None:
        if self._moment != self.moment(s):  # (the same decision's answer stays until the new)
            self._answer = None
            self._chosen = None
            self._picked = False
        self.rolled.clear()  # (another question: its rollouts go, see ``app.rollout_view``)
        self._open = True
        self._moment = self.moment(s)
        self._problem = T("")
        self._work.run(call, self._on_answer, self._on_failed)
        self.changed.emit()

    def _on_answer(self, answer: Answer) -> None:
        self._answer = answer
        self._chosen = None
        self._picked = False
        s = self._session()
        untouched = s is not None and s.turn is not None and not s.turn.steps
        if answer.kind == "plays" and answer.plays and untouched:
            results = [h.play.result for h in answer.plays]
            self._chosen = self._prefer if self._prefer in results else results[0]
            self._picked = self._prefer in results
        self.changed.emit()

    def _on_failed(self, message: str) -> None:
        self._problem = T(N_("The hint could not be worked out: {0}"), message)
        self.changed.emit()

    # -- the panel --------------------------------------------------------------------------------
    @Slot(int)
    def showLine(self, index: int) -> None:  # noqa: N802
        """Show the play of line ``index`` on the board (taking back the moves made so far)."""
        lines = self._lines()
        if not 0 <= index < len(lines):
            return
        s = self._session()
        if s is None or s.turn is None:
            return
        for _step in s.turn.steps:  # the arrows start where the checkers stood
            self._flow.undo()
        self._chosen = lines[index].play.result
        self._picked = True
        self.changed.emit()

    def _own_turn(self) -> Session | None:
        """The game's session when the hint's decision is the person's turn in the game now
        (``_session`` is the game's own only where a person decides now, not in a review)."""
        s, flow = self._session(), self._flow
        if s is None or s is not flow.session or s.turn is None or self._moment != self.moment(s):
            return None
        return s

    def _playable(self) -> bool:
        """Whether a line double-clicked would play something the player has not (``playLine``):
        the game's own turn, with a choice of plays (after a forced move played for the player
        the hint offered to play it)."""
        s = self._own_turn()
        return s is not None and len(s.turn.plays) > 1

    @Slot(int)
    def playLine(self, index: int) -> None:  # noqa: N802
        """Play the play of line ``index`` for the person to move (a line double-clicked; in
        the game, not in a review): the turn then ends as one played by hand does (at once,
        or with Done when that is set), and Undo takes it back."""
        from app.game_flow import HINTED_TEXT

        lines, s = self._lines(), self._own_turn()
        if not 0 <= index < len(lines) or s is None:
            return
        own = next((p for p in s.turn.plays if p.result == lines[index].play.result), None)
        if own is not None:
            self._flow.play_for_player(own, HINTED_TEXT)

    @Slot()
    def close(self) -> None:
        self._work.cancel()
        self.rolled.keep(self._moment)
        self._open = False
        self._moment = None
        self._answer = None
        self._problem = T("")
        self._chosen = None
        self._picked = False
        self.changed.emit()

    def show_rollout(
        self,
        moment: tuple[Any, ...] | None,
        results: tuple[Position, ...],
        figures: PlaysRolloutResult,
    ) -> None:
        """The figures so far of a rollout of plays of the decision ``moment`` (the plays'
        results in their order): the list values those plays by them from now on."""
        a = self._answer
        if a is None or a.kind != "plays" or a.scale is None or moment != self._moment:
            return  # (another decision's)
        from ai.hint import rolled_plays

        self.rolled.figures.update(rolled_plays(results, figures, a.scale))
        self.changed.emit()

    def hold_order(self, held: bool) -> None:
        """Keep the list's lines where they are while a rollout of its plays runs (``held``),
        or let them take their order from their values again."""
        lines = self._lines() if held else []
        self.rolled.held = tuple(h.play.result for h in lines if h.play.result)
        self.changed.emit()

    def rolled_values(self, s: Session) -> dict[Position, float]:
        """The values a rollout gave plays of the roll now being played (by their results, on
        the hint's scale), which the hint's list shows or showed before it closed on this
        decision; none otherwise."""
        a, moment = self._answer, self.moment(s)
        shown = self._open and a is not None and a.kind == "plays" and self._moment == moment
        return self.rolled.values(moment, shown)

    def shutdown(self) -> None:
        self._work.cancel()

    @Slot()
    def _follow(self) -> None:
        """The game changed, or the review moved: the panel of another decision closes."""
        s = self._session()
        if self._open and (s is None or self._moment != self.moment(s)):
            self.close()
        else:
            self.changed.emit()  # what may be asked, and whether the arrows fit the board

    def rollout_target(self) -> RolloutTarget | None:
        """What a rollout of the hint's decision would roll out: before the roll (the chances,
        the cube action, take or pass) its position, with the cube of a money game when the
        decision is the cube's, so that both its lines can be rolled out; with the dice rolled
        the first ``ROLLED_OUT_PLAYS`` plays of the hint (two at least), the last of them
        replaced by the play chosen in the list when that comes later, else in a review by the
        play made when that does. None otherwise."""
        a, s = self._answer, self._session()
        if not self._open or a is None or s is None or self._moment != self.moment(s):
            return None
        if a.kind == "plays" and s.phase == "move":
            if len(a.plays) < 2:
                return None
            # (a play the person chose; the first line by default is not one)
            plays = plays_to_roll_out(a, self._chosen if self._picked else None)
            cube, match = _money_cube(s), s.match.length > 0
            return RolloutTarget(
                self._moment, s.position, a.player, False, cube, plays=plays, match=match
            )
        if s.phase not in ("roll", "double") or a.kind == "plays" or a.plays:
            return None
        decided = a.cube is not None and a.cube.decision.may_double
        cube = _money_cube(s) if decided else None
        state = cube_state(s) if decided and s.match.length > 0 else None
        taker = a.player != s.on_roll
        return RolloutTarget(self._moment, s.position, a.player, taker, cube, match_cube=state)

    def shown_moment(self) -> tuple[Any, ...] | None:
        """The decision the panel shows (None when it is closed)."""
        return self._moment if self._open else None

    # -- what QML reads ---------------------------------------------------------------------------
    def _kind(self) -> str:
        return self._answer.kind if self._answer is not None else ""

    def _lines(self) -> list[HintPlay]:
        """The plays as the list shows them: the hint's, those of the rollout on show valued by
        it, highest first (none when the answer is not the plays')."""
        a = self._answer
        if a is None or a.kind != "plays":
            return []
        return self.rolled.lines(a.plays)

    def _chosen_play(self) -> Position | None:
        """The result of the play chosen: the person's, else the list's first line."""
        if self._chosen is None or self._picked:
            return self._chosen
        lines = self._lines()
        return lines[0].play.result if lines else self._chosen

    def _selected(self) -> int:
        """The line of the play chosen (-1: none)."""
        results = [h.play.result for h in self._lines()]
        chosen = self._chosen_play()
        return results.index(chosen) if chosen in results else -1

    def player_names(self) -> list[str]:
        return self._flow.names()

    def _title(self) -> str:
        a = self._answer
        if a is None:
            return _("Hint") if self._problem.template else ""
        return answer_title(a).render(self.player_names())

    def _rows(self) -> list[dict[str, Any]]:
        a = self._answer
        if a is None:
            return []
        if a.kind == "plays":
            return play_rows(a, self._lines(), self.player_names())
        if a.cube is not None:
            if a.kind == "cube":
                return cube_rows(a.cube, a.cube_made)
            return answer_rows(a.cube, a.cube_made)
        return []

    def _summary(self) -> str:
        a, names = self._answer, self.player_names()
        if self._problem.template:
            return self._problem.render(names)
        if a is None:
            return ""
        if a.kind == "plays" and a.plays:
            lines = self._lines()
            said = summary(a, lines, self._selected(), self._playable())
        else:
            said = summary(a)
        return " ".join(p.render(names) for p in said)

    def _arrows(self) -> list[dict[str, Any]]:
        a, s = self._answer, self._session()
        lines, selected = self._lines(), self._selected()
        if a is None or selected < 0:
            return []
        if s is None or s.turn is None or s.turn.steps or self._moment != self.moment(s):
            return []  # the board does not show the position the play starts from
        return play_arrows(a.player, lines[selected].play)

    # on show once there is something to show (the board makes room once, not twice)
    visible = Property(
        bool,
        lambda s: s._open and (s._answer is not None or bool(s._problem.template)),
        notify=changed,
    )
    working = Property(bool, lambda s: s._open and s._work.busy, notify=changed)
    busy = Property(bool, lambda s: s._work.busy, notify=changed)
    available = Property(bool, lambda s: s._session() is not None, notify=changed)
    kind = Property(str, _kind, notify=changed)
    title = Property(str, _title, notify=changed)
    rows = Property("QVariantList", _rows, notify=changed)
    summary = Property(str, _summary, notify=changed)
    selected = Property(int, _selected, notify=changed)
    arrows = Property("QVariantList", _arrows, notify=changed)


_PHASES = ("roll", "move", "double")


def summary(
    a: Answer, lines: Sequence[HintPlay] = (), selected: int = -1, playable: bool = False
) -> list[T]:
    """What the hint says under its list of ``a``: the chances after the play shown (of
    ``lines``, the ``selected`` one or the first), and while none is chosen how to choose one
    (and, where a double-click would play something, ``playable``, how to play it); the
    chances of the position, or the cube's verdict with the chances."""
    parts: list[T] = [a.note] if a.note.template else []
    if a.kind == "plays" and lines:
        shown = lines[max(selected, 0)]
        after = T(N_("After {0}:"), str(shown.play))
        parts.append(T("{0} {1}", after, chances_text(a.player, shown.outputs)))
        if selected < 0 and playable:
            parts.append(T(N_("Click a play to see it on the board; double-click it to play it.")))
        elif selected < 0:  # a forced move played already, or a moment of the history
            parts.append(T(N_("Click a play to see it on the board.")))
    elif a.kind == "chances":
        if a.plays:
            parts.append(T(N_("After the best play, {0}:"), str(a.plays[0].play)))
        parts.append(chances_text(a.player, a.outputs))
    elif a.cube is not None:
        parts.append(cube_verdict(a.cube) if a.kind == "cube" else _answer_verdict(a.cube))
        outputs = a.cube.outputs
        parts.append(chances_text(a.player, flipped(outputs) if a.kind == "answer" else outputs))
    return parts


def _plays_work(
    judges: Judges, s: Session, made_id: str | None, tried: Position | None
) -> Callable[[threading.Event], Answer]:
    """The hint's work (in a worker thread) for the plays of the roll of ``s``: ranked as the
    analysis ranks them, the play made in a review (``made_id``, the Position ID after it) or
    the play the tutor held back (``tried``, its result) listed too."""
    from ai.hint import analysed_plays, plays_scale

    player, position, state, dice = _decider(s), s.position, cube_state(s), s.dice
    judged = _judged_state(s)

    def plays(cancel: threading.Event) -> Answer:
        # (the legal plays: in this thread)
        made = tried if tried is not None else _made(position, dice, made_id)
        analyser = judges.analyser()
        found = analysed_plays(analyser, position, dice, judged, cancel, also=made)
        note = _per_cube(state) if found else T(N_("No legal move: the turn passes."))
        scale = plays_scale(analyser, position, judged)
        return Answer(
            "plays",
            player,
            dice,
            tuple(found),
            note=note,
            made=made,
            tried=tried is not None,
            scale=scale,
        )

    return plays


def _cube_work(judges: Judges, s: Session, made: str | None) -> Callable[[threading.Event], Answer]:
    """The hint's work (in a worker thread) for the cube action or the answer to a double of
    ``s``; ``made``, in a review, the action made."""
    from ai.hint import cube_hint

    kind = "answer" if s.phase == "double" else "cube"
    player, position, state = _decider(s), s.position, cube_state(s)

    def cube(cancel: threading.Event) -> Answer:
        return Answer(
            kind,
            player,
            cube=cube_hint(judges.player(), position, state, cancel, kind == "answer"),
            note=_per_cube(state),
            cube_made=made,
        )

    return cube


def _per_cube(state: Any) -> T:
    """What the equities count with the cube above 1 (after a double taken they looked halved,
    with nothing to say why: found by a tester); nothing at 1. In a match where a game won at
    that cube wins it for either player, that ("a game won is worth 8 points" was said in a
    match to 5: a tester)."""
    cube = state.cube
    if cube <= 1:
        return T("")
    if state.match_length and cube >= max(state.away, state.opp_away):
        return T(
            N_(
                "Equities count a game won as 1, whatever the cube: it is at {0} now, and a game "
                "won wins the match for either player."
            ),
            cube,
        )
    return T(
        N_(
            "Equities count a game won as 1, whatever the cube: it is at {0} now, so a game won "
            "is worth {0} points."
        ),
        cube,
    )


def _decider(s: Session) -> int:
    """Who decides now: the player on roll, or the one offered a double."""
    return 1 - s.on_roll if s.phase == "double" else s.on_roll


def _judged_state(s: Session) -> Any:
    """The cube and score of the player on roll as the analysis judges them (its plays'
    values), read now: the worker must not read the match while the game goes on."""
    from ai.analysis import judged_state

    game = s.match.game
    assert game is not None
    return judged_state(s.match, game, s.on_roll)


def _chances(
    judges: Judges,
    position: Position,
    state: Any,
    player: int,
    mine: bool,
    cancel: Any,
    note: T | None = None,
) -> Answer:
    """The chances of ``player`` before the roll of ``position`` (whose player on roll is
    ``player`` when ``mine``, else the doubler whose double ``player`` answers)."""
    from ai.hint import chances

    outputs = chances(judges.player(), position, state, cancel)
    return Answer(
        "chances", player, outputs=outputs if mine else flipped(outputs), note=note or T("")
    )


def flipped(outputs: tuple[float, ...]) -> tuple[float, ...]:
    """Five outputs seen from the other player."""
    w, wg, wbg, lg, lbg = outputs
    return (1.0 - w, lg, lbg, wg, wbg)


def _answer_verdict(cube: CubeHint) -> T:
    d = cube.decision
    even = round(d.double_take, 3) == round(d.double_pass, 3)  # as the rows show them
    return T(right_action(True, False, d.take, False, even))
