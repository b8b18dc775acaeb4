"""Translatable texts for the Python side.

``_`` translates now (``app.i18n``). ``T(N_("{0} rolls {1}-{2}."), P(0),
3, 1)`` is a text kept as its English template and arguments and translated each time it is
shown, so that it follows a change of language; ``P(i)`` stands for player i's name, looked up
when shown as well, and a ``T`` may be an argument of another ``T``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.i18n import _, ngettext  # a catalog that cannot load is reported there, never hidden


def N_(message: str) -> str:  # noqa: N802  (the gettext convention: marks, does not translate)
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802  (marks a plural text)
    return (singular, plural)


class P:
    """A player's name inside a ``T``."""

    __slots__ = ("player",)

    def __init__(self, player: int) -> None:
        self.player = player


class T:
    """A text translated when shown: an English template and its arguments.

    A template from ``Nn_(singular, plural)`` takes the plural form for ``count``.
    """

    __slots__ = ("args", "count", "template")

    def __init__(self, template: str | tuple[str, str], *args: Any, count: int = 1) -> None:
        self.template = template
        self.args = args
        self.count = count

    def render(self, names: Sequence[str]) -> str:
        if not self.template:
            return ""
        values = [
            names[a.player] if isinstance(a, P) else a.render(names) if isinstance(a, T) else a
            for a in self.args
        ]
        if isinstance(self.template, tuple):
            english = self.template[0] if self.count == 1 else self.template[1]
            template = ngettext(*self.template, self.count)
        else:
            english = self.template
            template = english if english == "{0} {1}" else _(english)
        try:
            return template.format(*values)
        except (IndexError, KeyError, ValueError):  # a broken translation: fall back to English
            return english.format(*values)


__all__ = ["N_", "Nn_", "P", "T", "_"]
