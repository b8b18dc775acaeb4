"""The numbers behind the judgement questions: the Expert evaluator ranks plays and gives chances.

Imported only by the exercises that need it (``judge`` plays, evaluated take decisions), so that
the rules lessons load without the networks. Every figure a lesson shows about a play or a
position (equity, winning chance, shots) is computed here, never typed into a lesson file.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine import Play, Position, legal_plays
from engine.dice import ROLLS

EXPERT = "expert"


@dataclass(frozen=True)
class RankedLine:
    """One legal play as the Expert level ranks it, from the student's side.

    ``equity`` is the cubeless money equity after the play and ``loss`` how much less than the
    best play it is worth. ``win()`` (the chance of winning, 0-1) and ``shots()`` (how many of the
    opponent's 36 rolls hit a blot of the student's after the play) are computed when shown.
    """

    play: Play
    equity: float
    loss: float

    def win(self) -> float:
        return win_after(self.play.result)

    def shots(self) -> int:
        return shots_at(self.play.result)


@cache
def _player():  # type: ignore[no-untyped-def]
    from ai.player import ComputerPlayer

    return ComputerPlayer(EXPERT)


def rank(position: Position, dice: tuple[int, int]) -> list[RankedLine]:
    """Every legal play of ``dice`` ranked by the Expert level, best first (empty: no play)."""
    return list(_rank(position, dice))


@cache
def _rank(position: Position, dice: tuple[int, int]) -> tuple[RankedLine, ...]:
    plays = {play.result: play for play in legal_plays(position, dice)}
    ranked = _player().rank(position, dice)
    if not ranked:
        return ()
    best = ranked[0].value
    return tuple(RankedLine(plays[r.result], r.value, best - r.value) for r in ranked)


@cache
def win_after(result: Position) -> float:
    """The mover's chance of winning after a play (``result`` has the opponent on roll)."""
    from ai.search import position_outputs

    return 1.0 - float(position_outputs(_player().evaluator, result, depth=1)[0])


@cache
def shots_at(result: Position) -> int:
    """How many of the 36 rolls of the player on roll in ``result`` hit some blot."""
    return sum(weight for roll, weight in ROLLS if any(p.hits() for p in legal_plays(result, roll)))


def chances(position: Position) -> tuple[float, float]:
    """(win, gammon-or-more) chances of the player on roll before the roll, Expert's 1-ply."""
    from ai.search import position_outputs

    outputs = position_outputs(_player().evaluator, position, depth=1)
    return float(outputs[0]), float(outputs[1])
