"""Full money games: a computer level (Expert by default) against GNU Backgammon 0-ply.

GNU Backgammon runs as a subprocess (``gnubg -t -q -p server.py``) that answers JSON requests
on its standard input (its best 0-ply play, its 0-ply cube decision; ``cube_audit.py`` also
asks it for deeper verdicts, cubeless outputs and the equity a given play loses). Dice are
duplicated: each dice sequence is played twice with the seats swapped, so the luck of the dice
cancels out. Each game is played cubeless and, with ``--cube``, also with the doubling cube
(money, no Jacoby, no beavers, cube cap 64). The report is points per game for our level with a
95% confidence interval over the duplicate pairs.

Beside it, the **luck-adjusted** result of the same games (``--no-luck`` skips it): from each
game's points the luck of every roll is taken away, for the side that rolled it, times the cube
at that moment. A roll's luck is the value after the best play of the roll that came minus the
mean of that value over the 21 rolls (over the non-doubles for the opening roll), both from our
own 0-ply evaluations (cubeful money equity per cube with the cube, cubeless without), the
measure the match analysis uses. Whatever the evaluator, a roll's luck averages exactly zero over
the dice, so the adjusted result estimates the same points per game; it only removes most of the
dice's noise, so its interval is several times narrower. Both are reported; the plain result is
the one the targets name.

    python benchmarks/vs_gnubg.py --games 100 [--cube | --cube-only] [--level L] [--json F]
                                  [--no-luck] [--games-out F.jsonl] [--weights DIR]

``--games-out`` writes one JSON line per game (mode, seed, duplicate pair, our seat, points and
luck), to find the games that carry the spread and replay them from their seed and pair.
``--weights DIR`` plays the networks in ``DIR`` (as ``benchmarks/strength.py --weights``) instead
of the shipped ones.

GNU Backgammon is only the opponent here; the program itself never needs it.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
from strength import given_networks  # noqa: E402

from ai.cube import CENTRED, MINE, THEIRS, CubeState, move_value_fn  # noqa: E402
from ai.evaluator import Evaluator, flip  # noqa: E402
from ai.player import ComputerPlayer  # noqa: E402
from ai.search import roll_spans  # noqa: E402
from engine.dice import ROLLS  # noqa: E402
from engine.moves import legal_results  # noqa: E402
from engine.position import Position  # noqa: E402
from engine.turn import parse_play  # noqa: E402

SERVER = r"""
import json
import sys

import gnubg

gnubg.command("set display off")


def apply_play(board, move):
    opp = list(board[0])
    me = list(board[1])
    for f, t in gnubg.parsemove(move):
        me[24 if f == 25 else f - 1] -= 1
        if t > 0:
            oi = 24 - t
            if opp[oi] == 1:
                opp[oi] = 0
                opp[24] += 1
            me[t - 1] += 1
    return (tuple(me), tuple(opp))


def cubeinfo(req):
    owner = {"centred": -1, "mine": 0, "theirs": 1}[req.get("owner", "centred")]
    ci = gnubg.cubeinfo(req.get("cube", 1), owner, 0, 0, (0, 0), 0, 0)
    ci["jacoby"] = 0
    ci["beavers"] = 0
    return gnubg.calcgammonprice(ci)


