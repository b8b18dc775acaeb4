"""Fuzzing the lesson readers with Hypothesis: lesson files with any value anywhere, and progress
files with any content, give only the documented outcome (``LessonDataError``; a progress file set
aside). Bounded to a few hundred examples so the suite stays fast."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lessons.exercises import LessonDataError
from lessons.model import data_directory, load_lesson, load_lessons
from lessons.progress import Progress
from lessons.validate import check_step

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-30, 30)
    | st.integers(min_value=-(10**400), max_value=10**400)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=6)
    | st.sampled_from(
        [
            "play",
            "reach",
            "pips",
            "shots",
            "dice_count",
            "game_points",
            "take",
            "crawford",
            "may_double",
            "you",
            "opponent",
            "yes",
            "pass",
            "{play}",
            "{x}",
            "4HPwATDgc/ABMA",
            "//////////////",
            "cAkAAAAAAAAA",
            "////////////",
            "8/5 6/5",
        ]
    )
)
VALUES = st.recursive(
    SCALARS,
    lambda children: (
        st.lists(children, max_size=3)
        | st.dictionaries(
            st.sampled_from(["type", "dice", "hit", "make", "moves", "off", "a"]),
            children,
            max_size=3,
        )
    ),
    max_leaves=8,
)
FILES = sorted(data_directory().glob("[0-9][0-9]-*.json"))
CONTENTS = {path.name: json.loads(path.read_text(encoding="utf-8")) for path in FILES}


def _paths(value: object, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, (*prefix, index))
    return out


# a change is (file, path in it, new value); a path may also name a key the file lacks
KEYS = ["marks", "exercise", "dice", "match", "goal", "answer", "from", "explain", "wrong"]


@st.composite
def changed_lesson(draw):
    name = draw(st.sampled_from(sorted(CONTENTS)))
    content = json.loads(json.dumps(CONTENTS[name]))
    paths = [p for p in _paths(content) if p]
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(paths))
        if draw(st.booleans()) and len(path) > 1:
            path = (*path[:-1], draw(st.sampled_from(KEYS)))
        target = content
        try:
            for key in path[:-1]:
                target = target[key]
            target[path[-1]] = draw(VALUES)
        except (KeyError, IndexError, TypeError):
            continue
    return name, content


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(changed_lesson())
def test_a_lesson_file_with_any_value_anywhere_loads_or_raises_lesson_data_error(change):
    name, content = change
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        try:
            path.write_text(json.dumps(content), encoding="utf-8")
        except ValueError:
            return
        try:
            lesson = load_lesson(path, 1)
        except LessonDataError as exc:
            assert str(exc).startswith(name)
            return
    # whatever loads can be checked and its exercises computed without an exception
    for step in lesson.steps:
        assert isinstance(check_step(step), list)
        exercise = step.exercise
        if exercise is not None:
            exercise.answer()
            exercise.hint().render()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.binary(max_size=80)
    | st.builds(lambda v: json.dumps(v).encode(), VALUES)
    | st.builds(
        lambda lessons, version: json.dumps({"version": version, "lessons": lessons}).encode(),
        st.dictionaries(
            st.sampled_from(["board", "first-moves", "x"]),
            st.dictionaries(st.sampled_from(["done", "current"]), VALUES, max_size=2) | VALUES,
            max_size=3,
        ),
        st.sampled_from([1, 1, 1.0, "1", None, float("inf")]),
    )
)
def test_a_progress_file_with_any_content_opens_the_lessons(raw):
    lesson = LESSONS[0]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "progress.json"
        path.write_bytes(raw)
        progress = Progress(path)
        assert progress.saving
        progress.resume_index(lesson)
        progress.done_steps(lesson)
        progress.mark_done(lesson, lesson.steps[0].id)
        assert progress.saving
        assert Progress(path).done_steps(lesson) >= {lesson.steps[0].id}
        if progress.recovered:
            assert progress.set_aside_as is not None and progress.set_aside_as.read_bytes() == raw


LESSONS = load_lessons()
