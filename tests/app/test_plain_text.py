"""Every text of both windows is shown as plain text: a name, a lesson or a notice that looks like
HTML is never read as HTML (rich text would render ``<b>`` and fetch ``<img src>``).

The test walks every text item of the game window and the lesson window, with each popup (the
dialogs, the menus) opened in turn, and fails on any that is not ``Text.PlainText`` unless it
is one of the controls' own labels whose text the program sets from fixed, translated strings.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
import shiboken6
from PySide6.QtCore import Q_ARG, Q_RETURN_ARG, QMetaObject, QObject, Qt
from PySide6.QtQml import QQmlEngine
from PySide6.QtQuick import QQuickItem

from tests.app.driver import text_format

pytestmark = [pytest.mark.gui, pytest.mark.timeout(120)]

PLAIN = Qt.TextFormat.PlainText.value
STYLED = 4  # QML's Text.StyledText (not one of Qt.TextFormat)

# Text items made by Qt Quick Controls themselves, whose text the program sets only from fixed,
# translated strings (never a name or a file's text): the label of a button, check box or menu
# entry (the control's ``text``), a text field's placeholder, the title of a Dialog (its header)
# and the label of a ToolTip (the buttons' hints).
CONTROL_LABELS = ("QQuickIconLabel", "QQuickPlaceholderText")


def walk(root: QQuickItem) -> Iterator[QQuickItem]:
    stack = [root]
    while stack:
        item = stack.pop()
        yield item
        stack.extend(item.childItems())


def address(item: QObject) -> int:
    return shiboken6.getCppPointer(item)[0]


def safe_roots(window) -> set[int]:
    """The header items of the dialogs and the content of the tooltips (see above)."""
    roots = set()
    for popup in popups(window):
        name = "header" if popup.inherits("QQuickDialog") else "contentItem"
        if popup.inherits("QQuickDialog") or popup.inherits("QQuickToolTip"):
            item = popup.property(name)
            if item is not None:
                roots.add(address(item))
    return roots


def known_safe(item: QQuickItem, roots: set[int]) -> bool:
    parent = item.parentItem()
    is_button = parent is not None and parent.inherits("QQuickAbstractButton")
    if is_button and address(parent.property("contentItem")) == address(item):
        return True  # a check box's label (the program's own buttons draw plain text)
    node = item
    while node is not None:
        if any(node.inherits(kind) for kind in CONTROL_LABELS) or address(node) in roots:
            return True
        node = node.parentItem()
    return False


def underlined_letter_only(item: QQuickItem) -> bool:
    """A menu entry's label: styled text whose only markup is the underline of its Alt letter
    (``GameMenuItem.mnemonicText`` escapes every ``<``, ``>`` and ``&`` of the entry's text)."""
    if item.objectName() != "menuEntryText" or text_format(item) != STYLED:
        return False
    rest = re.sub(r"</?u>|&(lt|gt|amp);", "", item.property("text"))
    return "<" not in rest and "&" not in rest


def rich_texts(window) -> list[str]:
    found = []
    roots = safe_roots(window)
    for item in walk(window.contentItem()):
        if not (item.inherits("QQuickText") or item.inherits("QQuickTextEdit")):
            continue
        if text_format(item) == PLAIN or known_safe(item, roots) or underlined_letter_only(item):
            continue
        found.append(
            f"{item.metaObject().className()} {item.objectName()!r}: {item.property('text')!r}"
        )
    return found


def popups(window) -> list[QObject]:
    return [o for o in window.findChildren(QObject) if o.inherits("QQuickPopup")]


def check_window(driver, window) -> list[str]:
    found = rich_texts(window)
    seen = 0
    for popup in popups(window):
        if popup.inherits("QQuickToolTip"):
            continue
        QMetaObject.invokeMethod(popup, "open")
        driver.settle(30)
        found += [
            f"in {popup.objectName() or popup.metaObject().className()}: {t}"
            for t in rich_texts(window)
        ]
        QMetaObject.invokeMethod(popup, "close")
        driver.settle(30)
        seen += 1
    assert seen > 0
    return found


def test_every_text_of_the_game_window_is_plain(harness):
    harness.open(seed=3)
    harness.game.newGame({"opponent": "human", "cube": True, "matchLength": 5})
    harness.settle(50)
    found = check_window(harness, harness.window)
    assert not found, "\n".join(found)
    names = {p.objectName() for p in popups(harness.window)}
    assert {"newGameDialog", "noticeDialog", "helpDialog", "statisticsDialog"} <= names


def test_every_text_of_the_lesson_window_is_plain(qtbot, tmp_path):
    from tests.app.test_lessons_player import LessonHarness

    ui = LessonHarness(qtbot, tmp_path)
    ui.open()
    try:
        ui.click("openLesson_6")  # a lesson with the cube and the match line
        found = rich_texts(ui.window)
        assert not found, "\n".join(found)
    finally:
        ui.close()


def test_the_walk_sees_a_rich_text(qtbot):
    """The check itself: a Label left at its default (AutoText) is reported."""
    from PySide6.QtQml import QQmlComponent

    engine = QQmlEngine()
    component = QQmlComponent(engine)
    component.setData(
        b"import QtQuick\nimport QtQuick.Controls\n"
        b"Window { Label { objectName: 'x'; text: '<b>a</b>' } }",
        "",
    )
    window = component.create()
    assert window is not None, component.errorString()
    try:
        assert [t for t in rich_texts(window) if "'x'" in t]
    finally:
        window.deleteLater()


def test_a_menu_entry_underlines_its_letter_and_shows_the_rest_as_text(harness):
    """The one styled text of the window: the menus' Alt letter underlined, any markup in the
    entry's text escaped (so the exception above holds for whatever a translation says)."""
    harness.open(start=False)
    entries = [
        o
        for o in harness.window.findChildren(QObject)
        if o.metaObject().indexOfMethod("mnemonicText(QVariant)") >= 0
    ]
    assert entries
    result = QMetaObject.invokeMethod(
        entries[0],
        "mnemonicText",
        Q_RETURN_ARG("QVariant"),
        Q_ARG("QVariant", "&New <img src=x> && <b>more</b>"),
    )
    assert result == "<u>N</u>ew &lt;img src=x&gt; &amp; &lt;b&gt;more&lt;/b&gt;"
