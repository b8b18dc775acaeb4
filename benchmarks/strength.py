"""Strength and speed of the five computer levels, judged by GNU Backgammon 2-ply.

Checker play: for every case of ``tests/data/gnubg-2ply-plays.jsonl.gz`` each level chooses a
play; its error is the best play's equity minus the chosen play's equity (gnubg 2-ply, cubeless
money), and the mean over cases times 1000 is the level's loss in mEMG per decision. The time of
each decision gives the median and 95th percentile.

Cube: the cases of ``tests/data/gnubg-cube-decisions.jsonl`` that are not Crawford games (276
of 300; in a Crawford game no one may double, so those rows' double/take/pass equities mean
nothing). Each level decides whether to double (state before the roll) and whether to take
(double offered). With gnubg's cubeful equities (normalised to the cube, player on roll) the
doubler's error is ``max(ND, min(DT, DP)) - (ND if no double else min(DT, DP))`` and the taker's
error is ``(DT if take else DP) - min(DT, DP)``; both are reported separately. Agreement counts
decisions that match gnubg's verdict (an "optional" double agrees either way). A double the
rules forbid is counted as illegal, and in the 24 Crawford rows every level must just roll
(``crawford doubles`` counts those it would double: it must be 0).

Every figure is given for two parts of the sets, split by a fixed hash of each case
(``ai.holdout``): ``tune`` (about two thirds), the only part anything may be tuned on, and
``holdout`` (about a third), reported separately and never used to choose anything; ``all``
is both together (comparable with figures measured before the split).

    python benchmarks/strength.py [--levels expert,hard] [--limit N] [--json out.json]
                                  [--weights DIR] [--no-cube] [--no-crashed-set]

The play cases are also split into crashed ones (a side with ten checkers or fewer left on the
board, still in contact: ``ai.encoding.crashed_mask``), back games (``ai.encoding.backgame_mask``)
and the others, each part's mean given.
So few of them are crashed (about 60) that each level is also measured on the 600 crashed plays
of ``tests/data/gnubg-2ply-crashed-plays.jsonl.gz`` (``benchmarks/crashed_set.py``; split into
the same two parts; ``--no-crashed-set`` skips them), and on the 600 back games of
``tests/data/gnubg-2ply-backgame-plays.jsonl.gz`` (``benchmarks/crashed_set.py --kind
backgame``; ``--no-crashed-set`` skips them too), and on the 2,000 ordinary contact positions
(neither crashed nor back games) of ``tests/data/gnubg-2ply-ordinary-plays.jsonl.gz``
(``benchmarks/crashed_set.py --kind ordinary``; skipped with them), where the contact network
decides. The cube is measured the same way on the
400 money-game cube decisions in crashed positions of ``tests/data/gnubg-2ply-crashed-cubes.jsonl``
(``benchmarks/crashed_cube_set.py``), and on the 1,000 cube decisions of
``tests/data/gnubg-2ply-fresh-cubes.jsonl`` (``benchmarks/fresh_cube_set.py``: made as the cube
set was, from GNU Backgammon's own games, money games and matches, 658 tuning and 342 held-out
rows), each beside GNU Backgammon 0-ply's own errors on them.

``--weights DIR`` measures the networks ``DIR/contact.npz`` and ``DIR/race.npz`` (and
``DIR/crashed.npz`` and ``DIR/backgame.npz`` when they are there; e.g. the shipped networks
beside a training checkpoint's) instead of the shipped ones.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai import bearoff  # noqa: E402
from ai.cube import state_from_match_id  # noqa: E402
from ai.encoding import (  # noqa: E402
    backgame_mask,
    boards_from_positions,
    crashed_mask,
    race_mask,
)
from ai.evaluator import NetEvaluator, load_networks  # noqa: E402
from ai.holdout import cube_key, in_part, play_key  # noqa: E402
from ai.levels import LEVEL_NAMES  # noqa: E402
from ai.player import ComputerPlayer  # noqa: E402
from engine.matchid import decode_match_id  # noqa: E402
from engine.position import Position  # noqa: E402

DATA = ROOT / "tests" / "data"
PLAYS = DATA / "gnubg-2ply-plays.jsonl.gz"
CRASHED_PLAYS = DATA / "gnubg-2ply-crashed-plays.jsonl.gz"  # benchmarks/crashed_set.py
BACKGAME_PLAYS = DATA / "gnubg-2ply-backgame-plays.jsonl.gz"  # ... --kind backgame
ORDINARY_PLAYS = DATA / "gnubg-2ply-ordinary-plays.jsonl.gz"  # ... --kind ordinary
CUBES = DATA / "gnubg-cube-decisions.jsonl"
CRASHED_CUBES = DATA / "gnubg-2ply-crashed-cubes.jsonl"  # benchmarks/crashed_cube_set.py
FRESH_CUBES = DATA / "gnubg-2ply-fresh-cubes.jsonl"  # benchmarks/fresh_cube_set.py
# the other cube sets: the figures' key and the words that name them
CUBE_SETS = (
    ("crashed_cubes", CRASHED_CUBES, "crashed cube decisions"),
    ("fresh_cubes", FRESH_CUBES, "fresh cube decisions"),
)
GNUBG_LEVELS = DATA / "gnubg-levels.json"
PARTS = ("tune", "holdout", "all")
# GNU Backgammon 0-ply's own cube errors on the usable rows (doubler, taker), for scale.
GNUBG_0PLY_CUBE = (1.3, 0.02)


def load_plays(limit: int | None, path: Path = PLAYS) -> list[dict]:
    with gzip.open(path, "rt") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    rows = [r for r in rows if len(r["plays"]) >= 2]
    return rows[:limit] if limit else rows


def load_cubes(limit: int | None) -> tuple[list[dict], list[dict]]:
    """The usable cube rows (no Crawford game) and the Crawford rows, each cut to ``limit``."""
    with open(CUBES) as f:
        rows = [json.loads(line) for line in f if line.strip()]
    usable = [r for r in rows if not r["crawford"]]
    crawford = [r for r in rows if r["crawford"]]
    return (usable[:limit], crawford[:limit]) if limit else (usable, crawford)


def _summary_plays(losses: list[float], times: list[float], illegal: int) -> dict[str, float]:
    ordered = sorted(times)
    return {
        "decisions": len(losses),
        "mEMG": 1000.0 * statistics.fmean(losses),
        "worst_mEMG": 1000.0 * max(losses),
        "illegal": illegal,
        "median_ms": 1000.0 * statistics.median(ordered),
        "p95_ms": 1000.0 * ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))],
    }


def measure_plays(player: ComputerPlayer, rows: list[dict]) -> dict[str, dict[str, float]]:
    """Per part: mean loss (mEMG), worst loss, illegal choices and decision times of one level,
    and the mean loss on the crashed cases (``ai.encoding.crashed_mask``), on the back games
    (``ai.encoding.backgame_mask``) and on the others."""
    cases: list[tuple[str, float, float, bool]] = []  # key, loss, seconds, illegal
    positions = [Position.from_position_id(row["pid"]) for row in rows]
    boards = boards_from_positions(positions)
    race = race_mask(boards)
    kinds = np.where(
        crashed_mask(boards, race),
        "crashed",
        np.where(backgame_mask(boards, race), "backgame", "other"),
    )
    for row, position in zip(rows, positions, strict=True):
        dice = (int(row["dice"][0]), int(row["dice"][1]))
        equities = {p["result"]: p["equity"] for p in row["plays"]}
        best = max(equities.values())
        start = time.perf_counter()
        result = player.choose_result(position, dice)
        seconds = time.perf_counter() - start
        chosen = equities.get(result.position_id()) if result is not None else None
        bad = chosen is None
        if chosen is None:
            chosen = min(equities.values())
        cases.append((play_key(row), best - chosen, seconds, bad))
    report = {}
    for part in PARTS:
        mine = [(c, k) for c, k in zip(cases, kinds, strict=True) if in_part(c[0], part)]
        if mine:
            report[part] = _summary_plays(
                [c[1] for c, _k in mine], [c[2] for c, _k in mine], sum(c[3] for c, _k in mine)
            )
            for key in ("crashed", "backgame", "other"):
                losses = [c[1] for c, k in mine if k == key]
                report[part][f"{key}_cases"] = len(losses)
                report[part][f"{key}_mEMG"] = (
                    1000.0 * statistics.fmean(losses) if losses else float("nan")
                )
    return report


def _gnubg_answers(verdict: str) -> tuple[set[bool], bool]:
    """(doubling choices gnubg accepts, gnubg takes) from its verdict text."""
    text = verdict.lower()
    take = text.partition(",")[2].strip().startswith(("take", "beaver"))
    if text.startswith("optional"):
        return {True, False}, take
    if text.startswith(("double", "redouble")):
        return {True}, take
    return {False}, take


def cube_errors(row: dict, doubles: bool, takes: bool) -> tuple[float, float]:
    """The doubler's and the taker's error (EMG) of a double/no double and take/pass on a row,
    by gnubg's 2-ply equities."""
    nd, dt, dp = row["eq_nodouble"], row["eq_double_take"], row["eq_double_pass"]
    best = max(nd, min(dt, dp))
    return best - (min(dt, dp) if doubles else nd), (dt if takes else dp) - min(dt, dp)


