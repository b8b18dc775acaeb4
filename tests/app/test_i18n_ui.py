"""Every text a player sees follows the language, switched while the program runs.

The running window is switched to Danish and to Dutch (as the settings do, through the ``I18n``
singleton) and every visible text item is read: the main window, the menus, the new-game dialog,
a result card at the end of a game, and a lesson. A text that is still an English source text
(one whose translation differs, i.e. not marked ``same-as-source`` in the catalog) fails the
test, and so does a text cut off by its item. The same walk in English must find English texts,
so the check cannot pass by seeing nothing.

Texts made in Python (status lines, default player names) must be made again when the language
changes: listen to ``app.i18n.language_state().languageChanged``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache

import pytest
from PySide6.QtCore import QCoreApplication, QPointF, Qt
from PySide6.QtQml import QQmlComponent, QQmlEngine
from PySide6.QtQuick import QQuickItem
from PySide6.QtTest import QTest

from app import i18n
from locales import catalogs
from tests.app.driver import qml_value

pytestmark = [pytest.mark.gui, pytest.mark.timeout(240)]

LANGUAGES = ("da", "nl")
# Placeholders stand for any text (Qt's %1, brace fields) or a count (%n).
_FIELD = re.compile(r"%L?\d+|\{[^{}]*\}")
_COUNT = re.compile(r"%L?n")
# Displayed texts are often made of several translated pieces.
_SEPARATORS = re.compile(r"\t|\n| · | – | — ")


def _words(text: str) -> str:
    return re.sub(r"[^A-Za-z]+", " ", _COUNT.sub(" ", _FIELD.sub(" ", text))).strip()


def _pattern(english: str) -> re.Pattern[str]:
    parts = []
    for piece in re.split(r"(%L?\d+|\{[^{}]*\}|%L?n)", english.replace("&", "")):
        if _COUNT.fullmatch(piece):
            parts.append(r"\d+")
        elif _FIELD.fullmatch(piece):
            parts.append(r".+?")
        else:
            parts.append(re.escape(piece))
    return re.compile("".join(parts))


@cache
def english_texts(language: str) -> tuple[re.Pattern[str], ...]:
    """Patterns of the English texts that ``language`` translates differently."""
    english = catalogs.read_catalog(catalogs.po_path("en"), "en")
    other = catalogs.read_catalog(catalogs.po_path(language), language)
    # An English text that is also a translation in the language says nothing either: Danish and
    # Dutch both translate the menu's "&Analysis…" as "Anal&yse…", the English of the button
    # (the "&" of a menu entry's Alt letter is not shown as such).
    own = {
        (form or "").replace("&", "")
        for message in other
        if message.id
        for form in (message.string if isinstance(message.string, tuple) else (message.string,))
    }
    patterns = []
    for message in english:
        if not message.id:
            continue
        translated = other.get(message.id, message.context)
        if translated is None or any(
            catalogs.SAME_AS_SOURCE in comment for comment in translated.user_comments
        ):
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        others = translated.string if isinstance(translated.string, tuple) else (translated.string,)
        for form in forms:
            # Words of one letter or none ("%1 – %2") say nothing about the language, nor does
            # one word between placeholders ("{0} to {1}" fits Danish "ved to spillere").
            words = _words(form)
            lone_word = len(words.split()) < 2 and _FIELD.search(form) is not None
            if (
                form
                and form not in others
                and form.replace("&", "") not in own  # "&Tutor" is Dutch "T&utor"
                and len(words) >= 2
                and not lone_word
            ):
                patterns.append(_pattern(form))
    return tuple(patterns)


def untranslated(text: str, language: str) -> str | None:
    """The piece of ``text`` that is an English source text, if any."""
    candidates = [text.replace("&", "").strip()]
    candidates += [piece.strip() for piece in _SEPARATORS.split(candidates[0])]
    for piece in candidates:
        if piece and any(p.fullmatch(piece) for p in english_texts(language)):
            return piece
    return None


def items(root: QQuickItem) -> Iterator[QQuickItem]:
    stack = [root]
    while stack:
        item = stack.pop()
        yield item
        stack.extend(item.childItems())


def visible_texts(window) -> list[tuple[QQuickItem, str]]:
    """(item, text) of every visible item that shows a text, popups included."""
    found = []
    for item in items(window.contentItem()):
        if not item.isVisible() or item.opacity() == 0 or item.width() <= 0:
            continue
        for name in ("text", "placeholderText", "title"):
            value = item.property(name)
            if isinstance(value, str) and value.strip():
                found.append((item, value))
    return found


@cache
def known_words(language: str) -> frozenset[str]:
    """Every word of the language's translations (names, "Backgammon", "pips" included)."""
    catalog = catalogs.read_catalog(catalogs.po_path(language), language)
    words: set[str] = set()
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            text = (text or "").replace("&", "")  # a menu entry's Alt letter ("Anal&yse…")
            words.update(word.lower() for word in re.findall(r"[^\W\d_]+", text))
    return frozenset(words)


