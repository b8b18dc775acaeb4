"""Printable worksheets: a lesson's exercises with board diagrams, then the answer key, as a PDF.

``write_worksheet(lesson, language, path)`` writes A4 pages with Qt's PDF writer (``QPdfWriter``)
in the bundled DejaVu Sans, which the PDF embeds, so Danish and Dutch letters print anywhere.
The first pages hold the exercises: the step's title, a drawn board (points numbered from the
student's side, checkers with their counts, the bar, the borne-off checkers, the dice, the cube
and whose turn it is), the question, the Position ID (and Match ID) to set the position up in any
program, and room for the answer. The answer key and the notes for the teacher follow on pages
of their own, so that the teacher can keep them back. The texts come from
``lessons.worksheet.worksheet`` (translated) and the templates below.

It needs a ``QGuiApplication`` (fonts); ``python -m lessons worksheet`` makes one with
``command_line_application``.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QGuiApplication,
    QPageLayout,
    QPageSize,
    QPainter,
    QPainterPath,
    QPdfWriter,
    QPen,
)

from app.i18n import FONT_FAMILY, MONO_FAMILY, install_fonts, load_catalog
from app.lesson_view import board_state
from app.texts import N_
from lessons.exercises import NumberFormat, ReachExercise, ShotsExercise, language_number
from lessons.model import Lesson, Step, shown_match
from lessons.worksheet import ANSWERS, WorksheetItem, worksheet

Translate = Callable[[str], str]

TITLE = N_("Lesson {number}: {title}")
WORKSHEET = N_("Worksheet")
NAME_LINE = N_("Name:")
DATE_LINE = N_("Date:")
ANSWER_LINE = N_("Your answer:")
POSITION_ID = N_("Position ID: {id}")
MATCH_ID = N_("Match ID: {id}")
DICE = N_("Dice: {dice}")
YOU_ON_ROLL = N_("You play the light checkers from your 24-point down to your 1-point.")
OPPONENT_ON_ROLL = N_("Your opponent (the dark checkers) is about to act.")
MATCH_SCORE = N_("Match to {length}: you {you}, opponent {opponent}")
# as the lesson window says it (lesson 6 teaches that a single game is a win of 1 point: "Single
# game" over a gammon's question read wrong, and the sheet said it where the window did not)
MONEY_GAME = N_("Money game")
CRAWFORD = N_("Crawford game")
CUBE_CENTRE = N_("cube {value}, in the middle")
CUBE_YOURS = N_("cube {value}, you own it")
CUBE_THEIRS = N_("cube {value}, your opponent owns it")
CUBE_OFFERED = N_("your opponent doubles to {value}")
PAGE = N_("Page {page} of {pages}")
KEY_TITLE = N_("{answers}: lesson {number}, {title}")
FOR_THE_TEACHER = N_("For the teacher")
AIMS = N_("Aims")
MISTAKES = N_("Common mistakes")
MINUTES = N_("About {minutes} minutes.")

# -- geometry, in points (1/72 inch) on A4 -----------------------------------------------------
MARGIN = 42.0
GAP = 14.0
DIAGRAM_W = 230.0  # three exercises to a page
NUMBERS_H = 10.0  # the row of point numbers above and below the board
BOARD_UNITS = (15.6, 12.6)  # the board's proportions, as the window draws it (Board.qml)
INK = QColor("#000000")
GREY = QColor("#555555")


_Line = tuple[str, float, bool]  # a paragraph of the answer key: text, size, bold


@dataclass
class _Block:
    """One exercise on a question page, measured before it is drawn."""

    item: WorksheetItem
    step: Step
    height: float


class _Writer:
    """Lays out and draws one worksheet on an active painter (coordinates in points)."""

    def __init__(self, painter: QPainter, page: QRectF, translate: Translate) -> None:
        self.p = painter
        self.page = page
        self.tr = translate

    # -- text -----------------------------------------------------------------------------------
    def font(self, size: float, bold: bool = False, mono: bool = False) -> QFont:
        font = QFont(MONO_FAMILY if mono else FONT_FAMILY)
        font.setPointSizeF(size)
        font.setBold(bold)
        font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
        # no ligatures: the text layer keeps "fi" as two letters, so a search finds "find"
        font.setFeature(QFont.Tag("liga"), 0)
        return font

    def measure(
        self, text: str, width: float, size: float, bold: bool = False, mono: bool = False
    ) -> float:
        self.p.setFont(self.font(size, bold, mono))
        flags = int(Qt.TextFlag.TextWordWrap)
        return self.p.boundingRect(QRectF(0, 0, width, 10_000), flags, text).height()

    def text(
        self,
        x: float,
        y: float,
        width: float,
        text: str,
        size: float,
        bold: bool = False,
        mono: bool = False,
    ) -> float:
        """Draw wrapped text with its top at ``y`` (``mono``: in the monospaced font, whose
        capital I and small l differ, for an ID); returns the y below it."""
        height = self.measure(text, width, size, bold, mono)
        self.p.setPen(INK)
        flags = int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignLeft)
        self.p.drawText(QRectF(x, y, width, height + 1), flags, text)
        return y + height

    def centred(self, rect: QRectF, text: str, size: float, colour: QColor = INK) -> None:
        self.p.setFont(self.font(size, bold=True))
        self.p.setPen(colour)
        self.p.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), text)

    # -- pages ----------------------------------------------------------------------------------
    def footer(self, title: str, page: int, pages: int) -> None:
        y = self.page.height() - 12
        self.p.setFont(self.font(8))
        self.p.setPen(GREY)
        box = QRectF(0, y, self.page.width(), 12)
        self.p.drawText(box, int(Qt.AlignmentFlag.AlignLeft), title)
        self.p.drawText(
            box, int(Qt.AlignmentFlag.AlignRight), self.tr(PAGE).format(page=page, pages=pages)
        )

    def heading(self, lesson: Lesson) -> float:
        """The first page's head: title, summary, name and date; returns the y below it."""
        width = self.page.width()
        y = self.text(0, 0, width, self.tr(WORKSHEET), 9)
        title = self.tr(TITLE).format(number=lesson.number, title=self.tr(lesson.title))
        y = self.text(0, y + 2, width, title, 17, bold=True)
        y = self.text(0, y + 4, width, self.tr(lesson.summary), 10)
        y += 12
        self.p.setFont(self.font(10))
        self.p.setPen(INK)
        for x, label, line_end in ((0, NAME_LINE, width * 0.62), (width * 0.68, DATE_LINE, width)):
            self.p.drawText(QPointF(x, y + 10), self.tr(label))
            start = x + self.p.fontMetrics().horizontalAdvance(self.tr(label)) + 6
            self.p.setPen(QPen(INK, 0.5))
            self.p.drawLine(QPointF(start, y + 12), QPointF(line_end, y + 12))
        return y + 12 + GAP

    # -- exercises --------------------------------------------------------------------------------
    def text_width(self) -> float:
        return self.page.width() - DIAGRAM_W - GAP

    def block_height(self, item: WorksheetItem, step: Step) -> float:
        diagram = (
            diagram_height(DIAGRAM_W) + 2 + self.measure(caption(step, self.tr), DIAGRAM_W, 7.5)
        )
        return max(diagram, self._column(item, step, draw=False)) + GAP

    def _column(self, item: WorksheetItem, step: Step, *, draw: bool, top: float = 0) -> float:
        """The text beside the diagram (drawn, or only measured); returns its height."""
        x, width = DIAGRAM_W + GAP, self.text_width()
        # (text, size, bold, space after, monospaced: the IDs, typed from the paper)
        lines = [
            (f"{item.number}. {item.title}", 11.0, True, 4.0, False),
            (item.question, 10.0, False, 6.0, False),
        ]
        if item.dice:
            dice = self.tr(DICE).format(dice=f"{item.dice[0]}-{item.dice[1]}")
            lines.append((dice, 9.0, False, 2.0, False))
        lines.append((self.tr(POSITION_ID).format(id=item.position_id), 9.0, False, 2.0, True))
        if item.match_id:
            lines.append((self.tr(MATCH_ID).format(id=item.match_id), 9.0, False, 2.0, True))
        lines.append((self.tr(ANSWER_LINE), 9.0, False, 10.0, False))
        y = top
        for text, size, bold, after, mono in lines:
            if draw:
                y = self.text(x, y, width, text, size, bold, mono) + after
            else:
                y += self.measure(text, width, size, bold, mono) + after
        rules = 3  # lines to write the answer on
        if draw:
            self.p.setPen(QPen(GREY, 0.5))
            for i in range(rules):
                ly = y + 8 + i * 18
                self.p.drawLine(QPointF(x, ly), QPointF(x + width, ly))
        return y - top + rules * 18

    def exercise(self, block: _Block, top: float) -> None:
        step, item = block.step, block.item
        rect = QRectF(0, top, DIAGRAM_W, diagram_height(DIAGRAM_W))
        draw_board(self.p, rect, step, item.dice, self.font)
        self.p.setPen(GREY)
        self.p.setFont(self.font(7.5))
        below = QRectF(0, rect.bottom() + 2, DIAGRAM_W, 40)
        self.p.drawText(below, int(Qt.TextFlag.TextWordWrap), caption(step, self.tr))
        self._column(item, step, draw=True, top=top)

    # -- the answer key ---------------------------------------------------------------------------
    def key_lines(
        self, lesson: Lesson, items: list[WorksheetItem]
    ) -> list[tuple[str, float, bool]]:
        """The answer key and the teacher's notes as (text, size, bold) paragraphs."""
        title = self.tr(KEY_TITLE).format(
            answers=self.tr(ANSWERS), number=lesson.number, title=self.tr(lesson.title)
        )
        out: list[_Line] = [(title, 15, True)]
        for item in items:
            out += [(f"{item.number}. {item.title}", 10.5, True), (item.answer, 10, False)]
        notes = lesson.teacher
        if notes is not None:
            out.append((self.tr(FOR_THE_TEACHER), 13, True))
            out.append((self.tr(AIMS), 10.5, True))
            out += [(f"\u2022 {self.tr(aim)}", 10, False) for aim in notes.aims]
            out.append((self.tr(MISTAKES), 10.5, True))
            out += [(f"\u2022 {self.tr(m)}", 10, False) for m in notes.mistakes]
            out.append((self.tr(MINUTES).format(minutes=notes.minutes), 10, False))
        return out