for line in sys.stdin:
    req = json.loads(line)
    try:
        board = gnubg.positionfromid(req["pid"])
        ci = cubeinfo(req)
        ec = {"cubeful": int(req.get("cubeful", 0)), "plies": int(req.get("plies", 0)),
              "deterministic": 1, "noise": 0.0, "prune": 1}
        if req["op"] == "move":
            mv = gnubg.findbestmove(board, ci, ec, tuple(req["dice"]))
            text = gnubg.movetupletostring(mv, board)
            out = {"move": text, "result": gnubg.positionid(apply_play(board, text))}
        elif req["op"] == "moveerr":
            # the judge's equity (points per cube, for the mover) of its best play and of ours
            best = gnubg.findbestmove(board, ci, ec, tuple(req["dice"]))
            ends = [apply_play(board, gnubg.movetupletostring(best, board)),
                    gnubg.positionfromid(req["result"])]
            opp = cubeinfo({"cube": req.get("cube", 1),
                            "owner": {"centred": "centred", "mine": "theirs",
                                      "theirs": "mine"}[req.get("owner", "centred")]})
            if ec["cubeful"]:
                eqs = [-gnubg.cfevaluate(b, opp, ec)[0] for b in ends]
            else:
                eqs = [-gnubg.evaluate(b, opp, ec)[5] for b in ends]
            out = {"best": eqs[0], "chosen": eqs[1]}
        elif req["op"] == "probs":
            ec["cubeful"] = 0
            out = {"probs": list(gnubg.evaluate(board, ci, ec)[:5])}
        else:
            ec["cubeful"] = 1
            res = gnubg.cfevaluate(board, ci, ec)
            out = {"nd": res[1], "dt": res[2], "dp": res[3], "text": res[5]}
    except Exception as exc:  # report and go on
        out = {"error": repr(exc)}
    sys.stdout.write("@@" + json.dumps(out) + "\n")
    sys.stdout.flush()
