"""Small JSON files read safely and written atomically: the one place their values are checked.

``parse_json`` reads JSON text the way every loader of the program needs it: strict UTF-8, no
``NaN``/``Infinity`` (standard JSON has neither; Python's reader accepts them), no number that
overflows to infinity, and no nesting deeper than ``MAX_DEPTH`` (checked before parsing, so a file
of 100,000 ``[`` is refused with a message instead of a ``RecursionError``). The checks
``integer``, ``text``, ``boolean``, ``mapping`` and ``array`` test one value's type and range and
name where it is in the message; each file format builds its schema from them. Every failure is a
``JsonValueError`` (a ``ValueError``), which each format turns into its own documented error.

``write_text_atomically`` replaces a file so that a crash, a kill or a second writer never leaves
half a file: it writes a temporary file of its own next to the target, syncs it, renames it over
the target and syncs the folder. ``set_aside`` moves a damaged file out of the way (as
``NAME-unreadable-YYYYMMDD-HHMMSS.json``) so that a program can start afresh and say where it is.
"""

from __future__ import annotations

import contextlib
import glob
import json
import math
import os
import re
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

MAX_DEPTH = 64  # far beyond any file of the program (a save nests 4 deep), far below the stack

_T = TypeVar("_T")

# Tokens that matter for nesting: an escape (two characters, so an escaped quote is skipped), a
# quote, a bracket. Scanning them is linear in the text, whatever it holds.
_NESTING_TOKEN = re.compile(r'\\.|["\[\]{}]', re.DOTALL)


class JsonValueError(ValueError):
    """Text that is not acceptable JSON, or a value of the wrong type or out of range."""


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """True when arrays and objects in ``text`` nest more than ``limit`` levels deep.

    Brackets inside strings do not count. The text need not be valid JSON (the parser judges it
    afterwards); the scan stops as soon as the depth passes ``limit``.
    """
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    in_string = False
    for match in _NESTING_TOKEN.finditer(text):
        token = match.group()
        if token == '"':
            in_string = not in_string
        elif in_string or token[0] == "\\":
            continue
        elif token in "[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JsonValueError(f"the number {text[:20]} is too large")
    return value


def _no_constant(name: str) -> Any:
    raise JsonValueError(f"{name} is not a JSON number")


