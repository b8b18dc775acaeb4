"""The translation catalogs are complete: every text of the program in English, Danish and Dutch.

Fails on a text missing from a catalog (extraction not re-run), untranslated or fuzzy texts,
placeholders that differ from the source, plural texts without all their forms, translations
equal to the English source that are not marked ``same-as-source``, and compiled catalogs that
do not match their ``.po`` files.
"""

from __future__ import annotations

import gettext
import re

import pytest
from babel.messages.catalog import Catalog

import locales
from locales import catalogs
from locales.catalogs import check_catalog, placeholders

ROOT = locales.directory().parent


@pytest.fixture(scope="module")
def template() -> Catalog:
    """The texts of the program as they are now, extracted afresh from the source."""
    return catalogs.extract(ROOT)


def test_the_template_on_disk_matches_the_source(template):
    on_disk = catalogs.read_catalog(catalogs.template_path())
    missing = sorted(str(m.id) for m in template if m.id and on_disk.get(m.id, m.context) is None)
    assert not missing, f"run `make translations`: texts not yet extracted: {missing}"


@pytest.mark.parametrize("language", locales.LANGUAGES)
def test_every_catalog_is_complete_and_correct(template, language):
    catalog = catalogs.read_catalog(catalogs.po_path(language), language)
    problems = check_catalog(catalog, language, template)
    assert not problems, "\n".join(str(problem) for problem in problems)


@pytest.mark.parametrize("language", locales.LANGUAGES)
def test_every_compiled_catalog_matches_its_source(language):
    assert catalogs.mo_is_current(language), f"run `make translations` to compile {language}"
    with catalogs.mo_path(language).open("rb") as handle:
        translations = gettext.GNUTranslations(handle)
    assert translations.info()["language"] == language


def test_the_plural_rules_are_the_languages_own():
    for language in locales.LANGUAGES:
        catalog = catalogs.read_catalog(catalogs.po_path(language), language)
        assert catalog.num_plurals == 2
        assert catalog.plural_expr.replace(" ", "") in ("(n!=1)", "n!=1")


# The checker itself, on small catalogs made here: it must catch each kind of mistake.


def _catalog(language: str, *messages: tuple) -> Catalog:
    catalog = Catalog(locale=language)
    for message in messages:
        msgid, string, *rest = message
        options = rest[0] if rest else {}
        catalog.add(msgid, string, **options)
    return catalog


def _whats(problems) -> list[str]:
    return [problem.what for problem in problems]


def test_the_check_passes_a_good_catalog():
    good = _catalog(
        "nl",
        ("Bear off", "Afdragen"),
        ("Win chance %1", "Winstkans %1"),
        (("%n point", "%n points"), ("%n punt", "%n punten")),
        (("%n game", "%n games"), ("één spel", "%n spellen")),
        ("Backgammon", "Backgammon", {"user_comments": ["same-as-source"]}),
    )
    template = _catalog(None, ("Bear off", ""), ("Backgammon", ""))
    assert check_catalog(good, "nl", template) == []


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (("Bear off", ""), "untranslated"),
        (("Bear off", "Afdragen", {"flags": ["fuzzy"]}), "fuzzy"),
        (("Win chance %1", "Winstkans"), "placeholders"),
        (("Win chance %1 of %2", "Winstkans %1 van %1"), "placeholders"),
        (
            ("%(count)d checkers", "%(aantal)d schijven", {"flags": ["python-format"]}),
            "placeholders",
        ),
        (("%d%% won", "%d gewonnen", {"flags": ["python-format"]}), "placeholders"),
        (("{name} wins", "{naam} wint"), "placeholders"),
        ((("%n point", "%n points"), ("%n punt", "")), "untranslated"),
        ((("%n point", "%n points"), ("%n punt", "punten")), "placeholders"),
        ((("%n point", ""), ("%n punt", "%n punten")), "plural"),
        (("Backgammon", "Backgammon"), "same as the English source"),
    ],
)
def test_the_check_catches_each_mistake(message, expected):
    problems = check_catalog(_catalog("nl", message), "nl")
    assert len(problems) == 1 and expected in problems[0].what, problems


def test_the_check_catches_texts_missing_from_a_catalog():
    template = _catalog(None, ("Resign", ""))
    assert "missing" in _whats(check_catalog(_catalog("da"), "da", template))[0]


