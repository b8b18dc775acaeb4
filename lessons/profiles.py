"""Students on one computer: named profiles, each with its own progress and attempts.

Every student is a folder of the data folder's ``students/``, so that a damaged file costs at
most one student's data and never the class list::

    students/current.json            {"version": 1, "current": "student-2"}
    students/default/profile.json    {"version": 1, "name": null, "created": "2025-03-04T..."}
    students/default/progress.json   done steps (lessons.progress)
    students/default/attempts.json   answers and hints (lessons.attempts)
    students/student-2/...

A single user never sees more than the ``default`` profile (its name is None until someone gives
it one: the app shows ``DEFAULT_NAME``). The progress file of older versions (one file for the
whole computer) becomes the default profile's progress the first time. Every file behaves like a
kept file (``lessons.store``): damaged ones are set aside, unwritable folders keep the data in
memory. Names are checked here (``ProfileError`` with a translatable template).
"""

from __future__ import annotations

import os
import re
import shutil
import unicodedata
from functools import cached_property
from pathlib import Path

from engine import jsonfile
from engine.jsonfile import JsonValueError
from lessons.attempts import AttemptLog, now_text
from lessons.i18n import N_, Translate, identity
from lessons.progress import Progress
from lessons.store import KeptFile

VERSION = 1
FOLDER = "students"
DEFAULT_ID = "default"
MAX_NAME = 40  # characters of a student's name
MAX_PROFILES = 500
_ID = re.compile(r"^(default|student-[1-9][0-9]{0,5})$")

DEFAULT_NAME = N_("Default student")
UNNAMED = N_("Student {number}")  # a profile whose name was lost with a damaged file
NAME_EMPTY = N_("Type the student's name.")
NAME_TOO_LONG = N_("A name has at most {count} characters.")
NAME_TAKEN = N_("There is already a student called {name}.")
NAME_CONTROL = N_("A name cannot contain tabs or line breaks.")
TOO_MANY = N_("There are {count} students already: remove one first.")
NOT_SAVED = N_("The student could not be saved: {reason}")
NOT_REMOVED = N_("The student could not be removed: {reason}")
LAST_ONE = N_("The last student cannot be removed.")


class ProfileError(ValueError):
    """A name or change that is refused: ``template`` (a msgid) and its ``fields``."""

    def __init__(self, template: str, **fields: object) -> None:
        super().__init__(template.format(**fields))
        self.template = template
        self.fields = fields

    def render(self, translate: Translate = identity) -> str:
        return translate(self.template).format(**self.fields)


def check_name(name: str) -> str:
    """``name`` as kept: spaces trimmed and runs of them made one; raises ``ProfileError``."""
    if any(unicodedata.category(c) == "Cc" for c in name):
        raise ProfileError(NAME_CONTROL)
    clean = " ".join(unicodedata.normalize("NFC", name).split())
    if not clean:
        raise ProfileError(NAME_EMPTY)
    if len(clean) > MAX_NAME:
        raise ProfileError(NAME_TOO_LONG, count=MAX_NAME)
    return clean


def _check_info(data: object) -> tuple[str | None, str]:
    top = jsonfile.mapping(data, "the profile file")
    if top.get("version") != VERSION or type(top.get("version")) is not int:
        raise JsonValueError(f"the profile's version is {jsonfile.shown(top.get('version'))}")
    name = top.get("name")
    if name is not None:
        jsonfile.text(name, "the student's name", max_length=MAX_NAME, nonempty=True)
        if check_name(name) != name:
            raise JsonValueError(f"the student's name {name[:40]!r} is not a kept name")
    created = jsonfile.text(top.get("created", ""), "the profile's date", max_length=40)
    return name, created


class ProfileInfo(KeptFile):
    """A student's name and the date the profile was made (``profile.json``)."""

    noun = "student profile"
    max_bytes = 64 << 10

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.name, self.created = self._read(_check_info) or (None, "")

    def save(self) -> bool:
        return self._write({"version": VERSION, "name": self.name, "created": self.created})


def _check_current(data: object) -> str:
    top = jsonfile.mapping(data, "the current student file")
    if top.get("version") != VERSION or type(top.get("version")) is not int:
        raise JsonValueError("the current student file has an unknown version")
    return jsonfile.text(top.get("current"), "the current student", max_length=40)


class CurrentChoice(KeptFile):
    """Which student was working last (``current.json``)."""

    noun = "current student"
    max_bytes = 64 << 10

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.profile_id = self._read(_check_current)

    def choose(self, profile_id: str) -> None:
        if profile_id != self.profile_id:
            self.profile_id = profile_id
            self._write({"version": VERSION, "current": profile_id})


class Profile:
    """One student: a folder with the name, the progress and the attempts (read when used)."""

    def __init__(self, profile_id: str, folder: Path, progress_path: Path | None = None) -> None:
        self.id = profile_id
        self.folder = folder
        self._progress_path = progress_path or folder / "progress.json"

    @cached_property
    def info(self) -> ProfileInfo:
        return ProfileInfo(self.folder / "profile.json")

    @cached_property
    def progress(self) -> Progress:
        return Progress(self._progress_path)

    @cached_property
    def attempts(self) -> AttemptLog:
        return AttemptLog(self.folder / "attempts.json")

    @property
    def name(self) -> str | None:
        """The name given, or None (the default profile, or a name lost with its file)."""
        return self.info.name

    def display_name(self, translate: Translate = identity) -> str:
        if self.info.name:
            return self.info.name
        if self.id == DEFAULT_ID:
            return translate(DEFAULT_NAME)
        return translate(UNNAMED).format(number=self.id.rpartition("-")[2])

    def files(self) -> list[KeptFile]:
        """The kept files read so far (to tell the student about damaged or unsaved ones)."""
        return [v for k, v in vars(self).items() if k in ("info", "progress", "attempts")]


