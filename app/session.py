"""The game or match being played in the window, over the engine's ``Match``, and its saving.

The rules of the match (opening roll, dice, cube, Crawford rule, scoring) are the engine's
``engine.match.Match``; this module adds what the window needs on top: the player's turn being
built step by step (``TurnBuilder``, with undo), a roll without a legal move kept on show until
the window has announced it, the names and the computer's level, and the board as the 28
locations the QML board draws (``absolute_board()``).

Players are absolute: player 0 plays white from the bottom, player 1 black. No Qt here.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import asdict, dataclass
from typing import Any

from ai.levels import LEVEL_NAMES
from app.move_log import LogLine
from engine import IllegalActionError, Position, TurnBuilder, jsonfile
from engine.jsonfile import JsonValueError
from engine.match import (
    MAX_MATCH_LENGTH,
    DoubleRefusal,
    EndReason,
    GameState,
    Match,
    ResultKind,
)
from engine.match import (
    GameResult as EngineResult,
)
from engine.matchid import MatchIdFields, encode_match_id
from engine.moves import Play, Step
from engine.save import load_match_data

SAVE_VERSION = 2
MATCH_LENGTHS = (0, 3, 5, 7, 11)  # the lengths the product offers (the engine allows 1-25)
LEVELS = LEVEL_NAMES

# Locations of the board (see Board.qml): 0 player 0 off, 1..24 points in player 0's numbering,
# 25 player 0's bar, 26 player 1's bar, 27 player 1 off.
BAR_LOCATION = (25, 26)
OFF_LOCATION = (0, 27)


def to_location(player: int, point: int) -> int:
    """The board location of ``point`` (25 bar, 0 off) in ``player``'s own numbering."""
    if point == 25:
        return BAR_LOCATION[player]
    if point == 0:
        return OFF_LOCATION[player]
    return point if player == 0 else 25 - point


def from_location(player: int, location: int) -> int | None:
    """The point in ``player``'s numbering of a board location, or None if it is not theirs."""
    if 1 <= location <= 24:
        return location if player == 0 else 25 - location
    if location == BAR_LOCATION[player]:
        return 25
    if location == OFF_LOCATION[player]:
        return 0
    return None


def absolute_board(pos: Position, on_roll: int) -> list[int]:
    """The 28 locations drawn by the board for ``pos`` seen from player ``on_roll``."""
    sides = (pos.on_roll, pos.opponent) if on_roll == 0 else (pos.opponent, pos.on_roll)
    board = [0] * 28
    for player, side in enumerate(sides):
        sign = 1 if player == 0 else -1
        for i in range(24):
            if side[i]:
                board[to_location(player, i + 1)] += sign * side[i]
        board[BAR_LOCATION[player]] = side[24]
        board[OFF_LOCATION[player]] = 15 - sum(side)
    return board


@dataclass
class MatchSettings:
    """What the new-game dialog chooses."""

    match_length: int = 0  # 0: a single game
    cube: bool = False
    crawford: bool = True
    names: tuple[str, str] = ("", "")  # empty: the default name in the language shown
    computer: bool = True  # player 1 is the computer
    level: str = "medium"

    def __post_init__(self) -> None:
        length = self.match_length
        if not isinstance(length, int) or not 0 <= length <= MAX_MATCH_LENGTH:
            raise ValueError(f"A match is to 1-{MAX_MATCH_LENGTH} points (0 = one game): {length}")
        if self.level not in LEVELS:
            raise ValueError(f"Unknown computer level {self.level!r}")
        self.names = (str(self.names[0])[:40], str(self.names[1])[:40])

    @classmethod
    def from_dict(cls, data: object) -> MatchSettings:
        """The settings of a save, every value checked; raises ``ValueError`` (a
        ``jsonfile.JsonValueError`` naming the value) for a wrong type or a value out of range."""
        d = jsonfile.mapping(data, "the game's settings")
        names = jsonfile.array(d.get("names", ["", ""]), "the names", length=2, each=_name)
        return cls(
            match_length=jsonfile.integer(
                d.get("match_length", 0), "the match length", 0, MAX_MATCH_LENGTH
            ),
            cube=jsonfile.boolean(d.get("cube", False), "the cube setting"),
            crawford=jsonfile.boolean(d.get("crawford", True), "the Crawford setting"),
            names=(names[0], names[1]),
            computer=jsonfile.boolean(d.get("computer", True), "the opponent setting"),
            level=jsonfile.text(d.get("level", "medium"), "the level", max_length=20),
        )


