"""Roll out the hint's position in the real window: clicked, read, stopped, gone with the game."""

from __future__ import annotations

import numpy as np
import pytest

from ai.cube import cube_efficiency, decide, position_features
from ai.evaluator import load_default_evaluator
from ai.rollout import RolloutSettings, cube_rollout, plays_rollout, rollout
from app.coach import right_action
from app.computer_turn import cube_state
from app.i18n import format_number, format_percent
from app.i18n import format_signed as signed
from app.texts import T
from engine import Position

pytestmark = [pytest.mark.gui, pytest.mark.timeout(180)]

DOUBLE_TAKE = "x 8:3 7:3 6:3 5:3 4:3; o 18:3 19:3 20:3 21:3 15:3"  # a race 90 against 96


def set_up(harness, text: str, **state):
    harness.w.flow.show_position(Position.from_text(text), 0, **state)
    harness.settle()
    return harness.w.flow.session


def ask_hint(harness) -> None:
    harness.click("coachHintButton")
    hint_shown(harness)


def hint_shown(harness) -> None:
    """Wait for the hint's answer, and for the panel to be laid out with it."""
    c = harness.w.coach
    harness.qtbot.waitUntil(lambda: bool(c.visible and not c.busy), timeout=30000)
    harness.settle(50)


def roll_out(harness) -> str:
    """Click "Roll out" and wait for the whole rollout; the text it shows."""
    r = harness.w.rollouts
    button = harness.item("rolloutButton")
    assert button.isVisible() and r.available and not r.running
    harness.click("rolloutButton")
    assert r.running and harness.item("rolloutProgress").isVisible()
    harness.qtbot.waitUntil(lambda: not r.running, timeout=120000)
    harness.settle(50)
    assert harness.item("rolloutText").isVisible()
    return r.text


def expected(position: Position):
    settings = RolloutSettings(games=1296, variance_reduction=False)
    return rollout(position, settings, workers=1, evaluator=load_default_evaluator())


def expected_cube(position: Position):
    settings = RolloutSettings(games=1296, variance_reduction=False)
    return cube_rollout(position, settings, workers=1, evaluator=load_default_evaluator())


def test_the_cube_hint_rolls_out_both_lines_of_the_cube_decision(harness):
    harness.open(seed=2)
    s = set_up(harness, DOUBLE_TAKE, cube=True)
    ask_hint(harness)
    assert harness.w.coach.kind == "cube"
    text = roll_out(harness)
    result = expected_cube(s.position)
    assert f"{format_number(1296, 0)} of {format_number(1296, 0)} games" in text
    assert f"{harness.w.flow.names()[0]} wins {format_percent(result.outputs[0], 1)}" in text
    assert f"cubeless equity {signed(result.equity)} \u00b1 " in text
    nd = f"no double {signed(result.no_double)} \u00b1 {format_number(result.no_double_se, 3)}"
    dt = f"double, take {signed(result.double_take)} \u00b1 "
    assert nd in text and dt in text and "double, pass +1.000." in text
    verdict = "Right: double, take." if result.double else "Right: no double."
    assert result.take and verdict in text
    assert harness.w.rollouts.progress == pytest.approx(1.0)
    # done to the end: the button goes on to as many games again
    assert harness.w.rollouts.offer == "more" and harness.w.rollouts.available
    assert harness.item("rolloutButton").property("text") == "Roll out more"
    assert harness.item("rolloutText").property("text") == text


def test_the_taker_sees_take_and_pass_rolled_out(harness):
    harness.open(seed=2)
    s = set_up(harness, DOUBLE_TAKE, cube=True)
    harness.click("doubleButton")
    assert harness.game.mustAnswerDouble
    ask_hint(harness)
    assert harness.w.coach.kind == "answer"
    text = roll_out(harness)
    result = expected_cube(s.position)  # the doubler on roll
    taker = harness.w.flow.names()[1]
    assert text.split(": ", 1)[1].startswith(
        f"{taker} wins {format_percent(1 - result.outputs[0], 1)}"
    )
    assert f"take {signed(-result.double_take)} \u00b1 " in text and "pass \u22121.000." in text
    assert "Right: take." in text


