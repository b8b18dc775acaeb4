"""The data folder: atomic writes, damaged files set aside under names of their own, leftovers of
a killed writer removed, and JSON read through the engine's one guard."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QLockFile

from app.storage import LOCK_NAME, Storage, move_entries
from engine import jsonfile


def test_two_files_set_aside_in_the_same_second_are_both_kept(tmp_path, monkeypatch):
    monkeypatch.setattr(time, "strftime", lambda *_args: "20250101-120000")
    storage = Storage(tmp_path)
    names = []
    for content in ("{first", "{second", "{third"):
        storage.path("game.json").write_text(content)
        names.append(storage.set_aside("game.json"))
    assert len(set(names)) == 3 and all(names)
    kept = sorted(storage.path(name).read_text() for name in names)
    assert kept == ["{first", "{second", "{third"]
    assert not storage.path("game.json").exists()


def test_set_aside_of_a_file_that_cannot_move_says_so(tmp_path):
    assert Storage(tmp_path).set_aside("missing.json") == ""


def test_temporary_files_of_a_killed_writer_go_when_the_folder_is_taken(tmp_path):
    left = [tmp_path / "game.json.k2ls9x0q.tmp", tmp_path / ".statistics.json.a1b2c3d4.tmp"]
    for path in left:
        path.write_text("half a fi")
    (tmp_path / "notes.txt").write_text("not ours")
    storage = Storage(tmp_path)
    try:
        assert storage.lock()
        assert not any(path.exists() for path in left)
        assert (tmp_path / "notes.txt").exists()
    finally:
        storage.unlock()


def test_a_write_removes_old_leftovers_but_not_a_writer_at_work(tmp_path):
    old = tmp_path / "game.json.oldoldol.tmp"
    fresh = tmp_path / "game.json.freshfre.tmp"
    for path in (old, fresh):
        path.write_text("{")
    then = time.time() - jsonfile.STALE_SECONDS - 60
    os.utime(old, (then, then))
    Storage(tmp_path).write("game.json", "{}")
    assert not old.exists() and fresh.exists()
    assert (tmp_path / "game.json").read_text() == "{}"


def test_reading_goes_through_the_json_guard(tmp_path):
    storage = Storage(tmp_path)
    with pytest.raises(FileNotFoundError):
        storage.read_json("game.json")
    for text in ('{"a": Infinity}', '{"a": 1e400}', "[" * 10_000, '{"a": NaN}', b"\xff\xfe"):
        data = text if isinstance(text, bytes) else text.encode()
        storage.path("game.json").write_bytes(data)
        with pytest.raises(jsonfile.JsonValueError):
            storage.read_json("game.json")
    storage.path("game.json").write_text('{"a": [1, 2.5, "x"]}')
    assert storage.read_json("game.json") == {"a": [1, 2.5, "x"]}


def test_a_folder_under_a_regular_file_reads_as_no_file(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    storage = Storage(blocker / "data")
    with pytest.raises(FileNotFoundError):
        storage.read_json("game.json")
    with pytest.raises(OSError):
        storage.write("game.json", "{}")
    assert storage.lock()  # nothing can be saved there: nothing to protect


def _start_storage(home) -> str:
    """The data folder the program takes when started as ``python -m app`` is: the storage
    made before the window, in a fresh process (in this one the program is named already)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env["HOME"] = str(home)
    code = "from app.window import Options, make_storage; print(make_storage(Options()).folder)"
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def test_the_game_keeps_its_data_in_a_folder_of_its_own(tmp_path):
    """The program asked for its data folder before naming itself, and wrote its save, its
    statistics and the students into the data folder that every program shares."""
    shared = tmp_path / ".local" / "share"
    assert Path(_start_storage(tmp_path)) == shared / "Backgammon" / "Backgammon"
    assert not shared.exists() or not any(p.is_file() for p in shared.iterdir())


SAVE = '{"version": 2, "match": {"format": "backgammon-desktop/match"}}'


def test_data_written_in_the_shared_folder_moves_to_the_games_own(tmp_path):
    shared = tmp_path / ".local" / "share"
    (shared / "students" / "student-2").mkdir(parents=True)
    (shared / "students" / "student-2" / "profile.json").write_text('{"name": "Anna"}')
    (shared / "game.json").write_text(SAVE)
    (shared / "game-unreadable-20261202-100000.json").write_text("{damaged")
    (shared / "statistics.json").write_text('{"version": 1, "records": [], "seen": []}')
    (shared / "recently-used.xbel").write_text("another program's")
    own = Path(_start_storage(tmp_path))
    assert (own / "students" / "student-2" / "profile.json").read_text() == '{"name": "Anna"}'
    assert (own / "game.json").read_text() == SAVE
    assert (own / "game-unreadable-20261202-100000.json").exists()
    assert (own / "statistics.json").exists()
    assert sorted(p.name for p in shared.iterdir()) == ["Backgammon", "recently-used.xbel"]
    # the game's own folder holding data already: nothing more is moved (nor overwritten)
    (shared / "game.json").write_text(SAVE.replace("2", "3"))
    assert Path(_start_storage(tmp_path)) == own
    assert (own / "game.json").read_text() == SAVE
    assert (shared / "game.json").read_text() == SAVE.replace("2", "3")


def test_another_programs_files_of_the_same_names_stay(tmp_path):
    shared = tmp_path / ".local" / "share"
    (shared / "students" / "class-4b").mkdir(parents=True)
    (shared / "game.json").write_text('{"level": 3}')
    (shared / "statistics.json").write_text("{}")
    own = Path(_start_storage(tmp_path))
    assert (shared / "game.json").read_text() == '{"level": 3}'
    assert (shared / "students" / "class-4b").is_dir() and (shared / "statistics.json").exists()
    assert not (own / "game.json").exists() and not (own / "students").exists()


def test_nothing_moves_while_an_older_copy_holds_the_shared_folder(tmp_path):
    shared = tmp_path / "share"
    shared.mkdir()
    (shared / "game.json").write_text("{}")
    running = QLockFile(str(shared / LOCK_NAME))
    assert running.tryLock(0)
    try:
        assert move_entries(shared, tmp_path / "own", ["game.json"], lambda _p: True) == []
    finally:
        running.unlock()
    assert move_entries(shared, tmp_path / "own", ["game.json"], lambda _p: True) == ["game.json"]
    assert not (shared / LOCK_NAME).exists()
