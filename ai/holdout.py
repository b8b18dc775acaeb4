"""The documented split of the strength sets into a tuning part and a held-out part.

Anything tuned on the strength sets (level noise, cube settings, training runs that pick their
checkpoints by strength) may look only at the tuning part; the held-out part is reported
separately and never used to choose anything. A case is held out when the first four bytes of
the SHA-256 of its key (the Position ID of a play case; the Position ID and the Match ID before
the roll of a cube case), read as a big-endian integer, are divisible by 3: about a third of
each set, fixed forever and independent of the order of the files.
"""

from __future__ import annotations

import hashlib
from typing import Any

HELD_OUT_MODULUS = 3
PARTS = ("all", "tune", "holdout")


def is_held_out(key: str) -> bool:
    """True if the case with this key belongs to the held-out part."""
    digest = hashlib.sha256(key.encode("utf-8")).digest()
    return int.from_bytes(digest[:4], "big") % HELD_OUT_MODULUS == 0


def play_key(case: dict[str, Any]) -> str:
    """The split key of a play case of the 2-ply strength set (its Position ID)."""
    return str(case["pid"])


def cube_key(row: dict[str, Any]) -> str:
    """The split key of a cube decision: Position ID and Match ID before the roll."""
    return f"{row['position_id']}:{row['match_id_before_roll']}"


def in_part(key: str, part: str) -> bool:
    """Whether a case with this key belongs to ``part`` (``all``, ``tune`` or ``holdout``).

    Raises ``ValueError`` for an unknown part.
    """
    if part not in PARTS:
        raise ValueError(f"Unknown part {part!r}: choose one of {', '.join(PARTS)}.")
    if part == "all":
        return True
    return is_held_out(key) == (part == "holdout")
