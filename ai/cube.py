"""Cube decisions from cubeless probabilities: Janowski's cubeful model, for money and matches.

Everything is seen from the player on roll before the roll: the one who may double. A cube
decision compares three cubeful values for that player, in equity normalised to the current cube
(EMG, as GNU Backgammon reports them; in a match, match winning chances are mapped so that
losing and winning the current cube value are -1 and +1):

* no double: the game goes on with the cube as it is;
* double, take: the opponent owns twice the cube;
* double, pass: the player wins the current cube value (always +1).

The cubeful value of a position is Janowski's interpolation ``x * live + (1 - x) * dead``:
*dead* is the cubeless value (each outcome weighted by its points, or its match equity), *live*
is the value with a perfectly efficient cube, piecewise linear in the winning chances between the
take and cash points. Those points come by recursion over the cube levels up to 64 (a take is
worth what owning the higher cube is worth), with the position's own gammon and backgammon ratios
and, in a match, the project's match equity table (``ai.met``). ``x``, the cube efficiency, is
about 2/3 in contact positions and depends on the pip count in races.

The same model values plays in money games with the cube (``move_value_fn``): a play is judged
by its cubeful equity with the cube where it is (centred, ours, the opponent's), as GNU
Backgammon plays; in matches plays are judged by match equity with a dead cube.

Rules enforced here, whatever the numbers say: no cube in the Crawford game or with the cube
switched off, only the owner or either player with a centred cube may double, never beyond 64,
and no pointless double when winning the current cube already wins the match.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

import numpy as np

from ai.met import MatchEquityTable, default_table
from engine.match import MAX_CUBE, cube_refusal

CENTRED = 0
MINE = 1  # owned by the player on roll
THEIRS = -1  # owned by the opponent

CONTACT_X = 0.68
BEAROFF_X = 0.60
RACE_X_MIN = 0.60
RACE_X_MAX = 0.70
RACE_X_BASE = 0.55
RACE_X_PER_PIP = 0.00125

_EPS = 1e-9


@dataclass(frozen=True)
class CubeState:
    """The cube and the score from the player on roll's point of view.

    ``match_length`` 0 is a money game (then ``away`` and ``opp_away`` are ignored). ``owner`` is
    ``CENTRED``, ``MINE`` or ``THEIRS``. ``crawford`` marks the Crawford game itself;
    ``crawford_rule`` False means the match is played without the Crawford rule. ``cube_enabled``
    False is a game or match with the cube switched off.
    """

    match_length: int = 0
    away: int = 0
    opp_away: int = 0
    cube: int = 1
    owner: int = CENTRED
    crawford: bool = False
    crawford_rule: bool = True
    cube_enabled: bool = True

    def __post_init__(self) -> None:
        if self.match_length < 0:
            raise ValueError("The match length cannot be negative.")
        if self.match_length and not (
            1 <= self.away <= self.match_length and 1 <= self.opp_away <= self.match_length
        ):
            raise ValueError(
                f"A score of {self.away} and {self.opp_away} away does not fit a "
                f"{self.match_length}-point match."
            )
        if self.cube < 1 or self.cube > MAX_CUBE or self.cube & (self.cube - 1):
            raise ValueError(f"The cube shows 1, 2, 4, ... 64, not {self.cube}.")
        if self.owner not in (CENTRED, MINE, THEIRS):
            raise ValueError("The cube owner is CENTRED, MINE or THEIRS.")
        if self.owner == CENTRED and self.cube != 1:
            raise ValueError("A centred cube shows 1.")

    @property
    def is_match(self) -> bool:
        return self.match_length > 0

    @property
    def post_crawford(self) -> bool:
        """A 1-away score after the Crawford game (or any 1-away score without the rule)."""
        return (
            self.is_match
            and not self.crawford
            and (self.away == 1 or self.opp_away == 1)
            and not (self.away == 1 and self.opp_away == 1)
        )

    def swapped(self) -> CubeState:
        """The same state seen from the opponent."""
        return replace(self, away=self.opp_away, opp_away=self.away, owner=-self.owner)

    def may_double(self) -> bool:
        """True when the rules let the player on roll double now and the double can matter."""
        refusal = cube_refusal(
            self.cube,
            opponent_owns=self.owner == THEIRS,
            cube_enabled=self.cube_enabled,
            crawford=self.crawford,
            points_to_win=self.away if self.is_match else 0,
        )
        return refusal is None


MONEY_STATE = CubeState()
CUBELESS_MONEY = CubeState(cube_enabled=False)


@dataclass(frozen=True)
class CubeDecision:
    """The three cubeful values (EMG, player on roll) and the resulting actions."""

    no_double: float
    double_take: float
    double_pass: float
    may_double: bool
    forced_double: bool = False
    notes: tuple[str, ...] = field(default=())

    @property
    def take(self) -> bool:
        """Should the opponent take a double? (True when taking costs the doubler.)"""
        return self.double_take <= self.double_pass

    @property
    def double(self) -> bool:
        """Should the player on roll double?"""
        if not self.may_double:
            return False
        if self.forced_double:
            return not self.too_good
        return min(self.double_take, self.double_pass) > self.no_double

    @property
    def too_good(self) -> bool:
        """Better to play on for more than the opponent's pass gives."""
        return self.no_double > self.double_pass and self.double_take > self.double_pass

    def verdict(self) -> str:
        """GNU Backgammon-style wording: "Double, take", "Too good to double, pass", ..."""
        answer = "take" if self.take else "pass"
        if not self.may_double:
            return f"No double possible, {answer}"
        if self.double:
            return f"Double, {answer}"
        if self.too_good:
            return f"Too good to double, {answer}"
        return f"No double, {answer}"