def _name(value: object, where: str) -> str:
    return jsonfile.text(value, where, max_length=200)


@dataclass(frozen=True)
class GameResult:
    winner: int
    kind: int  # 1 single, 2 gammon, 3 backgammon
    cube: int
    points: int
    resigned_by_pass: bool = False
    resigned: bool = False

    @classmethod
    def from_engine(cls, r: EngineResult) -> GameResult:
        return cls(
            r.winner,
            int(r.kind),
            r.cube_value,
            r.points,
            r.reason is EndReason.DROPPED,
            r.reason is EndReason.RESIGNED,
        )


_PHASES = {
    GameState.OPENING: "opening",
    GameState.AWAITING_ROLL: "roll",
    GameState.AWAITING_TAKE: "double",
    GameState.AWAITING_PLAY: "move",
}


class Session:
    """A match (or single game) in progress; every action checks that it is allowed now.

    Phases: ``opening`` (before the first roll of a game), ``roll`` (the player on roll may double
    or roll), ``move`` (dice rolled, steps being made; also a roll without a legal move until
    ``end_turn``), ``double`` (a double offered, the opponent must take or pass), ``game_over``
    and ``match_over``. Illegal actions raise ``IllegalActionError`` / ``IllegalPlayError``.
    """

    def __init__(
        self, settings: MatchSettings, rng: random.Random | None = None, seed: int | None = None
    ) -> None:
        self.settings = settings
        if seed is None:
            seed = (rng or random.SystemRandom()).getrandbits(62)
        self.match = Match(
            settings.match_length,
            cube=settings.cube,
            crawford=settings.crawford,
            players=(settings.names[0] or "White", settings.names[1] or "Black"),
            seed=seed,
        )
        # This match's own name among all played here (the statistics count each game once by
        # it): the same seed is played again by "replay with these dice"
        self.id = secrets.token_hex(8)
        # This object's own identity in the window's keys ("the decision now"): an id() is
        # reused once its object is gone, and a match read again keeps its ``id``
        self.token = object()
        self.game_number = 0
        self.turn: TurnBuilder | None = None
        self.opening_dice: tuple[int, int] | None = None
        self.log: list[str] = []
        self.source = ""  # "" played here; "mat": read from a match file (not counted as played)
        # A roll without a legal move: (player, dice, position) shown until end_turn; the
        # engine has already passed the turn.
        self._passed: tuple[int, tuple[int, int], Position] | None = None
        # The analysis of the match (``ai.analysis.MatchAnalysis``), saved with it; and why a
        # saved one was dropped
        self.analysis: Any = None
        self.analysis_problem: tuple[str, str] | None = None  # see ``saved_analysis``

    # -- the match's state ----------------------------------------------------------------------
    @property
    def rng(self) -> random.Random:
        return self.match.rng

    @property
    def game(self):  # noqa: ANN201  (engine.match.Game)
        if self.match.game is None:
            raise IllegalActionError("No game has started.")
        return self.match.game

    @property
    def score(self) -> list[int]:
        return list(self.match.score)

    @property
    def crawford_game(self) -> bool:
        return self.match.game.is_crawford if self.match.game else self.match.is_crawford_game

    @property
    def phase(self) -> str:
        if self._passed is not None:
            return "move"
        state = self.game.state
        if state is GameState.GAME_OVER:
            return "match_over" if self.match.is_over else "game_over"
        return _PHASES[state]

    @property
    def on_roll(self) -> int:
        return self._passed[0] if self._passed else self.game.player_on_roll

    @property
    def position(self) -> Position:
        """The board before the current turn, from the view of the player on roll."""
        return self._passed[2] if self._passed else self.game.position

    @property
    def dice(self) -> tuple[int, int] | None:
        if self._passed:
            return self._passed[1]
        return self.game.dice if self.game.state is GameState.AWAITING_PLAY else None

    @property
    def cube_value(self) -> int:
        return self.game.cube_value

    @property
    def cube_owner(self) -> int:
        owner = self.game.cube_owner
        return -1 if owner is None else owner

    @property
    def result(self) -> GameResult | None:
        r = self.game.result if self.match.game else None
        return None if r is None else GameResult.from_engine(r)

    @classmethod
    def for_match(
        cls,
        match: Match,
        *,
        names: tuple[str, str] = ("", ""),
        computer: bool = False,
        level: str = "medium",
    ) -> Session:
        """A session that goes on from ``match`` as the engine set it up (``Match.from_ids``),
        with the window's names and opponent. A match set up between games starts its next
        game (the opening roll is then to be made)."""
        settings = MatchSettings(
            match_length=match.length,
            cube=match.cube_enabled,
            crawford=match.crawford_enabled,
            names=names,
            computer=computer,
            level=level,
        )
        session = cls(settings, seed=0)
        session.match = match
        if match.game is None:
            session.start_game()
        else:
            session.game_number = len(match.games)
        game = session.game
        if game.state is GameState.AWAITING_PLAY:
            session.turn = game.turn_builder()
            if game.opening is not None and not game.turns:
                session.opening_dice = (game.opening.dice[0], game.opening.dice[1])
        return session

    # -- game set-up ----------------------------------------------------------------------------
    def start_game(self) -> None:
        """Start the next game; the opening roll comes with ``opening()``."""
        self.match.new_game()
        self.game_number += 1
        self.turn = None
        self.opening_dice = None
        self._passed = None
        self.log = []

    def opening(self, dice: tuple[int, int] | None = None) -> tuple[int, int]:
        """Roll one die each (ties re-rolled; or ``dice``, player 0's die and player 1's); the
        higher die starts with both numbers."""
        if self.phase != "opening":
            raise IllegalActionError("The opening roll is made only at the start of a game.")
        self._roll(dice)
        opening = self.game.opening
        self.opening_dice = (opening.dice[0], opening.dice[1])
        self.log.append(str(LogLine.opening(*opening.dice)))
        return self.opening_dice

    def set_up(
        self,
        position: Position,
        on_roll: int,
        *,
        dice: tuple[int, int] | None = None,
        cube_value: int = 1,
        cube_owner: int = -1,
        score: tuple[int, int] = (0, 0),
        crawford: bool = False,
    ) -> None:
        """Continue from any state GNU Backgammon can show (screenshots, lessons, tests):
        ``position`` from the view of ``on_roll``, before the roll unless ``dice`` are given."""
        fields = MatchIdFields(
            match_length=self.settings.match_length,
            score=(int(score[0]), int(score[1])),
            cube=int(cube_value),
            cube_owner=int(cube_owner),
            player_on_roll=int(on_roll),
            turn=int(on_roll),
            crawford=bool(crawford),
            dice=(0, 0),
        )
        seed = self.match.rng.getrandbits(62)
        self.match = Match.from_ids(
            position.position_id(),
            encode_match_id(fields),
            players=self.match.players,
            seed=seed,
            cube=self.settings.cube,
            crawford=self.settings.crawford,
        )
        self.turn = None
        self.opening_dice = None
        self._passed = None
        if dice:
            self._roll((int(dice[0]), int(dice[1])))

    # -- before the roll ------------------------------------------------------------------------
    def double_refusal(self) -> str | None:
        """Why the player on roll may not double now (``engine.match.DoubleRefusal``), or None."""
        if self.phase != "roll":
            return DoubleRefusal.AFTER_ROLL if self.phase == "move" else DoubleRefusal.NOT_NOW
        return self.game.double_refusal()

    def may_double(self) -> bool:
        """True when the player on roll may offer a double now (the engine's rule)."""
        return self.double_refusal() is None

    def in_progress(self) -> bool:
        """True when starting something else now would throw away a game or match under way."""
        if self.match.game is None or self.phase == "match_over":
            return False
        if self.phase == "game_over":
            return self.settings.match_length > 0
        if len(self.match.games) > 1 or any(self.match.score):
            return True  # games won, or a score set up (a pasted match at 2-0 was replaced)
        if self.settings.computer and not self.settings.match_length:
            # a single game against the computer in which the person has done nothing yet (the
            # computer won the opening roll and played, as at the first start): nothing of
            # theirs is lost, and leaving it is no resignation counted against them; a position
            # they set up is theirs (a teacher's, replaced unasked once the computer had moved
            # from it: found by a tester)
            return self.person_has_acted() or self.match.began_from_setup
        return bool(self.game.turns) or self.person_has_acted()

    def person_has_acted(self) -> bool:
        """Whether the person (player 0) has rolled, played or met the cube in this game."""
        game = self.game
        if game is None:
            return False
        # (the opening roll is no act of theirs; a roll of their own turn is, and so is the
        # first roll of a game set up from IDs or the editor)
        rolled = (
            self.phase == "move"
            and self.on_roll == 0
            and (bool(game.turns) or self.match.began_from_setup)
        )
        cube = self.phase == "double" or game.cube_value > 1
        return rolled or cube or any(turn[0] == 0 for turn in game.turns)

    def roll(self, dice: tuple[int, int] | None = None) -> tuple[int, int]:
        if self.phase != "roll":
            raise IllegalActionError("You cannot roll now.")
        return self._roll(dice)

    def _roll(self, dice: tuple[int, int] | None) -> tuple[int, int]:
        game = self.game
        player, before = game.player_on_roll, game.position
        opening = game.state is GameState.OPENING
        if dice is None:
            game.roll(self.match.rng)
        else:
            game.roll(dice=dice)
        if opening:
            player, before = game.player_on_roll, game.position
        if game.state is GameState.AWAITING_PLAY:
            assert game.dice is not None
            self.turn = game.turn_builder()
            return game.dice
        # No legal move: the engine passed the turn at once; keep it on show.
        mover, rolled, _play = game.turns[-1]
        self._passed = (mover, rolled, before if mover == player else before.swapped())
        self.turn = TurnBuilder(self._passed[2], rolled)
        return rolled

    def double(self) -> None:
        if not self.may_double():
            raise IllegalActionError("Doubling is not allowed now.")
        self.game.double()
        self.log.append(str(LogLine.cube(self.on_roll, "double", self.game.cube_value * 2)))

    def take(self) -> None:
        if self.phase != "double":
            raise IllegalActionError("No double is offered.")
        self.game.take()
        self.log.append(str(LogLine.cube(1 - self.on_roll, "take", self.game.cube_value)))

    def pass_double(self) -> GameResult:
        if self.phase != "double":
            raise IllegalActionError("No double is offered.")
        taker = 1 - self.on_roll
        self.game.drop()
        self.log.append(str(LogLine.cube(taker, "drop", self.game.cube_value)))
        result = self.result
        assert result is not None
        return result

    def resign(self, player: int, kind: int) -> GameResult:
        """``player`` gives the game up for a single game (1), a gammon (2) or a backgammon (3)."""
        if self.phase not in ("roll", "move", "double"):
            raise IllegalActionError("A player can resign only while a game is being played.")
        if self._passed is not None:
            self._passed = None
        self.game.resign(player, ResultKind(int(kind)))
        self.log.append(str(LogLine.resigned(player, int(kind))))
        self.turn = None
        result = self.result
        assert result is not None
        return result

    # -- moving ---------------------------------------------------------------------------------
    def move(self, src: int, dst: int) -> Step:
        if self.phase != "move" or self.turn is None:
            raise IllegalActionError("Roll the dice first.")
        return self.turn.move_checker(src, dst)

    def undo(self) -> Step | None:
        if self.phase != "move" or self.turn is None:
            return None
        return self.turn.undo()

    def end_turn(self) -> Play:
        """Finish the turn (the play must be complete); passes the dice to the opponent."""
        if self.phase != "move" or self.turn is None or self.dice is None:
            raise IllegalActionError("There is no turn to end.")
        mover, dice = self.on_roll, self.dice
        if self._passed is not None:
            play = Play(())
            self._passed = None
        else:
            play = self.turn.play()
            self.game.play(play)
        self.log.append(str(LogLine.played(mover, dice, str(play))))
        self.turn = None
        self.opening_dice = None
        return play

    # -- views ----------------------------------------------------------------------------------
    def current_position(self) -> Position:
        """The board now, from the view of the player on roll (with steps made so far)."""
        if self.turn is not None:
            return self.turn.current_position()
        return self.position

    def absolute_board(self) -> list[int]:
        """The 28 locations drawn by the board (see the module doc)."""
        return absolute_board(self.current_position(), self.on_roll)

    def pip_counts(self) -> tuple[int, int]:
        mine, theirs = self.current_position().pip_count()
        return (mine, theirs) if self.on_roll == 0 else (theirs, mine)

    def match_over(self) -> bool:
        return self.phase == "match_over"

    # -- saving ---------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The engine's match save, plus the window's own state (names, level, the turn so far)."""
        building = self.turn is not None and self._passed is None
        return {
            "version": SAVE_VERSION,
            "id": self.id,
            "settings": {**asdict(self.settings), "names": list(self.settings.names)},
            "match": self.match.to_json(),
            "game_number": self.game_number,
            "opening_dice": list(self.opening_dice) if self.opening_dice else None,
            "steps": [[s.src, s.dst] for s in self.turn.steps] if building and self.turn else [],
            "log": list(self.log),
            "source": self.source,
            **({"analysis": self.analysis.to_json()} if self.analysis is not None else {}),
        }

    @classmethod
    def from_json(cls, text: str | bytes) -> Session:
        """Rebuild a session saved by ``to_dict`` as JSON text; raises ``ValueError``."""
        return saved_session(jsonfile.parse_json(text))

    @classmethod
    def from_dict(cls, data: object) -> Session:
        """Rebuild a session from ``to_dict`` data; raises ``ValueError`` (``saved_session``)."""
        return saved_session(data)


