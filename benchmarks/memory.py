"""Memory over many games in one process: the resident set size (RSS) must stay flat.

Plays ``--games`` computer-vs-computer games in one process through the engine and the computer
levels (each game a single game of a money session, the cube on in every other one), saves and
loads each finished game with ``engine.save``, and reads the RSS every ``--every`` games (after a
garbage collection). The first ``--warmup`` games fill the caches that are meant to fill (the
network's weights, the bear-off database, the evaluator's caches); the growth after them is the
figure that counts, in MB overall and per 100 games. The exit status is 1 when it passes
``--max-growth-mb``.

    python benchmarks/memory.py --games 1000
    python benchmarks/memory.py --games 1000 --levels beginner,easy,medium,hard --json mem.json
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.cube import state_from_match_id  # noqa: E402
from ai.player import ComputerPlayer  # noqa: E402
from engine import save  # noqa: E402
from engine.match import GameState, Match  # noqa: E402


def rss_mb() -> float:
    """The resident set size now, in MB (Linux ``/proc``; elsewhere the peak so far)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024 if sys.platform == "darwin" else 1024)


def play_game(players: tuple[ComputerPlayer, ComputerPlayer], cube: bool, seed: int) -> Match:
    """One game between the two players, to the end; returns its match (a money session)."""
    match = Match(0, cube=cube, seed=seed)
    game = match.new_game()
    while not game.is_over:
        state = game.state
        if state is GameState.AWAITING_ROLL and game.can_double():
            mover = game.player_on_roll
            cube_state = state_from_match_id(match.match_id_fields(), mover, cube_enabled=cube)
            if players[mover].should_double(game.position, cube_state):
                game.double()
                continue
        if state is GameState.AWAITING_TAKE:
            doubler = game.player_on_roll
            cube_state = state_from_match_id(match.match_id_fields(), doubler, cube_enabled=cube)
            game.take() if players[1 - doubler].should_take(
                game.position, cube_state
            ) else game.drop()
        elif state is GameState.AWAITING_PLAY:
            assert game.dice is not None
            mover = game.player_on_roll
            cube_state = state_from_match_id(match.match_id_fields(), mover, cube_enabled=cube)
            play = players[mover].choose_play(game.position, game.dice, cube_state)
            assert play is not None
            game.play(play)
        else:
            game.roll(match.rng)
    return match


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--levels", default="beginner,easy,medium")
    parser.add_argument("--every", type=int, default=100, help="read the RSS every N games")
    parser.add_argument("--warmup", type=int, default=100, help="games before the baseline")
    parser.add_argument("--max-growth-mb", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    levels = [name.strip() for name in args.levels.split(",") if name.strip()]
    players = {name: ComputerPlayer(name, seed=args.seed) for name in levels}
    rng = random.Random(args.seed)
    samples: list[tuple[int, float]] = [(0, rss_mb())]
    start = time.perf_counter()
    print(f"{'games':>7} {'RSS MB':>8} {'seconds':>8}")
    print(f"{0:>7} {samples[0][1]:>8.1f} {0:>8.0f}")
    for number in range(1, args.games + 1):
        pair = (players[rng.choice(levels)], players[rng.choice(levels)])
        match = play_game(pair, cube=number % 2 == 0, seed=rng.randrange(1 << 32))
        if save.loads(save.dumps(match)).history != match.history:
            print(f"game {number}: the save does not load back", file=sys.stderr)
            return 1
        del match
        if number % args.every == 0 or number == args.games:
            gc.collect()
            samples.append((number, rss_mb()))
            print(f"{number:>7} {samples[-1][1]:>8.1f} {time.perf_counter() - start:>8.0f}")
    base = next((mb for games, mb in samples if games >= args.warmup), samples[-1][1])
    base_games = next((games for games, _ in samples if games >= args.warmup), args.games)
    final_games, final = samples[-1]
    growth = final - base
    per_100 = growth / max(1, final_games - base_games) * 100
    print(
        f"RSS {samples[0][1]:.1f} MB at the start, {base:.1f} MB after {base_games} games, "
        f"{final:.1f} MB after {final_games}: {growth:+.1f} MB ({per_100:+.2f} MB per 100 games) "
        f"after the warm-up; peak {max(mb for _, mb in samples):.1f} MB"
    )
    if args.json:
        args.json.write_text(
            json.dumps({"samples": samples, "growth_mb": growth, "levels": levels}, indent=1),
            encoding="utf-8",
        )
    return 1 if growth > args.max_growth_mb else 0


if __name__ == "__main__":
    sys.exit(main())
