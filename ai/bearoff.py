"""An exact one-sided bear-off database, computed by the project with the engine's rules.

For every way of placing 0 to 15 of one side's checkers on its home board (points 1..6), that is
C(21, 6) = 54,264 positions, the database holds two distributions over the number of rolls:

* ``total``: rolls needed to bear off every checker, playing each roll to minimise the expected
  number of rolls;
* ``first``: rolls needed to bear off the first checker (only for positions with all 15 checkers
  still on the board; otherwise it is 0 rolls), playing to minimise that expectation. It gives the
  chances of a gammon.

Two such one-sided distributions give the exact (up to the one-sided play policy) race between two
sides that are both home, with the player on roll moving first: see ``BearoffDatabase.evaluate``.

The database is built once (``python -m ai.bearoff``, about a minute or two) and stored as a
compressed .npz in ``resources/``; when that file is missing it is built at first use and cached in
the user's cache directory.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from engine.dice import ROLLS
from engine.moves import legal_results
from engine.position import Position

POINTS = 6
CHECKERS = 15
#: Length of the stored distributions: index k is the probability of needing exactly k rolls.
MAX_ROLLS = 40
RESOURCE_PATH = Path(__file__).resolve().parent.parent / "resources" / "bearoff.npz"
FORMAT_VERSION = 1


def _key(counts: np.ndarray) -> np.ndarray:
    """Integer key of home-board counts ``(..., 6)``: base-16 digits, point 1 lowest."""
    weights = 16 ** np.arange(POINTS, dtype=np.int64)
    return (np.asarray(counts, dtype=np.int64) * weights).sum(axis=-1)


def all_positions() -> np.ndarray:
    """Every home-board placement of 0..15 checkers, ``(54264, 6)``, ordered by pip count."""
    rows: list[tuple[int, ...]] = [()]
    for _ in range(POINTS):  # extend by one point at a time, never beyond 15 checkers
        rows = [r + (n,) for r in rows for n in range(CHECKERS + 1 - sum(r))]
    arr = np.asarray(rows, dtype=np.int8)
    pips = arr.astype(np.int64) @ np.arange(1, POINTS + 1)
    order = np.lexsort((_key(arr), pips))
    return arr[order]


def _shift(dist: np.ndarray) -> np.ndarray:
    """A distribution over rolls, one roll later (mass beyond the end stays in the last bucket)."""
    out = np.zeros_like(dist)
    out[1:] = dist[:-1]
    out[-1] += dist[-1]
    return out


def build(progress: Callable[[int, int], None] | None = None) -> dict[str, np.ndarray]:
    """Compute the database: positions, ``total`` and ``first`` distributions, expectations."""
    positions = all_positions()
    n = len(positions)
    keys = _key(positions)
    index = {int(k): i for i, k in enumerate(keys)}
    total = np.zeros((n, MAX_ROLLS), dtype=np.float64)
    first = np.zeros((n, MAX_ROLLS), dtype=np.float64)
    mean_total = np.zeros(n, dtype=np.float64)
    mean_first = np.zeros(n, dtype=np.float64)
    empty_side = (0,) * 25
    for i, counts in enumerate(positions):
        checkers = int(counts.sum())
        if checkers == 0:
            total[i, 0] = 1.0
            first[i, 0] = 1.0
            continue
        if checkers < CHECKERS:
            first[i, 0] = 1.0  # a checker is already off
        side = tuple(int(c) for c in counts) + (0,) * 19
        position = Position(side, empty_side, validate=False)
        acc_total = np.zeros(MAX_ROLLS)
        acc_first = np.zeros(MAX_ROLLS)
        exp_total = 0.0
        exp_first = 0.0
        for dice, weight in ROLLS:
            results = legal_results(position, dice)
            # After a play the mover is the opponent of the result: its side is ``opponent``.
            succ = [index[int(_key(np.asarray(r.opponent[:POINTS])))] for r in results] or [i]
            best_t = min(succ, key=lambda j: mean_total[j])
            acc_total += weight * total[best_t]
            exp_total += weight * mean_total[best_t]
            if checkers == CHECKERS:
                best_f = min(succ, key=lambda j: mean_first[j])
                acc_first += weight * first[best_f]
                exp_first += weight * mean_first[best_f]
        total[i] = _shift(acc_total / 36.0)
        mean_total[i] = 1.0 + exp_total / 36.0
        if checkers == CHECKERS:
            first[i] = _shift(acc_first / 36.0)
            mean_first[i] = 1.0 + exp_first / 36.0
        if progress is not None and i % 2000 == 0:
            progress(i, n)
    return {
        "positions": positions,
        "total": total.astype(np.float32),
        "first": first.astype(np.float32),
        "mean_total": mean_total.astype(np.float32),
        "mean_first": mean_first.astype(np.float32),
    }


def _user_cache_path() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "backgammon-desktop" / "bearoff.npz"


def save(data: dict[str, np.ndarray], path: str | os.PathLike[str]) -> None:
    """Write the database atomically as a compressed .npz."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp.npz", dir=path.parent)
    os.close(fd)
    try:
        arrays: dict[str, Any] = {"version": np.array(FORMAT_VERSION), **data}
        np.savez_compressed(tmp, **arrays)  # (typed as Any: numpy's stubs mix in allow_pickle)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


