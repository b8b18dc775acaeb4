"""Lessons as data: reading the lesson files of ``lessons/data`` into values.

A lesson file is JSON: ``{"id", "title", "summary", "steps": [...]}``; each step has an ``id``, a
``title``, ``text`` (a list of paragraphs), the board as a GNU Backgammon Position ID
(``position``, with the readable ``board`` text it was made from), optionally a Match ID
(``match``), the dice shown (``dice``), marks on the board (``marks``), an ``exercise`` and the
seed examples it shows (``seeds``). Every text is one English msgid. See ``lessons/README.md``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from engine import EngineError, Position, jsonfile
from engine.ids import exchanged_seats
from engine.jsonfile import JsonValueError
from engine.matchid import MatchIdFields
from lessons.exercises import Exercise, LessonDataError, dice_pair, make_exercise
from lessons.match import MatchInfo


@dataclass(frozen=True)
class Mark:
    """A mark on the board: a ring on a point, an arrow from a point to a point, or a label.

    Points are in the student's numbering (25 the bar, 0 off).
    """

    kind: str  # "ring", "arrow" or "label"
    point: int
    to: int | None = None  # arrows only
    text: str = ""  # labels only (a msgid unless it is a number)

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "point": self.point, "to": self.to, "text": self.text}


@dataclass
class Step:
    """One screen of a lesson."""

    id: str
    title: str
    text: tuple[str, ...]
    position: Position
    position_id: str
    board: str | None
    match: MatchInfo | None
    dice: tuple[int, int] | None
    marks: tuple[Mark, ...]
    exercise: Exercise | None
    seeds: tuple[str, ...]
    # Who is on roll in the story of the step: "you", or "opponent" when the opponent is about
    # to act (doubling you). ``position`` is always the student's view; ``position_id`` is the
    # GNU Backgammon ID with the player on roll first, so pasted into another program it shows
    # the same decision.
    turn: str = "you"
    # The numbers the step's texts state, each with how the engine computes it
    # (``lessons.claims``): {"value": 48, "of": "pips_on", "point": 24}.
    claims: tuple[dict[str, Any], ...] = ()
    # Plays the texts name as the best of a roll (a table of the opening rolls): for each roll,
    # the plays the evaluator grades best or good, the best among them; checked by the check.
    best_plays: tuple[tuple[tuple[int, int], tuple[str, ...]], ...] = ()

    def messages(self) -> list[str]:
        out = [self.title, *self.text]
        out += [m.text for m in self.marks if m.text and not m.text.isdigit()]
        if self.exercise is not None:
            out += self.exercise.messages()
        return out


@dataclass(frozen=True)
class ShownMatch:
    """What a step's board says of the match: the match line (a score, or a money game's), the
    cube drawn (its value and owner: "centre", "you" or "opponent") and the Crawford game said.
    The lesson window and the printed worksheet show the same. An owner "offered" is a double
    on offer to you: ``cube_value`` is what it doubles to."""

    line: bool
    cube: bool
    cube_value: int
    cube_owner: str
    crawford: bool


def shown_match(step: Step, solved: bool = False) -> ShownMatch:
    """What ``step``'s board says of the match (``solved``: its question answered).

    No cube in the Crawford game (its rule: no doubling), as in the game's window; a question
    whether this is the Crawford game shows neither the cube nor the words until it is answered
    (the cube, or its absence, answers it; a worksheet gave the answer away so). A take
    decision without a Match ID shows the opponent's double on offer (the cube offered at 2: it
    was drawn and said as "cube 2, in the middle", a state no game has: found by a teacher); a
    question of the cube's game without one (what a won game is worth, a race's
    double) the cube in the middle, at 1.
    """
    match, ex = step.match, step.exercise
    asked = ex is not None and ex.kind == "crawford" and not solved
    if match is not None:
        crawford = match.crawford and not asked
        drawn = not match.crawford and not asked
        return ShownMatch(True, drawn, match.cube, match.cube_owner, crawford)
    offered = ex is not None and (ex.kind == "take" or getattr(ex, "decision", "") == "take")
    centred = ex is not None and ex.kind in ("game_points", "race_cube")
    if offered:
        return ShownMatch(True, True, 2, "offered", False)
    return ShownMatch(centred, centred, 1, "centre", False)


def paper_match_id(step: Step) -> str | None:
    """The Match ID that sets ``step`` up in another program beside its Position ID: the step's
    own, or, for a take question of a money game, one with the opponent's double on offer (the
    Position ID alone set up the doubler to roll: found by a teacher), or for a money game whose
    board shows the cube, one with the cube in play; ``None`` when the Position ID says all."""
    # The student sits as player 1, GNU Backgammon's user's seat, in which this program too
    # sets up the person at the board (``engine.ids.exchanged_seats``): a pasted ID puts the
    # student on roll, or to answer the double on offer (the doubler on roll, the Position ID's
    # first side, as player 0).
    if step.match is not None:
        fields = step.match.fields
        student = fields.player_on_roll if step.turn == "you" else 1 - fields.player_on_roll
        return step.match.match_id if student == 1 else exchanged_seats(step.match.match_id)
    shown = shown_match(step)
    if shown.cube_owner == "offered":
        return MatchIdFields(player_on_roll=0, turn=1, doubled=True).encode()
    if not shown.cube or step.position.is_game_over():  # (a finished game sets nothing up)
        return None
    # a money game with the cube in the middle, as the board shows it: a Position ID alone set
    # up a game without the cube for a student whose new games are played without it, and the
    # race's doubling question could not be tried (a teacher)
    student = 1 if step.turn == "you" else 0
    return MatchIdFields(player_on_roll=student, turn=student).encode()


@dataclass(frozen=True)
class TeacherNotes:
    """What a teacher reads before giving a lesson: its aims, the mistakes students commonly
    make in it, and about how many minutes it takes (every text a msgid)."""

    aims: tuple[str, ...]
    mistakes: tuple[str, ...]
    minutes: int

    def messages(self) -> list[str]:
        return [*self.aims, *self.mistakes]


@dataclass
class Lesson:
    """A numbered lesson: its steps in order, and its notes for the teacher."""

    id: str
    number: int
    title: str
    summary: str
    steps: list[Step] = field(default_factory=list)
    source: str = ""
    teacher: TeacherNotes | None = None

    def messages(self) -> list[str]:
        out = [self.title, self.summary]
        if self.teacher is not None:
            out += self.teacher.messages()
        for step in self.steps:
            out += step.messages()
        return out

    def step_index(self, step_id: str) -> int:
        for i, step in enumerate(self.steps):
            if step.id == step_id:
                return i
        raise KeyError(step_id)


def data_directory() -> Path:
    """The folder of the lesson files shipped with the program."""
    return Path(str(resources.files("lessons") / "data"))


def load_lessons(directory: Path | None = None) -> list[Lesson]:
    """Read every ``NN-name.json`` lesson file in order; raises ``LessonDataError`` on bad data.

    The error message names the file and the step.
    """
    directory = directory or data_directory()
    files = sorted(directory.glob("[0-9][0-9]-*.json"))
    if not files:
        raise LessonDataError(f"no lesson files (NN-name.json) in {directory}")
    lessons = [load_lesson(path, number) for number, path in enumerate(files, 1)]
    ids = [lesson.id for lesson in lessons]
    if len(set(ids)) != len(ids):
        raise LessonDataError(f"two lessons share an id: {ids}")
    return lessons


MAX_LESSON_BYTES = 1 << 20  # a lesson file is a few kilobytes
MAX_TEXT = 5_000  # characters of one paragraph, title or prompt


def load_lesson(path: Path, number: int) -> Lesson:
    """Read one lesson file; raises ``LessonDataError`` naming the file and step.

    Every value is checked by type and range here (and the exercise's in
    ``lessons.exercises.make_exercise``) before the engine reads the positions.
    """
    try:
        data = jsonfile.read_json_file(path, max_bytes=MAX_LESSON_BYTES)
    except (OSError, JsonValueError) as exc:
        raise LessonDataError(f"{path.name}: cannot read: {exc}") from None
    if not isinstance(data, dict):
        raise LessonDataError(f"{path.name}: a lesson file holds one JSON object")
    try:
        lesson = Lesson(
            id=_text(data, "id"),
            number=number,
            title=_text(data, "title"),
            summary=_text(data, "summary"),
            source=path.name,
            teacher=_teacher(data["teacher"]) if data.get("teacher") is not None else None,
        )
        steps = data.get("steps")
        if not isinstance(steps, list) or not steps:
            raise LessonDataError("'steps' must be a non-empty list")
    except (LessonDataError, JsonValueError) as exc:
        raise LessonDataError(f"{path.name}: {exc}") from None
    seen: set[str] = set()
    for index, raw in enumerate(steps, 1):
        where = f"{path.name}, step {index}"
        try:
            if not isinstance(raw, dict):
                raise LessonDataError("a step is a JSON object")
            step_id = raw.get("id")
            where += f" ({step_id[:40] if isinstance(step_id, str) else jsonfile.shown(step_id)})"
            step = _step(raw)
        except (LessonDataError, JsonValueError, EngineError) as exc:
            raise LessonDataError(f"{where}: {exc}") from None
        if step.id in seen:
            raise LessonDataError(f"{where}: step id {step.id!r} is used twice")
        seen.add(step.id)
        lesson.steps.append(step)
    return lesson


def _step(raw: dict[str, Any]) -> Step:
    text = raw.get("text")
    if not isinstance(text, list) or not text or not all(isinstance(t, str) and t for t in text):
        raise LessonDataError("'text' must be a non-empty list of paragraphs")
    for paragraph in text:
        jsonfile.text(paragraph, "a paragraph of 'text'", max_length=MAX_TEXT)
    position_id = jsonfile.text(raw.get("position"), "'position'", max_length=20)
    turn = raw.get("turn", "you")
    if turn not in ("you", "opponent"):
        raise LessonDataError(f"'turn' is 'you' or 'opponent', not {jsonfile.shown(turn)}")
    position = Position.from_position_id(position_id)
    if turn == "opponent":
        position = position.swapped()  # the student's view of the opponent's turn
    board = raw.get("board")
    if board is not None and not isinstance(board, str):
        raise LessonDataError("'board' must be position text")
    match = None
    if raw.get("match") is not None:
        match = MatchInfo.from_match_id(jsonfile.text(raw["match"], "'match'", max_length=20))
    dice = None
    if raw.get("dice") is not None:
        dice = dice_pair(raw["dice"], "'dice'")
    marks = tuple(_mark(m) for m in jsonfile.array(raw.get("marks", []), "'marks'", max_length=50))
    exercise = None
    if raw.get("exercise") is not None:
        if not isinstance(raw["exercise"], dict):
            raise LessonDataError("'exercise' must be a JSON object")
        exercise = make_exercise(raw["exercise"], position, match)
    claims = raw.get("claims", [])
    if not isinstance(claims, list) or not all(
        isinstance(c, dict) and isinstance(c.get("value"), int) and isinstance(c.get("of"), str)
        for c in claims
    ):
        raise LessonDataError('\'claims\' is a list of {"value": number, "of": kind, ...}')
    best_plays = tuple(_best_plays(raw.get("best_plays", [])))
    seeds = raw.get("seeds", [])
    if not isinstance(seeds, list) or not all(isinstance(s, str) for s in seeds):
        raise LessonDataError("'seeds' must be a list of tags")
    return Step(
        id=_text(raw, "id"),
        title=_text(raw, "title"),
        text=tuple(text),
        position=position,
        position_id=position_id,
        board=board,
        match=match,
        dice=dice,
        marks=marks,
        exercise=exercise,
        seeds=tuple(seeds),
        turn=turn,
        claims=tuple(claims),
        best_plays=best_plays,
    )


MAX_NOTES = 8  # aims or common mistakes of one lesson
MAX_MINUTES = 240


def _teacher(raw: Any) -> TeacherNotes:
    """The lesson's ``teacher`` object: ``{"aims": [...], "mistakes": [...], "minutes": 20}``."""
    if not isinstance(raw, dict):
        raise LessonDataError(f"'teacher' must be a JSON object, not {jsonfile.shown(raw)}")
    unknown = set(raw) - {"aims", "mistakes", "minutes"}
    if unknown:
        raise LessonDataError(f"'teacher' has unknown fields: {sorted(unknown)}")
    lists = {}
    for key in ("aims", "mistakes"):
        items = jsonfile.array(raw.get(key), f"'teacher' {key!r}", max_length=MAX_NOTES)
        if not items:
            raise LessonDataError(f"'teacher' {key!r} must list at least one text")
        for item in items:
            jsonfile.text(item, f"a text of 'teacher' {key!r}", max_length=MAX_TEXT, nonempty=True)
        lists[key] = tuple(items)
    minutes = jsonfile.integer(raw.get("minutes"), "'teacher' 'minutes'", 1, MAX_MINUTES)
    return TeacherNotes(lists["aims"], lists["mistakes"], minutes)


