"""The rules of backgammon: positions, legal plays, turns, games and matches.

Standard library only: no Qt, no numpy. Everything is seen from the player on roll.
"""

from engine.dice import ROLLS, opening_roll, roll
from engine.errors import (
    EngineError,
    IllegalActionError,
    IllegalPlayError,
    InvalidMatchIdError,
    InvalidNotationError,
    InvalidPositionError,
    InvalidPositionIdError,
    Reason,
)
from engine.match import Game, GameResult, GameState, Match, ResultKind
from engine.matchid import MatchIdFields
from engine.moves import (
    Play,
    Step,
    format_steps,
    legal_plays,
    legal_results,
    may_ever_move,
    most_dice,
)
from engine.position import Position
from engine.turn import TurnBuilder, parse_play

__all__ = [
    "ROLLS",
    "EngineError",
    "Game",
    "GameResult",
    "GameState",
    "Match",
    "MatchIdFields",
    "ResultKind",
    "IllegalActionError",
    "IllegalPlayError",
    "InvalidMatchIdError",
    "InvalidNotationError",
    "InvalidPositionError",
    "InvalidPositionIdError",
    "Play",
    "Position",
    "Reason",
    "Step",
    "TurnBuilder",
    "format_steps",
    "legal_plays",
    "may_ever_move",
    "most_dice",
    "legal_results",
    "opening_roll",
    "parse_play",
    "roll",
]
