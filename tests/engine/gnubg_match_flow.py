"""Run inside GNU Backgammon (``gnubg -t -q -p``): play random matches in gnubg and in this engine
side by side, with gnubg's dice, and print every state where the two disagree.

Environment: ``ENGINE_ROOT`` (the project root), ``FLOW_SEED``, ``FLOW_MATCHES``, ``FLOW_LENGTH``,
``FLOW_CRAWFORD`` (1 or 0). Prints JSON lines: ``{"mismatch": ...}`` for each disagreement and a
final ``{"done": {"actions": n, "games": n, "matches": n}}``.
"""

import json
import os
import random
import sys

sys.path.insert(0, os.environ["ENGINE_ROOT"])

import gnubg  # noqa: E402  (only inside GNU Backgammon)

from engine.match import GameState, Match  # noqa: E402
from engine.matchid import MatchIdFields  # noqa: E402

SETTINGS = [
    "set automatic roll off",
    "set automatic game off",
    "set automatic move off",
    "set automatic bearoff off",
    "set player 0 human",
    "set player 1 human",
    "set jacoby off",
    "set cube use on",
]


def emit(kind, value):
    print("FLOW " + json.dumps({kind: value}), flush=True)


def gnubg_fields():
    return MatchIdFields.decode(gnubg.matchid())


def main():
    choices = random.Random(int(os.environ.get("FLOW_SEED", "1")))
    length = int(os.environ.get("FLOW_LENGTH", "3"))
    crawford = os.environ.get("FLOW_CRAWFORD", "1") == "1"
    for command in SETTINGS:
        gnubg.command(command)
    # the Crawford rule itself ("set crawford" would mark the current game instead)
    gnubg.command("set automatic crawford " + ("on" if crawford else "off"))
    gnubg.command(f"set seed {choices.randrange(1 << 30)}")
    counts = {"actions": 0, "games": 0, "matches": 0}

    def compare(match, what):
        counts["actions"] += 1
        ours = MatchIdFields.decode(match.match_id())
        theirs = gnubg_fields()
        game = match.game
        if game is not None and game.is_over:
            # after the end gnubg keeps details of the last turn; compare the match itself
            keys = ("match_length", "score", "crawford", "game_state", "resigned")
        else:
            keys = tuple(ours.__dataclass_fields__)
        diff = {k: (getattr(ours, k), getattr(theirs, k)) for k in keys if k != "jacoby"}
        diff = {k: v for k, v in diff.items() if v[0] != v[1]}
        in_play = game is not None and not game.is_over
        if in_play and game.position.position_id() != gnubg.positionid():
            diff["position_id"] = (game.position.position_id(), gnubg.positionid())
        if diff:
            emit(
                "mismatch",
                {
                    "after": what,
                    "diff": {k: list(map(str, v)) for k, v in diff.items()},
                    "history": match.history[-6:],
                },
            )

    for _ in range(int(os.environ.get("FLOW_MATCHES", "3"))):
        match = Match(length, cube=True, crawford=crawford, seed=1)
        gnubg.command(f"new match {length}" if length else "new session")
        counts["matches"] += 1
        while True:
            game = match.new_game()
            counts["games"] += 1
            fields = gnubg_fields()
            high, low = fields.dice
            game.roll(dice=(high, low) if fields.player_on_roll == 0 else (low, high))
            compare(match, "opening")
            for _step in range(2000):
                if game.is_over:
                    break
                if game.state is not GameState.AWAITING_TAKE and choices.random() < 0.004:
                    kind = choices.choice((1, 2, 3))
                    name = {1: "normal", 2: "gammon", 3: "backgammon"}[kind]
                    gnubg.command("resign " + name)
                    gnubg.command("accept resign")
                    game.resign(game.player_on_roll, kind)
                    what = f"resign {name}"
                elif game.state is GameState.AWAITING_PLAY:
                    play = choices.choice(game.legal_plays())
                    gnubg.command("move " + str(play))
                    game.play(play)
                    what = "play " + str(play)
                elif game.state is GameState.AWAITING_TAKE:
                    if choices.random() < 0.75:
                        gnubg.command("take")
                        game.take()
                        what = "take"
                    else:
                        gnubg.command("drop")
                        game.drop()
                        what = "drop"
                elif game.can_double() and choices.random() < 0.15:
                    gnubg.command("double")
                    game.double()
                    what = "double"
                else:
                    gnubg.command("roll")
                    dice = gnubg_fields().dice
                    if dice == (0, 0):
                        # no legal play: gnubg has passed the turn; read the roll it showed
                        dice = tuple(gnubg.match()["games"][-1]["game"][-1]["dice"])
                    game.roll(dice=dice)
                    what = f"roll {dice}"
                compare(match, what)
            if match.is_over or (not length and len(match.games) >= 3):
                break
            if gnubg_fields().score != match.score:
                emit(
                    "mismatch", {"after": "game end", "score": [match.score, gnubg_fields().score]}
                )
                break
            gnubg.command("new game")
    emit("done", counts)


main()
