"""Window benchmarks: start-up time to the first rendered frame, and GUI-thread stalls while the
Expert computer thinks.

Run from the project folder: ``python benchmarks/startup.py`` (offscreen, software rendering).

* Start-up: a fresh interpreter is launched ``--runs`` times (after one warm-up run, so files are
  in the OS cache: "warm"); each time is from launching the process to the window's first
  ``frameSwapped``. Target: median under 1.5 s.
* Stalls: in one window a human player (random legal steps) plays against Expert; a 5 ms timer on
  the GUI thread records the longest gap between its ticks while the computer is thinking.
  Target: no gap over 100 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_QUICK_BACKEND", "software")

STARTUP_TARGET_S = 1.5
STALL_TARGET_MS = 100.0


def child() -> None:
    """Open the window as the program does and report the first frame."""
    from app.window import Options, open_window

    data = Path(tempfile.mkdtemp())
    w = open_window("en", ["startup"], Options(data_dir=data, settings_file=data / "settings.ini"))
    w.flow.start()

    def first_frame() -> None:
        print("FRAME", flush=True)
        w.app.quit()

    w.window.frameSwapped.connect(first_frame)
    w.window.show()
    w.app.exec()
    w.close()
    os._exit(0)  # skip the interpreter's slow teardown: it is not part of start-up


def startup_times(runs: int) -> list[float]:
    times = []
    for i in range(runs + 1):
        start = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, __file__, "--child"],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("FRAME"):
                break
        elapsed = time.perf_counter() - start
        proc.wait(timeout=30)
        if i > 0:  # the first run only warms the caches
            times.append(elapsed)
    return times


def expert_stalls(turns: int, seed: int) -> tuple[float, float, int]:
    """(longest GUI gap while thinking in ms, thinking time in s, computer decisions)."""
    from PySide6.QtCore import QCoreApplication, QElapsedTimer, QTimer

    from app.window import Options, open_window

    data = Path(tempfile.mkdtemp())
    options = Options(
        data_dir=data, settings_file=data / "settings.ini", seed=seed, step_ms=0, think_delay_ms=0
    )
    w = open_window("en", ["stalls"], options)
    w.window.show()
    game, flow, board_input = w.view, w.flow, w.board_input
    flow.start()
    flow.newGame({"opponent": "expert", "cube": True})

    clock = QElapsedTimer()
    clock.start()
    state = {"last": 0, "worst": 0.0, "thinking_ms": 0.0, "was_thinking": False, "decisions": 0}

    def tick() -> None:
        now = clock.elapsed()
        gap = now - state["last"]
        state["last"] = now
        if game.thinking and state["was_thinking"]:
            state["worst"] = max(state["worst"], gap)
            state["thinking_ms"] += gap
        if game.thinking and not state["was_thinking"]:
            state["decisions"] += 1
        state["was_thinking"] = game.thinking

    timer = QTimer()
    timer.setInterval(5)
    timer.timeout.connect(tick)
    timer.start()
    rng = random.Random(seed)
    played = 0
    deadline = time.monotonic() + 300
    while played < turns and time.monotonic() < deadline:
        QCoreApplication.processEvents()
        time.sleep(0.001)
        if flow.busy:
            continue
        if game.gameOver.get("visible"):
            flow.rematch()
        elif game.mustAnswerDouble:
            flow.take()
        elif game.canRoll:
            flow.roll()
            played += 1
        elif game.legalSteps and game.humanToAct:
            step = rng.choice(game.legalSteps)
            board_input.clickLocation(step["from"])
            board_input.clickLocation(step["to"])
        elif game.canConfirm:
            flow.confirm()
    timer.stop()
    w.close()
    return state["worst"], state["thinking_ms"] / 1000, state["decisions"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--runs", type=int, default=5, help="start-up runs after the warm-up")
    parser.add_argument("--turns", type=int, default=12, help="human turns against Expert")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.child:
        child()
        return 0
    times = startup_times(args.runs)
    median = statistics.median(times)
    print(
        f"start-up to first frame (warm, {len(times)} runs): median {median:.2f} s, "
        f"best {min(times):.2f} s, worst {max(times):.2f} s "
        f"[target < {STARTUP_TARGET_S} s: {'ok' if median < STARTUP_TARGET_S else 'MISSED'}]"
    )
    worst, thinking, decisions = expert_stalls(args.turns, args.seed)
    print(
        f"Expert thinking: {decisions} decisions, {thinking:.1f} s in all; longest GUI-thread "
        f"gap {worst:.0f} ms [target < {STALL_TARGET_MS:.0f} ms: "
        f"{'ok' if worst < STALL_TARGET_MS else 'MISSED'}]"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
