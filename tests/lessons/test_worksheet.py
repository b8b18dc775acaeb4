"""A lesson's worksheet: every exercise with its Position ID, and an answer key in any language."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine import Position
from lessons.model import load_lessons
from lessons.worksheet import as_text, translator, worksheet

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def lessons():
    return load_lessons()


def test_every_exercise_is_on_the_worksheet_with_its_answer(lessons):
    for lesson in lessons:
        items = worksheet(lesson)
        exercises = [s for s in lesson.steps if s.exercise is not None]
        assert [i.step_id for i in items] == [s.id for s in exercises]
        for item, step in zip(items, exercises, strict=True):
            assert Position.from_position_id(item.position_id)
            assert item.answer and "{" not in item.answer and "{" not in item.question
            if step.turn == "opponent":
                assert Position.from_position_id(item.position_id) == step.position.swapped()


def test_the_worksheet_is_translated(lessons):
    cube = lessons[6]
    danish = as_text(cube, translator("da"))
    english = as_text(cube)
    assert "Svar" in danish and "Answers" in english
    assert "Tag imod." in danish and "Take." in english
    assert danish.count("Position ID") == english.count("Position ID") == len(worksheet(cube))
    with pytest.raises(ValueError):
        translator("fr")


def test_worksheet_command_writes_the_file(tmp_path):
    out = tmp_path / "lesson3-nl.txt"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "lessons",
            "worksheet",
            "--lesson",
            "3",
            "--lang",
            "nl",
            "--out",
            str(out),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    text = out.read_text(encoding="utf-8")
    assert text.startswith("3. De hele worp gebruiken") and "Antwoorden" in text
    bad = subprocess.run(
        [sys.executable, "-m", "lessons", "worksheet", "--lesson", "12", "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert bad.returncode == 1 and "no lesson 12" in bad.stderr and "Traceback" not in bad.stderr
