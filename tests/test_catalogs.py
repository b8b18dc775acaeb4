"""The translation catalogs are complete: every text of the program in English, Danish and Dutch.

Fails on a text missing from a catalog (extraction not re-run), untranslated or fuzzy texts,
placeholders that differ from the source, plural texts without all their forms, translations
equal to the English source that are not marked ``same-as-source``, and compiled catalogs that
do not match their ``.po`` files.
"""

from __future__ import annotations

import gettext

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
