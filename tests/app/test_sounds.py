"""Sound effects: off by default; when on, the dice, a checker and a hit each play their own
file (the project's own, made by packaging/make_sounds.py)."""

from __future__ import annotations

import wave

import pytest

from app.parts import part_of
from app.sounds import NAMES, SOUNDS, Sounds

pytestmark = [pytest.mark.gui, pytest.mark.timeout(120)]


def test_the_sound_files_are_short_mono_wavs():
    for name in NAMES:
        with wave.open(str(SOUNDS / f"{name}.wav")) as sound:
            assert sound.getnchannels() == 1 and sound.getframerate() == 44_100
            assert 0.05 < sound.getnframes() / sound.getframerate() < 1.0


def test_sounds_are_off_by_default_and_follow_the_game_when_on(harness):
    harness.open(seed=8)
    game = harness.game
    sounds = part_of(harness.w.engine, Sounds)
    game.newGame({"opponent": "human"})
    while game.legalSteps:
        harness.play_step(game.legalSteps[0])
    assert sounds.played == []  # off
    game.sounds = True
    assert sounds.property("problem") == ""
    harness.click("rollButton")
    assert sounds.played == ["dice"]
    harness.play_step(game.legalSteps[0])
    assert sounds.played[-1] in ("checker", "hit") and len(sounds.played) == 2
