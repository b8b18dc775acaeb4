"""What a teacher reads about the class: a summary per student and lesson, and every attempt as CSV.

``lesson_summary(lesson, profile)`` counts the steps done, the exercises tried, those right at the
first try with no hint seen (the score), the wrong answers (mistakes), the hints and the seconds
spent answering, and gives the score of the last quiz of the lesson finished (its answers are kept
as steps ``quiz-N`` and counted apart from the lesson's). ``write_csv(path, profiles, lessons)``
writes one row per attempt (see ``CSV_COLUMNS``; the header, the exercises' kinds, the choices and
yes or no in the language of ``translate``), UTF-8 with a byte order mark so that spreadsheet
programs read the Danish and Dutch letters, a header row, and fields quoted as RFC 4180 says
(commas, quotes and line breaks).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass, fields
from pathlib import Path

from engine import jsonfile
from lessons.attempts import Attempt, quiz_number
from lessons.exercises import CHOICE_NAMES
from lessons.i18n import N_, Translate, identity
from lessons.model import Lesson
from lessons.profiles import Profile

CSV_COLUMNS = (
    "student",
    "lesson",
    "lesson_title",
    "step",
    "step_title",
    "exercise",
    "answer",
    "correct",
    "hints",
    "seconds",
    "time",
)
#: The header row's words, in the language of the export (a Danish teacher's file had English
#: column names, yes and no, and the exercises' kinds as the program names them).
CSV_HEADINGS = {
    "student": N_("Student"),
    "lesson": N_("Lesson"),
    "lesson_title": N_("Lesson title"),
    "step": N_("Step ID"),  # (the lesson file's own name of the step, next to its title)
    "step_title": N_("Step title"),
    "exercise": N_("Exercise"),
    "answer": N_("Answer"),
    "correct": N_("Right"),
    "hints": N_("Hints"),
    "seconds": N_("Seconds"),
    "time": N_("Time"),
}
#: The exercises' kinds (``Exercise.kind``) as a teacher reads them.
EXERCISE_NAMES = {
    "play": N_("Play the roll"),
    "reach": N_("Points reached"),
    "pips": N_("Pip count"),
    "shots": N_("Rolls that hit"),
    "dice_count": N_("Dice played"),
    "game_points": N_("Points won"),
    "take": N_("Take or pass"),
    "race_cube": N_("Double in a race"),
    "crawford": N_("Crawford game"),
    "may_double": N_("May double"),
}
QUIZ_QUESTION = N_("Quiz, question {number}")


@dataclass(frozen=True)
class LessonSummary:
    """One student's work on one lesson."""

    steps_done: int
    steps: int
    exercises: int  # exercises of the lesson
    tried: int  # exercises (or quiz items) answered at least once
    first_try: int  # of those, right at the first answer with no hint seen before it
    mistakes: int  # wrong answers
    hints: int  # hints shown
    seconds: int  # spent answering
    quiz_right: int = 0  # right at the first try in the last quiz finished
    quiz_items: int = 0  # its questions (0: no quiz finished)

    @property
    def finished(self) -> bool:
        return self.steps > 0 and self.steps_done == self.steps

    @property
    def score(self) -> int | None:
        """Per cent of the exercises tried that were right at the first try; None: none tried."""
        return round(100 * self.first_try / self.tried) if self.tried else None


def lesson_summary(lesson: Lesson, profile: Profile) -> LessonSummary:
    steps = {step.id for step in lesson.steps}
    attempts = [a for a in profile.attempts.of_lesson(lesson.id) if quiz_number(a.step) is None]
    quiz = profile.progress.quiz_score(lesson) or (0, 0)
    first: dict[str, Attempt] = {}
    for attempt in attempts:
        first.setdefault(attempt.step, attempt)
    return LessonSummary(
        steps_done=len(profile.progress.done_steps(lesson)),
        steps=len(lesson.steps),
        exercises=sum(1 for step in lesson.steps if step.exercise is not None),
        tried=len(first),
        first_try=sum(1 for a in first.values() if a.correct and a.hints == 0),
        mistakes=sum(1 for a in attempts if not a.correct),
        hints=sum(profile.attempts.hints_used(lesson.id, step) for step in steps),
        seconds=sum(a.seconds for a in attempts),
        quiz_right=quiz[0],
        quiz_items=quiz[1],
    )