class BearoffDatabase:
    """Lookups in the one-sided database, vectorised over many positions."""

    def __init__(self, data: dict[str, np.ndarray]) -> None:
        positions = np.asarray(data["positions"])
        if positions.ndim != 2 or positions.shape[1] != POINTS:
            raise ValueError("Bear-off data has malformed positions.")
        keys = _key(positions)
        order = np.argsort(keys)
        self._keys = keys[order]
        self.positions = positions[order]
        self.total = np.asarray(data["total"], dtype=np.float64)[order]
        self.first = np.asarray(data["first"], dtype=np.float64)[order]
        self.mean_total = np.asarray(data["mean_total"], dtype=np.float64)[order]
        # Survival functions: surv[i, k] = P(rolls >= k).
        self._surv_total = survival(self.total)
        self._surv_first = survival(self.first)

    def __len__(self) -> int:
        return len(self._keys)

    def index(self, home: np.ndarray) -> np.ndarray:
        """Row indices of home-board counts ``(N, 6)``; raises ``ValueError`` if one is not home."""
        home = np.asarray(home)
        if home.ndim != 2 or home.shape[1] != POINTS:
            raise ValueError(f"Home boards must have shape (N, {POINTS}), not {home.shape}.")
        if home.size and (home.min() < 0 or home.sum(axis=1).max() > CHECKERS):
            raise ValueError("A position is not a bear-off position (0 to 15 checkers).")
        keys = _key(home)
        idx = np.searchsorted(self._keys, keys)
        idx = np.minimum(idx, len(self._keys) - 1)
        if not np.all(self._keys[idx] == keys):
            raise ValueError(
                "A position is not a bear-off position (at most 15 checkers, points 1-6)."
            )
        return idx

    def rolls_distribution(self, home: np.ndarray) -> np.ndarray:
        """``(N, MAX_ROLLS)`` distribution of the rolls needed to bear off all checkers."""
        return self.total[self.index(home)]

    def first_off_distribution(self, home: np.ndarray) -> np.ndarray:
        """``(N, MAX_ROLLS)`` distribution of the rolls to bear off the first checker."""
        return self.first[self.index(home)]

    @staticmethod
    def applies(boards: np.ndarray) -> np.ndarray:
        """True where both sides of ``(N, 2, 25)`` boards have every checker on points 1..6."""
        return boards[:, :, POINTS:].sum(axis=(1, 2)) == 0

    def evaluate(self, boards: np.ndarray) -> np.ndarray:
        """The five outputs for bear-off boards ``(N, 2, 25)``, player on roll to move first
        (``combine``); no backgammon is possible: all checkers are home."""
        boards = np.asarray(boards)
        a = self.index(boards[:, 0, :POINTS])
        b = self.index(boards[:, 1, :POINTS])
        full = boards.sum(axis=2) == CHECKERS
        return combine(
            self.total[a],
            self._surv_first[a],
            self._surv_total[b],
            self._surv_first[b],
            full[:, 0],
            full[:, 1],
        )


