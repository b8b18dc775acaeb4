"""Run inside GNU Backgammon: import each .mat file of ``MAT_FILES`` (space separated) and print,
as one JSON line prefixed ``ACTIONS``, every action gnubg read (player X/O, action, dice, and
the Position ID before it, so each play is known by the position it leads to), each game's
winner and points, and the final Match ID."""

import json
import os

import gnubg

gnubg.command("set display off")
for path in os.environ["MAT_FILES"].split():
    gnubg.command("import mat " + path)
    games = []
    for game in gnubg.match(analysis=0, boards=1, statistics=0, verbose=0)["games"]:
        actions = []
        for action in game["game"]:
            dice = sorted(action.get("dice", ()))
            actions.append([action.get("player"), action["action"], dice, action.get("board")])
        info = game["info"]
        games.append(
            {"actions": actions, "winner": info.get("winner"), "points": info.get("points-won")}
        )
    print(
        "ACTIONS " + json.dumps({"file": path, "games": games, "match_id": gnubg.matchid()}),
        flush=True,
    )
