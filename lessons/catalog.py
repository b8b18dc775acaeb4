"""The lesson texts as a gettext template (``.pot``), for the translation catalogs."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from lessons.model import all_messages, load_lessons


def template(directory: Path | None = None) -> Catalog:
    """A catalog of every lesson text (msgid) with the lesson file and step it comes from."""
    catalog = Catalog(project="backgammon lessons", fuzzy=False)
    for text, where in all_messages(load_lessons(directory)):
        catalog.add(text, locations=[(where, 0)])
    return catalog


def write_template(output: Path, directory: Path | None = None) -> int:
    """Write the template to ``output`` ('-' is stdout); returns the number of messages."""
    catalog = template(directory)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, include_lineno=False)
    data = buffer.getvalue()
    if str(output) == "-":
        sys.stdout.write(data.decode("utf-8"))
    else:
        output.write_bytes(data)
    return len(catalog)


def extract_lesson_file(  # noqa: ARG001 (babel's API)
    fileobj: IO[Any], keywords: object, comment_tags: object, options: object
) -> Iterator[tuple[int, None, str, list[str]]]:
    """A babel extraction method for lesson files: ``[lessons.catalog:extract_lesson_file: ...]``.

    Yields ``(lineno, None, text, comments)`` for every text of the file (the same texts as
    ``Lesson.messages()``), with the step id as a comment for the translators.
    """
    import json

    from engine.jsonfile import JsonValueError, parse_json
    from lessons.exercises import LessonDataError

    raw: str | bytes = fileobj.read()
    try:
        data = parse_json(raw)
    except JsonValueError as exc:
        raise LessonDataError(f"lesson file is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise LessonDataError("a lesson file holds one JSON object")
    source = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    lines = source.splitlines()

    def items(value: object) -> list[Any]:
        # the extractor only gathers texts: a part of the wrong type has none to give
        return value if isinstance(value, list) else []

    def fields(value: object) -> dict[str, Any]:
        return value if isinstance(value, dict) else {}

    def line_of(text: str) -> int:
        quoted = json.dumps(text, ensure_ascii=False)
        for number, line in enumerate(lines, 1):
            if quoted in line:
                return number
        return 1

    def emit(text: object, comment: str) -> Iterator[tuple[int, None, str, list[str]]]:
        if isinstance(text, str) and text and not text.isdigit():
            yield line_of(text), None, text, [comment]

    yield from emit(data.get("title"), "lesson title")
    yield from emit(data.get("summary"), "lesson summary")
    teacher = fields(data.get("teacher"))
    for aim in items(teacher.get("aims")):
        yield from emit(aim, "teacher notes: an aim of the lesson")
    for mistake in items(teacher.get("mistakes")):
        yield from emit(mistake, "teacher notes: a mistake students often make in the lesson")
    for step in map(fields, items(data.get("steps"))):
        step_id = step.get("id", "?")
        yield from emit(step.get("title"), f"step {step_id}: title")
        for paragraph in items(step.get("text")):
            yield from emit(paragraph, f"step {step_id}: text")
        for mark in map(fields, items(step.get("marks"))):
            yield from emit(mark.get("text"), f"step {step_id}: label on the board, keep it short")
        exercise = fields(step.get("exercise"))
        for key in ("prompt", "paper", "explain", "rule", "reason", "wrong"):
            note = f"step {step_id}: exercise {key}"
            if key == "paper":
                note += " (the prompt on a printed worksheet)"
            if key == "rule":
                note += " (the first hint)"
            if key == "reason":
                note += " (why the best play is best, shown after the answer)"
            if key == "wrong":
                note += "; {play} is a move in notation such as 8/5 6/5"
            yield from emit(exercise.get(key), note)