def cube_efficiency(position_features: tuple[bool, bool, int]) -> float:
    """Janowski's ``x`` for (is race, both sides home, pip count of the player on roll)."""
    is_race, all_home, pips = position_features
    if not is_race:
        return CONTACT_X
    if all_home:
        return BEAROFF_X
    return float(min(RACE_X_MAX, max(RACE_X_MIN, RACE_X_BASE + RACE_X_PER_PIP * pips)))


def position_features(position: object) -> tuple[bool, bool, int]:
    """(is race, both sides entirely in their home boards, pips of the player on roll)."""
    on_roll = position.on_roll  # type: ignore[attr-defined]
    opponent = position.opponent  # type: ignore[attr-defined]
    is_race = position.is_race()  # type: ignore[attr-defined]
    all_home = not any(on_roll[6:]) and not any(opponent[6:])
    pips = position.pip_count()[0]  # type: ignore[attr-defined]
    return is_race, all_home, pips


class _Scorer:
    """Utilities of finished games for the player on roll: money points or match equity."""

    def __init__(self, state: CubeState, met: MatchEquityTable) -> None:
        self.state = state
        self.met = met
        self.crawford_done = state.crawford or state.post_crawford or not state.crawford_rule
        self._memo: dict[int, float] = {}

    def utility(self, points: int) -> float:
        """Value of the game ending with ``points`` for the player on roll (negative: lost)."""
        value = self._memo.get(points)
        if value is None:
            value = self._utility(points)
            self._memo[points] = value
        return value

    def _utility(self, points: int) -> float:
        s = self.state
        if not s.is_match:
            return float(points)
        if points >= 0:
            return self.met.after_game(s.away - points, s.opp_away, self.crawford_done)
        return self.met.after_game(s.away, s.opp_away + points, self.crawford_done)


def points_value(
    state: CubeState, met: MatchEquityTable, points: int, normalise_to: int | None = None
) -> float:
    """EMG of the game ending now with ``points`` for the player of ``state`` (negative: lost),
    normalised to the cube ``normalise_to`` (default: the cube of ``state``), as
    ``cubeful_value_fn`` normalises: in a match, losing and winning that cube are -1 and +1."""
    norm = state.cube if normalise_to is None else normalise_to
    if not state.is_match:
        return points / norm
    scorer = _Scorer(state, met)
    lo, hi = scorer.utility(-norm), scorer.utility(norm)
    if hi - lo <= _EPS:
        return 0.0
    return 2.0 * (scorer.utility(points) - lo) / (hi - lo) - 1.0


