"""The cube's look-ahead (``ai.cubeful``): exact endings, the cubeless case against the search,
the opponent's cube inside the 2-ply look, and the units of a cube lost or won."""

from __future__ import annotations

import numpy as np
import pytest

from ai.cube import MINE, THEIRS, CubeState, points_value
from ai.cubeful import lookahead_decision, lookahead_values
from ai.evaluator import equity, load_default_evaluator
from ai.met import default_table
from ai.search import reply_values
from engine.dice import ROLLS
from engine.moves import legal_results
from engine.position import Position

MONEY = CubeState()
MET = default_table(True)


@pytest.fixture(scope="module")
def evaluator():
    return load_default_evaluator()


def test_a_sure_win_this_roll_is_worth_the_cube_and_twice_it_taken(evaluator):
    # one checker left on the ace point; the opponent has borne one off: no gammon
    position = Position.from_points({1: 1}, {6: 14})
    for plies in (1, 2):
        nd, dt, outputs = lookahead_values(evaluator, position, MONEY, MET, plies)
        assert nd == pytest.approx(1.0) and dt == pytest.approx(2.0)
        assert outputs[0] == pytest.approx(1.0)
    decision = lookahead_decision(evaluator, position, MONEY, MET, 2)
    assert not decision.take  # a pass; doubling and playing on both win the one point


def test_two_plies_see_the_opponent_finish_next_roll(evaluator):
    # two checkers on the six point: only 6-6, 5-5, 4-4 and 3-3 bear both off; any other roll
    # leaves the opponent, with one checker on their ace point, to finish on their roll
    position = Position.from_points({6: 2}, {1: 1})
    nd, dt, _outputs = lookahead_values(evaluator, position, MONEY, MET, 2)
    assert nd == pytest.approx(4 / 36 - 32 / 36)
    assert dt == pytest.approx(2 * (4 / 36 - 32 / 36))
    decision = lookahead_decision(evaluator, position, MONEY, MET, 2)
    assert not decision.double and decision.take


def test_without_a_cube_the_look_ahead_is_the_cubeless_search(evaluator):
    state = CubeState(cube_enabled=False)
    position = Position.from_position_id("4HPwATDgc/ABMA")  # the start after a 3-1 and a 6-4
    best: list[Position] = []
    one_ply = 0.0
    for dice, weight in ROLLS:
        results = legal_results(position, dice)
        values = -np.asarray([equity(p) for p in evaluator.evaluate_batch(results)])
        one_ply += weight * float(np.max(values))
        best.append(results[int(np.argmax(values))])
    weights = np.array([w for _d, w in ROLLS], dtype=np.float64)
    two_ply = float(np.dot(weights, reply_values(evaluator, best)[0])) / 36.0
    assert lookahead_values(evaluator, position, state, MET, 1)[0] == pytest.approx(one_ply / 36)
    assert lookahead_values(evaluator, position, state, MET, 2)[0] == pytest.approx(two_ply)
    assert not lookahead_decision(evaluator, position, state, MET, 2).may_double


def test_owning_the_cube_is_worth_at_least_a_centred_one(evaluator):
    # with the cube centred the opponent may double inside the 2-ply look; owned, they may not
    for pid in ("4HPwATDgc/ABMA", "4PPgAyDgc+ABMA", "sHPwATDgc/ABMA"):
        position = Position.from_position_id(pid)
        owned = CubeState(cube=2, owner=MINE)
        for plies in (1, 2):
            centred = lookahead_values(evaluator, position, MONEY, MET, plies)[0]
            assert lookahead_values(evaluator, position, owned, MET, plies)[0] >= centred - 1e-9
        nd1 = lookahead_values(evaluator, position, MONEY, MET, 1)[0]
        assert abs(lookahead_values(evaluator, position, MONEY, MET, 2)[0] - nd1) < 0.15


def test_a_cube_lost_or_won_is_minus_one_or_one_in_its_own_units():
    match = CubeState(match_length=7, away=3, opp_away=5, cube=2, owner=THEIRS)
    assert points_value(match, MET, -2) == pytest.approx(-1.0)
    assert points_value(match, MET, 2) == pytest.approx(1.0)
    assert points_value(match, MET, -4) < -1.0 < points_value(match, MET, -1) < 0.0
    assert points_value(MONEY, MET, -2) == -2.0
    assert points_value(CubeState(cube=4, owner=MINE), MET, 8, normalise_to=2) == 4.0


def test_only_one_or_two_plies(evaluator):
    with pytest.raises(ValueError, match="1 or 2 plies"):
        lookahead_values(evaluator, Position.start(), MONEY, MET, 3)


def test_the_expert_and_the_analysis_judge_the_cube_by_the_one_ply_look(evaluator):
    from ai.analysis import Analyser, judged_state
    from ai.player import ComputerPlayer
    from engine.match import Match

    match = Match(5, seed=3)
    game = match.new_game()
    game.roll(dice=(3, 1))
    game.play(game.legal_plays()[0])
    state = judged_state(match, game, game.player_on_roll)
    expected = lookahead_decision(evaluator, game.position, state, MET, 1)
    assert ComputerPlayer("expert", evaluator).cube_decision(game.position, state) == expected
    offered = Analyser(evaluator).judge(match, {"type": "double"})
    assert offered is not None
    assert dict(offered.alternatives)["no double"] == pytest.approx(expected.no_double)
    assert dict(offered.alternatives)["double, take"] == pytest.approx(expected.double_take)
