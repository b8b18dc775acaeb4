"""Languages of the program: English, Danish and Dutch, switched while it runs.

Every text a player sees comes from the gettext catalogs in ``locales/`` (managed with babel,
see the README's "Languages" section):

- QML writes ``qsTr("New game")``; a ``GettextTranslator`` installed on the application answers
  Qt's look-ups from the catalog of the current language. Counts use the plural form
  ``qsTr("%n point", "%n points", count)`` (singular, plural, count: the catalog holds one form
  per plural category of the language, and Qt puts the count in place of ``%n``; Qt's own
  ``qsTr("%n point(s)", "", count)`` works too, and then English writes its two forms). A second
  argument without a count is a disambiguation and becomes the message context:
  ``qsTr("Double", "cube action")``. ``qsTranslate("Context", "text")`` works too.
- Python writes ``_("...")``, ``ngettext(singular, plural, n)`` and ``pgettext(context, text)``
  from this module, called when the text is shown (not at import time: mark texts made at import
  time with ``N_()`` and translate them with ``_()`` later), and listens to
  ``language_state().languageChanged`` to send fresh texts.
- ``set_language(app, engine, code)`` swaps the translator and calls ``engine.retranslate()``,
  which re-evaluates every QML binding that contains ``qsTr``: no restart.
- Numbers and percentages follow the language with babel: ``format_percent(0.25)`` is ``25%`` in
  English and Dutch and ``25 %`` in Danish.

QML sees the singleton ``I18n`` of the module ``app.qml``: ``I18n.language`` (read and write),
``I18n.languages``, ``I18n.languageName(code)``, ``I18n.formatNumber(value[, decimals])`` and
``I18n.formatPercent(fraction[, decimals])``. A binding that formats a number without any
``qsTr`` in it should mention ``I18n.language`` so that it is re-evaluated on a switch.

Start-up is one call, after the application and the engine exist and before QML is loaded:
``install(app, engine)``; it loads the bundled font and the language of the system (English when
the system's language is not one of ours).
"""

from __future__ import annotations

import gettext
import logging
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from babel import Locale
from babel.numbers import format_decimal
from babel.numbers import format_percent as _babel_format_percent
from PySide6.QtCore import (
    Property,
    QCoreApplication,
    QLibraryInfo,
    QLocale,
    QObject,
    QTranslator,
    Signal,
    Slot,
)
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

import locales
import resources
from lessons.exercises import with_sign

__all__ = [
    "DEFAULT_LANGUAGE",
    "DOMAIN",
    "FONT_FILES",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "GettextTranslator",
    "I18n",
    "LanguageState",
    "N_",
    "UnknownLanguageError",
    "_",
    "choose_language",
    "current_language",
    "format_number",
    "format_percent",
    "install",
    "install_fonts",
    "language_state",
    "load_catalog",
    "ngettext",
    "normalize_language",
    "pgettext",
    "set_language",
    "system_language",
]

_log = logging.getLogger(__name__)

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1

#: The languages the program ships, English first (the language of the source texts).
LANGUAGES: tuple[str, ...] = tuple(locales.LANGUAGES)
DEFAULT_LANGUAGE = "en"
#: The gettext domain: catalogs are ``locales/<code>/LC_MESSAGES/messages.mo``.
DOMAIN = "messages"
#: Each language's name in that language (shown in the language menu, never translated).
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "da": "Dansk", "nl": "Nederlands"}
#: The bundled font (DejaVu Sans, free licence in resources/fonts/LICENSE): the program must not
#: depend on the fonts a machine happens to have.
FONT_FAMILY = "DejaVu Sans"
#: The bundled monospaced font: figures in columns, and IDs, whose capital I and small l differ
#: in it (in DejaVu Sans they look alike, and an ID copied by hand went wrong: a tester).
MONO_FAMILY = "DejaVu Sans Mono"
FONT_FILES = ("fonts/DejaVuSans.ttf", "fonts/DejaVuSans-Bold.ttf", "fonts/DejaVuSansMono.ttf")