MAX_GAMES = 100_000
MAX_LOG = 10_000


def saved_session(data: object) -> Session:
    """A session from saved data (``Session.to_dict``), every value checked by type and range
    with ``engine.jsonfile``'s checks and the match by the engine's save format.

    Raises ``ValueError`` only: ``jsonfile.JsonValueError`` naming a missing, wrong-typed or
    out-of-range value, ``SaveFormatError`` for a damaged match, the engine's errors for steps
    the rules do not allow, and a plain ``ValueError`` for settings that do not fit the match.
    """
    d = jsonfile.mapping(data, "the saved game")
    version = d.get("version")
    if type(version) is not int or version != SAVE_VERSION:
        raise JsonValueError(f"the save's version is {jsonfile.shown(version)}, not {SAVE_VERSION}")
    session = Session(MatchSettings.from_dict(d.get("settings")), seed=0)
    m = session.match = load_match_data(d.get("match"))
    # a save from before matches had their own name: its seed, as the statistics knew it then
    session.id = jsonfile.text(d.get("id", str(m.seed)), "the match's name", max_length=40)
    if m.game is None:
        raise ValueError("The saved match has no game.")
    settings = session.settings
    if (m.length, m.cube_enabled, m.crawford_enabled) != (
        settings.match_length,
        settings.cube,
        settings.crawford,
    ):
        raise ValueError("The saved settings do not fit the saved match.")
    session.game_number = jsonfile.integer(
        d.get("game_number", len(m.games)), "the game number", 0, MAX_GAMES
    )
    opening = d.get("opening_dice")
    if opening is not None:
        d0, d1 = jsonfile.array(opening, "the opening dice", length=2, each=_die)
        session.opening_dice = (d0, d1)
    session.log = jsonfile.array(d.get("log", []), "the log", max_length=MAX_LOG, each=_name)
    steps = jsonfile.array(d.get("steps", []), "the steps", max_length=4, each=_step)
    if steps and session.phase != "move":
        raise JsonValueError("the save has steps of a turn, but no roll to play")
    if session.phase == "move":
        session.turn = session.game.turn_builder()
        for src, dst in steps:
            session.move(src, dst)  # the engine's rules judge each step
    source = jsonfile.text(d.get("source", ""), "the game's source", max_length=8)
    if source not in ("", "mat"):
        raise JsonValueError(f"the game's source is {jsonfile.shown(source)}, not '' or 'mat'")
    session.source = source
    session.analysis, session.analysis_problem = saved_analysis(d, session.match)
    return session