def measure_cube(player: ComputerPlayer, rows: list[dict]) -> dict[str, dict[str, float]]:
    """Per part: doubler and taker error (mEMG per decision), agreement and illegal doubles."""
    cases: list[tuple[str, float, float, bool, bool, bool, float]] = []
    for row in rows:
        position = Position.from_position_id(row["position_id"])
        before = decode_match_id(row["match_id_before_roll"])
        state = state_from_match_id(before, before.player_on_roll)
        start = time.perf_counter()
        doubles = player.should_double(position, state)
        offered = decode_match_id(row["match_id_double_offered"])
        doubler_state = state_from_match_id(offered, offered.player_on_roll)
        takes = player.should_take(position, doubler_state)
        seconds = time.perf_counter() - start
        illegal = doubles and not state.may_double() and (state.crawford or state.owner == -1)
        accepted, gnubg_takes = _gnubg_answers(row["gnubg"])
        cases.append(
            (
                cube_key(row),
                *cube_errors(row, doubles, takes),
                doubles in accepted,
                takes == gnubg_takes,
                illegal,
                seconds,
            )
        )
    report = {}
    for part in PARTS:
        mine = [c for c in cases if in_part(c[0], part)]
        if not mine:
            continue
        n = len(mine)
        report[part] = {
            "decisions": n,
            "doubler_mEMG": 1000.0 * statistics.fmean(c[1] for c in mine),
            "taker_mEMG": 1000.0 * statistics.fmean(c[2] for c in mine),
            "double_agree": sum(c[3] for c in mine) / n,
            "take_agree": sum(c[4] for c in mine) / n,
            "illegal": sum(c[5] for c in mine),
            "median_ms": 1000.0 * statistics.median(c[6] for c in mine),
        }
    return report


