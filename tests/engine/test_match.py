"""Games and matches: turns, the cube, scoring, the Crawford rule and the end of a match."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from engine.errors import IllegalActionError, IllegalPlayError, InvalidMatchIdError
from engine.match import (
    DoubleRefusal,
    EndReason,
    Game,
    GameState,
    Match,
    ResultKind,
    cube_refusal,
    match_id_double_refusal,
    result_kind,
)
from engine.matchid import MatchIdFields
from engine.position import Position

DATA = Path(__file__).resolve().parents[1] / "data" / "gnubg-match-ids.jsonl"


def setup(text: str, *, cube: int = 1, owner: int = -1, length: int = 0, score=(0, 0)) -> Match:
    """A match with player 0 to roll in ``text`` (player 0 is ``x``)."""
    fields = MatchIdFields(
        match_length=length, score=score, cube=cube, cube_owner=owner, player_on_roll=0, turn=0
    )
    return Match.from_ids(Position.from_text(text).position_id(), fields.encode())


def bear_off_last(match: Match) -> Game:
    game = match.game
    game.roll(dice=(6, 5))
    game.play(game.legal_plays()[0])
    return game


# -- scoring ----------------------------------------------------------------------------------

SINGLE = "x 1:1; o 12:10"
GAMMON = "x 1:1; o 12:15"
BACKGAMMON_HOME = "x 1:1; o 12:14 3:1"
BACKGAMMON_BAR = "x 1:1; o 12:14 bar:1"


@pytest.mark.parametrize("cube", [1, 2, 4, 8, 16, 32, 64])
@pytest.mark.parametrize(
    ("text", "kind"),
    [
        (SINGLE, ResultKind.SINGLE),
        (GAMMON, ResultKind.GAMMON),
        (BACKGAMMON_HOME, ResultKind.BACKGAMMON),
        (BACKGAMMON_BAR, ResultKind.BACKGAMMON),
    ],
)
def test_single_gammon_backgammon_times_the_cube(text, kind, cube):
    match = setup(text, cube=cube, owner=-1 if cube == 1 else 1)
    game = bear_off_last(match)
    assert game.state is GameState.GAME_OVER
    assert game.result.winner == 0
    assert game.result.kind is kind
    assert game.result.reason is EndReason.BORNE_OFF
    assert game.result.points == int(kind) * cube
    assert match.score == (int(kind) * cube, 0)  # money: no cap


def test_result_kind_is_judged_on_the_losers_checkers():
    # the loser is on roll after the winning play
    assert result_kind(Position.from_text("o 1:0; x 6:15")) is ResultKind.GAMMON
    assert result_kind(Position.from_text("x 6:14")) is ResultKind.SINGLE
    assert result_kind(Position.from_text("x 19:1 6:14")) is ResultKind.BACKGAMMON
    assert result_kind(Position.from_text("x bar:1 6:14")) is ResultKind.BACKGAMMON


def test_a_pass_scores_the_value_before_the_double():
    match = setup("x 6:15; o 19:15", cube=4, owner=0)
    game = match.game
    game.double()
    assert game.state is GameState.AWAITING_TAKE
    game.drop()
    assert game.result.winner == 0
    assert game.result.reason is EndReason.DROPPED
    assert game.result.points == 4
    assert match.score == (4, 0)


def test_take_doubles_the_cube_and_hands_it_over():
    match = setup("x 6:15; o 19:15")
    game = match.game
    game.double()
    game.take()
    assert (game.cube_value, game.cube_owner) == (2, 1)
    assert game.state is GameState.AWAITING_ROLL and game.player_on_roll == 0
    with pytest.raises(IllegalActionError, match="owner"):
        game.double()  # player 0 no longer owns the cube
    game.roll(dice=(2, 1))
    game.play(game.legal_plays()[0])
    assert game.player_on_roll == 1 and game.can_double()
    game.double()  # the owner redoubles
    game.take()
    assert (game.cube_value, game.cube_owner) == (4, 0)


def test_cube_at_64_cannot_be_doubled():
    match = setup("x 6:15; o 19:15", cube=64, owner=0)
    assert not match.game.can_double()
    with pytest.raises(IllegalActionError, match="64"):
        match.game.double()


def test_only_the_owner_redoubles():
    match = setup("x 6:15; o 19:15", cube=2, owner=1)
    with pytest.raises(IllegalActionError, match="owner"):
        match.game.double()


def test_no_double_after_rolling_and_no_take_without_a_double():
    match = setup("x 6:15; o 19:15")
    game = match.game
    with pytest.raises(IllegalActionError):
        game.take()
    game.roll(dice=(3, 1))
    with pytest.raises(IllegalActionError, match="before rolling"):
        game.double()
    with pytest.raises(IllegalActionError):
        game.roll(dice=(3, 1))


def test_cube_is_off_unless_enabled_and_gammons_still_count():
    match = Match(0, seed=1)
    game = match.new_game()
    game.roll(dice=(3, 1))
    game.play("8/5 6/5")
    assert not game.can_double()
    with pytest.raises(IllegalActionError, match="not in use"):
        game.double()
    game.resign(1, ResultKind.GAMMON)
    assert game.result.points == 2 and match.score == (2, 0)


# -- turns ------------------------------------------------------------------------------------


def test_opening_roll_and_turns():
    match = Match(5, cube=True, seed=3)
    game = match.new_game()
    assert game.state is GameState.OPENING
    with pytest.raises(IllegalActionError, match="tie"):
        game.roll(dice=(4, 4))
    game.roll(dice=(3, 5))  # player 1 has the higher die and plays 5-3
    assert game.player_on_roll == 1 and game.dice == (5, 3)
    assert game.state is GameState.AWAITING_PLAY
    with pytest.raises(IllegalPlayError):
        game.play("24/14")
    game.play("8/3 6/3")
    assert game.player_on_roll == 0 and game.state is GameState.AWAITING_ROLL
    # the board from each player's view
    assert game.board(1).on_roll[2] == 2 and game.board(0).opponent[2] == 2


def test_match_id_agrees_with_gnubg_after_the_opening():
    # GNU Backgammon shows cAmgAAAAAAAE when player 1 is to roll after player 0's opening play.
    match = Match(5, cube=True, seed=3)
    game = match.new_game()
    game.roll(dice=(2, 1))
    game.play(game.legal_plays()[0])
    assert match.match_id() == "cAmgAAAAAAAE"


def test_turn_builder_steps_and_undo():
    match = Match(0, seed=1)
    game = match.new_game()
    game.roll(dice=(3, 1))
    builder = game.turn_builder()
    builder.move_checker(8, 5)
    builder.undo()
    builder.move_checker(8, 5)
    builder.move_checker(6, 5)
    game.play(builder.play())
    assert game.turns[-1][2].result == game.position


def test_a_roll_without_legal_play_passes():
    # player 0 on the bar against a closed board
    match = setup("x bar:1 12:14; o 19:2 20:2 21:2 22:2 23:2 24:2 1:3")
    game = match.game
    game.roll(dice=(6, 5))
    assert game.state is GameState.AWAITING_ROLL
    assert game.player_on_roll == 1
    assert game.turns[-1] == (0, (6, 5), None)


def test_illegal_actions_in_the_wrong_state():
    match = Match(3, seed=1)
    with pytest.raises(IllegalActionError):
        match.apply({"type": "roll", "dice": [3, 1]})
    game = match.new_game()
    with pytest.raises(IllegalActionError):
        match.new_game()
    with pytest.raises(IllegalActionError):
        game.play("8/5 6/5")
    with pytest.raises(IllegalActionError):
        game.apply({"type": "jump"})
    with pytest.raises(IllegalActionError):
        game.roll(dice=(0, 3))
    with pytest.raises(IllegalActionError):
        Match(26)
    with pytest.raises(IllegalActionError):
        Match(-1)


# -- matches ----------------------------------------------------------------------------------


def finish(match: Match, winner: int, kind: int = 1) -> Game:
    """Start a game, play the opening, and have the loser resign ``kind``."""
    game = match.new_game()
    game.roll(dice=(3, 1))
    game.play(game.legal_plays()[0])
    game.resign(1 - winner, kind)
    return game


def roll_and_play(game: Game) -> None:
    game.roll(dice=(2, 1))
    game.play(game.legal_plays()[0])


def test_crawford_game_has_no_cube_and_the_cube_returns_after_it():
    match = Match(3, cube=True, seed=1)
    finish(match, 0, 2)
    assert match.score == (2, 0)
    assert match.is_crawford_game
    game = match.new_game()
    assert game.is_crawford and match.is_crawford_game
    game.roll(dice=(3, 1))
    game.play(game.legal_plays()[0])
    assert not game.can_double()
    with pytest.raises(IllegalActionError, match="Crawford"):
        game.double()
    assert MatchIdFields.decode(match.match_id()).crawford
    game.resign(0)
    assert match.score == (2, 1)
    assert not match.is_crawford_game
    post = match.new_game()
    assert not post.is_crawford
    post.roll(dice=(3, 1))
    post.play(post.legal_plays()[0])
    assert post.can_double()
    assert not MatchIdFields.decode(match.match_id()).crawford


def test_only_one_crawford_game():
    match = Match(5, cube=True, seed=1)
    finish(match, 1, 1)
    finish(match, 0, 3)  # 3-1
    finish(match, 0, 1)  # 4-1: the next game is the Crawford game
    assert match.new_game().is_crawford
    match.game.roll(dice=(2, 1))
    match.game.resign(0, 3)  # 4-4
    assert match.score == (4, 4)
    assert not match.is_crawford_game
    assert not match.new_game().is_crawford


def test_crawford_switched_off():
    match = Match(3, cube=True, crawford=False, seed=1)
    finish(match, 0, 2)
    game = match.new_game()
    assert not game.is_crawford and not match.is_crawford_game
    roll_and_play(game)
    assert game.can_double()


def test_no_crawford_game_in_a_one_point_match_or_money_play():
    match = Match(1, cube=True, seed=1)
    assert not match.is_crawford_game
    finish(match, 1)
    assert match.winner == 1 and match.is_over
    money = Match(0, cube=True, seed=1)
    for _ in range(3):
        finish(money, 0, 2)
    assert money.score == (6, 0) and money.winner is None and not money.is_over
    assert not money.is_crawford_game


def test_match_ends_exactly_at_the_target():
    match = Match(3, cube=True, seed=1)
    finish(match, 1, 1)
    assert match.winner is None
    finish(match, 1, 1)
    assert match.score == (0, 2) and match.winner is None
    game = finish(match, 1, 3)  # Crawford game, backgammon: 0-5 capped at the target
    assert game.result.points == 3
    assert match.score == (0, 3)
    assert match.winner == 1 and match.is_over
    with pytest.raises(IllegalActionError, match="over"):
        match.new_game()


def test_match_reaching_the_target_with_one_point():
    match = Match(2, seed=1)
    finish(match, 0, 1)
    assert match.winner is None
    finish(match, 0, 1)
    assert match.score == (2, 0) and match.winner == 0


# -- Match IDs in and out -----------------------------------------------------------------------


def test_from_ids_round_trips_gnubgs_match_ids():
    start = Position.start().position_id()
    checked = 0
    for line in DATA.read_text().splitlines():
        case = json.loads(line)
        fields = MatchIdFields.decode(case["match_id"])
        try:
            match = Match.from_ids(start, case["match_id"])
        except InvalidMatchIdError:
            # states the rules rule out: a cube above 64 or doubled at 64, more than 25 points,
            # a redouble by the player not owning the cube, a double of a dead cube (winning
            # at the current value already wins the match),
            # a Crawford game away from one point before the target or with the cube used
            me = fields.player_on_roll
            assert (
                fields.cube >= 64
                or fields.match_length > 25
                or (fields.doubled and fields.cube_owner not in (-1, me))
                or (
                    fields.doubled
                    and fields.match_length
                    and fields.score[me] + fields.cube >= fields.match_length
                )
                or (
                    fields.crawford
                    and (
                        fields.match_length - 1 not in fields.score
                        or (fields.cube, fields.cube_owner, fields.doubled) != (1, -1, False)
                    )
                )
            ), case
            continue
        again = MatchIdFields.decode(match.match_id())
        assert again == fields.__class__(**{**fields.__dict__, "jacoby": False}), case
        game = match.game
        assert game.player_on_roll == case["player_on_roll"]
        assert game.cube_value == case["cube"]
        if case["doubled"]:
            assert game.state is GameState.AWAITING_TAKE
        elif case["dice"] != [0, 0]:
            assert game.state is GameState.AWAITING_PLAY
        else:
            assert game.state is GameState.AWAITING_ROLL
        checked += 1
    assert checked > 300


def test_from_ids_a_double_offered_can_be_taken():
    fields = MatchIdFields(
        match_length=7, score=(2, 5), cube=2, cube_owner=0, player_on_roll=0, turn=1, doubled=True
    )
    match = Match.from_ids(Position.start().position_id(), fields.encode())
    match.game.take()
    assert match.game.cube_value == 4 and match.game.cube_owner == 1


@pytest.mark.parametrize(
    "fields",
    [
        MatchIdFields(match_length=3, score=(3, 0)),
        MatchIdFields(match_length=5, score=(1, 0), crawford=True),
        MatchIdFields(match_length=5, score=(4, 0), crawford=True, cube=2, cube_owner=1),
        MatchIdFields(game_state=2),
        MatchIdFields(cube=128),
        MatchIdFields(cube=2, cube_owner=1, doubled=True, player_on_roll=0, turn=1),
    ],
)
def test_from_ids_refuses_impossible_states(fields):
    with pytest.raises(InvalidMatchIdError):
        Match.from_ids(Position.start().position_id(), fields.encode())


def test_dead_cube_in_match_play():
    # 5-point match: a player with 1 point and a 4-cube wins the match by winning this game
    match = setup("x 6:15; o 19:15", cube=4, owner=0, length=5, score=(1, 0))
    assert not match.game.can_double()
    with pytest.raises(IllegalActionError, match="dead"):
        match.game.double()
    alive = setup("x 6:15; o 19:15", cube=2, owner=0, length=5, score=(1, 0))
    assert alive.game.can_double()
    # a player one point from the target never doubles (post-Crawford, cube centred)
    leader = setup("x 6:15; o 19:15", length=5, score=(4, 2))
    assert not leader.game.can_double()
    # money play has no dead cube
    assert setup("x 6:15; o 19:15", cube=32, owner=0).game.can_double()


def test_match_id_at_the_end_keeps_the_points_won_as_gnubg_does():
    match = Match(3, cube=True, seed=1)
    finish(match, 1, 1)
    finish(match, 1, 3)  # 1 + 3 points: the match is won, the score shows 3
    assert match.score == (0, 3) and match.points_won() == (0, 4)
    fields = MatchIdFields.decode(match.match_id())
    assert fields.score == (0, 4) and fields.game_state == 3 and not fields.crawford


def test_a_match_ids_double_refusal_is_the_games():
    # One home for the cube rules: the refusal read from a Match ID is the one the game set up
    # from it gives, over every state of GNU Backgammon's IDs that the rules allow.
    start = Position.start().position_id()
    compared = set()
    for line in DATA.read_text().splitlines():
        fields = MatchIdFields.decode(json.loads(line)["match_id"])
        if fields.doubled or fields.dice[0]:
            continue
        try:
            match = Match.from_ids(start, fields.encode())
        except InvalidMatchIdError:
            continue
        if match.game is None:
            continue
        refusal = match_id_double_refusal(fields)
        assert refusal == match.game.double_refusal(), fields
        compared.add(refusal)
    assert {None, DoubleRefusal.NOT_OWNER, DoubleRefusal.DEAD_CUBE} <= compared


def test_the_cube_is_dead_for_the_leader_at_4_2_after_crawford():
    fields = MatchIdFields.decode("MAGgAEAAEAAE")  # 5-point match, 4-2, post-Crawford
    assert fields.score == (4, 2) and not fields.crawford and fields.player_on_roll == 0
    assert match_id_double_refusal(fields) == DoubleRefusal.DEAD_CUBE
    assert match_id_double_refusal(replace(fields, player_on_roll=1, turn=1)) is None
    assert cube_refusal(2, opponent_owns=False, points_to_win=3) is None
    assert cube_refusal(4, opponent_owns=False, points_to_win=3) == DoubleRefusal.DEAD_CUBE
    # a pending double of a dead cube is not a state the rules allow
    with pytest.raises(InvalidMatchIdError, match="dead"):
        Match.from_ids(
            Position.start().position_id(), replace(fields, doubled=True, turn=1).encode()
        )