def test_qt_plural_texts_need_real_english_forms():
    numerus = ("%n point(s)", "%n point(s)")
    problems = check_catalog(_catalog("en", (numerus, ("%n point(s)", "%n point(s)"))), "en")
    assert _whats(problems) == ["English must write the singular and the plural form"]
    assert check_catalog(_catalog("en", (numerus, ("%n point", "%n points"))), "en") == []
    assert check_catalog(_catalog("da", (numerus, ("%n point", "%n point"))), "da") == []


def test_english_must_repeat_its_source():
    assert _whats(check_catalog(_catalog("en", ("Resign", "Give up")), "en")) == [
        "the English catalog must repeat the source text"
    ]
    assert check_catalog(_catalog("en", ("Resign", "Resign")), "en") == []


def test_placeholders_of_both_toolkits_are_found():
    text = "%1 of %L2, %n x, 50%% %(name)s %d {count} {0:.1f}"
    assert placeholders(text, printf=True) == sorted(
        ["%1", "%L2", "%n", "%%", "%(name)s", "%d", "{count}", "{0:.1f}"]
    )
    assert placeholders(text) == sorted(["%1", "%L2", "%n", "{count}", "{0:.1f}"])
    # A percent sign in a text that is not printf-style is just a percent sign.
    assert placeholders("{chance} % spil, 25 %s") == ["{chance}"]
    assert placeholders("25 % chance", printf=True) == []


# The glossary: the words of the game, the same in every text of a language.

GLOSSARY = ROOT / "locales" / "GLOSSARY.md"
GLOSSARY_LANGUAGES = ("da", "nl")


def _glossary() -> list[dict]:
    """The glossary's rows: forms per language (lower case) and the words to avoid."""
    rows = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 4 or cells[0] in ("English", "") or set(cells[0]) <= {"-"}:
            continue
        english, da, nl, avoid = cells
        forms = {
            language: [form.strip().lower() for form in text.split(",") if form.strip()]
            for language, text in (("en", english), ("da", da), ("nl", nl))
        }
        avoided: dict[str, list[str]] = {"da": [], "nl": []}
        for item in filter(None, (part.strip() for part in avoid.split(";"))):
            language, _, word = item.partition(":")
            avoided[language.strip()].append(word.strip().lower())
        rows.append({**forms, "avoid": avoided})
    return rows


def _english_has(msgid: str, forms: list[str]) -> bool:
    text = re.sub(r"\{[^}]*\}|%\d|%n", " ", msgid)
    # key names in the program's tooltips, such as (Enter), are not the term
    text = re.sub(r"\((Enter|Backspace|Ctrl\+\w+)\)", " ", text)
    # and the Enter key named in the help ("press Enter", "Enter: end the turn")
    text = re.sub(r"\bpress Enter\b|\bEnter:|\bor Enter\b", " ", text)
    return any(re.search(rf"\b{re.escape(form)}\b", text, re.IGNORECASE) for form in forms)


def test_the_glossary_has_the_terms_of_the_game():
    rows = _glossary()
    assert all(row["en"] and row["da"] and row["nl"] for row in rows)
    headwords = {row["en"][0] for row in rows}
    assert {"checker", "home board", "bear off", "doubling cube", "hit", "enter", "pass"} <= (
        headwords
    )


@pytest.mark.parametrize("language", GLOSSARY_LANGUAGES)
def test_every_catalog_uses_the_glossary_words(language):
    catalog = catalogs.read_catalog(catalogs.po_path(language), language)
    problems = []
    for row in _glossary():
        for message in catalog:
            if not message.id or not isinstance(message.id, str) or not message.string:
                continue
            text = str(message.string).lower()
            if _english_has(message.id, row["en"]) and not any(
                form in text for form in row[language]
            ):
                problems.append(f"{row['en'][0]!r} is not {row[language][0]!r} in {text!r}")
            problems += [
                f"{word!r} is to be avoided: {text!r}"
                for word in row["avoid"][language]
                if word in text
            ]
    assert not problems, "\n".join(sorted(set(problems)))


def test_the_glossary_check_catches_a_slip():
    rows = _glossary()
    checker = next(row for row in rows if row["en"][0] == "checker")
    assert _english_has("Move a checker.", checker["en"])
    assert not _english_has("Play the next game (Enter)", ["enter"])
    assert not _english_has("Click the dice or press Enter. Enter: end the turn.", ["enter"])
    assert not _english_has("Space or Enter picks up the checker.", ["enter"])
    assert _english_has("Enter with the 2 on 23.", ["enter"])
    assert not any(form in "flyt en sten." for form in checker["da"])