def foreign_words(text: str, language: str) -> list[str]:
    """Words of three letters or more that no translation of ``language`` uses."""
    words = re.findall(r"[^\W\d_]{3,}", text.replace("&", ""))
    return [word for word in words if word.lower() not in known_words(language)]


def snapshot(window) -> dict[QQuickItem, str]:
    """The texts shown now, by item (taken in English before the switch)."""
    return dict(visible_texts(window))


def check_items(texts, language: str, where: str, english: dict | None = None) -> int:
    """Fail on English or cut-off texts among ``(item, text)``; returns how many there were.

    With ``english`` (a snapshot taken before switching), a text that did not change and has
    words the language never uses is English that the catalogs do not know (a text not marked
    for translation, or one made in Python and not made again).
    """
    problems = []
    for item, text in texts:
        name = item.objectName() or type(item).__name__
        piece = untranslated(text, language) if language != "en" else None
        if piece is not None:
            problems.append(f"{where}: {name}: {piece!r}")
        elif english and english.get(item) == text and foreign_words(text, language):
            problems.append(f"{where}: {name}: unchanged {text!r}")
        if item.property("truncated") is True:
            problems.append(f"{where}: {name} is cut off: {text!r}")
    assert not problems, f"in {language}:\n" + "\n".join(problems)
    return len(texts)


def check_window(window, language: str, where: str, english: dict | None = None) -> int:
    """``check_items`` over every visible text of ``window``."""
    return check_items(visible_texts(window), language, where, english)


def english_found(window) -> int:
    """How many visible texts are English source texts (the check's own sanity)."""
    return sum(1 for _item, text in visible_texts(window) if untranslated(text, "nl"))


def set_language(harness, language: str) -> None:
    singleton = harness.w.engine.singletonInstance("app.qml", "I18n")
    singleton.setProperty("language", language)
    assert i18n.current_language() == language
    harness.settle(20)


def test_qts_own_texts_follow_a_switch_to_english(harness):
    """Qt's own texts (a file dialog's "Save") followed a switch to Danish, not to English:
    loading, the window's engine installed Qt's translation of the language it opened in, which
    stayed (found as a test that failed after the window's tests)."""
    from PySide6.QtCore import QCoreApplication

    harness.open(seed=11, language="nl")
    assert QCoreApplication.translate("QPlatformTheme", "Save") == "Opslaan"
    set_language(harness, "en")
    assert QCoreApplication.translate("QPlatformTheme", "Save") == "Save"
    set_language(harness, "da")
    assert QCoreApplication.translate("QPlatformTheme", "Save") == "Gem"


def click_text(harness, window, wanted: str) -> None:
    for item in items(window.contentItem()):
        if item.isVisible() and item.property("text") == wanted:
            centre = item.mapToScene(QPointF(item.width() / 2, item.height() / 2)).toPoint()
            QTest.mouseClick(
                window, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, centre
            )
            harness.settle(20)
            return
    raise AssertionError(f"no visible item shows {wanted!r}")


def menu_titles(window) -> list[str]:
    return [
        item.property("text")
        for item in items(window.contentItem())
        if item.isVisible() and "MenuBarItem" in item.metaObject().className()
    ]


@pytest.fixture
def main_window(harness):
    harness.open(seed=11)
    yield harness
    i18n.set_language(None, harness.w.engine if harness.w else None, "en")


