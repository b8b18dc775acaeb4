"""Which lessons and steps a student has done, kept in a small JSON file.

The file's path is passed in (the app uses its application-data folder). The file looks like
``{"version": 1, "lessons": {"board": {"done": ["points"], "current": "setup"}}}``; every value is
checked by type and range when it is read (``check_progress``).

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

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from engine import jsonfile
from engine.jsonfile import JsonValueError
from lessons.model import Lesson

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
    return out


class Progress:
    """Done steps and the step to resume, per lesson id; saved after every change.

    ``saving``/``save_error`` tell whether changes reach the file; ``recovered``/``load_error``/
    ``set_aside_as`` tell that a damaged file was set aside when it was read. None of the
    methods raises for a file that cannot be read or written.
    """

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._lessons: dict[str, dict[str, Any]] = {}
        self.save_error: str | None = None  #: why changes are not saved, None while they are
        self.load_error: str | None = None  #: what was wrong with the file that was set aside
        self.set_aside_as: Path | None = None  #: where the damaged file went (None: not moved)
        self._read_only = False  # the file exists but could not be read: never overwrite it
        self.load()

    # -- state of the file -------------------------------------------------------------------
    @property
    def saving(self) -> bool:
        """True while changes are written to the file."""
        return self.save_error is None

    @property
    def recovered(self) -> bool:
        """True when the file was damaged, set aside (if it could be) and progress restarted."""
        return self.load_error is not None

    def describe(self) -> str | None:
        """An English sentence on what is wrong with the progress file, or None when all is well.

        For logs and the command line; the app words its own message from the fields above.
        """
        parts = []
        if self.load_error is not None:
            where = self.set_aside_as.name if self.set_aside_as else "(it could not be moved)"
            parts.append(
                f"The lesson progress file could not be read ({self.load_error}); it was set "
                f"aside as {where} and progress starts afresh."
            )
        if self.save_error is not None:
            parts.append(f"Lesson progress is not being saved: {self.save_error}.")
        return " ".join(parts) or None

    # -- file ---------------------------------------------------------------------------------
    def load(self) -> None:
        """Read the file: missing is no progress, damaged is set aside, unreadable is kept."""
        self._lessons = {}
        self.load_error = None
        self.set_aside_as = None
        try:
            data = jsonfile.read_json_file(self.path, max_bytes=MAX_FILE_BYTES)
            self._lessons = check_progress(data)
        except (FileNotFoundError, NotADirectoryError):
            return  # no file (or not even its folder): nothing to lose by writing one later
        except OSError as exc:
            # Permission denied, a folder in the way, an I/O error: the file may be fine, so it
            # is neither moved nor overwritten; the lessons go on without saving.
            self._read_only = True
            self.save_error = f"the progress file cannot be read: {exc.strerror or exc}"
        except JsonValueError as exc:
            self.load_error = str(exc)
            self._set_aside()

    def save(self) -> bool:
        """Write the file atomically; returns False (with ``save_error``) when it cannot."""
        if self._read_only:
            return False
        content = json.dumps({"version": VERSION, "lessons": self._lessons}, indent=1)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            jsonfile.write_text_atomically(self.path, content)
        except OSError as exc:
            self.save_error = exc.strerror or str(exc)
            return False
        self.save_error = None
        return True

    def probe(self) -> bool:
        """Find out whether changes can be saved before the first change: a temporary file is
        made beside the progress file and removed (named as a writer's temporary file, so one
        left by a kill is cleaned up like theirs). Returns ``saving`` (``save_error`` says why
        not); creates the folder when it is missing, never touches the file itself."""
        if self._read_only:
            return False
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle, name = tempfile.mkstemp(
                prefix=self.path.name + ".", suffix=".tmp", dir=self.path.parent
            )
            os.close(handle)
            os.unlink(name)
        except OSError as exc:
            self.save_error = exc.strerror or str(exc)
            return False
        self.save_error = None
        return True

    def _set_aside(self) -> None:
        # when it cannot be moved, the next save replaces it; load_error still tells
        self.set_aside_as = jsonfile.set_aside(self.path)

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

    def restart(self, lesson: Lesson) -> None:
        """Forget the lesson's progress: it starts again at its first step."""
        if lesson.id in self._lessons:
            del self._lessons[lesson.id]
            self.save()

    def _entry(self, lesson: Lesson) -> dict[str, Any]:
        return self._lessons.setdefault(lesson.id, {"done": [], "current": None})