class UnknownLanguageError(ValueError):
    """A language code that is not one of ``LANGUAGES``."""

    def __init__(self, code: object) -> None:
        super().__init__(f"Unknown language {code!r}: the program speaks {', '.join(LANGUAGES)}.")
        self.code = code


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now."""
    return message


#: Texts of Qt Quick's own file dialog (``qsTr`` in its QML) that Qt's catalogs do not
#: translate: the program's catalog answers them (a look-up falls back from the context to none)
QT_DIALOG_TEXTS = (
    N_("File name"),
    N_("Filter"),
    N_("Overwrite file?"),
    N_("“%1” already exists.\nDo you want to replace it?"),
)


# --- catalogs --------------------------------------------------------------------------------


class _Missing(gettext.NullTranslations):
    """The last fallback of a catalog: answers ``None`` so that a missing text can be told apart
    from a text whose translation happens to equal its source."""

    def gettext(self, message):  # type: ignore[override]
        return None

    def ngettext(self, msgid1, msgid2, n):  # type: ignore[override]
        return None

    def pgettext(self, context, message):  # type: ignore[override]
        return None

    def npgettext(self, context, msgid1, msgid2, n):  # type: ignore[override]
        return None


class Catalog:
    """The compiled catalog of one language, with look-ups that return ``None`` when missing."""

    def __init__(self, language: str, translations: gettext.NullTranslations) -> None:
        self.language = language
        self._translations = translations
        translations.add_fallback(_Missing())

    def lookup(self, message: str, context: str | None = None) -> str | None:
        if context:
            return self._translations.pgettext(context, message)
        return self._translations.gettext(message)

    def lookup_plural(
        self, singular: str, plural: str, n: int, context: str | None = None
    ) -> str | None:
        if context:
            return self._translations.npgettext(context, singular, plural, n)
        return self._translations.ngettext(singular, plural, n)

    def gettext(self, message: str) -> str:
        found = self.lookup(message)
        return message if found is None else found

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        found = self.lookup_plural(singular, plural, n)
        if found is None:
            return singular if n == 1 else plural
        return found

    def pgettext(self, context: str, message: str) -> str:
        found = self.lookup(message, context)
        return message if found is None else found


def normalize_language(code: str) -> str:
    """The supported language that ``code`` names (``"da_DK.UTF-8"`` and ``"nl-BE"`` work).

    Raises ``UnknownLanguageError`` for anything else.
    """
    if not isinstance(code, str):
        raise UnknownLanguageError(code)
    base = re.split(r"[-_.@]", code.strip(), maxsplit=1)[0].lower()
    if base not in LANGUAGES:
        raise UnknownLanguageError(code)
    return base


def choose_language(candidates: Iterable[str]) -> str:
    """The first supported language among ``candidates`` (most preferred first), else English.

    Danish speakers who set Norwegian Bokmål first still get English: only exact languages count.
    """
    for candidate in candidates:
        try:
            return normalize_language(candidate)
        except UnknownLanguageError:
            continue
    return DEFAULT_LANGUAGE


def system_language() -> str:
    """The language of the system's user interface if we ship it, else English."""
    return choose_language(QLocale.system().uiLanguages())


def catalog_path(language: str) -> Path:
    """The compiled catalog of ``language``; raises ``FileNotFoundError`` when not installed."""
    return locales.path(f"{normalize_language(language)}/LC_MESSAGES/{DOMAIN}.mo")


def load_catalog(language: str) -> Catalog:
    """The compiled catalog of ``language``.

    Raises ``UnknownLanguageError`` for a language we do not ship, ``FileNotFoundError`` when its
    compiled catalog is missing (run ``make translations``) and ``OSError`` when it is unreadable.
    """
    code = normalize_language(language)
    path = catalog_path(code)
    if not path.is_file():
        raise FileNotFoundError(
            f"The {LANGUAGE_NAMES[code]} translations are missing ({code}/LC_MESSAGES/"
            f"{path.name} in {path.parent.parent.parent.name}/): reinstall the program."
        )
    with path.open("rb") as handle:
        try:
            translations = gettext.GNUTranslations(handle)
        except Exception as error:  # gettext raises OSError, ValueError or struct.error
            raise OSError(f"The catalog {path} is damaged: {error}") from error
    return Catalog(code, translations)