def test_the_check_sees_english_in_the_english_window(main_window):
    window = main_window.window
    assert check_window(window, "en", "main window") >= 10
    assert english_found(window) >= 5


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_main_window_is_translated(main_window, language):
    harness = main_window
    window = harness.window
    english = snapshot(window)
    set_language(harness, language)
    assert check_window(window, language, "main window", english) >= 10


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_menus_are_translated(main_window, language):
    """The menus of the menu bar, opened one by one (the settings live in them)."""
    harness = main_window
    window = harness.window
    set_language(harness, language)
    titles = menu_titles(window)
    assert titles, "no menu bar"
    closed = visible_texts(window)
    for title in titles:
        click_text(harness, window, title)
        opened = [
            (item, text) for item, text in visible_texts(window) if (item, text) not in closed
        ]
        assert opened, f"the menu {title!r} did not open"
        check_items(opened, language, f"menu {title!r}")
        QTest.keyClick(window, Qt.Key.Key_Escape)
        harness.settle(20)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_new_game_dialog_is_translated(main_window, language):
    harness = main_window
    window = harness.window
    set_language(harness, language)
    closed = visible_texts(window)
    QTest.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    harness.settle(50)
    if harness.game.matchInProgress:  # a game in progress: the player is asked first
        asked = [(i, t) for i, t in visible_texts(window) if (i, t) not in closed]
        check_items(asked, language, "new-game question")
        harness.click("resignAndNewButton")
        harness.settle(50)
        closed = [(i, t) for i, t in closed if (i, t) not in asked]
    opened = [(item, text) for item, text in visible_texts(window) if (item, text) not in closed]
    assert len(opened) >= 10, "the new-game dialog did not open"
    check_items(opened, language, "new-game dialog")
    QTest.keyClick(window, Qt.Key.Key_Escape)
    harness.settle(20)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_result_of_a_game_is_translated(main_window, language):
    harness = main_window
    game = harness.game
    game.newGame({"opponent": "human", "matchLength": 5, "cube": True, "name0": "A", "name1": "B"})
    harness.settle()
    set_language(harness, language)
    rng = random.Random(3)
    mover = game.onRoll
    while game.onRoll == mover and game.legalSteps:
        harness.play_step(rng.choice(game.legalSteps))
    harness.click("doubleButton")
    check_window(harness.window, language, "double offered")
    harness.click("passButton")
    assert game.gameOver["visible"]
    harness.settle(50)
    check_window(harness.window, language, "result")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_lesson_is_translated(main_window, language):
    import app.lesson_player  # noqa: F401  (registers the lesson window with QML)

    harness = main_window
    component = QQmlComponent(harness.w.engine)
    component.loadFromModule("app.qml", "LessonWindow")
    if component.status() != QQmlComponent.Status.Ready:
        pytest.fail(component.errorString())
    window = component.create()
    assert window is not None, component.errorString()
    QQmlEngine.setObjectOwnership(window, QQmlEngine.ObjectOwnership.CppOwnership)
    try:
        window.resize(1280, 800)
        window.show()
        harness.qtbot.waitExposed(window)
        english = snapshot(window)
        set_language(harness, language)
        check_window(window, language, "lesson list", english)
        opener = next(i for i in items(window.contentItem()) if i.objectName() == "openLesson_0")
        centre = opener.mapToScene(QPointF(opener.width() / 2, opener.height() / 2)).toPoint()
        QTest.mouseClick(window, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, centre)
        harness.settle(50)
        assert check_window(window, language, "lesson") >= 5
    finally:
        window.close()
        window.deleteLater()
        QCoreApplication.processEvents()


def test_words_the_language_never_uses_are_found():
    assert foreign_words("Nyt spil · 167 pips", "da") == []
    assert foreign_words("Backgammon: Wedstrijd tot 5 punten", "nl") == []
    assert "New" in foreign_words("New game", "da")
    # "opening" is Dutch too; the rest is not.
    assert foreign_words("Opening roll: White 4, Black 5.", "nl") == ["roll", "White", "Black"]