def _ratios(probs: np.ndarray) -> tuple[float, float, float, float, float]:
    """(win, gammon share of wins, backgammon share, gammon share of losses, backgammon share)."""
    w, wg, wbg, lg, lbg = (float(v) for v in probs)
    w = min(1.0, max(0.0, w))
    if w > _EPS:
        g0, b0 = max(0.0, wg - wbg) / w, max(0.0, wbg) / w
    else:
        g0, b0 = 0.0, 0.0
    if w < 1.0 - _EPS:
        g1, b1 = max(0.0, lg - lbg) / (1 - w), max(0.0, lbg) / (1 - w)
    else:
        g1, b1 = 0.0, 0.0
    g0, b0 = min(g0, 1.0), min(b0, 1.0 - min(g0, 1.0))
    g1, b1 = min(g1, 1.0), min(b1, 1.0 - min(g1, 1.0))
    return w, g0, b0, g1, b1


class _Model:
    """Live and dead cube values of one position for every cube level and owner."""

    def __init__(self, probs: np.ndarray, state: CubeState, met: MatchEquityTable) -> None:
        self.state = state
        self.scorer = _Scorer(state, met)
        self.w, self.g0, self.b0, self.g1, self.b1 = _ratios(probs)
        self.cube_moves = state.cube_enabled and not state.crawford
        # cash points by (cube, whose); per instance, so nothing outlives the decision
        self._cash: dict[tuple[int, bool], float] = {}

    def u(self, points: int) -> float:
        return self.scorer.utility(points)

    def win_value(self, c: int) -> float:
        """Gammon-weighted value of winning at cube ``c`` (the position's own ratios)."""
        g0, b0 = self.g0, self.b0
        return (1 - g0 - b0) * self.u(c) + g0 * self.u(2 * c) + b0 * self.u(3 * c)

    def lose_value(self, c: int) -> float:
        g1, b1 = self.g1, self.b1
        return (1 - g1 - b1) * self.u(-c) + g1 * self.u(-2 * c) + b1 * self.u(-3 * c)

    def dead(self, c: int) -> float:
        w = self.w
        return w * self.win_value(c) + (1 - w) * self.lose_value(c)

    def my_cash_point(self, c: int) -> float:
        """My winning chances at which I double the opponent out of cube ``c`` (1.0: never)."""
        key = (c, True)
        if key not in self._cash:
            self._cash[key] = self._my_cash_point(c)
        return self._cash[key]

    def their_cash_point(self, c: int) -> float:
        """My winning chances at which the opponent doubles me out of cube ``c`` (0.0: never)."""
        key = (c, False)
        if key not in self._cash:
            self._cash[key] = self._their_cash_point(c)
        return self._cash[key]

    def _my_cash_point(self, c: int) -> float:
        if not self.cube_moves or 2 * c > MAX_CUBE:
            return 1.0
        w2, pass_value = self.win_value(2 * c), self.u(c)
        their_cash = self.their_cash_point(2 * c)  # in my chances
        # at their cash point I pass the redouble; if they never cash, the game is played out
        lose_big = self.u(-2 * c) if their_cash > 0.0 else self.lose_value(2 * c)
        if w2 - lose_big <= _EPS or w2 <= pass_value + _EPS:
            return 1.0
        frac = (pass_value - lose_big) / (w2 - lose_big)
        return min(1.0, max(0.0, their_cash + frac * (1.0 - their_cash)))

    def _their_cash_point(self, c: int) -> float:
        if not self.cube_moves or 2 * c > MAX_CUBE:
            return 0.0
        l2, pass_value = self.lose_value(2 * c), self.u(-c)
        my_cash = self.my_cash_point(2 * c)
        win_big = self.u(2 * c) if my_cash < 1.0 else self.win_value(2 * c)
        if win_big - l2 <= _EPS or l2 >= pass_value - _EPS:
            return 0.0
        frac = (win_big - pass_value) / (win_big - l2)
        return min(1.0, max(0.0, my_cash - frac * my_cash))

    def live(self, c: int, owner: int) -> float:
        """Value with a fully live cube ``c`` held by ``owner``."""
        p = self.w
        lo_end, hi_end = self.lose_value(c), self.win_value(c)
        cash = self.my_cash_point(c) if owner in (CENTRED, MINE) else 1.0
        drop = self.their_cash_point(c) if owner in (CENTRED, THEIRS) else 0.0
        if cash <= drop:  # both cash at once: the better-placed side does
            return self.u(c) if p >= 0.5 else self.u(-c)
        if p >= cash:
            if cash >= 1.0:
                return hi_end
            return self.u(c) + (hi_end - self.u(c)) * (p - cash) / (1.0 - cash)
        if p <= drop:
            if drop <= 0.0:
                return lo_end
            return lo_end + (self.u(-c) - lo_end) * p / drop
        left = self.u(-c) if drop > 0.0 else lo_end
        right = self.u(c) if cash < 1.0 else hi_end
        return left + (right - left) * (p - drop) / (cash - drop)

    def cubeful(self, c: int, owner: int, x: float) -> float:
        if not self.cube_moves:
            return self.dead(c)
        return x * self.live(c, owner) + (1.0 - x) * self.dead(c)

    def to_emg(self, value: float, c: int) -> float:
        """Normalise to the current cube: -1 loses it, +1 wins it."""
        if not self.state.is_match:
            return value / c
        lo, hi = self.u(-c), self.u(c)
        if hi - lo <= _EPS:
            return 0.0
        return 2.0 * (value - lo) / (hi - lo) - 1.0


