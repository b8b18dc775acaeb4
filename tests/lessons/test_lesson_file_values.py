"""Lesson files with values of the wrong type, out of range or impossible: a clear problem naming
the file and the step, never an exception out of the loader, the check or the command line."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lessons.catalog import extract_lesson_file
from lessons.exercises import LessonDataError
from lessons.model import data_directory, load_lessons
from lessons.validate import check_lessons

ROOT = Path(__file__).resolve().parents[2]
INF = float("inf")


@pytest.fixture
def data(tmp_path):
    target = tmp_path / "data"
    shutil.copytree(data_directory(), target)
    return target


def _edit(data: Path, name: str, step_id: str, change) -> Path:
    path = next(data.glob(f"{name}-*.json"))
    content = json.loads(path.read_text(encoding="utf-8"))
    change(next(s for s in content["steps"] if s["id"] == step_id))
    path.write_text(json.dumps(content), encoding="utf-8")  # inf is written as Infinity
    return path


def _exercise(**fields):
    return lambda step: step["exercise"].update(fields)


# (lesson, step, change): each found by fuzzing the loader and the check before the fix.
BAD_VALUES = {
    "marks not a list": ("02", "opening-roll", lambda s: s.update(marks=3)),
    "exercise type a list": ("02", "opening-roll", _exercise(type=[1])),
    "goal hit not a list": ("04", "hit-by-landing", _exercise(goal={"hit": 6})),
    "goal make of text": ("02", "opening-roll", _exercise(goal={"make": ["5"]})),
    "goal move not a pair": ("04", "hit-and-continue", _exercise(goal={"moves": [None]})),
    "goal off Infinity": ("05", "all-home", _exercise(goal={"off": INF})),
    "explain not text": ("01", "pips-start", _exercise(explain=[1])),
    "compare not a flag": ("08", "count-pips", _exercise(compare="yes")),
    "try not a pair": ("03", "no-wasted-die", _exercise(**{"try": [5]})),
    "try off the board": ("03", "no-wasted-die", _exercise(**{"try": [5, 30]})),
    "wrong not text": ("02", "opening-roll", _exercise(wrong={"a": 1})),
    "dice as text": ("02", "opening-roll", _exercise(dice="31")),
    "dice Infinity": ("02", "opening-roll", _exercise(dice=[INF, 1])),
    "step dice 1.0": ("02", "opening-roll", lambda s: s.update(dice=[3.0, 1])),
    "match not text": ("07", "centred", lambda s: s.update(match=5)),
    "reach answer of text": ("02", "two-moves", _exercise(answer=["a"])),
    "number answer Infinity": ("01", "pips-start", _exercise(answer=INF)),
    "number answer huge": ("01", "pips-start", _exercise(answer=10**40)),
    "number answer true": ("01", "pips-start", _exercise(answer=True)),
    "take chance 1e300": ("07", "take-point", _exercise(chance=1e300)),
    "side a list": ("01", "pips-start", _exercise(side=["you"])),
    "game points before the game is won": ("01", "pips-start", _exercise(type="game_points")),
    "may_double without a Match ID": ("07", "take-point", _exercise(type="may_double")),
    "crawford without a Match ID": ("07", "take-point", _exercise(type="crawford")),
    "impossible Position ID": ("01", "pips-start", lambda s: s.update(position="//////////////")),
    "impossible Match ID": ("07", "centred", lambda s: s.update(match="////////////")),
    "paragraph of a million characters": (
        "01",
        "pips-start",
        lambda s: s.update(text=["a" * 10**6]),
    ),
}


@pytest.mark.parametrize("name", list(BAD_VALUES))
def test_a_bad_value_is_one_problem_naming_file_and_step(data, name):
    lesson, step_id, change = BAD_VALUES[name]
    path = _edit(data, lesson, step_id, change)
    report = check_lessons(data)
    assert not report.ok
    (problem,) = report.problems
    # Infinity is refused while the file is read, before there are steps to name
    where = "Infinity" if "Infinity" in name else step_id
    assert path.name in problem and where in problem, problem
    assert len(problem) < 400
    with pytest.raises(LessonDataError):
        load_lessons(data)


@pytest.mark.parametrize(
    "content",
    ["[" * 100_000, '{"id": NaN}', '{"id": "a", "title": 1e999}', "\ufeff{}", b"\xff\xfe{}"],
)
def test_a_file_that_is_not_plain_json_is_a_problem_naming_the_file(data, content):
    path = next(data.glob("03-*.json"))
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    report = check_lessons(data)
    (problem,) = report.problems
    assert problem.startswith(path.name)
    with path.open("rb") as handle, pytest.raises(LessonDataError):
        list(extract_lesson_file(handle, None, None, None))


def test_the_extractor_skips_parts_of_the_wrong_type(data):
    path = _edit(data, "01", "pips-start", lambda s: s.update(marks=3, text="x", exercise=[1]))
    with path.open("rb") as handle:
        texts = {text for _, _, text, _ in extract_lesson_file(handle, None, None, None)}
    assert texts  # the other steps' texts are still found


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("impossible Position ID", "//////////////"),
        ("impossible Match ID", "////////////"),
        ("game points before the game is won", "game_points"),
    ],
)
def test_the_command_line_names_the_file_step_and_id_without_a_traceback(data, name, words):
    lesson, step_id, change = BAD_VALUES[name]
    path = _edit(data, lesson, step_id, change)
    done = subprocess.run(
        [sys.executable, "-m", "lessons", "check", "--data", str(data), "--drills", "5"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stdout + done.stderr
    assert path.name in done.stdout and step_id in done.stdout and words in done.stdout
