"""Students on one computer: profiles, their own progress and attempts, damaged files, migration."""

from __future__ import annotations

import json

import pytest

from lessons.attempts import MAX_ATTEMPTS, Attempt, AttemptLog, now_text
from lessons.model import load_lessons
from lessons.profiles import (
    DEFAULT_ID,
    NAME_TAKEN,
    ProfileError,
    Profiles,
    check_name,
)


@pytest.fixture(scope="module")
def lesson():
    return load_lessons()[0]


def attempt(step="pips-start", correct=False, hints=0, answer="160", lesson="board") -> Attempt:
    return Attempt(lesson, step, "pips", answer, correct, hints, 7, now_text())


def test_a_single_user_has_the_default_profile_and_no_files_until_needed(tmp_path, lesson):
    profiles = Profiles(tmp_path)
    assert [p.id for p in profiles.students()] == [DEFAULT_ID]
    assert profiles.current.display_name() == "Default student"
    assert not (tmp_path / "students").exists()
    profiles.current.progress.mark_done(lesson, lesson.steps[0].id)
    assert Profiles(tmp_path).current.progress.is_step_done(lesson, lesson.steps[0].id)


def test_the_old_progress_file_becomes_the_default_profile(tmp_path, lesson):
    legacy = tmp_path / "lessons-progress.json"
    legacy.write_text(
        json.dumps({"version": 1, "lessons": {lesson.id: {"done": ["points"], "current": None}}})
    )
    profiles = Profiles(tmp_path, legacy)
    assert profiles.current.progress.done_steps(lesson) == {"points"}
    assert not legacy.exists()
    assert (tmp_path / "students" / DEFAULT_ID / "progress.json").exists()
    # a second start finds the profile; an old file appearing again is left alone
    legacy.write_text("{}")
    assert Profiles(tmp_path, legacy).current.progress.done_steps(lesson) == {"points"}
    assert legacy.read_text() == "{}"


def test_the_old_progress_is_read_where_it_is_when_the_folder_is_read_only(tmp_path, lesson):
    legacy = tmp_path / "lessons-progress.json"
    legacy.write_text(json.dumps({"version": 1, "lessons": {lesson.id: {"done": ["points"]}}}))
    (tmp_path / "students").write_text("a file where the folder should be")
    profiles = Profiles(tmp_path, legacy)
    assert profiles.current.progress.done_steps(lesson) == {"points"}
    assert legacy.exists()


def test_students_keep_their_own_progress_and_attempts(tmp_path, lesson):
    profiles = Profiles(tmp_path)
    anna = profiles.create("Anna")
    bo = profiles.create("  Bo   Ærø ")
    assert bo.name == "Bo Ærø"
    anna.progress.mark_done(lesson, "points")
    bo.progress.mark_done(lesson, "setup")
    anna.attempts.record(attempt())
    bo.attempts.hint_shown("board", "pips-start")
    profiles.select(bo.id)
    again = Profiles(tmp_path)
    assert again.current.id == bo.id
    assert [p.display_name() for p in again.students()] == ["Default student", "Anna", "Bo Ærø"]
    assert again.get(anna.id).progress.done_steps(lesson) == {"points"}
    assert again.get(bo.id).progress.done_steps(lesson) == {"setup"}
    (kept,) = again.get(anna.id).attempts.attempts
    assert (kept.step, kept.answer, kept.correct) == ("pips-start", "160", False)
    assert again.get(bo.id).attempts.attempts == []
    assert again.get(bo.id).attempts.hints_used("board") == 1
    assert again.get(DEFAULT_ID).progress.done_steps(lesson) == set()


def test_names_are_checked(tmp_path):
    profiles = Profiles(tmp_path)
    profiles.create("Anna")
    with pytest.raises(ProfileError) as taken:
        profiles.create("anna")
    assert taken.value.template == NAME_TAKEN and "anna" in str(taken.value)
    for bad in ("", "   ", "x" * 41, "a\tb", "a\nb"):
        with pytest.raises(ProfileError):
            check_name(bad)
    assert check_name("x" * 40) == "x" * 40


