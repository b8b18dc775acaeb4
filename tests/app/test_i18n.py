"""The language machinery: Qt's look-ups answered from gettext catalogs, run-time switching,
plurals, the system default and number formats.

Catalogs made here in memory keep these tests independent of the program's texts; the shipped
catalogs themselves are checked in tests/test_catalogs.py.
"""

from __future__ import annotations

import gettext
import io

import pytest
from babel.messages.catalog import Catalog as BabelCatalog
from babel.messages.mofile import write_mo
from PySide6.QtCore import QCoreApplication, QLocale
from PySide6.QtQml import QQmlComponent, QQmlEngine

from app import i18n

TEXTS = {
    "da": {
        "New game": "Nyt spil",
        ("%n point", "%n points"): ("%n point", "%n point"),
        ("%n game", "%n games"): ("%n spil", "%n spil"),
        ("Double", "cube action"): "Dobl",
        ("Board", "Settings"): "Bræt (indstillinger)",
        ("%n pip(s)", "%n pip(s)"): ("%n pip", "%n pips"),
    },
    "nl": {
        "New game": "Nieuw spel",
        ("%n point", "%n points"): ("%n punt", "%n punten"),
        ("%n game", "%n games"): ("%n spel", "%n spellen"),
        ("Double", "cube action"): "Verdubbel",
        ("Board", "Settings"): "Bord (instellingen)",
        ("%n pip(s)", "%n pip(s)"): ("%n pip", "%n pips"),
        "Pips: %n": "Pips: %n",
    },
}
TEXTS["en"] = {
    key: (key if not isinstance(value, tuple) else key)
    for key, value in TEXTS["nl"].items()
    if not (isinstance(key, tuple) and key[0] in ("Double", "Board"))
}
TEXTS["en"][("Double", "cube action")] = "Double"
TEXTS["en"][("Board", "Settings")] = "Board"
TEXTS["en"][("%n pip(s)", "%n pip(s)")] = ("%n pip", "%n pips")

PLURALS = {("%n point", "%n points"), ("%n game", "%n games"), ("%n pip(s)", "%n pip(s)")}


def make_catalog(language: str) -> i18n.Catalog:
    """A compiled catalog of ``TEXTS[language]``, as the program would load it."""
    catalog = BabelCatalog(locale=language)
    for key, value in TEXTS[language].items():
        if key in PLURALS:
            catalog.add(key, value)
        elif isinstance(key, tuple):
            catalog.add(key[0], value, context=key[1])
        else:
            catalog.add(key, value)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return i18n.Catalog(language, gettext.GNUTranslations(buffer))


@pytest.fixture
def fake_catalogs(monkeypatch, qapp):
    """``load_catalog`` gives the catalogs above; the language is English again afterwards."""
    monkeypatch.setattr(i18n, "load_catalog", make_catalog)
    yield
    i18n.set_language(qapp, None, "en")


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("en", "en"),
        ("da", "da"),
        ("nl", "nl"),
        ("da_DK.UTF-8", "da"),
        ("nl-BE", "nl"),
        ("EN_gb", "en"),
        (" nl ", "nl"),
    ],
)
def test_language_codes_are_normalised(code, expected):
    assert i18n.normalize_language(code) == expected


@pytest.mark.parametrize("code", ["de", "", "C", "nb_NO", "dan", None, 3])
def test_unknown_languages_are_refused_clearly(code):
    with pytest.raises(i18n.UnknownLanguageError, match="Unknown language"):
        i18n.normalize_language(code)


def test_the_first_supported_language_of_the_system_wins_else_english():
    assert i18n.choose_language(["de-DE", "nl-NL", "da-DK"]) == "nl"
    assert i18n.choose_language(["da-DK", "en-US"]) == "da"
    assert i18n.choose_language(["nb-NO", "sv-SE"]) == "en"
    assert i18n.choose_language([]) == "en"
    assert i18n.choose_language(["C"]) == "en"


def test_the_system_language_is_one_we_ship():
    assert i18n.system_language() in i18n.LANGUAGES


def test_every_shipped_language_has_a_compiled_catalog():
    for language in i18n.LANGUAGES:
        catalog = i18n.load_catalog(language)
        assert catalog.language == language
        # The header entry is always there: the file is a real catalog.
        assert i18n.catalog_path(language).stat().st_size > 0


