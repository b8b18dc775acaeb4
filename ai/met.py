"""Match equity tables computed by the project: a Zadeh-style cube model with gammons.

A match equity is the probability of winning the match for the player who needs ``away`` more
points against an opponent who needs ``opp_away``, at the start of a game with the cube centred.

Method (after N. Zadeh, "On doubling in tournament backgammon", Management Science 1977, with a
fixed gammon rate as in the later Kazaross and Jacobs tables):

* Post-Crawford, the trailer doubles at once, so every game is played for two points; a game is
  won by either side with probability 1/2, and a fraction ``gammon_rate`` of the wins are
  gammons. The leader's free drop at even scores is worth ``FREE_DROP`` to the leader at
  1-away/2-away (the value found by rollouts of real play), which carries through the recursion.
* The Crawford game has no cube: single wins and gammons at ``gammon_rate``.
* Other scores: the game's winning chances follow a continuous process (no jumps), the cube is
  fully live, and each side doubles at the other side's take point. The take points follow by
  recursion over the cube levels: a take at cube ``2c`` is worth what owning that cube is worth,
  which depends on the taker's own redouble to ``4c``. Each win is worth the gammon-weighted
  result at the cube level where the game ends.

With the Crawford rule switched off the 1-away scores are played like post-Crawford scores for
the whole match, which is what the ``crawford=False`` table gives.
"""

from __future__ import annotations

from functools import cache, lru_cache

from engine.match import MAX_CUBE

MAX_AWAY = 64
GAMMON_RATE = 0.25
FREE_DROP = 0.015