def test_chances_and_match_games_roll_out_without_the_cube(harness):
    """The chances asked for, and a match's cube decision (the cube's lines are rolled out for
    money only): the cubeless figures."""
    harness.open(seed=2)
    s = set_up(harness, DOUBLE_TAKE, cube=True)
    c = harness.w.coach
    c.chances()
    hint_shown(harness)
    assert c.kind == "chances"
    text = roll_out(harness)
    result = expected(s.position)
    assert f"wins {format_percent(result.outputs[0], 1)}" in text
    assert f"\u00b1 {format_percent(result.outputs_se[0], 1)}" in text
    assert format_number(result.equity_se, 3) in text and "cubeless equity +" in text
    assert "no double" not in text
    s = set_up(harness, DOUBLE_TAKE, cube=True, match_length=7, score=(2, 3))
    ask_hint(harness)
    assert c.kind == "cube"
    shown = roll_out(harness)
    assert shown.startswith(text + "\n")  # the same games, the same figures
    # and the cube decision judged by their chances at this score (there was no verdict, and
    # the hint's "Right: take" stood beside chances that pass: a tester)
    state = cube_state(s)
    x = cube_efficiency(position_features(s.position))
    d = decide(np.asarray(result.outputs), state, x=x)
    lines = (signed(d.no_double), signed(d.double_take), signed(d.double_pass))
    assert shown.split("\n")[-2] == (
        "By these chances at this score: no double {}; double, take {}; double, pass {}."
    ).format(*lines)
    assert shown.split("\n")[-1] == right_action(
        False, d.double, d.take, d.no_double > d.double_pass
    )
    # the taker's answer to that double, by the same chances
    harness.click("doubleButton")
    assert harness.game.mustAnswerDouble
    ask_hint(harness)
    assert c.kind == "answer"
    answered = roll_out(harness).split("\n")
    assert answered[-2] == (
        f"By these chances at this score: take {signed(-d.double_take)}; pass "
        f"{signed(-d.double_pass)}."
    )
    assert answered[-1] == ("Right: take." if d.take else "Right: pass.")


def expected_plays(coach, numbers: list[int], games: int, cubeful: bool = True):
    """The plays' rollout in one go: cubeful with the cube in the middle (a money game with the
    cube, as the hint values the plays), else cubeless."""
    results = [coach._answer.plays[n - 1].play.result for n in numbers]
    settings = RolloutSettings(games=games, variance_reduction=False, cubeful=cubeful)
    return plays_rollout(results, settings, workers=1, evaluator=load_default_evaluator())