def decide(
    probs: np.ndarray,
    state: CubeState,
    x: float = CONTACT_X,
    met: MatchEquityTable | None = None,
) -> CubeDecision:
    """The cube decision for the player on roll with cubeless outputs ``probs`` (5 values).

    Raises ``ValueError`` for outputs that are not five numbers.
    """
    p = np.asarray(probs, dtype=np.float64).reshape(-1)
    if p.shape != (5,) or not np.all(np.isfinite(p)):
        raise ValueError("A cube decision needs the five outputs of one position.")
    if met is None:
        met = default_table(state.crawford_rule)
    model = _Model(p, state, met)
    c = state.cube
    owner = state.owner
    nd = model.to_emg(model.cubeful(c, owner, x), c)
    notes: list[str] = []
    may = state.may_double()
    if c * 2 <= MAX_CUBE and state.cube_enabled and not state.crawford:
        dt = model.to_emg(model.cubeful(2 * c, THEIRS, x), c)
    else:
        dt = nd
    dp = 1.0
    forced = False
    if state.crawford:
        notes.append("Crawford game: no cube")
    elif state.post_crawford and may and state.owner == CENTRED and state.opp_away == 1:
        # Post-Crawford the trailer's cube costs nothing: double at once (unless too good).
        forced = True
        notes.append("post-Crawford: the trailer doubles at once")
    return CubeDecision(nd, dt, dp, may, forced, tuple(notes))


