"""The command line: IDs and a size open the window on that position (not only for
screenshots); an unknown language or an impossible ID is refused with a message."""

from __future__ import annotations

import subprocess
import sys

import pytest
from PySide6.QtCore import QTimer

from app import window as window_module
from app.__main__ import main, position_state
from engine.match import Match

pytestmark = [pytest.mark.gui, pytest.mark.timeout(120)]


def a_match_in_play() -> Match:
    match = Match(5, cube=True, seed=3)
    game = match.new_game()
    game.roll(match.rng)
    game.play(game.legal_plays()[0])
    return match


def test_ids_and_size_open_the_window_on_that_position(qapp, tmp_path, monkeypatch):
    match = a_match_in_play()
    seen = {}
    real_open = window_module.open_window

    def opening(*args, **kwargs):
        w = real_open(*args, **kwargs)

        def look() -> None:
            seen.update(
                board=list(w.view.board),
                length=w.view.matchLength,
                size=(w.window.width(), w.window.height()),
                saving=w.flow.storage,
            )
            w.app.quit()

        QTimer.singleShot(0, look)
        return w

    monkeypatch.setattr(window_module, "open_window", opening)
    args = ["--position-id", match.position_id(), "--match-id", match.match_id()]
    code = main([*args, "--size", "1024x768", "--data-dir", str(tmp_path), "--lang", "en"])
    assert code == 0
    position, on_roll, state = position_state(match.position_id(), match.match_id())
    assert state["match_length"] == 5 and seen["length"] == 5
    from app.session import absolute_board

    assert seen["board"] == absolute_board(position, on_roll)
    assert seen["size"] == (1024, 768)
    assert seen["saving"] is None  # a shown position does not replace the saved game


@pytest.mark.parametrize(
    "args, words",
    [
        (["--lang", "xx"], "invalid choice"),
        (["--position-id", "nonsense"], "backgammon:"),
        (["--size", "big"], "size"),
    ],
)
def test_junk_on_the_command_line_is_refused_with_a_message(args, words, tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "app", *args, "--data-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
        env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 2
    assert words in result.stderr and "Traceback" not in result.stderr
