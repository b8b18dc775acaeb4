"""Work-arounds for defects of the Qt for Python version in use.

PySide6 6.12.0 drops references it does not own on Python 3.11: every ``Signal.emit()`` from
Python lowers the reference count of ``True``, and every Python slot or timer callback that
Qt calls, every ``processEvents()`` and every signal sent from a worker thread lowers that of
``None``. On Python 3.12 and later these objects are immortal and nothing happens; on 3.11 the
interpreter aborts after a few hundred events ("deallocating None"). ``pin_singletons()`` gives
``None``, ``True`` and ``False`` the same immortality by hand: a reference count so high that
no number of lost references can bring it to zero.
"""

from __future__ import annotations

import ctypes
import sys
from typing import Any

_PINNED = False
_HEADROOM = 1 << 40


def pin_singletons() -> None:
    """Make ``None``, ``True`` and ``False`` effectively immortal (needed before Python 3.12)."""
    global _PINNED
    if _PINNED or sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        _PINNED = True
        return
    for obj in (None, True, False):
        ctypes.c_ssize_t.from_address(id(obj)).value += _HEADROOM
    _PINNED = True


pin_singletons()


def emit(signal: Any, *args: Any) -> None:
    """``signal.emit(*args)``: the one place to adapt emits should another defect need it."""
    signal.emit(*args)
