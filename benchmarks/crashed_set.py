"""A judge-only test set of crashed checker plays (or back games, or ordinary contact plays),
valued by GNU Backgammon at 2-ply.

    python benchmarks/crashed_set.py [--kind crashed] [--cases 600] [--seed 1001] [--force]
        [--out tests/data/gnubg-2ply-crashed-plays.jsonl.gz]

``--kind backgame`` makes the set of back games (``ai.encoding.backgame_mask``) the same way:
by default 600 cases on seed 1101 into ``tests/data/gnubg-2ply-backgame-plays.jsonl.gz``;
``--kind ordinary`` the set of the positions the contact network values beside the others
(``ai.encoding.ordinary_mask``: in contact, neither crashed nor a back game), by default 2,000
cases on seed 1201 into ``tests/data/gnubg-2ply-ordinary-plays.jsonl.gz`` (the main set has 856
such cases): a larger judge of the contact network.

Positions come from the project's own self-play from the opening (the shipped networks at 0-ply,
a random play at 5% of decisions): at most two crashed positions on roll per game
(``ai.encoding.crashed_mask``: a side with 10 checkers or fewer on the board, still in contact),
picked at random among that game's, each with a random roll that has at least two legal results.
GNU Backgammon (one process) values every legal play at 2-ply, cubeless money equity for the
mover, with the settings of ``tests/data/gnubg-2ply-plays.jsonl.gz``, and the file has that
file's format (``ai.train.StrengthSet`` reads it). A case whose gnubg move list does not match the
engine's legal results one to one is reported and dropped. Finished cases go to the output name
with ``.partial`` for ``.gz``; an interrupted run with the same seed resumes from there.

The positions depend on the networks that play the games: the committed set was made with the
shipped networks of its day (contact and race, before the crashed network), so making it again
now gives another set. An existing set is only described (its size) unless ``--force``.

GNU Backgammon is only the judge here; the program never needs it.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from vs_gnubg import Gnubg, find_gnubg  # noqa: E402

from ai.crashed import KINDS, ORDINARY_SET, SETS  # noqa: E402
from ai.encoding import ordinary_mask  # noqa: E402
from ai.evaluator import NetEvaluator, load_default_evaluator  # noqa: E402
from ai.train import SelfPlay  # noqa: E402
from engine.moves import legal_results  # noqa: E402
from engine.position import Position, make_position  # noqa: E402

SEEDS = {"crashed": 1001, "backgame": 1101, "ordinary": 1201}  # each kind's default seed
MASKS = {kind: mask for kind, (mask, _ends) in KINDS.items()} | {"ordinary": ordinary_mask}
OUTS = SETS | {"ordinary": ORDINARY_SET}
CASES = {"ordinary": 2000}  # each kind's default size (600 for the others)
EXPLORE = 0.05  # share of decisions played at random in the self-play games
PER_GAME = 2  # crashed positions taken from one game at most
GAMES_AT_ONCE = 32  # self-play games played side by side (part of what the seed reproduces)

# Runs inside gnubg: answers {"pid", "dice"} with every legal play, its result with the
# opponent on roll, and its 2-ply cubeless equity for the mover (best first).
JUDGE = r"""
import json
import sys

import gnubg

for command in ("set display off", "set player 0 human", "set player 1 human",
                "set evaluation chequerplay evaluation plies 2",
                "set evaluation chequerplay evaluation prune on",
                "set evaluation chequerplay evaluation cubeful off"):
    gnubg.command(command)
# every legal play gets the full 2-ply evaluation: accept all at each filter level
for f in gnubg.getevalhintfilter():
    if f["acceptmoves"] >= 0:
        gnubg.command("set evaluation movefilter %d %d 1000 0 0" % (f["ply"], f["level"]))
gnubg.command("new game")


def apply_play(board, move):
    opp, me = list(board[0]), list(board[1])
    for f, t in gnubg.parsemove(move):
        me[24 if f == 25 else f - 1] -= 1
        if t > 0:
            if opp[24 - t] == 1:
                opp[24 - t] = 0
                opp[24] += 1
            me[t - 1] += 1
    return (tuple(me), tuple(opp))


for line in sys.stdin:
    req = json.loads(line)
    try:
        gnubg.command("set board " + req["pid"])
        gnubg.command("set dice " + req["dice"])
        board = gnubg.board()
        plays = [{"move": m["move"], "result": gnubg.positionid(apply_play(board, m["move"])),
                  "equity": round(m["equity"], 5)} for m in gnubg.hint(100000)["hint"]]
        out = {"plays": plays}
    except Exception as exc:  # report and go on
        out = {"error": repr(exc)}
    sys.stdout.write("@@" + json.dumps(out) + "\n")
    sys.stdout.flush()
