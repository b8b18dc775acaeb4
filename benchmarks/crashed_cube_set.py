"""A judge-only set of cube decisions in crashed positions, valued by GNU Backgammon at 2-ply.

    python benchmarks/crashed_cube_set.py [--rows 400] [--seed 3001] [--force]
        [--out tests/data/gnubg-2ply-crashed-cubes.jsonl]

The cube set of ``tests/data/gnubg-cube-decisions.jsonl`` holds only 22 crashed rows, and three
of them carry most of the Expert's taker error; this set gives such decisions a measure of their
own that nothing was chosen by. Positions come from the project's own games from the opening
between players who judge their plays with the weaker levels' kind of noise (the same noise for
both sides, 0, 0.04, 0.08 or 0.16 in turn: ``ai.crashed_targets.noisy_pool``), at most three
crashed positions a game (``ai.encoding.crashed_mask``), none of the test sets' positions. A
position is kept when GNU Backgammon's 0-ply gives the player on roll 55% to 95% to win (where
doubling is a question); money game, the cube centred for even-numbered candidates and at 2 owned
by the player on roll for odd ones. GNU Backgammon judges each at 2-ply, cubeful: no double,
double/take, double/pass and its verdict, in the format of the cube set (so
``benchmarks/strength.py`` measures it the same way, split by ``ai.holdout``); each row also
keeps GNU Backgammon 0-ply's three values, so that its own errors give the scale.

An existing set is only described (its size) unless ``--force``. GNU Backgammon is only the judge
here; the program never needs it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from fresh_cube_set import match_ids as state_match_ids  # noqa: E402
from fresh_cube_set import row_of  # noqa: E402
from vs_gnubg import Gnubg, find_gnubg  # noqa: E402

from ai.crashed import _test_keys  # noqa: E402
from ai.crashed_targets import noisy_pool  # noqa: E402
from ai.evaluator import load_default_evaluator  # noqa: E402
from ai.search import limit_blas_threads  # noqa: E402

DEFAULT_OUT = ROOT / "tests" / "data" / "gnubg-2ply-crashed-cubes.jsonl"
CUBE_SET = ROOT / "tests" / "data" / "gnubg-cube-decisions.jsonl"
WINDOW = (0.55, 0.95)  # gnubg 0-ply winning chances of the player on roll that are kept


def money_state(cube: int, owner: int) -> dict:
    """The state of a money game's row (``fresh_cube_set.draw_state``'s form)."""
    return {"length": 0, "score": [0, 0], "cube": cube, "owner": owner}


def match_ids(cube: int, owner: int) -> tuple[str, str]:
    """Money-game Match IDs (player 1 on roll, as GNU Backgammon writes them) before the roll
    and with the double offered."""
    return state_match_ids(money_state(cube, owner))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=400)
    parser.add_argument("--seed", type=int, default=3001)
    parser.add_argument("--out", default=str(DEFAULT_OUT))
    parser.add_argument("--force", action="store_true", help="make it again over an old one")
    args = parser.parse_args(argv)
    if args.rows < 1:
        parser.error("--rows must be at least 1")
    out = Path(args.out)
    if out.exists() and not args.force:
        rows = sum(1 for line in out.read_text().splitlines() if line.strip())
        print(f"{out.name}: {rows} rows (give --force to make it again)")
        return 0
    program = find_gnubg()
    if program is None:
        print("GNU Backgammon (gnubg) is not installed: nothing to make.")
        return 0
    limit_blas_threads(1)
    with open(CUBE_SET) as fh:
        excluded = _test_keys() | {json.loads(line)["position_id"] for line in fh if line.strip()}
    rng = np.random.default_rng(args.seed)
    # About one candidate in seven falls in the window; draw enough at once.
    pool = noisy_pool(load_default_evaluator(), 12 * args.rows, rng, excluded=excluded)
    gnubg = Gnubg(program)
    started = time.monotonic()
    written = 0
    tmp = out.with_suffix(".partial")
    try:
        with open(tmp, "w") as fh:
            for k, pid in enumerate(map(str, pool)):
                if written >= args.rows:
                    break
                owned = k % 2 == 1
                cube, owner = (2, 1) if owned else (1, -1)
                request = {"pid": pid, "cube": cube, "owner": "mine" if owned else "centred"}
                probs = gnubg.ask({"op": "probs", **request, "plies": 0})["probs"]
                if not WINDOW[0] <= probs[0] <= WINDOW[1]:
                    continue
                judged = gnubg.ask({"op": "cube", **request, "plies": 2})
                quick = gnubg.ask({"op": "cube", **request, "plies": 0})
                row = row_of(pid, money_state(cube, owner), judged, quick)
                fh.write(json.dumps(row) + "\n")
                written += 1
    finally:
        gnubg.close()
    if written < args.rows:
        print(f"only {written} of {args.rows} rows: the pool ran out (kept in {tmp.name})")
        return 1
    tmp.replace(out)
    print(f"{out.name}: {written} rows in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
