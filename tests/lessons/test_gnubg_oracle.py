"""The lesson positions read back by GNU Backgammon: its legal plays for every roll a lesson asks
about are the engine's, string for string (the answers of the play, dice-count and shot exercises
rest on them)."""

from __future__ import annotations

import json
import subprocess

import pytest

from engine import legal_plays
from lessons.exercises import DiceCountExercise, JudgeExercise, PlayExercise, ReachExercise
from lessons.model import load_lessons

pytestmark = pytest.mark.gnubg

# Runs inside gnubg (gnubg -t -q -p script): for each "pid dice" line, gnubg's legal moves.
SCRIPT = r"""
import json, os
import gnubg

gnubg.command("set display off")
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("set evaluation chequerplay evaluation plies 0")
gnubg.command("new game")
out = []
for line in open(os.environ["LESSON_CASES"]):
    pid, dice = line.split()
    gnubg.command("set board " + pid)
    gnubg.command("set dice " + dice)
    try:
        moves = [m["move"] for m in gnubg.hint(1000)["hint"]]
    except Exception:  # gnubg raises when there is no legal move
        moves = []
    out.append({"pid": pid, "read_back": gnubg.positionid(), "dice": dice, "moves": moves})
with open(os.environ["LESSON_OUT"], "w") as handle:
    json.dump(out, handle)
"""


def test_gnubg_agrees_on_every_lesson_roll(gnubg_path, tmp_path):
    cases = {}
    for lesson in load_lessons():
        for step in lesson.steps:
            ex = step.exercise
            dice = getattr(ex, "dice", None) or step.dice
            if dice is not None and isinstance(
                ex, (PlayExercise, JudgeExercise, ReachExercise, DiceCountExercise, type(None))
            ):
                cases[(step.position_id, f"{dice[0]}{dice[1]}")] = (step.position, dice)
    assert len(cases) >= 25
    (tmp_path / "cases.txt").write_text("".join(f"{p} {d}\n" for p, d in cases))
    (tmp_path / "script.py").write_text(SCRIPT)
    done = subprocess.run(
        [gnubg_path, "-t", "-q", "-p", str(tmp_path / "script.py")],
        env={
            "LESSON_CASES": str(tmp_path / "cases.txt"),
            "LESSON_OUT": str(tmp_path / "o.json"),
            "HOME": str(tmp_path),
        },
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert (tmp_path / "o.json").exists(), done.stdout[-2000:] + done.stderr[-2000:]
    results = json.loads((tmp_path / "o.json").read_text())
    assert len(results) == len(cases)
    assert sum(len(r["moves"]) for r in results) > 100  # gnubg really listed the plays
    assert any(not r["moves"] for r in results)  # and the lessons' no-move rolls have none
    for result in results:
        position, dice = cases[(result["pid"], result["dice"])]
        assert result["read_back"] == result["pid"]
        engine_moves = sorted(str(play) for play in legal_plays(position, dice))
        assert engine_moves == sorted(result["moves"]), result


# Runs inside gnubg: for "pid dice" lines its best play at 2 plies, for "pid -" lines the
# winning chance of the player on roll at 2 plies.
JUDGE_SCRIPT = r"""
import json, os
import gnubg

gnubg.command("set display off")
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("set evaluation chequerplay evaluation plies 2")
gnubg.command("set evaluation cubedecision evaluation plies 2")
gnubg.command("new game")
out = []
for line in open(os.environ["LESSON_CASES"]):
    pid, dice = line.split()
    gnubg.command("set board " + pid)
    if dice in "-+":
        out.append({"pid": pid, "sign": dice, "win": gnubg.evaluate()[0]})
    else:
        gnubg.command("set dice " + dice)
        out.append({"pid": pid, "dice": dice, "best": gnubg.hint(1)["hint"][0]["move"]})
with open(os.environ["LESSON_OUT"], "w") as handle:
    json.dump(out, handle)
"""


def test_gnubg_agrees_with_the_judged_plays_and_the_stated_chances(gnubg_path, tmp_path):
    """GNU Backgammon finds the same best play where a lesson grades plays or calls one the
    strongest, and the chances the steps state (take decisions, being on roll) within 2%."""
    from lessons.exercises import TakeExercise

    lines, expected = [], {}
    for lesson in load_lessons():
        for step in lesson.steps:
            ex = step.exercise
            if isinstance(ex, JudgeExercise) or step.id == "hit-and-continue":
                key = f"{step.position_id} {ex.dice[0]}{ex.dice[1]}"
                best = ex.shown_play() if isinstance(ex, JudgeExercise) else ex.accepted()[0]
                expected[key] = best
            elif isinstance(ex, TakeExercise):
                key = f"{step.position_id} -"
                expected[key] = ex.chance
            else:
                key = ""
            if key:
                lines.append(key)
            for claim in step.claims:
                if claim["of"] == "win_chance":  # the student on roll wins this share
                    lines.append(f"{step.position_id} +")
                    expected[lines[-1]] = claim["value"]
    assert len(lines) >= 5
    (tmp_path / "cases.txt").write_text("".join(f"{line}\n" for line in lines))
    (tmp_path / "script.py").write_text(JUDGE_SCRIPT)
    subprocess.run(
        [gnubg_path, "-t", "-q", "-p", str(tmp_path / "script.py")],
        env={
            "LESSON_CASES": str(tmp_path / "cases.txt"),
            "LESSON_OUT": str(tmp_path / "o.json"),
            "HOME": str(tmp_path),
        },
        capture_output=True,
        text=True,
        timeout=240,
    )
    results = json.loads((tmp_path / "o.json").read_text())
    assert len(results) == len(lines)
    for result in results:
        if "win" in result:
            # a take step's Position ID has the doubler on roll: the student wins the rest
            chance = expected[f"{result['pid']} {result['sign']}"]
            win = result["win"] if result["sign"] == "+" else 1 - result["win"]
            assert abs(100 * win - chance) <= 2, (result, chance)
        else:
            best = expected[f"{result['pid']} {result['dice']}"]
            assert result["best"] == str(best), (result, str(best))  # gnubg's compact notation
