"""Every answer a student gives, and the hints they asked for, kept in a small JSON file.

One ``Attempt`` per answer: the lesson and step (a question of the quiz that ends a lesson is the
step ``quiz-N``, N counted from 1: ``quiz_step``), the exercise's kind, the answer as the student
gave it (a play in full notation, a number, a point, a choice), whether it was right, how many hints
the student had seen on the step before answering, the seconds it took and when it was. The file
looks like ``{"version": 1, "attempts": [{...}], "hints": {"board": {"pips-start": 2}}}``; every
value is checked by type and range when it is read, and the file behaves like every kept file
(``lessons.store``: damaged files are set aside, unwritable folders keep it in memory).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path

from engine import jsonfile
from engine.jsonfile import JsonValueError
from lessons.store import KeptFile

VERSION = 1
MAX_ATTEMPTS = 100_000  # a whole school year of drills; the course itself has about 60 exercises
MAX_FILE_BYTES = 64 << 20
MAX_ID = 200  # characters of a lesson or step id
MAX_ANSWER = 500  # characters of an answer as given (a play is at most 4 moves)
MAX_KIND = 40
MAX_HINTS = 1_000
MAX_SECONDS = 10 * 24 * 3600  # a step left open over a holiday still counts, capped
QUIZ_STEP = "quiz-"


def quiz_step(number: int) -> str:
    """The step id of the quiz's question ``number`` (from 1) in the attempts."""
    return f"{QUIZ_STEP}{number}"


def quiz_number(step_id: str) -> int | None:
    """The question's number of a quiz step id (``quiz_step``), None for a lesson's step."""
    tail = step_id.removeprefix(QUIZ_STEP)
    return int(tail) if tail != step_id and tail.isdigit() and tail.isascii() else None


@dataclass(frozen=True)
class Attempt:
    """One answer of a student to one exercise."""

    lesson: str  # the lesson's id
    step: str  # the step's id
    kind: str  # the exercise's kind (``Exercise.kind``)
    answer: str  # as given: "8/5 6/5", "167", "19", "take"
    correct: bool
    hints: int  # hints seen on the step before this answer
    seconds: int  # since the step was shown, or since the previous answer on it
    time: str  # when, ISO 8601 with the UTC offset: "2025-03-04T10:15:02+01:00"

    @property
    def when(self) -> datetime:
        return datetime.fromisoformat(self.time)


def now_text() -> str:
    """The local time now, as ``Attempt.time`` writes it."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


def _attempt(value: object, where: str) -> Attempt:
    entry = jsonfile.mapping(value, where)
    time = jsonfile.text(entry.get("time"), f"the time of {where}", max_length=40)
    try:
        datetime.fromisoformat(time)
    except ValueError:
        raise JsonValueError(f"the time of {where} is not a date and time: {time!r}") from None
    return Attempt(
        lesson=jsonfile.text(entry.get("lesson"), f"the lesson of {where}", max_length=MAX_ID),
        step=jsonfile.text(entry.get("step"), f"the step of {where}", max_length=MAX_ID),
        kind=jsonfile.text(entry.get("kind"), f"the kind of {where}", max_length=MAX_KIND),
        answer=jsonfile.text(entry.get("answer"), f"the answer of {where}", max_length=MAX_ANSWER),
        correct=jsonfile.boolean(entry.get("correct"), f"'correct' of {where}"),
        hints=jsonfile.integer(entry.get("hints"), f"the hints of {where}", 0, MAX_HINTS),
        seconds=jsonfile.integer(entry.get("seconds"), f"the seconds of {where}", 0, MAX_SECONDS),
        time=time,
    )


def check_attempts(data: object) -> tuple[list[Attempt], dict[str, dict[str, int]]]:
    """The attempts and hint counts of an attempts file's data, every value checked.

    Raises ``JsonValueError`` naming the first value of the wrong type or out of range.
    """
    top = jsonfile.mapping(data, "the attempts file")
    version = top.get("version")
    if type(version) is not int or version != VERSION:
        raise JsonValueError(f"the attempts file's version is {jsonfile.shown(version)}, not 1")
    attempts = jsonfile.array(
        top.get("attempts"), "the attempts", max_length=MAX_ATTEMPTS, each=_attempt
    )
    hints: dict[str, dict[str, int]] = {}
    lessons = jsonfile.mapping(top.get("hints", {}), "the hints of the attempts file")
    for lesson_id, steps in lessons.items():
        jsonfile.text(lesson_id, "a lesson id", max_length=MAX_ID)
        where = f"the hints of lesson {lesson_id[:40]!r}"
        counts = {}
        for step_id, count in jsonfile.mapping(steps, where).items():
            jsonfile.text(step_id, "a step id", max_length=MAX_ID)
            counts[step_id] = jsonfile.integer(count, where, 0, MAX_HINTS)
        hints[lesson_id] = counts
    return attempts, hints


class AttemptLog(KeptFile):
    """A student's answers and hints; saved after every change (see ``lessons.store``)."""

    noun = "attempts"
    max_bytes = MAX_FILE_BYTES

    def __init__(self, path: Path | str) -> None:
        super().__init__(path)
        self._attempts: list[Attempt] = []
        self._hints: dict[str, dict[str, int]] = {}
        self.full = False  #: True when MAX_ATTEMPTS are kept and no more are recorded
        self.load()

    def load(self) -> None:
        self._attempts, self._hints = self._read(check_attempts) or ([], {})
        self.full = len(self._attempts) >= MAX_ATTEMPTS

    def save(self) -> bool:
        return self._write(
            {
                "version": VERSION,
                "attempts": [asdict(a) for a in self._attempts],
                "hints": self._hints,
            }
        )

    # -- queries ------------------------------------------------------------------------------
    @property
    def attempts(self) -> list[Attempt]:
        """Every attempt, oldest first."""
        return list(self._attempts)

    def of_lesson(self, lesson_id: str) -> list[Attempt]:
        return [a for a in self._attempts if a.lesson == lesson_id]

    def hints_used(self, lesson_id: str, step_id: str | None = None) -> int:
        """Hints shown in a lesson (or one step of it), all visits together."""
        steps = self._hints.get(lesson_id, {})
        return steps.get(step_id, 0) if step_id is not None else sum(steps.values())

    # -- changes ------------------------------------------------------------------------------
    def record(self, attempt: Attempt) -> bool:
        """Keep ``attempt``; False when the log is full (``full``) and it was not kept."""
        if len(self._attempts) >= MAX_ATTEMPTS:
            self.full = True
            return False
        self._attempts.append(attempt)
        self.save()
        return True

    def hint_shown(self, lesson_id: str, step_id: str) -> None:
        """Count one hint shown on a step."""
        steps = self._hints.setdefault(lesson_id, {})
        steps[step_id] = min(steps.get(step_id, 0) + 1, MAX_HINTS)
        self.save()
