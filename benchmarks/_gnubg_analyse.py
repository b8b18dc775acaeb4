"""Run inside GNU Backgammon: analyse .mat files and print every decision as JSON lines.

    ANALYSE_FILES="a.mat b.mat" ANALYSE_PLIES=2 gnubg -t -q -p benchmarks/_gnubg_analyse.py

For each file: ``GNUBG {"file", "decision": {...}}`` per checker play or cube action (game,
player 0/1 with player 0 the first named, kind, dice, move, loss in EMG for checker plays, gnubg's
mark; where gnubg judged the cube first, its cubeful no-double and double/take values as match
winning chances, ``nd_mwc`` and ``dt_mwc``), then ``GNUBG {"file", "summary": ...}`` with gnubg's
own per-player statistics and the seconds the analysis took; its statistics table (with the error
rates it prints) stands between ``GNUBG-STATS-BEGIN file`` and ``GNUBG-STATS-END``.
"""

import json
import os
import time

import gnubg

PLAYER = {"X": 0, "O": 1}


def command(text):
    gnubg.command(text)


def stats_table(path):
    """gnubg prints its statistics table to its own standard output: mark where it starts."""
    print("GNUBG-STATS-BEGIN " + path, flush=True)
    command("show statistics match")
    print("GNUBG-STATS-END", flush=True)


def main():
    plies = int(os.environ.get("ANALYSE_PLIES", "2"))
    command("set display off")
    command(f"set analysis chequerplay evaluation plies {plies}")
    command(f"set analysis cubedecision evaluation plies {plies}")
    # the marks of the issue (doubtful 0.03, bad 0.06, very bad 0.12 EMG)
    for name, value in (("doubtful", 0.03), ("bad", 0.06), ("verybad", 0.12)):
        command(f"set analysis threshold {name} {value}")
    for path in os.environ["ANALYSE_FILES"].split():
        command("import mat " + path)
        start = time.time()
        command("analyse match")
        seconds = time.time() - start
        data = gnubg.match(analysis=1, boards=0, statistics=1, verbose=1)
        for number, game in enumerate(data["games"]):
            for action in game["game"]:
                kind = action["action"]
                analysis = action.get("analysis", {})
                out = {"game": number, "player": PLAYER.get(action.get("player")), "kind": kind}
                if kind == "move":
                    out["dice"] = list(action.get("dice", ()))
                    out["move"] = [list(step) for step in action.get("move", ())]
                    moves = analysis.get("moves")
                    if moves and "imove" in analysis:
                        out["loss"] = moves[0]["score"] - moves[analysis["imove"]]["score"]
                        out["candidates"] = len(moves)
                    out["luck"] = analysis.get("luck-value")
                    out["cube_mark"] = analysis.get("cube-skill", "none")
                out["mark"] = analysis.get("skill", "none")
                # the cube decision before the roll (or of a double): gnubg's cubeful values of
                # no double and double/take, as match winning chances of the player on roll
                for key, name in (("nd-cubeful-eq", "nd_mwc"), ("dt-cubeful-eq", "dt_mwc")):
                    if key in analysis:
                        out[name] = analysis[key]
                print("GNUBG " + json.dumps({"file": path, "decision": out}), flush=True)
        stats_table(path)
        print(
            "GNUBG " + json.dumps({"file": path, "summary": data["stats"], "seconds": seconds}),
            flush=True,
        )


main()
