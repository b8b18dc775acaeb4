"""Notes for the teacher in every lesson file: checked by type and range, audited, translatable."""

from __future__ import annotations

import io
import json
import shutil

import pytest

from lessons.catalog import extract_lesson_file
from lessons.exercises import LessonDataError
from lessons.model import all_messages, data_directory, load_lessons
from lessons.validate import check_lessons, teacher_problems


@pytest.fixture(scope="module")
def lessons():
    return load_lessons()


def test_every_lesson_has_notes_that_pass_the_check(lessons):
    for lesson in lessons:
        notes = lesson.teacher
        assert notes is not None and notes.aims and notes.mistakes, lesson.id
        assert teacher_problems(lesson) == [], lesson.id


def test_the_notes_are_texts_to_translate(lessons):
    messages = {text for text, _where in all_messages(lessons)}
    with (data_directory() / "07-cube.json").open("rb") as stream:
        extracted = list(extract_lesson_file(stream, [], [], {}))
    cube = lessons[6].teacher
    for text in (*cube.aims, *cube.mistakes):
        assert text in messages
        (found,) = [e for e in extracted if e[2] == text]
        assert found[3][0].startswith("teacher notes")


def lesson_copy(tmp_path, change) -> object:
    folder = tmp_path / "data"
    shutil.copytree(data_directory(), folder)
    path = folder / "01-board.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    "notes",
    [
        "aims",
        {"aims": [], "mistakes": ["m"], "minutes": 10},
        {"aims": ["a"], "mistakes": "m", "minutes": 10},
        {"aims": ["a"], "mistakes": [""], "minutes": 10},
        {"aims": [3], "mistakes": ["m"], "minutes": 10},
        {"aims": ["a"], "mistakes": ["m"], "minutes": 0},
        {"aims": ["a"], "mistakes": ["m"], "minutes": 10.5},
        {"aims": ["a"], "mistakes": ["m"], "minutes": True},
        {"aims": ["a"], "mistakes": ["m"]},
        {"aims": ["a"] * 9, "mistakes": ["m"], "minutes": 10},
        {"aims": ["a"], "mistakes": ["m"], "minutes": 10, "time": 3},
    ],
)
def test_notes_of_the_wrong_type_or_range_are_refused(tmp_path, notes):
    folder = lesson_copy(tmp_path, lambda data: data.update(teacher=notes))
    with pytest.raises(LessonDataError) as error:
        load_lessons(folder)
    assert "01-board.json" in str(error.value) and "teacher" in str(error.value)


def test_the_check_wants_notes_a_plausible_length_and_computed_numbers(tmp_path):
    folder = lesson_copy(tmp_path, lambda data: data.pop("teacher"))
    assert any("no notes for the teacher" in p for p in check_lessons(folder).problems)

    def odd(data):
        data["teacher"]["minutes"] = 200  # for a few steps
        data["teacher"]["aims"].append("A blot is hit by 20 rolls.")

    folder = lesson_copy(tmp_path / "b", odd)
    problems = check_lessons(folder).problems
    steps = len(load_lessons(folder)[0].steps)
    assert steps < 10 and any(f"200 minutes for {steps} steps" in p for p in problems)
    assert any("'20 rolls'" in p for p in problems)


def test_the_extractor_reads_notes_of_a_damaged_shape_without_failing():
    data = {"title": "t", "teacher": {"aims": "not a list", "mistakes": [3, "m"]}}
    stream = io.BytesIO(json.dumps(data).encode())
    texts = [e[2] for e in extract_lesson_file(stream, [], [], {})]
    assert texts == ["t", "m"]
