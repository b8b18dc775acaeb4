"""Legal-play generation throughput, in cases per second, over the project's gnubg data set.

A *case* is one position and roll: produce every legal play with its resulting Position ID and
its notation. Measured on one core (the process pins itself to CPU 0 when it can):

* in process: positions decoded first; the timing covers ``legal_plays`` producing every play,
  ``play.result.position_id()`` and ``str(play)`` (also reported: ``legal_plays`` alone);
* through ``python -m engine plays``: the whole JSON-lines stream in a subprocess, wall time
  (interpreter start-up included);
* pure-Python peers when installed (``pip install .[bench]``): each through a small adapter,
  on a sample of the cases (they are slow), with their agreement with gnubg.

Every run also checks the engine's answers against gnubg's (same set of resulting positions).
Each figure is given per second of wall time and per second of CPU time (the process's own, or the
subprocess's): on a machine shared with other work the CPU figure is the steadier one.

    python benchmarks/movegen.py [--limit N] [--peer-cases N] [--json out.json]
"""

from __future__ import annotations

import argparse
import copy
import gc
import gzip
import json
import os
import platform
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import engine.moves  # noqa: E402
import engine.position  # noqa: E402
from engine.moves import legal_plays  # noqa: E402
from engine.position import Position  # noqa: E402

DATA = ROOT / "tests" / "data" / "gnubg-legal-plays.jsonl.gz"

Case = tuple[Position, tuple[int, int], frozenset[str]]


def load_cases(limit: int | None) -> tuple[list[dict], list[Case]]:
    with gzip.open(DATA, "rt") as handle:
        raw = [json.loads(line) for line in handle]
    if limit:
        raw = raw[:limit]
    cases = [
        (
            Position.from_position_id(c["pid"]),
            (int(c["dice"][0]), int(c["dice"][1])),
            frozenset(p["result"] for p in c["plays"]),
        )
        for c in raw
    ]
    return raw, cases


def pin_to_one_core() -> str:
    try:
        os.sched_setaffinity(0, {0})
        return "pinned to CPU 0"
    except (AttributeError, OSError):
        return "not pinned"


def clear_caches() -> None:
    engine.moves._notation_cache.clear()
    engine.position._last_high = ((), 0)


def best_of(repeats: int, run: Callable[[], object]) -> tuple[float, float]:
    """The best wall time and the best CPU time of ``repeats`` runs (CPU time is steadier on a
    busy machine)."""
    walls, cpus = [], []
    for _ in range(repeats):
        clear_caches()  # every run starts cold: no notation or Position ID left from the last
        start, start_cpu = time.perf_counter(), time.process_time()
        run()
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - start_cpu)
    return min(walls), min(cpus)


def bench_in_process(cases: list[Case], repeats: int) -> dict:
    work = [(position, dice) for position, dice, _ in cases]

    def full() -> None:
        for position, dice in work:
            for play in legal_plays(position, dice):
                play.result.position_id()
                str(play)

    def generate_only() -> None:
        for position, dice in work:
            legal_plays(position, dice)

    full_time, full_cpu = best_of(repeats, full)
    gen_time, gen_cpu = best_of(repeats, generate_only)
    agree = sum(
        1
        for position, dice, expected in cases
        if {p.result.position_id() for p in legal_plays(position, dice)} == expected
    )
    return {
        "cases_per_s": len(cases) / full_time,
        "cases_per_cpu_s": len(cases) / full_cpu,
        "generate_only_cases_per_s": len(cases) / gen_time,
        "generate_only_cases_per_cpu_s": len(cases) / gen_cpu,
        "agreement": agree / len(cases),
        "cases": len(cases),
    }


