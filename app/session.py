"""The state of a game or match being played in the window, and its JSON form for saving.

Players are absolute here: player 0 plays white from the bottom, player 1 black. The board is
kept as an engine ``Position`` from the view of the player on roll (``on_roll``), as the engine
wants it; ``absolute_board()`` turns it into the 28 board locations the QML board draws.

No Qt in this module: the controller drives it and shows it.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field
from typing import Any

from engine import IllegalActionError, Position, TurnBuilder
from engine.dice import opening_roll
from engine.match import result_kind
from engine.moves import Play, Step

SAVE_VERSION = 1
MATCH_LENGTHS = (0, 3, 5, 7, 11)
LEVELS = ("beginner", "easy", "medium", "hard", "expert")
MAX_CUBE = 64

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
        if self.match_length not in MATCH_LENGTHS:
            raise ValueError(
                f"A match is to 3, 5, 7 or 11 points (0 = one game): {self.match_length}"
            )
        if self.level not in LEVELS:
            raise ValueError(f"Unknown computer level {self.level!r}")
        self.names = (str(self.names[0])[:40], str(self.names[1])[:40])

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchSettings:
        return cls(
            match_length=int(data.get("match_length", 0)),
            cube=bool(data.get("cube", False)),
            crawford=bool(data.get("crawford", True)),
            names=tuple(data.get("names", ("", ""))),  # type: ignore[arg-type]
            computer=bool(data.get("computer", True)),
            level=str(data.get("level", "medium")),
        )


@dataclass
class GameResult:
    winner: int
    kind: int  # 1 single, 2 gammon, 3 backgammon
    cube: int
    points: int
    resigned_by_pass: bool = False


@dataclass
class Session:
    """A match (or single game) in progress; every action checks that it is allowed now.

    Phases: ``opening`` (before the first roll of a game), ``roll`` (the player on roll may double
    or roll), ``move`` (dice rolled, steps being made), ``double`` (a double offered, the
    opponent must take or pass), ``game_over`` and ``match_over``.
    """

    settings: MatchSettings
    rng: random.Random = field(default_factory=random.Random)
    score: list[int] = field(default_factory=lambda: [0, 0])
    game_number: int = 0
    crawford_game: bool = False
    crawford_used: bool = False
    position: Position = field(default_factory=Position.start)
    on_roll: int = 0
    dice: tuple[int, int] | None = None
    opening_dice: tuple[int, int] | None = None
    cube_value: int = 1
    cube_owner: int = -1
    phase: str = "opening"
    result: GameResult | None = None
    log: list[str] = field(default_factory=list)
    turn: TurnBuilder | None = None

    # -- game set-up ----------------------------------------------------------------------------
    def start_game(self) -> None:
        """Set up the board for the next game; the opening roll comes with ``opening()``."""
        self.game_number += 1
        self.position = Position.start()
        self.on_roll = 0
        self.dice = None
        self.opening_dice = None
        self.cube_value = 1
        self.cube_owner = -1
        self.result = None
        self.turn = None
        self.phase = "opening"
        self.log = []
        length = self.settings.match_length
        if length and self.settings.crawford and not self.crawford_used:
            self.crawford_game = max(self.score) == length - 1
            if self.crawford_game:
                self.crawford_used = True
        else:
            self.crawford_game = False

    def opening(self) -> tuple[int, int]:
        """Roll one die each (ties re-rolled); the higher die starts with both numbers."""
        if self.phase != "opening":
            raise IllegalActionError("The opening roll is made only at the start of a game.")
        roll = opening_roll(self.rng)
        self.opening_dice = roll.dice
        self.on_roll = roll.starter
        if roll.starter == 1:
            self.position = self.position.swapped()
        self._begin_turn(roll.roll)
        return roll.dice

    # -- before the roll ------------------------------------------------------------------------
    def may_double(self) -> bool:
        """True when the player on roll may offer a double now."""
        if self.phase != "roll" or not self.settings.cube or self.crawford_game:
            return False
        if self.cube_value >= MAX_CUBE:
            return False
        return self.cube_owner in (-1, self.on_roll)

    def roll(self, dice: tuple[int, int] | None = None) -> tuple[int, int]:
        if self.phase != "roll":
            raise IllegalActionError("You cannot roll now.")
        if dice is None:
            dice = (self.rng.randint(1, 6), self.rng.randint(1, 6))
        self._begin_turn(dice)
        return dice

    def double(self) -> None:
        if not self.may_double():
            raise IllegalActionError("Doubling is not allowed now.")
        self.phase = "double"

    def take(self) -> None:
        if self.phase != "double":
            raise IllegalActionError("No double is offered.")
        self.cube_value *= 2
        self.cube_owner = 1 - self.on_roll
        self.phase = "roll"

    def pass_double(self) -> GameResult:
        if self.phase != "double":
            raise IllegalActionError("No double is offered.")
        return self._finish(self.on_roll, 1, resigned=True)

    # -- moving ---------------------------------------------------------------------------------
    def _begin_turn(self, dice: tuple[int, int]) -> None:
        self.dice = (dice[0], dice[1])
        self.turn = TurnBuilder(self.position, self.dice)
        self.phase = "move"

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
        play = self.turn.play()
        text = str(play) if play.steps else "no legal move"
        self.log.append(f"{self.on_roll} {self.dice[0]}{self.dice[1]}: {text}")
        result = play.result if play.result is not None else self.position.swapped()
        self.turn = None
        self.dice = None
        self.opening_dice = None
        if not any(result.opponent):  # the mover has borne everything off
            self.position = result.swapped()
            self._finish(self.on_roll, self._win_kind(self.position))
        else:
            self.position = result
            self.on_roll = 1 - self.on_roll
            self.phase = "roll"
        return play

    def _win_kind(self, position: Position) -> int:
        """1, 2 or 3 for the winner on roll in ``position`` (who has borne off all)."""
        return int(result_kind(position.swapped()))  # the engine's rule, loser on roll

    def _finish(self, winner: int, kind: int, resigned: bool = False) -> GameResult:
        points = self.cube_value * kind
        self.score[winner] += points
        self.result = GameResult(winner, kind, self.cube_value, points, resigned)
        self.turn = None
        self.dice = None
        length = self.settings.match_length
        self.phase = "match_over" if length and self.score[winner] >= length else "game_over"
        return self.result

    # -- views ----------------------------------------------------------------------------------
    def current_position(self) -> Position:
        """The board now, from the view of the player on roll (with steps made so far)."""
        if self.turn is not None:
            return self.turn.current_position()
        return self.position

    def absolute_board(self) -> list[int]:
        """The 28 locations drawn by the board (see the module doc)."""
        pos = self.current_position()
        sides = (pos.on_roll, pos.opponent) if self.on_roll == 0 else (pos.opponent, pos.on_roll)
        board = [0] * 28
        for player, side in enumerate(sides):
            sign = 1 if player == 0 else -1
            for i in range(24):
                if side[i]:
                    board[to_location(player, i + 1)] += sign * side[i]
            board[BAR_LOCATION[player]] = side[24]
            board[OFF_LOCATION[player]] = 15 - sum(side)
        return board

    def pip_counts(self) -> tuple[int, int]:
        mine, theirs = self.current_position().pip_count()
        return (mine, theirs) if self.on_roll == 0 else (theirs, mine)

    def match_over(self) -> bool:
        return self.phase == "match_over"

    # -- saving ---------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        rng_state = self.rng.getstate()
        return {
            "version": SAVE_VERSION,
            "settings": {**asdict(self.settings), "names": list(self.settings.names)},
            "score": list(self.score),
            "game_number": self.game_number,
            "crawford_game": self.crawford_game,
            "crawford_used": self.crawford_used,
            "position_id": self.position.position_id(),
            "on_roll": self.on_roll,
            "dice": list(self.dice) if self.dice else None,
            "opening_dice": list(self.opening_dice) if self.opening_dice else None,
            "cube_value": self.cube_value,
            "cube_owner": self.cube_owner,
            "phase": self.phase,
            "steps": [[s.src, s.dst] for s in self.turn.steps] if self.turn else [],
            "result": asdict(self.result) if self.result else None,
            "log": list(self.log),
            "rng": [rng_state[0], list(rng_state[1]), rng_state[2]],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Session:
        """Rebuild a saved session; raises ``ValueError`` on anything inconsistent."""
        try:
            if data.get("version") != SAVE_VERSION:
                raise ValueError(f"Unknown save version {data.get('version')!r}")
            session = cls(MatchSettings.from_dict(data["settings"]))
            version, state, gauss = data["rng"]
            session.rng.setstate((int(version), tuple(int(x) for x in state), gauss))
            session.score = [int(data["score"][0]), int(data["score"][1])]
            session.game_number = int(data["game_number"])
            session.crawford_game = bool(data["crawford_game"])
            session.crawford_used = bool(data["crawford_used"])
            session.position = Position.from_position_id(str(data["position_id"]))
            session.on_roll = int(data["on_roll"])
            if session.on_roll not in (0, 1):
                raise ValueError("on_roll must be 0 or 1")
            session.cube_value = int(data["cube_value"])
            session.cube_owner = int(data["cube_owner"])
            if session.cube_value not in (1, 2, 4, 8, 16, 32, 64) or session.cube_owner not in (
                -1,
                0,
                1,
            ):
                raise ValueError("bad cube")
            session.opening_dice = (
                tuple(int(d) for d in data["opening_dice"]) if data.get("opening_dice") else None  # type: ignore[assignment]
            )
            session.log = [str(line) for line in data.get("log", [])]
            phase = str(data["phase"])
            if phase not in ("opening", "roll", "move", "double", "game_over", "match_over"):
                raise ValueError(f"bad phase {phase!r}")
            session.phase = phase
            if data.get("result"):
                session.result = GameResult(**data["result"])
            if phase == "move":
                dice = data["dice"]
                session._begin_turn((int(dice[0]), int(dice[1])))
                for src, dst in data.get("steps", []):
                    session.move(int(src), int(dst))
            elif phase in ("game_over", "match_over") and session.result is None:
                raise ValueError("a finished game without its result")
            return session
        except (KeyError, TypeError, IndexError, AttributeError) as exc:
            raise ValueError(f"The saved game is incomplete: {exc}") from exc
