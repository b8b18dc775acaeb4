"""Keeping the catalogs: extract the texts, update the languages, compile, and check them.

The source of the texts is the project folder (QML and Python of ``app/``, as ``babel.cfg`` in
this folder says, and the lesson texts through the extraction methods listed there). English is
the source language: its catalog translates every text to itself, so that plural forms work the
same way in every language. ``python -m locales`` runs these steps (see ``--help``).

A translation that is the same as its English source (a name, "OK") is an error unless the
translator marks it with the translator comment ``same-as-source`` (``# same-as-source`` above
the message in the ``.po`` file): that is how the check tells a forgotten text from a real one.
"""

from __future__ import annotations

import copy
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from . import LANGUAGES, directory

__all__ = [
    "DOMAIN",
    "SAME_AS_SOURCE",
    "SOURCE_LANGUAGE",
    "Problem",
    "check_catalog",
    "compile_catalogs",
    "extract",
    "mo_is_current",
    "placeholders",
    "po_path",
    "read_catalog",
    "template_path",
    "update_catalogs",
    "write_template",
]

DOMAIN = "messages"
SOURCE_LANGUAGE = "en"
#: The translator comment that allows a translation equal to its source.
SAME_AS_SOURCE = "same-as-source"
PROJECT = "Backgammon"
QT_NUMERUS_NOTE = (
    "One source text for all plural forms: every language, English too, writes each form."
)
AUTHORS = "The backgammon-desktop authors"
WIDTH = 100

# Qt (%1, %L1, %n, %Ln) and brace fields ({name}, {0:.1f}) everywhere; printf style (%(name)s,
# %s, %d, %%) only in texts flagged python-format, where a lone "%" ("25 %") is no placeholder.
_QT_OR_BRACE = re.compile(r"%L?\d+|%L?n\b|\{(?:[A-Za-z_][A-Za-z0-9_]*|\d*)(?:[:!][^{}]*)?\}")
_PRINTF = re.compile(
    r"%%|%\([A-Za-z_][A-Za-z0-9_]*\)[-#0 +]*\d*(?:\.\d+)?[a-zA-Z]"
    r"|%[-#0+]*\d*(?:\.\d+)?[sdifgeExXrc]"
)


def config_path() -> Path:
    return directory() / "babel.cfg"


def template_path() -> Path:
    return directory() / f"{DOMAIN}.pot"


def po_path(language: str) -> Path:
    return directory() / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    return directory() / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


def extract(root: Path) -> Catalog:
    """A template catalog of every translatable text under the project folder ``root``.

    Raises ``FileNotFoundError`` when ``root`` holds none of the configured sources.
    """
    with config_path().open(encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    template = _new_catalog(None)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(root),
        method_map,
        options_map,
        comment_tags=(),
        strip_comment_tags=True,
    ):
        path = Path(filename).as_posix()
        flags = ()
        if not isinstance(message, str) and len(message) == 2 and not message[1]:
            # Qt's own plural form, qsTr("%n point(s)", "", n): one source text for every form.
            # It becomes a plural text whose plural is the same text; even English translates it.
            message = (message[0], message[0])
            comments = [*comments, QT_NUMERUS_NOTE]
        text = message if isinstance(message, str) else message[0]
        if "%(" in text:
            flags = ("python-format",)
        template.add(
            message, None, [(path, lineno)], auto_comments=comments, context=context, flags=flags
        )
    return template


def _new_catalog(language: str | None) -> Catalog:
    what = f"{Locale.parse(language).english_name} translation" if language else "Texts"
    return Catalog(
        locale=language,
        domain=DOMAIN,
        header_comment=(
            f"# {what} of {PROJECT}.\n# Distributed under the same licence as the program (MIT).\n#"
        ),
        project=PROJECT,
        version=None,
        copyright_holder=AUTHORS,
        msgid_bugs_address="",
        last_translator=AUTHORS,
        language_team=AUTHORS,
        charset="utf-8",
        fuzzy=False,
    )


def _signature(catalog: Catalog) -> list[tuple]:
    return [
        (m.id, m.context, tuple(m.auto_comments), tuple(m.locations), tuple(sorted(m.flags)))
        for m in catalog
        if m.id
    ]


def write_template(template: Catalog) -> bool:
    """Write the ``.pot`` file if its texts changed (so dates do not churn); True if written."""
    path = template_path()
    if path.exists():
        with path.open("rb") as handle:
            old = read_po(handle)
        if _signature(old) == _signature(template):
            return False
    _write(path, template)
    return True


