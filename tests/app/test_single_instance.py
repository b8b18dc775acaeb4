"""One running copy per data folder, in processes of their own as a player would start them:
the folder's lock, a second start that brings the first window forward, a lock and socket left
by a copy killed with SIGKILL taken over, and a first copy that does not answer said in a window.
"""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.storage import Storage
from tests.app.test_cli import ROOT, env

pytestmark = [pytest.mark.gui, pytest.mark.timeout(180)]

# ``python -m app ARGS`` that also prints when it listens for later starts and when it has
# brought its window forward.
FIRST = textwrap.dedent(
    """
    import sys
    from app import single_instance

    listen, forward = single_instance.InstanceServer.listen, single_instance.bring_forward

    def listening(self):
        ok = listen(self)
        print("listening" if ok else "not listening", flush=True)
        return ok

    def brought(window):
        forward(window)
        print("brought forward", flush=True)

    single_instance.InstanceServer.listen = listening
    single_instance.bring_forward = brought

    from app import position_setup
    read = position_setup.PositionSetup.importMat

    def importing(self, url):
        print("importing " + url, flush=True)
        read(self, url)

    position_setup.PositionSetup.importMat = importing
    paste = position_setup.PositionSetup.pasteText

    def pasting(self, text):
        print("pasting " + text, flush=True)
        paste(self, text)

    position_setup.PositionSetup.pasteText = pasting
    from app import i18n
    switch = i18n.switch_language

    def switching(engine, code):
        switch(engine, code)
        print("speaking " + i18n.current_language(), flush=True)

    i18n.switch_language = switching
    from app.__main__ import main
    sys.exit(main(sys.argv[1:]))
    """
)

# Holds the folder's lock and nothing else (a copy that never answers), until killed.
HOLD = textwrap.dedent(
    """
    import sys, time
    from app.storage import Storage
    storage = Storage(sys.argv[1])
    print(storage.lock(), flush=True)
    time.sleep(120)
    """
)

