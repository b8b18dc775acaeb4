"""GNU Backgammon Match IDs: every case of the project's data decodes and encodes back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.errors import InvalidMatchIdError
from engine.matchid import MatchIdFields

DATA = Path(__file__).resolve().parents[1] / "data" / "gnubg-match-ids.jsonl"
CASES = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]


def test_data_is_all_there():
    assert len(CASES) == 400


def test_every_match_id_decodes_to_gnubgs_fields_and_back():
    for case in CASES:
        fields = MatchIdFields.decode(case["match_id"])
        got = fields.as_dict()
        assert got.pop("resigned") == 0
        assert got == case, case["match_id"]
        assert fields.encode() == case["match_id"]


def test_the_manuals_example():
    fields = MatchIdFields.decode("QYkqASAAIAAA")
    assert fields.match_length == 9 and fields.score == (2, 4)
    assert fields.cube == 2 and fields.cube_owner == 0
    assert fields.player_on_roll == 1 and fields.dice == (5, 2)
    assert fields.encode() == "QYkqASAAIAAA"


def test_fields_round_trip():
    fields = MatchIdFields(
        match_length=25,
        score=(24, 3),
        cube=64,
        cube_owner=1,
        player_on_roll=1,
        turn=0,
        doubled=True,
        game_state=1,
    )
    assert MatchIdFields.decode(fields.encode()) == fields
    resigned = MatchIdFields(resigned=3, turn=1, player_on_roll=0, game_state=1)
    assert MatchIdFields.decode(resigned.encode()) == resigned


@pytest.mark.parametrize(
    "text",
    [
        "",
        "QYkqASAAIAA",  # 11 characters
        "QYkqASAAIAAAA",
        "QYkq?SAAIAAA",
        "////////////",  # stray bits and impossible fields
        None,
        12,
    ],
)
def test_invalid_match_ids_raise_a_clear_error(text):
    with pytest.raises(InvalidMatchIdError, match="Match ID"):
        MatchIdFields.decode(text)


def test_invalid_fields_are_refused():
    key = int.from_bytes(__import__("base64").b64decode("QYkqASAAIAAA"), "little")
    for bad_key in (
        key | (0b10 << 4) & ~(0b01 << 4),  # cube owner code 10
        (key & ~(0b111 << 8)) | (0b101 << 8),  # game state 5
        key | (0b111 << 15),  # a die shows 7
    ):
        text = __import__("base64").b64encode(bad_key.to_bytes(9, "little")).decode()
        with pytest.raises(InvalidMatchIdError):
            MatchIdFields.decode(text)
    with pytest.raises(InvalidMatchIdError):
        MatchIdFields(cube=3)
    with pytest.raises(InvalidMatchIdError):
        MatchIdFields(dice=(3, 0))
    with pytest.raises(InvalidMatchIdError):
        MatchIdFields(doubled=True, turn=0, player_on_roll=0)
