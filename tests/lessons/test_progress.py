"""The progress store: done steps, resume, restart, and damaged files."""

from __future__ import annotations

import json

import pytest

from lessons.model import load_lessons
from lessons.progress import Progress


@pytest.fixture(scope="module")
def lesson():
    return load_lessons()[2]


def test_progress_survives_a_restart_of_the_program(tmp_path, lesson):
    path = tmp_path / "sub" / "progress.json"
    progress = Progress(path)
    assert not progress.is_started(lesson) and progress.resume_index(lesson) == 0
    progress.mark_done(lesson, lesson.steps[0].id)
    progress.set_current(lesson, lesson.steps[1].id)
    again = Progress(path)
    assert again.done_steps(lesson) == {lesson.steps[0].id}
    assert again.resume_index(lesson) == 1
    assert not again.is_done(lesson)
    for step in lesson.steps:
        again.mark_done(lesson, step.id)
    assert Progress(path).is_done(lesson)


def test_restart_forgets_one_lesson_only(tmp_path, lesson):
    other = load_lessons()[0]
    progress = Progress(tmp_path / "p.json")
    progress.mark_done(lesson, lesson.steps[0].id)
    progress.mark_done(other, other.steps[0].id)
    progress.restart(lesson)
    reread = Progress(tmp_path / "p.json")
    assert reread.done_steps(lesson) == set() and reread.resume_index(lesson) == 0
    assert reread.done_steps(other) == {other.steps[0].id}


def test_resume_goes_to_first_step_not_done(tmp_path, lesson):
    progress = Progress(tmp_path / "p.json")
    progress.mark_done(lesson, lesson.steps[0].id)
    assert progress.resume_index(lesson) == 1


def test_unknown_step_is_refused(tmp_path, lesson):
    with pytest.raises(KeyError):
        Progress(tmp_path / "p.json").mark_done(lesson, "no-such-step")


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '{"lessons": 3}', "\xff\xfe"])
def test_a_damaged_file_means_no_progress_and_is_kept_aside(tmp_path, lesson, content):
    path = tmp_path / "p.json"
    path.write_text(content, encoding="latin-1")
    progress = Progress(path)
    assert progress.done_steps(lesson) == set()
    assert (tmp_path / "p.json.bad").exists()
    progress.mark_done(lesson, lesson.steps[0].id)
    assert json.loads(path.read_text())["lessons"][lesson.id]["done"] == [lesson.steps[0].id]


def test_steps_removed_from_a_lesson_are_ignored(tmp_path, lesson):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"version": 1, "lessons": {lesson.id: {"done": ["gone"]}}}))
    assert Progress(path).done_steps(lesson) == set()
