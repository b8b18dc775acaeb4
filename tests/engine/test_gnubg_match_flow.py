"""Games and matches played side by side with GNU Backgammon: every Match ID and Position ID agree.

The script ``gnubg_match_flow.py`` runs inside gnubg, plays random legal plays and random cube
actions with gnubg's dice in both programs, and reports any state where they differ (opening,
turns, passes, doubles, takes, drops, dead cubes, scores, Crawford and post-Crawford games).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(__file__).with_name("gnubg_match_flow.py")


def find_gnubg() -> str:
    return shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games") or "gnubg"


@pytest.mark.gnubg
@pytest.mark.parametrize(
    ("length", "crawford", "seed"),
    [
        (1, True, 10),
        (2, True, 16),
        (3, True, 11),
        (5, True, 12),
        (5, False, 13),
        (7, True, 14),
        (0, True, 15),
    ],
)
def test_matches_agree_with_gnubg_state_by_state(length, crawford, seed, tmp_path):
    env = dict(
        os.environ,
        ENGINE_ROOT=str(ROOT),
        FLOW_SEED=str(seed),
        FLOW_MATCHES="2",
        FLOW_LENGTH=str(length),
        FLOW_CRAWFORD="1" if crawford else "0",
        HOME=str(tmp_path),  # keep gnubg's settings files out of the user's home
    )
    done = subprocess.run(
        [find_gnubg(), "-t", "-q", "-p", str(SCRIPT)],
        capture_output=True,
        env=env,
        cwd=tmp_path,
        timeout=600,
    )
    lines = [
        json.loads(line[5:])
        for line in done.stdout.decode("utf-8", "replace").splitlines()
        if line.startswith("FLOW ")
    ]
    assert lines, done.stderr.decode("utf-8", "replace")[-2000:]
    mismatches = [line["mismatch"] for line in lines if "mismatch" in line]
    assert not mismatches, mismatches[:3]
    counts = lines[-1]["done"]
    assert counts["matches"] == 2 and counts["actions"] > 100


@pytest.mark.gnubg
@pytest.mark.parametrize(("length", "seed"), [(3, 21), (5, 22), (7, 23)])
def test_gnubg_imports_our_mat_export_with_the_same_games(length, seed, tmp_path):
    import random

    from engine.mat import export_mat
    from engine.match import GameState, Match
    from engine.matchid import MatchIdFields

    match = Match(length, cube=True, players=("Ann", "Bo"), seed=seed)
    choices = random.Random(seed)
    while not match.is_over:
        game = match.new_game()
        while not game.is_over:
            if game.state is GameState.AWAITING_PLAY:
                game.play(choices.choice(game.legal_plays()))
            elif game.state is GameState.AWAITING_TAKE:
                game.take() if choices.random() < 0.7 else game.drop()
            elif (
                game.state is GameState.AWAITING_ROLL
                and game.can_double()
                and (choices.random() < 0.1)
            ):
                game.double()
            else:
                game.roll(match.rng)
    mat = tmp_path / "match.mat"
    mat.write_text(export_mat(match))
    env = dict(os.environ, MAT_FILE=str(mat), HOME=str(tmp_path))
    done = subprocess.run(
        [find_gnubg(), "-t", "-q", "-p", str(SCRIPT.with_name("gnubg_import_mat.py"))],
        capture_output=True,
        env=env,
        cwd=tmp_path,
        timeout=300,
    )
    lines = [
        json.loads(line[4:])
        for line in done.stdout.decode("utf-8", "replace").splitlines()
        if line.startswith("MAT ")
    ]
    assert lines, done.stderr.decode("utf-8", "replace")[-2000:]
    ours = [[g.result.winner, g.result.points] for g in match.games]
    assert lines[0]["games"] == ours
    assert MatchIdFields.decode(lines[0]["match_id"]).score == match.points_won()