def diagram_height(width: float) -> float:
    return width * BOARD_UNITS[1] / BOARD_UNITS[0] + 2 * NUMBERS_H


def caption(step: Step, translate: Translate) -> str:
    """Whose turn it is, and the match's score and cube as the lesson window shows them
    (``shown_match``: a question whether this is the Crawford game says neither the cube nor
    the words, which answered it on a printed sheet; no cube in the Crawford game)."""
    parts = [translate(OPPONENT_ON_ROLL if step.turn == "opponent" else YOU_ON_ROLL)]
    match, shown = step.match, shown_match(step)
    if shown.line:
        if match is not None and match.match_length:
            parts.append(
                translate(MATCH_SCORE).format(
                    length=match.match_length, you=match.score[0], opponent=match.score[1]
                )
            )
        else:
            parts.append(translate(MONEY_GAME))
        if shown.crawford:
            parts.append(translate(CRAWFORD))
    if shown.cube:
        owner = {
            "centre": CUBE_CENTRE,
            "you": CUBE_YOURS,
            "opponent": CUBE_THEIRS,
            "offered": CUBE_OFFERED,
        }
        parts.append(translate(owner[shown.cube_owner]).format(value=shown.cube_value))
    return " \u00b7 ".join(parts)


def _rings(step: Step) -> set[int]:
    """The points ringed on the diagram: the step's rings and what the question points at."""
    rings = {m.point for m in step.marks if m.kind == "ring"}
    ex = step.exercise
    if isinstance(ex, ReachExercise):
        rings.add(ex.src)
    if isinstance(ex, ShotsExercise):
        rings.add(ex.target)
    return rings


