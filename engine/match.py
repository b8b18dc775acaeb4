"""Games and matches: the mutable history on top of the immutable values.

A ``Game`` runs one game: the opening roll, turns (roll, then a play), the doubling cube and the
end of the game. A ``Match`` runs games to N points (or a money session when N is 0) with the
Crawford rule, and knows the score, the winner, the GNU Backgammon Match ID, and how to save,
load and replay itself.

Players are absolute: player 0 and player 1 (player 0 is GNU Backgammon's player 0). Positions
are always seen from the player on roll (``game.position``); ``game.board(player)`` gives a
fixed player's view.

Every action is recorded as a small JSON-ready dict in ``game.history`` / ``match.history``, and
``match.apply(action)`` performs one, so a match replays from its history (``Match.replay``);
``match.to_json()`` gives the versioned JSON save format, which ``engine.save`` writes and reads
back (``load_match_data``); ``engine.mat`` reads and writes the Jellyfish ``.mat`` text. Both
build on this module, which imports neither.
``Match.from_ids(position_id, match_id)`` sets up any state GNU Backgammon can show, and
``match.match_id()`` gives it back::

    >>> match = Match(5, cube=True, seed=1)
    >>> game = match.new_game()
    >>> game.roll(match.rng)          # the opening roll
    >>> game.state is GameState.AWAITING_PLAY
    True
    >>> game.play(game.legal_plays()[0])
    >>> game.state is GameState.AWAITING_ROLL
    True

Illegal actions raise ``IllegalActionError`` (a ``ValueError``) with a sentence saying why; an
illegal play raises ``IllegalPlayError`` with the rule's reason.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import permutations
from typing import Any

from engine import dice as dice_module
from engine.errors import (
    EngineError,
    IllegalActionError,
    IllegalPlayError,
    InvalidMatchIdError,
    Reason,
)
from engine.matchid import (
    GAME_DROPPED,
    GAME_NONE,
    GAME_OVER,
    GAME_PLAYING,
    GAME_RESIGNED,
    MatchIdFields,
)
from engine.moves import Play, Step, legal_plays, may_ever_move
from engine.position import Position
from engine.turn import TurnBuilder, parse_play

MAX_CUBE = 64


class DoubleRefusal:
    """Why a double is not allowed (``Game.double_refusal()``); ``DOUBLE_REFUSAL_TEXT`` says it."""

    AFTER_ROLL = "after_roll"
    NOT_NOW = "not_now"
    CRAWFORD = "crawford"
    NO_CUBE = "no_cube"
    NOT_OWNER = "not_owner"
    MAXIMUM = "maximum"
    DEAD_CUBE = "dead_cube"


DOUBLE_REFUSAL_TEXT = {
    DoubleRefusal.AFTER_ROLL: "You may double only before rolling the dice.",
    DoubleRefusal.NOT_NOW: "A double can be offered only before a roll of a game in play.",
    DoubleRefusal.CRAWFORD: "No doubling in the Crawford game.",
    DoubleRefusal.NO_CUBE: "The doubling cube is not in use in this game.",
    DoubleRefusal.NOT_OWNER: "Only the owner of the cube may redouble.",
    DoubleRefusal.MAXIMUM: f"The cube is at its maximum of {MAX_CUBE}.",
    DoubleRefusal.DEAD_CUBE: (
        "The cube is dead: winning this game at its current value wins the match."
    ),
}
MAX_MATCH_LENGTH = 25


class GameState(enum.Enum):
    """Where a game stands: who must do what next."""

    OPENING = "opening"  #: the opening roll is still to be made
    AWAITING_ROLL = "awaiting_roll"  #: the player on roll may double (if allowed) or roll
    AWAITING_TAKE = "awaiting_take"  #: a double is offered; the opponent takes or drops
    AWAITING_PLAY = "awaiting_play"  #: the dice are rolled; the player on roll plays
    GAME_OVER = "game_over"


class ResultKind(enum.IntEnum):
    """How a game was won; the value is the multiplier of the cube."""

    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3


class EndReason(enum.Enum):
    """How a game ended."""

    BORNE_OFF = "borne_off"
    DROPPED = "dropped"
    RESIGNED = "resigned"


@dataclass(frozen=True)
class GameResult:
    """The end of a game: ``points = kind * cube_value``.

    For a pass, ``cube_value`` is the value before the refused double and ``kind`` is single.
    """

    winner: int
    kind: ResultKind
    cube_value: int
    reason: EndReason = EndReason.BORNE_OFF

    @property
    def points(self) -> int:
        return int(self.kind) * self.cube_value

    @property
    def loser(self) -> int:
        return 1 - self.winner


def result_kind(final: Position) -> ResultKind:
    """Single, gammon or backgammon for a finished game.

    ``final`` is the position after the winning play with the loser on roll (as ``Play.result``).
    Gammon: the loser has borne off none. Backgammon: also a loser's checker on the bar or in the
    winner's home board (the loser's points 19-24). Raises ``ValueError`` when the winner (the
    player not on roll) still has checkers on the board.
    """
    if any(final.opponent):
        raise ValueError("The game is not over: the winner has not borne off every checker.")
    loser = final.on_roll
    if sum(loser) < 15:
        return ResultKind.SINGLE
    if any(loser[18:25]):
        return ResultKind.BACKGAMMON
    return ResultKind.GAMMON


def cube_refusal(
    cube_value: int,
    *,
    opponent_owns: bool,
    cube_enabled: bool = True,
    crawford: bool = False,
    points_to_win: int = 0,
) -> str | None:
    """Why a player about to roll may not double, by the cube rules (a ``DoubleRefusal`` code).

    The one home of the doubling rules, for a game (``Game.double_refusal``), a Match ID
    (``match_id_double_refusal``) and the computer's cube (``ai.cube.CubeState``).
    ``points_to_win`` is what the player still needs to win the match (0 in a money game).
    None when the double is allowed.

    >>> cube_refusal(2, opponent_owns=False, points_to_win=1)
    'dead_cube'
    """
    if crawford:
        return DoubleRefusal.CRAWFORD
    if not cube_enabled:
        return DoubleRefusal.NO_CUBE
    if opponent_owns:
        return DoubleRefusal.NOT_OWNER
    if cube_value >= MAX_CUBE:
        return DoubleRefusal.MAXIMUM
    if points_to_win and cube_value >= points_to_win:
        # As in GNU Backgammon: winning this game at the current value already wins the match,
        # so a double could only help the opponent.
        return DoubleRefusal.DEAD_CUBE
    return None


def match_id_double_refusal(fields: MatchIdFields, *, cube: bool = True) -> str | None:
    """Why the player on roll in a Match ID's state may not double now, or None.

    ``cube`` False is a game played without the cube. A pending double or a roll already made
    refuses as ``Game.double_refusal`` does.
    """
    if fields.game_state != GAME_PLAYING or fields.doubled:
        return DoubleRefusal.NOT_NOW
    if fields.dice[0]:
        return DoubleRefusal.AFTER_ROLL
    me = fields.player_on_roll
    return cube_refusal(
        fields.cube,
        opponent_owns=fields.cube_owner == 1 - me,
        cube_enabled=cube,
        crawford=fields.crawford,
        points_to_win=fields.match_length - fields.score[me] if fields.match_length else 0,
    )


def _fail(message: str) -> IllegalActionError:
    return IllegalActionError(message)


class Game:
    """One game of backgammon: a mutable history of actions over immutable positions.

    Usually made by ``Match.new_game()``. ``cube_enabled`` False plays without the doubling cube
    (also in a Crawford game); gammons and backgammons still count. ``match_length`` and
    ``match_score`` (the score before this game) give the dead-cube rule of match play: as in
    GNU Backgammon, no double when winning this game at the current value already wins the match.

    A turn: ``roll(rng)``, then ``play(play)`` with one of ``legal_plays()`` (or a play built step
    by step with ``turn_builder()``, where steps can be undone); a roll without a legal play
    passes at once. Before rolling, ``can_double()`` / ``double()``; the opponent ``take()`` or
    ``drop()``.

    Attributes (read them, do not assign them): ``state`` (``GameState``), ``position`` (seen
    from ``player_on_roll``), ``player_on_roll``, ``dice`` (the roll being played, in the order
    the dice fell, or None), ``cube_value``, ``cube_owner`` (None when centred), ``result``
    (``GameResult`` or None), ``history`` (list of action dicts), ``turns`` (list of
    ``(player, dice, play or None)`` for every roll played or passed).
    """

    def __init__(
        self,
        *,
        cube_enabled: bool = False,
        crawford: bool = False,
        match_length: int = 0,
        match_score: tuple[int, int] = (0, 0),
    ) -> None:
        self.cube_enabled = bool(cube_enabled) and not crawford
        self.is_crawford = bool(crawford)
        self.match_length = match_length  # 0: money play
        self.match_score = match_score  # the score before this game, for the dead-cube rule
        self.state = GameState.OPENING
        self.position = Position.start()
        self.player_on_roll = 0
        self.dice: tuple[int, int] | None = None
        self.opening: dice_module.OpeningRoll | None = None
        self.cube_value = 1
        self.cube_owner: int | None = None
        self.result: GameResult | None = None
        self.history: list[dict[str, Any]] = []
        self.turns: list[tuple[int, tuple[int, int], Play | None]] = []
        # (player, text) lines of the game for the Jellyfish export
        self._events: list[tuple[int, str]] = []
        self._plays: list[Play] | None = None

    # -- queries ----------------------------------------------------------------------------------
    @property
    def opponent(self) -> int:
        """The player not on roll."""
        return 1 - self.player_on_roll

    @property
    def is_over(self) -> bool:
        return self.state is GameState.GAME_OVER

    @property
    def last_action(self) -> dict[str, Any] | None:
        return self.history[-1] if self.history else None

    def board(self, player: int) -> Position:
        """The position seen from ``player`` (0 or 1), whoever is on roll."""
        _check_player(player)
        return self.position if player == self.player_on_roll else self.position.swapped()

    def legal_plays(self) -> list[Play]:
        """Every legal play of the current roll (empty before the roll)."""
        if self.state is not GameState.AWAITING_PLAY or self.dice is None:
            return []
        if self._plays is None:
            self._plays = legal_plays(self.position, self.dice)
        return list(self._plays)

    def turn_builder(self) -> TurnBuilder:
        """A ``TurnBuilder`` for the roll being played, to make and undo single steps.

        When it is complete, pass ``builder.play()`` to ``play``.
        """
        self._require(GameState.AWAITING_PLAY, "build a turn")
        assert self.dice is not None
        return TurnBuilder(self.position, self.dice)

    def can_double(self) -> bool:
        """True when the player on roll may double now."""
        return self.double_refusal() is None

    def double_refusal(self) -> str | None:
        """Why the player on roll may not double now (a ``DoubleRefusal`` code), or None."""
        if self.state is not GameState.AWAITING_ROLL:
            if self.state is GameState.AWAITING_PLAY:
                return DoubleRefusal.AFTER_ROLL
            return DoubleRefusal.NOT_NOW
        me = self.player_on_roll
        return cube_refusal(
            self.cube_value,
            opponent_owns=self.cube_owner not in (None, me),
            cube_enabled=self.cube_enabled,
            crawford=self.is_crawford,
            points_to_win=self.match_length - self.match_score[me] if self.match_length else 0,
        )

    # -- actions ----------------------------------------------------------------------------------
    def roll(self, rng: random.Random | None = None, *, dice: Sequence[int] | None = None) -> None:
        """Roll the dice with ``rng``, or apply known ``dice`` (replays, lessons, tests).

        In the opening state this is the opening roll: one die each (``dice`` is then the die of
        player 0 and the die of player 1, which must differ); the higher die starts and plays both.
        Otherwise the player on roll rolls; a roll with no legal play passes the turn at once.
        """
        if (rng is None) == (dice is None):
            raise TypeError("Pass either a random.Random or the dice, not both or neither.")
        if self.state is GameState.OPENING:
            if dice is not None:
                pair = _two_dice(dice)
                if pair[0] == pair[1]:
                    raise _fail("The opening roll cannot be a tie: ties are rolled again.")
                opening = dice_module.OpeningRoll(pair, 0 if pair[0] > pair[1] else 1, ())
            else:
                assert rng is not None
                opening = dice_module.opening_roll(rng)
            self.opening = opening
            starter = opening.starter
            self._set_on_roll(starter)
            self.dice = (opening.dice[starter], opening.dice[1 - starter])
            self._record({"type": "opening", "dice": list(opening.dice)})
            self._begin_play()
            return
        self._require(GameState.AWAITING_ROLL, "roll")
        rolled = _two_dice(dice) if dice is not None else dice_module.roll(rng)  # type: ignore[arg-type]
        self.dice = rolled
        self._record({"type": "roll", "dice": list(rolled)})
        self._begin_play()

    def play(self, play: Play | str) -> None:
        """Play the roll: a ``Play`` (from ``legal_plays`` or a ``TurnBuilder``) or notation text.

        Raises ``IllegalPlayError`` (with the rule's reason) when it is not a legal play.
        """
        self._require(GameState.AWAITING_PLAY, "play")
        assert self.dice is not None
        chosen = self._find_play(play)
        mover = self.player_on_roll
        self.turns.append((mover, self.dice, chosen))
        # the route as it was played (a TurnBuilder's, a .mat file's), in an order that can be
        # played step by step ("64: 11/5 15/11" was written for 15/11/5)
        route = play.steps if isinstance(play, Play) and play.result == chosen.result else ()
        steps = _playing_order(self.position, self.dice, route or chosen.steps)
        self._events.append((mover, _mat_move(self.dice, steps)))
        final = chosen.result
        assert final is not None
        self._record({"type": "play", "move": str(chosen), "result": final.position_id()})
        if not any(final.opponent):  # the mover has borne off every checker
            self.position = final.swapped()
            self._finish(GameResult(mover, result_kind(final), self.cube_value))
            return
        self._next_turn(final)

    def double(self) -> None:
        """Offer a double (before rolling); the opponent must then ``take`` or ``drop``."""
        refusal = self.double_refusal()
        if refusal:
            raise _fail(DOUBLE_REFUSAL_TEXT[refusal])
        self._events.append((self.player_on_roll, f" Doubles => {self.cube_value * 2}"))
        self._record({"type": "double"})
        self.state = GameState.AWAITING_TAKE

    def take(self) -> None:
        """Accept the double: the cube doubles and the taker owns it; the doubler rolls next."""
        self._require(GameState.AWAITING_TAKE, "take")
        self.cube_value *= 2
        self.cube_owner = self.opponent
        self._events.append((self.opponent, " Takes"))
        self._record({"type": "take"})
        self.state = GameState.AWAITING_ROLL

    def drop(self) -> None:
        """Refuse the double (pass): the doubler wins the value of the cube before the double."""
        self._require(GameState.AWAITING_TAKE, "drop")
        self._events.append((self.opponent, " Drops"))
        self._record({"type": "drop"})
        self._finish(
            GameResult(self.player_on_roll, ResultKind.SINGLE, self.cube_value, EndReason.DROPPED)
        )

    def resign(self, player: int, kind: ResultKind | int = ResultKind.SINGLE) -> None:
        """``player`` gives up the game, conceding a single game, gammon or backgammon.

        The opponent wins ``kind`` times the cube. (A resignation is conceded at once; there is
        no offer to accept or reject.)
        """
        _check_player(player)
        if self.state in (GameState.GAME_OVER, GameState.OPENING):
            raise _fail("A player can resign only while the game is being played.")
        if not isinstance(kind, int) or isinstance(kind, bool) or kind not in (1, 2, 3):
            # a float such as inf or 1.5 from a file must not be rounded into a result
            raise _fail("Resign a single game (1), a gammon (2) or a backgammon (3).")
        kind = ResultKind(kind)
        if self.state is GameState.AWAITING_PLAY:
            # the roll stands in the .mat file, unplayed, before the win (as GNU Backgammon
            # writes it: "65:"); without it a game given up after the opening roll had no row
            # and could not be read again
            assert self.dice is not None
            self._events.append((self.player_on_roll, _mat_move(self.dice, ())))
        self._record({"type": "resign", "player": player, "kind": int(kind)})
        self._finish(GameResult(1 - player, kind, self.cube_value, EndReason.RESIGNED))

    def apply(self, action: dict[str, Any]) -> None:
        """Perform one recorded action (a dict from ``history``) without a random source."""
        if not isinstance(action, dict):
            raise _fail(f"An action must be a JSON object, not {action!r}.")
        kind = action.get("type")
        if not isinstance(kind, str):
            raise _fail(f"An action's type is a name, not {kind!r}.")
        handler: Callable[[], None] | None = {
            "opening": lambda: self.roll(dice=action["dice"]),
            "roll": lambda: self.roll(dice=action["dice"]),
            "play": lambda: self._replay_play(action),
            "double": self.double,
            "take": self.take,
            "drop": self.drop,
            "resign": lambda: self.resign(action["player"], action.get("kind", 1)),
        }.get(kind)
        if handler is None:
            raise _fail(f"Unknown game action {kind!r}.")
        try:
            handler()
        except KeyError as exc:
            raise _fail(f"The {kind!r} action lacks the field {exc.args[0]!r}.") from None

    def _replay_play(self, action: dict[str, Any]) -> None:
        # The resulting position identifies the play exactly; the move text is for readers
        # (and for hand-written histories, which may give only the move).
        result = action.get("result")
        if result is None:
            self.play(_text(action["move"]))
            return
        self._require(GameState.AWAITING_PLAY, "play")
        target = Position.from_position_id(_text(result))
        for legal in self.legal_plays():
            if legal.result == target:
                self.play(legal)
                return
        raise IllegalPlayError(
            Reason.NOT_A_LEGAL_PLAY, f"No legal play of this roll leads to position {result}."
        )

    # -- helpers ----------------------------------------------------------------------------------
    def _require(self, state: GameState, what: str) -> None:
        if self.state is not state:
            raise _fail(f"Cannot {what} now: the game is in state {self.state.value}.")

    def _record(self, action: dict[str, Any]) -> None:
        self.history.append(action)

    def _set_on_roll(self, player: int) -> None:
        if player != self.player_on_roll:
            self.position = self.position.swapped()
            self.player_on_roll = player

    def _begin_play(self) -> None:
        self.state = GameState.AWAITING_PLAY
        self._plays = None
        if not self.legal_plays():
            # No legal play: the turn is lost.
            assert self.dice is not None
            self.turns.append((self.player_on_roll, self.dice, None))
            self._events.append((self.player_on_roll, _mat_move(self.dice, ())))
            self._next_turn(self.position.swapped())

    def _next_turn(self, position: Position) -> None:
        self.position = position
        self.player_on_roll = 1 - self.player_on_roll
        self.dice = None
        self._plays = None
        self.state = GameState.AWAITING_ROLL

    def _finish(self, result: GameResult) -> None:
        self.result = result
        self.dice = None
        self._plays = None
        self.state = GameState.GAME_OVER

    def _find_play(self, play: Play | str) -> Play:
        assert self.dice is not None
        if isinstance(play, str):
            return parse_play(self.position, self.dice, play)
        if not isinstance(play, Play):
            raise TypeError(f"A play must be a Play or notation text, not {type(play).__name__}.")
        plays = self.legal_plays()
        if play.result is not None:
            for legal in plays:
                if legal.result == play.result:
                    return legal
            raise IllegalPlayError(Reason.NOT_A_LEGAL_PLAY)
        for legal in plays:
            if legal.steps == play.steps:
                return legal
        return parse_play(self.position, self.dice, str(play))


class Match:
    """A match to ``length`` points (1-25), or a money session when ``length`` is 0 or None.

    A single game is the first game of a money session: ``Match(0)``, then ``game.result`` says
    who won and how much (``match.winner`` stays None; a money session has no target).
    ``score`` is capped at the target (the match ends exactly when a player reaches it);
    ``points_won()`` gives the points actually won.

    ``cube`` turns the doubling cube on (off by default, as in the product); ``crawford`` applies
    the Crawford rule (on by default). ``seed`` seeds ``match.rng``, the random source to pass to
    ``game.roll``; a fresh seed is drawn when none is given, so every match can be replayed.

    >>> match = Match(3, cube=True, seed=7)
    >>> match.score, match.winner, match.is_crawford_game
    ((0, 0), None, False)
    """

    FORMAT = "backgammon-desktop/match"
    VERSION = 1

    def __init__(
        self,
        length: int | None = 0,
        *,
        cube: bool = False,
        crawford: bool = True,
        players: Sequence[str] = ("Player 1", "Player 2"),
        seed: int | None = None,
    ) -> None:
        length = 0 if length is None else length
        if not isinstance(length, int) or isinstance(length, bool):
            raise _fail("The match length must be a whole number.")
        if not 0 <= length <= MAX_MATCH_LENGTH:
            raise _fail(f"A match is played to 1-{MAX_MATCH_LENGTH} points (0 for a money game).")
        names_ok = not isinstance(players, str) and len(players) == 2
        if not names_ok or not all(isinstance(p, str) for p in players):
            raise _fail("A match needs two player names.")
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 63)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise _fail("The seed must be a whole number.")
        self.length = length
        self.cube_enabled = bool(cube)
        self.crawford_enabled = bool(crawford)
        self.players = (players[0], players[1])
        self.seed = seed
        self.rng = random.Random(seed)
        self.games: list[Game] = []
        # a .mat file's header tags (``; [EventDate "2026.12.01"]``: {"EventDate": ...}), kept
        # so that an export writes them again
        self.tags: dict[str, str] = {}
        self._start_score = (0, 0)
        self._setup: dict[str, Any] | None = None
        self._crawford_played_before = False  # set up from IDs after a Crawford game
        self._setup_made_game = False  # the setup action created the first game

    # -- queries ----------------------------------------------------------------------------------
    @property
    def is_money(self) -> bool:
        """True for a money session (no target score)."""
        return self.length == 0

    @property
    def game(self) -> Game | None:
        """The current (last) game, or None before the first."""
        return self.games[-1] if self.games else None

    @property
    def score(self) -> tuple[int, int]:
        """Points of player 0 and player 1 from finished games, each capped at the match length."""
        score = self.points_won()
        if self.length:
            return min(score[0], self.length), min(score[1], self.length)
        return score

    def points_won(self) -> tuple[int, int]:
        """Points of player 0 and player 1 from finished games, not capped at the match length."""
        score = list(self._start_score)
        for game in self.games:
            if game.result is not None:
                score[game.result.winner] += game.result.points
        return score[0], score[1]

    @property
    def winner(self) -> int | None:
        """The player who reached the match length, or None (always None in a money session)."""
        if not self.length:
            return None
        for player, points in enumerate(self.score):
            if points >= self.length:
                return player
        return None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def is_crawford_game(self) -> bool:
        """True when the current game (or the next one, between games) is the Crawford game."""
        game = self.game
        if game is not None and not game.is_over:
            return game.is_crawford
        return self._next_is_crawford()

    def _next_is_crawford(self) -> bool:
        if not self.crawford_enabled or self.length < 2 or self.is_over:
            return False
        if self._crawford_played_before or any(g.is_crawford for g in self.games):
            return False
        return max(self.score) == self.length - 1

    @property
    def began_from_setup(self) -> bool:
        """True when the match began from a position set up by its IDs (an editor, pasted IDs),
        not from the start."""
        return self._setup is not None

    @property
    def history(self) -> list[dict[str, Any]]:
        """Every action of the match in order (``new_game`` marks each game's start)."""
        out: list[dict[str, Any]] = []
        if self._setup is not None:
            out.append(dict(self._setup))
        for index, game in enumerate(self.games):
            if index or not self._setup_made_game:
                out.append({"type": "new_game"})
            out.extend(game.history)
        return out

    # -- actions ----------------------------------------------------------------------------------
    def new_game(self) -> Game:
        """Start the next game (after the previous one ended); returns it."""
        if self.is_over:
            raise _fail("The match is over.")
        if self.game is not None and not self.game.is_over:
            raise _fail("The current game is not finished.")
        crawford = self._next_is_crawford()
        game = Game(
            cube_enabled=self.cube_enabled,
            crawford=crawford,
            match_length=self.length,
            match_score=self.score,
        )
        self.games.append(game)
        return game

    def apply(self, action: dict[str, Any]) -> None:
        """Perform one action from ``history`` (``new_game``, ``setup`` or a game action)."""
        if not isinstance(action, dict):
            raise _fail(f"An action must be a JSON object, not {action!r}.")
        kind = action.get("type")
        if not isinstance(kind, str):
            raise _fail(f"An action's type is a name, not {kind!r}.")
        if kind == "new_game":
            self.new_game()
        elif kind == "setup":
            if self.games or self._setup is not None:
                raise _fail("A setup can only start a match.")
            try:
                self._set_up(_text(action["position_id"]), _text(action["match_id"]))
            except KeyError as exc:
                raise _fail(f"The setup action lacks {exc.args[0]!r}.") from None
        else:
            if self.game is None:
                raise _fail(f"No game has started for the action {kind!r}.")
            self.game.apply(action)

    # -- Match ID ---------------------------------------------------------------------------------
    def match_id_fields(self) -> MatchIdFields:
        """The state of the match and its current game as Match ID fields."""
        game = self.game
        # As GNU Backgammon writes it: the points actually won (beyond the target at the end;
        # the running total of a money session).
        score = self.points_won()
        if game is None:
            return MatchIdFields(
                match_length=self.length, score=score, game_state=GAME_NONE, jacoby=False
            )
        on_roll = game.player_on_roll
        doubled = game.state is GameState.AWAITING_TAKE
        dice = (0, 0)
        if game.state is GameState.AWAITING_PLAY and game.dice is not None:
            dice = (max(game.dice), min(game.dice))
        state = GAME_PLAYING
        resigned_to = None
        resigned = 0
        if game.result is not None and game.result.reason is EndReason.RESIGNED:
            # as GNU Backgammon shows an accepted resignation: its value, the winner to decide
            resigned_to = game.result.winner
            resigned = int(game.result.kind)
        if game.result is not None:
            state = {
                EndReason.BORNE_OFF: GAME_OVER,
                EndReason.DROPPED: GAME_DROPPED,
                EndReason.RESIGNED: GAME_RESIGNED,
            }[game.result.reason]
        return MatchIdFields(
            match_length=self.length,
            score=score,
            cube=game.cube_value,
            cube_owner=-1 if game.cube_owner is None else game.cube_owner,
            player_on_roll=on_roll,
            turn=1 - on_roll if doubled else (resigned_to if resigned_to is not None else on_roll),
            # GNU Backgammon clears the flag when a game ends; it is set for the next game
            crawford=game.is_crawford and game.result is None,
            doubled=doubled,
            dice=dice,
            game_state=state,
            resigned=resigned,
            jacoby=False,
        )

    def match_id(self) -> str:
        """The GNU Backgammon Match ID of the current state."""
        return self.match_id_fields().encode()

    def position_id(self) -> str:
        """The GNU Backgammon Position ID of the current game (from the player on roll)."""
        game = self.game
        return (game.position if game else Position.start()).position_id()

    @classmethod
    def from_ids(
        cls,
        position_id: str,
        match_id: str,
        *,
        players: Sequence[str] = ("Player 1", "Player 2"),
        seed: int | None = None,
        cube: bool = True,
        crawford: bool = True,
    ) -> Match:
        """Set up a match in play from a Position ID and a Match ID (as GNU Backgammon shows them).

        The position is from the view of the player on roll (the doubler while a double is
        pending). By default the cube is in use (as in GNU Backgammon) and the Crawford rule
        applies; a score at one point from the target without the Crawford flag is taken as
        post-Crawford.
        Raises ``InvalidMatchIdError`` / ``InvalidPositionIdError`` for bad or unsupported IDs.
        """
        fields = MatchIdFields.decode(match_id)
        if fields.match_length > MAX_MATCH_LENGTH:
            raise InvalidMatchIdError(
                f"Match length {fields.match_length}: matches go to 1-{MAX_MATCH_LENGTH} points."
            )
        match = cls(fields.match_length, cube=cube, crawford=crawford, players=players, seed=seed)
        match._set_up(position_id, match_id)
        return match

    def _set_up(self, position_id: str, match_id: str) -> None:
        fields = MatchIdFields.decode(match_id)
        position = Position.from_position_id(position_id)
        if fields.match_length != self.length:
            raise InvalidMatchIdError(
                f"The Match ID is for a {fields.match_length}-point match, not {self.length}."
            )
        refusal = setup_refusal(position, fields, cube_enabled=self.cube_enabled)
        if refusal is not None:
            text = SETUP_REFUSAL_TEXT[refusal]
            if refusal == SetupRefusal.DOUBLE_NOT_ALLOWED:
                why = _refusal_of_the_double(fields, self.cube_enabled)
                if why is not None:
                    text = f"{text} {DOUBLE_REFUSAL_TEXT[why]}"  # and which rule
            raise InvalidMatchIdError(text, refusal)
        n = self.length
        self._start_score = fields.score
        self._crawford_played_before = bool(
            n >= 2 and not fields.crawford and n - 1 in fields.score
        )
        self._setup = {"type": "setup", "position_id": position_id, "match_id": match_id}
        if fields.game_state == GAME_NONE:
            return
        game = Game(
            cube_enabled=self.cube_enabled,
            crawford=fields.crawford,
            match_length=self.length,
            match_score=self._start_score,
        )
        game.position = position
        game.player_on_roll = fields.player_on_roll
        game.cube_value = fields.cube
        game.cube_owner = None if fields.cube_owner == -1 else fields.cube_owner
        if fields.doubled:
            game.state = GameState.AWAITING_TAKE
        elif fields.dice[0]:
            game.dice = fields.dice
            game.state = GameState.AWAITING_PLAY
        else:
            game.state = GameState.AWAITING_ROLL
        self.games.append(game)
        self._setup_made_game = True

    # -- save, load, replay -----------------------------------------------------------------------
    def settings(self) -> dict[str, Any]:
        return {
            "match_length": self.length,
            "cube": self.cube_enabled,
            "crawford": self.crawford_enabled,
            "players": list(self.players),
        }

    def to_json(self) -> dict[str, Any]:
        """The versioned save format: settings, the random source and the whole history."""
        version, internal, gauss = self.rng.getstate()
        return {
            "format": self.FORMAT,
            "version": self.VERSION,
            "settings": self.settings(),
            "rng": {"seed": self.seed, "state": [version, list(internal), gauss]},
            "history": self.history,
        }

    @classmethod
    def replay(
        cls, settings: dict[str, Any], history: Sequence[dict[str, Any]], *, seed: int = 0
    ) -> Match:
        """A new match with ``settings`` (as ``settings()`` gives) after every action of
        ``history``; raises ``EngineError`` subclasses for an action that is not legal."""
        match = cls(
            settings.get("match_length", 0),
            cube=settings.get("cube", False),
            crawford=settings.get("crawford", True),
            players=settings.get("players", ("Player 1", "Player 2")),
            seed=seed,
        )
        for action in history:
            match.apply(action)
        return match


# -- states set up from IDs or by hand ---------------------------------------------------------


class SetupRefusal:
    """Why a position and match state cannot be set up (``InvalidMatchIdError.reason``)."""

    LENGTH = "length"
    SCORE = "score"
    GAME_STATE = "game_state"
    RESIGNATION = "resignation"
    CUBE_MAXIMUM = "cube_maximum"
    DOUBLE_BEYOND_MAXIMUM = "double_beyond_maximum"
    CRAWFORD_SCORE = "crawford_score"
    CRAWFORD_CUBE = "crawford_cube"
    REDOUBLE = "redouble"
    GAME_OVER = "game_over"
    NO_CUBE = "no_cube"
    NO_LEGAL_PLAY = "no_legal_play"
    NO_ONE_MOVES = "no_one_moves"
    DOUBLE_NOT_ALLOWED = "double_not_allowed"
    # only for a state set up by hand (``hand_setup_refusal``): GNU Backgammon's own editor can
    # show these, but no game played by the rules reaches them
    CUBE_OWNER = "cube_owner"
    CRAWFORD_PLAYED = "crawford_played"
    CRAWFORD_DUE = "crawford_due"


SETUP_REFUSAL_TEXT = {
    SetupRefusal.LENGTH: f"Matches go to 1-{MAX_MATCH_LENGTH} points.",
    SetupRefusal.SCORE: "The score already reaches the match length.",
    SetupRefusal.GAME_STATE: "Only a match with a game in play (or none) can be set up.",
    SetupRefusal.RESIGNATION: "Resignation offers are not supported.",
    SetupRefusal.CUBE_MAXIMUM: f"The cube goes up to {MAX_CUBE}.",
    SetupRefusal.DOUBLE_BEYOND_MAXIMUM: (
        f"The cube goes up to {MAX_CUBE}: the double shown would take it to {2 * MAX_CUBE}."
    ),
    SetupRefusal.CRAWFORD_SCORE: "A Crawford game needs a player one point from the target.",
    SetupRefusal.CRAWFORD_CUBE: "The cube is not used in the Crawford game.",
    SetupRefusal.REDOUBLE: "Only the owner of the cube may redouble.",
    SetupRefusal.GAME_OVER: "The position is a finished game, not a game in play.",
    SetupRefusal.NO_CUBE: "The Match ID shows a cube in a match played without it.",
    SetupRefusal.NO_LEGAL_PLAY: "The roll has no legal play: the turn has passed.",
    SetupRefusal.NO_ONE_MOVES: (
        "Neither player could ever move: no roll has a legal play for either side."
    ),
    SetupRefusal.DOUBLE_NOT_ALLOWED: "The double shown is one the rules do not allow.",
    SetupRefusal.CUBE_OWNER: (
        "A cube at 1 stays in the middle; a doubled cube belongs to the player who took it."
    ),
    SetupRefusal.CRAWFORD_PLAYED: (
        "With both players one point from the target the Crawford game has been played."
    ),
    SetupRefusal.CRAWFORD_DUE: (
        "With a player one point from the target and the other at 0, this is the Crawford game."
    ),
}


def _refusal_of_the_double(fields: MatchIdFields, cube_enabled: bool) -> str | None:
    """Why the double that ``fields`` show pending could not have been offered, or None."""
    before = replace(fields, doubled=False, turn=fields.player_on_roll, dice=(0, 0))
    return match_id_double_refusal(before, cube=cube_enabled)


def setup_refusal(
    position: Position, fields: MatchIdFields, *, cube_enabled: bool = True
) -> str | None:
    """Why ``position`` (seen from the player on roll) and the match state ``fields`` cannot be
    set up as a match in play (a ``SetupRefusal`` code), or None.

    These are the rules ``Match.from_ids`` applies; a match played without the cube
    (``cube_enabled`` False) allows no cube action.
    """
    n = fields.match_length
    if n > MAX_MATCH_LENGTH:
        return SetupRefusal.LENGTH
    if n and max(fields.score) >= n:
        return SetupRefusal.SCORE
    if fields.game_state not in (GAME_NONE, GAME_PLAYING):
        return SetupRefusal.GAME_STATE
    if fields.resigned:
        return SetupRefusal.RESIGNATION
    if fields.cube > MAX_CUBE:
        return SetupRefusal.CUBE_MAXIMUM
    cube_used = fields.cube != 1 or fields.cube_owner != -1 or fields.doubled
    if fields.crawford and (n < 1 or n - 1 not in fields.score):
        return SetupRefusal.CRAWFORD_SCORE
    if fields.crawford and n > 1 and fields.score == (n - 1, n - 1):
        # no game reaches it, GNU Backgammon's neither (a pasted one was taken while the
        # position editor refused it: found by a tester); GNU Backgammon marks the one game
        # of a 1-point match so
        return SetupRefusal.CRAWFORD_PLAYED
    if fields.crawford and cube_used:
        return SetupRefusal.CRAWFORD_CUBE
    if fields.doubled and fields.cube_owner not in (-1, fields.player_on_roll):
        return SetupRefusal.REDOUBLE
    if fields.doubled and fields.cube >= MAX_CUBE:  # (said as "the cube goes up to 64" alone,
        # of an ID with the cube at 64, it left a tester looking for a cube above it)
        return SetupRefusal.DOUBLE_BEYOND_MAXIMUM
    if position.is_game_over() and fields.game_state == GAME_PLAYING:
        return SetupRefusal.GAME_OVER
    if not cube_enabled and cube_used:
        return SetupRefusal.NO_CUBE
    if fields.doubled and _refusal_of_the_double(fields, cube_enabled) is not None:
        return SetupRefusal.DOUBLE_NOT_ALLOWED  # a double the doubler could not have offered
    playing = fields.game_state == GAME_PLAYING and not fields.doubled
    if playing and fields.dice[0] and not legal_plays(position, fields.dice):
        return SetupRefusal.NO_LEGAL_PLAY
    if fields.game_state == GAME_PLAYING and not any(
        may_ever_move(side) for side in (position, position.swapped())
    ):  # each closed out by the other: the turn would pass for ever (found by a tester)
        return SetupRefusal.NO_ONE_MOVES
    return None


def hand_setup_refusal(
    position: Position, fields: MatchIdFields, *, cube_enabled: bool = True
) -> str | None:
    """``setup_refusal``, and also what no game played by the rules can reach: a cube at 1 with
    an owner or a doubled cube in the middle, a Crawford game in a 1-point match, and a game
    after the Crawford game at a score only the Crawford game has (the other player wins at
    least a point in it), with the Crawford rule played (the position editor's rules)."""
    refusal = setup_refusal(position, fields, cube_enabled=cube_enabled)
    if refusal is not None:
        return refusal
    if (fields.cube == 1) != (fields.cube_owner == -1):
        return SetupRefusal.CUBE_OWNER
    n = fields.match_length
    if fields.crawford and fields.score == (n - 1, n - 1):
        return SetupRefusal.CRAWFORD_PLAYED
    if n >= 2 and not fields.crawford and sorted(fields.score) == [0, n - 1]:
        return SetupRefusal.CRAWFORD_DUE
    return None


# -- small helpers ------------------------------------------------------------------------------


def _check_player(player: object) -> None:
    if player not in (0, 1) or isinstance(player, bool):
        raise _fail(f"A player is 0 or 1, not {player!r}.")


def _two_dice(dice: Sequence[int]) -> tuple[int, int]:
    try:
        return dice_module.two_dice(dice)
    except ValueError as exc:
        raise _fail(str(exc)) from None


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise _fail(f"Expected text, not {value!r}.")
    return value


def _mat_move(dice: tuple[int, int], steps: Sequence[Step]) -> str:
    """One roll in Jellyfish notation: ``52: 13/8 24/22 `` (bar 25, off 0, hits marked)."""
    high, low = max(dice), min(dice)
    text = f"{high}{low}: "
    for i, step in enumerate(steps):
        text += f"{step.src}/{step.dst}{'*' if step.hit else ''}"
        if i < 3:
            text += " "
    return text


def _playing_order(
    position: Position, dice: tuple[int, int], steps: Sequence[Step]
) -> Sequence[Step]:
    """``steps`` in an order in which they can be played one by one from ``position`` (their
    own order when it can be: a route as it was played stays as it was)."""
    for order in permutations(steps):  # the first is the steps' own order
        builder = TurnBuilder(position, dice)
        try:
            for step in order:
                builder.move_checker(step.src, step.dst)
        except IllegalPlayError:
            continue
        return order
    return steps


__all__ = [
    "SETUP_REFUSAL_TEXT",
    "SetupRefusal",
    "hand_setup_refusal",
    "setup_refusal",
    "EndReason",
    "EngineError",
    "Game",
    "GameResult",
    "GameState",
    "DOUBLE_REFUSAL_TEXT",
    "MAX_CUBE",
    "cube_refusal",
    "match_id_double_refusal",
    "DoubleRefusal",
    "Match",
    "ResultKind",
    "result_kind",
]