def test_the_language_menu_switches_the_running_window(main_window):
    """Options, Language, Dansk: clicked as a person would; the window changes at once."""
    harness = main_window
    window = harness.window
    english = snapshot(window)
    options = next(t for t in menu_titles(window) if t.replace("&", "") == "Options")
    click_text(harness, window, options)
    click_text(harness, window, "&Language")
    click_text(harness, window, "&" + i18n.LANGUAGE_NAMES["da"])
    assert i18n.current_language() == "da"
    assert harness.game.language == "da"  # remembered for the next start
    QTest.keyClick(window, Qt.Key.Key_Escape)
    harness.settle(20)
    assert check_window(window, "da", "main window", english) >= 10
    assert "&Indstillinger" in menu_titles(window)


def test_after_a_language_switch_the_move_list_shows_its_last_line(main_window):
    harness = main_window
    game = harness.game
    game.newGame({"opponent": "human"})
    moves = harness.item("moveList")
    while len(game.moveList) < 30:
        while game.legalSteps:
            harness.play_step(game.legalSteps[0])
        harness.confirm_if_done()
        if game.gameOver.get("visible"):
            break
        harness.click("rollButton")
    harness.settle(50)
    assert moves.property("contentHeight") > moves.height()  # the list is longer than its view
    assert moves.property("atYEnd")
    set_language(harness, "da")
    harness.settle(50)
    assert moves.property("atYEnd"), "the move list left its last line after the switch"
    last = next(i for i in items(moves) if i.objectName() == f"moveLine{len(game.moveList) - 1}")
    top_left = last.mapToItem(moves, QPointF(0, 0))
    assert top_left.y() >= 0 and top_left.y() + last.height() <= moves.height() + 1


GAME_MENU = b"""
import QtQuick
import QtQuick.Controls
import app.qml
ApplicationWindow {
    width: 400; height: 300
    Component.onCompleted: menu.open()
    GameMenu {
        id: menu
        KeyAction { text: qsTr("&Game"); keys: "Ctrl+G" }
        KeyAction { text: "Tom && Jerry <3" }
    }
}
"""


def test_menu_entries_keep_their_underlined_letter_after_a_language_switch(main_window):
    harness = main_window
    component = QQmlComponent(harness.w.engine)
    component.setData(GAME_MENU, "file:///menu-test/Menus.qml")
    window = component.create()
    assert window is not None, component.errorString()
    try:
        window.show()
        harness.settle(50)

        def entries() -> list[str]:
            found = [
                i
                for i in items(window.contentItem().parentItem() or window.contentItem())
                if i.objectName() == "menuEntryText" and i.isVisible()
            ]
            found.sort(key=lambda i: i.mapToScene(QPointF(0, 0)).y())
            return [i.property("text") for i in found]

        assert entries() == ["<u>G</u>ame", "Tom &amp; Jerry &lt;3"]
        set_language(harness, "da")
        harness.settle(50)
        assert entries()[0] == "<u>S</u>pil"  # "&Spil": the Danish text's own letter
    finally:
        window.close()
        window.deleteLater()
        QCoreApplication.processEvents()


def test_the_menu_bar_keeps_its_underlined_letters_after_a_language_switch(main_window):
    # the menu bar's titles ("Spil Rediger Indstillinger Hjælp") lost their underlined letter
    # once the language changed
    harness = main_window
    bar = harness.window.property("menuBar")

    def titles() -> list[str]:
        found = [
            i
            for i in items(bar)
            if i.objectName() == "menuEntryText" and i.parentItem().inherits("QQuickMenuBarItem")
        ]
        found.sort(key=lambda i: i.mapToScene(QPointF(0, 0)).x())
        return [i.property("text") for i in found]

    assert titles()[0] == "<u>G</u>ame" and all("<u>" in t for t in titles())
    for language, first in (("da", "<u>S</u>pil"), ("nl", "<u>S</u>pel"), ("en", "<u>G</u>ame")):
        set_language(harness, language)
        harness.settle(30)
        assert titles()[0] == first and all("<u>" in t for t in titles()), titles()


def alt_letters(text: str) -> list[str]:
    """The letters ``text`` marks with "&" for Alt, as Qt reads them ("&&" is a plain "&")."""
    return re.findall(r"&(.)", text.replace("&&", ""))


def menu_bar_items(window) -> list[QQuickItem]:
    return [
        item
        for item in items(window.contentItem())
        if item.isVisible() and "MenuBarItem" in item.metaObject().className()
    ]


