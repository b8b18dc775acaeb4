"""Strength and speed of the five computer levels, judged by GNU Backgammon 2-ply.

Checker play: for every case of ``tests/data/gnubg-2ply-plays.jsonl.gz`` each level chooses a
play; its error is the best play's equity minus the chosen play's equity (gnubg 2-ply, cubeless
money), and the mean over cases times 1000 is the level's loss in mEMG per decision. The time of
each decision gives the median and 95th percentile.

Cube: for every case of ``tests/data/gnubg-cube-decisions.jsonl`` each level decides whether to
double (state before the roll) and whether to take (double offered). With gnubg's cubeful
equities (normalised to the cube, player on roll) the doubler's error is
``max(ND, min(DT, DP)) - (ND if no double else min(DT, DP))`` and the taker's error is
``(DT if take else DP) - min(DT, DP)``. Agreement counts decisions that match gnubg's verdict
(an "optional" double agrees either way). A double the rules forbid is counted as illegal.

    python benchmarks/strength.py [--levels expert,hard] [--limit N] [--json out.json]
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.cube import state_from_match_id  # noqa: E402
from ai.levels import LEVEL_NAMES  # noqa: E402
from ai.player import ComputerPlayer  # noqa: E402
from engine.matchid import decode_match_id  # noqa: E402
from engine.position import Position  # noqa: E402

DATA = ROOT / "tests" / "data"
PLAYS = DATA / "gnubg-2ply-plays.jsonl.gz"
CUBES = DATA / "gnubg-cube-decisions.jsonl"
GNUBG_LEVELS = DATA / "gnubg-levels.json"


def load_plays(limit: int | None) -> list[dict]:
    with gzip.open(PLAYS, "rt") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    rows = [r for r in rows if len(r["plays"]) >= 2]
    return rows[:limit] if limit else rows


def load_cubes(limit: int | None) -> list[dict]:
    with open(CUBES) as f:
        rows = [json.loads(line) for line in f if line.strip()]
    return rows[:limit] if limit else rows


def measure_plays(player: ComputerPlayer, rows: list[dict]) -> dict[str, float]:
    """Mean loss (mEMG), worst loss, illegal choices and decision times of one level."""
    losses: list[float] = []
    times: list[float] = []
    illegal = 0
    for row in rows:
        position = Position.from_position_id(row["pid"])
        dice = (int(row["dice"][0]), int(row["dice"][1]))
        equities = {p["result"]: p["equity"] for p in row["plays"]}
        best = max(equities.values())
        start = time.perf_counter()
        result = player.choose_result(position, dice)
        times.append(time.perf_counter() - start)
        chosen = equities.get(result.position_id()) if result is not None else None
        if chosen is None:
            illegal += 1
            chosen = min(equities.values())
        losses.append(best - chosen)
    ordered = sorted(times)
    return {
        "decisions": len(rows),
        "mEMG": 1000.0 * statistics.fmean(losses),
        "worst_mEMG": 1000.0 * max(losses),
        "illegal": illegal,
        "median_ms": 1000.0 * statistics.median(ordered),
        "p95_ms": 1000.0 * ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))],
    }


def _gnubg_answers(verdict: str) -> tuple[set[bool], bool]:
    """(doubling choices gnubg accepts, gnubg takes) from its verdict text."""
    text = verdict.lower()
    take = text.partition(",")[2].strip().startswith(("take", "beaver"))
    if text.startswith("optional"):
        return {True, False}, take
    if text.startswith(("double", "redouble")):
        return {True}, take
    return {False}, take


def measure_cube(player: ComputerPlayer, rows: list[dict]) -> dict[str, float]:
    """Doubler and taker error (mEMG per decision), agreement and illegal doubles of one level."""
    doubler_err: list[float] = []
    taker_err: list[float] = []
    agree_double = agree_take = illegal = 0
    times: list[float] = []
    for row in rows:
        position = Position.from_position_id(row["position_id"])
        nd, dt, dp = row["eq_nodouble"], row["eq_double_take"], row["eq_double_pass"]
        before = decode_match_id(row["match_id_before_roll"])
        state = state_from_match_id(before, before.player_on_roll)
        start = time.perf_counter()
        doubles = player.should_double(position, state)
        offered = decode_match_id(row["match_id_double_offered"])
        doubler_state = state_from_match_id(offered, offered.player_on_roll)
        takes = player.should_take(position, doubler_state)
        times.append(time.perf_counter() - start)
        if doubles and not state.may_double() and (state.crawford or state.owner == -1):
            illegal += 1
        best = max(nd, min(dt, dp))
        doubler_err.append(best - (min(dt, dp) if doubles else nd))
        taker_err.append((dt if takes else dp) - min(dt, dp))
        accepted, gnubg_takes = _gnubg_answers(row["gnubg"])
        agree_double += doubles in accepted
        agree_take += takes == gnubg_takes
    n = max(1, len(rows))
    return {
        "decisions": len(rows),
        "doubler_mEMG": 1000.0 * statistics.fmean(doubler_err),
        "taker_mEMG": 1000.0 * statistics.fmean(taker_err),
        "double_agree": agree_double / n,
        "take_agree": agree_take / n,
        "illegal": illegal,
        "median_ms": 1000.0 * statistics.median(times),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default=",".join(LEVEL_NAMES), help="comma-separated levels")
    parser.add_argument(
        "--limit", type=int, default=None, help="only the first N cases of each set"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-cube", action="store_true", help="skip the cube benchmark")
    parser.add_argument("--json", dest="json_out", default=None, help="write the figures here")
    args = parser.parse_args(argv)
    levels = [name.strip() for name in args.levels.split(",") if name.strip()]
    plays = load_plays(args.limit)
    cubes = load_cubes(args.limit)
    report: dict[str, dict] = {}
    print(
        f"{'level':<9} {'mEMG':>7} {'worst':>7} {'illegal':>7} {'med ms':>7} {'p95 ms':>7}"
        f" | {'doubler':>7} {'taker':>7} {'dbl agr':>7} {'take agr':>8}",
        flush=True,
    )
    for name in levels:
        player = ComputerPlayer(name, seed=args.seed)
        figures = {"plays": measure_plays(player, plays)}
        if not args.no_cube:
            figures["cube"] = measure_cube(player, cubes)
        report[name] = figures
        p = figures["plays"]
        line = (
            f"{name:<9} {p['mEMG']:7.1f} {p['worst_mEMG']:7.0f} {p['illegal']:7d} "
            f"{p['median_ms']:7.1f} {p['p95_ms']:7.1f}"
        )
        if "cube" in figures:
            c = figures["cube"]
            line += (
                f" | {c['doubler_mEMG']:7.1f} {c['taker_mEMG']:7.1f} "
                f"{100 * c['double_agree']:6.1f}% {100 * c['take_agree']:7.1f}%"
            )
        print(line, flush=True)
    if GNUBG_LEVELS.exists():
        anchors = json.loads(GNUBG_LEVELS.read_text())
        print(
            "GNU Backgammon on the same set (mEMG): "
            + ", ".join(
                f"{k.replace('gnubg ', '')} {v['mEMG_per_decision']}" for k, v in anchors.items()
            )
        )
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(report, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