def test_qt_lookups_use_the_catalog_with_plurals_and_contexts(fake_catalogs, qapp):
    i18n.set_language(qapp, None, "nl")
    translate = QCoreApplication.translate
    assert translate("Main", "New game") == "Nieuw spel"
    assert translate("Main", "%n point", "%n points", 1) == "1 punt"
    assert translate("Main", "%n point", "%n points", 3) == "3 punten"
    assert translate("Main", "%n point", "%n points", 0) == "0 punten"
    assert translate("Main", "Double", "cube action") == "Verdubbel"
    # qsTranslate("Settings", "Board"): the context is the message context.
    assert translate("Settings", "Board") == "Bord (instellingen)"
    # Qt's own plural form, one source text for all forms.
    assert translate("Main", "%n pip(s)", "", 1) == "1 pip"
    assert translate("Main", "%n pip(s)", "", 5) == "5 pips"
    # A count with a text that has no plural forms: the plain translation.
    assert translate("Main", "Pips: %n", "", 5) == "Pips: 5"
    # A text the catalog lacks is shown as written.
    assert translate("Main", "Not in any catalog") == "Not in any catalog"
    assert translate("Main", "%n thing(s)", "", 2) == "2 thing(s)"
    i18n.set_language(qapp, None, "da")
    assert translate("Main", "%n point", "%n points", 1) == "1 point"
    assert translate("Main", "%n game", "%n games", 2) == "2 spil"
    i18n.set_language(qapp, None, "en")
    assert translate("Main", "%n point", "%n points", 1) == "1 point"
    assert translate("Main", "%n point", "%n points", 2) == "2 points"


def test_qt_asks_about_layout_direction_and_gets_nothing(fake_catalogs, qapp):
    i18n.set_language(qapp, None, "da")
    translator = i18n.language_state().translator
    assert translator.translate("QGuiApplication", "QT_LAYOUT_DIRECTION") is None
    assert translator.translate("Main", "") is None
    assert qapp.layoutDirection().name == "LeftToRight"


def test_python_texts_follow_the_language(fake_catalogs, qapp):
    i18n.set_language(qapp, None, "da")
    assert i18n._("New game") == "Nyt spil"
    assert i18n.ngettext("%n game", "%n games", 1) == "%n spil"
    assert i18n.pgettext("cube action", "Double") == "Dobl"
    assert i18n._("Not in any catalog") == "Not in any catalog"
    assert i18n.ngettext("%n thing", "%n things", 2) == "%n things"
    i18n.set_language(qapp, None, "nl")
    assert i18n.ngettext("%n game", "%n games", 4).replace("%n", "4") == "4 spellen"
    assert i18n.N_("New game") == "New game"


def test_switching_signals_once_and_a_failed_switch_keeps_the_language(fake_catalogs, qapp):
    i18n.set_language(qapp, None, "en")
    seen = []
    i18n.language_state().languageChanged.connect(seen.append)
    try:
        assert i18n.set_language(qapp, None, "da_DK") == "da"
        i18n.set_language(qapp, None, "da")
        with pytest.raises(i18n.UnknownLanguageError):
            i18n.set_language(qapp, None, "fr")
        assert i18n.current_language() == "da"
        assert seen == ["da"]
        assert QLocale().name().startswith("da")
    finally:
        i18n.language_state().languageChanged.disconnect(seen.append)


def test_qts_own_texts_follow_the_language_behind_the_programs(qapp, monkeypatch):
    # a file dialog's buttons and places are Qt's texts: they speak the language too, the
    # program's catalog is still asked first, and English leaves Qt's texts as they are
    try:
        for code, save, desktop, name in (
            ("da", "Gem", "Skrivebord", "Filnavn"),
            ("nl", "Opslaan", "Bureaublad", "Bestandsnaam"),
        ):
            i18n.set_language(qapp, None, code)
            assert QCoreApplication.translate("QPlatformTheme", "Save") == save
            assert QCoreApplication.translate("QStandardPaths", "Desktop") == desktop
            # the file dialog's own qsTr texts that Qt leaves untranslated: from our catalog
            assert QCoreApplication.translate("FileDialog", "File name") == name
            question = "“%1” already exists.\nDo you want to replace it?"
            assert QCoreApplication.translate("FileDialog", question) == i18n._(question)
            assert i18n._(question) != question and "%1" in i18n._(question)
            ours = QCoreApplication.translate("Main", "New game")
            assert ours == i18n._("New game") != "New game"
        i18n.set_language(qapp, None, "en")
        assert QCoreApplication.translate("QPlatformTheme", "Save") == "Save"
        assert i18n.language_state().qt_translator is None
        # Qt's catalog missing from an installation: said, and the language is still switched
        monkeypatch.setattr(
            i18n.QLibraryInfo, "path", staticmethod(lambda _which: "/nonexistent-qt-folder")
        )
        told = []
        i18n.language_state().failed.connect(told.append)
        try:
            assert i18n.set_language(qapp, None, "da") == "da"
        finally:
            i18n.language_state().failed.disconnect(told.append)
        assert any("Qt's own texts in da" in t for t in told)
        assert QCoreApplication.translate("QPlatformTheme", "Save") == "Save"
    finally:
        monkeypatch.undo()
        i18n.set_language(qapp, None, "en")


