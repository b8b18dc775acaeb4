"""The games-with-the-cube benchmark scores games and passes cube states right.

``benchmarks/vs_gnubg.py`` plays a computer level against GNU Backgammon. Here both sides are
scripted stand-ins (no GNU Backgammon, no network), so every cube state each side is shown and
every final score can be checked: who owns the cube after a take, the double pending as the
taker sees it, and points = cube value x single / gammon / backgammon.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from ai.cube import CENTRED, MINE, THEIRS, CubeState
from engine.moves import legal_plays, legal_results
from engine.position import Position

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
vs_gnubg = pytest.importorskip("vs_gnubg")


class ScriptedOurs:
    """Our side: the first legal play; doubles and takes as told; records what it is shown."""

    def __init__(self, doubles_at: set[int], takes: bool) -> None:
        self.doubles_at = doubles_at
        self.takes = takes
        self.seen: list[tuple[str, CubeState]] = []
        self.access = 0

    def choose_result(self, position: Position, dice, state: CubeState) -> Position:
        self.seen.append(("play", state))
        return legal_results(position, dice)[0]

    def should_double(self, position: Position, state: CubeState) -> bool:
        self.seen.append(("double", state))
        self.access += 1
        return self.access in self.doubles_at

    def should_take(self, position: Position, state: CubeState) -> bool:
        self.seen.append(("take", state))
        return self.takes


class ScriptedGnubg:
    """The opponent's side of the protocol: first legal play, doubles and takes as told."""

    def __init__(self, doubles_at: set[int], takes: bool) -> None:
        self.doubles_at = doubles_at
        self.takes = takes
        self.requests: list[dict] = []
        self.access = 0

    def ask(self, request: dict) -> dict:
        self.requests.append(request)
        position = Position.from_position_id(request["pid"])
        if request["op"] == "move":
            return {"move": str(legal_plays(position, tuple(request["dice"]))[0])}
        # a cube request: gnubg's own turn with access, or our double to answer (also counted)
        self.access += 1
        doubles = self.access in self.doubles_at
        return {
            "nd": 0.0,
            "dt": 0.5 if self.takes else 1.5,
            "dp": 1.0,
            "text": "Double, take" if doubles else "No double, take",
        }


def final_points(ours: ScriptedOurs, gnubg: ScriptedGnubg, seed: int, first: bool) -> int:
    return vs_gnubg.play_game(ours, gnubg, random.Random(seed), first, True)


def test_pass_gives_the_doubler_the_cube_value() -> None:
    ours = ScriptedOurs(set(), takes=False)
    gnubg = ScriptedGnubg({1}, takes=True)
    assert final_points(ours, gnubg, 3, True) == -1
    # the double pending, as our taker sees it: the doubler's view with the cube centred at 1
    assert ours.seen[-1] == ("take", CubeState(cube=1, owner=CENTRED))
    ours = ScriptedOurs({1}, takes=True)
    gnubg = ScriptedGnubg(set(), takes=False)
    assert final_points(ours, gnubg, 3, False) == 1


def test_takes_and_redoubles_move_the_cube_to_the_taker() -> None:
    # gnubg doubles at its first access and we take; we redouble at our first access after that
    # and gnubg takes: the cube ends on 4, owned by gnubg
    ours = ScriptedOurs({2}, takes=True)
    gnubg = ScriptedGnubg({1}, takes=True)
    events: list[tuple] = []

    def observer(who, kind, position, state, action):
        events.append((who, kind, state.cube, state.owner, action))

    plays: list[tuple] = []

    def move_observer(who, position, dice, state, result):
        plays.append((who, state.cube, state.owner))

    points = vs_gnubg.play_game(ours, gnubg, random.Random(5), True, True, observer, move_observer)
    doubles = [e for e in events if e[4] and e[1] == "double"]
    assert doubles[0][:4] == ("gnubg", "double", 1, CENTRED)
    # after our take we own the cube: our next access shows cube 2 as ours
    ours_doubles = [s for kind, s in ours.seen if kind == "double"]
    assert CubeState(cube=2, owner=MINE) in ours_doubles
    assert doubles[1][:4] == ("ours", "double", 2, MINE)
    # gnubg took the redouble: from then on its cube turns and its plays show cube 4 as its own
    after = gnubg.requests[[r.get("cube") for r in gnubg.requests].index(4) :]
    assert after and all(r["cube"] == 4 and r["owner"] == "mine" for r in after)
    # our plays are made with the cube we are in: centred, ours at 2, theirs at 4
    our_states = [(c, o) for who, c, o in plays if who == "ours"]
    assert (1, CENTRED) in our_states and (2, MINE) in our_states and (4, THEIRS) in our_states
    assert our_states.index((1, CENTRED)) < our_states.index((2, MINE))
    assert our_states.index((2, MINE)) < our_states.index((4, THEIRS))
    # the game is scored at the final cube: 4 points times single / gammon / backgammon
    assert abs(points) in (4, 8, 12)


@pytest.mark.parametrize("seed", [1, 2])
def test_score_is_the_cube_times_the_kind_of_win(seed: int) -> None:
    ours = ScriptedOurs({1}, takes=True)
    gnubg = ScriptedGnubg(set(), takes=True)
    finals: list[Position] = []

    def move_observer(who, position, dice, state, result):
        finals.append((who, result, state.cube))

    points = vs_gnubg.play_game(ours, gnubg, random.Random(seed), True, True, None, move_observer)
    who, result, cube = finals[-1]
    assert result.is_game_over()
    # our double was taken: the cube is 2 for the rest of the game
    assert cube == 2
    kind = vs_gnubg.outcome(result)
    assert points == (cube * kind if who == "ours" else -cube * kind)


