"""The history of the match: every position of every game, to step through read-only.

``moments(match)`` replays the engine's record of the match (``Match.history``) action by action
and keeps what the board showed after each: the checkers, the dice, the cube, the score and the
play just made. ``History`` is the window's part that steps through them (back, forward, first,
last, a line of the move list); while it reviews, the board shows the chosen moment and no game
action is possible, and leaving the review returns to the game as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtCore import Property, QObject, Signal, Slot
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

from app import match_texts
from app.move_log import LogLine
from app.session import GameResult, Session, absolute_board, to_location
from app.texts import N_, P, T
from engine import EngineError
from engine.match import Game, Match

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1


@dataclass(frozen=True)
class Moment:
    """The board after one action of the match."""

    game: int  # 1 for the first game
    text: T  # what happened, as the status line says it
    board: list[int]  # the 28 locations the board draws
    on_roll: int
    dice: tuple[int, int] | None  # the roll about to be played
    cube_value: int
    cube_owner: int  # -1: centred
    score: tuple[int, int]  # before this game; after it at the moment that ends it
    crawford: bool = False  # the Crawford game: no cube in play
    offered: bool = False  # a double offered: the cube at twice ``cube_value`` before the taker
    last_move: tuple[tuple[int, int], ...] = ()  # board locations of the play just made
    line: str = ""  # the move list's line ("0 31: 8/5 6/5", "1 --: take 2"), "" for a roll
    pips: tuple[int, int] = (0, 0)
    ids: tuple[str, str] = ("", "")  # the Position ID and Match ID of the moment
    action: int = -1  # the index in the match's record of the action this moment follows
    ended: bool = False  # this moment ends its game (a pass, a resignation, the last checker off)


def moments(match: Match) -> list[Moment]:
    """Every moment of ``match``, in order; raises ``EngineError`` for a record it cannot replay."""
    return Replay(match).moments()


def current_log(match: Match) -> list[str]:
    """The move list of the match's current game, as the session writes it (``Session.log``)."""
    game = len(match.games)
    return [m.line for m in moments(match) if m.game == game and m.line]


class Replay:
    """Replays a match's record into moments, carrying on where it stopped when the record grows."""

    def __init__(self, match: Match) -> None:
        self.source = match
        self._copy = Match(
            match.length,
            cube=match.cube_enabled,
            crawford=match.crawford_enabled,
            players=match.players,
            seed=0,
        )
        self._done = 0
        self._moments: list[Moment] = []

    def moments(self) -> list[Moment]:
        """The moments of the record so far (only new actions are replayed)."""
        history = self.source.history
        for action in history[self._done :]:
            self._copy.apply(action)
            self._done += 1
            moment = self._moment(action)
            if moment is not None:
                self._moments.append(replace(moment, action=self._done - 1))
        return self._moments

    def _moment(self, action: dict[str, Any]) -> Moment | None:
        match = self._copy
        game = match.game
        kind = action.get("type")
        if game is None or kind == "new_game":
            return None
        if kind == "setup":
            return self._make(game, T(""), dice=game.dice)
        player = game.player_on_roll
        if kind == "opening":
            d0, d1 = action["dice"]  # player 0's die, player 1's die
            text = match_texts.opening((d0, d1), player)
            return self._make(game, text, dice=game.dice, line=str(LogLine.opening(d0, d1)))
        if kind == "roll":
            dice = tuple(action["dice"])
            roller = player if game.dice is not None else 1 - player
            if game.dice is not None:
                return self._make(game, match_texts.rolls(roller, dice), dice=game.dice)
            return self._make(  # no legal move: the turn passed at once
                game,
                match_texts.no_move(roller, dice),
                line=str(LogLine.played(roller, dice, "")),
            )
        if kind == "play":
            mover, dice, play = game.turns[-1]
            text = str(play) if play is not None and play.steps else ""
            steps = play.steps if play is not None else ()
            said = match_texts.played(mover, dice, text)
            if game.result is not None:
                said = T("{0} {1}", said, match_texts.result(GameResult.from_engine(game.result)))
            return self._make(
                game,
                said,
                last_move=tuple(
                    (to_location(mover, s.src), to_location(mover, s.dst)) for s in steps
                ),
                line=str(LogLine.played(mover, dice, text)),
            )
        if kind == "double":
            offered = game.cube_value * 2
            text = T(N_("{0} doubles to {1}."), P(player), offered)
            line = str(LogLine.cube(player, "double", offered))
            return self._make(game, text, line=line, offered=True)
        if kind == "take":
            text = T(N_("{0} takes; the cube is at {1}."), P(1 - player), game.cube_value)
            line = str(LogLine.cube(1 - player, "take", game.cube_value))
            return self._make(game, text, line=line)
        if kind in ("drop", "resign"):
            result = game.result
            text = match_texts.result(GameResult.from_engine(result)) if result else T("")
            if kind == "resign":
                line = str(LogLine.resigned(action["player"], action.get("kind", 1)))
            else:
                assert result is not None
                line = str(LogLine.cube(1 - result.winner, "drop", result.cube_value))
            return self._make(game, text, line=line)
        return None

    def _make(self, game: Game, text: T, **fields: Any) -> Moment:
        position = game.position
        on_roll = game.player_on_roll
        mine, theirs = position.pip_count()
        return Moment(
            game=len(self._copy.games),
            text=text,
            board=absolute_board(position, on_roll),
            on_roll=on_roll,
            dice=fields.pop("dice", None),
            cube_value=game.cube_value,
            cube_owner=-1 if game.cube_owner is None else game.cube_owner,
            # the moment that ends a game shows its points won (the pass that ended a match
            # showed the score before it: found by a tester)
            score=self._copy.score if game.result is not None else game.match_score,
            ended=game.result is not None,
            crawford=game.is_crawford,
            pips=(mine, theirs) if on_roll == 0 else (theirs, mine),
            ids=(self._copy.position_id(), self._copy.match_id()),
            **fields,
        )


