"""Saving and loading matches (the Jellyfish ``.mat`` format is in ``engine.mat``).

The save format is JSON::

    {"format": "backgammon-desktop/match", "version": 1,
     "settings": {"match_length": 5, "cube": true, "crawford": true, "players": ["A", "B"]},
     "rng": {"seed": 123, "state": [3, [...625 ints...], null]},
     "history": [{"type": "new_game"}, {"type": "opening", "dice": [5, 2]},
                 {"type": "play", "move": "13/8 24/22"}, {"type": "double"}, ...]}

Loading first checks every value by type and range (``check_save``, the schema in one place;
the text itself through ``engine.jsonfile``: no ``NaN``/``Infinity``, no deep nesting), then
replays the history (so a corrupt history is caught by the rules) and restores the random source,
so rolling on after a load gives the same dice as without the save. Anything that is not a valid
save raises ``SaveFormatError`` with the reason, never another error, so a caller can always set a
bad file aside. ``save`` writes through a temporary file of its own and renames it.
"""

from __future__ import annotations

import json
import math
import os
from typing import Any

from engine import jsonfile
from engine.dice import two_dice
from engine.errors import EngineError, SaveFormatError
from engine.jsonfile import JsonValueError, array, boolean, integer, mapping, shown
from engine.match import MAX_MATCH_LENGTH, Match

MAX_SEED = 1 << 64  # seeds are drawn below 2**63; anything within 64 bits either way is accepted
MAX_NAME = 1_000  # characters of a player name (the app allows far fewer)
MAX_FILE_BYTES = 64 << 20


def dumps(match: Match) -> str:
    """The match as save-format JSON text."""
    return json_text(match.to_json())


def json_text(data: object) -> str:
    """Compact JSON text of save data (standard JSON: never ``NaN`` or ``Infinity``)."""
    return json.dumps(data, separators=(",", ":"), allow_nan=False)


def loads(text: str | bytes) -> Match:
    """A match from save-format JSON text; raises ``SaveFormatError``."""
    try:
        data = jsonfile.parse_json(text)
    except JsonValueError as exc:
        raise SaveFormatError(f"Not a saved match: {exc}.") from None
    return load_match_data(data)


def save(match: Match, path: str | os.PathLike[str]) -> None:
    """Write the match to ``path`` atomically (a crash never leaves half a file); ``OSError``."""
    jsonfile.write_text_atomically(path, dumps(match))


def load(path: str | os.PathLike[str]) -> Match:
    """Read a match saved with ``save``; raises ``SaveFormatError`` (or ``OSError``)."""
    try:
        data = jsonfile.read_json_file(path, max_bytes=MAX_FILE_BYTES)
    except JsonValueError as exc:
        raise SaveFormatError(f"Not a saved match: {exc}.") from None
    return load_match_data(data)


def load_match_data(data: object) -> Match:
    """Rebuild a match from parsed save-format data; raises ``SaveFormatError``."""
    try:
        settings, seed, state, history = check_save(data)
    except JsonValueError as exc:
        raise SaveFormatError(f"The save is damaged: {exc}.") from None
    try:
        match = Match.replay(settings, history, seed=seed)
        match.rng.setstate(state)
    except SaveFormatError:
        raise
    except (EngineError, ValueError, TypeError, KeyError, OverflowError) as exc:
        raise SaveFormatError(f"The saved history cannot be replayed: {exc}") from None
    return match


# -- the schema: every value of a save, by type and range -----------------------------------------