def draw_board(
    p: QPainter,
    rect: QRectF,
    step: Step,
    dice: tuple[int, int] | None,
    font: Callable[..., QFont],
) -> None:
    """The step's position as the student sees it (the board of the window, in black on white).

    Player 0 (the student, light checkers) moves from 24 down to 1 with the home board at the
    bottom right; the bar is in the middle and the borne-off checkers in the tray on the right.
    """
    state = board_state(step.position)
    u = min(rect.width() / BOARD_UNITS[0], (rect.height() - 2 * NUMBERS_H) / BOARD_UNITS[1])
    ox, oy = rect.left(), rect.top() + NUMBERS_H
    frame, bar_w, tray_w = 0.4 * u, 1.1 * u, 1.3 * u
    table_w, table_h = BOARD_UNITS[0] * u, BOARD_UNITS[1] * u
    left_x, bar_x = ox + frame, ox + frame + 6 * u
    right_x = bar_x + bar_w
    tray_x = right_x + 6 * u + frame
    checker = 0.94 * u
    thin = QPen(INK, 0.6)

    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(thin)
    p.setBrush(QColor("#d9d9d9"))
    p.drawRect(QRectF(ox, oy, table_w, table_h))
    p.setBrush(QColor("#ffffff"))
    for x in (left_x, right_x):
        p.drawRect(QRectF(x, oy + frame, 6 * u, table_h - 2 * frame))
    for y in (oy + frame, oy + table_h / 2 + 0.1 * u):
        p.drawRect(QRectF(tray_x, y, tray_w - 0.1 * u, table_h / 2 - frame - 0.1 * u))

    def point_x(point: int) -> float:
        if point <= 6:
            return right_x + (6 - point) * u
        if point <= 12:
            return left_x + (12 - point) * u
        if point <= 18:
            return left_x + (point - 13) * u
        return right_x + (point - 19) * u

    def top(point: int) -> bool:
        return point >= 13

    # points and their numbers
    for point in range(1, 25):
        x = point_x(point)
        base = oy + frame if top(point) else oy + table_h - frame
        tip = base + (4.6 * u if top(point) else -4.6 * u)
        path = QPainterPath(QPointF(x, base))
        path.lineTo(QPointF(x + u, base))
        path.lineTo(QPointF(x + u / 2, tip))
        path.closeSubpath()
        p.setPen(thin)
        p.setBrush(QColor("#9a9a9a") if point % 2 else QColor("#e6e6e6"))
        p.drawPath(path)
        ny = rect.top() if top(point) else oy + table_h
        p.setFont(font(6.5))
        p.setPen(INK)
        p.drawText(QRectF(x, ny, u, NUMBERS_H), int(Qt.AlignmentFlag.AlignCenter), str(point))

    def disc(centre: QPointF, owner: int, label: str = "") -> None:
        p.setPen(QPen(INK, 0.8))
        p.setBrush(QColor("#ffffff") if owner == 0 else QColor("#333333"))
        p.drawEllipse(centre, checker / 2, checker / 2)
        if label:
            box = QRectF(centre.x() - checker / 2, centre.y() - checker / 2, checker, checker)
            p.setFont(font(0.42 * u, bold=True))
            p.setPen(INK if owner == 0 else QColor("#ffffff"))
            p.drawText(box, int(Qt.AlignmentFlag.AlignCenter), label)

    # checkers on the points: five drawn at most, the fifth shows the count above five
    for point in range(1, 25):
        n = state[point]
        if n == 0:
            continue
        owner, count = (0, n) if n > 0 else (1, -n)
        for i in range(min(count, 5)):
            cx = point_x(point) + u / 2
            offset = checker / 2 + i * checker
            cy = oy + frame + offset if top(point) else oy + table_h - frame - offset
            disc(QPointF(cx, cy), owner, str(count) if count > 5 and i == 4 else "")

    # the bar: the student's checkers wait in the upper half (they enter in the top right)
    bx = bar_x + bar_w / 2
    for location, owner, sign in ((25, 0, -1), (26, 1, 1)):
        count = abs(state[location])
        for i in range(min(count, 3)):
            cy = oy + table_h / 2 + sign * (0.75 * u + checker / 2 + i * checker)
            disc(QPointF(bx, cy), owner, str(count) if count > 3 and i == 2 else "")

    # borne off: thin slabs in the tray, with the count
    for location, owner in ((0, 0), (27, 1)):
        count = state[location]
        for i in range(count):
            y = (
                oy + table_h - frame - 0.25 * u - i * 0.27 * u
                if owner == 0
                else oy + frame + 0.05 * u + i * 0.27 * u
            )
            p.setPen(QPen(INK, 0.5))
            p.setBrush(QColor("#ffffff") if owner == 0 else QColor("#333333"))
            p.drawRect(QRectF(tray_x + 0.1 * u, y, tray_w - 0.3 * u, 0.2 * u))
        if count:
            y = oy + table_h / 2 + (0.2 * u if owner == 0 else -0.9 * u)
            label = QRectF(tray_x, y, tray_w - 0.1 * u, 0.7 * u)
            p.setFont(font(0.45 * u, bold=True))
            p.setPen(INK)
            p.drawText(label, int(Qt.AlignmentFlag.AlignCenter), str(count))

    # rings: around the top checker, or the empty point's base
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(INK, 1.6))
    for point in sorted(_rings(step)):
        if not 1 <= point <= 24:
            continue
        count = min(abs(state[point]), 5)
        offset = checker / 2 + max(count - 1, 0) * checker
        cx = point_x(point) + u / 2
        cy = oy + frame + offset if top(point) else oy + table_h - frame - offset
        p.drawEllipse(QPointF(cx, cy), checker * 0.62, checker * 0.62)

    # the dice, in the right-hand half of the player on roll
    if dice:
        half = right_x if step.turn != "opponent" else left_x
        size = 0.9 * u
        cy = oy + table_h / 2 - size / 2
        for i, value in enumerate(dice):
            x = half + 3 * u - size - 0.15 * u + i * (size + 0.3 * u)
            _die(p, QRectF(x, cy, size, size))
            _pips(p, QRectF(x, cy, size, size), value)

    # the cube, on the bar: in the middle, or at the owner's end; a double on offer in the
    # middle of the opponent's half, ringed; as the lesson window shows it (none in the Crawford
    # game, nor while the question is whether this is the Crawford game)
    shown = shown_match(step)
    if shown.cube:
        size = 0.9 * u
        y = {
            "centre": oy + table_h / 2 - size / 2,
            "offered": oy + table_h / 2 - size / 2,
            "you": oy + table_h - frame - size - 0.1 * u,
            "opponent": oy + frame + 0.1 * u,
        }[shown.cube_owner]
        x = left_x + 3 * u if shown.cube_owner == "offered" else bx
        box = QRectF(x - size / 2, y, size, size)
        p.setPen(QPen(INK, 2.0 if shown.cube_owner == "offered" else 1.0))
        p.setBrush(QColor("#ffffff"))
        p.drawRoundedRect(box, 0.12 * u, 0.12 * u)
        value = 64 if shown.cube_owner == "centre" and shown.cube_value == 1 else shown.cube_value
        p.setFont(font(0.42 * u, bold=True))
        p.setPen(INK)
        p.drawText(box, int(Qt.AlignmentFlag.AlignCenter), str(value))


