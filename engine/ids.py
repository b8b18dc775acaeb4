"""Position IDs and Match IDs as people copy and paste them.

GNU Backgammon shows a position as a Position ID and a Match ID, and writes the two as one
"GNU Backgammon ID" ``POSITION:MATCH`` (``4HPwATDgc/ABMA:cAkAAAAAAAAA``). Forums and other
programs quote them in their own words (``Position ID: 4HPwATDgc/ABMA  Match ID: cAkA...``).
``read_ids`` finds the pair in any such text; the IDs themselves are read and checked by
``engine.position``, ``engine.matchid`` and ``Match.from_ids``.
"""

from __future__ import annotations

import re

from engine.errors import InvalidMatchIdError, InvalidPositionIdError
from engine.matchid import MatchIdFields

POSITION_ID_LENGTH = 14
MATCH_ID_LENGTH = 12
MAX_TEXT = 2000  # longer pasted text is not a pair of IDs

_CHARS = "A-Za-z0-9+/"
_PAIR_RE = re.compile(rf"(?<![{_CHARS}])([{_CHARS}]{{14}}):([{_CHARS}]{{12}})(?![{_CHARS}])")
_LABELLED_RE = re.compile(
    rf"position\s*id\s*[:=]?\s*([{_CHARS}]+)(?:.*?match\s*id\s*[:=]?\s*([{_CHARS}]+))?",
    re.IGNORECASE | re.DOTALL,
)
_WORD_RE = re.compile(rf"[{_CHARS}]+")


def exchanged_seats(match_id: str) -> str:
    """A Match ID with its two players' seats exchanged (self-inverse).

    In GNU Backgammon its user plays player 1 (shown at the foot of its board, the computer
    player 0); in this program the person at the board is player 0. The IDs people copy and
    paste are GNU Backgammon's: a Match ID is exchanged so when it leaves the program and when
    it comes in, and the player on roll in a pasted ID is the same person in both programs.
    Raises ``InvalidMatchIdError``.

    >>> exchanged_seats("cAkAAAAAAAAA")  # a money game, GNU Backgammon's user on roll
    'MAEAAAAAAAAA'
    """
    return MatchIdFields.decode(match_id).swapped().encode()


def gnubg_id(position_id: str, match_id: str) -> str:
    """The pair as GNU Backgammon writes it: ``POSITION:MATCH``."""
    return f"{position_id}:{match_id}"


def read_ids(text: str) -> tuple[str, str | None]:
    """The Position ID and Match ID (None when the text has none) written in ``text``.

    Reads ``POSITION:MATCH``, ``Position ID: ... Match ID: ...`` (any spacing, any case, on one
    line or two) and a Position ID alone. Only the form is checked here: raises
    ``InvalidPositionIdError`` or ``InvalidMatchIdError`` saying what is missing or too long.

    >>> read_ids(" 4HPwATDgc/ABMA:cAkAAAAAAAAA\\n")
    ('4HPwATDgc/ABMA', 'cAkAAAAAAAAA')
    >>> read_ids("GNU Backgammon  Position ID: 4HPwATDgc/ABMA\\n Match ID   : cAkAAAAAAAAA")
    ('4HPwATDgc/ABMA', 'cAkAAAAAAAAA')
    >>> read_ids("4HPwATDgc/ABMA")
    ('4HPwATDgc/ABMA', None)
    """
    if not isinstance(text, str):
        raise InvalidPositionIdError("A Position ID is text.")
    text = text.strip()
    if not text:
        raise InvalidPositionIdError("There is no text: copy a Position ID first.")
    if len(text) > MAX_TEXT:
        raise InvalidPositionIdError(
            f"The text is {len(text)} characters long: a Position ID is {POSITION_ID_LENGTH}."
        )
    pair = _PAIR_RE.search(text)
    if pair:
        return pair.group(1), pair.group(2)
    labelled = _LABELLED_RE.search(text)
    if labelled:
        position_id, match_id = labelled.group(1), labelled.group(2)
        _check_length(position_id, POSITION_ID_LENGTH, "Position ID", InvalidPositionIdError)
        if match_id is not None:
            _check_length(match_id, MATCH_ID_LENGTH, "Match ID", InvalidMatchIdError)
        return position_id, match_id
    words = _WORD_RE.findall(text)
    if len(words) == 1 and ":" not in text and len(words[0]) == len(text):
        _check_length(words[0], POSITION_ID_LENGTH, "Position ID", InvalidPositionIdError)
        return words[0], None
    if ":" in text:
        first, _, second = text.partition(":")
        first, second = first.strip(), second.strip()
        _check_length(first, POSITION_ID_LENGTH, "Position ID", InvalidPositionIdError)
        _check_length(second, MATCH_ID_LENGTH, "Match ID", InvalidMatchIdError)
        return first, second
    raise InvalidPositionIdError(
        "The text holds no Position ID: expected POSITION:MATCH, like "
        "4HPwATDgc/ABMA:cAkAAAAAAAAA, or a Position ID of 14 characters."
    )


def _check_length(word: str, length: int, name: str, error: type[ValueError]) -> None:
    shown = word if len(word) <= 30 else word[:27] + "..."
    if not _WORD_RE.fullmatch(word):
        raise error(f"{shown!r} is not a {name}: it may hold only A-Z, a-z, 0-9, + and /.")
    if len(word) != length:
        raise error(
            f"{shown!r} is not a {name}: it has {len(word)} characters instead of {length}."
        )
