"""The request lines of the JSON-lines services (``python -m ai decide`` and ``rollout``): read
as bytes from standard input as soon as each arrives, each at most ``MAX_LINE`` bytes, and
decoded to a JSON value or refused with ``BadRequest`` saying why."""

from __future__ import annotations

from collections.abc import Iterator
from typing import BinaryIO

from engine import jsonfile
from engine.jsonfile import JsonValueError


class BadRequest(ValueError):
    """A request the service cannot answer; its text goes back as ``{"error": ...}``."""


MAX_LINE = 1 << 20  # bytes of one request; a real one is under 200


def request_lines(stream: BinaryIO) -> Iterator[bytes]:
    """The lines of ``stream`` as bytes, each as soon as it has arrived.

    A line longer than ``MAX_LINE`` is cut there and the rest of it skipped (its cut start is
    answered with an error), so one endless line cannot fill the memory.
    """
    while True:
        line = stream.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE and not line.endswith(b"\n"):
            while True:  # skip the rest of the over-long line
                rest = stream.readline(MAX_LINE)
                if not rest or rest.endswith(b"\n"):
                    break
        yield line


def decode_request(line: bytes | str) -> object:
    """The JSON value of one request line; raises ``BadRequest`` saying what is wrong."""
    if isinstance(line, bytes):
        if len(line) > MAX_LINE:
            raise BadRequest(f"The request is longer than {MAX_LINE} bytes.")
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BadRequest(f"The request is not UTF-8 text (byte {exc.start + 1}).") from None
    try:
        return jsonfile.parse_json(line)
    except JsonValueError as exc:
        raise BadRequest(f"Bad request: {exc}.") from None
