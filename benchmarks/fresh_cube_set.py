"""A fresh set of cube decisions made the way the project's cube set was, to judge the levels'
cube on cases nothing was tuned on.

    python benchmarks/fresh_cube_set.py [--rows 1000] [--seed 5001] [--force]
        [--out tests/data/gnubg-2ply-fresh-cubes.jsonl]
    python benchmarks/fresh_cube_set.py --check   # its valuation against the cube set's rows

The cube set of ``tests/data/gnubg-cube-decisions.jsonl`` (276 usable rows) is small: its
held-out third holds about 90 take decisions, where two misjudged positions move the taker's
error by 2 mEMG. This one is made the same way and is larger: positions from GNU Backgammon's
own games (0-ply players with noise 0.06, at most two positions a game, before the roll), each
with a cube state drawn as that set has them (a money game for two rows in five, else a 3, 5,
7 or 11-point match at a random score, no Crawford game; the cube centred for three rows in
five, else at 2 or 4 owned by the player on roll), valued by GNU Backgammon at 2-ply, cubeful:
no double, double/take, double/pass and its verdict, with its 0-ply values beside them for
scale. The rows have the cube set's fields (``benchmarks/strength.py`` measures them the same
way, split by ``ai.holdout``). ``--check`` values the cube set's own usable rows with the same
script and reports how far its figures are from the set's (they agree to the rounding on the
processor that made the set; GNU Backgammon's 2-ply values move by a few thousandths on others).

The players' noise is a function of the position ("deterministic"), so a seed gives the same
set again. The file in the repository was made before that (its players' noise unseeded, so
it cannot be made again to the byte): a new run gives another set of the same kind.

An existing set is only described (its size) unless ``--force``. GNU Backgammon is the source of
the positions and the judge here; the program never needs it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from vs_gnubg import Gnubg, find_gnubg  # noqa: E402

from engine.matchid import MatchIdFields, encode_match_id  # noqa: E402

DEFAULT_OUT = ROOT / "tests" / "data" / "gnubg-2ply-fresh-cubes.jsonl"
CUBE_SET = ROOT / "tests" / "data" / "gnubg-cube-decisions.jsonl"
LENGTHS = (3, 5, 7, 11)
FIELDS = ("eq_nodouble", "eq_double_take", "eq_double_pass")

# Runs inside GNU Backgammon (``vs_gnubg.Gnubg`` starts it): one JSON request a line, one answer
# a line after "@@".
SERVER = r"""
import json
import sys

import gnubg

gnubg.command("set display off")
gnubg.command("set jacoby off")
gnubg.command("set automatic game off")
gnubg.command("set rng mersenne")
for p in (0, 1):
    gnubg.command("set player %d gnubg" % p)
    gnubg.command("set player %d chequerplay evaluation plies 0" % p)
    gnubg.command("set player %d chequerplay evaluation noise 0.06" % p)
    gnubg.command("set player %d chequerplay evaluation deterministic on" % p)
    gnubg.command("set player %d cubedecision evaluation plies 0" % p)


def positions(req):
    # the Position IDs the players met before their moves, game by game
    gnubg.command("set seed %d" % req["seed"])
    games = []
    for _ in range(req["games"]):
        gnubg.command("new game")
        records = gnubg.match(0, 1, 0, 0)["games"][-1]["game"]
        games.append([r["board"] for r in records if r.get("action") == "move" and "board" in r])
    return {"games": games}


def cube(req):
    # the cube decision of player 1, on roll (the board is from its view)
    board = gnubg.positionfromid(req["pid"])
    score = tuple(req["score"])
    info = gnubg.cubeinfo(req["cube"], req["owner"], 1, req["length"], score, 0, 0)
    info["jacoby"] = 0
    info["beavers"] = 0
    ec = {"cubeful": 1, "plies": req["plies"], "deterministic": 1, "noise": 0.0, "prune": 1}
    res = gnubg.cfevaluate(board, gnubg.calcgammonprice(info), ec)
    return {"nd": res[1], "dt": res[2], "dp": res[3], "text": res[5]}


for line in sys.stdin:
    req = json.loads(line)
    try:
        out = positions(req) if req["op"] == "games" else cube(req)
    except Exception as exc:  # report and go on
        out = {"error": repr(exc)}
    sys.stdout.write("@@" + json.dumps(out) + "\n")
    sys.stdout.flush()
