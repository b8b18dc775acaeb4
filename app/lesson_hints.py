"""The graduated hints of the open lesson step, and the lines shown after a judgement question.

Each press of Hint gives the next level of the exercise's hints (``Exercise.hints``): first the
rule, then the checker to move (ringed on the board), then the answer; the answer's arrows only
once the student has tried (``Exercise.hint_at``).
"""

from __future__ import annotations

from typing import Any

from app.i18n import current_language
from app.texts import N_
from lessons.exercises import Exercise, Feedback, JudgeExercise, language_number

HINT_WAIT = N_("The next hint needs this program's evaluation of the plays: a moment, please.")


class HintLadder:
    """How far up the hints the student has gone on this step, and whether they have tried."""

    def __init__(self) -> None:
        self.level = 0
        self.tried = False
        self.used = 0  # hints shown on this step (a classroom may count them)
        self.rings: tuple[int, ...] = ()
        self.arrows: tuple[tuple[int, int], ...] = ()

    def reset(self) -> None:
        self.__init__()  # type: ignore[misc]

    def next(self, exercise: Exercise, ranked: bool = True) -> Feedback:
        """The next hint (the last one again once all are shown).

        A judgement question's hints after the rule need its ranking: until it is ``ranked``
        (searched in the background) the student is told to wait a moment.
        """
        if isinstance(exercise, JudgeExercise) and not ranked:
            first = exercise.rule or exercise.explain
            if self.level == 0 and first:
                self.level, self.used = 1, self.used + 1
                return Feedback(False, first)
            return Feedback(False, HINT_WAIT)
        self.level = min(self.level + 1, len(exercise.hints()))
        self.used += 1
        hint = exercise.hint_at(self.level, self.tried)
        self.rings, self.arrows = hint.rings, hint.arrows
        return hint.feedback

    def arrow_marks(self) -> list[dict[str, int]]:
        return [{"from": a, "to": b} for a, b in self.arrows]


def feedback_view(
    verdict: Feedback | None, hint: bool, lines: list[Feedback] | None, translate: Any
) -> dict[str, Any]:
    """What the feedback box shows: the verdict on the last answer (or the hint), translated,
    and after a judgement question its top plays, one a line."""
    if verdict is None:
        return {"visible": False, "text": "", "correct": False, "hint": False, "lines": []}
    number = language_number(current_language())  # (a decimal comma in Danish and Dutch)
    return {
        "visible": True,
        "text": verdict.render(translate, number),
        "correct": verdict.correct,
        "hint": hint,
        "lines": [line.render(translate, number) for line in lines or []],
    }
