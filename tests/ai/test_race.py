"""Exact one-sided values of late races (``ai.race``)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from ai import bearoff, race
from ai.encoding import boards_from_positions
from engine.position import Position


@pytest.fixture(scope="module")
def database():
    return bearoff.load()


def test_a_side_at_home_is_the_databases(database):
    one_sided = race.OneSided(database)
    side = (2, 3, 0, 4, 1, 5) + (0,) * 19
    total, first = one_sided.distributions(side)
    row = database.index(np.asarray([side[:6]]))[0]
    assert np.array_equal(total, database.total[row]) and np.array_equal(first, database.first[row])


def test_one_checker_on_the_seven_point_by_hand(database):
    # Off in one roll with 7 pips or more: 9 of the 15 non-doubles (18 rolls) and 2-2 to 6-6;
    # otherwise the checker ends on the 4-point or lower and the next roll bears it off, but
    # for 2-1 twice (7 to 4, then 4 to 1): three rolls, 4 times in 1296.
    total, first = race.OneSided(database).distributions((0,) * 6 + (1,) + (0,) * 18)
    assert total[:4] == pytest.approx([0.0, 23 / 36, 13 / 36 - 4 / 1296, 4 / 1296])
    assert first[0] == 1.0  # fourteen are off already: no gammon to fear


def test_race_outputs_agree_with_the_database_at_home_and_know_their_limits(database):
    one_sided = race.OneSided(database, budget=50)
    home = [
        Position.from_text("x 6:5 5:4 4:2; o 19:4 20:4 21:3 22:2"),
        Position.from_text("x 1:3 2:2; o 24:15"),
    ]
    out, done = race.race_outputs(one_sided, boards_from_positions(home))
    assert done.all()
    assert np.allclose(out, database.evaluate(boards_from_positions(home)))
    far = Position.from_text("x 13:8 8:7; o 12:8 17:7")  # a long race: too many sides
    contact = Position.start()
    out, done = race.race_outputs(one_sided, boards_from_positions([far, contact]))
    assert not done.any() and not out.any()
    with pytest.raises(race.TooLarge):  # all fifteen, one in the other's home: backgammons
        one_sided.distributions((14,) + (0,) * 18 + (1,) + (0,) * 5)


def test_a_straggler_race_is_valued_as_the_rollouts_say(database):
    # 9+0CAIADACgAAA: three on the ace point and two far back, against fourteen at home. The
    # race network gave it 0.86 to win; a 1,296-game rollout with the luck adjustment 0.714.
    position = Position.from_position_id("9+0CAIADACgAAA")
    out, done = race.race_outputs(race.OneSided(database), boards_from_positions([position]))
    assert done[0] and out[0, 0] == pytest.approx(0.7225, abs=0.0005)
    assert out[0, 1] == out[0, 3] == 0.0  # the opponent has a checker off; so does the mover


# 2 and 14 against 1, 2, 5 and 9 (13 and 11 borne off): the race network gives the side on roll
# 0.73 to win, the exact value is 0.856 and GNU Backgammon 2-ply says double, pass
LATE = Position.from_position_id("RQgAQAAIAAAAAA")


def test_exact_races_answer_late_races_only(database):
    races = race.ExactRaces(database)
    out = races.outputs(LATE)
    expected, done = race.race_outputs(
        race.OneSided(database, race.BUDGET, width=2), boards_from_positions([LATE])
    )
    assert done[0] and out is not None and np.array_equal(out, expected[0])
    assert out[0] == pytest.approx(0.856, abs=0.001)
    assert races.outputs(Position.start()) is None  # contact
    home = Position.from_text("x 6:5 5:4 4:2; o 19:4 20:4 21:3 22:2")
    assert races.outputs(home) is None  # the bear-off database's, which the evaluator uses
    assert races.outputs(Position.from_text("x 13:8 8:7; o 12:8 17:7")) is None  # far off
    assert race.ExactRaces(database, budget=1).outputs(LATE) is None  # beyond the budget


def test_exact_races_are_shared_safely_between_threads(database):
    positions = [
        LATE,
        Position.from_text("x 8:1 3:4 1:2; o 18:1 22:3 24:5"),
        Position.from_text("x 9:2 4:3; o 15:1 19:2 21:4"),
        Position.from_text("x 7:1 6:3 2:2; o 17:2 23:6"),
    ]
    alone = [race.ExactRaces(database).outputs(p) for p in positions]
    assert all(a is not None for a in alone)
    shared = race.ExactRaces(database)
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(shared.outputs, positions * 4))
    for k, got in enumerate(together):
        assert np.array_equal(got, alone[k % len(positions)])