def parse_json(text: str | bytes, *, max_depth: int = MAX_DEPTH) -> Any:
    """The value of JSON ``text``; raises ``JsonValueError`` saying what is wrong with it.

    Bytes must be UTF-8. Refused: invalid JSON, ``NaN``/``Infinity``, numbers too large for a
    float, integers of more digits than Python reads, and nesting deeper than ``max_depth``.
    """
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JsonValueError(f"the text is not UTF-8 (byte {exc.start})") from None
    if not isinstance(text, str):
        raise JsonValueError(f"JSON text must be text, not {type(text).__name__}")
    if too_deep(text, max_depth):
        raise JsonValueError(f"the data is nested more than {max_depth} levels deep")
    try:
        return json.loads(text, parse_float=_finite_float, parse_constant=_no_constant)
    except JsonValueError:
        raise
    except json.JSONDecodeError as exc:
        raise JsonValueError(
            f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None
    except (ValueError, RecursionError) as exc:  # e.g. an integer of over 4,300 digits
        raise JsonValueError(f"not valid JSON: {exc}") from None


def read_json_file(path: str | os.PathLike[str], *, max_bytes: int = 64 << 20) -> Any:
    """Parse the JSON file at ``path``; raises ``JsonValueError`` or ``OSError``.

    A file larger than ``max_bytes`` is refused before it is read into memory.
    """
    with open(path, "rb") as handle:
        size = os.fstat(handle.fileno()).st_size
        if size > max_bytes:
            raise JsonValueError(f"the file is too large ({size} bytes)")
        raw = handle.read(max_bytes + 1)
    if len(raw) > max_bytes:
        raise JsonValueError("the file is too large")
    return parse_json(raw)


# -- value checks ---------------------------------------------------------------------------------


def shown(value: object) -> str:
    """A short text of a value for a message (never the whole of a huge or deep value)."""
    if isinstance(value, dict | list):
        return "an object" if isinstance(value, dict) else "a list"
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**12 else "a huge number"
    return text if len(text) <= 40 else text[:37] + "..."


def integer(value: object, where: str, low: int, high: int) -> int:
    """``value`` if it is a whole number (not a bool, not a float) in ``low..high``."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise JsonValueError(f"{where} must be a whole number {low}-{high}, not {shown(value)}")
    return value


def boolean(value: object, where: str) -> bool:
    """``value`` if it is true or false."""
    if not isinstance(value, bool):
        raise JsonValueError(f"{where} must be true or false, not {shown(value)}")
    return value


def text(value: object, where: str, *, max_length: int = 10_000, nonempty: bool = False) -> str:
    """``value`` if it is a string of at most ``max_length`` characters (not blank if asked)."""
    if not isinstance(value, str):
        raise JsonValueError(f"{where} must be text, not {shown(value)}")
    if len(value) > max_length:
        raise JsonValueError(f"{where} is longer than {max_length} characters")
    if nonempty and not value.strip():
        raise JsonValueError(f"{where} must not be empty")
    return value


def mapping(value: object, where: str) -> dict[str, Any]:
    """``value`` if it is a JSON object."""
    if not isinstance(value, dict):
        raise JsonValueError(f"{where} must be a JSON object, not {shown(value)}")
    return value


def array(
    value: object,
    where: str,
    *,
    length: int | None = None,
    max_length: int = 1_000_000,
    each: Callable[[object, str], _T] | None = None,
) -> list[Any]:
    """``value`` if it is a list (of exactly ``length`` items when given), each item checked."""
    if not isinstance(value, list):
        raise JsonValueError(f"{where} must be a list, not {shown(value)}")
    if length is not None and len(value) != length:
        raise JsonValueError(f"{where} must hold {length} items, not {len(value)}")
    if len(value) > max_length:
        raise JsonValueError(f"{where} holds more than {max_length} items")
    if each is not None:
        return [each(item, f"{where}[{index}]") for index, item in enumerate(value)]
    return value


# -- writing --------------------------------------------------------------------------------------


def set_aside(path: str | os.PathLike[str]) -> Path | None:
    """Move a damaged file out of the way as ``NAME-unreadable-YYYYMMDD-HHMMSS.EXT``.

    Returns the new path, or None when the file could not be moved (it is then left as it is).
    A name already taken (two damaged files in one second) gets ``-1``, ``-2``, ... added.
    """
    source = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for attempt in range(100):
        extra = f"-{attempt}" if attempt else ""
        aside = source.with_name(f"{source.stem}-unreadable-{stamp}{extra}{source.suffix}")
        if aside.exists():
            continue
        try:
            os.replace(source, aside)
        except OSError:
            return None
        return aside
    return None


def write_text_atomically(
    path: str | os.PathLike[str], content: str, *, document: bool = False
) -> None:
    """Replace the file at ``path`` with ``content`` (UTF-8); raises ``OSError``.

    The temporary file is unique (two writers never share one), synced before the rename, and the
    folder is synced after it, so a crash leaves either the old file or the new one. A
    ``document`` (a file the user asked to write, as an exported match) gets the permissions of
    the user's other new files, not the temporary file's private ones.
    """
    target = Path(path)
    handle, temporary = tempfile.mkstemp(prefix=target.name + ".", suffix=".tmp", dir=target.parent)
    try:
        if document:
            mask = os.umask(0)
            os.umask(mask)
            os.chmod(handle, 0o666 & ~mask)
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(content)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(target.parent)
    remove_stale_temporaries(target)


STALE_SECONDS = 600  # a temporary file this old belongs to a writer that was killed


def temporaries(target: str | os.PathLike[str]) -> list[Path]:
    """The temporary files writers of ``target`` have made beside it (``NAME.XXXXXXXX.tmp``)."""
    path = Path(target)
    with contextlib.suppress(OSError):
        return sorted(path.parent.glob(glob.escape(path.name) + ".*.tmp"))
    return []


def remove_stale_temporaries(
    target: str | os.PathLike[str], *, older_than: float = STALE_SECONDS
) -> int:
    """Remove the temporary files of ``target`` older than ``older_than`` seconds; returns
    how many went.

    A writer killed between creating its temporary file and the rename leaves it behind. No
    live writer keeps one for minutes, so old ones are removed after every write (younger ones
    may belong to a writer at work right now); a program that knows it is the folder's only
    writer (it holds the folder's lock) may remove them all with ``older_than=0``.
    """
    limit = time.time() - older_than
    removed = 0
    for stale in temporaries(target):
        with contextlib.suppress(OSError):
            if stale.stat().st_mtime <= limit:
                stale.unlink()
                removed += 1
    return removed


def _sync_folder(folder: Path) -> None:
    # POSIX makes a rename durable by syncing the folder; Windows cannot open a folder for it.
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
