"""Exact values of late races: one-sided roll distributions beyond the home board.

In a race (no contact left) each side's play does not touch the other's, so a side's whole
future is one distribution: the number of rolls it needs to bear off every checker (and, with all
fifteen still on the board, to bear off the first one, which decides gammons). The bear-off
database (``ai.bearoff``) holds these for every side that is entirely home. ``OneSided`` extends
them to a side with checkers still outside its home board: for each of the 21 rolls it takes the
play (legal plays from the engine, the other side left out) that minimises the expected number of
rolls, as the database does, recursively until the side is home and the database answers. Two
such distributions give the race exactly, up to that play policy: ``race_outputs``.

The recursion visits every side the first one can become, so it is cheap only for a few checkers
outside (a late race, a straggler or two): ``OneSided`` stops with ``TooLarge`` beyond a budget of
new sides per question. Its answers are kept (up to a capacity) for the next question.

Backgammons are not modelled: a side that still has all fifteen checkers and one of them in the
other side's home board is refused (``TooLarge``), as the race network values those.

``ExactRaces`` is what the players use (``ai.player``, ``ai.analysis``): the exact chances of a
late race (at most ``MAX_OUTSIDE`` checkers of each side outside its home board, within the
budget), shared safely between threads. ``ai.race_training`` trains the race network on them.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from operator import mul

import numpy as np

from ai import bearoff
from ai.bearoff import combine, survival
from ai.encoding import boards_from_positions, race_mask
from engine.dice import ROLLS
from engine.moves import legal_results
from engine.position import Position

MAX_ROLLS = bearoff.MAX_ROLLS
_ROLLS = np.arange(MAX_ROLLS, dtype=np.float64)
_EMPTY = (0,) * 25
_BEYOND = tuple(range(1, 20))  # pips from each point 7..24 and the bar to the 6-point
_FIRST_OFF = np.zeros(MAX_ROLLS)
_FIRST_OFF[0] = 1.0  # a side that has borne off a checker already: its first is 0 rolls away

Side = tuple[int, ...]

#: ``ExactRaces`` values races with at most this many checkers of each side outside its home
MAX_OUTSIDE = 2
#: and at most this many new sides per question (about a millisecond each)
BUDGET = 1500
#: sides kept for the next questions (under a kilobyte each; all are dropped beyond it)
CAPACITY = 4_000


class TooLarge(Exception):
    """The exact value needs more new sides than the budget allows (or is not modelled)."""


class OneSided:
    """One-sided roll distributions of race sides, the bear-off database's beyond the home board.

    ``distributions(side)`` gives ``(total, first)``: the distributions of the rolls needed to
    bear off every checker and the first checker (``first`` is 0 rolls once a checker is off).
    """

    def __init__(
        self,
        database: bearoff.BearoffDatabase | None = None,
        budget: int = 400,
        capacity: int = 300_000,
        width: int = 0,
    ) -> None:
        self.database = database if database is not None else bearoff.load()
        self.budget = budget
        self.width = width
        self.capacity = capacity
        # The sides valued so far, each a row of the two tables below (allocated at the first
        # side and grown by doubling, so a cache that is emptied and filled again reuses them).
        self._known: dict[Side, int] = {}
        self._totals = np.zeros((0, MAX_ROLLS))
        self._firsts = np.zeros((0, MAX_ROLLS))
        self._means: list[tuple[float, float]] = []
        self._left = 0
        # Plain lookups of the database by home board: this is called for every play looked at.
        db = self.database
        self._row = {tuple(int(n) for n in home): i for i, home in enumerate(db.positions)}
        self._mean_total = (db.total @ _ROLLS).tolist()
        self._mean_first = (db.first @ _ROLLS).tolist()

    def __len__(self) -> int:
        return len(self._known)

    def distributions(
        self, side: Sequence[int], budget: int | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """``(total, first)`` of ``side`` (25 counts, its own numbering, index 24 the bar);
        raises ``TooLarge`` when more than ``budget`` new sides would be needed."""
        side = tuple(int(n) for n in side)
        if sum(side) == 15 and any(side[18:25]):
            raise TooLarge("a side that may still be backgammoned")
        self._left = self.budget if budget is None else budget
        if len(self._known) > self.capacity:
            self._known.clear()
            self._means.clear()
        total, first, _mt, _mf = self._solve(side)
        return total.copy(), first.copy()

    def _home(self, side: Side) -> tuple[np.ndarray, np.ndarray, float, float]:
        row = self._row[side[:6]]
        db = self.database
        return db.total[row], db.first[row], self._mean_total[row], self._mean_first[row]

    def _promising(self, sides: list[Side], full: bool) -> list[Side]:
        """The ``width`` sides with the fewest expected rolls by a quick estimate (the outside
        checkers as if on the 6-point, by the database, plus their pips beyond it / 8.17), and
        as many with the fewest expected rolls to the first checker off for a full side."""
        estimates = []
        for side in sides:
            outside = side[6:]
            beyond = sum(map(mul, outside, _BEYOND)) / 8.17
            row = self._row[(*side[:5], side[5] + sum(outside))]
            estimates.append((self._mean_total[row] + beyond, self._mean_first[row] + beyond))
        order = sorted(range(len(sides)), key=lambda i: estimates[i][0])
        chosen = set(order[: self.width])
        if full:
            order = sorted(range(len(sides)), key=lambda i: estimates[i][1])
            chosen.update(order[: self.width])
        return [sides[i] for i in sorted(chosen)]

    def _solve(self, side: Side) -> tuple[np.ndarray, np.ndarray, float, float]:
        row = self._known.get(side)
        if row is not None:
            mean_total, mean_first = self._means[row]
            return self._totals[row], self._firsts[row], mean_total, mean_first
        if not any(side[6:]):
            return self._home(side)
        if self._left <= 0:
            raise TooLarge("the race is too far from its end to be valued exactly")
        self._left -= 1
        full = sum(side) == 15
        position = Position(side, _EMPTY, validate=False)
        total = np.zeros(MAX_ROLLS)
        first = np.zeros(MAX_ROLLS)
        for dice, weight in ROLLS:
            # The results have the other (empty) side on roll: the mover's side is the second.
            sides = [result[1] for result in legal_results(position, dice)]
            if self.width and len(sides) > self.width:
                sides = self._promising(sides, full)
            options = [self._solve(s) for s in sides]
            best = min(options, key=lambda o: o[2])
            total[1:] += weight * best[0][:-1]
            if full:
                soonest = min(options, key=lambda o: o[3])
                first[1:] += weight * soonest[1][:-1]
        total /= 36.0
        first = first / 36.0 if full else _FIRST_OFF
        return self._keep(side, total, first)

    def _keep(
        self, side: Side, total: np.ndarray, first: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, float, float]:
        row = len(self._known)
        if row == len(self._totals):
            rows = max(2 * row, min(self.capacity + self.budget, 65_536))
            self._totals = np.concatenate([self._totals, np.zeros((rows - row, MAX_ROLLS))])
            self._firsts = np.concatenate([self._firsts, np.zeros((rows - row, MAX_ROLLS))])
        self._totals[row] = total
        self._firsts[row] = first
        means = (float(total @ _ROLLS), float(first @ _ROLLS))
        self._means.append(means)
        self._known[side] = row
        return self._totals[row], self._firsts[row], means[0], means[1]


def checkers_outside(boards: np.ndarray) -> np.ndarray:
    """``(N, 2)`` checkers of each side not yet in its home board (or borne off)."""
    return np.asarray(boards[:, :, 6:], dtype=np.int64).sum(axis=2)


def race_outputs(
    one_sided: OneSided, boards: np.ndarray, budget: int | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """The exact five outputs of the race boards ``(N, 2, 25)`` that can be valued within the
    budget (each side its own), and a mask of those; rows left out are zero."""
    boards = np.asarray(boards)
    n = len(boards)
    out = np.zeros((n, 5))
    done = np.zeros(n, dtype=bool)
    if not n:
        return out, done
    race = race_mask(boards)
    dists = np.zeros((n, 4, MAX_ROLLS))
    for i in np.flatnonzero(race):
        try:
            dists[i, 0], dists[i, 1] = one_sided.distributions(boards[i, 0], budget)
            dists[i, 2], dists[i, 3] = one_sided.distributions(boards[i, 1], budget)
        except TooLarge:
            continue
        done[i] = True
    if done.any():
        d = dists[done]
        full = boards[done].sum(axis=2) == 15
        out[done] = combine(
            d[:, 0], survival(d[:, 1]), survival(d[:, 2]), survival(d[:, 3]), full[:, 0], full[:, 1]
        )
    return out, done


class ExactRaces:
    """The exact chances of late races for the players, one cache shared by every thread.

    ``outputs(position)`` gives the five outputs (for the player on roll) of a race in which no
    side has more than ``max_outside`` checkers outside its home board and that ``OneSided``
    values within ``budget`` new sides (plays looked at: the ``width`` most promising of each
    roll); ``None`` for any other position, and for a race already entirely home (the bear-off
    database, which the evaluator uses, is exact there). The first question of a race costs up to
    about a second; the sides it values answer the rest of that race at once.
    """

    def __init__(
        self,
        database: bearoff.BearoffDatabase | None = None,
        max_outside: int = MAX_OUTSIDE,
        budget: int = BUDGET,
        width: int = 2,
        capacity: int = CAPACITY,
    ) -> None:
        self._database = database
        self.max_outside = max_outside
        self._settings = (budget, capacity, width)
        self._one_sided: OneSided | None = None
        self._lock = threading.Lock()

    def within_reach(self, position: Position) -> bool:
        """Whether ``position`` is a late race for ``outputs`` to try (budget aside)."""
        board = boards_from_positions([position])
        return bool(
            race_mask(board)[0]
            and not bearoff.BearoffDatabase.applies(board)[0]
            and checkers_outside(board).max() <= self.max_outside
            and not position.is_game_over()
        )

    def outputs(self, position: Position) -> np.ndarray | None:
        """The exact five outputs of a late race, or ``None`` (see the class doc)."""
        if not self.within_reach(position):
            return None
        with self._lock:
            if self._one_sided is None:
                budget, capacity, width = self._settings
                database = self._database if self._database is not None else bearoff.load()
                self._one_sided = OneSided(database, budget, capacity, width)
            out, done = race_outputs(self._one_sided, boards_from_positions([position]))
        return out[0] if done[0] else None


_default: ExactRaces | None = None
_default_lock = threading.Lock()


def default_exact_races() -> ExactRaces:
    """The one ``ExactRaces`` the players share (its cache is filled as races are met)."""
    global _default
    with _default_lock:
        if _default is None:
            _default = ExactRaces()
        return _default
