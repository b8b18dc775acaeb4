"""Which lessons and steps a student has done, kept in a small JSON file.

The file's path is passed in (the app uses its application-data folder). The file looks like
``{"version": 1, "lessons": {"board": {"done": ["points"], "current": "setup", "quiz": [2, 3]}}}``
(``quiz``: right at the first try and items of the last quiz finished, when there was one);
every value is checked by type and range when it is read (``check_progress``).

The lessons always open, whatever happens to the file:

* a missing file is no progress;
* a damaged file (not JSON, or JSON with a value of the wrong type) is moved aside as
  ``NAME-unreadable-YYYYMMDD-HHMMSS.json`` (as the app sets a damaged game save aside), progress
  starts afresh, and ``recovered`` says so (``set_aside_as`` is where the old file went);
* a file or folder that cannot be written (a locked-down account, a full disk) never stops a
  lesson: the progress is kept in memory, ``saving`` is False and ``save_error`` says why, and
  every later change tries again. A file that exists but cannot be read is never overwritten.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine import jsonfile
from engine.jsonfile import JsonValueError
from lessons.model import Lesson
from lessons.store import KeptFile

VERSION = 1
MAX_FILE_BYTES = 4 << 20  # the course has 8 lessons of about 10 steps: a few kilobytes
MAX_LESSONS = 1_000
MAX_STEPS = 1_000
MAX_ID = 200  # characters of a lesson or step id


def check_progress(data: object) -> dict[str, dict[str, Any]]:
    """The lessons' entries of a progress file's data, every value checked.

    Raises ``JsonValueError`` naming the first value of the wrong type or out of range.
    """
    top = jsonfile.mapping(data, "the progress file")
    version = top.get("version")
    if type(version) is not int or version != VERSION:
        raise JsonValueError(f"the progress file's version is {jsonfile.shown(version)}, not 1")
    lessons = jsonfile.mapping(top.get("lessons"), "the lessons of the progress file")
    if len(lessons) > MAX_LESSONS:
        raise JsonValueError(f"the progress file holds more than {MAX_LESSONS} lessons")
    out: dict[str, dict[str, Any]] = {}
    for lesson_id, raw in lessons.items():
        jsonfile.text(lesson_id, "a lesson id", max_length=MAX_ID)
        entry = jsonfile.mapping(raw, f"the progress of lesson {lesson_id[:40]!r}")
        done = jsonfile.array(
            entry.get("done", []),
            f"the done steps of lesson {lesson_id[:40]!r}",
            max_length=MAX_STEPS,
            each=lambda value, where: jsonfile.text(value, where, max_length=MAX_ID),
        )
        current = entry.get("current")
        if current is not None:
            where = f"the current step of lesson {lesson_id[:40]!r}"
            jsonfile.text(current, where, max_length=MAX_ID)
        out[lesson_id] = {"done": list(dict.fromkeys(done)), "current": current}
        quiz = entry.get("quiz")
        if quiz is not None:
            where = f"the quiz score of lesson {lesson_id[:40]!r}"
            right, items = jsonfile.array(quiz, where, length=2)
            items = jsonfile.integer(items, where, 1, MAX_STEPS)
            out[lesson_id]["quiz"] = [jsonfile.integer(right, where, 0, items), items]
    return out


class Progress(KeptFile):
    """Done steps and the step to resume, per lesson id; saved after every change.

    ``saving``/``save_error`` tell whether changes reach the file; ``recovered``/``load_error``/
    ``set_aside_as`` tell that a damaged file was set aside when it was read
    (``lessons.store.KeptFile``). None of the methods raises for a file that cannot be read or
    written.
    """

    noun = "lesson progress"
    max_bytes = MAX_FILE_BYTES

    def __init__(self, path: Path | str) -> None:
        super().__init__(path)
        self._lessons: dict[str, dict[str, Any]] = {}
        self.load()

    def load(self) -> None:
        """Read the file: missing is no progress, damaged is set aside, unreadable is kept."""
        self._lessons = self._read(check_progress) or {}

    def save(self) -> bool:
        """Write the file atomically; returns False (with ``save_error``) when it cannot."""
        return self._write({"version": VERSION, "lessons": self._lessons})

    # -- queries ------------------------------------------------------------------------------
    def done_steps(self, lesson: Lesson) -> set[str]:
        """Ids of the steps of ``lesson`` that are done (ids no longer in the lesson ignored)."""
        ids = {step.id for step in lesson.steps}
        return set(self._lessons.get(lesson.id, {}).get("done", [])) & ids

    def is_step_done(self, lesson: Lesson, step_id: str) -> bool:
        return step_id in self.done_steps(lesson)

    def is_done(self, lesson: Lesson) -> bool:
        """True when every step of the lesson is done."""
        return len(self.done_steps(lesson)) == len(lesson.steps)

    def quiz_score(self, lesson: Lesson) -> tuple[int, int] | None:
        """(right at the first try, items) of the last quiz of ``lesson`` finished, or None."""
        quiz = self._lessons.get(lesson.id, {}).get("quiz")
        return (quiz[0], quiz[1]) if quiz is not None else None

    def is_started(self, lesson: Lesson) -> bool:
        return bool(self.done_steps(lesson)) or self.resume_index(lesson) > 0

    def resume_index(self, lesson: Lesson) -> int:
        """The step to open: the saved current step, else the first step not done, else 0."""
        current = self._lessons.get(lesson.id, {}).get("current")
        if current is not None:
            try:
                return lesson.step_index(current)
            except KeyError:
                pass
        done = self.done_steps(lesson)
        for index, step in enumerate(lesson.steps):
            if step.id not in done:
                return index
        return 0

    # -- changes ------------------------------------------------------------------------------
    def mark_done(self, lesson: Lesson, step_id: str) -> None:
        """Record a done step; ``KeyError`` for a step the lesson does not have."""
        lesson.step_index(step_id)
        entry = self._entry(lesson)
        if step_id not in entry["done"]:
            entry["done"].append(step_id)
            self.save()

    def set_current(self, lesson: Lesson, step_id: str) -> None:
        """Record the step to resume; ``KeyError`` for a step the lesson does not have."""
        lesson.step_index(step_id)
        entry = self._entry(lesson)
        if entry["current"] != step_id:
            entry["current"] = step_id
            self.save()

    def show(self, lesson: Lesson, index: int) -> bool:
        """Step ``index`` of ``lesson`` is shown: it is the current one, and a last step of words
        only is read, so done (left by "All lessons", lesson 7's last step was never done and the
        lesson never finished: found by a tester). True when that made a step done."""
        step = lesson.steps[index]
        self.set_current(lesson, step.id)
        last_words = step.exercise is None and index == len(lesson.steps) - 1
        if not last_words or step.id in self.done_steps(lesson):
            return False
        self.mark_done(lesson, step.id)
        return True

    def record_quiz(self, lesson: Lesson, right: int, items: int) -> None:
        """Keep the score of a quiz of ``lesson`` just finished (the last one counts)."""
        if not 0 <= right <= items or items < 1:
            raise ValueError(f"a quiz score of {right} of {items}")
        self._entry(lesson)["quiz"] = [right, items]
        self.save()

    def restart(self, lesson: Lesson) -> None:
        """Forget the lesson's progress: it starts again at its first step."""
        if lesson.id in self._lessons:
            del self._lessons[lesson.id]
            self.save()

    def _entry(self, lesson: Lesson) -> dict[str, Any]:
        return self._lessons.setdefault(lesson.id, {"done": [], "current": None})
