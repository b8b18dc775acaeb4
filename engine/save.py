"""Saving and loading matches (the Jellyfish ``.mat`` format is in ``engine.mat``).

The save format is JSON::

    {"format": "backgammon-desktop/match", "version": 1,
     "settings": {"match_length": 5, "cube": true, "crawford": true, "players": ["A", "B"]},
     "rng": {"seed": 123, "state": [3, [...625 ints...], null]},
     "history": [{"type": "new_game"}, {"type": "opening", "dice": [5, 2]},
                 {"type": "play", "move": "13/8 24/22"}, {"type": "double"}, ...]}

Loading replays the history (so a corrupt history is caught by the rules) and then restores the
random source, so rolling on after a load gives the same dice as without the save.
Anything that is not a valid save raises ``SaveFormatError`` with the reason.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from engine.errors import EngineError, SaveFormatError
from engine.match import Match


def dumps(match: Match) -> str:
    """The match as save-format JSON text."""
    return json.dumps(match.to_json(), separators=(",", ":"))


def loads(text: str | bytes) -> Match:
    """A match from save-format JSON text; raises ``SaveFormatError``."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError, RecursionError) as exc:
        raise SaveFormatError(f"Not a saved match: the file is not valid JSON ({exc}).") from None
    return load_match_data(data)


def save(match: Match, path: str | os.PathLike[str]) -> None:
    """Write the match to ``path`` (atomically: a crash never leaves half a file)."""
    target = Path(path)
    temporary = target.with_name(target.name + ".tmp")
    temporary.write_text(dumps(match), encoding="utf-8")
    os.replace(temporary, target)


def load(path: str | os.PathLike[str]) -> Match:
    """Read a match saved with ``save``; raises ``SaveFormatError`` (or ``OSError``)."""
    raw = Path(path).read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveFormatError("Not a saved match: the file is not UTF-8 text.") from None
    return loads(text)


def load_match_data(data: object) -> Match:
    """Rebuild a match from parsed save-format data; raises ``SaveFormatError``."""
    if not isinstance(data, dict):
        raise SaveFormatError("Not a saved match: expected a JSON object.")
    if data.get("format") != Match.FORMAT:
        raise SaveFormatError(f"Not a saved match: the format is {data.get('format')!r}.")
    version = data.get("version")
    if version != Match.VERSION:
        raise SaveFormatError(
            f"Saved match version {version!r} is not supported (this program reads version "
            f"{Match.VERSION})."
        )
    settings = data.get("settings")
    if not isinstance(settings, dict):
        raise SaveFormatError("The saved match has no settings.")
    length = settings.get("match_length")
    players = settings.get("players")
    if not isinstance(length, int) or isinstance(length, bool):
        raise SaveFormatError("The match length in the save is not a number.")
    if not isinstance(settings.get("cube"), bool) or not isinstance(settings.get("crawford"), bool):
        raise SaveFormatError("The cube and Crawford settings must be true or false.")
    names_ok = isinstance(players, list) and len(players) == 2
    if not (names_ok and all(isinstance(p, str) for p in players)):
        raise SaveFormatError("The save needs two player names.")
    rng = data.get("rng")
    if not isinstance(rng, dict):
        raise SaveFormatError("The save has no random generator state.")
    seed = rng.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveFormatError("The random seed in the save is not a number.")
    state = _rng_state(rng.get("state"))
    history = data.get("history")
    if not isinstance(history, list) or not all(isinstance(a, dict) for a in history):
        raise SaveFormatError("The history in the save must be a list of actions.")
    try:
        match = Match.replay(settings, history, seed=seed)
        match.rng.setstate(state)
    except SaveFormatError:
        raise
    except (EngineError, ValueError, TypeError, KeyError) as exc:
        raise SaveFormatError(f"The saved history cannot be replayed: {exc}") from None
    return match


def _rng_state(value: object) -> tuple[Any, ...]:
    if not (isinstance(value, list) and len(value) == 3):
        raise SaveFormatError("The random generator state in the save is malformed.")
    version, internal, gauss = value
    if (
        version != 3
        or not isinstance(internal, list)
        or len(internal) != 625
        or not all(isinstance(n, int) and 0 <= n < 1 << 32 for n in internal[:624])
        or not isinstance(internal[624], int)
        or not 0 <= internal[624] <= 624
        or not (gauss is None or isinstance(gauss, float))
    ):
        raise SaveFormatError("The random generator state in the save is malformed.")
    return (version, tuple(internal), gauss)
