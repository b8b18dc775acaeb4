"""Killing the game (SIGKILL) at random moments while it plays and saves: the next start always
resumes at the last completed action.

The child is the game without its window: ``GameFlow`` with ``Storage``, the computer (Easy)
playing Black through ``ComputerTurn`` and scripted clicks playing White (rolls, steps, undo,
doubles, takes and passes, confirm, next game) in a 5-point match with the cube. It prints a
digest of every save before and after writing it. Each run resumes the game the run before left,
so the kills fall on one growing match as they would on a player's. After every kill the save
on disk must be the last one the child finished writing, or the one it was writing when killed
(the rename is atomic: old or new, never half), and the next start must resume exactly that.

``KILLS=N`` in the environment sets the number of kills (the suite: 24), e.g.
``KILLS=300 .venv/bin/python -m pytest tests/app/test_kill_app.py``.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from app import game_save
from app.storage import Storage

ROOT = Path(__file__).resolve().parents[2]
KILLS = int(os.environ.get("KILLS", "24"))

pytestmark = [
    pytest.mark.gui,
    pytest.mark.timeout(60 + 15 * KILLS),
    pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL"),
]

CHILD = textwrap.dedent(
    """
    import hashlib, json, random, sys
    from pathlib import Path
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QGuiApplication

    qapp = QGuiApplication(["kill"])
    from app import game_save
    from app.board_input import BoardInput
    from app.computer_turn import ComputerTurn
    from app.game_flow import GameFlow
    from app.history import History
    from app.match_view import MatchView
    from app.settings import Settings
    from app.storage import Storage

    folder, seed = Path(sys.argv[1]), int(sys.argv[2])
    storage = Storage(folder)
    if not storage.lock():
        print("locked", flush=True)
        sys.exit(3)

    def digest(text):
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    write = Storage.write

    def reporting_write(self, name, text):
        if name == game_save.SAVE_NAME:
            print("saving", digest(text), flush=True)
        write(self, name, text)
        if name == game_save.SAVE_NAME:
            print("saved", digest(text), flush=True)

    Storage.write = reporting_write
    session, notice = game_save.load(storage)
    if notice is not None:
        print("unreadable", notice.render(["", ""]), flush=True)
    state = json.dumps(session.to_dict(), allow_nan=False) if session else ""
    print("resumed", digest(state) if session else "none", flush=True)

    settings = Settings(folder / "settings.ini", step_ms=0)
    settings.remember_new_game({"opponent": "easy", "matchLength": 5, "cube": True})
    computer = ComputerTurn(settings, 0)
    flow = GameFlow(
        settings, storage, BoardInput(lambda: False), computer, MatchView(),
        History(lambda: flow.session),
    )
    rng = random.Random(seed)

    def act():
        s = flow.session
        if s is None or flow.busy:
            return
        phase = s.phase
        if phase == "match_over":
            flow.rematch()
        elif phase == "game_over":
            flow.nextGame()
        elif phase == "double" and flow.human(1 - s.on_roll):
            flow.take() if rng.random() < 0.6 else flow.passDouble()
        elif phase == "roll" and flow.human(s.on_roll):
            flow.double() if s.may_double() and rng.random() < 0.15 else flow.roll()
        elif phase == "move" and flow.human(s.on_roll) and s.turn is not None:
            turn = s.turn
            if turn.steps and rng.random() < 0.05:
                flow.undo()
            elif turn.is_complete():
                flow.confirm()
            else:
                step = rng.choice(turn.legal_steps())
                flow.input.clickLocation(step.src)
                flow.input.clickLocation(step.dst)

    timer = QTimer()
    timer.timeout.connect(act)
    timer.start(1)
    flow.start()
    QTimer.singleShot(120_000, qapp.quit)
    qapp.exec()
    """
)


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def on_disk(folder: Path) -> str:
    """The digest of the game the next start would resume (read as the game reads it), or
    "none" when there is no save yet."""
    session, notice = game_save.load(Storage(folder))
    assert notice is None, notice.render(["", ""])
    return digest(json.dumps(session.to_dict(), allow_nan=False)) if session else "none"


def run_and_kill(folder: Path, seed: int, wait: float, playing: bool) -> list[str]:
    """Start the child, SIGKILL it ``wait`` seconds after it resumed (``playing``: after its
    first save, so while it plays; else while it may still be starting)."""
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(folder), str(seed)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)},
    )
    assert child.stdout is not None
    lines = [child.stdout.readline().strip()]
    assert lines[0].startswith("resumed"), lines
    while playing and not lines[-1].startswith("saved"):
        lines.append(child.stdout.readline().strip())
        assert lines[-1], lines  # the child ended before its first save
    time.sleep(wait)
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=30)
    lines += [line.strip() for line in child.stdout]
    child.stdout.close()
    return lines


def test_killed_at_random_moments_the_game_resumes_at_the_last_completed_action(tmp_path):
    rng = random.Random(2024)
    before = "none"  # the digest of what the last run left on disk
    saves = resumed_mid_save = 0
    for kill in range(KILLS):
        playing = rng.random() < 0.8
        lines = run_and_kill(tmp_path, kill, rng.uniform(0.0, 1.0 if playing else 2.0), playing)
        assert not any(line.startswith("unreadable") for line in lines), lines
        resumed = lines[0].split()[1]
        assert resumed == before, f"kill {kill}: resumed {resumed}, left {before}"
        finished = [line.split()[1] for line in lines if line.startswith("saved ")]
        started = [line.split()[1] for line in lines if line.startswith("saving ")]
        saves += len(finished)
        allowed = {finished[-1]} if finished else {before}
        if len(started) > len(finished):  # killed while writing: the new file or the old one
            allowed.add(started[-1])
        now = on_disk(tmp_path)
        assert now in allowed, f"kill {kill}: {now} not in {allowed} ({lines[-3:]})"
        resumed_mid_save += now not in ({finished[-1]} if finished else set())
        before = now
    assert saves > KILLS  # the kills fell among many completed actions
    print(f"{KILLS} kills, {saves} saves, {resumed_mid_save} resumed from a save being written")
