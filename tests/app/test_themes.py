"""Board themes, the mark on the dark checkers and the text size, in real rendered pixels.

Every theme draws its own felt and points; the high-contrast theme keeps every checker at least
3:1 (WCAG's contrast for graphics) from every point, measured on the rendered board as well as
on the theme's values, and every text of the side panel at least 7:1 from what lies behind it;
the dark checkers carry a mark when asked (always in high contrast); a change of theme or text
size while the window is open needs no restart and logs no warning.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QMetaObject, QObject, QPointF
from PySide6.QtGui import QColor

from app.board_themes import HIGH_CONTRAST, THEMES, contrast_ratio
from engine import Position
from tests.app.test_render import point_centre

pytestmark = [
    pytest.mark.gui,
    pytest.mark.timeout(120),
    pytest.mark.qt_log_level_fail("WARNING"),
]


def board_rect(harness) -> tuple[float, float, float, float]:
    board = harness.item("board")
    top_left = board.mapToScene(QPointF(0, 0))
    return (top_left.x(), top_left.y(), board.width(), board.height())


def pixel(image, x: float, y: float) -> str:
    return QColor(image.pixel(int(x), int(y))).name()


def near(a: str, b: str, tolerance: int = 12) -> bool:
    ca, cb = QColor(a), QColor(b)
    return all(
        abs(p - q) <= tolerance for p, q in zip(ca.getRgb()[:3], cb.getRgb()[:3], strict=True)
    )


class Board:
    """Where to look on the rendered start position: empty points, checkers, the felt."""

    def __init__(self, harness) -> None:
        harness.settle(100)
        self.image = harness.window.grabWindow()
        self.rect = board_rect(harness)
        x0, y0, w, h = self.rect
        self.u = min(w / 15.6, h / 12.6)
        self.top = y0 + (h - 12.6 * self.u) / 2

    def point(self, location: int) -> str:
        """The colour of an empty upper point, near its base."""
        x, _y = point_centre(self.rect, location, 0)
        return pixel(self.image, x, self.top + 0.6 * self.u)

    def felt(self) -> str:
        x, _y = point_centre(self.rect, 10, 0)
        return pixel(self.image, x, self.rect[1] + self.rect[3] / 2)

    def checker(self, location: int, index: int = 0, centre: bool = False) -> str:
        """The fill of a checker (off its rings and shine), or its very centre (the mark)."""
        x, y = point_centre(self.rect, location, index)
        d = 0.94 * self.u
        if centre:
            return pixel(self.image, x, y)
        return pixel(self.image, x + 0.2 * d, y + 0.1 * d)


@pytest.fixture
def start(harness):
    harness.open(start=False, size=(1280, 800))
    harness.game.show_position(Position.start(), 0)
    return harness


def test_each_theme_draws_its_own_felt_and_points(start):
    seen = {}
    for name, colours in THEMES.items():
        start.w.settings.theme = name
        board = Board(start)
        assert near(board.point(20), colours.point_even), (name, board.point(20))
        assert near(board.point(21), colours.point_odd), (name, board.point(21))
        assert near(board.felt(), colours.felt_dark, 20), (name, board.felt())
        assert near(board.checker(24), colours.checker0), (name, board.checker(24))
        assert near(board.checker(19), colours.checker1), (name, board.checker(19))
        seen[name] = (board.point(20), board.point(21), board.felt())
    assert len(set(seen.values())) == len(THEMES)  # four different boards


def test_the_high_contrast_board_keeps_checkers_apart_from_points(start):
    c = HIGH_CONTRAST
    for checker in (c.checker0, c.checker1):
        for point in (c.point_even, c.point_odd):
            assert contrast_ratio(checker, point) >= 3.0, (checker, point)
    for fill, rim in ((c.checker0, c.rim0), (c.checker1, c.rim1)):  # each shows on the felt
        assert max(contrast_ratio(fill, c.felt_dark), contrast_ratio(rim, c.felt_dark)) >= 3.0
        assert contrast_ratio(fill, rim) >= 3.0  # and its outline on its own colour
    assert contrast_ratio(c.mark1, c.checker1) >= 3.0
    assert contrast_ratio(c.focus, c.felt_dark) >= 3.0
    start.w.settings.theme = "contrast"
    board = Board(start)
    rendered = {"white on 24": board.checker(24), "black on 19": board.checker(19)}
    points = {"even": board.point(20), "odd": board.point(21)}
    for what, checker in rendered.items():
        for kind, point in points.items():
            ratio = contrast_ratio(checker, point)
            assert ratio >= 3.0, f"{what} vs {kind} point: {ratio:.2f}"


def test_the_dark_checkers_carry_a_mark_when_asked(start):
    settings = start.w.settings
    settings.theme = "classic"
    assert not start.w.theme.marks
    plain = Board(start).checker(19, centre=True)
    settings.checkerMarks = True
    marked = Board(start).checker(19, centre=True)
    assert QColor(plain).lightness() < 80 < QColor(marked).lightness(), (plain, marked)
    assert near(Board(start).checker(24, centre=True), THEMES["classic"].checker0, 40)
    settings.checkerMarks = False
    settings.theme = "contrast"  # always marked in high contrast
    assert start.w.theme.marks
    assert QColor(Board(start).checker(19, centre=True)).lightness() > 200


def test_theme_and_text_size_change_live_in_every_language(harness):
    from app import i18n

    harness.open(seed=4, size=(1024, 768))
    harness.game.newGame({"opponent": "human", "matchLength": 5, "cube": True})
    panel = harness.item("statusLabel")
    for language in ("da", "nl", "en"):
        i18n.set_language(harness.w.app, harness.w.engine, language)
        sizes = []
        for scale, theme in ((125, "blue"), (150, "slate"), (100, "classic")):
            harness.w.settings.textScale = scale
            harness.w.settings.theme = theme
            harness.settle(30)
            sizes.append(panel.property("font").pixelSize())
            for name in ("helpDialog", "newGameDialog", "confirmNewDialog", "statisticsDialog"):
                dialog = harness.window.findChild(QObject, name)
                QMetaObject.invokeMethod(dialog, "open")
                harness.settle(20)
                QMetaObject.invokeMethod(dialog, "close")
                harness.settle(20)
        assert sizes[0] < sizes[1] and sizes[2] < sizes[0], sizes  # 125 < 150, 100 < 125


def test_a_bad_theme_in_the_settings_file_reads_as_the_default(tmp_path):
    from PySide6.QtCore import QSettings

    from app.settings import Settings

    path = tmp_path / "settings.ini"
    raw = QSettings(str(path), QSettings.Format.IniFormat)
    raw.setValue("theme", "neon")
    raw.setValue("textScale", 300)
    raw.sync()
    settings = Settings(path)
    assert settings.theme == "classic" and settings.textScale == 100
    settings.theme = "contrast"
    assert Settings(path).theme == "contrast"


def panel_text_contrasts(harness) -> dict[str, float]:
    """Each visible, enabled text of the side panel and its contrast with the nearest filled
    rectangle behind it (a card, a box, a button, the panel)."""
    panel = harness.item("sidePanel")
    found = {}
    for item in harness.items():
        if not item.inherits("QQuickText") or not item.isVisible() or not item.property("text"):
            continue
        behind, node, inside = None, item.parentItem(), False
        while node is not None:
            if node is panel:
                inside = True
            colour = node.property("color") if node.inherits("QQuickRectangle") else None
            if node.inherits("QQuickAbstractButton"):  # its text lies on its background
                colour = node.property("background").property("color")
            if behind is None and colour is not None and QColor(colour).alpha() > 200:
                behind = QColor(colour).name()
            node = node.parentItem()
        if not inside or behind is None or not item.isEnabled():
            continue
        text = f"{item.objectName() or item.property('text')[:24]!r}"
        found[text] = contrast_ratio(QColor(item.property("color")).name(), behind)
    return found


def test_the_high_contrast_theme_raises_the_side_panels_texts(harness):
    import random

    harness.open(seed=5, size=(1024, 768))
    harness.game.newGame({"opponent": "human", "matchLength": 5, "cube": True})
    rng = random.Random(3)
    for _ in range(3):  # a move list
        if harness.game.canRoll:
            harness.click("rollButton")
        while harness.game.legalSteps:
            harness.play_step(rng.choice(harness.game.legalSteps))
        harness.confirm_if_done()
    harness.w.settings.theme = "classic"
    harness.settle(50)
    classic = panel_text_contrasts(harness)
    assert min(classic.values()) < 7  # the move list's older lines: 6:1 on the panel's box
    harness.w.settings.theme = "contrast"
    harness.settle(50)
    strong = panel_text_contrasts(harness)
    assert len(strong) >= 10, strong
    low = {text: round(ratio, 1) for text, ratio in strong.items() if ratio < 7}
    assert not low, low
    harness.w.settings.theme = "classic"


def test_the_end_of_game_card_is_whole_in_high_contrast(harness):
    # found by a tester: the board's rings and arrows showed through the card
    from app.parts import part_of
    from app.resignation import Resignations

    harness.open(seed=5, size=(1024, 768))
    harness.game.newGame({"opponent": "human", "matchLength": 5, "cube": True})
    harness.settle(50)
    part_of(harness.w.engine, Resignations).resign(1)
    harness.settle(50)
    card = harness.item("gameOverCard")
    assert card.isVisible()
    harness.w.settings.theme = "contrast"
    harness.settle(50)
    assert card.property("color").alphaF() == 1.0
    harness.w.settings.theme = "classic"
    harness.settle(50)
