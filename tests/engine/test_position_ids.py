"""GNU Backgammon Position IDs: the project's gnubg reference set, and invalid IDs."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from engine import EngineError, InvalidPositionError, InvalidPositionIdError, Position
from engine.position import START_SIDE

DATA = Path(__file__).resolve().parent.parent / "data" / "gnubg-position-ids.jsonl"
REFERENCE = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line]


def _id_of_bits(on_roll, opponent, extra_bits: int = 0) -> str:
    """Encode two sides the way gnubg does, without any check (to build broken IDs)."""
    key = 0
    shift = 0
    for side in (opponent, on_roll):
        for n in side:
            key |= ((1 << n) - 1) << shift
            shift += n + 1
    key |= extra_bits
    return base64.b64encode(key.to_bytes(10, "little")).decode("ascii")[:14]


def test_reference_set_is_complete():
    assert len(REFERENCE) == 2000
    assert len({row["position_id"] for row in REFERENCE}) == len(REFERENCE)


def test_every_reference_id_decodes_to_gnubgs_boards():
    wrong = []
    for row in REFERENCE:
        position = Position.from_position_id(row["position_id"])
        if list(position.on_roll) != row["on_roll"] or list(position.opponent) != row["opponent"]:
            wrong.append(row["position_id"])
    assert wrong == []


def test_every_reference_board_encodes_to_gnubgs_id():
    wrong = []
    for row in REFERENCE:
        position = Position(row["on_roll"], row["opponent"])
        if position.position_id() != row["position_id"]:
            wrong.append((row["position_id"], position.position_id()))
    assert wrong == []


def test_swapped_reference_positions_round_trip():
    for row in REFERENCE[:200]:
        position = Position.from_position_id(row["position_id"])
        other = Position.from_position_id(position.swapped().position_id())
        assert other == position.swapped()
        assert other.swapped() == position


def test_start_position_id():
    assert Position.start().position_id() == "4HPwATDgc/ABMA"
    assert Position.from_position_id("4HPwATDgc/ABMA") == Position.start()


def test_surrounding_blanks_are_accepted():
    assert Position.from_position_id("  4HPwATDgc/ABMA\n") == Position.start()


def test_error_is_a_value_error():
    assert issubclass(InvalidPositionIdError, ValueError)
    assert issubclass(InvalidPositionIdError, InvalidPositionError)


@pytest.mark.parametrize(
    "text",
    ["", "4HPwATDgc/ABM", "4HPwATDgc/ABMAA", "4HPwATDgc/ABMA4HPwATDgc/ABMA", "A"],
    ids=["empty", "13-chars", "15-chars", "28-chars", "1-char"],
)
def test_wrong_length_is_refused(text):
    with pytest.raises(InvalidPositionIdError, match="14 characters"):
        Position.from_position_id(text)


@pytest.mark.parametrize(
    "text",
    [
        "4HPwATDgc/AB!A",
        "4HPwATDgc-ABMA",
        "4HPw ATDgc/ABM",
        "4HPwATDgc/ABM=",
        "4HPwATDgc_ABMA",
        "4HPwATDgc/ABMé",
    ],
    ids=["bang", "dash", "inner-space", "padding", "underscore", "accent"],
)
def test_bad_characters_are_refused(text):
    with pytest.raises(InvalidPositionIdError, match="not a Position ID"):
        Position.from_position_id(text)


@pytest.mark.parametrize("value", [None, 12345, b"4HPwATDgc/ABMA"], ids=["none", "int", "bytes"])
def test_non_text_is_refused(value):
    with pytest.raises(InvalidPositionIdError):
        Position.from_position_id(value)


def test_too_many_checkers_on_one_side_is_refused():
    sixteen = [0] * 25
    sixteen[5] = 16  # 16 checkers on the 6-point (fits in the 80 bits with a small opponent)
    opponent = [0] * 25
    opponent[5] = 2
    text = _id_of_bits(sixteen, opponent)
    with pytest.raises(InvalidPositionIdError, match="more than 15"):
        Position.from_position_id(text)


def test_all_bits_set_is_refused():
    with pytest.raises(InvalidPositionIdError, match="too many checkers"):
        Position.from_position_id("//////////////")


def test_both_sides_on_one_point_is_refused():
    mine = [0] * 25
    theirs = [0] * 25
    mine[0] = 2  # my 1-point ...
    theirs[23] = 2  # ... is their 24-point
    text = _id_of_bits(mine, theirs)
    with pytest.raises(InvalidPositionIdError, match="Both sides"):
        Position.from_position_id(text)


def test_stray_bits_after_the_board_are_refused():
    mine = [0] * 25
    theirs = [0] * 25
    mine[0] = 1
    theirs[0] = 1
    # 2 checkers and 50 separators use 52 bits; bit 70 is past the board.
    text = _id_of_bits(mine, theirs, extra_bits=1 << 70)
    assert Position.from_position_id(_id_of_bits(mine, theirs)).on_roll == tuple(mine)
    with pytest.raises(InvalidPositionIdError, match="stray bits"):
        Position.from_position_id(text)


def test_message_names_the_bad_id():
    with pytest.raises(InvalidPositionIdError) as info:
        Position.from_position_id("not-an-id!")
    assert "not-an-id!" in str(info.value)


@pytest.mark.parametrize(
    ("on_roll", "opponent", "words"),
    [
        ([0] * 24, START_SIDE, "25 counts"),
        ([16] + [0] * 24, START_SIDE, "more than 15"),
        ([-1] + [0] * 24, START_SIDE, "negative"),
        ([1] + [0] * 24, [0] * 23 + [1, 0], "Both sides"),
    ],
    ids=["short-side", "sixteen", "negative", "shared-point"],
)
def test_impossible_positions_are_refused(on_roll, opponent, words):
    with pytest.raises(InvalidPositionError, match=words):
        Position(on_roll, opponent)


@pytest.mark.parametrize("point", [-1, -24, 26, 100])
def test_a_point_off_the_board_is_refused_not_read_from_the_wrong_end(point):
    position = Position.start()
    assert (position.checker_at(6), position.checker_at(19), position.checker_at(0)) == (5, -5, 0)
    with pytest.raises(EngineError, match=f"no point {point}"):
        position.checker_at(point)