def test_outcome_counts_gammons_and_backgammons() -> None:
    # the loser is on roll in a finished game
    single = Position.from_text("x 6:14; o")
    gammon = Position.from_text("x 6:15; o")
    backgammon = Position.from_text("x 6:14 20:1; o")
    assert [vs_gnubg.outcome(p) for p in (single, gammon, backgammon)] == [1, 2, 3]


def test_cubeless_games_ask_no_cube_and_show_no_cube() -> None:
    ours = ScriptedOurs({1}, takes=True)
    gnubg = ScriptedGnubg({1}, takes=True)
    points = vs_gnubg.play_game(ours, gnubg, random.Random(4), True, False)
    assert abs(points) in (1, 2, 3)
    assert all(kind == "play" for kind, _ in ours.seen)
    assert all(not s.cube_enabled for _, s in ours.seen)
    assert all(r["op"] == "move" and r["cubeful"] == 0 for r in gnubg.requests)


def test_every_roll_is_seen_once_before_its_play_with_the_plays_cube() -> None:
    ours = ScriptedOurs({1}, takes=True)
    gnubg = ScriptedGnubg({2}, takes=True)
    rolls: list[tuple] = []
    plays: list[tuple] = []

    def roll_observer(ours_rolled, position, dice, state, opening):
        rolls.append(("ours" if ours_rolled else "gnubg", position, tuple(dice), state, opening))

    def move_observer(who, position, dice, state, result):
        plays.append((who, position, tuple(dice), state))

    vs_gnubg.play_game(
        ours, gnubg, random.Random(7), True, True, None, move_observer, roll_observer
    )
    assert [r[:4] for r in rolls] == plays
    assert [r[4] for r in rolls] == [True] + [False] * (len(rolls) - 1)


class _Uniform:
    """An evaluator that makes every play worth the same: every roll is exactly average."""

    def evaluate_batch(self, positions):
        import numpy as np

        return np.tile([0.5, 0.1, 0.0, 0.1, 0.0], (len(positions), 1))


@pytest.mark.parametrize(
    "text, state",
    [
        ("x 6:4 5:2 8:3 13:4 24:2; o 19:4 20:2 17:3 12:4 1:1 3:1", CubeState()),
        (
            "x 1:2 2:2 3:3 20:1; o 24:2 23:3 22:2 5:1",
            CubeState(cube=2, owner=MINE),
        ),
        ("x 6:5 5:4 13:2 24:1; o 1:2 19:5 12:4 17:1", CubeState(cube=4, owner=THEIRS)),
        ("x 6:5 5:4 13:2 24:1; o 1:2 19:5 12:4 17:1", CubeState(cube_enabled=False)),
    ],
)
def test_the_luck_of_a_roll_averages_zero_over_the_dice(text: str, state: CubeState) -> None:
    from ai.evaluator import load_default_evaluator
    from engine.dice import ROLLS

    position = Position.from_text(text)
    evaluator = load_default_evaluator()
    mean = sum(w * vs_gnubg.roll_luck(evaluator, position, r, state, False) for r, w in ROLLS)
    assert abs(mean / 36.0) < 1e-9
    lucks = [vs_gnubg.roll_luck(evaluator, position, r, state, False) for r, _ in ROLLS]
    assert max(lucks) > 0.01 > -0.01 > min(lucks)  # the dice do matter here
    # the order of the dice does not change a roll's luck
    assert vs_gnubg.roll_luck(evaluator, position, (1, 6), state, False) == pytest.approx(
        vs_gnubg.roll_luck(evaluator, position, (6, 1), state, False)
    )
    # an evaluator that values every play alike sees no luck at all
    assert all(
        abs(vs_gnubg.roll_luck(_Uniform(), position, r, state, False)) < 1e-12 for r, _ in ROLLS
    )


def test_the_opening_rolls_luck_averages_zero_over_the_non_doubles() -> None:
    from ai.evaluator import load_default_evaluator
    from engine.dice import ROLLS

    evaluator = load_default_evaluator()
    start = Position.start()
    opening = [(r, w) for r, w in ROLLS if r[0] != r[1]]
    lucks = {r: vs_gnubg.roll_luck(evaluator, start, r, CubeState(), True) for r, _ in opening}
    assert abs(sum(w * lucks[r] for r, w in opening)) < 1e-9
    assert lucks[(3, 1)] > 0 > lucks[(2, 1)]  # 31 makes the 5-point; 21 is among the weakest


def test_luck_is_counted_in_points_at_the_cube() -> None:
    from ai.evaluator import load_default_evaluator

    evaluator = load_default_evaluator()
    position = Position.from_text("x 6:5 5:4 13:2 24:1; o 1:2 19:5 12:4 17:1")
    one = vs_gnubg.roll_luck(evaluator, position, (6, 6), CubeState(cube_enabled=False), False)
    # a cube of 4 owned by us, and a cube of 4 set aside (no cube in play): four times the points
    owned = vs_gnubg.roll_luck(evaluator, position, (6, 6), CubeState(cube=4, owner=MINE), False)
    alone = vs_gnubg.roll_luck(
        evaluator, position, (6, 6), CubeState(cube=4, owner=MINE, cube_enabled=False), False
    )
    assert alone == pytest.approx(4 * one)
    assert owned != pytest.approx(alone)  # with the cube in play, the cubeful value


def test_other_weights_that_do_not_load_are_refused_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "contact.npz").write_bytes(b"not a network")
    with pytest.raises(SystemExit) as exit_info:
        vs_gnubg.main(["--weights", str(tmp_path), "--games", "2"])
    assert exit_info.value.code == 2
    assert "cannot load the networks" in capsys.readouterr().err