def total(summaries: Iterable[LessonSummary]) -> LessonSummary:
    """The sum of several lessons' summaries (its ``score`` is over every exercise tried)."""
    items = list(summaries)
    return LessonSummary(*(sum(getattr(s, f.name) for s in items) for f in fields(LessonSummary)))


# -- CSV ------------------------------------------------------------------------------------------
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _text_cell(value: str) -> str:
    """A text a person typed, made safe for spreadsheets: one that starts like a formula is
    kept as text with a leading apostrophe (what spreadsheet programs do themselves)."""
    return "'" + value if value.startswith(_FORMULA_START) else value


def step_title_of(lesson: Lesson | None, step_id: str, translate: Translate = identity) -> str:
    """The title of an attempt's step: a lesson step's, "Quiz, question N", or "" for a step
    the lesson no longer has."""
    number = quiz_number(step_id)
    if number is not None:
        return translate(QUIZ_QUESTION).format(number=number)
    step = next((s for s in lesson.steps if s.id == step_id), None) if lesson else None
    return translate(step.title) if step is not None else ""


def csv_rows(
    profiles: Iterable[Profile], lessons: list[Lesson], translate: Translate = identity
) -> list[list[str]]:
    """The header and one row per attempt: students in the given order, attempts oldest first."""
    by_id = {lesson.id: lesson for lesson in lessons}
    rows = [[translate(CSV_HEADINGS[column]) for column in CSV_COLUMNS]]
    yes, no = translate(CHOICE_NAMES["yes"]), translate(CHOICE_NAMES["no"])
    for profile in profiles:
        name = _text_cell(profile.display_name(translate))
        for a in profile.attempts.attempts:
            lesson = by_id.get(a.lesson)
            step_title = step_title_of(lesson, a.step, translate)
            rows.append(
                [
                    name,
                    str(lesson.number) if lesson else "",
                    translate(lesson.title) if lesson else a.lesson,
                    a.step,
                    step_title,
                    translate(EXERCISE_NAMES[a.kind]) if a.kind in EXERCISE_NAMES else a.kind,
                    translate(CHOICE_NAMES[a.answer])
                    if a.answer in CHOICE_NAMES
                    else _text_cell(a.answer),
                    yes if a.correct else no,
                    str(a.hints),
                    str(a.seconds),
                    a.time,
                ]
            )
    return rows


def csv_text(rows: list[list[str]], separator: str = ",") -> str:
    """The rows as CSV, fields apart by ``separator``: "," or, where a language writes its
    decimals with a comma, ";" as the spreadsheet programs of that language read it (a Dutch
    teacher's spreadsheet put every field of a comma-separated file in one column)."""
    if separator not in (",", ";"):
        raise ValueError(f"a CSV separator is ',' or ';', not {separator!r}")
    buffer = io.StringIO(newline="")
    # "\n": the file is written as text, which ends lines the platform's way
    csv.writer(buffer, delimiter=separator, lineterminator="\n").writerows(rows)
    return "\ufeff" + buffer.getvalue()


def write_csv(
    path: Path,
    profiles: Iterable[Profile],
    lessons: list[Lesson],
    translate: Translate = identity,
    separator: str = ",",
) -> int:
    """Write every attempt of ``profiles`` to ``path`` (fields apart by ``separator``, as
    ``csv_text`` says); returns the number of attempts.

    Raises ``OSError`` when the file cannot be written (an existing file is then unchanged).
    """
    rows = csv_rows(profiles, lessons, translate)
    text = csv_text(rows, separator)
    jsonfile.write_text_atomically(path, text, document=True)  # (0600 was too private)
    return len(rows) - 1
