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


def _run_gnubg(gnubg_path: str, tmp_path, script: str, lines: list[str]) -> list[dict]:
    (tmp_path / "cases.txt").write_text("".join(f"{line}\n" for line in lines))
    (tmp_path / "script.py").write_text(script)
    done = subprocess.run(
        [gnubg_path, "-t", "-q", "-p", str(tmp_path / "script.py")],
        env={
            "LESSON_CASES": str(tmp_path / "cases.txt"),
            "LESSON_OUT": str(tmp_path / "o.json"),
            "HOME": str(tmp_path),
        },
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert (tmp_path / "o.json").exists(), done.stdout[-2000:] + done.stderr[-2000:]
    results = json.loads((tmp_path / "o.json").read_text())
    assert len(results) == len(lines)
    return results


# Runs inside gnubg: for each "pid" line the money cube decision of the player on roll at 2
# plies (cube in the middle, no Jacoby rule) and its cubeless winning chance.
CUBE_SCRIPT = r"""
import json, os
import gnubg

out = []
context = gnubg.evalcontext(1, 2, 0, 1, 0.0)
for pid in open(os.environ["LESSON_CASES"]).read().split():
    board = gnubg.positionfromid(pid)
    cube = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
    cube["jacoby"] = 0
    decision = gnubg.cfevaluate(board, cube, context)
    chances = gnubg.evaluate(board, cube, context)
    out.append({"pid": pid, "win": chances[0], "no_double": decision[1],
                "double_take": decision[2], "verdict": decision[5]})
with open(os.environ["LESSON_OUT"], "w") as handle:
    json.dump(out, handle)
"""


def test_gnubg_agrees_with_the_race_take_drill(gnubg_path, tmp_path):
    """On a sample of the take-or-pass drill: the chance the prompt states is GNU Backgammon's
    within 2 points, every item is a real double for it, and its take or pass is the drill's."""
    import random

    from lessons.drills import DRILLS

    rng = random.Random(2024)
    steps = [DRILLS["race-cube"].draw(rng, n) for n in range(60)]
    results = _run_gnubg(gnubg_path, tmp_path, CUBE_SCRIPT, [s.position_id for s in steps])
    answers = set()
    for step, result in zip(steps, results, strict=True):
        ex = step.exercise
        taker_chance = 100 * (1 - result["win"])  # the ID has the doubler on roll
        assert abs(taker_chance - ex.chance) <= 2, (step.position_id, ex.chance, result)
        assert result["verdict"].startswith("Double"), (step.position_id, result)
        gnubg_take = result["double_take"] <= 1.0
        assert ex.answer() == ("take" if gnubg_take else "pass"), (step.position_id, result)
        answers.add(ex.answer())
    assert answers == {"take", "pass"}


def test_gnubg_agrees_with_the_lesson_take_decisions(gnubg_path, tmp_path):
    """The take and race-take steps: GNU Backgammon takes or passes as the step teaches, and the
    race double the lesson calls a double is one for it."""
    from lessons.exercises import RaceCubeExercise, TakeExercise

    cases = []
    for lesson in load_lessons():
        for step in lesson.steps:
            ex = step.exercise
            if isinstance(ex, (TakeExercise, RaceCubeExercise)) and ex.match is None:
                doubler = step.position.swapped() if step.turn == "opponent" else step.position
                cases.append((step, doubler.position_id()))
    assert len(cases) >= 4
    results = _run_gnubg(gnubg_path, tmp_path, CUBE_SCRIPT, [pid for _, pid in cases])
    for (step, _pid), result in zip(cases, results, strict=True):
        answer = step.exercise.answer()
        if answer in ("take", "pass"):
            assert answer == ("take" if result["double_take"] <= 1.0 else "pass"), (step.id, result)
        else:
            assert (answer == "yes") == result["verdict"].startswith("Double"), (step.id, result)


# Runs inside gnubg: for each "pid dice" line every legal play with its 2-ply cubeful equity
# (money game, cube in the middle), best first.
PLAYS_SCRIPT = r"""
import json, os
import gnubg

gnubg.command("set display off")
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("set evaluation chequerplay evaluation plies 2")
gnubg.command("new game")
out = []
for line in open(os.environ["LESSON_CASES"]):
    pid, dice = line.split()
    gnubg.command("set board " + pid)
    gnubg.command("set dice " + dice)
    out.append({"pid": pid, "dice": dice,
                "plays": [[m["move"], m["equity"]] for m in gnubg.hint(1000)["hint"]]})
with open(os.environ["LESSON_OUT"], "w") as handle:
    json.dump(out, handle)
"""


def test_gnubg_agrees_with_the_graded_plays(gnubg_path, tmp_path):
    """Every judgement question of the lessons and the fifteen opening rolls (the opening drill
    and the step that lists them): a play GNU Backgammon 2-ply puts within 0.03 of its best is
    accepted, a play accepted is within 0.09 of its best, the plays a lesson's text calls the
    best are within 0.03 of GNU Backgammon's best and its best is among them."""
    from engine import Position, parse_play
    from lessons.drills import OPENING_ROLLS

    judged: list[tuple[Position, tuple[int, int], tuple[str, ...]]] = []
    for lesson in load_lessons():
        for step in lesson.steps:
            if isinstance(step.exercise, JudgeExercise):
                judged.append((step.position, step.exercise.dice, ()))
            judged += [(step.position, dice, plays) for dice, plays in step.best_plays]
    listed = {dice for pos, dice, plays in judged if plays and pos == Position.start()}
    assert listed == set(OPENING_ROLLS)  # the opening step lists all fifteen
    cases = {(pos.position_id(), f"{d[0]}{d[1]}"): (pos, d, p) for pos, d, p in judged}
    results = _run_gnubg(gnubg_path, tmp_path, PLAYS_SCRIPT, [f"{a} {b}" for a, b in cases])
    for result in results:
        position, dice, listed_plays = cases[(result["pid"], result["dice"])]
        best = result["plays"][0][1]
        loss = {parse_play(position, dice, m).result: best - e for m, e in result["plays"]}
        ex = JudgeExercise(position, None, "", None, "", dice=dice)
        accepted = {p.result for p in ex.accepted()}
        where = f"{result['pid']} {result['dice']}"
        for play, gnubg_loss in loss.items():
            if gnubg_loss <= 0.03:
                assert play in accepted, (where, result["plays"][:4])
        for play in accepted:
            assert loss[play] <= 0.09, (where, result["plays"][:4])
        if listed_plays:
            results_listed = {parse_play(position, dice, p).result for p in listed_plays}
            assert all(loss[r] <= 0.03 for r in results_listed), (where, listed_plays)
            gnubg_best = parse_play(position, dice, result["plays"][0][0]).result
            assert gnubg_best in results_listed or loss_tied(loss, results_listed), where


def loss_tied(loss: dict, plays: set) -> bool:
    """GNU Backgammon's best is tied (within 0.005) with a listed play."""
    return any(loss[p] <= 0.005 for p in plays)