def test_the_first_plays_of_a_roll_roll_out_side_by_side(harness, monkeypatch):
    harness.open(seed=2)
    s = set_up(harness, DOUBLE_TAKE, cube=True, dice=(6, 5))
    ask_hint(harness)
    r, c = harness.w.rollouts, harness.w.coach
    assert c.kind == "plays" and r.available and len(c.rows) == 5
    monkeypatch.setattr(r, "_games", 216)  # (the window's 1,296 take long)
    labels = [row["label"] for row in c.rows]  # the hint's own order
    text = roll_out(harness)
    want = expected_plays(c, [1, 2, 3], 216)
    lines = text.split("\n")
    assert lines[0] == (
        "Rollout of 3 plays, 216 of 216 games each, on the same dice, cubeful equities:"
    )
    for k in range(3):
        figures = f"{labels[k]}: {signed(want.equities[k])} \u00b1 "
        assert lines[k + 1].startswith(figures), lines[k + 1]
        assert ("(diff. " in lines[k + 1]) == (k != want.best)
    assert lines[4] == f"Best by the rollout: {labels[want.best]}."
    assert s.phase == "move" and r.offer == "more"  # done: it goes on to more games
    # the list values the plays rolled out by the rollout, and orders them by it
    rows = c.rows
    rolled = {
        row["label"].removesuffix(" (rollout)"): row for row in rows if "rollout" in row["label"]
    }
    assert sorted(rolled) == sorted(labels[:3])
    for k in range(3):
        assert rolled[labels[k]]["equityValue"] == pytest.approx(want.equities[k])
        assert rolled[labels[k]]["win"] == format_percent(want.outputs[k][0], 1)
    values = [row["equityValue"] for row in rows]
    assert values == sorted(values, reverse=True) and rows[0]["lossValue"] == 0.0
    assert rows[0]["best"] and harness.item("hintLine0").property("visible")
    best_label = labels[want.best]
    assert rows[0]["label"] == f"{best_label} (rollout)" or values[0] > want.equities[want.best]
    # the first line, chosen by default, is the list's first (a play the person chose stays
    # chosen whatever its line: below)
    assert c.selected == 0
    before = {k: rolled[k]["equityValue"] for k in rolled}
    # a play chosen further down the hint's own list (the one made, say) takes the third place
    fifth = next(i for i, row in enumerate(rows) if row["label"] == labels[4])
    harness.click(f"hintLine{fifth}")
    assert c.selected == fifth and r.available and r.offer == "start"
    text = roll_out(harness)
    want = expected_plays(c, [1, 2, 5], 216)
    lines = text.split("\n")
    assert lines[3].startswith(f"{labels[4]}: {signed(want.equities[2])} \u00b1 ")
    assert lines[1].startswith(f"{labels[0]}: ") and lines[2].startswith(f"{labels[1]}: ")
    assert c.rows[c.selected]["label"] == f"{labels[4]} (rollout)"
    # the third play keeps the figures of its own rollout, the one before
    third = next(row for row in c.rows if row["label"] == f"{labels[2]} (rollout)")
    assert third["equityValue"] == pytest.approx(before[labels[2]])
    # without the cube the plays roll out cubeless
    set_up(harness, DOUBLE_TAKE, cube=False, dice=(6, 5))
    ask_hint(harness)
    assert c.kind == "plays" and r.offer == "start"
    labels = [row["label"] for row in c.rows]
    text = roll_out(harness)
    want = expected_plays(c, [1, 2, 3], 216, cubeful=False)
    lines = text.split("\n")
    assert lines[0].endswith("on the same dice, cubeless equities:")
    assert lines[1].startswith(f"{labels[0]}: {signed(want.equities[0])} \u00b1 ")
    assert "match equity" not in text  # (money: the list shows these very equities)
    # in a match the list values the plays by the match equity of the games' chances
    import numpy as np

    set_up(harness, DOUBLE_TAKE, cube=True, dice=(6, 5), match_length=5, score=(1, 2))
    ask_hint(harness)
    labels = [row["label"] for row in c.rows]
    text = roll_out(harness)
    want = expected_plays(c, [1, 2, 3], 216, cubeful=False)
    lines = text.split("\n")
    assert lines[0].endswith("on the same dice, at this score:")
    assert text.endswith(
        "In the list, each of these plays is valued by the match equity of the chances its "
        "games gave."
    )
    scale = c._answer.scale(np.array(want.outputs))
    for k in range(3):
        row = next(row for row in c.rows if row["label"] == f"{labels[k]} (rollout)")
        assert row["equityValue"] == pytest.approx(float(scale[k]))
        assert row["equityValue"] != pytest.approx(want.equities[k], abs=1e-3)
        # the text's line gives the list's value, and the cubeless one beside it
        line = next(line for line in lines if line.startswith(f"{labels[k]}: "))
        assert line.startswith(f"{labels[k]}: {signed(float(scale[k]))} at this score (cubeless ")
        assert f"(cubeless {signed(want.equities[k])} \u00b1 " in line


def test_a_rollout_stops_and_goes_with_the_hint(harness):
    harness.open(seed=2)
    r = harness.w.rollouts
    # before the roll of the opening position (slow to roll out): stopped half way
    harness.w.flow.show_position(Position.start(), 0)
    harness.settle()
    ask_hint(harness)
    assert r.available
    harness.click("rolloutButton")
    harness.qtbot.waitUntil(lambda: "Rollout, " in r.text, timeout=60000)
    harness.click("rolloutButton")  # now "Stop"
    harness.qtbot.waitUntil(lambda: not r.running, timeout=10000)
    kept = r.text
    assert "Rollout, " in kept and r.progress < 1.0
    harness.settle(300)
    assert r.text == kept  # nothing more comes after the stop
    # a shorter text keeps the height the figures reached: the board does not jump with it
    label = harness.item("rolloutText")
    tall = label.height()
    r._result, r._note = None, T("Short.")
    r.changed.emit()
    harness.settle()
    assert label.property("text") == "Short." and label.implicitHeight() < tall
    assert label.height() == pytest.approx(tall)
    harness.w.coach.close()
    harness.settle()
    assert r.text == "" and not r.available and label.property("tallest") == 0