def menu_entries(menu) -> list[QQuickItem]:
    """The entries of ``menu`` (its separators left out), in order, open or not."""
    found = [qml_value(menu, f"itemAt({i})") for i in range(menu.property("count"))]
    return [entry for entry in found if entry is not None and entry.inherits("QQuickMenuItem")]


@pytest.mark.parametrize("language", ("en", *LANGUAGES))
def test_every_menu_entry_has_an_alt_letter_of_its_own(main_window, language):
    """Each entry of every menu (and submenu) of the menu bar marks exactly one letter with "&",
    shown underlined (and said without the "&"), and no two entries of a menu share one; nor do
    two menu titles. The letters work: Alt and the Options menu's letter, then Text size's and
    125%'s, set the text size."""
    harness = main_window
    window = harness.window
    set_language(harness, language)
    bar = menu_bar_items(window)
    titles = [item.property("text") for item in bar]
    assert len(titles) == 4, titles
    title_letters = [alt_letters(title) for title in titles]
    assert all(len(letters) == 1 for letters in title_letters), titles
    assert len({letters[0].lower() for letters in title_letters}) == len(titles), titles
    menus = [(title, qml_value(item, "menu")) for title, item in zip(titles, bar, strict=True)]
    seen_menus, seen_entries = 0, 0
    problems = []
    text_size_keys = None
    while menus:
        name, menu = menus.pop(0)
        entries = menu_entries(menu)
        assert entries, f"no entries in {name!r}"
        seen_menus += 1
        letters: dict[str, str] = {}
        for entry in entries:
            seen_entries += 1
            text = entry.property("text")
            marked = alt_letters(text)
            if len(marked) != 1:
                problems.append(f"{name} > {text!r}: {len(marked)} Alt letters")
                continue
            letter = marked[0].lower()
            if letter in letters:
                problems.append(f"{name}: {letters[letter]!r} and {text!r} share Alt+{letter}")
            letters[letter] = text
            label = next(i for i in items(entry) if i.objectName() == "menuEntryText")
            underlined = re.findall(r"<u>(.*?)</u>", label.property("text"))
            if underlined != marked:
                problems.append(f"{name} > {text!r} shows {label.property('text')!r}")
            if qml_value(entry, "Accessible.name") != re.sub(r"&(.)", r"\1", text):
                problems.append(f"{name} > {text!r} is said with its '&'")
            sub = qml_value(entry, "subMenu")
            if sub is not None:
                menus.append((f"{name} > {text}", sub))
                sizes = [e.property("text") for e in menu_entries(sub)]
                if any("100" in size for size in sizes):  # Options > Text size
                    text_size_keys = (title_letters[titles.index(name)][0], marked[0])
                    text_size_keys += (alt_letters(next(s for s in sizes if "25" in s))[0],)
    assert not problems, f"in {language}:\n" + "\n".join(problems)
    assert seen_menus >= 11 and seen_entries >= 60, (seen_menus, seen_entries)
    assert text_size_keys is not None, "no Text size menu under a menu title"
    title_key, *entry_keys = (getattr(Qt.Key, f"Key_{key.upper()}") for key in text_size_keys)
    QTest.keyClick(window, title_key, Qt.KeyboardModifier.AltModifier)
    for key in entry_keys:
        harness.settle(20)
        QTest.keyClick(window, key)
    harness.settle(20)
    try:
        assert harness.w.settings.textScale == 125, text_size_keys
    finally:
        harness.w.settings.textScale = 100


@pytest.mark.parametrize("name", ["statisticsDialog", "helpDialog", "aboutDialog", "diceDialog"])
def test_a_dialog_opened_after_a_switch_has_its_buttons_in_the_new_language(harness, name):
    """Qt's standard buttons keep the language they were made in: each dialog has its own."""
    from PySide6.QtCore import QObject

    harness.open(seed=11, language="nl")  # the dialogs are made in Dutch
    set_language(harness, "en")
    dialog = harness.window.findChild(QObject, name)
    assert dialog is not None, name
    dialog.open()
    harness.settle(50)
    try:
        texts = [
            i.property("text")
            for i in items(dialog.property("footer"))
            if i.inherits("QQuickAbstractButton")
        ]
        assert "Close" in texts and "Sluiten" not in texts, texts
    finally:
        dialog.close()
        harness.settle(20)
        i18n.set_language(None, harness.w.engine, "en")