"""


class Judge(Gnubg):
    """GNU Backgammon in a subprocess that values every legal play at 2-ply."""

    def __init__(self, program: str) -> None:
        super().__init__(program, JUDGE)

    def plays(self, pid: str, dice: str) -> list[dict[str, Any]]:
        """Every legal play of ``dice`` in ``pid``: ``{"move", "result", "equity"}``."""
        return list(self.ask({"pid": pid, "dice": dice})["plays"])


def crashed_positions(
    evaluator: NetEvaluator, rng: np.random.Generator, kind: str = "crashed"
) -> Iterator[Position]:
    """Crashed positions (or those of another kind of ``MASKS``) on roll from endless
    self-play, at most ``PER_GAME`` per game."""
    mask = MASKS[kind]
    selfplay = SelfPlay(evaluator, GAMES_AT_ONCE, rng)
    while True:
        histories, _targets, _ended = selfplay.play_ply(EXPLORE)
        for history in histories:
            crashed = np.flatnonzero(mask(history))
            for i in sorted(rng.choice(crashed, min(PER_GAME, len(crashed)), replace=False)):
                on_roll, opponent = history[i].tolist()
                yield make_position(tuple(on_roll), tuple(opponent))


def cases(
    evaluator: NetEvaluator, seed: int, kind: str = "crashed"
) -> Iterator[tuple[str, str, list[Position]]]:
    """Distinct ``(pid, dice, legal results)`` of crashed positions (or another kind's) with a
    roll of two or more legal results."""
    rng = np.random.default_rng(seed)
    seen: set[tuple[str, str]] = set()
    for position in crashed_positions(evaluator, rng, kind):
        d1, d2 = (int(d) for d in rng.integers(1, 7, size=2))
        results = legal_results(position, (d1, d2))
        key = (position.position_id(), f"{max(d1, d2)}{min(d1, d2)}")
        if len(results) >= 2 and key not in seen:
            seen.add(key)
            yield key[0], key[1], results


def matches(plays: list[dict[str, Any]], results: list[Position]) -> bool:
    """Whether gnubg's plays and the engine's legal results correspond one to one."""
    ours = {result.position_id() for result in results}
    return len(plays) == len(results) and {play["result"] for play in plays} == ours


def read_partial(path: Path) -> list[str]:
    """The JSON lines of the cases an interrupted run finished."""
    if not path.exists():
        return []
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def build(
    judge: Judge, n_cases: int, seed: int, partial: Path, kind: str = "crashed"
) -> tuple[list[str], int]:
    """The set's JSON lines (resumed from ``partial``, extended there) and the cases dropped."""
    lines = read_partial(partial)
    done = {(case["pid"], case["dice"]) for case in map(json.loads, lines)}
    dropped, asked, started = 0, 0, time.time()
    with partial.open("a", encoding="utf-8") as fh:
        for pid, dice, results in cases(load_default_evaluator(), seed, kind):
            if len(lines) >= n_cases:
                break
            if (pid, dice) in done:
                continue
            plays = judge.plays(pid, dice)
            asked += 1
            if not matches(plays, results):
                dropped += 1
                print(f"dropped {pid} {dice}: gnubg {len(plays)} plays, engine {len(results)}")
                continue
            lines.append(
                json.dumps({"pid": pid, "dice": dice, "plays": plays}, separators=(",", ":"))
            )
            fh.write(lines[-1] + "\n")
            fh.flush()
            if len(lines) % 25 == 0 or len(lines) == n_cases:
                spent = time.time() - started
                print(
                    f"{len(lines)}/{n_cases} cases, {spent:.0f}s, "
                    f"{spent / asked:.2f}s per case, {dropped} dropped",
                    flush=True,
                )
    return lines, dropped


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", choices=sorted(MASKS), default="crashed")
    parser.add_argument("--cases", type=int, default=None, help="default: 600, ordinary 2000")
    parser.add_argument(
        "--seed", type=int, default=None, help="default: 1001, back games 1101, ordinary 1201"
    )
    parser.add_argument("--out", type=Path, default=None, help="default: the kind's set")
    parser.add_argument("--force", action="store_true", help="make the set again if it is there")
    args = parser.parse_args(argv)
    args.seed = SEEDS[args.kind] if args.seed is None else args.seed
    args.out = OUTS[args.kind] if args.out is None else args.out
    args.cases = CASES.get(args.kind, 600) if args.cases is None else args.cases
    if args.out.exists() and not args.force:
        with gzip.open(args.out, "rt", encoding="utf-8") as fh:
            rows = [json.loads(line) for line in fh if line.strip()]
        plays = sum(len(row["plays"]) for row in rows)
        print(
            f"{args.out.name}: {len(rows)} cases, {plays / max(1, len(rows)):.1f} plays each "
            "(already made; --force makes it again)"
        )
        return 0
    program = find_gnubg()
    if program is None:
        sys.exit("GNU Backgammon (gnubg) is needed to make this set.")
    partial = args.out.with_suffix(".partial")
    started = time.time()
    judge = Judge(program)
    try:
        lines, dropped = build(judge, args.cases, args.seed, partial, args.kind)
    finally:
        judge.close()
    args.out.write_bytes(gzip.compress("".join(f"{line}\n" for line in lines).encode(), mtime=0))
    partial.unlink()
    plays = sum(len(json.loads(line)["plays"]) for line in lines)
    print(
        f"{len(lines)} cases ({plays / max(1, len(lines)):.1f} plays each, {dropped} dropped) "
        f"in {time.time() - started:.0f}s: {args.out}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
