"""Shared test set-up: headless Qt, and a readable position helper.

Qt must be told to render offscreen before anything imports it: without a display and without
``QT_QPA_PLATFORM`` pytest aborts with no summary. ``setdefault`` leaves a real display usable.
"""

from __future__ import annotations

import os
import shutil

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_QUICK_BACKEND", "software")

import pytest  # noqa: E402  (after the environment is set)

from engine.position import Position  # noqa: E402


def make_position(text: str) -> Position:
    """A position from text, all points in the numbering of the player on roll (``x``).

    ``pos("x 24:2 13:5 8:3 6:5; o 19:5 17:3 12:5 1:2")`` is the starting position; ``bar:n``
    puts checkers on the bar; checkers not listed are borne off.
    """
    return Position.from_text(text)


def find_gnubg() -> str | None:
    """GNU Backgammon's program, if installed (Debian puts it in /usr/games, often not on PATH)."""
    return shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")


def pytest_collection_modifyitems(config, items):
    """Tests marked ``gnubg`` use GNU Backgammon as an oracle: skip them when it is missing."""
    if find_gnubg():
        return
    skip = pytest.mark.skip(reason="GNU Backgammon (gnubg) is not installed")
    for item in items:
        if item.get_closest_marker("gnubg") is not None:
            item.add_marker(skip)


@pytest.fixture
def gnubg_path() -> str:
    """The gnubg program for oracle tests (mark them ``@pytest.mark.gnubg``)."""
    path = find_gnubg()
    if path is None:
        pytest.skip("GNU Backgammon (gnubg) is not installed")
    return path


@pytest.fixture
def pos():
    """The ``make_position`` helper as a fixture: ``pos("x 6:2; o 19:2")``."""
    return make_position
