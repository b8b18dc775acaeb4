"""Every lesson text reaches the translation template, and the babel extractor sees them all."""

from __future__ import annotations

from babel.messages.pofile import read_po

from engine.errors import REASON_TEXT
from lessons.catalog import extract_lesson_file, write_template
from lessons.exercises import HINT_PLAY, RULE_TEXT
from lessons.model import all_messages, data_directory, load_lessons


def test_template_holds_every_lesson_text(tmp_path):
    lessons = load_lessons()
    out = tmp_path / "lessons.pot"
    count = write_template(out)
    with out.open("rb") as handle:
        catalog = read_po(handle)
    ids = {m.id for m in catalog if m.id}
    assert count == len(ids)
    for lesson in lessons:
        assert set(lesson.messages()) <= ids
    assert HINT_PLAY in ids
    assert set(REASON_TEXT.values()) <= ids


def test_babel_extractor_finds_the_same_texts_as_the_loader():
    lessons = load_lessons()
    for lesson in lessons:
        with (data_directory() / lesson.source).open("rb") as handle:
            found = {text for _, _, text, _ in extract_lesson_file(handle, None, None, None)}
        assert found == set(lesson.messages())


def test_rule_reasons_for_translation_are_the_engines():
    assert RULE_TEXT == REASON_TEXT


def test_messages_have_a_source():
    assert all(where for _, where in all_messages(load_lessons()))
