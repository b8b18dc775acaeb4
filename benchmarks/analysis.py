"""The match analysis against GNU Backgammon's own 2-ply analysis, and its speed.

    python benchmarks/analysis.py [--dir DIR ...] [--make 24 --length 7 --seed 101] [--quick]

``--make N`` has GNU Backgammon play N matches between two noisy 0-ply gnubg players (each
with its own noise, from nearly none to a lot) on seeds from ``--seed`` and export them as
``.mat`` into the first DIR; otherwise the ``.mat`` files already in each DIR are used (without
``--dir``: 4 new matches in a temporary folder). Keep the matches you tune on and a held-out
set in folders of their own, made on other seeds, and give both: each is reported apart. GNU
Backgammon then analyses each at 2-ply (its ``analyse match``, marks at 0.03 / 0.06 / 0.12)
and this program analyses the same files with ``ai.analysis`` (close calls at 2-ply, as the
window and ``python -m ai analyse`` do; ``--quick``: 1-ply only); both results are cached in
DIR (``gnubg-2ply.jsonl``, ``ours-deep.jsonl`` or ``ours.jsonl``), so a second run only
reports. The report, per folder (and for all together), gives:

* each player's error rate in mEMG per decision against gnubg's (overall, and checker plays
  alone): the ratio and the share of players within 25%;
* agreement on marks: of the decisions gnubg marks bad or very bad, the share we mark the same
  (exactly, and "bad or worse" for both);
* the correlation of per-decision equity losses on checker plays;
* the seconds our analysis takes per match (and gnubg's 2-ply, for scale).

``--gnubg-plies 0`` (or ``1``) also analyses the matches with gnubg at that depth and reports
the same figures for it against its own 2-ply, in the place of ours: what a lower ply of the
judge itself reaches, for scale.

``--time FILE ...`` only times our analysis of the files (the issue's bar: a 7-point match in
under a minute on the project's machine) and fails when one takes longer.

GNU Backgammon is only the judge here; the program never needs it.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ai.analysis import Analyser  # noqa: E402
from engine.mat import load_mat  # noqa: E402

GNUBG_SCRIPT = Path(__file__).with_name("_gnubg_analyse.py")
MAKE_SCRIPT = """
import gnubg, os
out = os.environ["MAKE_OUT"]
gnubg.command("set display off")
for item in os.environ["MAKE_LIST"].split():
    seed, length, noise0, noise1 = item.split(":")
    for p, noise in ((0, noise0), (1, noise1)):
        gnubg.command("set player %d gnubg" % p)
        gnubg.command("set player %d chequerplay evaluation plies 0" % p)
        gnubg.command("set player %d cubedecision evaluation plies 0" % p)
        gnubg.command("set player %d chequerplay evaluation noise %s" % (p, noise))
        gnubg.command("set player %d cubedecision evaluation noise %s" % (p, noise))
    gnubg.command("set seed %s" % seed)
    gnubg.command("new match %s" % length)
    gnubg.command("export match mat %s/m%s_%s.mat" % (out, length, seed))
