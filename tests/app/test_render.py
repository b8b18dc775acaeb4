"""Rendered pixels: the board is drawn and the checkers stand where the position says.

Expected places are computed here from the board's proportions (15.6 by 12.6 units, the point
width being the unit), not read from the rendered items.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage

from engine import Position

pytestmark = [pytest.mark.gui, pytest.mark.timeout(60)]

ROOT = Path(__file__).resolve().parents[2]
MIXED = "x bar:1 24:1 13:5 8:3 6:3 3:1; o 1:2 12:5 17:3 19:5"


def point_centre(board_rect, location: int, index: int) -> tuple[float, float]:
    """Centre of the index-th checker on a point, in scene coordinates, board not turned."""
    x0, y0, w, h = board_rect
    u = min(w / 15.6, h / 12.6)
    tx, ty = x0 + (w - 15.6 * u) / 2, y0 + (h - 12.6 * u) / 2
    right, left = 0.4 + 6 + 1.1, 0.4
    if location <= 6:
        col = right + 6 - location
    elif location <= 12:
        col = left + 12 - location
    elif location <= 18:
        col = left + location - 13
    else:
        col = right + location - 19
    x = tx + (col + 0.5) * u
    d = 0.94 * u
    if location >= 13:
        y = ty + 0.4 * u + d / 2 + index * d
    else:
        y = ty + 12.6 * u - 0.4 * u - d / 2 - index * d
    return x, y


def brightness(image: QImage, x: float, y: float) -> float:
    c = QColor(image.pixel(int(x), int(y)))
    return (c.red() + c.green() + c.blue()) / 3


def test_checkers_are_drawn_where_the_position_says(harness):
    harness.open(start=False, size=(1280, 800))
    game = harness.game
    game.show_position(Position.from_text(MIXED), 0)
    harness.settle(100)
    image = harness.window.grabWindow()
    board = harness.item("board")
    top_left = board.mapToScene(QPointF(0, 0))
    rect = (top_left.x(), top_left.y(), board.width(), board.height())
    state = game.board
    checked = 0
    for location in range(1, 25):
        n = state[location]
        for index in range(min(abs(n), 5)):
            x, y = point_centre(rect, location, index)
            value = brightness(image, x, y)
            if n > 0:
                assert value > 200, f"white checker expected on {location} (#{index}): {value}"
            else:
                assert value < 80, f"black checker expected on {location} (#{index}): {value}"
            checked += 1
        if n == 0:  # an empty point shows felt or the triangle, not a checker
            x, y = point_centre(rect, location, 0)
            c = QColor(image.pixel(int(x), int(y)))
            assert not (c.red() > 200 and c.green() > 200 and c.blue() > 190)
            assert brightness(image, x, y) > 60
    assert checked == sum(min(abs(n), 5) for n in state[1:25])
    # the bar checker and the borne-off checker are drawn as well
    assert state[25] == 1 and harness.find("checker_25_0") is not None
    assert state[0] == 1 and harness.find("off_0_0") is not None


def test_the_board_is_drawn_in_wood_and_felt(harness):
    harness.open(start=False, size=(800, 600))
    harness.game.show_position(Position.start(), 0)
    harness.settle(100)
    image = harness.window.grabWindow()
    assert image.width() >= 800 and image.height() >= 600
    board = harness.item("board")
    top_left = board.mapToScene(QPointF(0, 0))
    rect = (top_left.x(), top_left.y(), board.width(), board.height())
    u = min(rect[2] / 15.6, rect[3] / 12.6)
    # the felt in the middle of the left field is green
    x, y = point_centre(rect, 10, 0)
    felt = QColor(image.pixel(int(x), int(rect[1] + rect[3] / 2)))
    assert felt.green() > felt.red() and felt.green() > felt.blue()
    # the bar is brown wood
    bar_x = rect[0] + (rect[2] - 15.6 * u) / 2 + 6.95 * u
    wood = QColor(image.pixel(int(bar_x), int(rect[1] + rect[3] * 0.3)))
    assert wood.red() > wood.green() > wood.blue()


def test_the_screenshot_command(tmp_path):
    out = tmp_path / "shot.png"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "app",
            "--screenshot",
            str(out),
            "--size",
            "800x600",
            "--position-id",
            "4HPwATDgc/ABMA",
            "--match-id",
            "cAkgAAAAAAAA",
            "--lang",
            "en",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    image = QImage(str(out))
    assert (image.width(), image.height()) == (800, 600)
    version = subprocess.run(
        [sys.executable, "-m", "app", "--version"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert version.returncode == 0 and "0.1.0" in version.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "app", "--screenshot", str(out), "--position-id", "nonsense"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert bad.returncode == 2 and "backgammon:" in bad.stderr


def number_ink(image: QImage, left: float, right: float, top: float, bottom: float, colour: str):
    """The rows (scene y) between ``top`` and ``bottom`` where the column from ``left`` to
    ``right`` has pixels of the point numbers' colour (their strokes, not their soft edges)."""
    want = QColor(colour)
    rows = []
    for y in range(int(top), int(bottom)):
        for x in range(int(left), int(right)):
            c = QColor(image.pixel(x, y))
            if max(abs(c.red() - want.red()), abs(c.green() - want.green()),
                   abs(c.blue() - want.blue())) <= 10:  # fmt: skip
                rows.append(y)
                break
    return rows


def test_the_point_numbers_grow_with_the_text_size_and_stay_in_the_frame(harness):
    """At 125% and 150% the numbers are drawn larger; each stays within the board's edge, whole
    in its box, and clear of the checkers on its point (the frame's strip widens for them)."""
    from app.board_themes import CLASSIC

    harness.open(start=False, size=(1024, 768))
    harness.game.show_position(Position.start(), 0)
    heights = {}
    for scale in (100, 125, 150):
        harness.w.settings.textScale = scale
        harness.settle(100)
        image = harness.window.grabWindow()
        board = harness.item("board")
        origin = board.mapToScene(QPointF(0, 0))
        u = min(board.width() / 15.6, board.height() / 12.6)
        table_top = origin.y() + (board.height() - 12.6 * u) / 2
        table_bottom = table_top + 12.6 * u
        # 13 and 24 above (5 white and 2 black checkers), 12 and 1 below (5 and 2 black)
        for location in (13, 24, 12, 1):
            number = harness.item(f"pointNumber_{location}")
            assert number.property("text") == str(location)
            assert number.property("contentHeight") <= number.height(), (scale, location)
            assert number.property("contentWidth") <= number.width(), (scale, location)
            box = number.mapRectToScene(QRectF(0, 0, number.width(), number.height()))
            first = harness.item(f"checker_{location}_0")
            checker = first.mapRectToScene(QRectF(0, 0, first.width(), first.height()))
            upper = location >= 13
            rows = number_ink(
                image,
                box.left(),
                box.right(),
                table_top if upper else checker.bottom(),
                checker.top() if upper else table_bottom,
                CLASSIC.numbers,
            )
            assert rows, f"no number drawn on {location} at {scale}%"
            assert table_top < rows[0] and rows[-1] < table_bottom - 1, (scale, location, rows)
            if upper:  # clear of the checker below it (its top is the point's base)
                assert rows[-1] < checker.top() - 1, (scale, location, rows, checker)
            else:
                assert rows[0] > checker.bottom() + 1, (scale, location, rows, checker)
            heights.setdefault(scale, []).append(rows[-1] - rows[0] + 1)
    small, middle, large = (min(heights[scale]) for scale in (100, 125, 150))
    assert small < middle < large and large >= 1.3 * small, heights
