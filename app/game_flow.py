"""The course of the game in the window: the player's actions and the computer's turns.

``GameFlow`` owns the ``Session`` (the engine's match with the turn being built) and moves it
on: new game, roll, double, take, pass, resign, undo, confirm; it lets the computer act when it
is its turn, saves after every completed action and publishes what the window shows through
``MatchView``. Every rule is the engine's: the flow asks ``Session`` (and so ``Match``) what is
allowed and shows the engine's reasons.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

from app import game_save, match_texts
from app.board_input import BoardInput, reason_message
from app.computer_seat import ComputerSeat
from app.computer_turn import ComputerTurn
from app.history import History, Moment
from app.match_view import (
    FlowState,
    MatchView,
    build_state,
    display_names,
    review_state,
)
from app.move_log import LogLine
from app.session import LEVELS, MATCH_LENGTHS, MatchSettings, Session, for_position, to_location
from app.settings import Settings
from app.storage import Storage
from app.texts import N_, P, T
from engine import Position
from engine.moves import Play

Arrows = tuple[tuple[int, int], ...]  # a play's steps as from-to board locations

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1


@QmlElement
@QmlSingleton
class GameFlow(QObject):
    """The player's actions (``flow.roll()``, ``flow.newGame({...})``) and the computer's turns."""

    gameFinished = Signal()  # after each change while a game is over
    givingUp = Signal()  # the game or match under way is about to be replaced by a new one
    installed = Signal()  # a new game, match or position replaced the session
    rolled = Signal()  # the dice were rolled (for the sound)

    @staticmethod
    def create(engine: QQmlEngine) -> GameFlow:
        """The window's own GameFlow (made by ``app.window``), when QML first names it."""
        from app.parts import part_of

        return part_of(engine, GameFlow)

    def __init__(
        self,
        settings: Settings,
        storage: Storage | None,
        board_input: BoardInput,
        computer: ComputerTurn,
        view: MatchView,
        history: History,
        seed: int | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        self.storage = storage  # None: nothing is saved (screenshots)
        self._saver = game_save.Saver(storage)
        self.input = board_input
        self.computer = computer
        self.view = view
        self.history = history
        self._seed = seed
        self._session: Session | None = None
        self._status = T("")
        self._last_play = T("")
        self._notice = T("")
        self._busy = False
        self._last_move: Arrows = ()
        self.tutor: Callable[[str, Callable[[], None]], bool] | None = None  # see _checked
        self.seat = ComputerSeat(self)
        board_input.moved.connect(self._on_moved)
        computer.failed.connect(self._on_computer_failed)
        changes = (board_input.changed, computer.thinkingChanged, history.changed)
        for signal in (*changes, settings.hintModeChanged, settings.boardTurningChanged):
            signal.connect(self.publish)
        settings.confirmEndOfTurnChanged.connect(self._on_confirm_setting)

    # -- for the window, tests and tools --------------------------------------------------------
    @property
    def session(self) -> Session | None:
        return self._session

    @property
    def busy(self) -> bool:
        return self._busy

    def human(self, player: int) -> bool:
        s = self._session
        return s is not None and not (s.settings.computer and player == 1)

    # -- starting -------------------------------------------------------------------------------
    @Slot()
    def start(self) -> None:
        """Resume the saved game, or start one with the new-game defaults."""
        if self._session is None and not self._load():
            d = self.settings.new_game_defaults()
            self._begin(_match_settings(d))

    @Slot("QVariantMap")
    def newGame(self, options: dict[str, Any]) -> None:  # noqa: N802
        """Start what the new-game dialog chose (remembered as the next defaults).

        The window asks the player before calling this while ``view.matchInProgress``.
        """
        choices = {**self.settings.new_game_defaults(), **dict(options)}
        try:
            settings = _match_settings(choices)
        except ValueError as exc:
            self.show_notice(T(N_("The new game could not start: {0}"), str(exc)))
            return
        self.settings.remember_new_game({**choices, "matchLength": settings.match_length})
        s = self._session
        if s is not None and s.in_progress():
            self.computer.cancel()
            self.givingUp.emit()  # the person agreed to give it up (``app.resignation``)
        self._begin(settings)

    def show_position(self, position: Position, on_roll: int = 0, **state: Any) -> None:
        """Show ``position`` (seen from ``on_roll``) in a state ``session.for_position`` takes."""
        self.show_session(for_position(position, on_roll, self._new_seed(), **state))

    def show_session(self, session: Session, status: T | None = None) -> None:
        """Go on from ``session`` (set up, pasted or read from a file), saying ``status``."""
        self._install(session)
        if session.phase == "opening":
            self._open_game()
        else:
            self._status = match_texts.goes_on(session) if status is None else status
            self._begin_turn()

    def _begin(self, settings: MatchSettings, seed: int | None = None) -> None:
        self._install(Session(settings, seed=self._new_seed() if seed is None else seed))
        self._start_next_game()

    def _install(self, session: Session) -> None:
        self.computer.cancel()
        self._busy = False
        self._session = session
        self.history.reset()
        self.installed.emit()
        self._last_play = T("")
        self._last_move = ()
        s = session.settings
        try:
            self.computer.set_player(
                s.level if s.computer else None, seed=self._new_seed(), crawford_rule=s.crawford
            )
        except Exception as exc:  # noqa: BLE001  (a broken install: say so, never play weaker)
            # shown with the new game (no game is set up yet to publish)
            self._notice = T(N_("The computer player could not be loaded: {0}"), str(exc))

    def _new_seed(self) -> int:
        return self._seed if self._seed is not None else random.SystemRandom().randrange(2**32)

    def _start_next_game(self) -> None:
        self._require().start_game()
        self._open_game()

    def _open_game(self) -> None:
        s = self._require()
        s.opening()
        self._status = match_texts.opening_status(s)
        self._last_play = T("")
        self._last_move = ()
        self._begin_turn()

    @Slot()
    def nextGame(self) -> None:  # noqa: N802
        s = self._session
        if s is not None and s.phase == "game_over" and s.settings.match_length:
            self._start_next_game()

    @Slot()
    def rematch(self) -> None:
        if self._session is not None:
            self._begin(self._session.settings)

    def replay_dice(self, seed: int) -> None:
        """A new match with the same settings on the dice of ``seed`` (the same rolls again)."""
        if self._session is not None:
            self._begin(self._session.settings, seed)

    # -- the player's actions -------------------------------------------------------------------
    def _require(self) -> Session:
        if self._session is None:
            raise RuntimeError("no game")
        return self._session

    def _my_turn(self, phase: str) -> bool:
        s = self._session
        if s is None or self._busy or self.history.reviewing:  # the review is read-only
            return False
        return s.phase == phase and self.human(s.on_roll)

    @Slot()
    def roll(self) -> None:
        if self._my_turn("roll"):
            self._checked("roll", self.roll_dice)

    def roll_dice(self) -> None:
        s = self._require()
        self._status = match_texts.rolls(s.on_roll, s.roll())
        self.rolled.emit()
        self._busy = False
        self._begin_turn()

    @Slot()
    def double(self) -> None:
        s = self._session
        if s is not None and self._my_turn("roll") and s.may_double():
            doubles = T(N_("{0} doubles to {1}."), P(s.on_roll), s.cube_value * 2)
            self._checked("double", lambda: self.act(Session.double, doubles))

    def _answering(self) -> bool:
        s = self._session
        return s is not None and s.phase == "double" and self.human(1 - s.on_roll)

    @Slot()
    def take(self) -> None:
        if self._answering() and not self._busy:
            self._checked("take", lambda: self.answer_double(True))

    @Slot()
    def passDouble(self) -> None:  # noqa: N802
        if self._answering() and not self._busy:
            self._checked("pass", lambda: self.answer_double(False))

    def answer_double(self, take: bool) -> None:
        s = self._require()
        answerer = 1 - s.on_roll
        if take:
            s.take()
            self._status = T(N_("{0} takes; the cube is at {1}."), P(answerer), s.cube_value)
        else:
            s.pass_double()
            self._status = T("{0} {1}", T(N_("{0} passes."), P(answerer)), self._result())
        self._after_change()

    def act(self, change: Callable[[Session], object] | None, status: T | None = None) -> None:
        """A change (a double; a resignation, from a part beside the flow): made, said (the
        game's result when ``status`` is None), saved, and the game goes on."""
        if change is not None:
            change(self._require())
        self._status = status if status is not None else self._result()
        self._after_change()

    def names(self) -> list[str]:
        return display_names(self._session)

    @Slot()
    def undo(self) -> None:
        s = self._session
        if s is not None and self._my_turn("move") and s.undo() is not None:
            self.input.drop_selection()
            if self._status.template in AUTOMATIC_TEXTS and s.dice is not None:
                self._status = match_texts.rolls(s.on_roll, s.dice)  # the play made is taken back
            self._after_change()

    @Slot()
    def confirm(self) -> None:
        """End the turn whose play is complete (also a roll without a legal move)."""
        s = self._session
        if s is not None and self._my_turn("move") and s.turn is not None and s.turn.is_complete():
            self._checked("move", self._end_turn)

    @Slot()
    def dismissNotice(self) -> None:  # noqa: N802
        self._notice = T("")
        self.publish()

    @Slot()
    def shutdown(self) -> None:
        """Stop the computer's work before the window closes (the game is already saved)."""
        self.computer.shutdown()

    # -- turns ----------------------------------------------------------------------------------
    def _begin_turn(self) -> None:
        """After a roll: let the human move (or play a forced move), or wait for the computer."""
        s = self._require()
        turn = s.turn if s.phase == "move" else None
        human = self.human(s.on_roll)
        self.input.attach(turn, s.on_roll, human)
        if turn is not None and not turn.has_legal_move():
            self._status = match_texts.no_move(s.on_roll, s.dice or (0, 0))
            if not human or not self.settings.value("confirmEndOfTurn"):
                self._busy = True  # on show a moment; no input meanwhile
                self.computer.later(self.computer.pause_ms(1200), self.finish_shown_turn)
            self._after_change()
            return
        automatic = automatic_play(turn, self.settings) if human and turn is not None else None
        if turn is not None and automatic is not None:
            self.play_for_player(*automatic)
            return
        self._after_change()

    def play_for_player(self, play: Play, text: str) -> None:
        """Make ``play`` of the roll for the player to move, saying ``text`` of it (the moves
        made before taken back); the turn then ends as one played by hand."""
        self.input.make(play.steps)
        self._status = T(text, str(play))
        self._on_moved()

    def finish_shown_turn(self) -> None:
        self._busy = False
        self._end_turn()

    @Slot()
    def _on_moved(self) -> None:
        s = self._require()
        turn = s.turn
        if turn is not None and turn.is_complete() and not self.settings.value("confirmEndOfTurn"):
            self._checked("move", self._end_turn)
        else:
            self._after_change()

    @Slot()
    def _on_confirm_setting(self) -> None:
        s = self._session
        if s is not None and not self.settings.value("confirmEndOfTurn"):
            turn = s.turn
            if self._my_turn("move") and turn is not None and turn.is_complete() and turn.steps:
                self._checked("move", self._end_turn)

    def _checked(self, decision: str, go: Callable[[], None]) -> None:
        """A person's decision: made by ``go`` now, or by the tutor once judged (``app.tutor``)."""
        if self.tutor is None or not self.tutor(decision, go):
            go()

    def _end_turn(self) -> None:
        s = self._session
        if s is None or s.phase != "move" or s.dice is None:
            return
        mover, dice = s.on_roll, s.dice
        play = s.end_turn()
        self._last_play = match_texts.played(mover, dice, str(play) if play.steps else "")
        steps = tuple((to_location(mover, st.src), to_location(mover, st.dst)) for st in play.steps)
        self._last_move = steps
        self.input.attach(None)
        if s.result is not None:
            self._status = self._result()
        else:
            self._status = T(N_("{0} to play."), P(s.on_roll))
        self._after_change()

    def _result(self) -> T:
        result = self._require().result
        assert result is not None
        return match_texts.result(result)

    # -- the computer's turn (its answers come through ``app.computer_seat``) ------------------
    def set_busy(self, busy: bool) -> None:
        self._busy = busy

    @Slot(str)
    def _on_computer_failed(self, message: str) -> None:
        self._busy = False
        self.show_notice(
            T(N_("The computer could not decide ({0}). Start a new game to go on."), message)
        )

    # -- after every change ---------------------------------------------------------------------
    def _after_change(self) -> None:
        s = self._session
        if s is not None and s.result is not None:
            self.gameFinished.emit()  # (the statistics count each game once)
        self.publish()
        self._save()
        s = self._session
        if s is not None and not self._busy:
            self.computer.take_turn(s, self.seat)

    @Slot()
    def publish(self) -> None:
        s = self._session
        moment = self.history.moment()
        if s is not None and moment is not None:  # read-only: a moment of the match's history
            h, notice = self.history, self._notice.render(display_names(s))
            lines = h.game_lines(moment.game)
            self.view.update(review_state(s, moment, (h.index, h.count), lines, h.index, notice))
            return
        if s is not None and s.match.game is None:
            return  # a session being installed (its first game starts next, and publishes)
        names = display_names(s)
        on_roll = s.on_roll if s is not None else 0
        refusal = self.input.refusal  # a refused gesture's rule stands until the next gesture
        status = T(reason_message(refusal)) if refusal else self._status
        flow = FlowState(
            human_to_move=s is not None and s.phase == "move" and self.human(on_roll),
            human_on_roll=s is not None and self.human(on_roll),
            human_answers_double=self._answering(),
            busy=self._busy,
            thinking=self.computer.thinking,
            status=status.render(names),
            last_play=self._last_play.render(names),
            notice=self._notice.render(names),
            last_move=() if s is None or moving(s) else self._last_move,
        )
        state = build_state(s, flow, self.input, self.settings)
        self.view.update(replace(state, historyCount=len(self.history.items())))

    def show_notice(self, notice: T) -> None:
        """Tell the player something went wrong (a dialog until dismissed)."""
        self._notice = notice
        self.publish()

    # -- saving ---------------------------------------------------------------------------------
    def _save(self) -> None:
        notice = self._saver.save(self._session)
        if notice is not None:
            self.show_notice(notice)

    def _load(self) -> bool:
        session, notice = game_save.load(self.storage)
        if notice is not None:
            self._notice = notice
        if session is None:
            return False
        self._install(session)
        self._last_play, self._last_move = recalled_play(self.history.items())
        if session.phase in ("game_over", "match_over") and session.result is not None:
            self._status = self._result()
        else:
            self._status = match_texts.welcome_back(session)
        if session.phase == "move":
            self.input.attach(session.turn, session.on_roll, self.human(session.on_roll))
        self._after_change()
        return True


def moving(session: Session) -> bool:
    """Whether a play is under way: its first checker moved. The last play's arrows go then
    (they stand from the end of that play until the next one starts)."""
    turn = session.turn
    return session.phase == "move" and turn is not None and bool(turn.steps)


def recalled_play(items: list[Moment]) -> tuple[T, Arrows]:
    """The last play of the game on show in the match's history, as the window showed it before
    the program closed: its text and its arrows (none before the game's first play)."""
    game = items[-1].game if items else 0
    for moment in reversed(items):
        if moment.game != game:
            break
        read = LogLine.parse(moment.line)
        if read is not None and read.kind == "play":
            said = match_texts.played(read.player, read.dice, read.play)
            return said, moment.last_move
    return T(""), ()


def automatic_play(turn: Any, settings: Settings) -> tuple[Any, str] | None:
    """The play made for the player, with the text that says so: the only legal play (forced
    moves, when set) or, in the final bear-off of a race (when set), the play the program's
    evaluation finds best (exact where both sides are home: a rule of thumb such as "bear off
    the most checkers" played 6/2 5/2 with 4-3 where 6/3 5/1 was 0.12 better, and the tutor
    then blamed the player for it); None when the player moves."""
    if turn.is_forced() and settings.value("autoForced"):
        return turn.plays[0], FORCED_TEXT
    if settings.value("autoBearOff") and turn.final_bear_off() is not None:
        from ai.hint import bear_off_play  # local: the AI brings numpy and its networks

        return bear_off_play(turn.plays), BORNE_OFF_TEXT
    return None


FORCED_TEXT = N_("Forced move: {0}")
BORNE_OFF_TEXT = N_("Borne off for you: {0}")
HINTED_TEXT = N_("Played from the hint: {0}")
# what a play made for the player says
AUTOMATIC_TEXTS = (FORCED_TEXT, BORNE_OFF_TEXT, HINTED_TEXT)


def _match_settings(choices: dict[str, Any]) -> MatchSettings:
    """The match the new-game choices describe; raises ``ValueError`` for a value out of range."""
    opponent = str(choices.get("opponent", "medium"))
    if opponent not in (*LEVELS, "human"):
        raise ValueError(f"Unknown opponent {opponent!r}")
    length = int(choices.get("matchLength", 0))
    if length not in MATCH_LENGTHS:
        raise ValueError(f"A match is to 3, 5, 7 or 11 points (0 = one game): {length}")
    return MatchSettings(
        match_length=length,
        cube=bool(choices.get("cube", False)),
        crawford=bool(choices.get("crawford", True)),
        names=(str(choices.get("name0") or "").strip(), str(choices.get("name1") or "").strip()),
        computer=opponent != "human",
        level=opponent if opponent in LEVELS else "medium",
    )
