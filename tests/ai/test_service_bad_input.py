"""``python -m ai decide`` answers every line, whatever it holds: deep nesting, bytes that are not
UTF-8, ``NaN``, endless lines; each gets ``{"error": ...}`` and the stream goes on."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from engine.position import Position

ROOT = Path(__file__).resolve().parent.parent.parent
START = Position.start().position_id()
GOOD = json.dumps({"position_id": START, "dice": [3, 1]}).encode()

BAD_LINES = [
    b"[" * 100_000,
    b'{"position_id": ' * 50_000,
    b'{"position_id": "4HPwATDgc/ABMA", "dice": [3, 1], "x": "\xff\xfe"}',
    b"\xc3\x28",
    b'{"position_id": "4HPwATDgc/ABMA", "dice": [NaN, 1]}',
    b'{"position_id": "4HPwATDgc/ABMA", "dice": [Infinity, 1]}',
    b'{"position_id": "4HPwATDgc/ABMA", "dice": [1e999, 1]}',
    b'{"position_id": "4HPwATDgc/ABMA", "dice": [' + b"9" * 5000 + b", 1]}",
    b'{"position_id": ["4HPwATDgc/ABMA"], "dice": [3, 1]}',
    b'{"position_id": "4HPwATDgc/ABMA", "match_id": 5}',
    b'{"position_id": "4HPwATDgc/ABMA", "match_id": "cAkAAAAAAAAA", "crawford_rule": 1}',
    b"\x00" * 10,
    b'"' + b"a" * 2_000_000 + b'"',
]


def test_every_bad_line_gets_an_error_and_the_good_lines_around_them_are_answered():
    stream = b"\n".join([GOOD, *(line for bad in BAD_LINES for line in (bad, GOOD))]) + b"\n"
    done = subprocess.run(
        [sys.executable, "-m", "ai", "decide", "--level", "beginner"],
        input=stream,
        capture_output=True,
        cwd=ROOT,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
    assert b"Traceback" not in done.stderr
    replies = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    assert len(replies) == 1 + 2 * len(BAD_LINES)
    assert replies[0]["action"] == "move"
    for index, bad in enumerate(BAD_LINES):
        error, after = replies[1 + 2 * index], replies[2 + 2 * index]
        assert set(error) == {"error"} and error["error"], (bad[:40], error)
        assert len(error["error"]) < 400
        assert after["action"] == "move", (bad[:40], after)


def test_lines_arrive_as_bytes_and_an_endless_line_is_cut():
    from ai import request_lines as service

    long_line = b"[" + b"1," * service.MAX_LINE + b"1]\n"
    stream = io.BytesIO(long_line + GOOD + b"\n")
    lines = list(service.request_lines(stream))
    assert len(lines) == 2
    assert len(lines[0]) == service.MAX_LINE + 1 and lines[1] == GOOD + b"\n"
