"""The move list's lines: written and read back by one format (``app.move_log``)."""

import pytest

from app.move_log import LogLine


@pytest.mark.parametrize(
    ("line", "read"),
    [
        ("opening 3-1", LogLine("opening", dice=(3, 1))),
        ("0 31: 8/5 6/5", LogLine("play", 0, (3, 1), "8/5 6/5")),
        ("1 66: no legal move", LogLine("play", 1, (6, 6), "")),
        ("1 --: double 2", LogLine("double", 1, value=2)),
        ("0 --: take 4", LogLine("take", 0, value=4)),
        ("0 --: drop 8", LogLine("drop", 0, value=8)),
        ("1 --: resigns 2", LogLine("resigns", 1, value=2)),
    ],
)
def test_a_line_reads_back_as_written(line, read):
    assert LogLine.parse(line) == read
    assert str(read) == line


def test_the_writers_give_the_lines_the_session_has_always_saved():
    assert str(LogLine.opening(2, 5)) == "opening 2-5"
    assert str(LogLine.played(0, (1, 3), "24/23 13/10")) == "0 31: 24/23 13/10"
    assert str(LogLine.played(1, (4, 4), "")) == "1 44: no legal move"
    assert str(LogLine.cube(1, "double", 2)) == "1 --: double 2"
    assert str(LogLine.resigned(0, 3)) == "0 --: resigns 3"
    assert LogLine.cube(0, "take", 2).is_cube and not LogLine.resigned(0, 1).is_cube
    with pytest.raises(ValueError):
        LogLine.cube(0, "beaver", 4)


@pytest.mark.parametrize(
    "line",
    [
        "",
        "opening",
        "opening 3",
        "opening a-b",
        "2 31: 8/5",
        "0 31 8/5",
        "0 3: 8/5",
        "0 31: ",
        "0 --: double",
        "0 --: beaver 4",
        "x --: take 2",
        "hello world",
    ],
)
def test_a_line_the_session_does_not_write_is_not_read(line):
    assert LogLine.parse(line) is None