class MatchEquityTable:
    """Match winning chances at every score; ``away`` counts are points still needed (>= 1).

    >>> met = MatchEquityTable()
    >>> met.pre(2, 2), round(met.crawford(1, 2), 3)
    (0.5, 0.688)
    >>> 0.55 < met.pre(2, 3) < 0.65
    True
    """

    def __init__(
        self,
        gammon_rate: float = GAMMON_RATE,
        free_drop: float = FREE_DROP,
        crawford: bool = True,
    ) -> None:
        if not 0.0 <= gammon_rate < 1.0:
            raise ValueError("The gammon rate must be in [0, 1).")
        self.gammon_rate = gammon_rate
        self.free_drop = free_drop
        self.crawford_rule = crawford
        self._post = self._post_crawford_table()
        self._pre: dict[tuple[int, int], float] = {}

    # -- the three kinds of score -------------------------------------------------------------
    def post(self, away: int, opp_away: int) -> float:
        """Post-Crawford (one side 1-away, cube live for the trailer)."""
        if away <= 0:
            return 1.0
        if opp_away <= 0:
            return 0.0
        if away == 1 and opp_away == 1:
            return 0.5
        if away == 1:
            return 1.0 - self._post[min(opp_away, MAX_AWAY)]
        if opp_away == 1:
            return self._post[min(away, MAX_AWAY)]
        return self.pre(away, opp_away)

    def crawford(self, away: int, opp_away: int) -> float:
        """The Crawford game (one side 1-away, no cube)."""
        if away <= 0:
            return 1.0
        if opp_away <= 0:
            return 0.0
        if away != 1 and opp_away != 1:
            return self.pre(away, opp_away)
        if away == 1 and opp_away == 1:
            return 0.5
        if opp_away == 1:
            return 1.0 - self.crawford(opp_away, away)
        g = self.gammon_rate
        # I am the leader (1-away): any win ends the match
        lose = (1 - g) * self.post(1, opp_away - 1) + g * self.post(1, opp_away - 2)
        return 0.5 + 0.5 * lose

    def pre(self, away: int, opp_away: int) -> float:
        """Start of a game before the Crawford game (both need 2 or more, or no Crawford rule)."""
        if away <= 0:
            return 1.0
        if opp_away <= 0:
            return 0.0
        if away == 1 or opp_away == 1:
            if self.crawford_rule:
                return self.crawford(away, opp_away)
            return self.post(away, opp_away)
        away = min(away, MAX_AWAY)
        opp_away = min(opp_away, MAX_AWAY)
        key = (away, opp_away)
        value = self._pre.get(key)
        if value is None:
            value = self._compute_pre(away, opp_away)
            self._pre[key] = value
        return value

    def after_game(self, away: int, opp_away: int, crawford_done: bool) -> float:
        """Match equity once a game has ended at this score.

        ``crawford_done`` is true when the game just played was the Crawford game or later (or
        the Crawford rule is off): a 1-away score is then post-Crawford, else it starts the
        Crawford game.
        """
        if away <= 0:
            return 1.0
        if opp_away <= 0:
            return 0.0
        if away == 1 or opp_away == 1:
            if crawford_done or not self.crawford_rule:
                return self.post(away, opp_away)
            return self.crawford(away, opp_away)
        return self.pre(away, opp_away)

    # -- computation ----------------------------------------------------------------------------
    def _post_crawford_table(self) -> list[float]:
        """Trailer's chances against a 1-away leader, by the trailer's away count."""
        g = self.gammon_rate
        table = [1.0] * (MAX_AWAY + 1)
        table[1] = 0.5

        def value(n: int) -> float:
            return 1.0 if n <= 0 else table[n]

        for n in range(2, MAX_AWAY + 1):
            table[n] = 0.5 * ((1 - g) * value(n - 2) + g * value(n - 4))
            if n == 2:
                table[n] -= self.free_drop
        return table

    def _compute_pre(self, away: int, opp_away: int) -> float:
        g = self.gammon_rate

        def result(a: int, b: int) -> float:
            return self.after_game(a, b, crawford_done=False)

        def win(c: int) -> float:
            return (1 - g) * result(away - c, opp_away) + g * result(away - 2 * c, opp_away)

        def lose(c: int) -> float:
            return (1 - g) * result(away, opp_away - c) + g * result(away, opp_away - 2 * c)

        @cache
        def cash_point(c: int, me: bool) -> float:
            """Winning chances (of the doubler) where the doubler at cube ``c`` cashes.

            ``me`` tells who doubles. A cube that cannot go higher, or a double that gains
            nothing, gives 1.0 (never doubles out).
            """
            if 2 * c > MAX_CUBE:
                return 1.0
            # the taker owns 2c; its value, in the doubler's chances p, is linear from the
            # taker's cash point (the doubler passes at 4c... loses 2c) up to p = 1 (taker loses 2c)
            if me:
                w2, l2, w1 = win(2 * c), lose(2 * c), win(c)
                if w2 <= w1 + 1e-12:
                    return 1.0
                their_cash = 1.0 - cash_point(2 * c, not me)  # in my chances
                # my value when they own 2c: l2 at p = their_cash, w2 at p = 1
                frac = (w1 - l2) / (w2 - l2)
                return their_cash + frac * (1.0 - their_cash)
            # the opponent doubles: mirror, in the opponent's chances
            w2, l2, w1 = 1 - lose(2 * c), 1 - win(2 * c), 1 - lose(c)
            if w2 <= w1 + 1e-12:
                return 1.0
            my_cash = 1.0 - cash_point(2 * c, True)  # in their chances
            frac = (w1 - l2) / (w2 - l2)
            return my_cash + frac * (1.0 - my_cash)

        my_cash = cash_point(1, True)  # my chances where I double them out
        their_cash = 1.0 - cash_point(1, False)  # my chances where they double me out
        lo, hi = lose(1), win(1)
        p = 0.5
        if my_cash <= their_cash:  # degenerate: both would double at once
            return lo + p * (hi - lo)
        if p <= their_cash:
            return lo
        if p >= my_cash:
            return hi
        return lo + (p - their_cash) / (my_cash - their_cash) * (hi - lo)


@lru_cache(maxsize=4)
def default_table(crawford: bool = True) -> MatchEquityTable:
    """The table the program uses (gammon rate 0.25), cached."""
    return MatchEquityTable(crawford=crawford)
