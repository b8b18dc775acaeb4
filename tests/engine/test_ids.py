"""Position and Match IDs as people paste them, and the reasons the engine gives for a state it
refuses to set up (the position editor shows them in its own words)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import (
    EngineError,
    InvalidMatchIdError,
    InvalidPositionError,
    InvalidPositionIdError,
    Position,
    may_ever_move,
)
from engine.errors import PositionProblem
from engine.ids import gnubg_id, read_ids
from engine.mat import loads_mat
from engine.match import (
    SETUP_REFUSAL_TEXT,
    Match,
    SetupRefusal,
    hand_setup_refusal,
    setup_refusal,
)
from engine.matchid import MatchIdFields

DATA = Path(__file__).resolve().parents[1] / "data"
START = "4HPwATDgc/ABMA"
MID = "cAkAAAAAAAAA"


@pytest.mark.parametrize(
    "text",
    [
        f"{START}:{MID}",
        f"  {START}:{MID}\n",
        f"{START} : {MID}",
        f"GNU Backgammon  Position ID: {START}\n                 Match ID   : {MID}\n",
        f"position id={START} match id={MID}",
        f"XGID? no: look at this one {START}:{MID}, White to play",
    ],
)
def test_a_pair_is_found_in_the_ways_people_write_it(text):
    assert read_ids(text) == (START, MID)


def test_a_position_id_alone_has_no_match_id():
    assert read_ids(START) == (START, None)
    assert read_ids(f"Position ID: {START}") == (START, None)


@pytest.mark.parametrize(
    ("text", "error", "words"),
    [
        ("", InvalidPositionIdError, "no text"),
        ("   \n", InvalidPositionIdError, "no text"),
        ("hello world", InvalidPositionIdError, "no Position ID"),
        ("4HPwATDgc/ABM", InvalidPositionIdError, "13 characters instead of 14"),
        ("4HPwATDgc/ABM:" + MID, InvalidPositionIdError, "13 characters instead of 14"),
        (START + ":cAkAAAAAAAA", InvalidMatchIdError, "11 characters instead of 12"),
        ("4HPw$TDgc/ABMA:" + MID, InvalidPositionIdError, "only A-Z"),
        (f"Position ID: {START} Match ID: cAk", InvalidMatchIdError, "3 characters"),
        ("x" * 5000, InvalidPositionIdError, "5000 characters"),
    ],
)
def test_text_that_holds_no_pair_says_what_is_wrong(text, error, words):
    with pytest.raises(error, match=words):
        read_ids(text)


def test_every_gnubg_pair_of_the_test_data_reads_back():
    lines = (DATA / "gnubg-position-ids.jsonl").read_text().splitlines()
    positions = [json.loads(line)["position_id"] for line in lines]
    lines = (DATA / "gnubg-match-ids.jsonl").read_text().splitlines()
    matches = [json.loads(line)["match_id"] for line in lines]
    for position_id, match_id in zip(positions, matches, strict=False):
        assert read_ids(gnubg_id(position_id, match_id)) == (position_id, match_id)
        assert read_ids(f"Position ID: {position_id}\nMatch ID: {match_id}") == (
            position_id,
            match_id,
        )


# -- the reasons of a refusal -------------------------------------------------------------------


def test_a_board_that_breaks_a_rule_names_the_rule_the_side_and_the_point():
    with pytest.raises(InvalidPositionError) as raised:
        Position([0] * 24 + [16], [0] * 25)
    assert (raised.value.reason, raised.value.side) == (PositionProblem.TOO_MANY_CHECKERS, 0)
    with pytest.raises(InvalidPositionError) as raised:
        Position([0] * 25, [1] * 16 + [0] * 9)
    assert (raised.value.reason, raised.value.side) == (PositionProblem.TOO_MANY_CHECKERS, 1)
    mine = [0] * 25
    mine[5] = 2  # my 6-point
    theirs = [0] * 25
    theirs[18] = 1  # their 19-point is my 6-point
    with pytest.raises(InvalidPositionError) as raised:
        Position(mine, theirs)
    assert (raised.value.reason, raised.value.point) == (PositionProblem.SHARED_POINT, 6)
    assert "point 6" in str(raised.value)


def _refusal(position: Position, **fields) -> str | None:
    defaults = {"match_length": 5, "score": (0, 0)}
    return setup_refusal(position, MatchIdFields(**{**defaults, **fields}))


# the bar checker enters only on the 24-point (with a 1)
BLOCKED = Position.from_text("x bar:1 6:14; o 19:2 20:2 21:2 22:2 23:2 1:5")


@pytest.mark.parametrize(
    ("fields", "position", "code"),
    [
        ({"score": (5, 0)}, None, SetupRefusal.SCORE),
        ({"match_length": 30}, None, SetupRefusal.LENGTH),
        ({"crawford": True, "score": (2, 1)}, None, SetupRefusal.CRAWFORD_SCORE),
        ({"crawford": True, "score": (4, 1), "cube": 2, "cube_owner": 0}, None, "crawford_cube"),
        ({"cube": 128, "cube_owner": 0}, None, SetupRefusal.CUBE_MAXIMUM),
        # GNU Backgammon's ID of a redouble to 128 (said as "the cube goes up to 64" alone, a
        # tester looked for a cube above 64 in it)
        (
            {"cube": 64, "cube_owner": 0, "doubled": True, "turn": 1},
            None,
            SetupRefusal.DOUBLE_BEYOND_MAXIMUM,
        ),
        ({"game_state": 2}, None, SetupRefusal.GAME_STATE),
        ({"dice": (6, 5)}, BLOCKED, SetupRefusal.NO_LEGAL_PLAY),
        ({}, Position.from_text("x 6:3"), SetupRefusal.GAME_OVER),
        ({"cube": 2, "cube_owner": 1, "doubled": True, "turn": 1}, None, SetupRefusal.REDOUBLE),
    ],
)
def test_each_refused_state_has_its_reason(fields, position, code):
    position = position or Position.start()
    assert _refusal(position, **fields) == code
    with pytest.raises(InvalidMatchIdError) as raised:
        Match.from_ids(
            position.position_id(),
            MatchIdFields(**{"match_length": 5, **fields}).encode(),
        )
    assert raised.value.reason in (code, "")  # "" only for a length the Match cannot hold
    assert str(raised.value) == SETUP_REFUSAL_TEXT[code] or raised.value.reason == ""


def test_a_position_where_no_one_could_ever_move_is_refused():
    """Found by a tester: both sides closed out by the other's home board, pasted; the turn
    passed for ever ("no legal move" after "no legal move")."""
    stuck = Position.from_text(
        "x bar:3 1:2 2:2 3:2 4:2 5:2 6:2; o bar:3 19:2 20:2 21:2 22:2 23:2 24:2"
    )
    assert not may_ever_move(stuck) and not may_ever_move(stuck.swapped())
    assert _refusal(stuck) == SetupRefusal.NO_ONE_MOVES
    assert hand_setup_refusal(stuck, MatchIdFields(match_length=5)) == SetupRefusal.NO_ONE_MOVES
    with pytest.raises(InvalidMatchIdError) as raised:
        Match.from_ids(stuck.position_id(), MatchIdFields(match_length=5).encode())
    assert raised.value.reason == SetupRefusal.NO_ONE_MOVES
    # one side closed out is a game: the other moves, and the board opens in time
    assert _refusal(BLOCKED) is None and may_ever_move(BLOCKED.swapped())
    closed = Position.from_text("x bar:1 1:14; o 19:2 20:2 21:2 22:2 23:2 24:2 18:3")
    assert not may_ever_move(closed) and _refusal(closed) is None
    # no game in play yet: nothing to refuse on its position
    assert _refusal(stuck, game_state=0) is None


def test_the_same_roll_with_a_legal_play_is_accepted():
    assert _refusal(BLOCKED, dice=(1, 1)) is None
    assert _refusal(Position.start(), dice=(6, 5), cube=2, cube_owner=1) is None


def test_a_crawford_game_at_one_point_each_is_refused_pasted_too():
    """Found by a tester: a pasted Crawford game at 4-4 of 5 was set up, and the position
    editor then refused the same state. No game reaches it, GNU Backgammon's neither."""
    fields = MatchIdFields(match_length=5, score=(4, 4), crawford=True)
    assert setup_refusal(Position.start(), fields) == SetupRefusal.CRAWFORD_PLAYED
    with pytest.raises(EngineError):
        Match.from_ids(Position.start().position_id(), fields.encode())


