"""Shared test set-up: headless Qt, and a readable position helper.

Qt must be told to render offscreen before anything imports it: without a display and without
``QT_QPA_PLATFORM`` pytest aborts with no summary. ``setdefault`` leaves a real display usable.
"""

from __future__ import annotations

import os

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


@pytest.fixture
def pos():
    """The ``make_position`` helper as a fixture: ``pos("x 6:2; o 19:2")``."""
    return make_position
