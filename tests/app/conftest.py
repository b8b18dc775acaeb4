"""Fixtures for the window tests: a real QML window, headless, with its own data folder.

The computer's delays and animations are set to zero so that whole games finish fast; the random
generator is seeded so that every run plays the same dice.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_QUICK_BACKEND", "software")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtCore import QCoreApplication, Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication  # noqa: E402
from PySide6.QtQuick import QQuickItem  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from tests.app.driver import WindowDriver  # noqa: E402


@pytest.fixture(scope="session")
def qapp_cls():
    return QGuiApplication


class GameParts:
    """The parts of an open window under one name, for short tests: ``game.board`` reads the
    match view, ``game.roll()`` calls the game flow, ``game.hintMode = 1`` sets a setting."""

    def __init__(self, w) -> None:
        object.__setattr__(self, "_parts", (w.view, w.flow, w.settings, w.board_input))

    def __getattr__(self, name: str):
        for part in self._parts:
            if hasattr(part, name):
                return getattr(part, name)
        raise AttributeError(name)

    def __setattr__(self, name: str, value) -> None:
        settings = self._parts[2]
        if not hasattr(settings, name):
            raise AttributeError(f"{name} is not a setting")
        setattr(settings, name, value)


class Harness(WindowDriver):
    """Opens the game window and drives it like a person: by clicks on rendered items."""

    def __init__(self, qtbot, data_dir: Path) -> None:
        self.qtbot = qtbot
        self.data_dir = data_dir
        self.w = None

    # -- window -------------------------------------------------------------------------------
    def open(
        self,
        *,
        seed: int = 7,
        start: bool = True,
        size=(1280, 800),
        think_delay_ms=0,
        language="en",
    ):
        from app.window import Options, open_window

        options = Options(
            data_dir=self.data_dir,
            settings_file=self.data_dir / "settings.ini",
            seed=seed,
            step_ms=0,
            think_delay_ms=think_delay_ms,
        )
        self.w = open_window(language, ["test"], options)
        self.w.window.resize(*size)
        self.w.window.show()
        self.qtbot.waitExposed(self.w.window)
        if start:
            self.w.flow.start()
        self.settle()
        return self.w

    def close(self) -> None:
        if self.w is not None:
            self.w.close()
            self.w = None
            QCoreApplication.processEvents()

    @property
    def game(self) -> GameParts:
        return GameParts(self.w)

    @property
    def window(self):
        return self.w.window

    def wait_for_human(self, timeout: int = 20000) -> None:
        """Wait until a person must act (or the game is over)."""
        game = self.game

        def ready() -> bool:
            return (game.humanToAct or game.gameOver.get("visible")) and not game.busy

        self.qtbot.waitUntil(ready, timeout=timeout)

    def drag(self, a: QQuickItem, b: QQuickItem) -> None:
        start, end = self.centre(a).toPoint(), self.centre(b).toPoint()
        button, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
        QTest.mousePress(self.window, button, mods, start)
        for i in range(1, 9):
            QTest.mouseMove(self.window, start + (end - start) * (i / 8))
            self.settle(1)
        QTest.mouseRelease(self.window, button, mods, end)
        self.settle(1)

    # -- the board ----------------------------------------------------------------------------
    def top_checker(self, location: int) -> QQuickItem:
        n = abs(self.game.board[location])
        assert n > 0, f"no checker on location {location}"
        return self.item(f"checker_{location}_{min(n, 5) - 1}")

    def target(self, location: int) -> QQuickItem:
        """The rendered mark of a destination, or the location's area (trays, hidden marks)."""
        found = self.find(f"destination_{location}")
        if found is not None:
            return found
        if location in (0, 27):
            return self.item(f"tray_{location}")
        return self.item(f"location_{location}")

    # The player confirms a finished turn (the default setting) as soon as it is complete;
    # tests of confirming itself turn this off.
    auto_confirm = True

    def play_step(self, step: dict) -> None:
        """Make one legal step by clicks: the checker, then its destination; a finished turn is
        confirmed with the Done button (``auto_confirm``)."""
        before = list(self.game.board)
        self.click_item(self.top_checker(step["from"]))
        assert self.game.selected == step["from"], f"{step['from']} was not picked"
        self.click_item(self.target(step["to"]))
        assert list(self.game.board) != before, f"the step {step} was not made"
        self.confirm_if_done()

    def play_a_turn(self) -> None:
        """The person rolls and plays a turn by clicks (the first legal steps)."""
        self.wait_for_human()
        if self.game.canRoll:
            self.click("rollButton")
        while self.game.legalSteps:
            self.play_step(self.game.legalSteps[0])
        self.confirm_if_done()
        self.settle()

    def confirm_if_done(self) -> None:
        """Click Done when the turn is complete (also a roll without a legal move)."""
        if self.auto_confirm and self.game.canConfirm and not self.game.legalSteps:
            self.click("confirmButton")


@pytest.fixture
def harness(qtbot, tmp_path) -> Iterator[Harness]:
    h = Harness(qtbot, tmp_path)
    yield h
    h.close()
