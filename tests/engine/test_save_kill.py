"""A writer killed (SIGKILL) at any moment while it saves leaves a save that loads: the last
complete one (the one it reported finished, or the one it was writing, never half of one).
Stale temporary files of killed writers are cleaned up later."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine import jsonfile, save

ROOT = Path(__file__).resolve().parents[2]

# Saves the same growing match over and over; prints the match's seed and number of actions
# before ("saving") and after ("saved") each save.
WRITER = r"""
import random, sys
from engine import save
from engine.match import GameState, Match

path = sys.argv[1]
match = Match(0, cube=True, seed=4)
choices = random.Random(4)
while True:
    game = match.game
    if game is None or game.is_over:
        match = Match(0, cube=True, seed=choices.randrange(1000))
        match.new_game()
        game = match.game
    if game.state is GameState.AWAITING_PLAY:
        game.play(choices.choice(game.legal_plays()))
    else:
        game.roll(match.rng)
    print("saving", match.seed, len(match.history), flush=True)
    save.save(match, path)
    print("saved", match.seed, len(match.history), flush=True)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_killing_the_writer_at_random_moments_always_leaves_a_loadable_save(tmp_path):
    path = tmp_path / "match.json"
    rng = random.Random(7)
    for _ in range(8):
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        assert writer.stdout is not None
        lines = [writer.stdout.readline().split()]
        while lines[-1][0] != "saved":  # at least one save is complete
            lines.append(writer.stdout.readline().split())
        time.sleep(rng.uniform(0.0, 0.15))
        writer.send_signal(signal.SIGKILL)
        writer.wait(timeout=30)
        # a line cut short by the kill (no newline) is dropped: "saving" is printed before a save
        # starts and "saved" after it ends, so the save that finished stays among those allowed
        lines += [line.split() for line in writer.stdout if line.endswith("\n")]
        writer.stdout.close()
        match = save.load(path)  # never half a file
        assert match.history and save.loads(save.dumps(match)).history == match.history
        # ... and exactly the last save finished, or the one being written when killed
        saved = [tuple(map(int, line[1:])) for line in lines if line[0] == "saved"]
        saving = [tuple(map(int, line[1:])) for line in lines if line[0] == "saving"]
        allowed = {saved[-1]} | ({saving[-1]} if len(saving) > len(saved) else set())
        assert (match.seed, len(match.history)) in allowed


def test_stale_temporary_files_are_removed_and_fresh_ones_kept(tmp_path):
    path = tmp_path / "match.json"
    stale = tmp_path / "match.json.abc123.tmp"
    fresh = tmp_path / "match.json.def456.tmp"
    other = tmp_path / "other.json.abc123.tmp"
    for leftover in (stale, fresh, other):
        leftover.write_text("half a fi")
    old = time.time() - jsonfile.STALE_SECONDS - 60
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    jsonfile.write_text_atomically(path, "{}")
    assert path.read_text() == "{}"
    assert not stale.exists() and fresh.exists() and other.exists()