def _die(value: object, where: str) -> int:
    return jsonfile.integer(value, where, 1, 6)


def _step(value: object, where: str) -> tuple[int, int]:
    src, dst = jsonfile.array(
        value, where, length=2, each=lambda point, at: jsonfile.integer(point, at, 0, 25)
    )
    return src, dst


def session_for_match(
    match: Match,
    log: list[str],
    *,
    computer: bool = False,
    level: str = "medium",
    names: tuple[str, str] = ("", ""),
    source: str = "",
) -> Session:
    """A session that goes on with ``match`` (set up from IDs or read from a file), whose
    settings it takes; ``log`` is the move list of its current game."""
    settings = MatchSettings(
        cube=match.cube_enabled,
        crawford=match.crawford_enabled,
        names=names,
        computer=computer,
        level=level,
    )
    settings.match_length = match.length  # any length the engine allows
    session = Session(settings, seed=0)
    session.match = match
    session.game_number = len(match.games)
    session.log = list(log)
    session.source = source
    if match.game is not None and match.game.state is GameState.AWAITING_PLAY:
        session.turn = match.game.turn_builder()
    return session


def saved_analysis(data: dict[str, Any], match: Match) -> tuple[Any, tuple[str, str] | None]:
    """The analysis saved with ``match`` (None if there is none) and, when one was dropped, why:
    ``("unreadable", the reason)`` or ``("other match", "")``. The game is kept either way."""
    saved = data.get("analysis")
    if saved is None:
        return None, None
    from ai.analysis import MatchAnalysis  # local: the analysis brings numpy and the AI

    try:
        analysis = MatchAnalysis.from_json(saved)
    except ValueError as exc:
        return None, ("unreadable", str(exc))
    if not analysis.fits(match):
        return None, ("other match", "")
    return analysis, None


