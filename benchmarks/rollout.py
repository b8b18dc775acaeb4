"""Rollout accuracy and speed: the start position and bear-offs whose equity is exactly known.

For each position the rollout (``ai.rollout``, all cores, quasi-random dice, luck adjustment) is
compared with a reference and the difference given in standard errors (z):

* the start position (1,296 games by default: every pair of first two rolls once): the
  luck-adjusted estimate against the plain mean of the same games (whose standard error is the
  larger) and against the network's 0-ply value;
* bear-off positions (both sides home), played out to the last checker: both estimates against
  the exact value of the one-sided bear-off database (``ai/bearoff.py``).

The database's value assumes each side plays to minimise its own expected number of rolls; the
rollout plays the play the database values best for the two-sided race, which is sometimes a
different play. The plain mean is unbiased for the rollout's own play, and so is the adjusted
mean, whose standard error is so small (a few 0.0001) that those rare differences of play show
as many standard errors. So for the smallest bear-off the benchmark also computes, by exhaustive
recursion over every roll, the exact value of the rollout's own play (``own play``), which the
adjusted mean must match (``--no-own-play`` skips that minute or two of work).

    python benchmarks/rollout.py [--games 1296] [--workers N] [--seed 0] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from ai.encoding import boards_from_positions, final_outcome, finished_mask  # noqa: E402
from ai.evaluator import equity, flip, load_default_evaluator  # noqa: E402
from ai.rollout import RolloutSettings, default_workers, rollout, stderr_progress  # noqa: E402
from engine.dice import ROLLS  # noqa: E402
from engine.moves import legal_results  # noqa: E402
from engine.position import Position  # noqa: E402

BEAROFFS = (
    "x 6:2 4:1 1:1; o 19:2 22:1 23:2",
    "x 6:5 5:4 4:2; o 19:4 20:4 21:3 22:2",
    "x 6:3 5:3 4:3 3:2 2:2 1:2; o 19:2 20:2 21:2 22:2 23:2 24:2",
)


def own_play_value(evaluator, position: Position, memo: dict[str, np.ndarray]) -> np.ndarray:
    """The exact outputs of ``position`` when both sides play as a rollout plays (0-ply)."""
    key = position.position_id()
    if key in memo:
        return memo[key]
    boards = boards_from_positions([position])
    if finished_mask(boards)[0]:
        value = final_outcome(boards)[0].astype(np.float64)
    else:
        value = np.zeros(5)
        for dice, weight in ROLLS:
            results = legal_results(position, dice) or [position.swapped()]
            mover = flip(evaluator.evaluate_batch(results))
            best = results[int(np.argmax(equity(mover)))]
            value += weight * flip(own_play_value(evaluator, best, memo))
        value /= 36.0
    memo[key] = value
    return value


def _z(value: float, reference: float, se: float) -> float:
    return (value - reference) / se if se > 0 else (0.0 if value == reference else math.inf)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1296, help="games per position")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: all)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", dest="json_out", default=None, help="write the figures here")
    parser.add_argument("--no-own-play", action="store_true", help="skip the exact recursion")
    args = parser.parse_args(argv)
    if args.games < 2:
        parser.error("--games must be at least 2")
    workers = args.workers or default_workers()
    evaluator = load_default_evaluator()
    report: dict[str, dict] = {}
    cases = [("start", Position.start(), True)]
    cases += [(text, Position.from_text(text), False) for text in BEAROFFS]
    print(
        f"{'position':<58} {'reference':>9} {'adjusted':>17} {'z':>5} {'plain':>15} {'z':>5}"
        f" {'games/s':>7}",
        flush=True,
    )
    for name, position, is_start in cases:
        settings = RolloutSettings(games=args.games, seed=args.seed, bearoff_stop=is_start)
        result = rollout(
            position, settings, workers=workers, progress=stderr_progress(f"rollout {name[:20]}")
        )
        zero_ply = float(equity(evaluator.evaluate_batch([position]))[0])
        reference = result.raw_equity if is_start else zero_ply
        ref_se = result.raw_equity_se if is_start else result.equity_se
        z_adj = _z(result.equity, reference, ref_se)
        z_raw = _z(result.raw_equity, zero_ply, result.raw_equity_se)
        rate = result.games / max(result.seconds, 1e-9)
        label = f"{name} (ref: plain mean)" if is_start else name
        print(
            f"{label:<58} {reference:+9.4f} {result.equity:+9.4f}+-{result.equity_se:.4f}"
            f" {z_adj:5.1f} {result.raw_equity:+7.3f}+-{result.raw_equity_se:.3f} {z_raw:5.1f}"
            f" {rate:7.2f}",
            flush=True,
        )
        report[name] = dict(
            result.as_dict(),
            position_id=position.position_id(),
            zero_ply=zero_ply,
            exact=None if is_start else zero_ply,
            z_adjusted=z_adj,
            z_plain=z_raw,
            games_per_second=rate,
            workers=workers,
        )
        if name == BEAROFFS[0] and not args.no_own_play:
            own = float(equity(own_play_value(evaluator, position, {})))
            z_own = _z(result.equity, own, result.equity_se)
            print(f"{'  own play, exact':<58} {own:+9.4f} (adjusted z {z_own:.1f})")
            report[name].update(own_play=own, z_adjusted_own_play=z_own)
    print(f"(plain: z against the 0-ply value, exact for the bear-offs; {workers} workers)")
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(report, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