def test_a_rollout_stopped_goes_on_and_one_done_goes_on_to_more_games(harness, monkeypatch):
    """Stop, then "Go on": the games not played yet are played, and the figures are those of
    one rollout to the end; then "Roll out more": as many games again, the figures those of
    one rollout of twice as many. Each step's figures are those of a rollout in one go (a
    game's dice depend only on its number). Up to ``MOST`` times the games, no more."""
    import app.rollout_view as rv

    harness.open(seed=2)
    r = harness.w.rollouts
    monkeypatch.setattr(r, "_games", 216)
    harness.w.flow.show_position(Position.start(), 0)
    harness.settle()
    ask_hint(harness)
    button = harness.item("rolloutButton")
    assert r.offer == "start" and button.property("text") == "Roll out"
    harness.click("rolloutButton")
    harness.qtbot.waitUntil(lambda: "Rollout, " in r.text, timeout=60000)
    harness.click("rolloutButton")  # Stop
    harness.qtbot.waitUntil(lambda: not r.running, timeout=10000)
    harness.settle(50)
    assert r.progress < 1.0 and r.offer == "resume" and r.available
    assert button.property("text") == "Go on"
    assert harness.item("rolloutProgress").isVisible()  # (its row stays: the board stays put)
    kept = r.text
    harness.click("rolloutButton")  # Go on: the figures so far stay until more come
    assert r.running and r.text == kept
    harness.qtbot.waitUntil(lambda: not r.running, timeout=120000)
    harness.settle(50)
    evaluator = load_default_evaluator()

    def one_go(games: int):
        settings = RolloutSettings(games=games, variance_reduction=False)
        return rollout(Position.start(), settings, workers=1, evaluator=evaluator)

    whole = one_go(216)
    assert "216 of 216 games" in r.text and r.progress == pytest.approx(1.0)
    assert f"cubeless equity {signed(whole.equity)} ± {format_number(whole.equity_se, 3)}" in (
        r.text
    )
    assert r.offer == "more" and button.property("text") == "Roll out more"
    harness.click("rolloutButton")
    harness.qtbot.waitUntil(lambda: not r.running, timeout=120000)
    harness.settle(50)
    twice = one_go(432)
    assert "432 of 432 games" in r.text
    assert f"cubeless equity {signed(twice.equity)} ± {format_number(twice.equity_se, 3)}" in (
        r.text
    )
    monkeypatch.setattr(rv, "MOST", 2)  # the most a window's rollout goes to
    r.changed.emit()
    harness.settle()
    assert not r.available and harness.find("rolloutButton") is None
    assert r.text.endswith("\n432 games are the most a rollout plays here.")


