"""How sure the judgement questions' grades are: the lessons' grading against GNU Backgammon.

For a sample of the strength set's positions (``tests/data/gnubg-2ply-plays.jsonl.gz``, the roll
played there) and for the 15 opening rolls, GNU Backgammon 2-ply values every legal play as a
money game with the cube in the middle (its cubeful equity, what it shows for a pasted Position
ID), and ``lessons.judge.rank`` grades the same plays. For each play that either program puts
within 0.10 of its best, the difference of the two losses is recorded. The report gives the
spread of that difference, and how often a play GNU Backgammon puts within the good margin
would be graded doubtful or wrong for several widths of the good band: the band the lessons use
(``lessons.exercises.GOOD_MARGIN`` plus ``JUDGE_UNCERTAINTY``) must keep that rare.

    python benchmarks/lesson_grading.py [--cases 60] [--gnubg /usr/games/gnubg]

About 3 s of CPU per position. GNU Backgammon is the judge here only; the program never runs it.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import Position, parse_play  # noqa: E402
from lessons.drills import OPENING_ROLLS  # noqa: E402
from lessons.exercises import GOOD_MARGIN, JUDGE_UNCERTAINTY  # noqa: E402
from lessons.judge import rank  # noqa: E402

PLAYS = ROOT / "tests" / "data" / "gnubg-2ply-plays.jsonl.gz"
START = Position.start().position_id()

SCRIPT = r"""
import json, os
import gnubg

gnubg.command("set display off")
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("set evaluation chequerplay evaluation plies 2")
gnubg.command("new game")
out = []
for line in open(os.environ["CASES"]):
    pid, dice = line.split()
    gnubg.command("set board " + pid)
    gnubg.command("set dice " + dice)
    moves = [(m["move"], m["equity"]) for m in gnubg.hint(1000)["hint"]]
    out.append({"pid": pid, "dice": dice, "moves": moves})
json.dump(out, open(os.environ["OUT"], "w"))
"""


def gnubg_values(gnubg: str, cases: list[tuple[str, str]]) -> list[dict]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "cases.txt").write_text("".join(f"{p} {d}\n" for p, d in cases))
        (folder / "script.py").write_text(SCRIPT)
        env = {"CASES": str(folder / "cases.txt"), "OUT": str(folder / "o.json"), "HOME": tmp}
        subprocess.run(
            [gnubg, "-t", "-q", "-p", str(folder / "script.py")],
            env={**os.environ, **env},
            capture_output=True,
            timeout=1800,
            check=False,
        )
        return json.loads((folder / "o.json").read_text())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", type=int, default=60)
    parser.add_argument("--gnubg", default="/usr/games/gnubg")
    parser.add_argument("--save", help="write the (our loss, gnubg loss, play) rows as JSON")
    args = parser.parse_args()
    with gzip.open(PLAYS, "rt") as handle:
        rows = [json.loads(line) for line in handle]
    step = max(1, len(rows) // max(args.cases, 1))
    cases = [(r["pid"], r["dice"]) for r in rows[::step][: args.cases]]
    cases += [(START, f"{a}{b}") for a, b in OPENING_ROLLS]
    started = time.time()
    reference = gnubg_values(args.gnubg, cases)
    diffs: list[tuple[float, float, str]] = []  # (our loss, gnubg loss, where)
    saturated = 0
    for case in reference:
        position = Position.from_position_id(case["pid"])
        dice = (int(case["dice"][0]), int(case["dice"][1]))
        theirs = {}
        best = case["moves"][0][1]
        if abs(abs(best) - 1.0) < 0.0005 and abs(case["moves"][-1][1] - best) < 0.0005:
            saturated += 1  # every play cashes or is cashed against: nothing to grade
            continue
        for move, value in case["moves"]:
            theirs[parse_play(position, dice, move).result] = best - value
        for line in rank(position, dice):
            gnubg_loss = theirs[line.play.result]
            if min(line.loss, gnubg_loss) <= 0.10:
                where = f"{case['pid']} {case['dice']} {line.play}"
                diffs.append((line.loss, gnubg_loss, where))
    seconds = time.time() - started
    errors = sorted(abs(a - b) for a, b, _ in diffs)
    print(
        f"{len(reference)} positions ({saturated} where every play is worth the same cash, left"
        f" out), {len(diffs)} plays within 0.10, {seconds:.0f} s"
    )
    if args.save:
        Path(args.save).write_text(json.dumps(diffs))
    for q in (0.5, 0.8, 0.9, 0.95, 0.99):
        error = errors[int(q * len(errors)) - 1]
        print(f"  |our loss - gnubg loss|, {int(100 * q)}th percentile: {error:.3f}")
    good = [(a, b, w) for a, b, w in diffs if b <= GOOD_MARGIN]
    print(f"{len(good)} plays gnubg puts within {GOOD_MARGIN} of its best")
    for band in (0.03, 0.04, 0.05, 0.06, 0.07):
        missed = [w for a, b, w in good if a > band]
        print(f"  good band {band:.2f}: {len(missed)} of them graded doubtful or wrong")
    used = GOOD_MARGIN + JUDGE_UNCERTAINTY
    bad = [(a, b, w) for a, b, w in diffs if b > 0.08 and a <= used]
    print(f"band used {used:.2f}: plays gnubg calls wrong (> 0.08) that it accepts: {len(bad)}")
    for a, b, w in sorted(good, key=lambda t: t[1] - t[0])[:8]:
        print(f"    worst: {w}: ours {a:.3f}, gnubg {b:.3f}")


if __name__ == "__main__":
    main()
