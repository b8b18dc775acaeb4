"""The soak test, short: computer-vs-computer games through the engine and the computer levels,
every invariant checked after every action (``benchmarks/soak.py`` has the long run)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from ai.cube import state_from_match_id
from ai.player import ComputerPlayer
from engine.match import GameState, Match

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
soak = pytest.importorskip("soak")


def test_a_short_soak_keeps_every_invariant():
    report = soak.soak(
        8,
        seed=5,
        levels=("beginner", "medium", "hard"),
        lengths=(0, 1, 3),
        roundtrip_every=10,
    )
    assert report.violations == []
    counts = report.counts
    assert counts["games"] >= 8
    assert counts["single games"] >= 1 and counts["matches"] >= 3
    assert counts["plays"] > 8 * 20 and counts["save round trips"] > counts["games"]
    assert counts["doubles"] >= 1 and counts["takes"] + counts["drops"] == counts["doubles"]
    assert set(report.by_level) == {"beginner", "medium", "hard"}


def test_every_configuration_comes_round():
    configs = soak.configs(soak.LEVEL_NAMES, soak.LENGTHS)
    seen = [next(configs) for _ in range(100)]
    assert {c.length for c in seen} == set(soak.LENGTHS)
    assert {level for c in seen for level in c.levels} == set(soak.LEVEL_NAMES)
    assert {(c.cube, c.crawford) for c in seen if c.length > 1} == {
        (True, True),
        (True, False),
        (False, True),
        (False, False),
    }


class CheatingPlayer(ComputerPlayer):
    """Plays the first legal play, but after a few turns one that is not legal."""

    turns = 0

    def choose_play(self, position, dice, state=None, cancel=None):
        CheatingPlayer.turns += 1
        plays = super().choose_play(position, dice, state, cancel)
        if CheatingPlayer.turns == 5:
            other = (1, 2) if sorted(dice) != [1, 2] else (5, 6)
            return ComputerPlayer.choose_play(self, position, other, state, cancel)
        return plays


def test_the_soak_reports_an_illegal_play():
    report = soak.soak(
        1, levels=("beginner",), lengths=(0,), players={"beginner": CheatingPlayer("beginner")}
    )
    assert len(report.violations) == 1 and "not a legal play" in report.violations[0]


@pytest.mark.parametrize("length", [0, 3, 5, 11])
def test_the_computer_never_sees_a_live_cube_in_a_game_without_one(length):
    # state_from_match_id dropped cube_enabled for matches: the computer would offer doubles the
    # engine refuses in a match played without the cube
    rng = random.Random(length)
    match = Match(length, cube=False, seed=length)
    game = match.new_game()
    for _ in range(60):
        if game.is_over:
            break
        if game.state is GameState.AWAITING_ROLL:
            state = state_from_match_id(
                match.match_id_fields(), game.player_on_roll, cube_enabled=False
            )
            assert state.may_double() is game.can_double() is False
            game.roll(match.rng)
        elif game.state is GameState.AWAITING_PLAY:
            game.play(rng.choice(game.legal_plays()))
        else:
            game.roll(match.rng)