def money_cubeful(
    probs: np.ndarray, cube: int, owner: int, x: float | np.ndarray = CONTACT_X
) -> np.ndarray:
    """Money cubeful equity per cube, vectorised: ``(N, 5)`` outputs -> ``(N,)`` values
    (``x``: the cube efficiency, one for all or one per position).

    The same Janowski model as ``decide`` (its no-double value, owner and outputs from one
    player's view), in closed form for money: with points linear in the cube, each level's cash
    points follow from the next level's in a few array operations, from the cap down to
    ``cube``. Values are in units of ``cube`` (cubeless equity when ``x`` is 0).
    """
    q = np.asarray(probs, dtype=np.float64)
    if q.shape[-1] != 5:
        raise ValueError("Cubeful values need the five outputs of each position.")
    if cube < 1 or cube > MAX_CUBE or cube & (cube - 1) or owner not in (CENTRED, MINE, THEIRS):
        raise ValueError(f"No cube {cube!r} owned by {owner!r}.")
    w = np.clip(q[..., 0], 0.0, 1.0)
    wg, wbg, lg, lbg = (np.maximum(q[..., i], 0.0) for i in (1, 2, 3, 4))
    # the same ratios as _ratios: gammon and backgammon shares of wins and of losses
    won, lost = w > _EPS, w < 1.0 - _EPS
    g0 = np.where(won, np.maximum(wg - wbg, 0.0) / np.where(won, w, 1.0), 0.0)
    b0 = np.where(won, wbg / np.where(won, w, 1.0), 0.0)
    g1 = np.where(lost, np.maximum(lg - lbg, 0.0) / np.where(lost, 1.0 - w, 1.0), 0.0)
    b1 = np.where(lost, lbg / np.where(lost, 1.0 - w, 1.0), 0.0)
    g0 = np.minimum(g0, 1.0)
    b0 = np.minimum(b0, 1.0 - g0)
    g1 = np.minimum(g1, 1.0)
    b1 = np.minimum(b1, 1.0 - g1)
    big_win = 1.0 + g0 + 2.0 * b0  # average points of a win, per cube
    big_loss = 1.0 + g1 + 2.0 * b1
    dead = w * big_win - (1.0 - w) * big_loss
    # cash points at the cap (nobody may double), then level by level down to ``cube``
    mine_cash, their_cash = np.ones_like(w), np.zeros_like(w)
    level = MAX_CUBE
    while level > cube:
        level //= 2
        # my cash point at ``level``: the opponent owns 2 * level and cashes at their_cash
        lose_big = np.where(their_cash > 0.0, 1.0, big_loss)  # per 2 * level
        new_mine = their_cash + (1.0 + 2.0 * lose_big) / (2.0 * big_win + 2.0 * lose_big) * (
            1.0 - their_cash
        )
        win_big = np.where(mine_cash < 1.0, 1.0, big_win)
        new_theirs = mine_cash * (1.0 - (2.0 * win_big + 1.0) / (2.0 * win_big + 2.0 * big_loss))
        mine_cash = np.clip(new_mine, 0.0, 1.0)
        their_cash = np.clip(new_theirs, 0.0, 1.0)
    cash = mine_cash if owner in (CENTRED, MINE) else np.ones_like(w)
    drop = their_cash if owner in (CENTRED, THEIRS) else np.zeros_like(w)
    left = np.where(drop > 0.0, -1.0, -big_loss)
    right = np.where(cash < 1.0, 1.0, big_win)
    span = np.where(cash - drop > _EPS, cash - drop, 1.0)
    live = left + (right - left) * (w - drop) / span
    above = np.where(
        cash >= 1.0, big_win, 1.0 + (big_win - 1.0) * (w - cash) / np.maximum(1.0 - cash, _EPS)
    )
    below = np.where(
        drop <= 0.0, -big_loss, -big_loss + (big_loss - 1.0) * w / np.maximum(drop, _EPS)
    )
    live = np.where(w >= cash, above, np.where(w <= drop, below, live))
    live = np.where(cash <= drop, np.where(w >= 0.5, 1.0, -1.0), live)
    return x * live + (1.0 - x) * dead


def move_value_fn(
    state: CubeState, met: MatchEquityTable | None = None
) -> Callable[[np.ndarray], np.ndarray]:
    """A vectorised value for move choice at this score and cube: ``(N, 5) -> (N,)``.

    Money games with the cube in play use the cubeful equity per cube (``money_cubeful``, the
    cube owner as seen by the player whose outputs these are: the player choosing the move),
    so a play weighs what the cube makes of its chances: the opponent's redouble when we own
    the cube, our cash when the cube is centred. Without the cube: cubeless equity in points. In
    a match the value is the match equity (dead cube at the current cube value), so gammons
    count as much as the score makes them count.
    """
    if not state.is_match:
        if state.cube_enabled:
            cube, owner = state.cube, state.owner

            def cubeful(probs: np.ndarray) -> np.ndarray:
                return money_cubeful(probs, cube, owner)

            return cubeful

        def money(probs: np.ndarray) -> np.ndarray:
            q = np.asarray(probs, dtype=np.float64)
            return 2.0 * q[..., 0] - 1.0 + q[..., 1] - q[..., 3] + q[..., 2] - q[..., 4]

        return money
    if met is None:
        met = default_table(state.crawford_rule)
    scorer = _Scorer(state, met)
    c = state.cube
    u = [scorer.utility(k * c) for k in (1, 2, 3)]
    v = [scorer.utility(-k * c) for k in (1, 2, 3)]
    lo, hi = v[0], u[0]
    span = hi - lo if hi - lo > _EPS else 1.0

    def match_value(probs: np.ndarray) -> np.ndarray:
        q = np.asarray(probs, dtype=np.float64)
        w, wg, wbg, lg, lbg = (q[..., i] for i in range(5))
        mwc = (
            (w - wg) * u[0]
            + (wg - wbg) * u[1]
            + wbg * u[2]
            + (1 - w - lg) * v[0]
            + (lg - lbg) * v[1]
            + lbg * v[2]
        )
        return 2.0 * (mwc - lo) / span - 1.0

    return match_value


