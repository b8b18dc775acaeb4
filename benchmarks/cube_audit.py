"""Where a computer level loses equity with the cube in real games against GNU Backgammon.

Plays money games with the cube against GNU Backgammon 0-ply exactly as ``vs_gnubg.py`` does
(same duplicate dice, same seeds) and, at every cube decision of either side, asks GNU Backgammon
for its own cubeful verdict of that state at ``--plies`` (2 by default: stronger than both
players). Each decision's error, in points (the cube's equities times the cube value), is the
best of the judge's no double / double-take / double-pass minus the value of the action taken,
as in ``strength.py``. The report breaks the errors down by side, kind (missed double, wrong
double, wrong take, wrong pass), cube (centred or owned) and game phase (contact or race), and
gives the points per game; ``--jsonl`` keeps every decision for closer study. With ``--moves``
every play of both sides is judged too (``--move-plies``, 1 by default: the judge's best play
minus the play made, cubeful, times the cube), so a deficit in games with the cube can be split
into cube decisions and checker play; ``--cubeless`` plays the same games without the cube.

    python benchmarks/cube_audit.py --games 100 [--level expert] [--plies 2] [--jsonl F]
        [--moves [--moves-jsonl F]] [--cubeless] [--first PAIR] [--pairs-json F]

What it showed for Expert (weights of 903,010 self-play games), per game against gnubg 0-ply:
its cube decisions lost 0.03-0.05 points (gnubg's own 0.01), mostly through a few large
misjudgements of the network (a prime-against-prime position with two checkers on the bar read
as 60% where gnubg says 7%); its checker play lost 0.18 points with the cube (mean cube 1.8 at a
play) against 0.10 in the same games without it, while gnubg's went from 0.06 to 0.11. Most of
the extra loss with the cube is the checker-play gap paid at higher stakes, not the cube model.
Choosing money plays by cubeful instead of cubeless equity changed 19 of 1,134 Expert plays in
60 games; the judge (2-ply, cubeful) put their cost at 0.005 instead of 0.015 points per game.

GNU Backgammon is only the opponent and the judge here; the program itself never needs it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from vs_gnubg import (  # noqa: E402
    OWNER_NAMES,
    Gnubg,
    find_gnubg,
    pair_dice,
    play_game,
    summary,
)

from ai.cube import CENTRED, CubeState  # noqa: E402
from ai.player import ComputerPlayer  # noqa: E402
from engine.position import Position  # noqa: E402


def classify(kind: str, action: bool, nd: float, dt: float, dp: float) -> str:
    """The judge's name for a decision: right, or which kind of mistake."""
    if kind == "double":
        should = min(dt, dp) > nd
        if action == should:
            return "right"
        if action:
            return "too good, doubled" if dt > dp and nd > dp else "wrong double"
        return "missed double"
    should_take = dt <= dp
    if action == should_take:
        return "right"
    return "wrong take" if action else "wrong pass"


def error_points(kind: str, action: bool, nd: float, dt: float, dp: float, cube: int) -> float:
    """Equity lost by the action, in points, from the judge's cube-normalised equities."""
    if kind == "double":
        best = max(nd, min(dt, dp))
        return cube * (best - (min(dt, dp) if action else nd))
    return cube * ((dt if action else dp) - min(dt, dp))


class Auditor:
    """Collects every cube decision of a game with the judge's verdict."""

    def __init__(self, ours: ComputerPlayer, gnubg: Gnubg, plies: int) -> None:
        self.ours = ours
        self.gnubg = gnubg
        self.plies = plies
        self.records: list[dict] = []
        self.game = 0

    def __call__(
        self, who: str, kind: str, position: Position, state: CubeState, action: bool
    ) -> None:
        request = {
            "pid": position.position_id(),
            "cube": state.cube,
            "owner": OWNER_NAMES[state.owner],
            "plies": self.plies,
        }
        judged = self.gnubg.ask({"op": "cube", **request})
        probs = self.gnubg.ask({"op": "probs", **request})["probs"]
        nd, dt, dp = judged["nd"], judged["dt"], judged["dp"]
        record = {
            "game": self.game,
            "who": who,
            "kind": kind,
            "pid": position.position_id(),
            "cube": state.cube,
            "owner": "centred" if state.owner == CENTRED else "owned",
            "race": position.is_race(),
            "action": action,
            "judge": [nd, dt, dp],
            "judge_text": judged["text"],
            "judge_probs": probs,
            "verdict": classify(kind, action, nd, dt, dp),
            "error": error_points(kind, action, nd, dt, dp, state.cube),
        }
        if who == "ours":
            decision = self.ours.cube_decision(position, state)
            record["ours"] = [decision.no_double, decision.double_take, decision.double_pass]
        self.records.append(record)


