"""A part that ships and fails (the computer's networks, a language's catalog) is said to the
player in the window, and nothing weaker takes its place in silence."""

from __future__ import annotations

import pytest

import ai.evaluator
from app import i18n

pytestmark = [pytest.mark.gui, pytest.mark.timeout(120)]


@pytest.fixture
def no_weights(monkeypatch, tmp_path):
    """The shipped networks gone (as from a damaged installation); loaded again from here on."""

    def remove() -> None:
        monkeypatch.setattr(ai.evaluator, "_default", None)
        monkeypatch.setattr(ai.evaluator, "CONTACT_WEIGHTS", tmp_path / "contact.npz")

    return remove


def notice(harness) -> str:
    dialog = harness.w.engine.rootObjects()[0].findChild(object, "noticeDialog")
    return harness.item("noticeText").property("text") if dialog.property("visible") else ""


def test_missing_networks_are_reported_and_the_computer_does_not_play(harness, no_weights):
    no_weights()
    harness.open(seed=3, start=False)  # first launch: a game against the computer, who starts
    harness.w.flow.start()
    harness.settle(300)
    game = harness.game
    text = notice(harness)
    assert text.startswith("The computer player could not be loaded:")
    assert "reinstall the program" in text
    assert harness.w.computer.player is None
    assert game.onRoll == 1 and len(game.moveList) == 1  # nothing was played in its place


def test_a_player_that_cannot_load_leaves_no_other_player_in_its_place(harness, no_weights):
    harness.open(seed=3)
    game = harness.game
    game.newGame({"opponent": "beginner"})
    harness.wait_for_human()
    assert harness.w.computer.player is not None
    no_weights()
    game.newGame({"opponent": "expert"})
    harness.settle(300)
    assert notice(harness).startswith("The computer player could not be loaded:")
    assert harness.w.computer.player is None  # not the Beginner playing as "Expert"
    lines = len(game.moveList)
    if game.onRoll == 0:
        while game.legalSteps:
            harness.play_step(game.legalSteps[0])
        harness.confirm_if_done()
        lines = len(game.moveList)
    harness.settle(300)
    assert game.onRoll == 1 and len(game.moveList) == lines  # the computer's side waits


def test_a_missing_catalog_is_said_once_and_the_window_speaks_english(harness, monkeypatch):
    real = i18n.catalog_path
    missing = real("da").with_name("gone.mo")
    monkeypatch.setattr(i18n, "catalog_path", lambda code: missing if code == "da" else real(code))
    seen: list[str] = []
    i18n.language_state().failed.connect(seen.append)
    try:
        harness.open(seed=5, language="da")
        assert i18n.current_language() == "en"
        text = notice(harness)
        assert text.startswith("The translations could not be loaded: The Dansk translations")
        assert "reinstall the program" in text
        harness.w.flow.dismissNotice()
        harness.settle()
        singleton = harness.w.engine.singletonInstance("app.qml", "I18n")
        singleton.setProperty("language", "da")  # the language menu, again
        harness.settle()
        assert i18n.current_language() == "en"
        assert len(seen) == 1 and notice(harness) == ""  # said once, not at every attempt
    finally:
        i18n.language_state().failed.disconnect(seen.append)
        i18n.language_state().problems.clear()
