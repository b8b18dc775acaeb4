"""The command line: IDs and a size open the window on that position (not only for
screenshots); an unknown language or an impossible ID is refused with a message.

Each start runs in a process of its own, as a player's would: ``main()`` runs the application's
event loop, and a loop that has run and quit leaves the process unfit for the window tests that
follow it (answers of the computer's worker thread are no longer delivered).
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from app.__main__ import shown_session
from engine import Position
from engine.ids import exchanged_seats
from engine.match import Match
from engine.matchid import GAME_OVER, MatchIdFields

pytestmark = [pytest.mark.gui, pytest.mark.timeout(120)]

ROOT = Path(__file__).resolve().parents[2]
BASE_ENV = {"QT_QPA_PLATFORM": "offscreen", "QT_QUICK_BACKEND": "software", "PATH": "/usr/bin:/bin"}


def env(home: Path) -> dict[str, str]:
    """A clean environment whose settings and data stay in ``home``."""
    return {**BASE_ENV, "HOME": str(home), "XDG_CONFIG_HOME": str(home / "config")}


# Starts the program as ``python -m app ARGS`` would, and prints what the opened window shows.
LOOK = textwrap.dedent(
    """
    import json, sys
    from PySide6.QtCore import QTimer
    from app import window as window_module
    from app.__main__ import main

    real_open = window_module.open_window
    seen = {}

    def opening(*args, **kwargs):
        w = real_open(*args, **kwargs)

        def look():
            seen.update(
                board=list(w.view.board),
                length=w.view.matchLength,
                size=[w.window.width(), w.window.height()],
                saving=w.flow.storage is not None,
                phase=w.flow.session.phase,
                cube=w.flow.session.cube_value,
                status=w.view.status,
                reviewing=w.view.reviewing,
                computer=w.flow.session.settings.computer,
                level=w.flow.session.settings.level,
            )
            w.app.quit()

        QTimer.singleShot(0, look)
        return w

    window_module.open_window = opening
    code = main(sys.argv[1:])
    print(json.dumps({"code": code, **seen}))
    """
)


def a_match_in_play() -> Match:
    match = Match(5, cube=True, seed=3)
    game = match.new_game()
    game.roll(match.rng)
    game.play(game.legal_plays()[0])
    return match


def given_ids(match: Match) -> list[str]:
    """The match's IDs on the command line, as GNU Backgammon writes them: in its seats (its
    user's player 1 is the person, player 0 here)."""
    return ["--position-id", match.position_id(), "--match-id", exchanged_seats(match.match_id())]


def test_ids_and_size_open_the_window_on_that_position(tmp_path):
    match = a_match_in_play()
    args = given_ids(match)
    args += ["--size", "1024x768", "--data-dir", str(tmp_path), "--lang", "en"]
    seen = look(args, tmp_path)
    assert seen["code"] == 0
    session = shown_session(match.position_id(), exchanged_seats(match.match_id()))
    assert session.match.match_id() == match.match_id()
    assert seen["length"] == 5
    assert seen["board"] == session.absolute_board()
    assert seen["size"] == [1024, 768]
    assert seen["saving"] is False  # a shown position does not replace the saved game
    # where it came from (the status was empty), as a paste says
    pair = f"{match.position_id()}:\u200b{exchanged_seats(match.match_id())}"
    assert seen["status"] == f"Set up from {pair}."
    # against the new game's opponent, as the same IDs pasted into the window are (they opened
    # as a game between two people: found by a tester)
    assert seen["computer"] is True and seen["level"] == "medium"


@pytest.mark.parametrize(("opponent", "computer"), [("expert", True), ("human", False)])
def test_ids_open_against_the_opponent_of_the_last_new_game(opponent, computer, tmp_path):
    folder = tmp_path / "config" / "Backgammon"  # where the window's settings are kept
    folder.mkdir(parents=True)
    (folder / "Backgammon.conf").write_text(f"[newGame]\nopponent={opponent}\n")
    match = a_match_in_play()
    seen = look(given_ids(match), tmp_path)
    assert seen["code"] == 0 and seen["computer"] is computer
    if computer:
        assert seen["level"] == opponent


