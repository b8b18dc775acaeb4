"""The computer player the app uses: a play or a cube action for one level, cancellable.

``ComputerPlayer(level)`` answers the three questions of a turn, each from the point of view of
the player to act:

* ``choose_play(position, dice, state)``: the play to make (``None`` when no play is legal);
* ``should_double(position, state)``: double now, before rolling?
* ``should_take(position, state)``: take the double just offered? Here ``position`` and ``state``
  are seen from the DOUBLER (the player on roll), as in a GNU Backgammon Match ID with a double
  pending.

Every call accepts ``cancel`` (a ``threading.Event`` or a callable); the search checks it between
batches and raises ``ai.search.Cancelled``, so an app can drop a stale request at once. The
evaluator is thread-safe for reads, so one player may serve a worker thread.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence

import numpy as np

from ai.cube import (
    CUBELESS_MONEY,
    CubeDecision,
    CubeState,
    cube_efficiency,
    decide,
    move_value_fn,
)
from ai.cube import position_features as cube_features
from ai.cubeful import lookahead_decision
from ai.encoding import backgame_mask, boards_from_positions, crashed_mask, race_mask, trap_mask
from ai.evaluator import Evaluator, NetEvaluator, load_default_evaluator
from ai.levels import CUBE_NEVER, STRAGGLER_ROLLOUTS, TRAP_ROLLOUTS, Level, get_level
from ai.met import MatchEquityTable, default_table
from ai.race import ExactRaces, default_exact_races
from ai.rollout import RolloutSettings, rollout
from ai.search import (
    CancelToken,
    RankedPlay,
    check_cancel,
    limit_blas_threads,
    position_outputs,
    rank_results,
)
from engine.moves import Play, legal_plays
from engine.position import Position


def unsure(position: Position) -> bool:
    """Whether ``position`` is crashed or a back game (``ai.encoding.crashed_mask``,
    ``backgame_mask``): where the networks misjudge most, so that a wider search pays."""
    boards = boards_from_positions([position])
    race = race_mask(boards)
    return bool((crashed_mask(boards, race) | backgame_mask(boards, race))[0])


def timing_battle(position: Position) -> bool:
    """Whether ``position`` is a timing battle around a full prime (``ai.encoding.trap_mask``),
    which the networks misread, so that the cube is judged on played-out games."""
    return bool(trap_mask(boards_from_positions([position]))[0])


def straggler(position: Position) -> bool:
    """Whether the player on roll bears off with a straggler: eight or more of its checkers
    off and one still outside its home board, in contact with an opponent who has borne off
    none. The networks give that player about a tenth too much to win (its last checker still
    has to come home past the opponent's full board), enough to pass doubles that GNU
    Backgammon takes, so the levels answer such a double on games played out (``ai/README.md``,
    "Stragglers")."""
    mine, theirs = position.borne_off()
    return mine >= 8 and theirs == 0 and sum(position.on_roll[6:]) > 0 and not position.is_race()


def played_out_chances(
    evaluator: NetEvaluator,
    position: Position,
    games: int = TRAP_ROLLOUTS,
    seed: int = 0,
    cancel: CancelToken = None,
) -> np.ndarray:
    """The cubeless chances (five outputs, player on roll) of ``games`` games played out from
    ``position`` at 0-ply (``ai.rollout``, in this thread, without the luck adjustment); the dice
    are fixed by the position and ``seed``, so the answer repeats. Raises ``Cancelled``."""
    settings = RolloutSettings(
        games=games,
        seed=zlib.crc32(f"{position.position_id()}|{seed}".encode()),
        variance_reduction=False,
    )
    result = rollout(
        position,
        settings,
        workers=1,
        evaluator=evaluator,
        progress=lambda _done, _total, _so_far: check_cancel(cancel),
    )
    return np.asarray(result.outputs, dtype=np.float64)


def cube_chances(
    evaluator: Evaluator,
    races: ExactRaces,
    position: Position,
    games: int = TRAP_ROLLOUTS,
    seed: int = 0,
    cancel: CancelToken = None,
) -> np.ndarray | None:
    """The chances of the player on roll that a cube decision rests on when they are not the
    networks' (``None`` otherwise): exact in a late race; in a timing battle, with ``games`` and
    the networks as evaluator (rollouts play with them), those of that many games played out
    (``played_out_chances``). The levels and the match analysis judge the cube on them."""
    exact = races.outputs(position)
    if exact is not None:
        return exact
    if games and isinstance(evaluator, NetEvaluator) and timing_battle(position):
        return played_out_chances(evaluator, position, games, seed, cancel)
    return None


def answer_chances(
    evaluator: Evaluator,
    position: Position,
    games: int = STRAGGLER_ROLLOUTS,
    seed: int = 0,
    cancel: CancelToken = None,
) -> np.ndarray | None:
    """The chances of the doubler (on roll) that the answer to its double rests on when they
    are not those of ``cube_chances`` (``None`` otherwise): where it bears off with a straggler
    (``straggler``), with ``games`` and the networks as evaluator, those of that many games
    played out. The levels and the match analysis judge such an answer on them."""
    if games and isinstance(evaluator, NetEvaluator) and straggler(position):
        return played_out_chances(evaluator, position, games, seed, cancel)
    return None


def checked_double(
    decision: CubeDecision,
    position: Position,
    state: CubeState,
    met: MatchEquityTable,
    chances: np.ndarray | None,
) -> CubeDecision:
    """A double of ``decision`` (before a roll) checked on ``chances`` of games played out where
    the networks misjudge the doubler (``answer_chances``: bearing off with a straggler, they
    give it too much to win): kept when Janowski's model on those chances doubles too, else
    that model's decision (no double). Without such chances, or without a double, ``decision``.
    The levels and the match analysis check a double so alike (``ai/README.md``, "A fresh
    cube set, and the stragglers' doubles")."""
    if chances is None or not decision.double:
        return decision
    x = cube_efficiency(cube_features(position))
    checked = decide(chances, state, x=x, met=met)
    return decision if checked.double else checked


class ComputerPlayer:
    """One computer level; see the module doc.

    >>> player = ComputerPlayer("expert")
    >>> str(player.choose_play(Position.start(), (3, 1)))
    '8/5 6/5'
    """

    def __init__(
        self,
        level: str | Level = "expert",
        evaluator: Evaluator | None = None,
        seed: int = 0,
        crawford_rule: bool = True,
        races: ExactRaces | None = None,
    ) -> None:
        self.level = get_level(level)
        self.evaluator = evaluator if evaluator is not None else load_default_evaluator()
        self.races = races if races is not None else default_exact_races()
        self.seed = int(seed)
        self.met: MatchEquityTable = default_table(crawford_rule)
        # the last positions' chances from ``known_chances`` (a double and its answer ask twice),
        # by position and whether they were for an answer to a double
        self._known: dict[tuple[Position, bool], np.ndarray] = {}
        limit_blas_threads(1)

    # -- randomness -----------------------------------------------------------------------------
    def _rng(self, position: Position, salt: str) -> np.random.Generator:
        """A generator fixed by the position, the salt (dice, decision) and the seed."""
        key = f"{position.position_id()}|{salt}|{self.seed}|{self.level.name}".encode()
        return np.random.default_rng(zlib.crc32(key))

    # -- plays ----------------------------------------------------------------------------------
    def rank(
        self,
        position: Position,
        dice: Sequence[int],
        state: CubeState | None = None,
        cancel: CancelToken = None,
    ) -> list[RankedPlay]:
        """Every legal result ranked by this level's search (no noise), best first."""
        plays = legal_plays(position, dice)
        results = [p.result for p in plays if p.result is not None]
        level = self.level
        # no state: nothing is known about a cube, so the play is chosen cubeless
        value_fn = move_value_fn(state or CUBELESS_MONEY, self.met)
        deep = (level.deep_candidates, level.deep_margin, level.deep_budget)
        if level.unsure_candidates and len(results) > 1 and unsure(position):
            deep = (level.unsure_candidates, level.unsure_margin, level.unsure_budget)
        return rank_results(
            self.evaluator,
            results,
            depth=level.depth,
            candidates=level.candidates,
            threshold=level.threshold,
            value_fn=value_fn,
            cancel=cancel,
            deep_candidates=deep[0],
            deep_margin=deep[1],
            deep_budget=deep[2] or None,
        )

    def choose_result(
        self,
        position: Position,
        dice: Sequence[int],
        state: CubeState | None = None,
        cancel: CancelToken = None,
    ) -> Position | None:
        """The position after the chosen play (opponent on roll); ``None`` if no play is legal."""
        ranked = self.rank(position, dice, state, cancel)
        if not ranked:
            return None
        level = self.level
        if level.noise <= 0.0 or len(ranked) == 1:
            return ranked[0].result
        best0 = max(r.value0 for r in ranked)
        pool = (
            [r for r in ranked if r.value0 >= best0 - level.max_loss] if level.max_loss else ranked
        )
        if level.depth > 0:
            deep = [r for r in pool if r.depth >= level.depth]
            pool = deep or pool
        d1, d2 = sorted((int(dice[0]), int(dice[1])), reverse=True)
        rng = self._rng(position, f"{d1}{d2}")
        noise = rng.normal(0.0, level.noise, len(pool))
        noisy = [r.value + float(n) for r, n in zip(pool, noise, strict=True)]
        return pool[int(np.argmax(noisy))].result

    def choose_play(
        self,
        position: Position,
        dice: Sequence[int],
        state: CubeState | None = None,
        cancel: CancelToken = None,
    ) -> Play | None:
        """The play this level makes with ``dice``; ``None`` when no play is legal.

        Raises ``ValueError`` for dice that are not two numbers 1-6, ``Cancelled`` on request.
        """
        plays = legal_plays(position, dice)
        if not plays:
            check_cancel(cancel)
            return None
        chosen = self.choose_result(position, dice, state, cancel)
        for play in plays:
            if play.result == chosen:
                return play
        raise AssertionError("the chosen result is not among the legal plays")  # pragma: no cover

    # -- the cube -------------------------------------------------------------------------------
    def cube_decision(
        self,
        position: Position,
        state: CubeState,
        cancel: CancelToken = None,
        answer: bool = False,
    ) -> CubeDecision:
        """The cube values for the player on roll, with this level's cube noise: in a late race
        by Janowski's model on the exact chances (``ai.race.ExactRaces``); in a timing battle
        (``timing_battle``), with ``trap_rollouts`` and the networks as evaluator, by Janowski's
        model on the chances of that many games played out; for the ``answer`` to a double of a
        player bearing off with a straggler (``straggler``), with ``straggler_rollouts``, the
        same; else at cube depth 1 by the 1-ply cubeful look-ahead (``ai.cubeful``), a double
        of a player bearing off with a straggler checked on those games (``checked_double``),
        at 0 by Janowski's model on the 0-ply chances."""
        check_cancel(cancel)
        exact = self.known_chances(position, cancel, answer)
        if exact is not None:
            x = cube_efficiency(cube_features(position))
            decision = decide(exact, state, x=x, met=self.met)
        elif self.level.cube_depth == 1:
            decision = lookahead_decision(self.evaluator, position, state, self.met, 1, cancel)
            if not answer and decision.double and straggler(position):
                played = self.known_chances(position, cancel, answer=True)
                decision = checked_double(decision, position, state, self.met, played)
        else:
            probs = position_outputs(self.evaluator, position, 0, cancel=cancel)
            x = cube_efficiency(cube_features(position))
            decision = decide(probs, state, x=x, met=self.met)
        if self.level.cube_noise > 0.0:
            rng = self._rng(position, f"cube{state.cube}{state.owner}{state.away}{state.opp_away}")
            n1, n2 = rng.normal(0.0, self.level.cube_noise, 2)
            decision = CubeDecision(
                decision.no_double + float(n1),
                decision.double_take + float(n2),
                decision.double_pass,
                decision.may_double,
                decision.forced_double,
                decision.notes,
            )
        return decision

    def known_chances(
        self, position: Position, cancel: CancelToken = None, answer: bool = False
    ) -> np.ndarray | None:
        """``cube_chances`` with this level's ``trap_rollouts`` and seed; for the ``answer`` to
        a double, first ``answer_chances`` with its ``straggler_rollouts``. Kept for the last
        positions (a double and its answer ask twice)."""
        answer = answer and straggler(position)  # (elsewhere an answer's are the double's)
        known = self._known.get((position, answer))
        if known is None:
            level, judge, seed = self.level, self.evaluator, self.seed
            if answer:
                known = answer_chances(judge, position, level.straggler_rollouts, seed, cancel)
            if known is None:
                known = cube_chances(judge, self.races, position, level.trap_rollouts, seed, cancel)
            if known is not None:
                if len(self._known) >= 16:
                    self._known.clear()
                self._known[(position, answer)] = known
        return known

    def should_double(
        self, position: Position, state: CubeState, cancel: CancelToken = None
    ) -> bool:
        """Double now (before rolling)? Never when the rules or a dead cube forbid it."""
        if self.level.cube == CUBE_NEVER or not state.may_double():
            check_cancel(cancel)
            return False
        return self.cube_decision(position, state, cancel).double

    def should_take(self, position: Position, state: CubeState, cancel: CancelToken = None) -> bool:
        """Take the double offered by the player on roll of ``position`` (doubler's view)?"""
        if self.level.cube == CUBE_NEVER:
            check_cancel(cancel)
            return True
        return self.cube_decision(position, state, cancel, answer=True).take
