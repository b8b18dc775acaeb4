"""The soak test through the window's game objects, short: computer-vs-computer matches played
through ``app.session.Session`` and through ``GameFlow`` (saving after every action), every
invariant of the engine and of the window checked after every action, saves round-tripped;
and memory that stays flat over 150 games in one process. ``benchmarks/soak.py --through
session`` and ``benchmarks/memory.py`` have the long runs."""

from __future__ import annotations

import gc
import random
import sys
from pathlib import Path

import pytest

from ai.player import ComputerPlayer

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
soak = pytest.importorskip("soak")
memory = pytest.importorskip("memory")

pytestmark = pytest.mark.timeout(300)


def test_a_short_soak_through_the_session_keeps_every_invariant():
    report = soak.soak(
        8,
        seed=3,
        levels=("beginner", "medium"),
        lengths=(0, 1, 3),
        roundtrip_every=7,
        through="session",
    )
    assert report.violations == []
    counts = report.counts
    assert counts["games"] >= 8 and counts["single games"] >= 1 and counts["matches"] >= 2
    assert counts["window save round trips"] > counts["games"]
    assert counts["plays"] > 8 * 20 and counts["passed rolls"] >= 1
    assert counts["doubles"] >= 1 and counts["takes"] + counts["drops"] == counts["doubles"]


@pytest.mark.gui
def test_a_short_soak_through_the_game_flow_keeps_every_invariant():
    report = soak.soak(
        3, seed=8, levels=("beginner",), lengths=(0, 3), roundtrip_every=10, through="flow"
    )
    assert report.violations == []
    counts = report.counts
    assert counts["games"] >= 3 and counts["single games"] >= 1 and counts["matches"] >= 1
    assert counts["saves checked"] > 3 * 40  # a save after every action
    assert counts["window save round trips"] >= counts["saves checked"] // 10


class CheatingPlayer(ComputerPlayer):
    """Plays the computer's choice, but once the play of another roll."""

    turns = 0

    def choose_play(self, position, dice, state=None, cancel=None):
        CheatingPlayer.turns += 1
        if CheatingPlayer.turns == 5:
            other = (1, 2) if sorted(dice) != [1, 2] else (5, 6)
            return super().choose_play(position, other, state, cancel)
        return super().choose_play(position, dice, state, cancel)


def test_the_session_soak_reports_a_play_the_rules_refuse():
    report = soak.soak(
        1,
        levels=("beginner",),
        lengths=(0,),
        players={"beginner": CheatingPlayer("beginner")},
        through="session",
    )
    assert len(report.violations) == 1 and "not a legal play" in report.violations[0]


def test_memory_stays_flat_over_150_games_in_one_process():
    players = (ComputerPlayer("beginner", seed=1), ComputerPlayer("beginner", seed=2))
    rng = random.Random(9)
    for number in range(50):  # the caches meant to fill (weights, bear-off data) fill here
        memory.play_game(players, cube=number % 2 == 0, seed=rng.randrange(1 << 32))
    gc.collect()
    before = memory.rss_mb()
    for number in range(100):
        match = memory.play_game(players, cube=number % 2 == 0, seed=rng.randrange(1 << 32))
        assert memory.save.loads(memory.save.dumps(match)).history == match.history
    gc.collect()
    growth = memory.rss_mb() - before
    assert growth < 8.0, f"RSS grew {growth:.1f} MB over 100 games"
