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


DAMAGED = [
    "{not json",
    "[1, 2]",
    '{"lessons": 3}',
    "\xff\xfe",
    # valid JSON with a value of the wrong type or out of range
    '{"version": 1, "lessons": {"board": {"done": [1]}}}',
    '{"version": 1, "lessons": {"board": {"done": "points"}}}',
    '{"version": 1, "lessons": {"board": {"current": 5}}}',
    '{"version": 1, "lessons": {"board": 7}}',
    # a quiz score that is not (right, items) with 0 <= right <= items, items >= 1
    '{"version": 1, "lessons": {"board": {"quiz": [4, 3]}}}',
    '{"version": 1, "lessons": {"board": {"quiz": [1]}}}',
    '{"version": 1, "lessons": {"board": {"quiz": [0, 0]}}}',
    '{"version": 1, "lessons": {"board": {"quiz": [true, 3]}}}',
    '{"version": 1, "lessons": {"board": {"quiz": "2/3"}}}',
    '{"version": "1", "lessons": {}}',
    '{"version": 1.0, "lessons": {}}',
    '{"lessons": {}}',
    # what Python's JSON reader accepts but JSON does not
    '{"version": Infinity, "lessons": {}}',
    '{"version": 1, "lessons": {"board": {"done": [NaN]}}}',
    '{"version": 1e999, "lessons": {}}',
    "[" * 100_000,
]


@pytest.mark.parametrize("content", DAMAGED)
def test_a_damaged_file_means_no_progress_and_is_kept_aside(tmp_path, lesson, content):
    path = tmp_path / "p.json"
    path.write_text(content, encoding="latin-1")
    progress = Progress(path)
    assert progress.done_steps(lesson) == set()
    assert progress.recovered and progress.load_error
    (aside,) = tmp_path.glob("p-unreadable-*.json")
    assert progress.set_aside_as == aside
    assert aside.read_text(encoding="latin-1") == content
    assert aside.name in (progress.describe() or "")
    progress.mark_done(lesson, lesson.steps[0].id)
    assert progress.saving
    assert json.loads(path.read_text())["lessons"][lesson.id]["done"] == [lesson.steps[0].id]
    assert not Progress(path).recovered


def test_files_set_aside_in_the_same_second_keep_each_other(tmp_path, lesson):
    path = tmp_path / "p.json"
    for content in ("{one", "{two", "{three"):
        path.write_text(content)
        assert Progress(path).recovered
    kept = sorted(p.read_text() for p in tmp_path.glob("p-unreadable-*.json"))
    assert kept == ["{one", "{three", "{two"]


def test_lessons_go_on_when_the_folder_cannot_be_written(tmp_path, lesson):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    progress = Progress(blocker / "p.json")
    assert progress.saving and progress.save_error is None
    progress.mark_done(lesson, lesson.steps[0].id)  # must not raise
    progress.set_current(lesson, lesson.steps[1].id)
    assert not progress.saving and progress.save_error
    assert "not being saved" in (progress.describe() or "")
    # the lesson still works from memory
    assert progress.done_steps(lesson) == {lesson.steps[0].id}
    assert progress.resume_index(lesson) == 1


def test_saving_resumes_when_the_folder_can_be_written_again(tmp_path, lesson, monkeypatch):
    from engine import jsonfile

    path = tmp_path / "p.json"
    progress = Progress(path)
    real_write = jsonfile.write_text_atomically

    def refuse(target, content):
        raise PermissionError(13, "Permission denied", str(target))

    monkeypatch.setattr(jsonfile, "write_text_atomically", refuse)
    progress.mark_done(lesson, lesson.steps[0].id)
    assert not progress.saving and "Permission denied" in (progress.save_error or "")
    assert not path.exists()
    monkeypatch.setattr(jsonfile, "write_text_atomically", real_write)
    progress.mark_done(lesson, lesson.steps[1].id)
    assert progress.saving and progress.describe() is None
    assert Progress(path).done_steps(lesson) == {lesson.steps[0].id, lesson.steps[1].id}


def test_a_file_that_cannot_be_read_is_never_overwritten(tmp_path, lesson):
    path = tmp_path / "p.json"
    path.mkdir()  # reading it fails with an OSError that says nothing about its content
    (path / "inside").write_text("kept")
    progress = Progress(path)
    assert not progress.recovered and not progress.saving
    progress.mark_done(lesson, lesson.steps[0].id)
    assert progress.done_steps(lesson) == {lesson.steps[0].id}
    assert (path / "inside").read_text() == "kept"
    assert list(tmp_path.iterdir()) == [path]


def test_steps_removed_from_a_lesson_are_ignored(tmp_path, lesson):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"version": 1, "lessons": {lesson.id: {"done": ["gone"]}}}))
    assert Progress(path).done_steps(lesson) == set()


def test_probe_tells_before_the_first_change_that_nothing_is_saved(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    progress = Progress(blocker / "p.json")
    assert progress.saving  # nothing has been tried yet
    assert progress.probe() is False
    assert not progress.saving and progress.save_error
    assert blocker.read_text() == "a file where the data folder should be"


def test_probe_leaves_nothing_behind_in_a_folder_that_can_be_written(tmp_path):
    progress = Progress(tmp_path / "data" / "p.json")
    assert progress.probe() is True and progress.saving
    assert list((tmp_path / "data").iterdir()) == []


def test_a_last_step_of_words_only_is_done_once_shown(tmp_path):
    # found by a tester: lesson 7's last step read, then "All lessons": 8 of 9 steps done
    lesson = next(lsn for lsn in load_lessons() if lsn.steps[-1].exercise is None)
    progress = Progress(tmp_path / "progress.json")
    first, last = 0, len(lesson.steps) - 1
    assert not progress.show(lesson, first)  # a first step is done by going on from it
    assert progress.resume_index(lesson) == first and not progress.done_steps(lesson)
    assert progress.show(lesson, last)  # the last, of words only: read once shown
    assert progress.is_step_done(lesson, lesson.steps[last].id)
    assert not progress.show(lesson, last)  # (once)