def _die(p: QPainter, box: QRectF) -> None:
    p.setPen(QPen(INK, 0.8))
    p.setBrush(QColor("#ffffff"))
    p.drawRoundedRect(box, box.width() * 0.15, box.width() * 0.15)


_PIP_PLACES = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


def _pips(p: QPainter, box: QRectF, value: int) -> None:
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(INK)
    radius = box.width() * 0.09
    for fx, fy in _PIP_PLACES[value]:
        p.drawEllipse(
            QPointF(box.left() + fx * box.width(), box.top() + fy * box.height()), radius, radius
        )


# -- the file ------------------------------------------------------------------------------------
def write_worksheet(lesson: Lesson, language: str, output: Path) -> int:
    """Write the worksheet of ``lesson`` in ``language`` to ``output`` (PDF); returns its pages.

    The file is replaced whole or not at all. Raises ``OSError`` when it cannot be written or the
    bundled font is missing, ``ValueError`` for a language the program does not speak.
    """
    translate = load_catalog(language).gettext
    if QGuiApplication.instance() is None:
        raise RuntimeError("A worksheet is drawn in a running QGuiApplication (for its fonts).")
    output = Path(output)
    # a name of our own next to the file (the writer makes the file, with the usual permissions)
    handle, name = tempfile.mkstemp(prefix=f".{output.name}.", suffix=".tmp", dir=output.parent)
    os.close(handle)
    temporary = Path(name)
    temporary.unlink()
    try:
        pages = _write(lesson, translate, temporary, language_number(language))
        os.replace(temporary, output)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
    return pages