def test_a_close_rollout_names_the_button_that_plays_more_games(harness, monkeypatch):
    """ "more games (Roll out more) would settle it" was said while the button read "Stop", and
    after a stop, when it read "Go on" (a tester looked for the button it named)."""
    import app.rollout_view as rv
    from ai.rollout import PlaysRolloutResult

    close = PlaysRolloutResult(
        games=72,
        equities=(0.10, 0.09),
        equity_ses=(0.02, 0.02),
        behind=(0.0, 0.01),
        behind_ses=(0.0, 0.02),
        outputs=((0.5, 0.1, 0.0, 0.1, 0.0), (0.5, 0.1, 0.0, 0.1, 0.0)),
        seconds=1.0,
    )
    said = {
        more: rv.plays_rollout_text(["8/5 6/5", "24/21 13/11"], close, 144, more=more).render(
            ("A", "B")
        )
        for more in ("more", "resume", "running", "")
    }
    assert "more games (Roll out more) would settle it." in said["more"]
    assert "more games (Go on) would settle it." in said["resume"]
    assert said["running"].endswith("The lead is less than two standard errors so far.")
    assert said[""].endswith("The lead is less than two standard errors.")
    # the window says what its button offers at each moment
    offered = []
    text = rv.cube_rollout_text

    def noted(*args, more="more"):
        offered.append(more)
        return text(*args, more=more)

    monkeypatch.setattr(rv, "cube_rollout_text", noted)
    harness.open(seed=2)
    r = harness.w.rollouts
    monkeypatch.setattr(r, "_games", 216)
    set_up(harness, DOUBLE_TAKE, cube=True)
    ask_hint(harness)
    button = harness.item("rolloutButton")
    harness.click("rolloutButton")
    harness.qtbot.waitUntil(lambda: "Rollout, " in r.text, timeout=60000)
    assert offered[-1] == "running" and button.property("text") == "Stop"
    harness.click("rolloutButton")  # Stop
    harness.qtbot.waitUntil(lambda: not r.running, timeout=10000)
    harness.settle(50)
    assert r.text and offered[-1] == "resume"
    assert button.property("text") == rv.MORE_BUTTONS["resume"]
    harness.click("rolloutButton")  # Go on
    harness.qtbot.waitUntil(lambda: not r.running, timeout=120000)
    harness.settle(50)
    assert r.text and offered[-1] == "more"
    assert button.property("text") == rv.MORE_BUTTONS["more"]
    monkeypatch.setattr(rv, "MOST", 1)
    r.changed.emit()
    assert r.text and offered[-1] == ""


def test_a_rollout_that_fails_says_so(harness, monkeypatch):
    harness.open(seed=2)
    set_up(harness, DOUBLE_TAKE, cube=True)
    ask_hint(harness)
    r = harness.w.rollouts

    def broken():
        raise OSError("the networks could not be read")

    monkeypatch.setattr(r._judges, "player", broken)
    harness.click("rolloutButton")
    harness.qtbot.waitUntil(lambda: not r.running, timeout=10000)
    harness.settle(50)
    assert r.text == "The rollout could not be made: OSError: the networks could not be read"
    assert harness.item("rolloutText").property("text") == r.text


def test_the_rollout_speaks_danish_and_dutch(harness):
    harness.open(seed=2)
    s = set_up(harness, DOUBLE_TAKE, cube=True)
    ask_hint(harness)
    wins = expected_cube(s.position).outputs[0]
    language = harness.w.engine.singletonInstance("app.qml", "I18n")
    try:
        language.setProperty("language", "da")
        harness.settle(20)
        assert harness.item("rolloutButton").property("text") == "Rollout"
        text = roll_out(harness)
        for code, words in (
            ("da", (" af ", " vinder ", "ingen dobling", "dobling, tag imod")),
            ("nl", (" van ", " wint ", "niet verdubbelen", "verdubbelen, aannemen")),
        ):
            language.setProperty("language", code)  # the figures follow the language
            harness.settle(20)
            text = harness.item("rolloutText").property("text")
            assert text.startswith("Rollout, ") and all(w in text for w in words), text
            # the numbers as the language writes them (a decimal comma)
            assert format_percent(wins, 1) in text and "," in format_percent(wins, 1)
    finally:
        language.setProperty("language", "en")
        harness.settle(20)


def test_closing_the_window_stops_a_rollout_at_once(harness):
    """The computer's shutdown waits for the background pool: the rollout must stop first, or
    closing the window would hang for seconds."""
    import time

    harness.open(seed=2)
    harness.w.flow.show_position(Position.start(), 0)  # slow to roll out
    harness.settle()
    ask_hint(harness)
    r = harness.w.rollouts
    harness.click("rolloutButton")
    harness.qtbot.waitUntil(lambda: "Rollout, " in r.text, timeout=60000)
    started = time.perf_counter()
    harness.window.close()  # as the window's close button or Ctrl+Q does
    assert time.perf_counter() - started < 2.0
    assert not r.running