"""
# the two players' noise per match, in turn: strong against strong, strong against weak, ...
NOISE_PAIRS = ((0.02, 0.02), (0.0, 0.06), (0.06, 0.03), (0.04, 0.1), (0.08, 0.01), (0.03, 0.05))
_RATE = re.compile(r"^\s*Error rate mEMG \(MWC\)\s+(-?[\d.]+)\s+\(\s*-?[\d.]+%\)\s+(-?[\d.]+)")
_RANK = {"none": 0, "doubtful": 1, "bad": 2, "very bad": 3}


def find_gnubg() -> str:
    found = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")
    if not found:
        sys.exit("GNU Backgammon (gnubg) is needed as the judge of this benchmark.")
    return found


def run_gnubg(script: Path, env: dict[str, str]) -> str:
    with tempfile.TemporaryDirectory() as home:
        done = subprocess.run(
            [find_gnubg(), "-t", "-q", "-p", str(script)],
            capture_output=True,
            env=dict(os.environ, HOME=home, **env),
            cwd=home,
            check=False,
        )
    return done.stdout.decode("utf-8", "replace")


def make_matches(folder: Path, count: int, length: int, first_seed: int = 101) -> None:
    """gnubg self-play at 0-ply, each player with its own noise (``NOISE_PAIRS`` in turn), on
    seeds ``first_seed``, ``first_seed + 1``, ...: a tuning set and a held-out set are made
    apart, on seeds of their own."""
    folder.mkdir(parents=True, exist_ok=True)
    plan = " ".join(
        f"{first_seed + i}:{length}:{NOISE_PAIRS[i % len(NOISE_PAIRS)][0]}:"
        f"{NOISE_PAIRS[i % len(NOISE_PAIRS)][1]}"
        for i in range(count)
    )
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as script:
        script.write(MAKE_SCRIPT)
    try:
        run_gnubg(Path(script.name), {"MAKE_OUT": str(folder), "MAKE_LIST": plan})
    finally:
        os.unlink(script.name)


def gnubg_analysis(files: list[Path], cache: Path, plies: int = 2) -> dict[str, dict]:
    """gnubg's analysis of each file at ``plies`` (cached): decisions, stats table rates,
    seconds."""
    known: dict[str, dict] = {}
    if cache.exists():
        for line in cache.read_text().splitlines():
            data = json.loads(line)
            known[data["file"]] = data
    missing = [f for f in files if f.name not in known]
    if missing:
        out = run_gnubg(
            GNUBG_SCRIPT,
            {
                "ANALYSE_FILES": " ".join(str(f.resolve()) for f in missing),
                "ANALYSE_PLIES": str(plies),
            },
        )
        known.update(parse_gnubg_output(out))
        with cache.open("w") as sink:
            for data in known.values():
                sink.write(json.dumps(data) + "\n")
    return known


def parse_gnubg_output(text: str) -> dict[str, dict]:
    """Decisions, summaries and the statistics tables that ``_gnubg_analyse.py`` printed."""
    found: dict[str, dict] = {}
    section = None
    current = None
    for line in text.splitlines():
        if line.startswith("GNUBG "):
            data = json.loads(line[6:])
            name = Path(data["file"]).name
            entry = found.setdefault(name, {"file": name, "decisions": [], "rates": {}})
            if "decision" in data:
                entry["decisions"].append(data["decision"])
            else:
                entry["seconds"] = data["seconds"]
                entry["stats"] = data["summary"]
        elif line.startswith("GNUBG-STATS-BEGIN "):
            current = found[Path(line.split(" ", 1)[1]).name]
            section = "overall"
        elif line.startswith("GNUBG-STATS-END"):
            current = None
        elif current is not None:
            low = line.lower()
            if "chequerplay statistics" in low:
                section = "checker"
            elif "cube statistics" in low:
                section = "cube"
            elif "overall statistics" in low:
                section = "overall"
            rate = _RATE.match(line)
            if rate and section not in current["rates"]:
                current["rates"][section] = [-float(rate.group(1)), -float(rate.group(2))]
    return found


def our_analysis(files: list[Path], cache: Path, deep: bool = True) -> dict[str, dict]:
    """Our analysis of each file (cached): decisions, player summaries, seconds."""
    known: dict[str, dict] = {}
    if cache.exists():
        for line in cache.read_text().splitlines():
            data = json.loads(line)
            known[data["file"]] = data
    analyser = Analyser(deep=deep)
    for path in files:
        if path.name in known:
            continue
        match = load_mat(path)
        start = time.perf_counter()
        result = analyser.analyse(match)
        seconds = time.perf_counter() - start
        known[path.name] = {
            "file": path.name,
            "seconds": seconds,
            "decisions": [
                dict(d.as_json(), counted=d.counted, loss=d.loss) for d in result.decisions
            ],
            "players": [p.as_json() for p in result.players],
        }
        with cache.open("a") as sink:
            sink.write(json.dumps(known[path.name]) + "\n")
        print(f"  {path.name}: {seconds:.1f} s", file=sys.stderr, flush=True)
    return known


def as_ours(gnubg: dict) -> dict:
    """gnubg's analysis of a file in the form of ours (``our_analysis``), so that gnubg's own
    analysis at fewer plies can be held to its 2-ply by the same figures: a missed double
    (gnubg's cube mark on a roll) becomes a "no double" before that roll, a drop a pass, a
    checker play counts where gnubg had a choice, and each player's error rates are those of
    gnubg's statistics table."""
    decisions: list[dict] = []
    for d in gnubg["decisions"]:
        kind, base = d["kind"], {"game": d["game"], "mark": d["mark"], "loss": 0.0}
        if kind == "move":
            if d.get("cube_mark", "none") != "none":
                decisions.append(dict(base, kind="double", played="no double", mark=d["cube_mark"]))
            counted = d.get("loss") is not None and d.get("candidates", 0) > 1
            move = dict(base, kind="move", dice=d["dice"], loss=d.get("loss") or 0.0)
            decisions.append(dict(move, counted=counted, luck=d.get("luck")))
        elif kind == "double":
            decisions.append(dict(base, kind="double", played="double"))
        elif kind in ("take", "drop"):
            decisions.append(dict(base, kind="take" if kind == "take" else "pass"))
    players = []
    for player, side in ((0, "X"), (1, "O")):
        stats = gnubg["stats"][side]
        players.append(
            {
                "error_rate_memg": gnubg["rates"]["overall"][player],
                "checker_error_rate_memg": gnubg["rates"]["checker"][player],
                "decisions": stats["moves"]["unforced-moves"] + stats["cube"]["close-cube"],
            }
        )
    return {
        "file": gnubg["file"],
        "seconds": gnubg.get("seconds", float("nan")),
        "decisions": decisions,
        "players": players,
    }


def align(gnubg: dict, ours: dict) -> list[tuple[str, str, str, float | None, float]]:
    """Pairs of (kind, gnubg's mark, our mark, gnubg's loss, our loss), decision by decision.

    Checker plays pair by their order in each game (both list every roll); gnubg's cube marks
    pair with our decision of the same kind: a double or a take/pass with the next of ours, a
    missed double (gnubg's cube mark on a roll) with our "no double" before that roll.
    """
    pairs: list[tuple[str, str, str, float | None, float]] = []
    games = {d["game"] for d in gnubg["decisions"]} | {d["game"] for d in ours["decisions"]}
    for game in sorted(games):
        theirs = [d for d in gnubg["decisions"] if d["game"] == game]
        mine = [d for d in ours["decisions"] if d["game"] == game]
        # our decisions grouped by roll: the cube decision before it, then the move
        my_moves = [d for d in mine if d["kind"] == "move"]
        my_cube_before: dict[int, dict] = {}
        my_answers = [d for d in mine if d["kind"] in ("take", "pass")]
        my_doubles = [d for d in mine if d["kind"] == "double" and d["played"] == "double"]
        roll = 0
        for d in mine:
            if d["kind"] == "move":
                roll += 1
            elif d["kind"] == "double" and d["played"] == "no double":
                my_cube_before[roll] = d
        their_moves = [d for d in theirs if d["kind"] == "move"]
        if len(their_moves) != len(my_moves):
            raise SystemExit(f"{gnubg['file']} game {game}: the rolls do not pair up.")
        for k, (t, m) in enumerate(zip(their_moves, my_moves, strict=True)):
            if sorted(t["dice"]) != sorted(m["dice"]):
                raise SystemExit(f"{gnubg['file']} game {game}: roll {k} differs.")
            if m["counted"] and t.get("loss") is not None:
                pairs.append(("move", t["mark"], m["mark"], t["loss"], m["loss"]))
            cube = my_cube_before.get(k)
            their_cube = t.get("cube_mark", "none")
            if cube is not None or their_cube != "none":
                ours_mark = cube["mark"] if cube is not None else "none"
                ours_loss = cube["loss"] if cube is not None else 0.0
                pairs.append(("no double", their_cube, ours_mark, None, ours_loss))
        their_doubles = [d for d in theirs if d["kind"] == "double"]
        their_answers = [d for d in theirs if d["kind"] in ("take", "drop")]
        for t, m in zip(their_doubles, my_doubles, strict=False):
            pairs.append(("double", t["mark"], m["mark"], None, m["loss"]))
        for t, m in zip(their_answers, my_answers, strict=False):
            pairs.append(("take/pass", t["mark"], m["mark"], None, m["loss"]))
    return pairs


def luck_pairs(gnubg: dict, ours: dict) -> list[tuple[float, float]]:
    """(gnubg's luck, our luck) of every roll, in EMG."""
    pairs = []
    for game in sorted({d["game"] for d in ours["decisions"]}):
        theirs = [d for d in gnubg["decisions"] if d["game"] == game and d["kind"] == "move"]
        mine = [d for d in ours["decisions"] if d["game"] == game and d["kind"] == "move"]
        for t, m in zip(theirs, mine, strict=False):
            if t.get("luck") is not None and m.get("luck") is not None:
                pairs.append((t["luck"], m["luck"]))
    return pairs


def figures(files: list[str], gnubg: dict[str, dict], ours: dict[str, dict]) -> dict[str, Any]:
    """The agreement of our analysis with gnubg's on ``files``, as numbers (see the module doc).

    ``ratios``: each player's error rate over gnubg's; ``same``: of the decisions gnubg marks
    "very bad" (or "bad"), the share we mark the same, over all decisions and over checker plays
    (``same_checker``); ``bad_or_worse``: of those gnubg marks bad or very bad, the share we mark
    bad or very bad; ``correlation``: of the per-decision losses of checker plays.
    """
    ratios, ratios_checker = [], []
    total = {"ours": [0.0, 0], "gnubg": [0.0, 0]}
    pairs: list[tuple[str, str, str, float | None, float]] = []
    for f in files:
        g, o = gnubg[f], ours[f]
        for player in (0, 1):
            mine = o["players"][player]
            theirs = g["rates"]["overall"][player]
            ratios.append(mine["error_rate_memg"] / theirs if theirs else float("nan"))
            theirs_checker = g["rates"]["checker"][player]
            if theirs_checker:
                ratios_checker.append(mine["checker_error_rate_memg"] / theirs_checker)
            total["ours"][0] += mine["error_rate_memg"] * mine["decisions"]
            total["ours"][1] += mine["decisions"]
            side = "X" if player == 0 else "O"
            stats = g["stats"][side]
            decisions = stats["moves"]["unforced-moves"] + stats["cube"]["close-cube"]
            total["gnubg"][0] += theirs * decisions
            total["gnubg"][1] += decisions
        pairs.extend(align(g, o))
    out: dict[str, Any] = {
        "matches": len(files),
        "ratios": ratios,
        "ratios_checker": ratios_checker,
        "pooled": (
            total["ours"][0] / total["ours"][1],
            total["ours"][1],
            total["gnubg"][0] / total["gnubg"][1],
            total["gnubg"][1],
        ),
    }
    for kinds, key in ((("move",), "checker"), (None, "all")):
        chosen = [p for p in pairs if kinds is None or p[0] in kinds]
        for level in ("very bad", "bad"):
            marked = [p for p in chosen if p[1] == level]
            same = sum(1 for p in marked if p[2] == level)
            at_least = sum(1 for p in marked if _RANK[p[2]] >= _RANK["bad"])
            out[f"{key} {level}"] = (len(marked), same, at_least)
        worse = [p for p in chosen if _RANK[p[1]] >= _RANK["bad"]]
        agree = sum(1 for p in worse if _RANK[p[2]] >= _RANK["bad"])
        ours_only = sum(
            1 for p in chosen if _RANK[p[2]] >= _RANK["bad"] and _RANK[p[1]] < _RANK["bad"]
        )
        out[f"{key} bad or worse"] = (len(worse), agree, ours_only)
    losses = np.array([(p[3], p[4]) for p in pairs if p[0] == "move" and p[3] is not None])
    out["losses"] = losses
    out["correlation"] = float(np.corrcoef(losses[:, 0], losses[:, 1])[0, 1])
    out["luck"] = np.array([p for f in files for p in luck_pairs(gnubg[f], ours[f])])
    out["seconds"] = [ours[f]["seconds"] for f in files]
    out["gnubg_seconds"] = [gnubg[f].get("seconds", float("nan")) for f in files]
    return out


def _share(part: int, whole: int) -> str:
    return f"{part / whole:.0%}" if whole else "-"


def report(
    name: str, files: list[str], gnubg: dict[str, dict], ours: dict[str, dict], luck: bool = True
) -> None:
    """Print the figures (``figures``); ``luck=False`` leaves out the luck of the rolls (gnubg's
    analyses at any depth share it: its luck analysis has a depth of its own)."""
    found = figures(files, gnubg, ours)
    print(f"\n== {name}: {len(files)} matches ==")
    r, rc = np.array(found["ratios"]), np.array(found["ratios_checker"])
    print(
        f"error rate, ours / gnubg per player: median {np.nanmedian(r):.2f}, "
        f"within 25%: {np.mean(np.abs(r - 1) <= 0.25):.0%} of {len(r)} players; "
        f"checker plays alone: median {np.median(rc):.2f}, within 25%: "
        f"{np.mean(np.abs(rc - 1) <= 0.25):.0%}"
    )
    ours_rate, ours_n, gnubg_rate, gnubg_n = found["pooled"]
    print(
        f"pooled error rate: ours {ours_rate:.1f} mEMG over {ours_n} decisions, "
        f"gnubg {gnubg_rate:.1f} over {gnubg_n}"
    )
    for key, label in (("checker", "checker plays"), ("all", "all decisions")):
        for level in ("very bad", "bad"):
            marked, same, at_least = found[f"{key} {level}"]
            if marked:
                print(
                    f"{label}: gnubg marks {marked} {level}; we mark {_share(same, marked)}"
                    f" the same, {_share(at_least, marked)} bad or worse"
                )
        worse, agree, ours_only = found[f"{key} bad or worse"]
        print(
            f"{label}: bad or worse by gnubg {worse}, by us too {_share(agree, worse)}; "
            f"marked bad or worse by us only: {ours_only}"
        )
    losses = found["losses"]
    print(
        f"checker plays: {len(losses)} paired, loss correlation {found['correlation']:.3f}; "
        f"mean loss ours {losses[:, 1].mean() * 1000:.1f} mEMG, gnubg "
        f"{losses[:, 0].mean() * 1000:.1f}"
    )
    rolls = found["luck"]
    if luck:
        print(
            f"luck of {len(rolls)} rolls: correlation "
            f"{np.corrcoef(rolls[:, 0], rolls[:, 1])[0, 1]:.3f}, "
            f"mean absolute difference {np.mean(np.abs(rolls[:, 0] - rolls[:, 1])):.3f} EMG"
        )
    seconds = found["seconds"]
    print(
        f"seconds per match: ours mean {np.mean(seconds):.1f}, max {max(seconds):.1f}; "
        f"gnubg 2-ply mean {np.nanmean(found['gnubg_seconds']):.1f}"
    )


def time_analysis(files: list[Path], deep: bool = True, limit: float = 60.0) -> int:
    """Seconds of our analysis per match; status 1 when one takes more than ``limit``."""
    analyser = Analyser(deep=deep)
    slowest = 0.0
    for path in files:
        match = load_mat(path)
        start = time.perf_counter()
        result = analyser.analyse(match)
        seconds = time.perf_counter() - start
        slowest = max(slowest, seconds)
        print(
            f"{path.name}: {match.length}-point match, {len(match.games)} games, "
            f"{len(result.decisions)} decisions: {seconds:.1f} s"
        )
    print(f"slowest {slowest:.1f} s (limit {limit:.0f} s)")
    return 0 if slowest <= limit else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--dir",
        type=Path,
        action="append",
        help="a folder of .mat files (cached results too); repeat it for a held-out set",
    )
    parser.add_argument("--make", type=int, default=0, help="have gnubg play this many matches")
    parser.add_argument("--length", type=int, default=7, help="length of the matches made")
    parser.add_argument("--seed", type=int, default=101, help="the first seed of the matches made")
    parser.add_argument("--only-make", action="store_true", help="make the matches, no report")
    parser.add_argument("--quick", action="store_true", help="our analysis at 1-ply only")
    parser.add_argument("--deep", action="store_true", help="close plays at 2-ply (the default)")
    parser.add_argument(
        "--time",
        type=Path,
        nargs="+",
        metavar="FILE",
        help="only time our analysis of these .mat files (no gnubg); fails over a minute",
    )
    parser.add_argument(
        "--gnubg-plies",
        type=int,
        choices=(0, 1),
        default=None,
        help="also hold gnubg's own analysis at 0 or 1 ply to its 2-ply, for scale",
    )
    args = parser.parse_args(argv)
    args.deep = not args.quick
    if args.time:
        return time_analysis(args.time, args.deep)
    if not args.dir:
        args.dir = [Path(tempfile.mkdtemp(prefix="analysis-bench-"))]
        args.make = args.make or 4
    if args.make:
        make_matches(args.dir[0], args.make, args.length, args.seed)
    if args.only_make:
        return 0
    everything: tuple[list[str], dict[str, dict], dict[str, dict]] = ([], {}, {})
    reference: dict[str, dict] = {}
    for folder in args.dir:
        files = sorted(folder.glob("*.mat"))
        if not files:
            sys.exit(f"No .mat files in {folder}.")
        print(f"gnubg 2-ply analysis of {len(files)} matches (cached)...", file=sys.stderr)
        gnubg = gnubg_analysis(files, folder / "gnubg-2ply.jsonl")
        print("our analysis (cached)...", file=sys.stderr)
        ours = our_analysis(files, folder / f"ours{'-deep' if args.deep else ''}.jsonl", args.deep)
        names = [f"{folder.name}/{f.name}" for f in files]
        gnubg = {f"{folder.name}/{k}": v for k, v in gnubg.items()}
        ours = {f"{folder.name}/{k}": v for k, v in ours.items()}
        report(str(folder), names, gnubg, ours)
        everything[0].extend(names)
        everything[1].update(gnubg)
        everything[2].update(ours)
        if args.gnubg_plies is not None:
            plies = args.gnubg_plies
            lower = gnubg_analysis(files, folder / f"gnubg-{plies}ply.jsonl", plies)
            lower = {f"{folder.name}/{k}": as_ours(v) for k, v in lower.items()}
            report(reference_name(plies, str(folder)), names, gnubg, lower, luck=False)
            reference.update(lower)
    if len(args.dir) > 1:
        report("all", *everything)
        if reference:
            name = reference_name(args.gnubg_plies, "all")
            report(name, everything[0], everything[1], reference, luck=False)
    return 0


def reference_name(plies: int, name: str) -> str:
    return f"{name}, gnubg's own {plies}-ply analysis in the place of ours"


if __name__ == "__main__":
    sys.exit(main())
