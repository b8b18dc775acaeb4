"""No part of the engine, the computer player or the lessons touches the network.

A fresh interpreter replaces every way Python opens a connection or looks up a name with one that
records the attempt and fails, then plays a game with the computer, answers the decision service,
saves and loads, loads and checks the lessons and keeps progress. (The app's own proof is with
the app's tests.)
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = r"""
import io, json, socket, sys, tempfile
from pathlib import Path

attempts = []

def refuse(name):
    def call(*args, **kwargs):
        attempts.append(name)
        raise OSError(f"network use refused: {name}")
    return call

for name in ("getaddrinfo", "gethostbyname", "gethostbyname_ex", "create_connection"):
    setattr(socket, name, refuse(name))
socket.socket.connect = refuse("connect")
socket.socket.connect_ex = refuse("connect_ex")
socket.socket.sendto = refuse("sendto")
socket.socket.bind = refuse("bind")

from ai.__main__ import serve
from ai.player import ComputerPlayer
from engine import save
from engine.match import GameState, Match
from lessons.model import load_lessons
from lessons.progress import Progress
from lessons.validate import check_lessons

player = ComputerPlayer("medium")
match = Match(3, cube=True, seed=2)
game = match.new_game()
while not game.is_over:
    if game.state is GameState.AWAITING_PLAY:
        game.play(player.choose_play(game.position, game.dice))
    else:
        game.roll(match.rng)
with tempfile.TemporaryDirectory() as folder:
    save.save(match, Path(folder) / "m.json")
    assert save.load(Path(folder) / "m.json").history == match.history
    lessons = load_lessons()
    progress = Progress(Path(folder) / "p.json")
    progress.mark_done(lessons[0], lessons[0].steps[0].id)
out = io.StringIO()
serve(player, [b'{"position_id": "4HPwATDgc/ABMA", "dice": [3, 1]}'], out)
assert json.loads(out.getvalue())["action"] == "move"
assert check_lessons().ok
print(json.dumps(attempts))
"""


def test_engine_ai_and_lessons_never_open_a_connection():
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout.splitlines()[-1]) == []