# --- Qt -------------------------------------------------------------------------------------


class GettextTranslator(QTranslator):
    """A ``QTranslator`` that answers Qt's look-ups (``qsTr``, ``tr``) from a gettext catalog.

    Qt calls ``translate(context, source, disambiguation, n)``: ``context`` is the QML file's name
    (or the context of ``qsTranslate``), ``disambiguation`` the second argument of ``qsTr`` and
    ``n`` the count (``-1`` without one). With a count, the second argument is the English plural
    (``qsTr("%n point", "%n points", n)``). ``None`` (a null string for Qt: an empty string
    would be shown as empty) tells Qt that the text is missing, so that it asks the next
    translator and finally shows the source text.
    """

    def __init__(self, catalog: Catalog, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog

    def language(self) -> str:
        return self.catalog.language

    def isEmpty(self) -> bool:
        return False

    def translate(
        self,
        context: str,
        source: str,
        disambiguation: str | None = None,
        n: int = -1,
    ) -> str | None:
        if not source:
            return None
        contexts: list[str | None] = [context, None] if context else [None]
        if n >= 0:
            # qsTr("%n point", "%n points", n), or Qt's own qsTr("%n point(s)", "", n): gettext
            # finds the plural forms by the singular source alone.
            for ctx in contexts:
                found = self.catalog.lookup_plural(source, disambiguation or source, n, ctx)
                if found is not None:
                    return found
            disambiguation = None  # it was the plural, not a context
        if disambiguation:
            contexts.insert(0, disambiguation)
        for ctx in contexts:
            found = self.catalog.lookup(source, ctx)
            if found is not None:
                return found
        return None


class LanguageState(QObject):
    """The current language, its catalog and translator; ``languageChanged`` after a switch.

    A catalog that cannot be loaded is a failure to show the player: ``report`` logs it and
    sends ``failed`` once per problem (``problems`` keeps them for a window made later).
    """

    languageChanged = Signal(str)
    failed = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self.catalog: Catalog | None = None
        self.translator: GettextTranslator | None = None
        self.qt_translator: QTranslator | None = None
        self.problems: list[str] = []

    @property
    def language(self) -> str:
        return self.catalog.language if self.catalog else DEFAULT_LANGUAGE

    def current_catalog(self) -> Catalog:
        if self.catalog is None:
            try:
                self.catalog = load_catalog(DEFAULT_LANGUAGE)
            except OSError as error:
                self.report(str(error))
                self.catalog = source_texts()
        return self.catalog

    def report(self, problem: str) -> None:
        """Log ``problem`` and tell it (``failed``), once."""
        if problem in self.problems:
            return
        self.problems.append(problem)
        _log.warning("%s", problem)
        self.failed.emit(problem)


def source_texts() -> Catalog:
    """A catalog without translations: every text as written in the source (English)."""
    return Catalog(DEFAULT_LANGUAGE, gettext.NullTranslations())


_state: LanguageState | None = None


def language_state() -> LanguageState:
    """The program's one ``LanguageState`` (connect to its ``languageChanged``)."""
    global _state
    if _state is None:
        _state = LanguageState()
    return _state


def current_language() -> str:
    """The code of the language the program speaks now."""
    return language_state().language


def qt_translator(code: str) -> QTranslator | None:
    """Qt's own translation of its texts (the buttons and places of a file dialog: Save, Open,
    Home, Desktop, ...) into ``code``, from the catalogs that come with Qt; ``None`` for English
    (Qt's own language). Raises ``FileNotFoundError`` when Qt's catalog for the language is
    missing from the installation."""
    if code == DEFAULT_LANGUAGE:
        return None
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    translator = QTranslator()
    if not translator.load(f"qt_{code}", folder):
        raise FileNotFoundError(f"Qt's own texts in {code} are missing from {folder}.")
    return translator


def set_language(app: QCoreApplication | None, engine: QQmlEngine | None, language: str) -> str:
    """Switch the program to ``language`` now and return its code.

    Installs a translator for the language on ``app`` (removing the previous one), with Qt's
    own translation of its texts behind it (``qt_translator``; one that is missing is reported
    and Qt's dialogs speak English), sets Qt's default locale, re-evaluates the QML texts of
    ``engine`` and tells listeners. Raises ``UnknownLanguageError`` or ``FileNotFoundError``
    (and leaves the language as it was) when the language cannot be loaded.
    """
    code = normalize_language(language)
    state = language_state()
    catalog = load_catalog(code)
    translator = GettextTranslator(catalog)
    try:
        qt_texts = qt_translator(code)
    except FileNotFoundError as error:  # the game speaks the language, Qt's dialogs English
        state.report(str(error))
        qt_texts = None
    app = app if app is not None else QCoreApplication.instance()
    if app is not None:
        for old in (state.translator, state.qt_translator):
            if old is not None:
                app.removeTranslator(old)
        # the last installed is asked first: the program's catalog, then Qt's for the rest
        if qt_texts is not None:
            app.installTranslator(qt_texts)
        app.installTranslator(translator)
    changed = state.catalog is None or state.catalog.language != code
    state.catalog = catalog
    state.translator = translator
    state.qt_translator = qt_texts
    QLocale.setDefault(QLocale(code))
    if engine is not None:
        engine.retranslate()
    if changed:
        state.languageChanged.emit(code)
    return code


def switch_language(engine: QQmlEngine | None, language: str) -> None:
    """Switch the running program to ``language`` (the menu's choice, or a later start's
    ``--lang``); one that cannot be loaded is told to the player, the language kept."""
    if language == current_language():
        return
    try:
        set_language(None, engine, language)
    except (UnknownLanguageError, OSError) as error:  # (QML cannot catch Python exceptions)
        language_state().report(str(error))


def install_fonts(app: QCoreApplication | None = None) -> str:
    """Load the bundled font and make it the application font; returns its family name.

    Raises ``FileNotFoundError`` when the font files are missing from the installation.
    """
    from PySide6.QtGui import QFont, QFontDatabase, QGuiApplication

    family = ""
    for name in FONT_FILES:
        font_id = QFontDatabase.addApplicationFont(str(resources.path(name)))
        families = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
        if not families:
            raise OSError(f"The bundled font {name} could not be loaded.")
        family = family or families[0]
    app = app if app is not None else QGuiApplication.instance()
    if isinstance(app, QGuiApplication):
        font = QFont(app.font())
        font.setFamilies([family])
        app.setFont(font)
    return family


@contextmanager
def loading_without_qts_own_texts() -> Iterator[None]:
    """Load a QQmlApplicationEngine's window inside this: loading, the engine installs Qt's own
    translation for the default locale, one the program cannot take away, and after a switch
    to English Qt's texts (a file dialog's "Save") stayed in the language the window opened in
    (found by tests run in another order). ``set_language`` installs Qt's translation itself:
    the engine loads under English, which has none."""
    before = QLocale()
    QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
    try:
        yield
    finally:
        QLocale.setDefault(before)


def install(app: QCoreApplication, engine: QQmlEngine | None, language: str | None = None) -> str:
    """Start-up: the bundled font, then ``language`` (default: the system's, else English).

    An unknown ``language`` (e.g. from an old settings file) falls back to the system's language.
    A catalog that cannot be loaded is reported (``LanguageState.report``) and the program
    speaks English (the source texts when the English catalog is missing too). Returns the
    language chosen.
    """
    install_fonts(app)
    preferred = [language] if language else []
    candidates = [*preferred, *QLocale.system().uiLanguages()]
    code = choose_language(candidates)
    state = language_state()
    for attempt in dict.fromkeys((code, DEFAULT_LANGUAGE)):
        try:
            return set_language(app, engine, attempt)
        except OSError as error:
            state.report(str(error))
    state.catalog = source_texts()
    if engine is not None:
        engine.retranslate()
    return DEFAULT_LANGUAGE


# --- Python texts ---------------------------------------------------------------------------


def _(message: str) -> str:
    """``message`` in the current language."""
    return language_state().current_catalog().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for the count ``n`` in the current language."""
    return language_state().current_catalog().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, in the given context."""
    return language_state().current_catalog().pgettext(context, message)


# --- numbers --------------------------------------------------------------------------------


def _locale(language: str | None) -> Locale:
    return Locale.parse(normalize_language(language) if language else current_language())


def list_separator(language: str | None = None) -> str:
    """The separator of a CSV file's fields that the language's spreadsheet programs read: ";"
    where the language writes its decimals with a comma (Danish, Dutch), else ","."""
    return ";" if _locale(language).number_symbols["latn"]["decimal"] == "," else ","


def format_number(value: float, decimals: int | None = None, language: str | None = None) -> str:
    """``value`` written the way the language writes numbers (``1,234.5`` / ``1.234,5``).

    ``decimals`` fixes the number of digits after the decimal sign; ``None`` keeps up to three.
    """
    locale = _locale(language)
    if decimals is None:
        return format_decimal(value, locale=locale)
    if decimals < 0:
        raise ValueError(f"decimals must be 0 or more, not {decimals}.")
    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(value, format=pattern, locale=locale, decimal_quantization=True)


def format_signed(value: float, decimals: int = 3, language: str | None = None) -> str:
    """``value`` with its sign, as the hint and the analysis write equities: ``+0.125``,
    ``\u22120.040``, ``+0.000`` for a value that rounds to nothing."""
    return with_sign(value, format_number(abs(value), decimals, language))


def format_percent(fraction: float, decimals: int = 0, language: str | None = None) -> str:
    """``fraction`` as a percentage in the language's style: 0.25 is ``25%`` or ``25 %``."""
    if decimals < 0:
        raise ValueError(f"decimals must be 0 or more, not {decimals}.")
    locale = _locale(language)
    pattern = locale.percent_formats[None].pattern
    if decimals:
        # Put the decimals after the last integer digit of the language's own pattern.
        pattern = re.sub(r"0(?=[^0#]*$)", "0." + "0" * decimals, pattern, count=1)
    return _babel_format_percent(fraction, format=pattern, locale=locale)


# --- QML ------------------------------------------------------------------------------------


@QmlElement
@QmlSingleton
class I18n(QObject):
    """The language for QML: ``I18n.language`` (set it to switch), names and number formats."""

    languageChanged = Signal()

    def __init__(self, engine: QQmlEngine | None = None) -> None:
        super().__init__(engine)
        self._engine = engine
        language_state().languageChanged.connect(self._on_language_changed)

    @staticmethod
    def create(engine: QQmlEngine) -> I18n:
        return I18n(engine)

    def _on_language_changed(self, _code: str) -> None:
        self.languageChanged.emit()

    def _get_language(self) -> str:
        return current_language()

    def _set_language(self, language: str) -> None:
        switch_language(self._engine, language)

    language = Property(str, _get_language, _set_language, notify=languageChanged)

    @Property(list, constant=True)
    def languages(self) -> list[str]:
        return list(LANGUAGES)

    @Slot(str, result=str)
    def languageName(self, code: str) -> str:
        try:
            return LANGUAGE_NAMES[normalize_language(code)]
        except UnknownLanguageError:
            return code

    @Slot(float, result=str)
    @Slot(float, int, result=str)
    def formatNumber(self, value: float, decimals: int = -1) -> str:
        return format_number(value, None if decimals < 0 else decimals)

    @Slot(float, result=str)
    @Slot(float, int, result=str)
    def formatPercent(self, fraction: float, decimals: int = 0) -> str:
        return format_percent(fraction, max(decimals, 0))
