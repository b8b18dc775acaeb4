"""Run inside GNU Backgammon: import the Jellyfish .mat file named by ``MAT_FILE`` and print, as
one JSON line prefixed ``MAT``, each game's winner (0/1) and points, and the final Match ID."""

import json
import os

import gnubg

gnubg.command("import mat " + os.environ["MAT_FILE"])
games = []
for game in gnubg.match()["games"]:
    info = game["info"]
    games.append([{"X": 0, "O": 1}.get(info.get("winner")), info.get("points-won")])
print("MAT " + json.dumps({"games": games, "match_id": gnubg.matchid()}), flush=True)