def check_save(data: object) -> tuple[dict[str, Any], int, tuple[Any, ...], list[dict[str, Any]]]:
    """The settings, seed, random state and history of save data, every value checked.

    Raises ``SaveFormatError`` for another format or version, ``JsonValueError`` naming the
    first value of the wrong type or out of range. The rules (which actions are legal) are
    checked afterwards by replaying the history.
    """
    if not isinstance(data, dict):
        raise SaveFormatError("Not a saved match: expected a JSON object.")
    if data.get("format") != Match.FORMAT:
        found = data.get("format")
        what = repr(found[:40]) if isinstance(found, str) else shown(found)
        raise SaveFormatError(f"Not a saved match: the format is {what}.")
    version = data.get("version")
    if type(version) is not int or version != Match.VERSION:
        raise SaveFormatError(
            f"Saved match version {shown(version)} is not supported (this program "
            f"reads version {Match.VERSION})."
        )
    raw = mapping(data.get("settings"), "the settings")
    players = array(raw.get("players"), "the player names", length=2)
    settings = {
        "match_length": integer(raw.get("match_length"), "the match length", 0, MAX_MATCH_LENGTH),
        "cube": boolean(raw.get("cube"), "the cube setting"),
        "crawford": boolean(raw.get("crawford"), "the Crawford setting"),
        "players": [jsonfile.text(name, "a player name", max_length=MAX_NAME) for name in players],
    }
    rng = mapping(data.get("rng"), "the random generator")
    seed = integer(rng.get("seed"), "the random seed", -MAX_SEED, MAX_SEED)
    state = _rng_state(rng.get("state"))
    actions = array(data.get("history"), "the history")
    history = [check_action(a, f"action {i} of the history") for i, a in enumerate(actions, 1)]
    return settings, seed, state, history


def _die_pair(value: object, where: str) -> list[int]:
    pair = array(value, where, length=2)
    try:
        return list(two_dice(pair))
    except ValueError:
        raise JsonValueError(f"{where} must be two dice 1-6, not {shown(value)}") from None


def _position_id(value: object, where: str) -> str:
    return jsonfile.text(value, where, max_length=20)


def _match_id(value: object, where: str) -> str:
    return jsonfile.text(value, where, max_length=20)


def _move(value: object, where: str) -> str:
    return jsonfile.text(value, where, max_length=200)


def _player(value: object, where: str) -> int:
    return integer(value, where, 0, 1)


def _resign_kind(value: object, where: str) -> int:
    return integer(value, where, 1, 3)


# Each action type with its fields: name -> (check, required). Unknown fields are ignored.
_ACTIONS: dict[str, dict[str, tuple[Any, bool]]] = {
    "new_game": {},
    "setup": {"position_id": (_position_id, True), "match_id": (_match_id, True)},
    "opening": {"dice": (_die_pair, True)},
    "roll": {"dice": (_die_pair, True)},
    "play": {"move": (_move, True), "result": (_position_id, False)},
    "double": {},
    "take": {},
    "drop": {},
    "resign": {"player": (_player, True), "kind": (_resign_kind, False)},
}


def check_action(value: object, where: str = "an action") -> dict[str, Any]:
    """One history action, its type known and each of its fields of the right type and range.

    Raises ``JsonValueError``. A ``play`` may omit ``result`` (hand-written histories), a
    ``resign`` its ``kind`` (a single game).
    """
    action = mapping(value, where)
    kind = action.get("type")
    fields = _ACTIONS.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise JsonValueError(f"{where} is of an unknown type {shown(kind)}")
    checked: dict[str, Any] = {"type": kind}
    for name, (check, required) in fields.items():
        if name in action and action[name] is not None:
            checked[name] = check(action[name], f"{where} ({kind}): {name!r}")
        elif required:
            raise JsonValueError(f"{where} ({kind}) lacks {name!r}")
    return checked


def _rng_state(value: object) -> tuple[Any, ...]:
    try:
        version, internal, gauss = array(value, "the random generator state", length=3)
        integer(version, "the random generator version", 3, 3)
        words = array(internal, "the random generator state", length=625)
        for word in words[:624]:
            integer(word, "the random generator state", 0, (1 << 32) - 1)
        integer(words[624], "the random generator index", 0, 624)
        if gauss is not None and not (isinstance(gauss, float) and math.isfinite(gauss)):
            raise JsonValueError("the random generator's gauss value is not a number")
    except JsonValueError:
        raise JsonValueError("the random generator state is malformed") from None
    return (version, tuple(internal), gauss)
