"""Which lessons and steps a student has done, kept in a small JSON file.

The file's path is passed in (the app uses its application-data folder). A missing or damaged
file is treated as no progress (a damaged one is kept aside as ``.bad``) so that the lessons always
open. The file looks like ``{"version": 1, "lessons": {"board": {"done": ["points"], "current":
"setup"}}}``.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from lessons.model import Lesson

VERSION = 1


class Progress:
    """Done steps and the step to resume, per lesson id; saved after every change."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._lessons: dict[str, dict] = {}
        self.load()

    # -- file ---------------------------------------------------------------------------------
    def load(self) -> None:
        """Read the file; a missing file is no progress, a damaged one is moved aside."""
        self._lessons = {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            self._set_aside()
            return
        lessons = data.get("lessons") if isinstance(data, dict) else None
        if not isinstance(lessons, dict):
            self._set_aside()
            return
        for lesson_id, entry in lessons.items():
            if not isinstance(entry, dict):
                continue
            done = [s for s in entry.get("done", []) if isinstance(s, str)]
            current = entry.get("current")
            self._lessons[str(lesson_id)] = {
                "done": done,
                "current": current if isinstance(current, str) else None,
            }

    def save(self) -> None:
        """Write the file atomically (a crash never leaves half a file)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(self.path.name + ".tmp")
        tmp.write_text(
            json.dumps({"version": VERSION, "lessons": self._lessons}, indent=1), encoding="utf-8"
        )
        os.replace(tmp, self.path)

    def _set_aside(self) -> None:
        with contextlib.suppress(OSError):
            os.replace(self.path, self.path.with_name(self.path.name + ".bad"))

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
        lesson.step_index(step_id)  # KeyError for a step the lesson does not have
        entry = self._entry(lesson)
        if step_id not in entry["done"]:
            entry["done"].append(step_id)
            self.save()

    def set_current(self, lesson: Lesson, step_id: str) -> None:
        lesson.step_index(step_id)
        entry = self._entry(lesson)
        if entry["current"] != step_id:
            entry["current"] = step_id
            self.save()

    def restart(self, lesson: Lesson) -> None:
        """Forget the lesson's progress: it starts again at its first step."""
        if lesson.id in self._lessons:
            del self._lessons[lesson.id]
            self.save()

    def _entry(self, lesson: Lesson) -> dict:
        return self._lessons.setdefault(lesson.id, {"done": [], "current": None})