def load_crashed_cubes(limit: int | None, path: Path = CRASHED_CUBES) -> list[dict]:
    """The rows of another cube set (the crashed one by default), cut to ``limit``; none
    without the file."""
    if not path.exists():
        return []
    with open(path) as f:
        rows = [json.loads(line) for line in f if line.strip()]
    return rows[:limit] if limit else rows


def gnubg_0ply_cube(rows: list[dict]) -> dict[str, tuple[float, float]]:
    """Per part: GNU Backgammon 0-ply's own doubler and taker errors (mEMG per decision) on the
    rows that carry its values, judged like a level's (its choices from its 0-ply values)."""
    cases = []
    for row in rows:
        nd0, dt0, dp0 = row["gnubg_0ply"]
        cases.append((cube_key(row), *cube_errors(row, min(dt0, dp0) > nd0, dt0 <= dp0)))
    report = {}
    for part in PARTS:
        mine = [c for c in cases if in_part(c[0], part)]
        if mine:
            report[part] = (
                1000.0 * statistics.fmean(c[1] for c in mine),
                1000.0 * statistics.fmean(c[2] for c in mine),
            )
    return report


def crawford_doubles(player: ComputerPlayer, rows: list[dict]) -> int:
    """How many Crawford-game rows this level would double in (each must just roll: 0)."""
    count = 0
    for row in rows:
        position = Position.from_position_id(row["position_id"])
        before = decode_match_id(row["match_id_before_roll"])
        count += player.should_double(position, state_from_match_id(before, before.player_on_roll))
    return count


