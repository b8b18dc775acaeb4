"""The data folder of the game: the only file I/O of the window.

One running copy per data folder (a lock file). Writing, reading and setting aside are the
engine's file code (``engine.jsonfile``), the one JSON guard of the program: atomic writes
through a unique temporary file with the folder synced after the rename, JSON read strictly (no
``NaN``/``Infinity``, no deep nesting, no huge file), and a damaged file moved aside under a
name of its own instead of failing again at every start. What a file must contain is checked
by its own format's loader (``app.session`` for games over ``engine.save``, ``app.statistics``,
``lessons.progress``); this module moves bytes and names.
"""

from __future__ import annotations

import re
import shutil
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QLockFile, QStandardPaths

from engine import jsonfile

LOCK_NAME = "backgammon.lock"
MAX_FILE_BYTES = 16 << 20  # a long match saves in well under a megabyte

# A writer's temporary file: NAME.XXXXXXXX.tmp (engine.jsonfile); earlier versions of the game
# wrote .NAME.XXXXXXXX.tmp, which the same pattern finds.
_TEMPORARY = re.compile(r"^(.+)\.[A-Za-z0-9_]+\.tmp$")


def default_data_dir() -> Path:
    """The user's data folder for the game (created when first written). The program's names
    must be set first (``app.window.name_program``): without them Qt gives the data folder
    that every program shares."""
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(location) if location else Path.home() / ".backgammon"


def shared_data_dir() -> Path | None:
    """The data folder every program shares (where versions that asked for their own folder
    before naming themselves wrote theirs)."""
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation)
    return Path(location) if location else None


def move_entries(
    source: Path, target: Path, names: Iterable[str], ours: Callable[[Path], bool]
) -> list[str]:
    """Move the files and folders of ``source`` called ``names`` that are ``ours`` (another
    program may use such a name), and their set-aside copies (``<stem>-unreadable-<time>``),
    into ``target``, when ``target`` holds none of ``names`` and no running copy of the program
    holds ``source``; returns the names moved. An entry that cannot be moved stays where it is
    (said on standard error), so nothing is lost."""
    wanted = list(names)
    try:
        if any((target / name).exists() for name in wanted):
            return []
        mine = [name for name in wanted if (source / name).exists() and ours(source / name)]
        stems = "|".join(re.escape(Path(name).stem) for name in wanted)
        aside = re.compile(rf"(?:{stems})-unreadable-[0-9-]+\.json")
        found = sorted(mine + [p.name for p in source.iterdir() if aside.fullmatch(p.name)])
    except OSError:
        return []
    if not found:
        return []
    lock = QLockFile(str(source / LOCK_NAME))
    lock.setStaleLockTime(0)
    if not lock.tryLock(0):
        return []  # a copy of an older version is running there: next time
    moved = []
    try:
        target.mkdir(parents=True, exist_ok=True)
        for name in found:
            try:
                shutil.move(source / name, target / name)
            except OSError as exc:
                print(f"backgammon: {source / name} stays where it is: {exc}", file=sys.stderr)
            else:
                moved.append(name)
    except OSError as exc:
        print(f"backgammon: {target} cannot be made: {exc}", file=sys.stderr)
    finally:
        lock.unlock()
    return moved


class Storage:
    """Files in one data folder: ``write`` atomically, ``read_json``, ``set_aside`` a bad one."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self._lock: QLockFile | None = None

    def path(self, name: str) -> Path:
        return self.folder / name

    # -- one copy of the program per folder --------------------------------------------------------
    def lock(self) -> bool:
        """Take the folder for this process; False when another running copy holds it.

        A lock left by a copy that died (killed, power cut) is taken over: ``QLockFile`` checks
        that the process that wrote it is gone. Holding the lock, this process is the folder's
        only writer, so the temporary files a killed writer left are removed.
        """
        if self._lock is not None:
            return True
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return True  # a folder that cannot be written has nothing to protect
        lock = QLockFile(str(self.folder / LOCK_NAME))
        lock.setStaleLockTime(0)  # only a dead owner makes a lock stale, never its age
        if not lock.tryLock(0):
            # Held by another copy: refuse. No permission to write a lock: nothing can be
            # saved there anyway, so there is nothing to protect.
            return lock.error() != QLockFile.LockError.LockFailedError
        self._lock = lock
        self.remove_temporaries()
        return True

    def unlock(self) -> None:
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None

    def remove_temporaries(self) -> int:
        """Remove every writer's temporary file in the folder (call only while holding the
        lock: then none belongs to a writer at work); returns how many went."""
        try:
            names = [p.name for p in self.folder.iterdir()]
        except OSError:
            return 0
        targets = {m.group(1) for m in map(_TEMPORARY.match, names) if m}
        return sum(
            jsonfile.remove_stale_temporaries(self.folder / target, older_than=0)
            for target in sorted(targets)
        )

    # -- files ----------------------------------------------------------------------------------
    def write(self, name: str, text: str, document: bool = False) -> None:
        """Replace ``name`` with ``text`` so that a reader sees the old or the new file, whole
        (a ``document`` of the user's readable as their other files are).

        Raises ``OSError`` when the folder cannot be written.
        """
        self.folder.mkdir(parents=True, exist_ok=True)
        jsonfile.write_text_atomically(self.path(name), text, document=document)

    def read_json(self, name: str) -> Any:
        """The JSON value in ``name``.

        Raises ``FileNotFoundError`` when there is no such file (nor even the folder: a file
        stands where it should be), another ``OSError`` when it cannot be read, and
        ``jsonfile.JsonValueError`` (a ``ValueError``) when it is not acceptable JSON (not
        UTF-8, ``NaN``/``Infinity``, nested too deep, too large).
        """
        try:
            return jsonfile.read_json_file(self.path(name), max_bytes=MAX_FILE_BYTES)
        except NotADirectoryError as exc:
            raise FileNotFoundError(exc.errno, exc.strerror, exc.filename) from None

    def set_aside(self, name: str) -> str:
        """Rename a damaged ``name`` to ``<stem>-unreadable-<time>[-n]<suffix>`` (a name no other
        file has, even two in one second); returns the new name, ``""`` when even the rename
        fails (the file stays where it is)."""
        aside = jsonfile.set_aside(self.path(name))
        return aside.name if aside is not None else ""
