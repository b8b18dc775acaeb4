"""The teacher's figures per student and lesson, and the CSV of every attempt."""

from __future__ import annotations

import csv
import io

import pytest

from lessons.attempts import Attempt
from lessons.model import load_lessons
from lessons.profiles import Profiles
from lessons.report import CSV_COLUMNS, csv_rows, csv_text, lesson_summary, total, write_csv


@pytest.fixture(scope="module")
def lessons():
    return load_lessons()


def answer(step, correct, hints=0, answer="1", lesson="board", seconds=5):
    return Attempt(
        lesson, step, "pips", answer, correct, hints, seconds, "2025-03-04T10:00:00+01:00"
    )


def test_the_summary_counts_steps_score_mistakes_and_hints(tmp_path, lessons):
    board = lessons[0]
    student = Profiles(tmp_path).create("Anna")
    for step in board.steps[:3]:
        student.progress.mark_done(board, step.id)
    log = student.attempts
    log.record(answer("pips-start", False))  # wrong first: no score for this one
    log.record(answer("pips-start", True))
    log.record(answer("pips-later", True, hints=1))  # right, but after a hint
    log.record(answer("x", False, lesson="moving"))  # another lesson's
    log.hint_shown("board", "pips-later")
    summary = lesson_summary(board, student)
    assert (summary.steps_done, summary.steps, summary.finished) == (3, len(board.steps), False)
    assert summary.exercises == 2
    assert (summary.tried, summary.first_try, summary.score) == (2, 0, 0)
    assert (summary.mistakes, summary.hints, summary.seconds) == (1, 1, 15)
    assert (summary.quiz_right, summary.quiz_items) == (0, 0)  # no quiz finished
    untouched = lesson_summary(lessons[3], student)
    assert untouched.score is None and untouched.mistakes == 0
    both = total([summary, lesson_summary(lessons[1], student)])
    steps = len(board.steps) + len(lessons[1].steps)
    assert (both.tried, both.mistakes, both.steps) == (3, 2, steps)


def test_the_quiz_is_counted_apart_and_its_last_score_kept(tmp_path, lessons):
    board = lessons[0]
    student = Profiles(tmp_path).create("Anna")
    log = student.attempts
    log.record(answer("pips-start", True))
    log.record(answer("quiz-1", False, seconds=7))  # the quiz's answers: not the lesson's figures
    log.record(answer("quiz-1", True, seconds=7))
    log.hint_shown("board", "quiz-2")
    log.record(answer("quiz-2", True, hints=1, seconds=7))
    student.progress.record_quiz(board, 1, 3)
    student.progress.record_quiz(board, 2, 3)  # taken again: the last one counts
    summary = lesson_summary(board, student)
    assert (summary.tried, summary.first_try, summary.score) == (1, 1, 100)
    assert (summary.mistakes, summary.hints, summary.seconds) == (0, 0, 5)
    assert (summary.quiz_right, summary.quiz_items) == (2, 3)
    # kept with the progress: read again from the file
    again = next(p for p in Profiles(tmp_path).students() if p.name == "Anna")
    assert again.progress.quiz_score(board) == (2, 3)
    both = total([summary, lesson_summary(lessons[1], again)])
    assert (both.quiz_right, both.quiz_items) == (2, 3)
    with pytest.raises(ValueError):
        student.progress.record_quiz(board, 4, 3)
    rows = list(csv.reader(io.StringIO(csv_text(csv_rows([student], lessons)), newline="")))
    titles = [row[CSV_COLUMNS.index("step_title")] for row in rows[1:]]
    assert titles == ["Counting pips"] + ["Quiz, question 1"] * 2 + ["Quiz, question 2"]


def test_the_csv_has_one_row_per_attempt_quoted_and_in_utf8(tmp_path, lessons):
    profiles = Profiles(tmp_path)
    anna = profiles.create('Anna "A", 2b')
    bo = profiles.create("=Bø")  # a name that looks like a formula stays text
    anna.attempts.record(answer("pips-start", False, answer="160"))
    anna.attempts.record(answer("pips-start", True, answer="167"))
    bo.attempts.record(answer("no-such-step", True, answer="8/5 6/5", lesson="gone"))
    out = tmp_path / "class.csv"
    assert write_csv(out, [anna, bo], lessons) == 3
    raw = out.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"), newline="")))
    assert rows[0] == ["Student", "Lesson", "Lesson title", "Step ID", "Step title", "Exercise"] + [
        "Answer",
        "Right",
        "Hints",
        "Seconds",
        "Time",
    ]
    assert len(rows) == 4
    first = dict(zip(CSV_COLUMNS, rows[1], strict=True))
    assert first["student"] == 'Anna "A", 2b'
    assert first["lesson"] == "1" and first["lesson_title"] == "The board and the setup"
    assert first["step_title"] == "Counting pips" and first["answer"] == "160"
    assert (first["correct"], first["hints"], first["seconds"]) == ("No", "0", "5")
    assert first["exercise"] == "Pip count"
    assert first["time"] == "2025-03-04T10:00:00+01:00"
    assert rows[2][CSV_COLUMNS.index("correct")] == "Yes"
    assert rows[3][:3] == ["'=Bø", "", "gone"]
    assert '"Anna ""A"", 2b"' in raw.decode("utf-8-sig")  # RFC 4180 quoting


def test_the_csv_is_translated(tmp_path, lessons):
    from lessons.worksheet import translator

    profiles = Profiles(tmp_path)
    profiles.current.attempts.record(answer("pips-start", True))
    out = tmp_path / "da.csv"
    write_csv(out, profiles.students(), lessons, translator("da"))
    header, row = list(csv.reader(io.StringIO(out.read_text("utf-8-sig"))))
    assert row[2] == translator("da")("The board and the setup") != "The board and the setup"
    # every word of the file in the teacher's language (the header, the kind and yes or no
    # were English in a Danish file)
    assert header[:3] == ["Elev", "Lektion", "Lektionens titel"]
    assert (row[5], row[7]) == ("Pipstælling", "Ja")
    # with ";" between the fields, as a Danish or Dutch spreadsheet reads them (a Dutch
    # teacher's spreadsheet put a comma-separated file in one column: found by a tester)
    write_csv(out, profiles.students(), lessons, translator("da"), ";")
    text = out.read_text("utf-8-sig")
    assert list(csv.reader(io.StringIO(text), delimiter=";")) == [header, row]
    assert text.startswith("Elev;Lektion;Lektionens titel;")
    with pytest.raises(ValueError):
        csv_text([header], "\t")


def test_the_file_gets_the_permissions_of_the_teachers_other_files(tmp_path, lessons):
    # found by a tester: written readable by its owner alone (a temporary file's), where the
    # worksheet beside it could be shared
    import os

    mask = os.umask(0o022)
    try:
        write_csv(tmp_path / "class.csv", Profiles(tmp_path).students(), lessons)
    finally:
        os.umask(mask)
    assert (tmp_path / "class.csv").stat().st_mode & 0o777 == 0o644


def test_an_unwritable_place_raises_and_keeps_the_old_file(tmp_path, lessons):
    profiles = Profiles(tmp_path)
    with pytest.raises(OSError):
        write_csv(tmp_path / "no-folder" / "x.csv", profiles.students(), lessons)