def _best_plays(raw: Any) -> Iterator[tuple[tuple[int, int], tuple[str, ...]]]:
    for entry in jsonfile.array(raw, "'best_plays'", max_length=30):
        if not isinstance(entry, dict) or set(entry) != {"dice", "plays"}:
            raise LessonDataError('an entry of \'best_plays\' is {"dice": [a, b], "plays": [...]}')
        plays = entry["plays"]
        if not isinstance(plays, list) or not plays or not all(isinstance(p, str) for p in plays):
            raise LessonDataError("the 'plays' of a best play are a list of plays in notation")
        yield dice_pair(entry["dice"], "the dice of a best play"), tuple(plays)


def _mark(raw: Any) -> Mark:
    if not isinstance(raw, dict):
        raise LessonDataError(f"a mark is a JSON object, not {jsonfile.shown(raw)}")
    if "ring" in raw:
        return Mark("ring", _point(raw["ring"]))
    if "arrow" in raw:
        pair = raw["arrow"]
        if not isinstance(pair, list) or len(pair) != 2:
            raise LessonDataError(f"an arrow is [from, to], not {jsonfile.shown(pair)}")
        return Mark("arrow", _point(pair[0]), to=_point(pair[1]))
    if "label" in raw:
        text = raw.get("text")
        if not isinstance(text, str) or not text:
            raise LessonDataError("a label needs a 'text'")
        jsonfile.text(text, "a label's 'text'", max_length=MAX_TEXT)
        return Mark("label", _point(raw["label"]), text=text)
    raise LessonDataError(f"a mark is a ring, an arrow or a label, not {jsonfile.shown(raw)}")


def _point(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 25:
        raise LessonDataError(
            f"a point is 0 (off), 1-24 or 25 (the bar), not {jsonfile.shown(value)}"
        )
    return value


def _text(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise LessonDataError(f"{key!r} must be a non-empty text")
    jsonfile.text(value, repr(key), max_length=MAX_TEXT)
    return value


def all_messages(lessons: list[Lesson]) -> Iterator[tuple[str, str]]:
    """Every text to translate, with where it comes from: (msgid, "file: step")."""
    from lessons import drills, worksheet  # noqa: F401  (texts marked there too)
    from lessons.i18n import CODE_MESSAGES

    seen: set[str] = set()
    for lesson in lessons:
        for step in [None, *lesson.steps]:
            notes = lesson.teacher.messages() if lesson.teacher is not None else []
            texts = [lesson.title, lesson.summary, *notes] if step is None else step.messages()
            where = lesson.source if step is None else f"{lesson.source}: {step.id}"
            for text in texts:
                if text not in seen:
                    seen.add(text)
                    yield text, where
    for text in CODE_MESSAGES:
        if text not in seen:
            seen.add(text)
            yield text, "lessons"
