"""The match state a lesson step shows, read from a GNU Backgammon Match ID by the engine.

The student is the player on roll in the Match ID ("you"); ``score`` is (you, opponent). The
rules (may the student double, what a won game is worth) are the engine's.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.match import match_id_double_refusal
from engine.matchid import MatchIdFields


@dataclass(frozen=True)
class MatchInfo:
    """Score, cube and Crawford state of a lesson step, from the student's point of view."""

    match_id: str
    match_length: int  # 0: a money game (a single game)
    score: tuple[int, int]  # (you, opponent)
    cube: int
    cube_owner: str  # "centre", "you" or "opponent"
    crawford: bool  # this game is the Crawford game
    fields: MatchIdFields

    @classmethod
    def from_match_id(cls, match_id: str) -> MatchInfo:
        """Decode with the engine; raises ``InvalidMatchIdError``."""
        fields = MatchIdFields.decode(match_id)
        me = fields.player_on_roll
        owner = fields.cube_owner
        return cls(
            match_id=match_id,
            match_length=fields.match_length,
            score=(fields.score[me], fields.score[1 - me]),
            cube=fields.cube,
            cube_owner="centre" if owner == -1 else ("you" if owner == me else "opponent"),
            crawford=fields.crawford,
            fields=fields,
        )

    def may_double(self) -> bool:
        """Whether the student may offer a double now: the engine's cube rules on the Match ID."""
        return match_id_double_refusal(self.fields) is None
