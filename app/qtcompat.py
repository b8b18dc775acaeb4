"""Work-arounds for defects of the Qt for Python version in use.

PySide6 6.12.0's ``SignalInstance.emit()`` returns ``True`` without taking a reference to it, so
every emit from Python lowers the reference count of ``True`` by one; after a few hundred emits
the interpreter aborts ("bool_dealloc: deallocating True or False"). ``emit()`` below measures
the defect once and gives the reference back when it is present, so it is harmless on fixed
versions.
"""

from __future__ import annotations

import ctypes
import sys
from typing import Any

from PySide6.QtCore import QObject, Signal


class _Probe(QObject):
    ping = Signal()


def _measure() -> bool:
    probe = _Probe()
    before = sys.getrefcount(True)
    for _ in range(8):
        probe.ping.emit()
    lost = before - sys.getrefcount(True)
    if lost > 0:  # give back what the probe itself took
        for _ in range(lost):
            ctypes.pythonapi.Py_IncRef(ctypes.py_object(True))
    return lost >= 8


EMIT_LOSES_REFERENCE = _measure()


def emit(signal: Any, *args: Any) -> None:
    """``signal.emit(*args)``, keeping the interpreter's reference counts right."""
    result = signal.emit(*args)
    if EMIT_LOSES_REFERENCE and isinstance(result, bool):
        ctypes.pythonapi.Py_IncRef(ctypes.py_object(result))