@QmlElement
@QmlSingleton
class History(QObject):
    """Steps through the match's moments: ``History.back()``, ``forward()``, ``leave()``."""

    changed = Signal()

    @staticmethod
    def create(engine: QQmlEngine) -> History:
        from app.parts import part_of

        return part_of(engine, History)

    def __init__(self, session: Callable[[], Session | None], parent: QObject | None = None):
        super().__init__(parent)
        self._session = session
        self._replay: Replay | None = None
        self._index = -1  # -1: not reviewing
        self._error = ""

    # -- what the window shows --------------------------------------------------------------------
    def moment(self) -> Moment | None:
        """The moment under review, or None while the game is shown."""
        items = self.items()
        return items[self._index] if 0 <= self._index < len(items) else None

    def made(self) -> str | None:
        """In the review, the Position ID after the play made from the moment on show (the
        next player on roll), when the next moment is that play; None otherwise."""
        items = self.items()
        if not 0 <= self._index < len(items) - 1:
            return None
        after = items[self._index + 1]
        return after.ids[0] if after.last_move and after.game == items[self._index].game else None

    def cube_made(self) -> str | None:
        """In the review, what the player to act at the moment on show did with the cube: with
        a double offered "take" or "pass", before a roll "double" or "no double"; None when
        the next moment is not that answer or that roll or double (or there is none)."""
        items, session = self.items(), self._session()
        if session is None or not 0 <= self._index < len(items) - 1:
            return None
        now, after = items[self._index], items[self._index + 1]
        kind = session.match.history[after.action].get("type")
        if now.offered:
            return {"take": "take", "drop": "pass"}.get(kind)
        if now.dice is None and after.game == now.game:
            return {"double": "double", "roll": "no double"}.get(kind)
        return None

    def items(self) -> list[Moment]:
        """Every moment of the session's match so far (replayed only as far as it is new)."""
        session = self._session()
        if session is None:
            return []
        if self._replay is None or self._replay.source is not session.match:
            self._replay = Replay(session.match)
        try:
            return self._replay.moments()
        except (EngineError, KeyError, TypeError, ValueError) as exc:
            self._error = str(exc)
            return []

    def game_lines(self, game: int) -> list[tuple[int, str]]:
        """The move list of ``game``: (moment index, log line) for each line."""
        return [(i, m.line) for i, m in enumerate(self.items()) if m.game == game and m.line]

    def _get_reviewing(self) -> bool:
        return self._index >= 0

    def _get_index(self) -> int:
        return self._index

    def _get_count(self) -> int:
        return len(self.items())

    def _get_error(self) -> str:
        return self._error

    reviewing = Property(bool, _get_reviewing, notify=changed)
    index = Property(int, _get_index, notify=changed)
    count = Property(int, _get_count, notify=changed)
    error = Property(str, _get_error, notify=changed)

    # -- stepping ---------------------------------------------------------------------------------
    def _go(self, index: int) -> None:
        count = len(self.items())
        if count == 0:
            return
        index = max(0, min(count - 1, index))
        if index != self._index:
            self._index = index
            self.changed.emit()

    @Slot()
    def back(self) -> None:
        """One moment back (from the game: its last moment before now)."""
        self._go(self._index - 1 if self._index >= 0 else len(self.items()) - 2)

    @Slot()
    def forward(self) -> None:
        if self._index >= 0:
            self._go(self._index + 1)

    @Slot()
    def first(self) -> None:
        self._go(0)

    @Slot()
    def last(self) -> None:
        self._go(len(self.items()) - 1)

    @Slot(int)
    def show(self, index: int) -> None:
        """The moment at ``index`` (a line of the move list carries it)."""
        self._go(index)

    @Slot(int)
    def showLine(self, line: int) -> None:  # noqa: N802
        """The moment of a line of the game's move list (the game under review, or the current)."""
        moment = self.moment()
        items = self.items()
        game = moment.game if moment is not None else (items[-1].game if items else 0)
        lines = self.game_lines(game)
        if 0 <= line < len(lines):
            self._go(lines[line][0])

    @Slot()
    def leave(self) -> None:
        """Back to the game as it is."""
        if self._index >= 0:
            self._index = -1
            self.changed.emit()

    def reset(self) -> None:
        """A new game or match was installed: forget the review and the replay."""
        self._replay = None
        self._error = ""
        self.leave()