QML = b"""
import QtQuick
import app.qml
Item {
    property int count: 3
    property string title: qsTr("New game")
    property string points: qsTr("%n point", "%n points", count)
    property string share: qsTr("New game") + " " + I18n.formatPercent(0.25)
    property string number: I18n.language, I18n.formatNumber(1234.5, 1)
    property string language: I18n.language
    property string name: I18n.languageName("da")
    property int languages: I18n.languages.length
}
"""


def test_qml_texts_change_in_place_when_the_language_changes(fake_catalogs, qapp):
    i18n.set_language(qapp, None, "en")
    engine = QQmlEngine()
    component = QQmlComponent(engine)
    component.setData(QML, "file:///i18n-test/Main.qml")
    item = component.create()
    assert item is not None, component.errorString()
    try:
        assert item.property("title") == "New game"
        assert item.property("points") == "3 points"
        assert item.property("share") == "New game 25%"
        assert item.property("number") == "1,234.5"
        assert item.property("name") == "Dansk"
        assert item.property("languages") == 3
        i18n.set_language(qapp, engine, "da")
        assert item.property("title") == "Nyt spil"
        assert item.property("points") == "3 point"
        assert item.property("share") == "Nyt spil 25\xa0%"
        assert item.property("number") == "1.234,5"
        assert item.property("language") == "da"
        # QML sets the language through the singleton, as the settings page does.
        singleton = engine.singletonInstance("app.qml", "I18n")
        singleton.setProperty("language", "nl")
        assert i18n.current_language() == "nl"
        assert item.property("title") == "Nieuw spel"
        assert item.property("points") == "3 punten"
        item.setProperty("count", 1)
        assert item.property("points") == "1 punt"
        # A bad language from QML is refused and the language stays.
        singleton.setProperty("language", "xx")
        assert i18n.current_language() == "nl"
    finally:
        del item
        del engine


@pytest.mark.parametrize(
    ("language", "percent", "percent1", "number", "number2"),
    [
        ("en", "25%", "25.5%", "1,234.5", "1,234.50"),
        ("da", "25\xa0%", "25,5\xa0%", "1.234,5", "1.234,50"),
        ("nl", "25%", "25,5%", "1.234,5", "1.234,50"),
    ],
)
def test_numbers_and_percentages_follow_the_language(language, percent, percent1, number, number2):
    assert i18n.format_percent(0.25, language=language) == percent
    assert i18n.format_percent(0.255, 1, language=language) == percent1
    assert i18n.format_number(1234.5, language=language) == number
    assert i18n.format_number(1234.5, 2, language=language) == number2
    assert i18n.format_number(7, 0, language=language) == "7"


def test_bad_format_arguments_are_refused():
    with pytest.raises(ValueError, match="decimals"):
        i18n.format_percent(0.5, -1)
    with pytest.raises(ValueError, match="decimals"):
        i18n.format_number(0.5, -2)
    with pytest.raises(i18n.UnknownLanguageError):
        i18n.format_number(1, language="xx")


def test_the_bundled_font_becomes_the_application_font(qapp):
    family = i18n.install_fonts(qapp)
    assert family == i18n.FONT_FAMILY
    assert qapp.font().families()[0] == i18n.FONT_FAMILY


def test_install_prefers_the_saved_language_and_survives_a_bad_one(fake_catalogs, qapp):
    assert i18n.install(qapp, None, "nl") == "nl"
    assert i18n.install(qapp, None, "klingon") == i18n.system_language()
    assert i18n.install(qapp, None) == i18n.system_language()
