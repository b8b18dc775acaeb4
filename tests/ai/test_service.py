"""The decision service ``python -m ai decide`` through a real subprocess, bad requests included."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.matchid import MatchIdFields
from engine.moves import legal_plays
from engine.position import Position
from engine.turn import parse_play

ROOT = Path(__file__).resolve().parent.parent.parent
START = Position.start().position_id()
# the player on roll wins 98% of these bear-offs (exact database): a clear pass
HOPELESS = "x 3:5 2:5 1:5; o 19:5 20:5 21:5"
BLOCKED = Position.from_text("x bar:1 13:14; o 19:2 20:2 21:2 22:2 23:2 24:2 12:3")


def run_service(level: str, requests: list[str]) -> list[dict]:
    proc = subprocess.run(
        [sys.executable, "-m", "ai", "decide", "--level", level],
        input="\n".join(requests) + "\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=240,
        check=True,
    )
    return [json.loads(line) for line in proc.stdout.splitlines()]


def match_id(**fields) -> str:
    return MatchIdFields(**fields).encode()


@pytest.fixture(scope="module")
def answers() -> list[dict]:
    requests = [
        json.dumps({"position_id": START, "dice": [3, 1]}),
        "this is not json",
        json.dumps({"position_id": BLOCKED.position_id(), "dice": [6, 6]}),
        json.dumps({"position_id": "not-an-id!!!!!", "dice": [3, 1]}),
        json.dumps({"position_id": START, "dice": [7, 1]}),
        json.dumps({"position_id": START}),
        json.dumps([1, 2, 3]),
        # a 5-point match, player 1 on roll having rolled 6-5
        json.dumps(
            {
                "position_id": START,
                "match_id": match_id(
                    match_length=5, score=(1, 2), player_on_roll=1, turn=1, dice=(6, 5)
                ),
            }
        ),
        # the Crawford game, before the roll: the cube is out of play
        json.dumps(
            {
                "position_id": START,
                "match_id": match_id(
                    match_length=5, score=(4, 2), player_on_roll=1, turn=1, crawford=True
                ),
            }
        ),
        # a double pending in a money game: player 0 decides for a far-behind position
        json.dumps(
            {
                "position_id": Position.from_text(HOPELESS).position_id(),
                "match_id": match_id(player_on_roll=1, turn=0, doubled=True),
            }
        ),
        json.dumps({"position_id": START, "match_id": "AAAAAAAAAAAA"}),
        json.dumps({"position_id": START, "match_id": "garbage"}),
        json.dumps({"position_id": START, "dice": [5, 2]}),
    ]
    return run_service("expert", requests)


def test_one_answer_per_request_in_order(answers):
    assert len(answers) == 13
    assert answers[12]["action"] == "move"


def test_a_money_move_is_legal_and_in_gnubg_notation(answers):
    reply = answers[0]
    assert reply["action"] == "move"
    play = parse_play(Position.start(), (3, 1), reply["move"])
    assert play.result.position_id() == reply["result"]
    assert str(play) == reply["move"]


def test_no_legal_play_gives_an_empty_move(answers):
    assert answers[2] == {"action": "move", "move": "", "result": BLOCKED.swapped().position_id()}


def test_bad_requests_get_errors_and_the_stream_goes_on(answers):
    for index in (1, 3, 4, 5, 6, 10, 11):
        assert set(answers[index]) == {"error"}, answers[index]
        assert answers[index]["error"]


def test_match_move_uses_the_dice_of_the_match_id(answers):
    reply = answers[7]
    assert reply["action"] == "move"
    results = {p.result.position_id() for p in legal_plays(Position.start(), (6, 5))}
    assert reply["result"] in results


def test_crawford_game_before_the_roll_means_roll(answers):
    assert answers[8] == {"action": "roll"}


def test_a_hopeless_double_is_dropped(answers):
    assert answers[9] == {"action": "drop"}


def test_beginner_always_takes():
    request = {
        "position_id": Position.from_text(HOPELESS).position_id(),
        "match_id": match_id(player_on_roll=1, turn=0, doubled=True),
    }
    assert run_service("beginner", [json.dumps(request)]) == [{"action": "take"}]


def test_unknown_level_is_refused():
    proc = subprocess.run(
        [sys.executable, "-m", "ai", "decide", "--level", "grandmaster"],
        input="",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert proc.returncode != 0
    assert "grandmaster" in proc.stderr