def cubeful_value_fn(
    state: CubeState,
    met: MatchEquityTable | None = None,
    x: float = CONTACT_X,
    normalise_to: int | None = None,
) -> Callable[[np.ndarray], np.ndarray]:
    """Cubeful equity in EMG, vectorised, for judging plays: ``(N, 5) -> (N,)``.

    The no-double value of ``decide`` (Janowski's model, the cube where ``state`` has it, as
    seen by the player whose outputs these are) for every row at once, in matches as in money
    games: a play is judged by what the live cube makes of its chances, as GNU Backgammon's
    analysis judges it. Without a live cube (switched off, the Crawford game) it is the
    cubeless value (``move_value_fn``). Values are normalised to the cube ``normalise_to``
    (default: the cube of ``state``), so that values with a doubled cube compare with values
    before the double.
    """
    norm = state.cube if normalise_to is None else normalise_to
    if not state.is_match:
        if not state.cube_enabled:
            return move_value_fn(state, met)
        cube, owner = state.cube, state.owner

        def money(probs: np.ndarray) -> np.ndarray:
            return money_cubeful(probs, cube, owner, x) * (cube / norm)

        return money
    if not state.cube_enabled or state.crawford:
        return move_value_fn(state, met)
    if met is None:
        met = default_table(state.crawford_rule)
    scorer = _Scorer(state, met)
    c, owner = state.cube, state.owner

    def u(points: int) -> float:
        return scorer.utility(points)

    def cubeful(probs: np.ndarray) -> np.ndarray:
        q = np.asarray(probs, dtype=np.float64)
        if q.shape[-1] != 5:
            raise ValueError("Cubeful values need the five outputs of each position.")
        w, g0, b0, g1, b1 = _array_ratios(q)

        def win_value(k: int) -> np.ndarray:
            return (1 - g0 - b0) * u(k) + g0 * u(2 * k) + b0 * u(3 * k)

        def lose_value(k: int) -> np.ndarray:
            return (1 - g1 - b1) * u(-k) + g1 * u(-2 * k) + b1 * u(-3 * k)

        # cash points level by level, from the cap (nobody may double) down to the cube
        mine, theirs = np.ones_like(w), np.zeros_like(w)
        level = MAX_CUBE
        while level > c:
            level //= 2
            w2, l2 = win_value(2 * level), lose_value(2 * level)
            # my cash point at ``level``: the opponent then owns 2 * level, cashes at ``theirs``
            lose_big = np.where(theirs > 0.0, u(-2 * level), l2)
            pass_mine = u(level)
            ok = (w2 - lose_big > _EPS) & (w2 > pass_mine + _EPS)
            frac = (pass_mine - lose_big) / np.where(ok, w2 - lose_big, 1.0)
            new_mine = np.where(ok, np.clip(theirs + frac * (1.0 - theirs), 0.0, 1.0), 1.0)
            win_big = np.where(mine < 1.0, u(2 * level), w2)
            pass_theirs = u(-level)
            ok = (win_big - l2 > _EPS) & (l2 < pass_theirs - _EPS)
            frac = (win_big - pass_theirs) / np.where(ok, win_big - l2, 1.0)
            new_theirs = np.where(ok, np.clip(mine - frac * mine, 0.0, 1.0), 0.0)
            mine, theirs = new_mine, new_theirs
        hi_end, lo_end = win_value(c), lose_value(c)
        dead = w * hi_end + (1 - w) * lo_end
        cash = mine if owner in (CENTRED, MINE) else np.ones_like(w)
        drop = theirs if owner in (CENTRED, THEIRS) else np.zeros_like(w)
        above = np.where(
            cash >= 1.0,
            hi_end,
            u(c) + (hi_end - u(c)) * (w - cash) / np.maximum(1.0 - cash, _EPS),
        )
        below = np.where(
            drop <= 0.0, lo_end, lo_end + (u(-c) - lo_end) * w / np.maximum(drop, _EPS)
        )
        left = np.where(drop > 0.0, u(-c), lo_end)
        right = np.where(cash < 1.0, u(c), hi_end)
        middle = left + (right - left) * (w - drop) / np.where(cash - drop > _EPS, cash - drop, 1.0)
        live = np.where(w >= cash, above, np.where(w <= drop, below, middle))
        live = np.where(cash <= drop, np.where(w >= 0.5, u(c), u(-c)), live)
        value = x * live + (1.0 - x) * dead
        lo, hi = u(-norm), u(norm)
        if hi - lo <= _EPS:
            return np.zeros_like(w)
        return 2.0 * (value - lo) / (hi - lo) - 1.0

    return cubeful