"""


class Gnubg:
    """A GNU Backgammon 0-ply opponent in a subprocess (running ``server``, ``SERVER`` unless
    given another script that answers the same way)."""

    def __init__(self, program: str, server: str = SERVER) -> None:
        self._dir = tempfile.TemporaryDirectory()
        script = Path(self._dir.name) / "server.py"
        script.write_text(server)
        self.proc = subprocess.Popen(
            [program, "-t", "-q", "-p", str(script)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )

    def ask(self, request: dict) -> dict:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("GNU Backgammon stopped answering.")
            if line.startswith("@@"):
                answer = json.loads(line[2:])
                if "error" in answer:
                    raise RuntimeError(f"GNU Backgammon: {answer['error']}")
                return answer

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self._dir.cleanup()


def outcome(result: Position) -> int:
    """Points the mover won with a play that ended the game (``result``: loser on roll)."""
    loser = result.on_roll
    if sum(loser) < 15:
        return 1
    if loser[24] or any(loser[18:24]):
        return 3
    return 2


OWNER_NAMES = {CENTRED: "centred", MINE: "mine", THEIRS: "theirs"}


def play_game(
    ours: ComputerPlayer,
    gnubg: Gnubg,
    dice: random.Random,
    ours_first_seat: bool,
    cube: bool,
    observer: Callable[[str, str, Position, CubeState, bool], None] | None = None,
    move_observer: Callable[[str, Position, tuple[int, int], CubeState, Position], None]
    | None = None,
    roll_observer: Callable[[bool, Position, tuple[int, int], CubeState, bool], None] | None = None,
) -> int:
    """One money game; returns the points won by our level (negative: lost).

    ``observer(who, kind, position, state, action)``, when given, sees every cube decision:
    ``who`` is "ours" or "gnubg", ``kind`` "double" (``action``: doubled) or "take"
    (``action``: took); ``position`` and ``state`` are from the view of the player on roll.
    ``move_observer(who, position, dice, state, result)`` sees every play (mover's view).
    ``roll_observer(ours, position, dice, state, opening)`` sees every roll before it is played
    (``ours``: our level rolled it; ``position`` and ``state`` from the roller's view).
    """
    while True:
        d0, d1 = dice.randint(1, 6), dice.randint(1, 6)
        if d0 != d1:
            break
    # seat 0 is the player who gets the first die; our level sits there when ours_first_seat
    on_roll_seat = 0 if d0 > d1 else 1
    roll = (d0, d1)
    position = Position.start()
    cube_value, owner_seat = 1, None  # owner_seat None: centred
    first = True
    for _ in range(2000):
        ours_to_move = (on_roll_seat == 0) == ours_first_seat
        if not first:
            if cube and (owner_seat is None or owner_seat == on_roll_seat) and cube_value < 64:
                rel_owner = CENTRED if owner_seat is None else MINE
                state = CubeState(cube=cube_value, owner=rel_owner)
                if ours_to_move:
                    doubles = ours.should_double(position, state)
                else:
                    answer = gnubg.ask(
                        {
                            "op": "cube",
                            "pid": position.position_id(),
                            "cube": cube_value,
                            "owner": OWNER_NAMES[rel_owner],
                        }
                    )
                    text = answer["text"].lower()
                    doubles = text.startswith(("double", "redouble", "optional"))
                if observer is not None:
                    who = "ours" if ours_to_move else "gnubg"
                    observer(who, "double", position, state, doubles)
                if doubles:
                    if ours_to_move:
                        answer = gnubg.ask(
                            {
                                "op": "cube",
                                "pid": position.position_id(),
                                "cube": cube_value,
                                "owner": OWNER_NAMES[rel_owner],
                            }
                        )
                        takes = answer["dt"] <= answer["dp"]
                    else:
                        takes = ours.should_take(position, state)
                    if observer is not None:
                        who = "gnubg" if ours_to_move else "ours"
                        observer(who, "take", position, state, takes)
                    if not takes:
                        return cube_value if ours_to_move else -cube_value
                    cube_value *= 2
                    owner_seat = 1 - on_roll_seat
            roll = (dice.randint(1, 6), dice.randint(1, 6))
        if roll_observer is not None:
            owner = (
                CENTRED if owner_seat is None else (MINE if owner_seat == on_roll_seat else THEIRS)
            )
            state = CubeState(cube=cube_value, owner=owner, cube_enabled=cube)
            roll_observer(ours_to_move, position, roll, state, first)
        first = False
        if not legal_results(position, roll):
            result = position.swapped()
        elif ours_to_move:
            owner = (
                CENTRED if owner_seat is None else (MINE if owner_seat == on_roll_seat else THEIRS)
            )
            state = CubeState(cube=cube_value, owner=owner, cube_enabled=cube)
            result = ours.choose_result(position, roll, state)
        else:
            owner = (
                CENTRED if owner_seat is None else (MINE if owner_seat == on_roll_seat else THEIRS)
            )
            answer = gnubg.ask(
                {
                    "op": "move",
                    "pid": position.position_id(),
                    "dice": list(roll),
                    "cube": cube_value,
                    "owner": OWNER_NAMES[owner],
                    "cubeful": int(cube),
                }
            )
            result = parse_play(position, roll, answer["move"]).result
        if move_observer is not None:
            owner = (
                CENTRED if owner_seat is None else (MINE if owner_seat == on_roll_seat else THEIRS)
            )
            state = CubeState(cube=cube_value, owner=owner, cube_enabled=cube)
            move_observer("ours" if ours_to_move else "gnubg", position, roll, state, result)
        if result.is_game_over():
            points = outcome(result) * cube_value
            return points if ours_to_move else -points
        position = result
        on_roll_seat = 1 - on_roll_seat
    raise RuntimeError("A game did not end in 2000 turns.")


def roll_luck(
    evaluator: Evaluator,
    position: Position,
    roll: tuple[int, int],
    state: CubeState,
    opening: bool,
) -> float:
    """The luck of ``roll`` for the player on roll of ``position``, in points (times the cube).

    The value after the best play of the roll that came minus the mean over the 21 rolls (the
    non-doubles for the opening roll), each from one 0-ply batch of every roll's plays; a roll
    without a legal play passes the turn. Its mean over the dice is zero for any evaluator."""
    after, spans = roll_spans(position)  # in the order of ROLLS
    values = np.asarray(move_value_fn(state)(flip(np.asarray(evaluator.evaluate_batch(after)))))
    rolled = max(roll), min(roll)
    total = weights = came = 0.0
    for (start, stop, weight), (dice, _) in zip(spans, ROLLS, strict=True):
        best = float(values[start:stop].max())
        if dice == rolled:
            came = best
        if opening and dice[0] == dice[1]:
            continue
        total += weight * best
        weights += weight
    return (came - total / weights) * state.cube


def find_gnubg() -> str | None:
    """The GNU Backgammon program (Debian installs it in the games directory), or None."""
    return shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")


def pair_dice(seed: int, pair: int) -> random.Random:
    """The dice of duplicate pair ``pair``: both games of a pair, in every script, roll these."""
    return random.Random(seed * 1_000_003 + pair)


def summary(pairs: list[float]) -> dict[str, float]:
    """Points per game and its 95% confidence interval from the duplicate-pair means."""
    n = len(pairs)
    mean = statistics.fmean(pairs) if pairs else 0.0
    half = 1.96 * statistics.stdev(pairs) / math.sqrt(n) if n > 1 else float("nan")
    return {"games": 2 * n, "ppg": mean, "ci95_low": mean - half, "ci95_high": mean + half}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per mode (even: pairs)")
    parser.add_argument("--level", default="expert")
    parser.add_argument("--cube", action="store_true", help="also play with the doubling cube")
    parser.add_argument("--cube-only", action="store_true", help="only the games with the cube")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", dest="json_out", default=None)
    parser.add_argument(
        "--no-luck", dest="luck", action="store_false", help="skip the luck-adjusted result"
    )
    parser.add_argument(
        "--games-out", default=None, help="write every game (pair, seat, points, luck) here"
    )
    parser.add_argument("--weights", default=None, help="directory of other networks to measure")
    args = parser.parse_args(argv)
    evaluator = given_networks(parser, args.weights)
    program = find_gnubg()
    if program is None:
        print("GNU Backgammon (gnubg) is not installed: nothing to measure.")
        return 0
    ours = ComputerPlayer(args.level, evaluator=evaluator)
    gnubg = Gnubg(program)
    report: dict[str, dict] = {}
    if args.games_out:
        Path(args.games_out).write_text("")
    modes = ["cube"] if args.cube_only else ["cubeless"] + (["cube"] if args.cube else [])
    try:
        for mode in modes:
            pairs: list[float] = []
            adjusted: list[float] = []
            started = time.time()
            for k in range((args.games + 1) // 2):
                points, luck_free = [], []
                for ours_first in (True, False):
                    dice = pair_dice(args.seed, k)
                    luck = [0.0]

                    def count_luck(
                        ours_rolled: bool,
                        position: Position,
                        roll: tuple[int, int],
                        state: CubeState,
                        opening: bool,
                        luck: list[float] = luck,
                    ) -> None:
                        value = roll_luck(ours.evaluator, position, roll, state, opening)
                        luck[0] += value if ours_rolled else -value

                    observer = count_luck if args.luck else None
                    won = play_game(
                        ours, gnubg, dice, ours_first, mode == "cube", roll_observer=observer
                    )
                    points.append(won)
                    luck_free.append(won - luck[0])
                    if args.games_out:
                        record = {"mode": mode, "seed": args.seed, "pair": k}
                        record.update(ours_first=ours_first, points=won)
                        if args.luck:
                            record["luck"] = round(luck[0], 6)
                        with open(args.games_out, "a", encoding="utf-8") as fh:
                            fh.write(json.dumps(record) + "\n")
                pairs.append(statistics.fmean(points))
                adjusted.append(statistics.fmean(luck_free))
                if len(pairs) % 25 == 0 or len(pairs) == (args.games + 1) // 2:
                    s = summary(pairs)
                    a = summary(adjusted)
                    line = (
                        f"{mode}: {s['games']} games, {s['ppg']:+.3f} ppg "
                        f"[{s['ci95_low']:+.3f}, {s['ci95_high']:+.3f}]"
                    )
                    if args.luck:
                        line += (
                            f", luck-adjusted {a['ppg']:+.3f} "
                            f"[{a['ci95_low']:+.3f}, {a['ci95_high']:+.3f}]"
                        )
                    print(f"{line}, {time.time() - started:.0f}s", flush=True)
            report[mode] = summary(pairs)
            if args.luck:
                report[mode]["luck_adjusted"] = summary(adjusted)
    finally:
        gnubg.close()
    for mode, s in report.items():
        print(
            f"{args.level} vs GNU Backgammon 0-ply, {mode}: {s['ppg']:+.3f} points per game, "
            f"95% CI [{s['ci95_low']:+.3f}, {s['ci95_high']:+.3f}] over {s['games']} games"
        )
        if "luck_adjusted" in s:
            a = s["luck_adjusted"]
            print(
                f"  luck-adjusted: {a['ppg']:+.3f} points per game, "
                f"95% CI [{a['ci95_low']:+.3f}, {a['ci95_high']:+.3f}]"
            )
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(report, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