# ``python -m app ARGS`` that reads the window saying the game is open, then closes it.
SAY = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QGuiApplication
    from app.window import application
    from app.__main__ import main

    app = application(["test"])

    def look():
        for window in QGuiApplication.topLevelWindows():
            if window.objectName() == "alreadyOpenWindow" and window.isVisible():
                from PySide6.QtCore import QObject
                text = window.findChild(QObject, "alreadyOpenText").property("text")
                print("said:", text, flush=True)
                window.close()
                return
        QTimer.singleShot(100, look)

    QTimer.singleShot(100, look)
    code = main(sys.argv[1:])
    print("code", code, flush=True)
    """
)


class Program:
    """A process of its own whose output lines are read as they come."""

    def __init__(self, args: list[str], home: Path) -> None:
        self.process = subprocess.Popen(
            args,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env(home),
            cwd=ROOT,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def wait_for(self, text: str, timeout: float = 60) -> str:
        seen = []
        while True:
            try:
                line = self.lines.get(timeout=timeout)
            except queue.Empty:
                raise AssertionError(f"{text!r} not seen in {seen}") from None
            seen.append(line)
            if text in line:
                return line

    def kill(self) -> None:
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)


def start(home: Path, data: Path) -> Program:
    return Program([sys.executable, "-c", FIRST, "--data-dir", str(data)], home)


@contextlib.contextmanager
def first_copy(home: Path) -> Iterator[tuple[Program, Path]]:
    """A first copy on the data folder ``home/data``, listening for later starts; killed after."""
    data = home / "data"
    first = start(home, data)
    try:
        first.wait_for("listening")
        yield first, data
    finally:
        first.kill()


def second_start(home: Path, data: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "app", *args, "--data-dir", str(data)],
        capture_output=True,
        text=True,
        timeout=60,
        env=env(home),
        cwd=ROOT,
    )


def test_the_lock_holds_against_other_processes_and_is_taken_over_after_sigkill(tmp_path):
    data = tmp_path / "data"
    holder = Program([sys.executable, "-c", HOLD, str(data)], tmp_path)
    try:
        assert holder.wait_for("True") == "True"
        other = Program([sys.executable, "-c", HOLD, str(data)], tmp_path)
        try:
            assert other.wait_for("e") == "False"  # a second process is refused
        finally:
            other.kill()
        assert not Storage(data).lock()
    finally:
        holder.kill()
    storage = Storage(data)  # the owner is dead: its lock is stale and is taken over
    try:
        assert storage.lock()
    finally:
        storage.unlock()


def test_a_second_start_brings_the_first_window_forward(tmp_path):
    with first_copy(tmp_path) as (first, data):
        second = second_start(tmp_path, data)
        assert second.returncode == 0, second.stderr
        assert "brought forward" in second.stderr and "Traceback" not in second.stderr
        first.wait_for("brought forward", timeout=30)
        assert first.process.poll() is None  # the first copy plays on


def test_a_second_start_with_a_match_file_hands_it_to_the_first(tmp_path):
    path = ROOT / "tests" / "data" / "gnubg-match-3-point-a.mat"
    with first_copy(tmp_path) as (first, data):
        second = second_start(tmp_path, data, str(path))
        assert second.returncode == 0 and "brought forward" in second.stderr, second.stderr
        assert first.wait_for("importing", timeout=30) == f"importing {path.resolve()}"
        assert first.process.poll() is None


def test_a_second_start_with_ids_sets_them_up_in_the_first(tmp_path):
    # found by a tester: "--position-id ..." to a running game brought it forward and dropped
    # the IDs without a word
    ids = "4HPwATDgc/ABMA:cAkAAAAAAAAA"
    with first_copy(tmp_path) as (first, data):
        position, match = ids.split(":")
        second = second_start(tmp_path, data, "--position-id", position, "--match-id", match)
        assert second.returncode == 0 and f"to set up {ids}" in second.stderr, second.stderr
        assert first.wait_for("pasting", timeout=30) == f"pasting {ids}"
        # a Position ID alone; a malformed one is refused by the second start itself, and by
        # the running window, which says why as for a paste (the terminal alone said it: found
        # by a tester)
        second = second_start(tmp_path, data, "--position-id", position)
        assert second.returncode == 0
        assert first.wait_for("pasting", timeout=30) == f"pasting {position}"
        second = second_start(tmp_path, data, "--position-id", "nonsense")
        assert second.returncode == 2 and "cannot show" in second.stderr
        assert first.wait_for("pasting", timeout=30) == "pasting nonsense"
        assert first.process.poll() is None


def test_a_second_start_in_another_language_switches_the_first_to_it(tmp_path):
    # found by a tester: "--lang nl" to a running Danish game brought it forward in Danish
    path = ROOT / "tests" / "data" / "gnubg-match-3-point-a.mat"
    with first_copy(tmp_path) as (first, data):
        second = second_start(tmp_path, data, "--lang", "nl")
        assert second.returncode == 0 and "brought forward in nl" in second.stderr, second.stderr
        assert first.wait_for("speaking", timeout=30) == "speaking nl"
        first.wait_for("brought forward", timeout=30)
        # with a file too
        second = second_start(tmp_path, data, "--lang", "da", str(path))
        assert second.returncode == 0, second.stderr
        assert first.wait_for("speaking", timeout=30) == "speaking da"
        assert first.wait_for("importing", timeout=30) == f"importing {path.resolve()}"
        assert first.process.poll() is None


def test_a_copy_killed_with_sigkill_leaves_nothing_in_the_way(tmp_path):
    data = tmp_path / "data"
    first = start(tmp_path, data)
    first.wait_for("listening")
    first.kill()  # its lock file and socket stay behind
    assert (data / "backgammon.lock").exists()
    again = start(tmp_path, data)
    try:
        assert again.wait_for("listening") == "listening"  # the stale lock and socket taken over
        third = second_start(tmp_path, data)
        assert third.returncode == 0, third.stderr
        again.wait_for("brought forward", timeout=30)
    finally:
        again.kill()


def test_a_first_copy_that_does_not_answer_is_said_in_a_window(tmp_path):
    data = tmp_path / "data"
    holder = Program([sys.executable, "-c", HOLD, str(data)], tmp_path)
    try:
        holder.wait_for("True")
        said = Program([sys.executable, "-c", SAY, "--data-dir", str(data)], tmp_path)
        try:
            line = said.wait_for("said:")
            assert "already open" in line and str(data) in line
            assert said.wait_for("code") == "code 1"
        finally:
            said.kill()
    finally:
        holder.kill()


class _Window:
    """What ``bring_forward`` asks of a window, and what it did to it."""

    def __init__(self, visible: bool, minimised: bool = False) -> None:
        from PySide6.QtCore import Qt

        self.visible = visible
        self.states = Qt.WindowState.WindowMinimized if minimised else Qt.WindowState.WindowNoState
        self.calls: list[str] = []

    def windowStates(self):  # noqa: N802
        return self.states

    def isVisible(self) -> bool:  # noqa: N802
        return self.visible

    def __getattr__(self, name: str):
        return lambda: self.calls.append(name)


@pytest.mark.parametrize(
    ("visible", "minimised", "calls"),
    [
        # a shown window is only raised: show() again gave it back the size it asked for at its
        # start, past the foot of the screen where the window manager had made it fit (found
        # by a tester)
        (True, False, ["raise_", "requestActivate"]),
        (True, True, ["showNormal", "raise_", "requestActivate"]),
        (False, False, ["show", "raise_", "requestActivate"]),
    ],
)
def test_bringing_a_window_forward_keeps_its_place_and_size(visible, minimised, calls):
    from app.single_instance import bring_forward

    window = _Window(visible, minimised)
    bring_forward(window)  # type: ignore[arg-type]
    assert window.calls == calls