class MoveAuditor:
    """Judges every play: the judge's best play's equity minus that of the play made, in points
    (times the cube), cubeful in games with the cube and cubeless without."""

    def __init__(self, gnubg: Gnubg, plies: int) -> None:
        self.gnubg = gnubg
        self.plies = plies
        self.errors: dict[str, list[float]] = defaultdict(list)
        self.cubes: dict[str, list[int]] = defaultdict(list)
        self.records: list[dict] = []

    def __call__(
        self,
        who: str,
        position: Position,
        dice: tuple[int, int],
        state: CubeState,
        result: Position,
    ) -> None:
        if result.is_game_over() or result == position.swapped():
            return  # a play that ends the game, or no play at all: nothing to judge
        answer = self.gnubg.ask(
            {
                "op": "moveerr",
                "pid": position.position_id(),
                "dice": list(dice),
                "result": result.position_id(),
                "cube": state.cube,
                "owner": OWNER_NAMES[state.owner],
                "cubeful": int(state.cube_enabled),
                "plies": self.plies,
            }
        )
        error = state.cube * max(0.0, answer["best"] - answer["chosen"])
        self.errors[who].append(error)
        self.cubes[who].append(state.cube)
        self.records.append(
            {
                "who": who,
                "pid": position.position_id(),
                "dice": list(dice),
                "cube": state.cube,
                "owner": OWNER_NAMES[state.owner],
                "cube_enabled": state.cube_enabled,
                "result": result.position_id(),
                "error": error,
            }
        )

    def report(self, games: int) -> None:
        for who, errs in self.errors.items():
            cubes = self.cubes[who]
            print(
                f"{who} plays: {len(errs)}, {sum(errs) / games:.4f} points per game lost "
                f"(mean cube {statistics.fmean(cubes):.2f}, "
                f"{1000 * statistics.fmean(errs):.1f} mP per play)"
            )


def report(records: list[dict], games: int) -> None:
    """Errors per game by side, kind, cube and phase."""
    print(f"{len(records)} cube decisions in {games} games; errors in points per game")
    for who in ("ours", "gnubg"):
        mine = [r for r in records if r["who"] == who]
        total = sum(r["error"] for r in mine)
        print(f"\n{who}: {len(mine)} decisions, {total / games:.4f} points per game lost")
        groups: dict[tuple, list[float]] = defaultdict(list)
        for r in mine:
            if r["verdict"] == "right":
                continue
            phase = "race" if r["race"] else "contact"
            groups[(r["verdict"], r["owner"], phase)].append(r["error"])
        for key, errs in sorted(groups.items(), key=lambda kv: -sum(kv[1])):
            print(
                f"  {key[0]:<18} {key[1]:<8} {key[2]:<8} n={len(errs):4d} "
                f"sum/game={sum(errs) / games:.4f} mean={statistics.fmean(errs):.3f}"
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games (even: duplicate pairs)")
    parser.add_argument("--level", default="expert")
    parser.add_argument("--plies", type=int, default=2, help="the judge's depth")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="first duplicate pair to play")
    parser.add_argument("--jsonl", default=None, help="write every cube decision here")
    parser.add_argument("--moves-jsonl", default=None, help="write every judged play here")
    parser.add_argument("--pairs-json", default=None, help="write each pair's points here")
    parser.add_argument("--moves", action="store_true", help="also judge every play")
    parser.add_argument("--move-plies", type=int, default=1, help="the play judge's depth")
    parser.add_argument("--cubeless", action="store_true", help="games without the cube")
    args = parser.parse_args(argv)
    program = find_gnubg()
    if program is None:
        print("GNU Backgammon (gnubg) is not installed: nothing to measure.")
        return 0
    ours = ComputerPlayer(args.level)
    gnubg = Gnubg(program)
    auditor = Auditor(ours, gnubg, args.plies)
    movers = MoveAuditor(gnubg, args.move_plies) if args.moves else None
    cube = not args.cubeless
    pairs: list[float] = []
    pair_points: list[list[int]] = []
    started = time.time()
    try:
        for k in range(args.first, args.first + (args.games + 1) // 2):
            points = []
            for ours_first in (True, False):
                dice = pair_dice(args.seed, k)
                points.append(play_game(ours, gnubg, dice, ours_first, cube, auditor, movers))
                auditor.game += 1
            pairs.append(statistics.fmean(points))
            pair_points.append(points)
            if len(pairs) % 10 == 0:
                s = summary(pairs)
                print(
                    f"{s['games']} games, {s['ppg']:+.3f} ppg [{s['ci95_low']:+.3f}, "
                    f"{s['ci95_high']:+.3f}], {time.time() - started:.0f}s",
                    flush=True,
                )
    finally:
        gnubg.close()
    s = summary(pairs)
    print(f"{args.level}: {s['ppg']:+.3f} ppg [{s['ci95_low']:+.3f}, {s['ci95_high']:+.3f}]")
    report(auditor.records, 2 * len(pairs))
    if args.pairs_json:
        Path(args.pairs_json).write_text(json.dumps({"first": args.first, "points": pair_points}))
    if movers is not None:
        movers.report(2 * len(pairs))
        if args.moves_jsonl:
            with open(args.moves_jsonl, "w") as f:
                for r in movers.records:
                    f.write(json.dumps(r) + "\n")
    if args.jsonl:
        with open(args.jsonl, "w") as f:
            for r in auditor.records:
                f.write(json.dumps(r) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
