"""A small JSON file the lessons keep for a student: read with checks, written atomically.

The lesson progress, a student's attempts and a student's profile all behave the same way
whatever happens to their file, so that a lesson always opens:

* a missing file is an empty one;
* a damaged file (not JSON, or JSON with a value of the wrong type or out of range) is moved
  aside as ``NAME-unreadable-YYYYMMDD-HHMMSS.json`` and the store starts afresh: ``recovered`` is
  True, ``load_error`` says what was wrong and ``set_aside_as`` where the file went;
* a file or folder that cannot be written (a locked-down account, a full disk) keeps the data in
  memory: ``saving`` is False, ``save_error`` says why, and every later change tries again. A
  file that exists but cannot be read is never overwritten.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from engine import jsonfile
from engine.jsonfile import JsonValueError

T = TypeVar("T")


class KeptFile:
    """The state of one kept JSON file; subclasses hold the data and say what it is called.

    None of the methods raises for a file that cannot be read or written.
    """

    #: what the file holds, for ``describe()``: "lesson progress", "the attempts of a student"
    noun = "data"
    max_bytes = 4 << 20

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.save_error: str | None = None  #: why changes are not saved, None while they are
        self.load_error: str | None = None  #: what was wrong with the file that was set aside
        self.set_aside_as: Path | None = None  #: where the damaged file went (None: not moved)
        self._read_only = False  # the file exists but could not be read: never overwrite it

    # -- state of the file -------------------------------------------------------------------
    @property
    def saving(self) -> bool:
        """True while changes are written to the file."""
        return self.save_error is None

    @property
    def recovered(self) -> bool:
        """True when the file was damaged, set aside (if it could be) and the data restarted."""
        return self.load_error is not None

    def describe(self) -> str | None:
        """An English sentence on what is wrong with the file, or None when all is well.

        For logs and the command line; the app words its own message from the fields above.
        """
        parts = []
        if self.load_error is not None:
            where = self.set_aside_as.name if self.set_aside_as else "(it could not be moved)"
            parts.append(
                f"The {self.noun} file could not be read ({self.load_error}); it was set "
                f"aside as {where} and {self.noun} starts afresh."
            )
        if self.save_error is not None:
            parts.append(
                f"{self.noun[0].upper()}{self.noun[1:]} is not being saved: {self.save_error}."
            )
        return " ".join(parts) or None

    # -- file ---------------------------------------------------------------------------------
    def _read(self, check: Callable[[object], T]) -> T | None:
        """The file's data checked by ``check`` (which raises ``JsonValueError``), or None when
        there is none to use: missing, damaged (then set aside) or unreadable (then kept)."""
        self.load_error = None
        self.set_aside_as = None
        try:
            data = jsonfile.read_json_file(self.path, max_bytes=self.max_bytes)
            return check(data)
        except (FileNotFoundError, NotADirectoryError):
            return None  # no file (or not even its folder): nothing to lose by writing one later
        except OSError as exc:
            # Permission denied, a folder in the way, an I/O error: the file may be fine, so it
            # is neither moved nor overwritten; the lessons go on without saving.
            self._read_only = True
            self.save_error = f"the {self.noun} file cannot be read: {exc.strerror or exc}"
        except JsonValueError as exc:
            self.load_error = str(exc)
            # when it cannot be moved, the next save replaces it; load_error still tells
            self.set_aside_as = jsonfile.set_aside(self.path)
        return None

    def _write(self, data: Any) -> bool:
        """Write ``data`` as JSON atomically; False (with ``save_error``) when it cannot."""
        if self._read_only:
            return False
        content = json.dumps(data, indent=1, ensure_ascii=False)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            jsonfile.write_text_atomically(self.path, content)
        except OSError as exc:
            self.save_error = exc.strerror or str(exc)
            return False
        self.save_error = None
        return True

    def probe(self) -> bool:
        """Find out whether changes can be saved before the first change: a temporary file is
        made beside the file and removed (named as a writer's temporary file, so one left by a
        kill is cleaned up like theirs). Returns ``saving`` (``save_error`` says why not);
        creates the folder when it is missing, never touches the file itself."""
        if self._read_only:
            return False
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle, name = tempfile.mkstemp(
                prefix=self.path.name + ".", suffix=".tmp", dir=self.path.parent
            )
            os.close(handle)
            os.unlink(name)
        except OSError as exc:
            self.save_error = exc.strerror or str(exc)
            return False
        self.save_error = None
        return True
