"""A lesson's exercises as a printable worksheet: questions, then a separate answer key.

``worksheet(lesson, translate)`` gives the items in a language: the step's title, the question,
the Position ID (and Match ID) to set the board up in any program, the dice, the position for a
board diagram, and the answer as the hints write it. The app draws the diagrams and writes the
PDF (Qt lives there); ``python -m lessons worksheet`` writes the same worksheet as plain text.
"""

from __future__ import annotations

import gettext
from dataclasses import dataclass
from pathlib import Path

from engine import Position
from lessons.exercises import (
    CHOICE_NAMES,
    ChoiceExercise,
    Exercise,
    NumberExercise,
    NumberFormat,
    RaceCubeExercise,
    language_number,
)
from lessons.i18n import N_, Translate, identity
from lessons.model import Lesson, Step, paper_match_id

ANSWERS = N_("Answers")


@dataclass(frozen=True)
class WorksheetItem:
    """One exercise of a worksheet, its texts translated."""

    number: int
    step_id: str
    title: str
    question: str
    position: Position  # the student's view, for the diagram
    position_id: str  # with the player to act on roll (see ``Step.turn``)
    match_id: str | None
    dice: tuple[int, int] | None
    answer: str


def worksheet(
    lesson: Lesson, translate: Translate = identity, numbers: NumberFormat | None = None
) -> list[WorksheetItem]:
    """The lesson's exercises, numbered, with their answers (the last hint, translated; the
    numbers written by ``numbers``, ``lessons.exercises.language_number`` of the language)."""
    items: list[WorksheetItem] = []
    for step in lesson.steps:
        ex = step.exercise
        if ex is None:
            continue
        items.append(_item(len(items) + 1, step, ex, translate, numbers))
    return items


def _item(
    number: int, step: Step, ex: Exercise, translate: Translate, numbers: NumberFormat | None
) -> WorksheetItem:
    question = ex.render_paper_prompt(translate, numbers)
    if isinstance(ex, ChoiceExercise):
        question += " (" + " / ".join(translate(CHOICE_NAMES[c]) for c in ex.choices) + ")"
    answer = ex.hints()[-1].feedback.render(translate, numbers)
    if isinstance(ex, NumberExercise):
        answer = str(ex.answer())
    working = ex.working() if isinstance(ex, RaceCubeExercise) else None
    if working is not None:  # the counts with the verdict ("Take." alone: found by a teacher)
        answer += " " + working.render(translate, numbers)
    return WorksheetItem(
        number=number,
        step_id=step.id,
        title=translate(step.title),
        question=question,
        position=step.position,
        position_id=step.position_id,
        match_id=paper_match_id(step),
        dice=getattr(ex, "dice", None) or step.dice,
        answer=answer,
    )


# the choice buttons' words, as the hints say them
def as_text(
    lesson: Lesson, translate: Translate = identity, numbers: NumberFormat | None = None
) -> str:
    """The worksheet as plain text: the questions, then the answer key."""
    items = worksheet(lesson, translate, numbers)
    lines = [f"{lesson.number}. {translate(lesson.title)}", ""]
    for item in items:
        dice = f"  {item.dice[0]}-{item.dice[1]}" if item.dice else ""
        match = f"  Match ID {item.match_id}" if item.match_id else ""
        lines += [
            f"{item.number}. {item.title}",
            f"   {item.question}",
            f"   Position ID {item.position_id}{match}{dice}",
            "",
        ]
    lines += [translate(ANSWERS), ""]
    lines += [f"{item.number}. {item.answer}" for item in items]
    return "\n".join(lines) + "\n"


def translator(language: str) -> Translate:
    """The gettext function of ``language`` from the shipped catalogs (English: the source)."""
    import locales

    if language not in locales.LANGUAGES:
        raise ValueError(f"unknown language {language!r} (known: {', '.join(locales.LANGUAGES)})")
    if language == "en":
        return identity
    found = gettext.translation(
        "messages", localedir=str(locales.directory()), languages=[language]
    )
    return found.gettext


def write(lesson: Lesson, language: str, output: Path) -> None:
    """Write the worksheet of ``lesson`` in ``language`` to ``output`` (plain text, UTF-8)."""
    text = as_text(lesson, translator(language), language_number(language))
    output.write_text(text, encoding="utf-8")
