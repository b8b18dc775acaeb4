"""``python -m engine plays`` and ``show`` answer every bad line with an error and go on; ``show``
with an impossible ID says so and exits non-zero, never with a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOOD = b'{"position_id": "4HPwATDgc/ABMA", "dice": [3, 1]}'

BAD_LINES = [
    b"[" * 100_000,
    b'{"position_id": ' * 50_000,
    b"\xc3\x28",
    b"\x00" * 10,  # the JSON reader would take it for UTF-32
    b'{"position_id": "4HPwATDgc/ABMA", "dice": [NaN, 1]}',
    b'{"position_id": "4HPwATDgc/ABMA", "dice": [3, 1], "x": Infinity}',
    b'{"position_id": "4HPwATDgc/ABMA", "dice": [1e999, 1]}',
    b'{"position_id": "4HPwATDgc/ABMA", "dice": [' + b"9" * 5000 + b", 1]}",
    b'{"position_id": ["4HPwATDgc/ABMA"], "dice": [3, 1]}',
    b'{"position_id": "//////////////", "dice": [3, 1]}',
    # over a megabyte: an endless line filled the memory and took minutes
    b'{"position_id": "' + b"A" * 3_000_000 + b'", "dice": [3, 1]}',
]
# plays reads no Match ID; show reads no dice
ONLY = {
    "plays": [b'{"position_id": "4HPwATDgc/ABMA", "dice": [3, 7]}'],
    "show": [b'{"match_id": "////////////"}'],
}


def _run(args: list[str], stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        timeout=120,
    )


@pytest.mark.parametrize("command", ["plays", "show"])
def test_every_bad_line_gets_an_error_and_the_stream_goes_on(command):
    bad_lines = BAD_LINES + ONLY[command]
    stream = b"\n".join([GOOD, *(line for bad in bad_lines for line in (bad, GOOD))]) + b"\n"
    done = _run([command], stream)
    assert done.returncode == 0 and not done.stderr
    replies = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    assert len(replies) == 1 + 2 * len(bad_lines)
    good = replies[0]
    assert "error" not in good
    for index, bad in enumerate(bad_lines):
        error, after = replies[1 + 2 * index], replies[2 + 2 * index]
        assert set(error) == {"error"}, (bad[:50], error)
        assert len(error["error"]) < 300
        assert after == good


@pytest.mark.parametrize("command", ["plays", "show"])
def test_an_endless_line_is_answered_once_and_not_kept(command):
    done = _run([command], GOOD + b"\n" + b"x" * 5_000_000)  # no end of line at all
    replies = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    assert done.returncode == 0 and len(replies) == 2
    assert "error" not in replies[0] and "longer than" in replies[1]["error"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["show", "//////////////"], "'//////////////' is not a Position ID"),
        (["show", "4HPwATDgc/ABMA", "////////////"], "'////////////' is not a Match ID"),
        (["show", "--json", "x"], "'x' is not a Position ID"),
    ],
)
def test_show_with_an_impossible_id_names_it_and_fails(args, words):
    done = _run(args)
    assert done.returncode != 0
    assert words in done.stderr.decode()
    assert b"Traceback" not in done.stderr
