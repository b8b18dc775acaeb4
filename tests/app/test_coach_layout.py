"""The hint and the tutor's word fit the window from 800 x 600 to 1920 x 1080 in every language
and at every text size: no text elided or cut off, every button inside the window, and the board
still beside them."""

from __future__ import annotations

import itertools

import pytest

from ai.player import ComputerPlayer
from app.computer_turn import cube_state
from engine import Position
from engine.moves import legal_plays
from tests.app.test_layout import LANGUAGES, SIZES, TEXT_SCALES, scene_rect, text_problems

pytestmark = [pytest.mark.gui, pytest.mark.timeout(300)]

# a position whose best plays have long names (hits, a checker that moves twice)
BUSY = "x 24:2 13:4 8:3 6:4 4:1 bar:1; o 19:4 17:3 12:5 1:1 3:1 5:1"


def problems(harness, names: list[str]) -> list[str]:
    found = list(text_problems(harness))
    window = scene_rect(harness.window.contentItem()).adjusted(-0.5, -0.5, 0.5, 0.5)
    for name in names:
        item = harness.item(name)
        if not window.contains(scene_rect(item)):
            found.append(f"{name} is not inside the window")
    board = harness.item("board")
    if board.height() < 250:
        found.append(f"the board is squeezed to {board.height():.0f} px")
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_hint_and_the_tutor_fit_at_every_size(harness, language):
    harness.open(seed=3, size=SIZES[0])
    from app import i18n

    i18n.set_language(harness.w.app, harness.w.engine, language)
    harness.w.flow.show_position(Position.from_text(BUSY), 0, dice=(5, 3), names=("Annemarie", ""))
    harness.settle()
    coach = harness.w.coach
    coach.hint()
    harness.qtbot.waitUntil(lambda: bool(coach.visible and coach.rows), timeout=30000)
    found = []
    for scale, size in itertools.product(TEXT_SCALES, SIZES):
        harness.w.settings.textScale = scale
        harness.window.resize(*size)
        harness.settle(150)
        found += [
            f"hint {size} at {scale}%: {p}"
            for p in problems(harness, ["hintLine4", "hintCloseButton"])
        ]
    # the tutor's word on the worst play
    harness.game.tutorMode = 1
    s = harness.w.flow.session
    expert = ComputerPlayer("expert")
    plays = {p.result: p for p in legal_plays(s.position, s.dice)}
    worst = plays[expert.rank(s.position, s.dice, cube_state(s))[-1].result]
    for st in worst.steps:
        s.move(st.src, st.dst)
    harness.w.flow.confirm()
    harness.qtbot.waitUntil(lambda: harness.w.tutor.visible, timeout=30000)
    buttons = ["tutorRethinkButton", "tutorBestButton", "tutorAnywayButton", "tutorText"]
    for scale, size in itertools.product(TEXT_SCALES, SIZES):
        harness.w.settings.textScale = scale
        harness.window.resize(*size)
        harness.settle(150)
        found += [f"tutor {size} at {scale}%: {p}" for p in problems(harness, buttons)]
    assert not found, f"in {language}:\n" + "\n".join(found)