def test_processes_of_its_own_give_the_same_figures_and_stop_at_once(harness, monkeypatch):
    """With cores to spare the games are played in processes started afresh (the window has
    threads of its own); the figures are those of one process, and Stop ends them at once."""
    import multiprocessing
    import time

    harness.open(seed=2)
    s = set_up(harness, DOUBLE_TAKE, cube=True)
    ask_hint(harness)
    r = harness.w.rollouts
    monkeypatch.setattr(r, "_workers", 2)
    monkeypatch.setattr(r, "_games", 144)
    text = roll_out(harness)
    settings = RolloutSettings(games=144, variance_reduction=False)
    want = cube_rollout(s.position, settings, workers=1, evaluator=load_default_evaluator())
    assert f"no double {signed(want.no_double)} \u00b1 " in text
    assert f"double, take {signed(want.double_take)} \u00b1 " in text
    # the opening position, slow to roll out: stopped while its processes play
    monkeypatch.setattr(r, "_games", 1296)
    harness.w.flow.show_position(Position.start(), 0)
    harness.settle()
    ask_hint(harness)
    harness.click("rolloutButton")
    harness.qtbot.waitUntil(lambda: "Rollout, " in r.text, timeout=60000)
    assert len(multiprocessing.active_children()) == 2
    started = time.perf_counter()
    harness.click("rolloutButton")  # Stop
    harness.qtbot.waitUntil(lambda: not multiprocessing.active_children(), timeout=10000)
    assert time.perf_counter() - started < 2.0 and r.progress < 1.0 and not r.running


def test_another_question_of_the_same_decision_is_rolled_out_anew(harness, monkeypatch):
    """The chances rolled out, then the cube action asked at the same moment: the chances'
    figures went on showing and the cube's lines could not be rolled out."""
    harness.open(seed=2)
    set_up(harness, DOUBLE_TAKE, cube=True)
    r, c = harness.w.rollouts, harness.w.coach
    monkeypatch.setattr(r, "_games", 36)
    c.chances()
    hint_shown(harness)
    assert "cubeless equity" in roll_out(harness) and r.offer == "more"
    ask_hint(harness)
    assert c.kind == "cube" and r.text == "" and r.available
    assert "Cube, on the same games: no double " in roll_out(harness)


def test_the_window_opens_without_loading_the_computers_modules(tmp_path):
    """The rollout's processes are counted at its first rollout: counting them as the window
    opened loaded numpy and the AI's modules into every start."""
    import json
    import os
    import subprocess
    import sys

    code = (
        "import json, sys; from pathlib import Path; from app.window import Options, open_window; "
        f"d = Path({str(tmp_path)!r}); "
        "w = open_window('en', ['x'], Options(data_dir=d, settings_file=d / 's.ini')); "
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('ai', 'numpy'))))"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    # the levels' names only (ai.levels uses nothing but the standard library)
    assert json.loads(done.stdout.strip().splitlines()[-1]) == ["ai", "ai.levels"]


