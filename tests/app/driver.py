"""Driving a rendered QML window like a person: items found by objectName, clicked in the middle.

Shared by the game-window harness (``conftest.Harness``) and the lesson-window harness. A driver
has ``qtbot`` and ``window`` (the ``QQuickWindow``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QTextLayout, QTextOption
from PySide6.QtQml import QQmlEngine, QQmlExpression
from PySide6.QtQuick import QQuickItem
from PySide6.QtTest import QTest
from pytestqt.exceptions import TimeoutError as WaitTimeout


@contextlib.contextmanager
def speaking(engine: QQmlEngine, language: str) -> Iterator[None]:
    """The program (the window of ``engine``) in ``language`` for the block, English after it."""
    from app import i18n

    i18n.set_language(None, engine, language)
    try:
        yield
    finally:
        i18n.set_language(None, engine, "en")


def is_shown(item: QQuickItem) -> bool:
    """Visible (itself and every parent) and of a size a click could hit."""
    return item.isVisible() and item.width() > 0 and item.height() > 0


def as_written(text: str) -> str:
    """A text shown as the program wrote it: without the word joiners that keep a move whole
    ("6/\u2060off") and the no-break spaces that keep a number with its "%" and a roll with its
    play (app/qml/texts.js)."""
    return text.replace("\u2060", "").replace("\u00a0", " ")


def qml_value(item, expression: str):
    """``expression`` evaluated in QML on ``item`` (for values Python cannot convert, such as
    enums, and for attached properties: ``qml_value(item, "Accessible.name")``)."""
    context = QQmlEngine.contextForObject(item)
    owner = item
    while context is None and owner is not None:
        owner = owner.parent()
        context = QQmlEngine.contextForObject(owner) if owner is not None else None
    assert context is not None, f"no QML context for {item}"
    value, undefined = QQmlExpression(context, item, expression).evaluate()
    assert not undefined, f"{expression} is undefined on {item}"
    return value


def text_format(item) -> int:
    """The ``textFormat`` of a text item (``Qt.TextFormat.PlainText.value`` for plain text)."""
    return int(qml_value(item, "textFormat"))


class WindowDriver:
    """Finds the items of ``self.window`` and clicks them through the window's own events."""

    qtbot = None
    settle_ms = 10

    def settle(self, ms: int | None = None) -> None:
        """Let queued events, timers and the computer's worker answers run."""
        self.qtbot.wait(self.settle_ms if ms is None else ms)

    def items(self) -> Iterator[QQuickItem]:
        stack = [self.window.contentItem()]
        while stack:
            item = stack.pop()
            yield item
            stack.extend(item.childItems())

    def find(self, name: str) -> QQuickItem | None:
        """The item named ``name`` that is shown (visible, of a size), or None.

        Items hidden or of no size are passed over: a delegate a Repeater is replacing, a part
        of a closed dialog. Two shown items of one name fail the test: a click would be a guess.
        """
        shown = [i for i in self.items() if i.objectName() == name and is_shown(i)]
        assert len(shown) <= 1, f"{len(shown)} items named {name!r} are shown at once"
        return shown[0] if shown else None

    def find_all(self, prefix: str) -> list[QQuickItem]:
        """Every item whose name starts with ``prefix``, shown or not."""
        return [i for i in self.items() if i.objectName().startswith(prefix)]

    def item(self, name: str, timeout_ms: int = 2000) -> QQuickItem:
        """The shown item named ``name``, waiting up to ``timeout_ms`` for it to be laid out
        (an item just made visible has its size after the next polish), as a person waits to
        see it; fails when there is none (see ``find``)."""
        found = self.find(name)
        if found is None and timeout_ms > 0:
            with contextlib.suppress(WaitTimeout):
                self.qtbot.waitUntil(lambda: self.find(name) is not None, timeout=timeout_ms)
            found = self.find(name)
        assert found is not None, f"no item named {name!r} is shown"
        return found

    def hidden(self, name: str) -> bool:
        """True when no item named ``name`` is shown (none at all, or only hidden ones)."""
        return self.find(name) is None

    def centre(self, item: QQuickItem) -> QPointF:
        return item.mapToScene(QPointF(item.width() / 2, item.height() / 2))

    def click_item(self, item: QQuickItem, double: bool = False) -> None:
        assert item.isVisible(), f"{item.objectName()} is not visible"
        point = self.centre(item).toPoint()
        assert self.window.contentItem().contains(QPointF(point)), "item outside the window"
        click = QTest.mouseDClick if double else QTest.mouseClick
        click(self.window, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
        self.settle(1)

    def click(self, name: str) -> None:
        self.click_item(self.item(name))


def layout_lines(text: str, font, width: float) -> list[str]:
    """``text`` broken into lines as a Text of ``width`` that wraps anywhere breaks it."""
    layout = QTextLayout(text, font)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    layout.setTextOption(option)
    layout.beginLayout()
    lines = []
    while (line := layout.createLine()).isValid():
        line.setLineWidth(width)
        lines.append(text[line.textStart() : line.textStart() + line.textLength()])
    layout.endLayout()
    return lines
