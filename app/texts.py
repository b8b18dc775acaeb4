"""Translatable texts for the Python side.

``_`` translates now (``app.i18n``, or English without it). ``T(N_("{0} rolls {1}-{2}."), P(0),
3, 1)`` is a text kept as its English template and arguments and translated each time it is
shown, so that it follows a change of language; ``P(i)`` stands for player i's name, looked up
when shown as well, and a ``T`` may be an argument of another ``T``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

try:
    from app.i18n import _
except Exception:  # noqa: BLE001  (translations missing or broken: show English)

    def _(message: str) -> str:
        return message


def N_(message: str) -> str:  # noqa: N802  (the gettext convention: marks, does not translate)
    return message


class P:
    """A player's name inside a ``T``."""

    __slots__ = ("player",)

    def __init__(self, player: int) -> None:
        self.player = player


class T:
    """A text translated when shown: an English template and its arguments."""

    __slots__ = ("args", "template")

    def __init__(self, template: str, *args: Any) -> None:
        self.template = template
        self.args = args

    def render(self, names: Sequence[str]) -> str:
        if not self.template:
            return ""
        values = [
            names[a.player] if isinstance(a, P) else a.render(names) if isinstance(a, T) else a
            for a in self.args
        ]
        template = self.template if self.template == "{0} {1}" else _(self.template)
        try:
            return template.format(*values)
        except (IndexError, KeyError, ValueError):  # a broken translation: fall back to English
            return self.template.format(*values)


__all__ = ["N_", "P", "T", "_"]