"""


def draw_state(rng: random.Random) -> dict:
    """A cube state as the cube set has them: player 1 on roll, no Crawford game."""
    if rng.random() < 0.4:
        length, score = 0, [0, 0]
    else:
        length = rng.choice(LENGTHS)
        while True:
            score = [rng.randrange(length), rng.randrange(length)]
            # at length-1 against length-1 the cube is dead but legal; at length-1 against
            # less it is a game after the Crawford game (one game was played since: allowed)
            if score != [length - 1, length - 1] or rng.random() < 0.2:
                break
    u = rng.random()
    cube, owner = (1, -1) if u < 0.6 else (2, 1) if u < 0.8 else (4, 1)
    return {"length": length, "score": score, "cube": cube, "owner": owner}


def match_ids(state: dict) -> tuple[str, str]:
    """The Match IDs before the roll and with the double offered (player 1 on roll)."""
    common = dict(
        match_length=state["length"],
        score=tuple(state["score"]),
        cube=state["cube"],
        cube_owner=state["owner"],
        player_on_roll=1,
        game_state=1,
    )
    before = encode_match_id(MatchIdFields(**common, turn=1))
    offered = encode_match_id(MatchIdFields(**common, turn=0, doubled=True))
    return before, offered


def row_of(pid: str, state: dict, judged: dict, quick: dict) -> dict:
    """A row of a cube set (the fields of the project's cube set) for position ``pid`` in
    ``state``, with GNU Backgammon's 2-ply (``judged``) and 0-ply (``quick``) cube values."""
    before, offered = match_ids(state)
    return {
        "position_id": pid,
        "match_length": state["length"],
        "score": state["score"],
        "cube": state["cube"],
        "cube_owner": state["owner"],
        "crawford": 0,
        "match_id_before_roll": before,
        "match_id_double_offered": offered,
        "eq_nodouble": round(judged["nd"], 4),
        "eq_double_take": round(judged["dt"], 4),
        "eq_double_pass": round(judged["dp"], 4),
        "gnubg": judged["text"],
        # GNU Backgammon 0-ply's own values, to measure it on the set for scale
        "gnubg_0ply": [round(quick[k], 4) for k in ("nd", "dt", "dp")],
    }


def check(judge: Gnubg) -> int:
    """Value the cube set's usable rows as this script does: the largest difference."""
    rows = [json.loads(line) for line in CUBE_SET.read_text().splitlines() if line.strip()]
    worst = 0.0
    verdicts = 0
    usable = [r for r in rows if not r["crawford"]]
    for r in usable:
        fields = MatchIdFields.decode(r["match_id_before_roll"])
        # the set's rows have either player on roll; the script's player 1 is the one on roll
        score = list(fields.score)
        if fields.player_on_roll == 0:
            score.reverse()
        owner = -1 if r["cube_owner"] == -1 else 1
        request = {"pid": r["position_id"], "length": r["match_length"], "score": score}
        request |= {"cube": r["cube"], "owner": owner, "plies": 2}
        got = judge.ask({"op": "cube", **request})
        for key, name in zip(("nd", "dt", "dp"), FIELDS, strict=True):
            worst = max(worst, abs(got[key] - r[name]))
        verdicts += got["text"] == r["gnubg"]
    print(f"{len(usable)} rows: largest difference {worst:.4f}, same verdict {verdicts}")
    # GNU Backgammon's 2-ply values differ by a few thousandths from one processor to another
    # (0.0033 at most on another machine than the one that made the set, every verdict the same)
    return 0 if worst < 0.005 and verdicts == len(usable) else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=5001)
    parser.add_argument("--out", default=str(DEFAULT_OUT))
    parser.add_argument("--force", action="store_true", help="make it again over an old one")
    parser.add_argument("--check", action="store_true", help="value the cube set's rows again")
    args = parser.parse_args(argv)
    if args.rows < 1:
        parser.error("--rows must be at least 1")
    out = Path(args.out)
    if out.exists() and not args.force and not args.check:
        rows = sum(1 for line in out.read_text().splitlines() if line.strip())
        print(f"{out.name}: {rows} rows (give --force to make it again)")
        return 0
    program = find_gnubg()
    if program is None:
        print("GNU Backgammon (gnubg) is not installed: nothing to make.")
        return 0
    judge = Gnubg(program, SERVER)
    try:
        if args.check:
            return check(judge)
        excluded = {json.loads(line)["position_id"] for line in CUBE_SET.read_text().splitlines()}
        rng = random.Random(args.seed)
        started = time.monotonic()
        written = 0
        tmp = out.with_suffix(".partial")
        seen: set[str] = set()
        with open(tmp, "w") as fh:
            batch = 0
            while written < args.rows:
                games = judge.ask({"op": "games", "games": 20, "seed": args.seed + batch})["games"]
                batch += 1
                for boards in games:
                    fresh = [b for b in boards if b not in excluded and b not in seen]
                    for pid in rng.sample(fresh, min(2, len(fresh))):
                        if written >= args.rows:
                            break
                        seen.add(pid)
                        state = draw_state(rng)
                        request = {"op": "cube", "pid": pid, **state}
                        judged = judge.ask({**request, "plies": 2})
                        quick = judge.ask({**request, "plies": 0})
                        fh.write(json.dumps(row_of(pid, state, judged, quick)) + "\n")
                        written += 1
    finally:
        judge.close()
    tmp.replace(out)
    print(f"{out.name}: {written} rows in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