def test_rename_and_remove(tmp_path, lesson):
    profiles = Profiles(tmp_path)
    anna = profiles.create("Anna")
    profiles.rename(DEFAULT_ID, "Teacher")
    profiles.rename(anna.id, "Anne")  # its own name may change case or letters
    with pytest.raises(ProfileError):
        profiles.rename(anna.id, "teacher")
    anna.progress.mark_done(lesson, "points")
    profiles.select(anna.id)
    profiles.remove(anna.id)
    assert profiles.current.id == DEFAULT_ID
    assert not (tmp_path / "students" / anna.id).exists()
    again = Profiles(tmp_path)
    assert [p.display_name() for p in again.students()] == ["Teacher"]
    with pytest.raises(ProfileError):
        again.remove(DEFAULT_ID)  # the last one stays
    assert again.create("Carl").progress.done_steps(lesson) == set()  # nothing of Anne's


def test_damaged_profile_files_are_set_aside_and_named(tmp_path, lesson):
    profiles = Profiles(tmp_path)
    anna = profiles.create("Anna")
    anna.progress.mark_done(lesson, "points")
    anna.attempts.record(attempt())
    folder = tmp_path / "students" / anna.id
    (folder / "profile.json").write_text('{"version": 1, "name": 5}')
    (folder / "attempts.json").write_text('{"version": 1, "attempts": [{"lesson": "board"}]}')
    (tmp_path / "students" / "current.json").write_text("[")
    again = Profiles(tmp_path)
    damaged = again.get(anna.id)
    assert damaged.display_name() == f"Student {anna.id.rpartition('-')[2]}"
    assert damaged.attempts.attempts == [] and damaged.attempts.recovered
    assert damaged.progress.done_steps(lesson) == {"points"}  # the other files are unharmed
    assert len(list(folder.glob("profile-unreadable-*.json"))) == 1
    assert len(list(folder.glob("attempts-unreadable-*.json"))) == 1
    assert {(p.id if p else None, f.noun) for p, f in again.problems()} == {
        (None, "current student"),
        (anna.id, "student profile"),
        (anna.id, "attempts"),
    }


ATTEMPT = {
    "lesson": "board",
    "step": "pips-start",
    "kind": "pips",
    "answer": "160",
    "correct": False,
    "hints": 0,
    "seconds": 3,
    "time": "2025-03-04T10:15:02+01:00",
}


@pytest.mark.parametrize(
    "change",
    [
        {"correct": "no"},
        {"hints": -1},
        {"hints": True},
        {"seconds": 1.5},
        {"seconds": 10**9},
        {"time": "yesterday"},
        {"answer": "x" * 501},
        {"lesson": 3},
        {"step": None},
    ],
)
def test_an_attempt_with_a_wrong_value_sets_the_file_aside(tmp_path, change):
    path = tmp_path / "attempts.json"
    good = {"version": 1, "attempts": [ATTEMPT], "hints": {}}
    path.write_text(json.dumps(good))
    assert len(AttemptLog(path).attempts) == 1
    path.write_text(json.dumps({**good, "attempts": [{**ATTEMPT, **change}]}))
    log = AttemptLog(path)
    assert log.recovered and log.attempts == [] and log.load_error
    assert len(list(tmp_path.glob("attempts-unreadable-*.json"))) == 1


def test_attempts_go_on_in_memory_when_the_folder_cannot_be_written(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    log = AttemptLog(blocker / "attempts.json")
    assert log.record(attempt())
    assert not log.saving and "not being saved" in (log.describe() or "")
    assert len(log.attempts) == 1


def test_a_full_log_says_so(tmp_path, monkeypatch):
    import lessons.attempts

    monkeypatch.setattr(lessons.attempts, "MAX_ATTEMPTS", 2)
    log = AttemptLog(tmp_path / "a.json")
    assert log.record(attempt()) and log.record(attempt())
    assert not log.record(attempt()) and log.full
    assert len(log.attempts) == 2 and MAX_ATTEMPTS > 2