def test_a_hand_set_up_state_must_be_one_a_game_can_reach():
    start = Position.start()

    def hand(**fields):
        return hand_setup_refusal(start, MatchIdFields(**{"match_length": 5, **fields}))

    assert hand() is None
    assert hand(cube=2, cube_owner=0) is None
    assert hand(cube=1, cube_owner=0) == SetupRefusal.CUBE_OWNER
    assert hand(cube=4, cube_owner=-1) == SetupRefusal.CUBE_OWNER
    assert hand(crawford=True, score=(4, 2)) is None
    assert hand(crawford=True, score=(4, 4)) == SetupRefusal.CRAWFORD_PLAYED
    assert hand(score=(4, 4)) is None  # post-Crawford: fine
    assert hand(score=(4, 1)) is None  # the Crawford game, or after it: either may be
    # at 4-0 it is the Crawford game: after it the other player has a point at least (found by
    # a tester: the editor set up 2-0 in a 3-point match as a game after the Crawford game)
    assert hand(score=(4, 0)) == SetupRefusal.CRAWFORD_DUE
    assert hand(score=(0, 4)) == SetupRefusal.CRAWFORD_DUE
    assert hand(score=(0, 4), crawford=True) is None
    assert hand(score=(0, 0), match_length=1) is None  # no Crawford game in a 1-point match
    # without the cube the cube stays at 1
    refusal = hand_setup_refusal(start, MatchIdFields(cube=2, cube_owner=0), cube_enabled=False)
    assert refusal == SetupRefusal.NO_CUBE
    # GNU Backgammon's own IDs may show such states: pasted, they are still accepted
    Match.from_ids(
        start.position_id(), MatchIdFields(match_length=5, cube=1, cube_owner=0).encode()
    )


def test_a_mat_file_is_read_with_the_seed_given_for_the_dice_to_come():
    text = (DATA / "gnubg-match-3-point-a.mat").read_text()
    first = loads_mat(text, seed=1)
    again = loads_mat(text, seed=1)
    other = loads_mat(text, seed=2)
    assert first.history == other.history
    assert first.seed == 1 and other.seed == 2
    assert first.rng.random() == again.rng.random() != other.rng.random()
