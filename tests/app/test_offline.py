"""The window never touches the network: texts from a save, a dialog or a lesson file that look
like HTML (``<img src="http://...">``) are shown as they are written, and nothing is fetched.

A listener on 127.0.0.1 stands in for the web; the window shows the texts in every place they
appear (the side panel, the take-or-pass prompt, the end of the game, a notice, the new-game
dialog, a lesson) and renders each; the listener must never be called.
"""

from __future__ import annotations

import json
import shutil
import socket
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QObject, Qt
from PySide6.QtTest import QTest

from app.session import MatchSettings, Session
from tests.app.driver import as_written, text_format

pytestmark = [pytest.mark.gui, pytest.mark.timeout(120)]

ROOT = Path(__file__).resolve().parents[2]


class Listener:
    """A TCP server on 127.0.0.1 that records every connection made to it."""

    def __init__(self) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.sock.settimeout(0.05)
        self.port = self.sock.getsockname()[1]
        self.requests: list[bytes] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def url(self, name: str) -> str:
        return f"http://127.0.0.1:{self.port}/{name}"

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _addr = self.sock.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            with conn:
                conn.settimeout(1)
                try:
                    self.requests.append(conn.recv(2048) or b"(connected)")
                except OSError:
                    self.requests.append(b"(connected)")

    def close(self) -> None:
        self._stop.set()
        self._thread.join(2)
        self.sock.close()


@pytest.fixture
def listener():
    server = Listener()
    yield server
    server.close()


def img(listener: Listener, name: str) -> str:
    text = f'<img src="{listener.url(name)}">'
    assert len(text) <= 40  # fits the name fields and the saved names
    return text


def render(harness, listener: Listener, ms: int = 300) -> None:
    """Render the window and give a request the time to arrive; none may."""
    harness.settle(ms)
    assert not harness.window.grabWindow().isNull()
    harness.settle(ms)
    assert listener.requests == []


def key(harness, k, mods=Qt.KeyboardModifier.NoModifier) -> None:
    QTest.keyClick(harness.window, k, mods)
    harness.settle(5)


def test_html_in_a_save_and_in_the_new_game_dialog_is_never_fetched(harness, listener):
    names = (img(listener, "white"), img(listener, "black"))
    session = Session(MatchSettings(cube=True, names=names, computer=False), seed=4)
    session.start_game()
    session.opening()
    harness.data_dir.mkdir(parents=True, exist_ok=True)
    (harness.data_dir / "game.json").write_text(json.dumps(session.to_dict()), encoding="utf-8")
    harness.open(seed=4)
    game = harness.game
    assert game.names == list(names)  # resumed, with the names as written
    render(harness, listener)
    name_label = harness.item("playerName0")
    assert name_label.property("text") == names[0]
    assert text_format(name_label) == Qt.TextFormat.PlainText.value
    while game.legalSteps:  # finish the opening turn, then double and pass
        harness.play_step(game.legalSteps[0])
    harness.confirm_if_done()
    assert game.canDouble
    key(harness, Qt.Key.Key_D)
    assert harness.item("doublePrompt").isVisible()
    render(harness, listener)
    key(harness, Qt.Key.Key_P)
    assert harness.item("gameOverCard").isVisible()
    render(harness, listener)
    # the new-game dialog, with a name typed in
    key(harness, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    dialog = harness.window.findChild(QObject, "newGameDialog")
    harness.qtbot.waitUntil(lambda: dialog.property("opened"), timeout=3000)
    field = harness.item("name0Field")
    field.forceActiveFocus()
    for char in img(listener, "typed"):
        QTest.keyClick(harness.window, char)
    assert field.property("text") == img(listener, "typed")
    render(harness, listener)
    key(harness, Qt.Key.Key_Return)
    harness.wait_for_human()
    assert game.names[0] == img(listener, "typed")
    render(harness, listener)


def test_html_in_a_damaged_save_is_shown_as_written(harness, listener):
    session = Session(MatchSettings(computer=False), seed=4)
    session.start_game()
    data = session.to_dict()
    # a value of the wrong type, which the notice quotes (a short one: a long value is cut)
    data["settings"]["cube"] = img(listener, "c")
    harness.data_dir.mkdir(parents=True, exist_ok=True)
    (harness.data_dir / "game.json").write_text(json.dumps(data), encoding="utf-8")
    harness.open(seed=4)
    assert img(listener, "c") in harness.game.notice  # the file's text, in the notice
    notice = harness.item("noticeText")
    assert notice.isVisible()
    assert text_format(notice) == Qt.TextFormat.PlainText.value
    render(harness, listener)


def test_html_in_a_lesson_file_is_shown_as_written(qtbot, tmp_path, listener):
    from tests.app.test_lessons_player import LessonHarness

    data = tmp_path / "lessons"
    shutil.copytree(ROOT / "lessons" / "data", data)
    path = data / "01-board.json"
    lesson = json.loads(path.read_text(encoding="utf-8"))
    step = lesson["steps"][0]
    step["title"] = img(listener, "title")
    step["text"][0] = "Look: " + img(listener, "text")
    step["marks"].append({"label": 20, "text": img(listener, "mark")})
    path.write_text(json.dumps(lesson), encoding="utf-8")
    ui = LessonHarness(qtbot, tmp_path, lessons_dir=data)
    ui.open()
    try:
        if ui.player.error:  # refused by the loader: said, and nothing fetched
            assert "01-board" in ui.item("chooseLessonText").property("text")
        else:
            ui.click("openLesson_0")
            assert ui.item("stepTitle").property("text") == img(listener, "title")
            shown = as_written(ui.item("paragraph_0").property("text"))
            assert shown.endswith(img(listener, "text"))
        render(ui, listener)
    finally:
        ui.close()