def survival(dist: np.ndarray) -> np.ndarray:
    """``surv[..., k]`` = P(rolls >= k) of distributions over rolls ``(..., MAX_ROLLS)``."""
    return np.cumsum(dist[..., ::-1], axis=-1)[..., ::-1]


def combine(
    total_a: np.ndarray,
    surv_first_a: np.ndarray,
    surv_b: np.ndarray,
    surv_first_b: np.ndarray,
    full_a: np.ndarray,
    full_b: np.ndarray,
) -> np.ndarray:
    """The five outputs of races between sides ``a`` (on roll, moving first) and ``b``, from
    ``a``'s distribution of the rolls to bear off all ``(N, MAX_ROLLS)`` and the survival
    functions (``survival``) of the others; ``full_*`` tells which side has all fifteen.

    ``a`` needing ``i`` rolls wins if ``b`` needs at least ``i``; a win is a gammon when ``b``,
    with all fifteen checkers, needs at least ``i`` rolls for its first checker; a loss in ``b``'s
    ``j``-th roll is a gammon when ``a``, with all fifteen, needs more than ``j`` for its first.
    """
    win = np.clip(np.sum(total_a * surv_b, axis=1), 0.0, 1.0)
    wg = np.where(full_b, np.sum(total_a * surv_first_b, axis=1), 0.0)
    total_b = surv_b.copy()
    total_b[:, :-1] -= surv_b[:, 1:]
    after = np.zeros_like(total_a)
    after[:, :-1] = surv_first_a[:, 1:]
    lg = np.where(full_a, np.sum(total_b * after, axis=1), 0.0)
    out = np.zeros((len(total_a), 5))
    out[:, 0] = win
    out[:, 1] = np.minimum(wg, win)
    out[:, 3] = np.clip(np.minimum(lg, 1.0 - win), 0.0, 1.0)
    return out


_cached: BearoffDatabase | None = None


def load(
    path: str | os.PathLike[str] | None = None, *, build_if_missing: bool = True
) -> BearoffDatabase:
    """The database from ``path`` (default: the shipped resource, then the user cache).

    When no file exists it is built (a minute or two) and cached in the user's cache directory.
    """
    global _cached
    if path is None and _cached is not None:
        return _cached
    candidates = [Path(path)] if path is not None else [RESOURCE_PATH, _user_cache_path()]
    for candidate in candidates:
        if candidate.exists():
            with np.load(candidate, allow_pickle=False) as data:
                db = BearoffDatabase({k: data[k] for k in data.files})
            if path is None:
                _cached = db
            return db
    if not build_if_missing:
        raise FileNotFoundError(f"No bear-off database at {candidates[0]}.")
    data = build()
    target = candidates[0] if path is not None else _user_cache_path()
    with contextlib.suppress(OSError):  # a read-only cache is not fatal: the data is in memory
        save(data, target)
    db = BearoffDatabase(data)
    if path is None:
        _cached = db
    return db


def main(argv: list[str] | None = None) -> int:
    """Build the database into ``resources/bearoff.npz`` (or the path given)."""
    args = sys.argv[1:] if argv is None else argv
    target = Path(args[0]) if args else RESOURCE_PATH

    def report(done: int, total: int) -> None:
        print(f"\rbear-off database: {done}/{total}", end="", file=sys.stderr, flush=True)

    data = build(report)
    save(data, target)
    print(f"\rbear-off database: {len(data['positions'])} positions -> {target}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
