"""Fuzzing the Jellyfish ``.mat`` reader with Hypothesis: whatever the text, ``loads_mat`` returns a
match or raises ``MatFormatError`` (naming a line), never another error.

The texts are real files GNU Backgammon wrote, damaged the ways files get damaged (characters
dropped, added or replaced, lines swapped, dropped or doubled, numbers made huge, the file cut
short), and text from nothing. A file that still reads is a consistent match: its export reads
back to the same history. Bounded to a few hundred examples for the suite; ``FUZZ_EXAMPLES=N``
in the environment runs more.
"""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import MatFormatError
from engine.mat import export_mat, loads_mat

DATA = Path(__file__).resolve().parents[1] / "data"
FILES = [p.read_text(encoding="utf-8") for p in sorted(DATA.glob("*.mat"))]
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "150"))
BOUNDED = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

PIECES = st.sampled_from(
    [
        " ", "\n", ":", ")", "/", "*", "0", "7", "25", "bar", "off", "Doubles => 2", "Takes",
        "Drops", "Wins 1 point", "Wins 99 points and the match", " point match", "Game 2",
        "(Crawford)", "\t", "\ufeff", "\x00", "9" * 40, "9" * 5000, "-1", "½", "\u2028", "\r",
    ]
)  # fmt: skip


@st.composite
def damaged(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(FILES))
    for _ in range(draw(st.integers(1, 4))):
        how = draw(st.sampled_from(["drop", "add", "replace", "lines", "cut", "number"]))
        if how == "lines":
            lines = text.splitlines() or [""]
            i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            action = draw(st.sampled_from(["swap", "drop", "double"]))
            if action == "swap":
                lines[i], lines[j] = lines[j], lines[i]
            elif action == "drop":
                del lines[i]
            else:
                lines.insert(j, lines[i])
            text = "\n".join(lines)
            continue
        at = draw(st.integers(0, len(text)))
        if how == "drop":
            text = text[:at] + text[at + draw(st.integers(1, 20)) :]
        elif how == "add":
            text = text[:at] + draw(PIECES | st.text(max_size=6)) + text[at:]
        elif how == "replace":
            text = text[:at] + draw(PIECES) + text[at + 1 :]
        elif how == "cut":
            text = text[:at]
        else:  # a number of the file made huge, negative or odd
            digits = [i for i, c in enumerate(text) if c.isdigit()]
            if digits:
                i = draw(st.sampled_from(digits))
                text = text[:i] + draw(st.sampled_from(["9" * 5000, "99999", "0", "-3"])) + text[i:]
    return text


def _reads_or_names_a_line(text: str) -> None:
    try:
        match = loads_mat(text)
    except MatFormatError as exc:
        assert isinstance(exc.line, int) and 0 <= exc.line <= max(1, len(text.splitlines()))
        return
    assert loads_mat(export_mat(match)).history == match.history


@BOUNDED
@given(damaged())
def test_a_damaged_file_reads_or_raises_mat_format_error(text):
    _reads_or_names_a_line(text)


@BOUNDED
@given(st.text(max_size=300) | st.lists(PIECES, max_size=40).map("".join))
def test_any_text_reads_or_raises_mat_format_error(text):
    _reads_or_names_a_line(text)


@BOUNDED
@given(
    st.integers(0, 10**6).map(str) | st.just("9" * 5000),
    st.integers(0, 10**6).map(str) | st.just("9" * 5000),
    st.integers(0, 10**6).map(str) | st.just("9" * 5000),
)
def test_any_numbers_in_the_heading_lines(length, score0, score1):
    text = f" {length} point match\n\n Game 1\n A : {score0}      B : {score1}\n  1) 31: 8/5 6/5\n"
    _reads_or_names_a_line(text)


def test_the_real_files_read():
    assert FILES and all(loads_mat(text).games for text in FILES)
