"""How QML reaches the parts of one window: each part is a singleton of its QML engine.

The launcher (``app.window``) makes the parts, hands them to each other, and puts them on the
engine it creates (``attach``); when QML first names a part (``MatchView.board``), the engine
asks the part's class (``create``), which answers with that engine's own object. Two windows, or
two tests one after the other, never share a part.
"""

from __future__ import annotations

from typing import Any, TypeVar

from PySide6.QtQml import QQmlEngine

T = TypeVar("T")

_ATTRIBUTE = "game_parts"


def attach(engine: QQmlEngine, *parts: Any) -> None:
    """Make ``parts`` the singletons of ``engine``, one per class."""
    setattr(engine, _ATTRIBUTE, {type(part): part for part in parts})


def part_of(engine: QQmlEngine, kind: type[T]) -> T:
    """The part of class ``kind`` made for ``engine``; raises ``LookupError`` if there is none."""
    parts = getattr(engine, _ATTRIBUTE, None)
    if parts is None or kind not in parts:
        raise LookupError(f"No {kind.__name__} was made for this window.")
    part = parts[kind]
    # The window's Python side keeps the part alive; QML must not delete it with the engine.
    QQmlEngine.setObjectOwnership(part, QQmlEngine.ObjectOwnership.CppOwnership)
    return part
