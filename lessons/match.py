"""The match state a lesson step shows, read from a GNU Backgammon Match ID by the engine.

The student is the player on roll in the Match ID ("you"); ``score`` is (you, opponent).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Position
from engine.matchid import decode_match_id

MAX_CUBE = 64


@dataclass(frozen=True)
class MatchInfo:
    """Score, cube and Crawford state of a lesson step, from the student's point of view."""

    match_id: str
    match_length: int  # 0: a money game (a single game)
    score: tuple[int, int]  # (you, opponent)
    cube: int
    cube_owner: str  # "centre", "you" or "opponent"
    crawford: bool  # this game is the Crawford game

    @classmethod
    def from_match_id(cls, match_id: str) -> MatchInfo:
        """Decode with the engine; raises ``InvalidMatchIdError``."""
        fields = _decode(match_id)
        me = fields["player_on_roll"]
        owner = fields["cube_owner"]
        return cls(
            match_id=match_id,
            match_length=fields["match_length"],
            score=(fields["score"][me], fields["score"][1 - me]),
            cube=fields["cube"],
            cube_owner="centre" if owner == -1 else ("you" if owner == me else "opponent"),
            crawford=bool(fields["crawford"]),
        )

    def may_double(self) -> bool:
        """Whether the player on roll may offer a double before rolling, by the cube rules.

        Only the cube's owner (or either player while it is centred) may double, never past 64,
        and never in the Crawford game.
        """
        return self.cube_owner != "opponent" and self.cube < MAX_CUBE and not self.crawford


def _decode(match_id: str) -> dict:
    """The Match ID's fields as the engine decodes them."""
    fields = decode_match_id(match_id)
    return {
        "match_length": fields.match_length,
        "score": fields.score,
        "cube": fields.cube,
        "cube_owner": fields.cube_owner,
        "player_on_roll": fields.player_on_roll,
        "crawford": fields.crawford,
    }


def game_points(position: Position) -> int:
    """1, 2 or 3: what the game is worth (before the cube) to the player on roll, who has won.

    A gammon when the loser has borne off no checker; a backgammon when, besides, the loser still
    has a checker on the bar or in the winner's home board. Raises ``ValueError`` when the player
    on roll has not borne off all checkers.
    """
    if any(position.on_roll):
        raise ValueError("The player on roll has not borne off every checker yet.")
    loser = position.opponent
    if position.borne_off()[1] > 0:
        return 1
    # the winner's home board is the loser's points 19..24 (indices 18..23), the bar index 24
    if any(loser[18:25]):
        return 3
    return 2