def test_the_list_takes_its_values_and_order_from_the_rollout(harness):
    """A rollout of plays values the plays it rolls out in the hint's list as its figures come,
    and the list orders them by those values (as GNU Backgammon's hint list does): the play
    chosen stays chosen, the next rollout still takes the hint's first plays."""
    from ai.rollout import PlaysRolloutResult

    harness.open(seed=2)
    set_up(harness, DOUBLE_TAKE, cube=False, dice=(6, 5))
    ask_hint(harness)
    c, r = harness.w.coach, harness.w.rollouts
    labels = [row["label"] for row in c.rows]
    results = tuple(c._answer.plays[k].play.result for k in range(3))
    target = c.rollout_target()
    assert c.selected == 0 and [p[0] for p in target.plays] == [1, 2, 3]
    # the third play far ahead by the rollout (cubeless money: the chances' equity)
    chances = ((0.4, 0.1, 0.0, 0.1, 0.0), (0.5, 0.1, 0.0, 0.1, 0.0), (0.9, 0.5, 0.0, 0.0, 0.0))
    figures = PlaysRolloutResult(
        games=648,
        equities=(-0.2, 0.0, 1.3),
        equity_ses=(0.01,) * 3,
        behind=(1.5, 1.3, 0.0),
        behind_ses=(0.01,) * 3,
        outputs=chances,
        seconds=1.0,
    )
    c.show_rollout(c.shown_moment(), results, figures)
    harness.settle()
    rows = [row["label"] for row in c.rows]
    assert rows[0] == f"{labels[2]} (rollout)" and c.rows[0]["equityValue"] == pytest.approx(1.3)
    assert c.rows[0]["win"] == format_percent(0.9, 1) and c.rows[0]["best"]
    assert f"{labels[0]} (rollout)" in rows[3:]  # far behind now, below the two not rolled out
    # the first line, chosen by default, is the list's first: the rollout's best, its arrows on
    # the board (they stayed on a play the rollout had put fifth: a tester)
    assert c.selected == 0 and c.rollout_target() == target  # (the hint's own first plays)
    assert len(c.arrows) == len(c._answer.plays[2].play.steps)
    assert labels[2] in c.summary  # "After ...": the chosen play's chances, the rollout's
    assert format_percent(0.9, 1) in c.summary
    # a play the person chooses stays chosen as the figures reorder the list
    harness.click(f"hintLine{rows.index(f'{labels[0]} (rollout)')}")
    assert rows[c.selected] == f"{labels[0]} (rollout)"
    c.show_rollout(c.shown_moment(), results, figures)
    harness.settle()
    assert [row["label"] for row in c.rows][c.selected] == f"{labels[0]} (rollout)"
    assert labels[0] in c.summary and format_percent(0.4, 1) in c.summary
    harness.click("hintLine0")  # the rollout's best, one of the first three: the same target
    assert rows[c.selected] == f"{labels[2]} (rollout)" and c.rollout_target() == target
    arrows = c.arrows
    assert arrows and len(arrows) == len(c._answer.plays[2].play.steps)
    # another decision's figures are not taken
    c.show_rollout(("another",), results, figures)
    assert [row["label"] for row in c.rows] == rows
    # the same question asked again: the hint's own values, until a rollout comes
    c.close()
    ask_hint(harness)
    assert [row["label"] for row in c.rows] == labels
    # a real rollout: the list takes the figures as they come, and those it stopped at
    button = harness.item("rolloutButton")
    y = button.mapToScene(button.boundingRect().bottomRight()).y()
    before = [row["label"].removesuffix(" (rollout)") for row in c.rows]
    harness.click("rolloutButton")
    harness.qtbot.waitUntil(lambda: "Rollout of 3 plays" in r.text, timeout=60000)
    harness.settle(50)
    # the button stayed under the pointer while the figures came (Stop went from under it)
    assert button.mapToScene(button.boundingRect().bottomRight()).y() == pytest.approx(y, abs=1)
    # ... and so did the lines: the rolled-out plays take their figures in their places
    assert [row["label"].removesuffix(" (rollout)") for row in c.rows] == before
    assert sum(row["label"].endswith(" (rollout)") for row in c.rows) == 3
    rows = c.rows
    top = max(rows, key=lambda row: row["equityValue"])  # marked best wherever it stands
    assert [row["best"] for row in rows] == [row is top for row in rows]
    assert top["lossValue"] == 0.0
    harness.click("rolloutButton")  # Stop
    harness.qtbot.waitUntil(lambda: not r.running, timeout=10000)
    harness.settle(50)
    played = r._result.games
    assert 0 < played < 1296
    # stopped: the list is in the order of its values
    values = [row["equityValue"] for row in c.rows]
    assert values == sorted(values, reverse=True)

    def agree() -> bool:
        """Each play rolled out is on the list with the figures on show in the text."""
        rolled = {row["label"]: row for row in c.rows if row["label"].endswith(" (rollout)")}
        return len(rolled) == 3 and all(
            rolled[f"{labels[k]} (rollout)"]["equityValue"] == pytest.approx(r._result.equities[k])
            for k in range(3)
        )

    assert agree()
    # Go on: the list follows the figures as they come
    harness.click("rolloutButton")
    harness.qtbot.waitUntil(lambda: r._result.games > played + 36, timeout=60000)
    assert r.running and agree()
    r.stop()
    # the hint closed: its list and its rollout go
    c.close()
    harness.settle()
    assert c.rows == [] and r.text == ""


def test_a_standard_error_below_the_last_decimal_is_not_written_as_nothing():
    from app.rollout_view import standard_error

    assert standard_error(0.0) == "0.000"  # a race known exactly
    assert standard_error(0.0003) == "0.0003"  # known closely: not "0.000"
    assert standard_error(0.0005) == "0.0005" and standard_error(0.0123) == "0.012"