def look(args: list[str], home: Path) -> dict:
    """What the window opened by ``python -m app ARGS`` shows (see ``LOOK``)."""
    result = subprocess.run(
        [sys.executable, "-c", LOOK, *args, "--data-dir", str(home)],
        capture_output=True,
        text=True,
        timeout=90,
        env=env(home),
        cwd=ROOT,
    )
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_a_pending_double_in_the_match_id_opens_with_the_double_to_answer(tmp_path):
    match = a_match_in_play()
    match.game.roll(dice=(6, 5))
    match.game.play(match.game.legal_plays()[0])
    match.game.double()  # player 0 offers 2, player 1 must take or pass
    seen = look(given_ids(match), tmp_path)
    assert seen["code"] == 0
    assert seen["phase"] == "double" and seen["cube"] == 1


BLOCKED = Position.from_text("x bar:1 13:14; o 19:2 20:2 21:2 22:2 23:2 24:2 6:3")


@pytest.mark.parametrize(
    "position_id, match_id",
    [
        ("AAAAAAAAAAAAAA", None),  # no checker left on either side: a finished game
        (Position.start().position_id(), MatchIdFields(match_length=5, score=(5, 2)).encode()),
        (
            Position.start().position_id(),
            MatchIdFields(match_length=5, game_state=GAME_OVER).encode(),
        ),
        (BLOCKED.position_id(), MatchIdFields(dice=(6, 5)).encode()),  # no legal move
        (None, MatchIdFields(match_length=99).encode()),  # longer than a match may be
    ],
)
def test_well_formed_ids_of_impossible_states_are_refused_naming_the_id(
    position_id, match_id, tmp_path
):
    args = ["--screenshot", str(tmp_path / "x.png"), "--data-dir", str(tmp_path)]
    if position_id:
        args += ["--position-id", position_id]
    if match_id:
        args += ["--match-id", match_id]
    result = subprocess.run(
        [sys.executable, "-m", "app", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=env(tmp_path),
        cwd=ROOT,
    )
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 2
    assert (position_id or match_id) in result.stderr
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize(
    "args, words",
    [
        (["--lang", "xx"], "invalid choice"),
        (["--position-id", "nonsense"], "backgammon:"),
        (["--size", "big"], "size"),
        # an empty value was taken as none: the game opened and waited, or the ID was ignored
        (["--screenshot", ""], "--screenshot: an empty value"),
        (["--position-id", " "], "--position-id: an empty value"),
        (["--match-id", ""], "--match-id: an empty value"),
    ],
)
def test_junk_on_the_command_line_is_refused_with_a_message(args, words, tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "app", *args, "--data-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
        env=env(tmp_path),
        cwd=ROOT,
    )
    assert result.returncode == 2
    assert words in result.stderr and "Traceback" not in result.stderr


def test_a_match_file_on_the_command_line_opens_as_an_import(tmp_path):
    # found by a tester: "backgammon match.mat" answered "unrecognized arguments"
    path = ROOT / "tests" / "data" / "gnubg-match-3-point-a.mat"
    seen = look([str(path)], tmp_path / "first")
    assert seen["code"] == 0
    assert seen["length"] == 3 and seen["reviewing"]  # in the history view, as an import
    # a damaged file: refused (the window says why), the game as it was
    bad = tmp_path / "bad.mat"
    bad.write_text("this is no match\n", encoding="utf-8")
    seen = look([str(bad)], tmp_path / "second")
    assert seen["code"] == 0 and not seen["reviewing"] and seen["length"] != 3
    # with IDs as well, it cannot be both
    both = subprocess.run(
        [sys.executable, "-m", "app", str(path), "--position-id", "4HPwATDgc/ABMA"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env(tmp_path),
        cwd=ROOT,
    )
    assert both.returncode == 2 and "not both" in both.stderr


def test_a_screenshot_is_not_written_into_a_folder_that_is_not_there(tmp_path):
    # found by a tester: "--screenshot /nonexistent/dir/x.png" made the folders
    target = tmp_path / "no" / "such" / "x.png"
    result = subprocess.run(
        [sys.executable, "-m", "app", "--screenshot", str(target), "--data-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
        env=env(tmp_path),
        cwd=ROOT,
    )
    assert result.returncode == 1 and "no folder" in result.stderr
    assert not (tmp_path / "no").exists()
