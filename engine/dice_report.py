"""Dice you can check: how a match's rolls compare with fair dice.

``dice_report(rolls)`` counts each of the 21 rolls against its expected count (1/36 for a
double, 2/36 otherwise), the doubles against one roll in six, each face of the dice against one
die in six, and makes a chi-square test of fairness whose ``finding`` ("fair", "unusual" or
"very unusual") the window puts in plain words. ``match_rolls(match, player, game)`` gives the
rolls of a match or of one game (the opening roll, one die each, is left out: it can never be a
double); ``match_chances`` the entering and hitting chances the dice gave; ``dealt_by_seed``
tells whether a match's dice are the ones its seed deals (so that a replay deals them again).
Standard library only: the chi-square tail comes from the regularised gamma function.

>>> report = dice_report([(3, 1), (6, 6), (5, 2), (4, 4), (2, 1), (6, 5)])
>>> report.rolls, report.doubles, round(report.doubles_expected, 2)
(6, 2, 1.0)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine import dice as dice_module
from engine.dice import DISTINCT_ROLLS, ROLLS, Roll, check_roll
from engine.match import GameState, Match
from engine.matchid import MatchIdFields

#: below this expected count per cell a chi-square test says little
MIN_EXPECTED = 5.0

#: what a test found: fair dice give a spread at least this uneven often, seldom, very seldom
FAIR, UNUSUAL, VERY_UNUSUAL = "fair", "unusual", "very unusual"


@dataclass(frozen=True)
class ChiSquare:
    """A chi-square goodness-of-fit test against fair dice."""

    statistic: float
    degrees_of_freedom: int
    p_value: float  # the chance of a spread at least this uneven from fair dice
    what: str  # "rolls" (the 21 rolls) or "faces" (the six faces of every die)

    @property
    def finding(self) -> str:
        """``FAIR``, ``UNUSUAL`` (p below 5%) or ``VERY_UNUSUAL`` (below 0.1%)."""
        if self.p_value < 0.001:
            return VERY_UNUSUAL
        if self.p_value < 0.05:
            return UNUSUAL
        return FAIR


@dataclass(frozen=True)
class DiceReport:
    """Counts of a sequence of rolls against fair dice, and the tests."""

    rolls: int
    counts: dict[Roll, int]  # each of the 21 rolls, higher die first
    expected: dict[Roll, float]
    doubles: int
    doubles_expected: float
    faces: tuple[int, int, int, int, int, int]  # how often each face 1-6 showed
    faces_expected: float
    rolls_test: ChiSquare | None  # None while too few rolls for a test over the 21 rolls
    faces_test: ChiSquare | None

    @property
    def test(self) -> ChiSquare | None:
        """The test to state: over the 21 rolls when there are enough, else over the faces."""
        return self.rolls_test or self.faces_test


def dice_report(rolls: Sequence[Sequence[int]]) -> DiceReport:
    """Counts and tests for ``rolls`` (pairs of dice in any order); raises ``ValueError``."""
    checked = [check_roll(r) for r in rolls]
    n = len(checked)
    counts = dict.fromkeys(DISTINCT_ROLLS, 0)
    faces = [0] * 6
    for high, low in checked:
        counts[(high, low)] += 1
        faces[high - 1] += 1
        faces[low - 1] += 1
    expected = {roll: n * (1 if roll[0] == roll[1] else 2) / 36 for roll in DISTINCT_ROLLS}
    doubles = sum(counts[(d, d)] for d in range(1, 7))
    faces_expected = 2 * n / 6
    rolls_test = None
    if n and min(expected.values()) >= MIN_EXPECTED:
        statistic = sum((counts[r] - expected[r]) ** 2 / expected[r] for r in DISTINCT_ROLLS)
        rolls_test = ChiSquare(statistic, 20, chi_square_tail(statistic, 20), "rolls")
    faces_test = None
    if n and faces_expected >= MIN_EXPECTED:
        statistic = sum((f - faces_expected) ** 2 / faces_expected for f in faces)
        faces_test = ChiSquare(statistic, 5, chi_square_tail(statistic, 5), "faces")
    return DiceReport(
        rolls=n,
        counts=counts,
        expected=expected,
        doubles=doubles,
        doubles_expected=n / 6,
        faces=(faces[0], faces[1], faces[2], faces[3], faces[4], faces[5]),
        faces_expected=faces_expected,
        rolls_test=rolls_test,
        faces_test=faces_test,
    )


def match_rolls(match: Match, player: int | None = None, game: int | None = None) -> list[Roll]:
    """Every roll of ``match`` in order (of ``player`` only, of ``game`` only (0 the first), if
    given), opening rolls left out; a roll being played counts already."""
    out: list[Roll] = []
    for number, played in enumerate(match.games):
        if game is not None and number != game:
            continue
        turns = [(who, dice) for who, dice, _play in played.turns]
        # the opening roll, or the dice written into a set-up position: not rolled as a turn's
        not_rolled = played.opening is not None or (number == 0 and dice_set_up(match))
        if not_rolled:
            turns = turns[1:]
        dice_now = played.dice if played.state is GameState.AWAITING_PLAY else None
        if dice_now is not None and (played.turns or not not_rolled):
            turns.append((played.player_on_roll, dice_now))
        out.extend(check_roll(dice) for who, dice in turns if player in (None, who))
    return out


def dice_set_up(match: Match) -> bool:
    """True when the first game of ``match`` began from a position set up with its dice to play
    (written into its Match ID, not rolled)."""
    if not match.began_from_setup or not match.games:
        return False
    return bool(MatchIdFields.decode(match.history[0]["match_id"]).dice[0])


def dealt_by_seed(match: Match) -> bool:
    """True when every die of ``match`` is the one its seed deals, in order (a match started
    here; not one set up from a position or read from a file with other dice)."""
    rng = random.Random(match.seed)
    for action in match.history:
        kind = action.get("type")
        if kind == "setup":
            return False
        if kind == "opening":
            if list(dice_module.opening_roll(rng).dice) != list(action["dice"]):
                return False
        elif kind == "roll" and list(dice_module.roll(rng)) != list(action["dice"]):
            return False
    return True


@dataclass(frozen=True)
class Chances:
    """How often the dice could do something, against how often fair dice would let them."""

    tries: int  # rolls where it mattered
    expected: float  # the sum of the chances of those rolls
    happened: int  # rolls that could do it


def match_chances(match: Match, player: int, game: int | None = None) -> dict[str, Chances]:
    """Entering from the bar and hitting a blot: the rolls of ``player`` that could, and the odds
    (in ``game`` only, 0 the first, if given).

    ``"entering"``: rolls with a checker on the bar, and how many of them let one in.
    ``"hitting"``: rolls with an opponent blot in reach of some roll, and how many could hit.
    What the player then chose does not count: this is about the dice.
    """
    from engine.moves import legal_results  # local: the report itself needs no rules
    from engine.shots import hitting_rolls

    replay = Match(
        match.length,
        cube=match.cube_enabled,
        crawford=match.crawford_enabled,
        players=match.players,
        seed=0,
    )
    counts = {"entering": [0, 0.0, 0], "hitting": [0, 0.0, 0]}
    for action in match.history:
        current = replay.game
        counted = game is None or len(replay.games) - 1 == game
        if (
            counted
            and action.get("type") == "roll"
            and current is not None
            and current.player_on_roll == player
        ):
            position = current.position
            roll = check_roll(action["dice"])
            if position.on_roll[24]:
                entering = [r for r, _w in ROLLS if legal_results(position, r)]
                _add(counts["entering"], entering, roll)
            hitting = hitting_rolls(position)
            if hitting:
                _add(counts["hitting"], hitting, roll)
        replay.apply(action)
    return {name: Chances(int(c[0]), float(c[1]), int(c[2])) for name, c in counts.items()}


def _add(count: list[float], good: list[Roll], roll: Roll) -> None:
    count[0] += 1
    count[1] += sum(1 if a == b else 2 for a, b in good) / 36
    count[2] += roll in good


def chi_square_tail(statistic: float, degrees_of_freedom: int) -> float:
    """P(X >= statistic) for a chi-square variable: the upper regularised gamma Q(k/2, x/2)."""
    if statistic <= 0:
        return 1.0
    return _gamma_q(degrees_of_freedom / 2.0, statistic / 2.0)


def _gamma_q(a: float, x: float) -> float:
    """Upper regularised incomplete gamma function (Numerical Recipes' series and fraction)."""
    if x < a + 1.0:
        # series for P(a, x)
        term = total = 1.0 / a
        k = a
        for _ in range(500):
            k += 1.0
            term *= x / k
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(-x + a * math.log(x) - math.lgamma(a)))
    # continued fraction for Q(a, x) (modified Lentz)
    tiny = 1e-300
    b = x + 1.0 - a
    c = 1.0 / tiny
    d = 1.0 / b
    h = d
    for i in range(1, 500):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return min(1.0, math.exp(-x + a * math.log(x) - math.lgamma(a)) * h)
