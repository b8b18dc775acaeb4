"""Make the README's screenshots: the real window, offscreen, driven to a few moments of play.

Run from the project folder: ``python docs/screenshots/make_screenshots.py``. The games are
seeded, so the pictures come out the same each time (with the same computer player).
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_QUICK_BACKEND", "software")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from PySide6.QtCore import QCoreApplication  # noqa: E402

from engine import Position  # noqa: E402


def pump(ms: int = 50) -> None:
    end = time.monotonic() + ms / 1000
    while time.monotonic() < end:
        QCoreApplication.processEvents()
        time.sleep(0.002)


class Game:
    """The window's parts under one name (reads go to the view, actions to the flow)."""

    def __init__(self, w) -> None:
        self.w = w

    def __getattr__(self, name: str):
        for part in (self.w.view, self.w.flow, self.w.board_input):
            if hasattr(part, name):
                return getattr(part, name)
        raise AttributeError(name)


def wait_for_human(game, limit: int = 600) -> None:
    for _ in range(limit):
        if (game.humanToAct or game.gameOver.get("visible")) and not game.busy:
            return
        pump(20)
    raise RuntimeError(f"stuck: {game.phase} {game.status} busy={game.busy}")


def shoot(w, name: str, size: tuple[int, int]) -> None:
    w.window.resize(*size)
    pump(300)
    path = HERE / name
    w.window.grabWindow().save(str(path))
    print(path.relative_to(HERE.parents[1]))


def play_turns(game, rng: random.Random, turns: int) -> None:
    for _ in range(turns):
        pump(5)
        wait_for_human(game)
        if game.gameOver.get("visible"):
            return
        if game.mustAnswerDouble:
            game.take()
            continue
        if game.canRoll:
            game.roll()
        mover = game.onRoll
        while game.legalSteps and game.onRoll == mover:
            step = rng.choice(game.legalSteps)
            game.clickLocation(step["from"])
            game.clickLocation(step["to"])
        if game.canConfirm:
            game.confirm()


def main() -> None:
    from app.window import Options, open_window

    data = Path(tempfile.mkdtemp())
    options = Options(
        data_dir=data, settings_file=data / "settings.ini", seed=2024, step_ms=0, think_delay_ms=0
    )
    w = open_window("en", ["screenshots"], options)
    w.window.show()
    game = Game(w)
    game.start()
    rng = random.Random(7)

    # Against the computer, mid-game, hints on, a checker picked up.
    game.newGame({"opponent": "expert", "matchLength": 5, "name0": "Anna"})
    play_turns(game, rng, 5)
    wait_for_human(game)
    if game.canRoll:
        game.roll()
    w.settings.hintMode = 2
    source = max((s["from"] for s in game.legalSteps), default=-1)
    if source >= 0:
        game.clickLocation(source)
    for size in ((1280, 800), (800, 600), (1920, 1080)):
        shoot(w, f"game-{size[0]}x{size[1]}.png", size)

    # The computer doubles: the take-or-pass prompt.
    w.settings.hintMode = 0
    game.newGame({"opponent": "expert", "matchLength": 5, "cube": True, "name0": "Anna"})
    wait_for_human(game)
    text = "x 6:3 5:3 4:3 3:2; o 19:3 20:3 21:3 22:3 23:2"
    game.session.set_up(Position.from_text(text), 1)
    game._after_change()
    for _ in range(300):
        if game.mustAnswerDouble:
            break
        pump(20)
    shoot(w, "double-offered-1280x800.png", (1280, 800))

    # Two players: the board turned for Black, with a hit checker on the bar.
    game.newGame({"opponent": "human", "name0": "Anna", "name1": "Ben"})
    play_turns(game, rng, 9)
    while game.onRoll != 1 or not game.canRoll:
        play_turns(game, rng, 1)
    game.roll()
    pump(900)
    shoot(w, "two-players-turned-1280x800.png", (1280, 800))

    # End of a game.
    game.newGame({"opponent": "human", "matchLength": 3, "name0": "Anna", "name1": "Ben"})
    while not game.gameOver.get("visible"):
        play_turns(game, rng, 1)
    shoot(w, "game-over-1280x800.png", (1280, 800))
    w.close()


if __name__ == "__main__":
    main()
