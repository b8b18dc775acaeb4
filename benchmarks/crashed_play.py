"""Which side's play is wrong in a position: games to the end with each seat played by us or by
GNU Backgammon 0-ply, and our plays judged move by move.

    python benchmarks/crashed_play.py [POSITION_ID] [--games 400] [--judge 60]
                                      [--seatings gnubg/ours,...] [--weights DIR]

From the position (the player on roll is "the doubler", the other "the taker", as in a cube
decision), cubeless games are played to the end on the same dice for the four seatings
(ours/ours, gnubg/gnubg, ours/gnubg, gnubg/ours; our side plays the network at 0-ply), and the
doubler's wins and gammons are reported for each: the seating whose result moves when one side
changes player shows whose play is off. ``--judge N`` then plays N games of ours against ours
and has GNU Backgammon 0-ply judge every play of each side (mEMG per decision, cubeless), and
lists our worst plays with its choice. ``--seatings`` plays only the seatings named
(doubler/taker, comma-separated; ``--seatings ''`` none, for the judging alone) and
``--weights DIR`` plays other networks than the shipped ones (``ai.evaluator.load_networks``).

GNU Backgammon is only the judge and the comparison here; the program never needs it.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from vs_gnubg import Gnubg, find_gnubg, outcome  # noqa: E402

from ai import bearoff  # noqa: E402
from ai.evaluator import load_default_evaluator, load_networks  # noqa: E402
from ai.search import rank_results  # noqa: E402
from engine.moves import legal_results  # noqa: E402
from engine.position import Position  # noqa: E402
from engine.turn import parse_play  # noqa: E402

# a cube row of the strength set where our taker passes and gnubg takes: the doubler has ten
# checkers off and one on the bar, the taker all fifteen on the board and a three-point board
DEFAULT_POSITION = "Np4AUSM8AAAQAA"
SEATINGS = ("ours/ours", "gnubg/gnubg", "ours/gnubg", "gnubg/ours")  # doubler/taker


# a player: (position, roll, its legal results) -> the result it chooses
Mover = Callable[[Position, tuple[int, int], Sequence[Position]], Position]
# sees every play: (side, position, roll, legal results, the result chosen)
Watcher = Callable[[int, Position, tuple[int, int], Sequence[Position], Position], None]


def play_out(
    start: Position, dice: random.Random, movers: tuple[Mover, Mover], watch: Watcher | None = None
) -> tuple[Position, int]:
    """One cubeless game from ``start`` (side 0 on roll) to its end: the final result and the
    side whose play ended it."""
    position, side = start, 0
    while True:
        roll = (dice.randint(1, 6), dice.randint(1, 6))
        results = legal_results(position, roll)
        result = movers[side](position, roll, results) if results else position.swapped()
        if watch is not None:
            watch(side, position, roll, results, result)
        if result.is_game_over():
            return result, side
        position, side = result, 1 - side


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "position_id",
        nargs="?",
        default=DEFAULT_POSITION,
        help="the position (default: a crashed row of the cube set)",
    )
    parser.add_argument("--games", type=int, default=400, help="games per seating")
    parser.add_argument("--judge", type=int, default=0, help="games of ours judged play by play")
    parser.add_argument(
        "--seatings",
        default=",".join(SEATINGS),
        help="doubler/taker seatings to play, comma-separated",
    )
    parser.add_argument("--weights", default=None, help="a directory of other networks to play")
    args = parser.parse_args(argv)
    seatings = [s.strip() for s in args.seatings.split(",") if s.strip()]
    if any(s not in SEATINGS for s in seatings):
        parser.error(f"seatings are some of {', '.join(SEATINGS)}")
    try:
        start = Position.from_position_id(args.position_id)
        evaluator = (
            load_networks(args.weights, bearoff.load())
            if args.weights
            else load_default_evaluator()
        )
    except (OSError, ValueError) as exc:
        parser.error(str(exc))
    program = find_gnubg()
    if program is None:
        sys.exit("GNU Backgammon (gnubg) is needed for this benchmark.")
    gnubg = Gnubg(program)

    def ours(position: Position, roll: tuple[int, int], results: Sequence[Position]) -> Position:
        return rank_results(evaluator, results)[0].result

    def theirs(position: Position, roll: tuple[int, int], results: Sequence[Position]) -> Position:
        request = {"op": "move", "pid": position.position_id(), "dice": list(roll)}
        return parse_play(position, roll, gnubg.ask(request)["move"]).result

    players: dict[str, Mover] = {"ours": ours, "gnubg": theirs}
    try:
        for seating in seatings:
            doubler, taker = seating.split("/")
            wins = gammons = 0
            for game in range(args.games):
                movers = (players[doubler], players[taker])
                result, side = play_out(start, random.Random(1000 + game), movers)
                if side == 0:
                    wins += 1
                    gammons += outcome(result) >= 2
            print(
                f"doubler {doubler:5} taker {taker:5}: doubler wins {wins / args.games:.3f}, "
                f"gammons {gammons / args.games:.3f} ({args.games} games)",
                flush=True,
            )
        if args.judge:
            judge(start, args.judge, ours, gnubg)
    finally:
        gnubg.close()
    return 0


def judge(start: Position, games: int, ours: Mover, gnubg: Gnubg) -> None:
    """Our plays in ``games`` games of ours against ours, judged by GNU Backgammon 0-ply."""
    count, lost = [0, 0], [0.0, 0.0]
    worst: list[tuple[float, int, str, tuple[int, int], str]] = []

    def watch(
        side: int,
        position: Position,
        roll: tuple[int, int],
        results: Sequence[Position],
        result: Position,
    ) -> None:
        if len(results) < 2:
            return
        request = {"op": "moveerr", "pid": position.position_id(), "dice": list(roll)}
        answer = gnubg.ask(dict(request, result=result.position_id()))
        loss = answer["best"] - answer["chosen"]
        count[side] += 1
        lost[side] += loss
        if loss > 0.1:
            best = gnubg.ask(dict(request, op="move"))["move"]
            worst.append((loss, side, position.position_id(), roll, best))

    for game in range(games):
        play_out(start, random.Random(5000 + game), (ours, ours), watch)
    for side, name in ((0, "doubler"), (1, "taker")):
        rate = 1000.0 * lost[side] / max(1, count[side])
        print(f"our {name}: {rate:.1f} mEMG per decision over {count[side]} decisions")
    for loss, side, pid, roll, best in sorted(worst, reverse=True)[:10]:
        name = "doubler" if side == 0 else "taker"
        print(f"  {loss:.3f} {name} {pid} {roll[0]}{roll[1]}: gnubg plays {best}")


if __name__ == "__main__":
    sys.exit(main())