def test_at_150_percent_a_rollout_leaves_the_board_half_and_its_figures_scroll(
    harness, monkeypatch
):
    """Found by a tester: at 150% the rollout's figures grew the hint until the board was a
    third of its room. The hint takes half at most; past it, its lines and figures scroll, by
    Tab and End as by the wheel, however often Tab goes round."""
    from tests.app.test_keyboard import K, Keys

    harness.open(seed=2, size=(1024, 768))
    harness.w.settings.textScale = 150
    set_up(harness, DOUBLE_TAKE, cube=True, dice=(6, 5))
    ask_hint(harness)
    monkeypatch.setattr(harness.w.rollouts, "_games", 216)
    roll_out(harness)
    area = harness.item("board").parentItem()
    assert harness.item("board").height() >= 0.45 * area.height()  # (and a margin)
    body = harness.item("hintBody")
    assert body.property("overflows")
    text = harness.item("rolloutText")

    def in_sight() -> bool:
        seen = text.mapRectToItem(body, text.boundingRect())
        return seen.bottom() <= body.height() + 1 and seen.top() >= -1

    # done, the figures come into sight by themselves (a tester looked for them by End)
    harness.qtbot.waitUntil(in_sight, timeout=2000)
    flick = body.property("contentItem")
    flick.setProperty("contentY", 0)
    assert not in_sight()
    keys = Keys(harness, "board")
    harness.item("board").forceActiveFocus()
    visits = 0
    for _ in range(2 * 12):  # twice round the window's controls
        keys.press(K.Key_Tab)
        if harness.window.activeFocusItem().objectName() == "hintBody":
            visits += 1
            keys.press(K.Key_End)
            assert in_sight()
            keys.press(K.Key_Home)
            assert flick.property("contentY") == 0
        if harness.window.activeFocusItem().objectName() == "hintPlayKeys":
            keys.press(K.Key_PageDown)  # from the plays, Page Down too
            assert flick.property("contentY") > 0
            keys.press(K.Key_PageUp)
            assert flick.property("contentY") == 0
            keys.press(K.Key_End)  # and End chooses the last play
            assert harness.w.coach.selected == len(harness.w.coach.rows) - 1
            keys.press(K.Key_Home)
            assert harness.w.coach.selected == 0
    assert visits >= 2


def test_in_a_match_the_verdict_names_the_best_the_list_puts_first():
    """Found by a tester: at a score where the match equity of the chances and the cubeless
    equity disagree, the list put one play first and the text named the other as the best."""
    from ai.rollout import PlaysRolloutResult
    from app.rollout_view import plays_rollout_text

    result = PlaysRolloutResult(
        games=1296,
        equities=(0.229, 0.183),
        equity_ses=(0.034, 0.034),
        behind=(0.0, 0.046),
        behind_ses=(0.01, 0.01),
        outputs=((0.6, 0.2, 0.0, 0.1, 0.0), (0.6, 0.1, 0.0, 0.05, 0.0)),
        seconds=1.0,
    )
    plays = ["24/20 13/9 8/4(2)", "24/16 20/16 13/9"]
    text = plays_rollout_text(plays, result, 1296, True, (0.116, 0.158)).render(["A", "B"])
    assert "Best by the rollout at this score: 24/16 20/16 13/9 (by the cubeless" in text
    # each play's line gives the list's value, the cubeless one beside it (the text's cubeless
    # figures and their differences stood beside other ones in the list: found by a tester)
    assert (
        "at this score:\n24/20 13/9 8/4(2): +0.116 at this score (cubeless +0.229 ± 0.034)\n"
        in text
    )
    assert "24/16 20/16 13/9: +0.158 at this score (cubeless +0.183 ± 0.034)" in text
    assert "diff." not in text
    assert text.endswith("match equity of the chances its games gave.")
    agreed = plays_rollout_text(plays, result, 1296, True, (0.158, 0.116)).render(["A", "B"])
    assert "Best by the rollout: 24/20 13/9 8/4(2)." in agreed
    money = plays_rollout_text(plays, result, 1296, False, (0.116, 0.158)).render(["A", "B"])
    assert "Best by the rollout: 24/20 13/9 8/4(2)." in money  # cubeless: its own values
