"""What the window needs from a GNU Backgammon Match ID (score, cube, dice, who is on roll).

Uses ``engine.matchid`` when the engine provides it; otherwise reads the documented bit layout
itself (12 base64 characters, 66 bits, least significant bit first).
"""

from __future__ import annotations

import base64
import binascii
from typing import Any

from engine import InvalidMatchIdError


def _bits(value: int, start: int, count: int) -> int:
    return (value >> start) & ((1 << count) - 1)


def decode_match_id(match_id: str) -> dict[str, Any]:
    """``match_length`` (0 money), ``score``, ``cube_value``, ``cube_owner`` (-1 centred),
    ``on_roll``, ``crawford``, ``dice`` ((0, 0) not rolled); raises ``InvalidMatchIdError``."""
    text = match_id.strip()
    if len(text) != 12:
        raise InvalidMatchIdError(f"A Match ID has 12 characters: {match_id!r}")
    try:
        raw = base64.b64decode(text + "==", validate=True)
    except (binascii.Error, ValueError):
        raise InvalidMatchIdError(f"Not a Match ID: {match_id!r}") from None
    value = int.from_bytes(raw, "little")
    owner = _bits(value, 4, 2)
    dice = (_bits(value, 15, 3), _bits(value, 18, 3))
    if owner == 2 or any(d > 6 for d in dice) or (0 in dice and dice != (0, 0)):
        raise InvalidMatchIdError(f"Not a valid Match ID: {match_id!r}")
    length = _bits(value, 21, 15)
    return {
        "cube_value": 1 << _bits(value, 0, 4),
        "cube_owner": -1 if owner == 3 else owner,
        "on_roll": _bits(value, 6, 1),
        "crawford": bool(_bits(value, 7, 1)),
        "turn": _bits(value, 11, 1),
        "doubled": bool(_bits(value, 12, 1)),
        "dice": dice,
        "match_length": length,
        "score": [_bits(value, 36, 15), _bits(value, 51, 15)],
        "cube": True,
    }
