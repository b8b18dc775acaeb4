"""The data folder: atomic writes, damaged files set aside under names of their own, leftovers of
a killed writer removed, and JSON read through the engine's one guard."""

from __future__ import annotations

import os
import time

import pytest

from app.storage import Storage
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
