"""JSON from files the user can touch, read without surprises.

``json.loads`` accepts ``Infinity`` and ``NaN`` and recurses once per nesting level, so a damaged
file can raise ``OverflowError`` or ``RecursionError`` far from the loader. ``loads_checked``
refuses both up front with ``ValueError``, the one error every loader already handles.
"""

from __future__ import annotations

import json
import math
from typing import Any

MAX_DEPTH = 64
MAX_BYTES = 16 * 1024 * 1024


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a saved file may hold")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is too large a number")
    return value


def nesting_depth(text: str) -> int:
    """The deepest nesting of brackets and braces outside strings."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def loads_checked(text: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` that raises ``ValueError`` (never another error) on anything odd."""
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise ValueError("the file is too large")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ValueError(f"not UTF-8 text ({exc.reason})") from None
    if len(text) > MAX_BYTES:
        raise ValueError("the file is too large")
    if nesting_depth(text) > max_depth:
        raise ValueError(f"nested more than {max_depth} levels deep")
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
