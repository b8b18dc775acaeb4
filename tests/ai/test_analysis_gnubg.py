"""The analysis agrees with GNU Backgammon's own 2-ply analysis of matches gnubg played.

GNU Backgammon plays three 5-point matches between noisy 0-ply players (seeds of their own, not
those the analysis was tuned on), exports them as ``.mat``, and analyses them at 2-ply; this
program analyses the same files. The figures are those of ``benchmarks/analysis.py``. The bounds
are below what the 12 held-out matches give (``ai/README.md``: very bad marks the same 85%,
bad or worse 85%, loss correlation 0.93, 79% of players within 25%): three matches hold few
marks, and these three include one long game of many hits where the two evaluators differ
most. The issue's own bars (every player within 25%, the same "bad"
mark on 80% of gnubg's) are not met: see the README. A few minutes; skipped without gnubg.
"""

from __future__ import annotations

import numpy as np
import pytest

from benchmarks.analysis import as_ours, figures, gnubg_analysis, make_matches, our_analysis

pytestmark = [pytest.mark.gnubg, pytest.mark.slow, pytest.mark.timeout(1800)]

SEED = 9101  # the tuning set used 2001-2018, the held-out set 7001-7008 and 7101-7104


@pytest.fixture(scope="module")
def matches(tmp_path_factory):
    folder = tmp_path_factory.mktemp("gnubg-matches")
    make_matches(folder, 3, 5, SEED)
    files = sorted(folder.glob("*.mat"))
    assert len(files) == 3, "gnubg did not export the matches"
    return files, gnubg_analysis(files, folder / "gnubg-2ply.jsonl")


@pytest.fixture(scope="module")
def compared(matches):
    files, gnubg = matches
    ours = our_analysis(files, files[0].parent / "ours.jsonl")
    return figures([f.name for f in files], gnubg, ours)


def test_error_rates_are_close_to_gnubgs(compared):
    ratios = np.array(compared["ratios"])
    ours, _n, theirs, _m = compared["pooled"]
    assert abs(ours / theirs - 1) <= 0.2, (ours, theirs)
    # most players within 25% of gnubg's rate; a strong player's few small errors are where
    # two strong evaluators differ most (ai/README.md)
    assert np.mean(np.abs(ratios - 1) <= 0.25) >= 0.5, ratios


def test_the_marks_gnubg_gives_are_ours_too(compared):
    marked, same, _at_least = compared["all very bad"]
    assert marked and same / marked >= 0.75, compared["all very bad"]
    marked, agree, _ours_only = compared["all bad or worse"]
    assert marked and agree / marked >= 0.7, compared["all bad or worse"]


def test_the_losses_are_correlated(compared):
    assert compared["correlation"] >= 0.75


def test_gnubgs_own_1_ply_analysis_is_held_to_its_2_ply_by_the_same_figures(matches):
    # the benchmark's --gnubg-plies: gnubg's analysis one ply shallower in the place of ours
    files, gnubg = matches
    lower = gnubg_analysis(files, files[0].parent / "gnubg-1ply.jsonl", plies=1)
    found = figures([f.name for f in files], gnubg, {k: as_ours(v) for k, v in lower.items()})
    # every checker play with a choice pairs up, and gnubg's own plies agree closely, not exactly
    chosen = [
        d
        for g in lower.values()
        for d in g["decisions"]
        if d["kind"] == "move" and d.get("loss") is not None and d.get("candidates", 0) > 1
    ]
    assert len(found["losses"]) == len(chosen) > 100
    assert 0.9 <= found["correlation"] < 1.0
    marked, same, _at_least = found["all very bad"]
    assert marked and same / marked >= 0.75
