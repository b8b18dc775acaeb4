"""Data files shipped with the program: network weights, images, fonts and icons.

The files live in this folder (and its subfolders) so that they are installed with the package;
``path()`` finds them wherever the program is installed.
"""

from __future__ import annotations

from importlib import resources as _resources
from pathlib import Path, PurePosixPath

__all__ = ["path", "root"]


def root() -> Path:
    """The folder that holds the resources."""
    return Path(str(_resources.files(__name__)))


def path(name: str) -> Path:
    """The file ``name`` (relative, ``/``-separated, e.g. ``"fonts/DejaVuSans.ttf"``).

    Raises ``ValueError`` for a name that is absolute or leaves the folder, and
    ``FileNotFoundError`` when no such resource is installed.
    """
    return _resolve(root(), name, "resource")


def _resolve(base: Path, name: str, kind: str) -> Path:
    parts = PurePosixPath(name).parts
    if not name or PurePosixPath(name).is_absolute() or ".." in parts or "\\" in name:
        raise ValueError(f"{name!r} is not a relative {kind} name.")
    target = base.joinpath(*parts)
    if not target.exists():
        raise FileNotFoundError(f"No {kind} named {name!r} is installed (looked in {base}).")
    return target