def _array_ratios(q: np.ndarray) -> tuple[np.ndarray, ...]:
    """``_ratios`` for every row: win, gammon and backgammon shares of wins and of losses."""
    w = np.clip(q[..., 0], 0.0, 1.0)
    wg, wbg, lg, lbg = (q[..., i] for i in (1, 2, 3, 4))
    won, lost = w > _EPS, w < 1.0 - _EPS
    g0 = np.where(won, np.maximum(wg - wbg, 0.0) / np.where(won, w, 1.0), 0.0)
    b0 = np.where(won, np.maximum(wbg, 0.0) / np.where(won, w, 1.0), 0.0)
    g1 = np.where(lost, np.maximum(lg - lbg, 0.0) / np.where(lost, 1.0 - w, 1.0), 0.0)
    b1 = np.where(lost, np.maximum(lbg, 0.0) / np.where(lost, 1.0 - w, 1.0), 0.0)
    g0 = np.minimum(g0, 1.0)
    b0 = np.minimum(b0, 1.0 - g0)
    g1 = np.minimum(g1, 1.0)
    b1 = np.minimum(b1, 1.0 - g1)
    return w, g0, b0, g1, b1


def state_from_match_id(
    fields: object, player: int, *, crawford_rule: bool = True, cube_enabled: bool = True
) -> CubeState:
    """The ``CubeState`` of decoded Match ID fields (``engine.matchid``) seen from ``player``.

    Raises ``ValueError`` when the score does not fit the match (the match is over).
    """
    length = int(fields.match_length)  # type: ignore[attr-defined]
    score = fields.score  # type: ignore[attr-defined]
    owner_abs = int(fields.cube_owner)  # type: ignore[attr-defined]
    owner = CENTRED if owner_abs < 0 else (MINE if owner_abs == player else THEIRS)
    cube = int(fields.cube)  # type: ignore[attr-defined]
    if cube > MAX_CUBE:
        raise ValueError(f"The cube cannot go beyond {MAX_CUBE}.")
    if owner == CENTRED and cube != 1:
        raise ValueError("A centred cube shows 1.")
    if not length:
        return CubeState(cube=cube, owner=owner, cube_enabled=cube_enabled)
    away, opp_away = length - int(score[player]), length - int(score[1 - player])
    if away < 1 or opp_away < 1:
        raise ValueError(f"The score {score[0]}-{score[1]} ends a {length}-point match.")
    return CubeState(
        match_length=length,
        away=away,
        opp_away=opp_away,
        cube=cube,
        owner=owner,
        crawford=bool(fields.crawford) and crawford_rule,  # type: ignore[attr-defined]
        crawford_rule=crawford_rule,
        cube_enabled=cube_enabled,  # a match may be played without the cube too
    )
