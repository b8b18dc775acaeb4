"""The data folder of the game: the only file I/O of the window.

One running copy per data folder (a lock file), atomic writes through a unique temporary file
with the folder synced after the rename, and reading that sets a damaged file aside instead of
failing again at every start. What a file must contain is checked by its own format's loader
(``engine.save`` for games, ``lessons.progress`` for lesson progress); this module only moves
bytes and names.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import QLockFile, QStandardPaths

LOCK_NAME = "backgammon.lock"


def default_data_dir() -> Path:
    """The user's data folder for the game (created when first written)."""
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(location) if location else Path.home() / ".backgammon"


class Storage:
    """Files in one data folder: ``write`` atomically, ``read``, ``set_aside`` a damaged one."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self._lock: QLockFile | None = None

    def path(self, name: str) -> Path:
        return self.folder / name

    # -- one copy of the program per folder --------------------------------------------------------
    def lock(self) -> bool:
        """Take the folder for this process; False when another running copy holds it.

        A lock left by a copy that died (killed, power cut) is taken over: ``QLockFile`` checks
        that the process that wrote it is gone.
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
        return True

    def unlock(self) -> None:
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None

    # -- files ----------------------------------------------------------------------------------
    def write(self, name: str, text: str) -> None:
        """Replace ``name`` with ``text`` so that a reader sees the old or the new file, whole.

        Raises ``OSError`` when the folder cannot be written.
        """
        self.folder.mkdir(parents=True, exist_ok=True)
        target = self.path(name)
        handle, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=self.folder)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        _sync_folder(self.folder)

    def read(self, name: str) -> str | None:
        """The text of ``name``, or None when there is no such file.

        Raises ``OSError`` when it exists but cannot be read, ``UnicodeDecodeError`` when it is
        not text.
        """
        path = self.path(name)
        if not path.exists():
            return None
        return path.read_text(encoding="utf-8")

    def set_aside(self, name: str) -> str:
        """Rename a damaged ``name`` to ``<stem>-unreadable-<time><suffix>``; returns the new name.

        Returns ``""`` when even the rename fails (the file stays where it is).
        """
        path = self.path(name)
        aside = path.with_name(
            f"{path.stem}-unreadable-{time.strftime('%Y%m%d-%H%M%S')}{path.suffix}"
        )
        try:
            os.replace(path, aside)
        except OSError:
            return ""
        return aside.name


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; a no-op where folders cannot be opened)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
