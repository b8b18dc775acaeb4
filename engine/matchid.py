"""GNU Backgammon Match IDs: the match and game state in 12 characters.

A Match ID is the base64 text of a 9-byte key read as a little-endian bit string (bit 1 is the
lowest bit of the first byte), laid out as GNU Backgammon's manual describes:

====== =====================================================================
bits   field
====== =====================================================================
1-4    log2 of the cube value
5-6    cube owner: 00 player 0, 01 player 1, 11 centred
7      player on roll (who rolls or rolled the dice)
8      Crawford game
9-11   game state: 0 no game, 1 playing, 2 over, 3 resigned, 4 ended by a pass
12     turn: who decides now (the opponent while a double or resignation is pending)
13     a double is offered
14-15  resignation offered: 0 none, 1 single, 2 gammon, 3 backgammon
16-18  first die (0 when not rolled)
19-21  second die
22-36  match length (0 is a money game)
37-51  score of player 0
52-66  score of player 1
67     set when the Jacoby rule is *not* in effect (not in the manual; GNU Backgammon
       sets it in every match game and in money games played without Jacoby)
====== =====================================================================

Players are absolute: player 0 and player 1 are GNU Backgammon's players 0 and 1.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass, replace

from engine.errors import InvalidMatchIdError

_ID_RE = re.compile(r"^[A-Za-z0-9+/]{12}$")

GAME_NONE = 0
GAME_PLAYING = 1
GAME_OVER = 2
GAME_RESIGNED = 3
GAME_DROPPED = 4

MAX_SCORE = (1 << 15) - 1


@dataclass(frozen=True)
class MatchIdFields:
    """Every field of a Match ID, with players absolute (0 and 1).

    ``cube_owner`` is -1 when centred; ``dice`` is (0, 0) before the roll; ``resigned`` is 0 for
    none, else 1 single, 2 gammon, 3 backgammon; ``jacoby`` is True only in a money game played
    with the Jacoby rule (this engine never uses it, but IDs from GNU Backgammon may carry it).

    >>> MatchIdFields.decode("QYkqASAAIAAA").score
    (2, 4)
    """

    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    cube: int = 1
    cube_owner: int = -1
    player_on_roll: int = 0
    turn: int = 0
    crawford: bool = False
    doubled: bool = False
    dice: tuple[int, int] = (0, 0)
    game_state: int = GAME_PLAYING
    resigned: int = 0
    jacoby: bool = False

    def __post_init__(self) -> None:
        self._validate()

    def _validate(self) -> None:
        def fail(message: str) -> None:
            raise InvalidMatchIdError(message)

        cube = self.cube
        if not isinstance(cube, int) or cube < 1 or cube & (cube - 1) or cube > 1 << 15:
            fail(f"The cube value must be a power of two from 1 to 32768, not {cube!r}.")
        if self.cube_owner not in (-1, 0, 1):
            fail(f"The cube owner must be -1 (centred), 0 or 1, not {self.cube_owner!r}.")
        for name in ("player_on_roll", "turn"):
            if getattr(self, name) not in (0, 1):
                fail(f"{name} must be player 0 or 1.")
        if self.game_state not in range(5):
            fail(f"Game state {self.game_state!r} is not one of 0-4.")
        if self.resigned not in range(4):
            fail(f"Resignation {self.resigned!r} is not one of 0-3.")
        if not isinstance(self.match_length, int) or not 0 <= self.match_length <= MAX_SCORE:
            fail(f"The match length must be 0 to {MAX_SCORE}.")
        if len(self.score) != 2 or not all(
            isinstance(s, int) and 0 <= s <= MAX_SCORE for s in self.score
        ):
            fail(f"The score must be two numbers from 0 to {MAX_SCORE}.")
        d1, d2 = self.dice
        if (d1 == 0) != (d2 == 0) or not (0 <= d1 <= 6 and 0 <= d2 <= 6):
            fail(f"The dice {self.dice!r} must both be 1-6, or both 0 when not rolled.")
        if self.game_state != GAME_PLAYING:
            return  # after a game GNU Backgammon leaves the last offer's flags as they were
        if self.doubled and self.resigned:
            fail("A double and a resignation cannot be pending at the same time.")
        if (self.doubled or self.resigned) and self.turn == self.player_on_roll:
            fail("While a double or resignation is pending the other player must decide.")
        if self.doubled and d1:
            fail("A double cannot be pending after the dice are rolled.")

    # -- text ---------------------------------------------------------------------------------
    @classmethod
    def decode(cls, match_id: str) -> MatchIdFields:
        """Read a Match ID; raises ``InvalidMatchIdError`` with the reason."""
        if not isinstance(match_id, str):
            raise InvalidMatchIdError("A Match ID must be text.")
        text = match_id.strip()
        if not _ID_RE.match(text):
            raise InvalidMatchIdError(
                f"{match_id!r} is not a Match ID: it must be 12 characters of A-Z, a-z, 0-9, +, /."
            )
        try:
            key = int.from_bytes(base64.b64decode(text, validate=True), "little")
        except (binascii.Error, ValueError) as exc:  # pragma: no cover - the regex guards
            raise InvalidMatchIdError(f"{match_id!r} is not a Match ID.") from exc

        def bits(start: int, count: int) -> int:
            return (key >> start) & ((1 << count) - 1)

        if key >> 67:
            raise InvalidMatchIdError(f"{match_id!r} is not a Match ID: stray bits at the end.")
        owner = bits(4, 2)
        if owner == 2:
            raise InvalidMatchIdError(f"{match_id!r} is not a Match ID: cube owner code 10.")
        state = bits(8, 3)
        if state > GAME_DROPPED:
            raise InvalidMatchIdError(f"{match_id!r} is not a Match ID: game state {state}.")
        dice = (bits(15, 3), bits(18, 3))
        if 7 in dice:
            raise InvalidMatchIdError(f"{match_id!r} is not a Match ID: a die shows 7.")
        try:
            return cls(
                match_length=bits(21, 15),
                score=(bits(36, 15), bits(51, 15)),
                cube=1 << bits(0, 4),
                cube_owner=-1 if owner == 3 else owner,
                player_on_roll=bits(6, 1),
                turn=bits(11, 1),
                crawford=bool(bits(7, 1)),
                doubled=bool(bits(12, 1)),
                dice=dice,
                game_state=state,
                resigned=bits(13, 2),
                jacoby=not bits(66, 1),
            )
        except InvalidMatchIdError as exc:
            raise InvalidMatchIdError(f"{match_id!r} is not a valid Match ID: {exc}") from None

    def encode(self) -> str:
        """The 12-character Match ID."""
        fields = (
            (self.cube.bit_length() - 1, 0, 4),
            (3 if self.cube_owner == -1 else self.cube_owner, 4, 2),
            (self.player_on_roll, 6, 1),
            (int(self.crawford), 7, 1),
            (self.game_state, 8, 3),
            (self.turn, 11, 1),
            (int(self.doubled), 12, 1),
            (self.resigned, 13, 2),
            (self.dice[0], 15, 3),
            (self.dice[1], 18, 3),
            (self.match_length, 21, 15),
            (self.score[0], 36, 15),
            (self.score[1], 51, 15),
            (0 if self.jacoby else 1, 66, 1),
        )
        key = 0
        for value, start, _count in fields:
            key |= value << start
        return base64.b64encode(key.to_bytes(9, "little")).decode("ascii")

    def swapped(self) -> MatchIdFields:
        """The same moment with the two players' seats exchanged: the score, the cube's owner,
        the player on roll and the player to act.

        >>> f = MatchIdFields(5, (3, 1), cube=2, cube_owner=0, player_on_roll=1, turn=1)
        >>> s = f.swapped()
        >>> (s.score, s.cube_owner, s.player_on_roll, s.turn), s.swapped() == f
        (((1, 3), 1, 0, 0), True)
        """
        return replace(
            self,
            score=(self.score[1], self.score[0]),
            cube_owner=-1 if self.cube_owner == -1 else 1 - self.cube_owner,
            player_on_roll=1 - self.player_on_roll,
            turn=1 - self.turn,
        )

    def as_dict(self) -> dict[str, object]:
        """The fields as plain JSON values (the ``show --json`` layout)."""
        return {
            "match_id": self.encode(),
            "match_length": self.match_length,
            "score": list(self.score),
            "cube": self.cube,
            "cube_owner": self.cube_owner,
            "player_on_roll": self.player_on_roll,
            "turn": self.turn,
            "crawford": int(self.crawford),
            "doubled": int(self.doubled),
            "dice": list(self.dice),
            "game_state": self.game_state,
            "resigned": self.resigned,
        }


def decode_match_id(match_id: str) -> MatchIdFields:
    """Shorthand for ``MatchIdFields.decode``."""
    return MatchIdFields.decode(match_id)


def encode_match_id(fields: MatchIdFields) -> str:
    """Shorthand for ``fields.encode()``."""
    return fields.encode()
