"""The window's game state without a window: scoring, cube rules, the Crawford game."""

from __future__ import annotations

import random

import pytest

from app.match_texts import double_refusal
from app.session import MatchSettings, Session, for_position, from_location, to_location
from engine import IllegalActionError, Position


def session_at(text: str, on_roll: int = 0, set_up=None, **settings) -> Session:
    s = Session(MatchSettings(**settings), rng=random.Random(1))
    s.start_game()
    s.set_up(Position.from_text(text), on_roll, **(set_up or {}))
    return s


def finish_turn(s: Session) -> None:
    for step in s.turn.plays[0].steps if s.turn.plays else ():
        s.move(step.src, step.dst)
    s.end_turn()


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("x 1:1; o 24:14", 1),  # the loser has borne off one: single
        ("x 1:1; o 12:15", 2),  # none off: gammon
        ("x 1:1; o 3:14 12:1", 3),  # a checker in the winner's home board: backgammon
        ("x 1:1; o bar:1 12:14", 3),  # on the bar: backgammon
    ],
)
def test_the_last_checker_off_scores_single_gammon_or_backgammon(text, kind):
    s = session_at(
        text, on_roll=1, match_length=7, cube=True, set_up={"cube_value": 2, "cube_owner": 0}
    )
    s.roll((6, 5))
    s.move(1, 0)
    s.end_turn()
    assert s.result.winner == 1 and s.result.kind == kind and s.result.points == 2 * kind
    assert s.score == [0, 2 * kind] and s.phase == "game_over"


def test_a_pass_loses_the_cube_value_before_the_double():
    s = session_at(
        "x 24:2 13:5 8:3 6:5; o 19:5 17:3 12:5 1:2",
        match_length=3,
        cube=True,
        set_up={"cube_value": 2, "cube_owner": 0},
    )
    s.double()
    s.pass_double()
    assert s.result.points == 2 and s.score == [2, 0] and s.phase == "game_over"


def test_doubling_rules():
    start = "x 24:2 13:5 8:3 6:5; o 19:5 17:3 12:5 1:2"
    assert session_at(start, cube=True).may_double()
    # only the owner redoubles
    assert not session_at(start, cube=True, set_up={"cube_value": 2, "cube_owner": 1}).may_double()
    assert session_at(start, cube=True, set_up={"cube_value": 2, "cube_owner": 0}).may_double()
    top = session_at(start, cube=True, set_up={"cube_value": 64, "cube_owner": 0})
    assert not top.may_double()  # not past 64
    assert double_refusal(top.double_refusal()) == "The cube is at its maximum of 64."
    with pytest.raises(IllegalActionError):
        top.double()
    assert not session_at(start, cube=False).may_double()
    crawford = {"score": (2, 0), "crawford": True}
    s = session_at(start, match_length=3, cube=True, set_up=crawford)
    assert s.crawford_game and not s.may_double()
    post = {"score": (2, 1)}
    assert session_at(start, 1, match_length=3, cube=True, set_up=post).may_double()


@pytest.mark.parametrize("rule", [True, False])
def test_the_crawford_game_follows_the_setting(rule):
    s = Session(MatchSettings(match_length=3, cube=True, crawford=rule), rng=random.Random(2))
    while max(s.score) < 2:  # games won by a passed double: one point each
        s.start_game()
        s.opening()
        finish_turn(s)
        s.double()
        s.pass_double()
    s.start_game()
    assert s.crawford_game == rule
    s.opening()
    finish_turn(s)
    assert s.may_double() != rule or s.score[s.on_roll] == 2


def test_locations_round_trip():
    for player in (0, 1):
        for point in range(26):
            assert from_location(player, to_location(player, point)) == point
    assert to_location(0, 25) == 25 and to_location(1, 25) == 26
    assert to_location(0, 0) == 0 and to_location(1, 0) == 27
    assert from_location(0, 26) is None and from_location(1, 25) is None


def test_settings_are_checked():
    with pytest.raises(ValueError):
        MatchSettings(match_length=26)  # the engine's limit; the new-game dialog offers 3-11
    with pytest.raises(ValueError):
        MatchSettings(level="grandmaster")


def test_ids_between_games_start_the_next_game_at_its_opening_roll():
    from app.session import from_ids
    from engine.matchid import GAME_NONE, MatchIdFields

    fields = MatchIdFields(match_length=5, score=(2, 3), game_state=GAME_NONE)
    session = from_ids(Position.start().position_id(), fields.encode())
    assert session.phase == "opening" and session.score == [2, 3]
    session.opening()
    assert session.phase == "move" and session.opening_dice is not None


def test_a_position_set_up_is_in_progress_once_the_computer_has_moved_from_it():
    # a teacher's set-up position, the computer on roll: its play left the game "untouched by
    # the person", and a second start with other IDs replaced it unasked (found by a tester)
    position = Position.from_text("x 6:3 5:3 4:3; o 19:3 20:3 21:3")
    s = for_position(position, 1, 5, computer=True)
    assert s.in_progress()
    s.roll((3, 1))
    finish_turn(s)
    assert s.on_roll == 0 and s.in_progress()


def test_a_single_game_the_person_has_not_touched_is_not_in_progress():
    """The program opens on a game against the computer, which may win the opening roll and
    play at once: leaving that game for a match was a resignation, a loss in the statistics
    for a game the person never played (seen by a tester)."""
    s = Session(MatchSettings(computer=True), rng=random.Random(1))
    s.start_game()
    s.opening((1, 6))  # the computer (player 1) starts
    assert s.on_roll == 1
    finish_turn(s)
    assert s.on_roll == 0 and s.phase == "roll" and not s.in_progress()
    s.roll((3, 1))  # a roll of the person's own: now it is their game
    assert s.in_progress()
    finish_turn(s)
    assert s.in_progress()
    # a match, or two people at one board, is under way from its first turn
    for settings in (MatchSettings(computer=True, match_length=5), MatchSettings(computer=False)):
        m = Session(settings, rng=random.Random(1))
        m.start_game()
        m.opening((6, 1))
        finish_turn(m)
        assert m.in_progress()