class Profiles:
    """The students of one data folder, and the one working now (``current``)."""

    def __init__(self, data_folder: Path, legacy_progress: Path | None = None) -> None:
        self.folder = Path(data_folder) / FOLDER
        self._choice = CurrentChoice(self.folder / "current.json")
        self._profiles: dict[str, Profile] = {}
        for path in self._folders():
            self._profiles[path.name] = Profile(path.name, path)
        if not self._profiles:
            self._make_default(legacy_progress)
        chosen = self._choice.profile_id
        self._current = chosen if chosen in self._profiles else self.students()[0].id

    def _folders(self) -> list[Path]:
        try:
            found = [p for p in self.folder.iterdir() if _ID.match(p.name) and p.is_dir()]
        except OSError:
            return []
        return sorted(found)[:MAX_PROFILES]

    def _make_default(self, legacy: Path | None) -> None:
        """The first profile; an older version's progress file becomes its progress.

        Nothing is written until there is something to keep (the progress file's folder is made
        with it), so a program that never opens a lesson leaves no files.
        """
        folder = self.folder / DEFAULT_ID
        progress_path = folder / "progress.json"
        if legacy is not None and legacy.exists():
            try:
                folder.mkdir(parents=True, exist_ok=True)
                os.replace(legacy, progress_path)
            except OSError:
                progress_path = legacy  # a folder that cannot be written: read it where it is
        self._profiles[DEFAULT_ID] = Profile(DEFAULT_ID, folder, progress_path)

    # -- queries ------------------------------------------------------------------------------
    def students(self) -> list[Profile]:
        """Every student, by name (the default profile first)."""
        return sorted(
            self._profiles.values(),
            key=lambda p: (p.name is not None, (p.name or "").casefold(), p.id),
        )

    def get(self, profile_id: str) -> Profile:
        """The student with this id; ``KeyError`` when there is none."""
        return self._profiles[profile_id]

    @property
    def current(self) -> Profile:
        return self._profiles[self._current]

    # -- changes ------------------------------------------------------------------------------
    def select(self, profile_id: str) -> Profile:
        """Make ``profile_id`` the student working now (remembered); ``KeyError`` if unknown."""
        profile = self._profiles[profile_id]
        self._current = profile_id
        self._choice.choose(profile_id)
        return profile

    def create(self, name: str) -> Profile:
        """A new student called ``name``; raises ``ProfileError`` (bad name, disk refused)."""
        name = self._free_name(name)
        if len(self._profiles) >= MAX_PROFILES:
            raise ProfileError(TOO_MANY, count=MAX_PROFILES)
        numbers = [int(i.rpartition("-")[2]) for i in self._profiles if i != DEFAULT_ID]
        number = max(numbers, default=1) + 1
        while (self.folder / f"student-{number}").exists():
            number += 1
        folder = self.folder / f"student-{number}"
        try:
            if DEFAULT_ID in self._profiles:  # kept in memory until now: from now on one of many
                self._profiles[DEFAULT_ID].folder.mkdir(parents=True, exist_ok=True)
            folder.mkdir(parents=True)
        except OSError as exc:
            raise ProfileError(NOT_SAVED, reason=exc.strerror or str(exc)) from None
        profile = Profile(folder.name, folder)
        profile.info.name, profile.info.created = name, now_text()
        if not profile.info.save():
            shutil.rmtree(folder, ignore_errors=True)
            raise ProfileError(NOT_SAVED, reason=profile.info.save_error)
        self._profiles[profile.id] = profile
        return profile

    def rename(self, profile_id: str, name: str) -> Profile:
        """Give a student another name; raises ``ProfileError`` and ``KeyError``."""
        profile = self._profiles[profile_id]
        name = self._free_name(name, profile)
        old = profile.info.name
        profile.info.name = name
        if not profile.info.save():
            profile.info.name = old
            raise ProfileError(NOT_SAVED, reason=profile.info.save_error)
        return profile

    def remove(self, profile_id: str) -> None:
        """Delete a student and every file of theirs; the last one stays (``ProfileError``)."""
        profile = self._profiles[profile_id]
        if len(self._profiles) == 1:
            raise ProfileError(LAST_ONE)
        try:
            shutil.rmtree(profile.folder)
        except FileNotFoundError:
            pass
        except OSError as exc:
            raise ProfileError(NOT_REMOVED, reason=exc.strerror or str(exc)) from None
        del self._profiles[profile_id]
        if self._current == profile_id:
            self.select(self.students()[0].id)

    def _free_name(self, name: str, renamed: Profile | None = None) -> str:
        clean = check_name(name)
        for other in self._profiles.values():
            if other is not renamed and (other.name or "").casefold() == clean.casefold():
                raise ProfileError(NAME_TAKEN, name=clean)
        return clean

    def problems(self) -> list[tuple[Profile | None, KeptFile]]:
        """The files read so far that were set aside or are not being saved, with their student
        (None: the file of the class, which student was working last)."""
        files: list[tuple[Profile | None, KeptFile]] = [(None, self._choice)]
        for profile in self.students():
            files += [(profile, f) for f in profile.files()]
        return [(p, f) for p, f in files if f.recovered or not f.saving]