def bench_cli(raw: list[dict], repeats: int) -> dict:
    requests = "".join(
        json.dumps({"position_id": c["pid"], "dice": [int(c["dice"][0]), int(c["dice"][1])]}) + "\n"
        for c in raw
    ).encode()
    best = best_cpu = float("inf")
    output = b""
    for _ in range(repeats):
        start = time.perf_counter()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run(
            [sys.executable, "-m", "engine", "plays"],
            input=requests,
            capture_output=True,
            cwd=ROOT,
            check=True,
        )
        best = min(best, time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        best_cpu = min(best_cpu, cpu)
        output = done.stdout
    answers = output.decode().splitlines()
    agree = sum(
        1
        for case, line in zip(raw, answers, strict=False)
        if {p["result"] for p in json.loads(line).get("plays", [])}
        == {p["result"] for p in case["plays"]}
    )
    return {
        "cases_per_s": len(raw) / best,
        "cases_per_cpu_s": len(raw) / best_cpu,
        "agreement": agree / len(raw),
        "cases": len(raw),
    }


# -- peers --------------------------------------------------------------------------------------


def pygammon_plays(position: Position, dice: tuple[int, int]) -> set[str]:
    """Every legal play's result (Position ID, opponent on roll) by pygammon's own move rules.

    pygammon has no play generator: its game checks single moves and the number of dice a turn
    must use, so the adapter tries every sequence of moves as a player would (from points holding
    its checkers, one die of each value, each board and dice left explored once).
    """
    from pygammon.core import Game
    from pygammon.exceptions import GameWon, InvalidMove
    from pygammon.structures import Point, Side

    game = Game(Side.FIRST)
    game.board = [Point() for _ in range(24)]
    # FIRST moves down from 24: my point p is index p - 1; SECOND's point q is index 24 - q.
    for i in range(24):
        if position.on_roll[i]:
            game.board[i] = Point(Side.FIRST, position.on_roll[i])
        if position.opponent[i]:
            game.board[23 - i] = Point(Side.SECOND, position.opponent[i])
    me, them = game.players[Side.FIRST], game.players[Side.SECOND]
    me.hit, them.hit = position.on_roll[24], position.opponent[24]
    me.borne, them.borne = position.borne_off()
    game.dice = (dice[0], dice[1]) * (2 if dice[0] == dice[1] else 1)
    game.dice_played = set()
    needed = game.get_max_move_count()
    results: set[str] = set()

    def snapshot(g: Game) -> str:
        mine = [0] * 25
        theirs = [0] * 25
        for i, point in enumerate(g.board):
            if point.side is Side.FIRST:
                mine[i] = point.count
            elif point.side is Side.SECOND:
                theirs[23 - i] = point.count
        mine[24] = g.players[Side.FIRST].hit
        theirs[24] = g.players[Side.SECOND].hit
        return Position(theirs, mine, validate=False).position_id()

    seen: set[tuple[str, tuple[int, ...]]] = set()

    def walk(g: Game, depth: int) -> None:
        if depth == needed:
            results.add(snapshot(g))
            return
        left = tuple(sorted(g.dice[i] for i in range(len(g.dice)) if i not in g.dice_played))
        key = (snapshot(g), left)
        if key in seen:  # the same board with the same dice left: already explored
            return
        seen.add(key)
        if g.players[Side.FIRST].hit:
            sources: list[int | None] = [None]
        else:
            sources = [i for i, point in enumerate(g.board) if point.side is Side.FIRST]
        tried: set[int] = set()
        for index in range(len(g.dice)):
            # equal dice are interchangeable: try one of each value
            if index in g.dice_played or g.dice[index] in tried:
                continue
            tried.add(g.dice[index])
            for source in sources:
                trial = copy.deepcopy(g)
                try:
                    trial.move(index, source)
                except InvalidMove:
                    continue
                except GameWon:
                    results.add(snapshot(trial))
                    continue
                walk(trial, depth + 1)

    walk(game, 0)
    return results


PEERS: dict[str, tuple[str, Callable[[Position, tuple[int, int]], set[str]]]] = {
    "pygammon (PyPI)": ("pygammon", pygammon_plays),
}


def bench_peer(module: str, adapter: Callable, cases: list[Case]) -> dict:
    try:
        __import__(module)
    except ImportError:
        return {"skipped": "not installed (pip install .[bench])"}
    start, start_cpu = time.perf_counter(), time.process_time()
    answers = [adapter(position, dice) for position, dice, _ in cases]
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - start_cpu
    agree = sum(1 for got, (_, _, exp) in zip(answers, cases, strict=True) if got == exp)
    return {
        "cases_per_s": len(cases) / elapsed,
        "cases_per_cpu_s": len(cases) / cpu,
        "agreement": agree / len(cases),
        "cases": len(cases),
    }


def _rate(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:.2f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limit", type=int, default=None, help="use only the first N cases")
    parser.add_argument("--repeats", type=int, default=3, help="timed runs; the best is kept")
    parser.add_argument(
        "--peer-cases", type=int, default=300, help="cases for slow peers (0: skip the peers)"
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    for name, value in (("--limit", args.limit), ("--repeats", args.repeats)):
        if value is not None and value < 1:
            parser.error(f"{name} must be 1 or more, not {value}.")
    if args.peer_cases < 0:
        parser.error(f"--peer-cases must be 0 or more, not {args.peer_cases}.")

    pinning = pin_to_one_core()
    raw, cases = load_cases(args.limit)
    # The loaded data set is large and lives to the end: keep the collector from walking it over
    # and over while the engine runs (as a long-running program would with its own data).
    gc.collect()
    gc.freeze()
    results: dict[str, dict] = {}
    results["engine, in process"] = bench_in_process(cases, args.repeats)
    results["engine, python -m engine plays"] = bench_cli(raw, args.repeats)
    if args.peer_cases:
        sample = cases[:: max(1, len(cases) // args.peer_cases)][: args.peer_cases]
        for name, (module, adapter) in PEERS.items():
            results[name] = bench_peer(module, adapter, sample)
    results["softwerks/backgammon"] = {"skipped": "not published on PyPI; not measured"}

    print(
        f"Legal-play generation, {len(cases)} cases from gnubg; {pinning}; "
        f"Python {platform.python_version()}"
    )
    header = f"{'generator':<34} {'cases/s':>10} {'per CPU s':>10} {'agrees with gnubg':>18}"
    print(header + f" {'cases':>7}")
    for name, figures in results.items():
        if "skipped" in figures:
            print(f"{name:<34} {'-':>10} {'-':>10} {'-':>18} {'':>7}  {figures['skipped']}")
            continue
        print(
            f"{name:<34} {_rate(figures['cases_per_s']):>10} "
            f"{_rate(figures['cases_per_cpu_s']):>10} {figures['agreement']:>17.2%} "
            f"{figures['cases']:>7}"
        )
        if "generate_only_cases_per_s" in figures:
            alone = _rate(figures["generate_only_cases_per_s"])
            alone_cpu = _rate(figures["generate_only_cases_per_cpu_s"])
            print(f"{'  (legal_plays alone)':<34} {alone:>10} {alone_cpu:>10}")
    if args.json:
        payload = {"cases": len(cases), "pinning": pinning, "python": platform.python_version()}
        payload["results"] = results
        args.json.write_text(json.dumps(payload, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
