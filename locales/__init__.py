"""Translation catalogs (gettext ``.po`` sources and compiled ``.mo`` files) for en, da and nl.

The catalogs live in this folder as ``<language>/LC_MESSAGES/<domain>.po`` so that they are
installed with the package; ``path()`` and ``directory()`` find them wherever the program is
installed.
"""

from __future__ import annotations

from importlib import resources as _resources
from pathlib import Path, PurePosixPath

__all__ = ["LANGUAGES", "directory", "path"]

#: The languages the program ships, English first (the source language).
LANGUAGES = ("en", "da", "nl")


def directory() -> Path:
    """The folder that holds the catalogs (the ``localedir`` of gettext and babel)."""
    return Path(str(_resources.files(__name__)))


def path(name: str) -> Path:
    """The catalog file ``name`` (relative, e.g. ``"da/LC_MESSAGES/messages.mo"``).

    Raises ``ValueError`` for a name that is absolute or leaves the folder, and
    ``FileNotFoundError`` when no such file is installed.
    """
    parts = PurePosixPath(name).parts
    if not name or PurePosixPath(name).is_absolute() or ".." in parts or "\\" in name:
        raise ValueError(f"{name!r} is not a relative catalog file name.")
    target = directory().joinpath(*parts)
    if not target.exists():
        raise FileNotFoundError(f"No catalog file {name!r} is installed (looked in {directory()}).")
    return target
