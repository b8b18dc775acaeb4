"""The lines of the move list, as the session writes them, saves them and the history replays them.

A line is plain text, kept in saves, one per action of a game::

    opening 3-1          the opening roll: player 0's die, player 1's
    0 31: 8/5 6/5        a play (the dice high first); "no legal move" when there was none
    1 --: double 2       a cube action: double (the value offered), take (the value taken),
    0 --: take 2         drop (the value passed)
    1 --: resigns 2      a resignation (1 single game, 2 gammon, 3 backgammon)

``LogLine`` writes them and reads them back, so that the window's move list, the screen reader's
announcements and a resumed game's last play read the same format. No Qt here.
"""

from __future__ import annotations

from dataclasses import dataclass

CUBE_KINDS = ("double", "take", "drop")
NO_MOVE = "no legal move"


@dataclass(frozen=True)
class LogLine:
    kind: str  # "opening", "play", one of CUBE_KINDS, or "resigns"
    player: int = 0  # who acts (the opening: 0)
    dice: tuple[int, int] = (0, 0)  # a play's dice (high first); the opening: player 0's, 1's
    play: str = ""  # a play's notation, "" for no legal move
    value: int = 0  # the cube's value of a cube action, the kind of a resignation

    @classmethod
    def opening(cls, d0: int, d1: int) -> LogLine:
        return cls("opening", dice=(d0, d1))

    @classmethod
    def played(cls, player: int, dice: tuple[int, int], play: str) -> LogLine:
        return cls("play", player, (max(dice), min(dice)), play)

    @classmethod
    def cube(cls, player: int, kind: str, value: int) -> LogLine:
        if kind not in CUBE_KINDS:
            raise ValueError(f"not a cube action: {kind!r}")
        return cls(kind, player, value=value)

    @classmethod
    def resigned(cls, player: int, kind: int) -> LogLine:
        return cls("resigns", player, value=kind)

    @property
    def is_cube(self) -> bool:
        return self.kind in CUBE_KINDS

    def __str__(self) -> str:
        if self.kind == "opening":
            return f"opening {self.dice[0]}-{self.dice[1]}"
        if self.kind == "play":
            return f"{self.player} {self.dice[0]}{self.dice[1]}: {self.play or NO_MOVE}"
        return f"{self.player} --: {self.kind} {self.value}"

    @classmethod
    def parse(cls, line: str) -> LogLine | None:
        """The line read back, or None when ``line`` is not one the session writes."""
        head, _sep, rest = line.partition(" ")
        if head == "opening":
            d0, _sep, d1 = rest.partition("-")
            if d0.isdigit() and d1.isdigit():
                return cls.opening(int(d0), int(d1))
            return None
        if head not in ("0", "1"):
            return None
        player = int(head)
        dice, sep, text = rest.partition(": ")
        if not sep:
            return None
        if dice == "--":
            action, _sep, value = text.partition(" ")
            if (action in CUBE_KINDS or action == "resigns") and value.isdigit():
                return cls(action, player, value=int(value))
            return None
        if len(dice) == 2 and dice.isdigit() and text:
            play = "" if text == NO_MOVE else text
            return cls("play", player, (int(dice[0]), int(dice[1])), play)
        return None