def given_networks(parser: argparse.ArgumentParser, directory: str | None) -> NetEvaluator | None:
    """The networks of ``--weights DIR`` (None without it: the shipped ones play); a directory
    whose networks do not load ends the command with the reason (``benchmarks/vs_gnubg.py``
    takes them so too)."""
    if not directory:
        return None
    try:
        return load_networks(directory, bearoff.load())
    except (OSError, ValueError) as exc:
        parser.error(f"cannot load the networks in {directory}: {exc}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default=",".join(LEVEL_NAMES), help="comma-separated levels")
    parser.add_argument(
        "--limit", type=int, default=None, help="only the first N cases of each set"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-cube", action="store_true", help="skip the cube benchmark")
    parser.add_argument(
        "--no-crashed-set",
        action="store_true",
        help="skip the sets of crashed plays, back games and ordinary positions",
    )
    parser.add_argument("--json", dest="json_out", default=None, help="write the figures here")
    parser.add_argument("--weights", default=None, help="directory of other networks to measure")
    args = parser.parse_args(argv)
    evaluator = given_networks(parser, args.weights)
    levels = [name.strip() for name in args.levels.split(",") if name.strip()]
    unknown = [name for name in levels if name.lower() not in LEVEL_NAMES]
    if unknown:
        parser.error(f"unknown level(s) {', '.join(unknown)}: choose from {', '.join(LEVEL_NAMES)}")
    plays = load_plays(args.limit)
    kind_sets = {
        key: load_plays(args.limit, path)
        for key, path in (
            ("crashed_set", CRASHED_PLAYS),
            ("backgame_set", BACKGAME_PLAYS),
            ("ordinary_set", ORDINARY_PLAYS),
        )
        if path.exists() and not args.no_crashed_set
    }
    cubes, crawford = load_cubes(args.limit)
    cube_sets = {
        key: rows
        for key, path, _words in CUBE_SETS
        if not (args.no_cube or args.no_crashed_set)
        and (rows := load_crashed_cubes(args.limit, path))
    }
    report: dict[str, dict] = {}
    print(
        f"{'level':<9} {'part':<8} {'cases':>5} {'mEMG':>6} {'worst':>6} {'illegal':>7}"
        f" {'med ms':>7} {'p95 ms':>7} | {'cubes':>5} {'doubler':>7} {'taker':>7} {'dbl agr':>7}"
        f" {'take agr':>8}",
        flush=True,
    )
    for name in levels:
        player = ComputerPlayer(name, evaluator=evaluator, seed=args.seed)
        figures: dict[str, dict] = {"plays": measure_plays(player, plays)}
        for key, rows in kind_sets.items():
            figures[key] = measure_plays(player, rows)
        if not args.no_cube:
            figures["cube"] = measure_cube(player, cubes)
            figures["crawford_doubles"] = {"rows": len(crawford), "doubles": 0}
            figures["crawford_doubles"]["doubles"] = crawford_doubles(player, crawford)
            for key, rows in cube_sets.items():
                figures[key] = measure_cube(player, rows)
        report[name] = figures
        for part in PARTS:
            p = figures["plays"].get(part)
            if p is None:
                continue
            line = (
                f"{name:<9} {part:<8} {p['decisions']:5d} {p['mEMG']:6.1f} {p['worst_mEMG']:6.0f}"
                f" {p['illegal']:7d} {p['median_ms']:7.1f} {p['p95_ms']:7.1f}"
            )
            c = figures.get("cube", {}).get(part)
            if c is not None:
                line += (
                    f" | {c['decisions']:5d} {c['doubler_mEMG']:7.1f} {c['taker_mEMG']:7.1f} "
                    f"{100 * c['double_agree']:6.1f}% {100 * c['take_agree']:7.1f}%"
                )
            print(line, flush=True)
        for part in PARTS:
            p = figures["plays"].get(part)
            if p is not None:
                print(
                    f"{name:<9} {part:<8} crashed: {p['crashed_cases']} cases "
                    f"{p['crashed_mEMG']:.1f} mEMG; back games: {p['backgame_cases']} cases "
                    f"{p['backgame_mEMG']:.1f} mEMG; the others: {p['other_cases']} cases "
                    f"{p['other_mEMG']:.1f} mEMG"
                )
        for key, title in (
            ("crashed_set", "crashed plays"),
            ("backgame_set", "back games"),
            ("ordinary_set", "ordinary positions"),
        ):
            if key in figures:
                print(
                    f"{name:<9} the set of {title}: "
                    + "; ".join(
                        f"{part} {p['decisions']} cases {p['mEMG']:.1f} mEMG"
                        for part, p in figures[key].items()
                    )
                )
        for key, _path, words in CUBE_SETS:
            if key in figures:
                print(
                    f"{name:<9} the set of {words} (doubler / taker mEMG): "
                    + "; ".join(
                        f"{part} {c['decisions']} rows {c['doubler_mEMG']:.2f} / "
                        f"{c['taker_mEMG']:.2f}"
                        for part, c in figures[key].items()
                    )
                )
        if "crawford_doubles" in figures:
            cd = figures["crawford_doubles"]
            print(
                f"{name:<9} Crawford games: doubled in {cd['doubles']} of {cd['rows']} (must be 0)"
            )
    if GNUBG_LEVELS.exists():
        anchors = json.loads(GNUBG_LEVELS.read_text())
        print(
            "GNU Backgammon on the whole play set (mEMG): "
            + ", ".join(
                f"{k.replace('gnubg ', '')} {v['mEMG_per_decision']}" for k, v in anchors.items()
            )
        )
    print(
        f"GNU Backgammon 0-ply on all 276 usable cube rows: doubler {GNUBG_0PLY_CUBE[0]}, "
        f"taker {GNUBG_0PLY_CUBE[1]} mEMG"
    )
    for key, _path, words in CUBE_SETS:
        if key in cube_sets:
            print(
                f"GNU Backgammon 0-ply on the {words} (doubler / taker mEMG): "
                + "; ".join(
                    f"{part} {d:.2f} / {t:.2f}"
                    for part, (d, t) in gnubg_0ply_cube(cube_sets[key]).items()
                )
            )
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(report, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