def _write(lesson: Lesson, translate: Translate, path: Path, number: NumberFormat) -> int:
    writer = QPdfWriter(str(path))
    writer.setResolution(72)  # one unit is one point; the drawing is vectors and text anyway
    writer.setTitle(translate(TITLE).format(number=lesson.number, title=translate(lesson.title)))
    writer.setCreator("Backgammon")
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(MARGIN, MARGIN, MARGIN, MARGIN),
            QPageLayout.Unit.Point,
        )
    )
    painter = QPainter()
    if not painter.begin(writer):
        raise OSError(f"{path.name} cannot be written")
    try:
        page = QRectF(writer.pageLayout().paintRect(QPageLayout.Unit.Point))
        page.moveTo(0, 0)
        return _draw(_Writer(painter, page, translate), lesson, writer, number)
    finally:
        painter.end()


def _draw(w: _Writer, lesson: Lesson, writer: QPdfWriter, number: NumberFormat) -> int:
    items = worksheet(lesson, w.tr, number)
    steps = {step.id: step for step in lesson.steps}
    usable = w.page.height() - 20  # the footer
    # lay out: exercises in pages (the first starts below the heading), then the key
    question_pages: list[list[tuple[_Block, float]]] = [[]]
    y = _heading_height(w, lesson)
    for item in items:
        step = steps[item.step_id]
        block = _Block(item, step, w.block_height(item, step))
        if question_pages[-1] and y + block.height > usable:
            question_pages.append([])
            y = 0
        question_pages[-1].append((block, y))
        y += block.height
    key_pages: list[list[tuple[_Line, float]]] = [[]]
    y = 0
    for line in w.key_lines(lesson, items):
        text, size, bold = line
        height = w.measure(text, w.page.width(), size, bold) + (8 if bold else 3)
        if y + height > usable and key_pages[-1]:
            key_pages.append([])
            y = 0
        key_pages[-1].append((line, y + (4 if bold and y else 0)))
        y += height + (4 if bold and y else 0)
    pages = len(question_pages) + len(key_pages)
    footer = w.tr(TITLE).format(number=lesson.number, title=w.tr(lesson.title))
    number = 0
    for index, blocks in enumerate(question_pages):
        number += 1
        if number > 1:
            writer.newPage()
        if index == 0:
            w.heading(lesson)
        for block, top in blocks:
            w.exercise(block, top)
        w.footer(footer, number, pages)
    for lines in key_pages:
        number += 1
        writer.newPage()
        for (text, size, bold), top in lines:
            w.text(0, top, w.page.width(), text, size, bold)
        w.footer(footer, number, pages)
    return pages


def _heading_height(w: _Writer, lesson: Lesson) -> float:
    width = w.page.width()
    title = w.tr(TITLE).format(number=lesson.number, title=w.tr(lesson.title))
    return (
        w.measure(w.tr(WORKSHEET), width, 9)
        + 2
        + w.measure(title, width, 17, True)
        + 4
        + w.measure(w.tr(lesson.summary), width, 10)
        + 12
        + 12
        + GAP
    )


def command_line_application() -> QGuiApplication:
    """The application a worksheet needs when no window runs (``python -m lessons worksheet``):
    no display, and the bundled font loaded as the window loads it.

    Raises ``OSError`` when the bundled font is missing.
    """
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    existing = QGuiApplication.instance()
    qapp = existing if isinstance(existing, QGuiApplication) else QGuiApplication(["worksheet"])
    install_fonts(qapp)
    return qapp