def from_ids(
    position_id: str, match_id: str | None, seed: int | None = None, **window: Any
) -> Session:
    """The state a GNU Backgammon Position ID (and Match ID, in this program's seats: the
    person is player 0; ``engine.ids.exchanged_seats``) describe, set up by the engine:
    without a Match ID, a money game without the cube with player 0 to roll. ``window``:
    ``names``, ``computer``, ``level`` (see ``for_match``). Raises the engine's
    ``EngineError`` subclasses for IDs that are malformed or describe a state that cannot
    be (a finished game, a roll without a legal play, a score past the target, ...)."""
    cube = match_id is not None
    if match_id is None:
        match_id = MatchIdFields().encode()
    players = ("White", "Black")
    match = Match.from_ids(position_id, match_id, players=players, seed=seed, cube=cube)
    return Session.for_match(match, **window)


def for_position(position: Position, on_roll: int, seed: int, **state: Any) -> Session:
    """A session that goes on from ``position`` (seen from ``on_roll``): ``dice`` (to be
    rolled; ``opening`` the opening roll's dice when it is the first roll), ``doubled`` (a
    double pending), ``cube_value``, ``cube_owner``, ``score``, ``match_length``,
    ``crawford``, ``cube``, ``names``, ``computer``, ``level``. The state is handed to the
    engine as a Match ID; raises the engine's errors for a state that cannot be."""
    dice = state.get("dice")
    fields = MatchIdFields(
        match_length=int(state.get("match_length", 0)),
        score=tuple(state.get("score", (0, 0))),  # type: ignore[arg-type]
        cube=int(state.get("cube_value", 1)),
        cube_owner=int(state.get("cube_owner", -1)),
        player_on_roll=int(on_roll),
        turn=1 - int(on_roll) if state.get("doubled") else int(on_roll),
        crawford=bool(state.get("crawford", False)),
        doubled=bool(state.get("doubled", False)),
    )
    match = Match.from_ids(
        position.position_id(),
        fields.encode(),
        players=("White", "Black"),
        seed=seed,
        cube=bool(state.get("cube", fields.cube > 1 or fields.doubled)),
    )
    session = Session.for_match(
        match,
        names=tuple(state.get("names", ("", ""))),  # type: ignore[arg-type]
        computer=bool(state.get("computer", False)),
        level=str(state.get("level", "medium")),
    )
    if dice and dice[0]:  # rolled by the engine: a roll without a legal move is shown passing
        session.roll((int(dice[0]), int(dice[1])))
        opening = state.get("opening")
        if opening:
            session.opening_dice = (int(opening[0]), int(opening[1]))
    return session