def _write(path: Path, catalog: Catalog) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=WIDTH, ignore_obsolete=True, include_previous=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def read_catalog(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


def update_catalogs(template: Catalog, languages: Iterable[str] = LANGUAGES) -> list[str]:
    """Bring each language's ``.po`` file up to the template; returns the languages written.

    New texts arrive untranslated (no guessed, fuzzy translations); texts that left the program
    are dropped. English is filled in with the source texts.
    """
    written = []
    for language in languages:
        path = po_path(language)
        catalog = read_catalog(path, language) if path.exists() else _new_catalog(language)
        before = _write_bytes(catalog)
        # A copy: babel puts the template's own message objects into the catalog.
        catalog.update(copy.deepcopy(template), no_fuzzy_matching=True, update_header_comment=False)
        if language == SOURCE_LANGUAGE:
            for message in catalog:
                if message.id and not is_qt_numerus(message):
                    message.string = message.id
                    message.flags.discard("fuzzy")
        catalog.fuzzy = False
        if _write_bytes(catalog) != before or not path.exists():
            _write(path, catalog)
            written.append(language)
    return written


def _write_bytes(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=WIDTH, ignore_obsolete=True, omit_header=True)
    return buffer.getvalue()


def compile_catalogs(languages: Iterable[str] = LANGUAGES) -> list[Path]:
    """Compile each language's ``.po`` into the ``.mo`` file the program reads."""
    written = []
    for language in languages:
        catalog = read_catalog(po_path(language), language)
        buffer = io.BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)
        target = mo_path(language)
        if not target.exists() or target.read_bytes() != buffer.getvalue():
            target.write_bytes(buffer.getvalue())
            written.append(target)
    return written


def mo_is_current(language: str) -> bool:
    """Whether the compiled catalog holds exactly the translations of the ``.po`` file."""
    target = mo_path(language)
    if not target.exists():
        return False
    with target.open("rb") as handle:
        compiled = read_mo(handle)
    source = read_catalog(po_path(language), language)

    def entries(catalog: Catalog) -> dict:
        def value(text):
            return text if isinstance(text, str) else tuple(text)

        return {
            (value(m.id), m.context): value(m.string)
            for m in catalog
            if m.id
            and m.string
            and not m.fuzzy
            and (not isinstance(m.string, tuple) or all(m.string))
        }

    return entries(compiled) == entries(source)


def placeholders(text: str, printf: bool = False) -> list[str]:
    """The placeholders of ``text``, sorted: Qt's (``%1``, ``%L1``, ``%n``), brace fields
    (``{name}``), and with ``printf`` also ``%(name)s``, ``%d`` and ``%%``."""
    found = [match.group(0) for match in _QT_OR_BRACE.finditer(text)]
    if printf:
        found += [match.group(0) for match in _PRINTF.finditer(text)]
    return sorted(found)


def is_qt_numerus(message: Message) -> bool:
    """A plural text written Qt's way: the same source for singular and plural."""
    return message.pluralizable and message.id[0] == message.id[1]


@dataclass(frozen=True)
class Problem:
    language: str
    message: str
    context: str | None
    what: str

    def __str__(self) -> str:
        where = f" [{self.context}]" if self.context else ""
        return f"{self.language}: {self.message!r}{where}: {self.what}"


def _marked_same(message: Message) -> bool:
    return any(SAME_AS_SOURCE in comment for comment in message.user_comments)


def check_catalog(
    catalog: Catalog, language: str, template: Catalog | None = None
) -> list[Problem]:
    """Everything wrong with one language's catalog; an empty list when it is complete.

    Reports texts of ``template`` that the catalog lacks, untranslated and fuzzy texts, plural
    texts with a missing form or without an English plural, placeholders that differ from the
    source, and (except in English) translations equal to the source without the
    ``same-as-source`` mark.
    """
    problems: list[Problem] = []

    def report(message: Message, what: str) -> None:
        ident = message.id if isinstance(message.id, str) else message.id[0]
        problems.append(Problem(language, ident, message.context, what))

    if template is not None:
        for message in template:
            if message.id and catalog.get(message.id, message.context) is None:
                report(message, "missing from the catalog (run `make translations`)")
    nplurals = catalog.num_plurals
    for message in catalog:
        if not message.id:
            continue
        if message.fuzzy:
            report(message, "fuzzy: check the translation and remove the fuzzy flag")
        if message.pluralizable:
            singular, plural = message.id[0], message.id[1]
            if not plural or not singular:
                report(message, "a plural text needs a singular and a plural source")
                continue
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            if len(forms) != nplurals or not all(forms):
                report(message, f"untranslated: needs {nplurals} plural forms")
                continue
            printf = "python-format" in message.flags
            expected = placeholders(plural, printf)
            for index, form in enumerate(forms):
                found = placeholders(form, printf)
                # The singular form (only ever used for one) may write the word instead of %n.
                if found != expected and not (index == 0 and set(found) <= set(expected)):
                    report(message, f"placeholders {found} differ from the source's {expected}")
            same = tuple(forms) == (singular, plural)[: len(forms)]
            if language == SOURCE_LANGUAGE and is_qt_numerus(message):
                if len(set(forms)) < 2:
                    report(message, "English must write the singular and the plural form")
            elif language == SOURCE_LANGUAGE and not same:
                report(message, "the English catalog must repeat the source text")
            elif language != SOURCE_LANGUAGE and same and not _marked_same(message):
                report(message, f"same as the English source (mark it {SAME_AS_SOURCE!r})")
            continue
        if not message.string:
            report(message, "untranslated")
            continue
        printf = "python-format" in message.flags
        found, expected = placeholders(message.string, printf), placeholders(message.id, printf)
        if found != expected:
            report(message, f"placeholders {found} differ from the source's {expected}")
        if language == SOURCE_LANGUAGE and message.string != message.id:
            report(message, "the English catalog must repeat the source text")
        if (
            language != SOURCE_LANGUAGE
            and message.string == message.id
            and not _marked_same(message)
        ):
            report(message, f"same as the English source (mark it {SAME_AS_SOURCE!r})")
    return problems
