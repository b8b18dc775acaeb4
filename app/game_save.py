"""The game in progress on disk: written after every completed action, read at start.

A save that cannot be read is moved aside (never overwritten) and the player is told where it
went; a save that cannot be written is reported. Both come back as a text for the window.
"""

from __future__ import annotations

import json

from app.history import current_log
from app.move_log import LogLine
from app.session import Session
from app.storage import Storage
from app.texts import N_, T

SAVE_NAME = "game.json"


def save(storage: Storage | None, session: Session | None) -> T | None:
    """Write ``session``; a notice for the player when it could not be written."""
    if storage is None or session is None:
        return None
    try:
        storage.write(SAVE_NAME, json.dumps(session.to_dict(), allow_nan=False))
    except OSError as exc:
        message = N_(
            "The game cannot be saved ({0}). You can play on, but this game will not be "
            "there when the program starts again."
        )
        return T(message, str(exc))
    return None


class Saver:
    """Saves after every action and says a failure once: not again after every action while
    the folder stays unwritable, but again after a save that worked."""

    def __init__(self, storage: Storage | None) -> None:
        self.storage = storage
        self.failing = False  # the last save failed (and that was said)

    def save(self, session: Session | None) -> T | None:
        """Write ``session``; a notice for the player on the first failure of a run of them."""
        notice = save(self.storage, session)
        said, self.failing = self.failing, notice is not None
        return None if said else notice


def load(storage: Storage | None) -> tuple[Session | None, T | None]:
    """The saved session (None when there is none) and a notice when a save was set aside.

    Every value of the file is checked (``Session.from_dict`` over ``engine.jsonfile``); any
    fault is a ``ValueError`` or an ``OSError``, and the file is then moved aside.
    """
    if storage is None:
        return None, None
    try:
        session = Session.from_dict(storage.read_json(SAVE_NAME))
        # a save of an older version lacks the move list's lines of the cube's actions: its
        # list is written anew from the match's record
        recorded = current_log(session.match)
        if any(map(_is_cube_line, recorded)) and not any(map(_is_cube_line, session.log)):
            session.log = recorded
        return session, None
    except FileNotFoundError:
        return None, None
    except (OSError, ValueError) as exc:
        where = storage.set_aside(SAVE_NAME) or "-"
        message = N_(
            "The saved game could not be read ({0}). It was moved aside as {1}; a new game starts."
        )
        return None, T(message, str(exc), where)


def _is_cube_line(line: str) -> bool:
    read = LogLine.parse(line)
    return read is not None and read.is_cube
