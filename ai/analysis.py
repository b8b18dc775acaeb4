"""Analysis of a whole match: every decision of both players judged by the Expert evaluator.

``analyse_match(match)`` replays the match's history and judges, from the point of view of the
player who acts:

* every checker play: its equity loss against the best play. Plays are ranked as the Expert level
  ranks them (0-ply, then the reply search at 1-ply for the promising ones) and the played one is
  always searched at 1-ply; then (``Analyser(deep=True)``, the default) a played play that is
  not the best and loses less than 0.2 at 1-ply is settled by a 2-ply search of the best and
  the played play, as GNU Backgammon's 2-ply analysis would (about four times slower than
  ``deep=False``, which stops at 1-ply);
* every cube decision: a double (against no double), a missed double (a roll where doubling was
  right), a take and a pass, with the no double and double/take values of the 1-ply cubeful
  look-ahead of ``ai.cubeful`` (the best play of each roll valued by Janowski's model of
  ``ai.cube``; in a match with the project's match equity table);
* the luck of every roll: the 0-ply value of the best play of the roll that came minus the
  average over all rolls (for the opening roll: over the 30 rolls that are not doubles).

Values are in EMG (equity normalised to the current cube; in a match, match winning chances mapped
so that losing and winning the cube are -1 and +1), as GNU Backgammon reports them. Marks use
GNU Backgammon's names: doubtful (a loss of 0.03 or more), bad (0.06), very bad (0.12).

Per player: the error rate in mEMG per unforced decision (checker plays with a choice, and cube
decisions that were close or made: GNU Backgammon's count), the marks, the luck total, and the
luck-adjusted result (in match winning chances for a match, in points for money).

The analysis is cancellable (``cancel``: a ``threading.Event`` or a callable, raising
``ai.search.Cancelled``) and reports ``progress(done, total)`` after each action, so an app can
run it in a worker thread. ``games`` limits it to some games of the match (the result is then
what those games changed). The analysis remembers how much of the match's record it covers
(``MatchAnalysis.fits``), so a saved analysis is known to belong to its match. Raises
``ValueError`` for a match whose history cannot be replayed.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Collection, Sequence
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, TextIO

import numpy as np

from ai.cube import (
    CENTRED,
    MINE,
    THEIRS,
    CubeDecision,
    CubeState,
    _Scorer,
    cube_efficiency,
    cubeful_value_fn,
    decide,
    move_value_fn,
    position_features,
)
from ai.cubeful import lookahead_decision
from ai.evaluator import Evaluator, flip, load_default_evaluator
from ai.met import MatchEquityTable, default_table
from ai.player import answer_chances, checked_double, cube_chances
from ai.race import ExactRaces, default_exact_races
from ai.search import (
    Batch,
    CancelToken,
    TwoPly,
    ValueFn,
    check_cancel,
    limit_blas_threads,
    reply_values,
    roll_spans,
    two_ply_value,
)
from engine.dice import ROLLS
from engine.match import Game, GameState, Match
from engine.moves import Play, legal_plays
from engine.position import Position

DOUBTFUL = 0.03
BAD = 0.06
VERY_BAD = 0.12
MARKS = ("doubtful", "bad", "very bad")

LUCKY = 0.3
VERY_LUCKY = 0.6
LUCK_MARKS = ("very lucky", "lucky", "unlucky", "very unlucky")

#: a cube decision counts (GNU Backgammon's "close") when doubling loses less than this
CLOSE_CUBE = 0.16

# the Expert level's search, widened a little: the played play is always searched
CANDIDATES = 8
THRESHOLD = 0.16
# with ``deep``: a played play that is not the best by 1-ply and loses less than DEEP_MARGIN
# is settled at 2-ply with the best (within DEEP_BUDGET generated positions): its mark, and
# the small losses that make up a strong player's error rate, depend on it (on the tuning
# matches, from 0.02 up to 0.16: 83% of the players within 25% of gnubg; from 0 up to 0.2: 89%)
DEEP_FROM = 0.0
DEEP_MARGIN = 0.2
DEEP_BUDGET = 40_000
SHOWN = 5  # the plays the window's hint lists (``ai.hint.SHOWN_PLAYS``): a mistake's ranking

ProgressFn = Callable[[int, int], None]


def mark_of(loss: float) -> str:
    """GNU Backgammon's mark for an equity loss: "none", "doubtful", "bad" or "very bad"."""
    if loss >= VERY_BAD - 1e-9:
        return "very bad"
    if loss >= BAD - 1e-9:
        return "bad"
    if loss >= DOUBTFUL - 1e-9:
        return "doubtful"
    return "none"


def luck_mark_of(luck: float) -> str:
    """ "very lucky", "lucky", "none", "unlucky" or "very unlucky" for a roll's luck (EMG)."""
    if luck >= VERY_LUCKY:
        return "very lucky"
    if luck >= LUCKY:
        return "lucky"
    if luck <= -VERY_LUCKY:
        return "very unlucky"
    if luck <= -LUCKY:
        return "unlucky"
    return "none"


@dataclass(frozen=True)
class Decision:
    """One judged decision (or a forced roll, which only has luck).

    ``kind`` is "move", "double" (the choice to double or not), "take", "pass" or "resign" (a
    player gives up the game); ``played`` and ``best`` are move notation ("" for no legal play)
    or "double" / "no double" / "take" / "pass", or for a resignation "resign single" / "resign
    gammon" / "resign backgammon" / "play on". ``loss`` is in EMG (0 when the best was played);
    ``luck`` is the luck of the roll of a "move" (None for the other kinds). ``counted`` tells
    whether it is an unforced decision of the error rate. ``action`` is the index of the action
    in ``match.history``: the play (the roll of a forced one), the roll before which the player
    did not double, the double, the answer, or the resignation. ``position_id`` is the board
    before the decision, seen from the player on roll (from the resigner, for a resignation).
    """

    game: int
    player: int
    kind: str
    dice: tuple[int, int] | None
    played: str
    best: str
    loss: float
    luck: float | None
    counted: bool
    action: int
    position_id: str
    equity_best: float = 0.0
    equity_played: float = 0.0
    luck_mwc: float = 0.0  # the luck in match winning chances (points in a money game)
    alternatives: tuple[tuple[str, float], ...] = field(default=())
    # the player's chance to win the game before the roll (cubeless, 1-ply); None if unknown
    win_chance: float | None = None

    @property
    def mark(self) -> str:
        return mark_of(self.loss) if self.counted else "none"

    @property
    def luck_mark(self) -> str:
        return "none" if self.luck is None else luck_mark_of(self.luck)

    def as_json(self) -> dict[str, Any]:
        """The decision as the command line prints it."""
        return {
            "game": self.game,
            "player": self.player,
            "kind": self.kind,
            "dice": list(self.dice) if self.dice else None,
            "played": self.played,
            "best": self.best,
            "loss": round(self.loss, 4),
            "mark": self.mark,
            "luck": None if self.luck is None else round(self.luck, 4),
        }


@dataclass(frozen=True)
class PlayerSummary:
    """One player's figures over the analysed match."""

    player: int
    name: str
    error_rate_memg: float
    decisions: int
    checker_decisions: int
    cube_decisions: int
    checker_error_rate_memg: float
    cube_error_rate_memg: float
    marks: dict[str, int]
    luck: float  # EMG, summed over the player's rolls
    luck_marks: dict[str, int]
    result: float  # match winning chances minus one half (points in a money game)
    luck_adjusted_result: float

    def as_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "name": self.name,
            "error_rate_memg": round(self.error_rate_memg, 1),
            "decisions": self.decisions,
            "checker_decisions": self.checker_decisions,
            "cube_decisions": self.cube_decisions,
            "checker_error_rate_memg": round(self.checker_error_rate_memg, 1),
            "cube_error_rate_memg": round(self.cube_error_rate_memg, 1),
            "marks": dict(self.marks),
            "luck": round(self.luck, 3),
            "luck_marks": dict(self.luck_marks),
            "result": round(self.result, 4),
            "luck_adjusted_result": round(self.luck_adjusted_result, 4),
        }


def history_fingerprint(history: Sequence[dict[str, Any]]) -> str:
    """A short digest of a match record: the same record, and only it, gives the same text."""
    text = json.dumps(list(history), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


@dataclass(frozen=True)
class MatchAnalysis:
    """Every decision in order, and a summary per player.

    ``actions`` is how many actions of the match's record were analysed and ``fingerprint``
    their digest (``history_fingerprint``); ``games`` the games judged (0 the first), or None
    for all of them.
    """

    decisions: tuple[Decision, ...]
    players: tuple[PlayerSummary, PlayerSummary]
    actions: int = 0
    fingerprint: str = ""
    games: tuple[int, ...] | None = None

    def mistakes(self, least: str = "doubtful") -> list[Decision]:
        """The decisions marked ``least`` or worse, in match order."""
        rank = MARKS.index(least)
        return [d for d in self.decisions if d.mark in MARKS[rank:]]

    def fits(self, match: Match) -> bool:
        """True when this analysis was made of ``match`` (or of the part of it played so far
        then): the first ``actions`` actions of its record are the ones analysed."""
        history = match.history
        return len(history) >= self.actions and (
            history_fingerprint(history[: self.actions]) == self.fingerprint
        )

    def gone_on(self, match: Match) -> bool:
        """True when what was analysed has gone on since: any action after it for the whole
        match, the last game analysed for a game (a finished game analysed alone has not gone
        on because the match went on to the next)."""
        history = match.history
        end = len(history) if self.games is None else _end_of_game(history, self.games[-1])
        return end > self.actions

    def covers_all_of(self, match: Match) -> bool:
        """True when it judged every game and the match has not gone on since."""
        every = self.games is None or set(self.games) == set(range(len(match.games)))
        return every and self.actions == len(match.history) and self.fits(match)

    FORMAT = "backgammon-desktop/analysis"
    VERSION = 2
    MAX_DECISIONS = 50_000

    def to_json(self) -> dict[str, Any]:
        """Everything as JSON-ready data, to save with the match (``from_json`` reads it)."""
        return {
            "format": self.FORMAT,
            "version": self.VERSION,
            "actions": self.actions,
            "fingerprint": self.fingerprint,
            "games": None if self.games is None else list(self.games),
            "decisions": [
                {
                    **asdict(d),
                    "dice": list(d.dice) if d.dice else None,
                    "alternatives": [list(a) for a in d.alternatives],
                }
                for d in self.decisions
            ],
            "players": [asdict(p) for p in self.players],
        }

    @classmethod
    def from_json(cls, data: object) -> MatchAnalysis:
        """An analysis saved by ``to_json``; raises ``ValueError`` for anything else (a wrong
        type, a value out of range, a missing or unknown field)."""
        if not isinstance(data, dict) or data.get("format") != cls.FORMAT:
            raise ValueError("Not a saved analysis.")
        if data.get("version") != cls.VERSION:
            raise ValueError(f"Saved analysis version {data.get('version')!r} is not supported.")
        try:
            decisions = data["decisions"]
            players = data["players"]
            if not isinstance(decisions, list) or len(decisions) > cls.MAX_DECISIONS:
                raise ValueError("decisions must be a list")
            if not isinstance(players, list) or len(players) != 2:
                raise ValueError("players must be two summaries")
            games = data["games"]
            if games is not None:
                games = tuple(_checked_int(g, "games", 0, 100_000) for g in _list(games, 1000))
            fingerprint = data["fingerprint"]
            if not isinstance(fingerprint, str) or len(fingerprint) > 64:
                raise ValueError("fingerprint must be a short text")
            one, two = (_checked(PlayerSummary, p) for p in players)
            return cls(
                tuple(_checked(Decision, d) for d in decisions),
                (one, two),
                actions=_checked_int(data["actions"], "actions", 0, 10_000_000),
                fingerprint=fingerprint,
                games=games,
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"The saved analysis is malformed: {exc}") from None


def _list(value: object, limit: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > limit:
        raise ValueError("expected a list")
    return value


def _checked_int(value: object, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} must be a whole number from {low} to {high}")
    return value


def _checked_float(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"{name} must be a number")
    if abs(value) > 1e6:
        raise ValueError(f"{name} is out of range")
    return float(value)


def _checked_text(value: object, name: str) -> str:
    if not isinstance(value, str) or len(value) > 200:
        raise ValueError(f"{name} must be a short text")
    return value


_KINDS = ("move", "double", "take", "pass", "resign")
RESIGNED = {1: "resign single", 2: "resign gammon", 3: "resign backgammon"}
PLAY_ON = "play on"
# a sure loss of a single game, a gammon and a backgammon: the mover's five outputs
_SURE_LOSS = {
    1: (0.0, 0.0, 0.0, 0.0, 0.0),
    2: (0.0, 0.0, 0.0, 1.0, 0.0),
    3: (0.0, 0.0, 0.0, 1.0, 1.0),
}


def _checked(kind: type, data: object) -> Any:
    """A ``Decision`` or ``PlayerSummary`` from saved data, every field of the right type."""
    if not isinstance(data, dict):
        raise ValueError(f"a {kind.__name__} must be an object")
    names = {f.name for f in fields(kind)}
    unknown = set(data) - names
    if unknown:
        raise ValueError(f"unknown fields {sorted(unknown)!r:.60}")
    values: dict[str, Any] = {}
    for f in fields(kind):
        if f.name not in data:
            if f.name in ("win_chance", "luck_mwc", "alternatives", "equity_best", "equity_played"):
                continue  # has a default
            raise KeyError(f.name)
        value = data[f.name]
        values[f.name] = _checked_field(f.name, str(f.type), value)
    if kind is Decision and values["kind"] not in _KINDS:
        raise ValueError(f"unknown kind {values['kind']!r:.20}")
    if kind is Decision and values["player"] not in (0, 1):
        raise ValueError("player must be 0 or 1")
    if kind is PlayerSummary and values["player"] not in (0, 1):
        raise ValueError("player must be 0 or 1")
    return kind(**values)


def _checked_field(name: str, annotation: str, value: object) -> Any:
    if name == "dice":
        if value is None:
            return None
        dice = _list(value, 2)
        if len(dice) != 2:
            raise ValueError("dice must be two dice")
        d1, d2 = (_checked_int(d, "a die", 1, 6) for d in dice)
        return (d1, d2)
    if name == "alternatives":
        out = []
        for pair in _list(value, 100):
            text, equity = _list(pair, 2)
            out.append((_checked_text(text, "a play"), _checked_float(equity, "an equity")))
        return tuple(out)
    if name in ("marks", "luck_marks"):
        if not isinstance(value, dict) or len(value) > 10:
            raise ValueError(f"{name} must be counts")
        return {_checked_text(k, name): _checked_int(v, name, 0, 100_000) for k, v in value.items()}
    if annotation == "bool":
        if not isinstance(value, bool):
            raise ValueError(f"{name} must be true or false")
        return value
    if annotation == "int":
        return _checked_int(value, name, 0, 10_000_000)
    if annotation == "str":
        return _checked_text(value, name)
    if annotation.startswith("float"):
        if value is None and "None" in annotation:
            return None
        return _checked_float(value, name)
    raise ValueError(f"{name} cannot be read")  # pragma: no cover  (every field is handled)


@dataclass
class _Luck:
    luck: float | None  # None: the dice were set up, not rolled in the match
    luck_mwc: float
    outputs: np.ndarray  # 1-ply outputs before the roll (the roller's view)
    batch: Batch | None = None  # every result of every roll, for the cube's look-ahead


@dataclass
class _Run:
    """What one analysis carries from an action to the next."""

    luck: _Luck | None = None  # of the roll being played
    offered: CubeDecision | None = None  # the double being answered
    offered_chance: float | None = None  # the doubler's chance to win then


@dataclass(frozen=True)
class JudgedPlay:
    """A play of a roll as the analysis judges it before any is made (``Analyser.ranking``)."""

    play: Play
    value: float  # on the analysis's scale, for the player on roll
    loss: float  # what the analysis would count, were it made
    depth: int  # 1, or 2 when settled against the best at 2-ply
    # its outputs (win, gammon, backgammon, ...) for the player on roll, at its depth: a play
    # settled at 2-ply shows the chances of that search beside its value (the 1-ply ones beside
    # a 2-ply value put a play ranked first beside higher chances of the second, at a score
    # where only winning counts: found by a tester)
    outputs: np.ndarray


@dataclass
class _RollSearch:
    """The plays of one roll as the analysis searched them (their results by index): 1-ply
    values and outputs, the best it compares with, and the plays settled at 2-ply against it."""

    results: list[Position]
    value_fn: ValueFn
    one_ply: dict[int, float]
    chances: dict[int, np.ndarray]
    best: int
    order: list[int]  # every result by its 0-ply value, best first
    settled: dict[int, float] = field(default_factory=dict)
    best_deep: float | None = None
    tried: set[int] = field(default_factory=set)
    searched: dict[int, TwoPly | None] = field(default_factory=dict)  # the best's 2-ply
    deep_chances: dict[int, np.ndarray] = field(default_factory=dict)  # of the settled plays

    def shown_chances(self, i: int) -> np.ndarray:
        """The chances of play ``i`` at the depth of its value (2-ply for a settled play)."""
        return self.deep_chances.get(i, self.chances[i])

    def values(self) -> dict[int, float]:
        return _settled_values(self.one_ply, self.best, self.best_deep, self.settled)

    def deep(self) -> set[int]:
        """The plays valued at 2-ply."""
        return set(self.settled) | ({self.best} if self.best_deep is not None else set())


class Analyser:
    """Judges matches with one evaluator; one analyser may serve several threads."""

    def __init__(
        self,
        evaluator: Evaluator | None = None,
        *,
        deep: bool = True,
        cubeful: bool = True,
        races: ExactRaces | None = None,
    ) -> None:
        self.evaluator = evaluator if evaluator is not None else load_default_evaluator()
        self.races = races if races is not None else default_exact_races()
        self.deep = deep
        self.cubeful = cubeful
        # the reply search's batches of the last play judged, by result (see ``_roll_luck``;
        # used only for the very positions they hold, so threads sharing it cannot mislead)
        self._batches: dict[Position, Batch] = {}
        limit_blas_threads(1)
        self._tables: dict[bool, MatchEquityTable] = {}

    def _met(self, crawford_rule: bool) -> MatchEquityTable:
        if crawford_rule not in self._tables:
            self._tables[crawford_rule] = default_table(crawford_rule)
        return self._tables[crawford_rule]

    # -- the match ------------------------------------------------------------------------------
    def analyse(
        self,
        match: Match,
        progress: ProgressFn | None = None,
        cancel: CancelToken = None,
        games: Collection[int] | None = None,
    ) -> MatchAnalysis:
        """Judge every decision of ``match`` (see the module doc), or of ``games`` only (0 is
        the first game): the record is then replayed to the end of the last of them."""
        history = match.history
        chosen = None if games is None else tuple(sorted(set(games)))
        total = len(history) if chosen is None else _end_of_game(history, chosen[-1])
        replay = Match(
            match.length,
            cube=match.cube_enabled,
            crawford=match.crawford_enabled,
            players=match.players,
            seed=0,
        )
        met = self._met(match.crawford_enabled)
        decisions: list[Decision] = []
        run = _Run()
        start: tuple[float, float] | None = None
        for index, action in enumerate(history[:total]):
            check_cancel(cancel)
            kind = action.get("type")
            game = replay.game
            judged = chosen is None or len(replay.games) - 1 in chosen
            if game is not None and not game.is_over and kind != "new_game" and judged:
                if start is None:  # where the players stood when the first judged game began
                    start = (_standing(replay, 0, met), _standing(replay, 1, met))
                    if len(replay.games) == 1 and not match.began_from_setup:
                        start = (0.5, 0.5) if match.length else (0.0, 0.0)
                decisions.extend(self._judge(replay, game, index, action, met, cancel, run))
            replay.apply(action)
            if progress is not None:
                progress(index + 1, total)
        if start is None:
            start = (_standing(replay, 0, met), _standing(replay, 1, met))
        players = (
            self._summary(replay, decisions, 0, met, start[0]),
            self._summary(replay, decisions, 1, met, start[1]),
        )
        return MatchAnalysis(
            tuple(decisions),
            players,
            actions=total,
            fingerprint=history_fingerprint(history[:total]),
            games=chosen,
        )

    def _judge(
        self,
        match: Match,
        game: Game,
        index: int,
        action: dict[str, Any],
        met: MatchEquityTable,
        cancel: CancelToken,
        run: _Run,
    ) -> list[Decision]:
        kind = action.get("type")
        game_number = len(match.games) - 1
        out: list[Decision] = []
        if kind == "opening":
            dice = action["dice"]
            starter = 0 if dice[0] > dice[1] else 1
            roll = (max(dice), min(dice))
            position = game.position if game.player_on_roll == starter else game.position.swapped()
            state = judged_state(match, game, starter)
            run.luck = self._roll_luck(position, roll, state, met, opening=True)
            return self._after_roll(game, index, game_number, roll, starter, run.luck)
        player = game.player_on_roll
        if kind == "roll":
            state = judged_state(match, game, player)
            dice = action["dice"]
            roll = (max(dice), min(dice))
            luck = self._roll_luck(
                game.position, roll, state, met, opening=False, cube=game.can_double()
            )
            run.luck = luck
            if game.can_double():
                cube = self._cube(game.position, state, met, luck, cancel)
                out.extend(
                    self._double_decision(
                        game, index, game_number, cube, luck.outputs, doubled=False
                    )
                )
            out.extend(self._after_roll(game, index, game_number, roll, player, luck))
            return out
        if kind == "double":
            state = judged_state(match, game, player)
            luck_free = self._roll_luck(game.position, None, state, met, opening=False, cube=True)
            cube = self._cube(game.position, state, met, luck_free, cancel)
            out.extend(
                self._double_decision(
                    game, index, game_number, cube, luck_free.outputs, doubled=True
                )
            )
            run.offered = cube
            run.offered_chance = float(luck_free.outputs[0])
            return out
        if kind in ("take", "drop"):
            state = judged_state(match, game, player)
            if run.offered is None:  # set up with the double offered (IDs, the editor)
                offered = self._roll_luck(game.position, None, state, met, opening=False, cube=True)
                run.offered = self._cube(game.position, state, met, offered, cancel)
                run.offered_chance = float(offered.outputs[0])
            cube = self._answer(game.position, state, met, run.offered, cancel)
            taker = game.opponent
            best_for_doubler = min(cube.double_take, cube.double_pass)
            chosen = cube.double_take if kind == "take" else cube.double_pass
            best = "take" if cube.double_take <= cube.double_pass else "pass"
            out.append(
                Decision(
                    game=game_number,
                    player=taker,
                    kind="take" if kind == "take" else "pass",
                    dice=None,
                    played="take" if kind == "take" else "pass",
                    best=best,
                    loss=max(0.0, chosen - best_for_doubler),
                    luck=None,
                    counted=True,
                    action=index,
                    position_id=game.position.position_id(),
                    equity_best=-best_for_doubler,
                    equity_played=-chosen,
                    alternatives=(("take", -cube.double_take), ("pass", -cube.double_pass)),
                    win_chance=None if run.offered_chance is None else 1 - run.offered_chance,
                )
            )
            return out
        if kind == "play":
            if run.luck is None:  # set up with the dice rolled: a roll of no one's luck
                dice = game.dice
                assert dice is not None
                state = judged_state(match, game, player)
                rolled = self._roll_luck(
                    game.position, (max(dice), min(dice)), state, met, opening=False
                )
                run.luck = replace(rolled, luck=None, luck_mwc=0.0)
            return self._play_decision(game, index, action, match, met, cancel, run.luck)
        if kind == "resign":
            return [self._resign_decision(match, game, index, action, met, cancel)]
        return out

    def _resign_decision(
        self,
        match: Match,
        game: Game,
        index: int,
        action: dict[str, Any],
        met: MatchEquityTable,
        cancel: CancelToken,
    ) -> Decision:
        """A player gives up the game, conceding a single game, a gammon or a backgammon at the
        cube's value: judged against playing on, the position's value as the analysis values it
        where the game stood (before a roll, the right cube action of the player on roll; with
        the dice rolled, the best play; with a double offered, the right answer to it), both in
        the resigner's EMG. Its loss is what playing on is worth more than the resignation
        (GNU Backgammon's analysis judges a resignation so too); the acceptance is not judged
        (between two players at one board the game ends at once)."""
        resigner, conceded = int(action["player"]), int(action.get("kind", 1))
        on_roll = game.player_on_roll
        state = judged_state(match, game, on_roll)
        dice = game.dice if game.state is GameState.AWAITING_PLAY else None
        ranked = self.ranking(game.position, dice, state, cancel, 1) if dice is not None else []
        if ranked:  # the best play of the roll
            value = ranked[0].value
        elif dice is not None:  # no play: the other player rolls next, the position as it is
            after = judged_state(match, game, 1 - on_roll)
            value = -self._before_roll(game.position.swapped(), after, met, cancel)
        elif game.state is GameState.AWAITING_TAKE:  # the doubler's, the taker answering
            cube = self._cube_now(game.position, state, met, cancel)
            value = min(cube.double_take, cube.double_pass)
        else:
            value = self._before_roll(game.position, state, met, cancel)
        play_on = value if resigner == on_roll else -value
        mine = judged_state(match, game, resigner)
        sure = np.array([_SURE_LOSS[conceded]], dtype=np.float64)
        resigned = float(move_value_fn(mine, met)(sure)[0])
        played = RESIGNED[conceded]
        best = played if resigned >= play_on else PLAY_ON
        position = game.position if resigner == on_roll else game.position.swapped()
        return Decision(
            game=len(match.games) - 1,
            player=resigner,
            kind="resign",
            dice=None,
            played=played,
            best=best,
            loss=max(0.0, play_on - resigned),
            luck=None,
            counted=True,
            action=index,
            position_id=position.position_id(),
            equity_best=max(play_on, resigned),
            equity_played=resigned,
            alternatives=((PLAY_ON, play_on), (played, resigned)),
        )

    # -- one decision before it is made (the window's tutor) ------------------------------------
    def judge(
        self, match: Match, action: dict[str, Any], cancel: CancelToken = None
    ) -> Decision | None:
        """The decision ``action`` would record in the current game, judged as ``analyse`` will
        judge it once it is made (the luck of the roll is not judged: 0).

        ``action`` is the history action about to be taken: ``{"type": "play", "result": ID}``
        (the Position ID after the play of the roll being played), ``{"type": "double"}``, or
        ``{"type": "take"}`` / ``{"type": "drop"}`` while a double is offered; or
        ``{"type": "no double"}``, a roll without doubling (a missed double when doubling was
        right). None when the analysis judges nothing there (a forced play, a player who may not
        double, a clear no double). Raises ``ValueError`` when no game is being played.
        """
        game = match.game
        if game is None or game.is_over:
            raise ValueError("No game is being played.")
        kind = action.get("type")
        met = self._met(match.crawford_enabled)
        run = _Run(luck=_Luck(0.0, 0.0, np.zeros(5)))
        if kind in ("take", "drop", "no double"):
            if kind == "no double" and not game.can_double():
                return None
            state = judged_state(match, game, game.player_on_roll)
            # with the cube's look ahead, as the analysis values the roll or the double
            luck = self._roll_luck(game.position, None, state, met, opening=False, cube=True)
            run.offered = self._cube(game.position, state, met, luck, cancel)
            outputs = luck.outputs
        if kind == "no double":
            assert run.offered is not None
            number = len(match.games) - 1
            index = len(match.history)
            found = self._double_decision(game, index, number, run.offered, outputs, doubled=False)
        else:
            found = self._judge(match, game, len(match.history), action, met, cancel, run)
        return next((d for d in found if d.counted), None)

    # -- rolls and luck -------------------------------------------------------------------------
    def _roll_luck(
        self,
        position: Position,
        roll: tuple[int, int] | None,
        state: CubeState,
        met: MatchEquityTable,
        *,
        opening: bool,
        cube: bool = False,
    ) -> _Luck:
        """The luck of ``roll`` and the 1-ply outputs before it, from one batch of every roll.

        With ``cube``, also keeps that batch for the cube's look-ahead (``ai.cubeful``), which
        values not doubling and doubling (taken) from the same plays."""
        value_fn = self.value_fn(position, state, met)
        after, roll_parts = roll_spans(position)  # in the order of ROLLS
        spans = [part + (dice,) for part, (dice, _) in zip(roll_parts, ROLLS, strict=True)]
        kept = self._batches.get(position)
        if kept is not None and kept[0] == after:  # the reply search of the play before
            probs = kept[1]
        else:
            probs = np.asarray(self.evaluator.evaluate_batch(after), dtype=np.float64)
        mover = flip(probs)
        values = np.asarray(value_fn(mover), dtype=np.float64)
        outputs = np.zeros(5)
        total = weights = 0.0
        rolled = 0.0
        for start, stop, weight, dice in spans:
            j = start + int(np.argmax(values[start:stop]))
            outputs += weight * mover[j]
            if opening and dice[0] == dice[1]:
                continue
            total += weight * values[j]
            weights += weight
            if dice == roll:
                rolled = float(values[j])
        outputs /= 36.0
        batch = None
        if cube and not opening:
            batch = (after, probs, [(start, stop, weight) for start, stop, weight, _ in spans])
        if roll is None:
            return _Luck(0.0, 0.0, outputs, batch)
        luck = float(rolled - total / weights)
        return _Luck(luck, float(luck * _mwc_scale(state, met)), outputs, batch)

    def _after_roll(
        self,
        game: Game,
        index: int,
        game_number: int,
        roll: tuple[int, int],
        player: int,
        luck: _Luck,
    ) -> list[Decision]:
        """A roll with no legal play, or a single one, is a forced "move" with only its luck."""
        position = game.position if game.player_on_roll == player else game.position.swapped()
        plays = legal_plays(position, roll)
        if len(plays) > 1:
            return []  # judged with the play that follows
        played = str(plays[0]) if plays else ""
        return [
            Decision(
                game=game_number,
                player=player,
                kind="move",
                dice=roll,
                played=played,
                best=played,
                loss=0.0,
                luck=luck.luck,
                counted=False,
                action=index,
                position_id=position.position_id(),
                luck_mwc=luck.luck_mwc,
                win_chance=float(luck.outputs[0]),
            )
        ]

    # -- the cube -------------------------------------------------------------------------------
    def _cube(
        self,
        position: Position,
        state: CubeState,
        met: MatchEquityTable,
        luck: _Luck,
        cancel: CancelToken = None,
    ) -> CubeDecision:
        """The cube decision before a roll: what the rules allow, with the no double and
        double/take values of the 1-ply cubeful look-ahead (``ai.cubeful``; ``cubeful``), or
        in a late race of Janowski's model on the exact chances, or in a timing battle on the
        chances of games played out, a straggler's double checked on games played out
        (``ai.player.checked_double``), as the Expert decides (``ai.player``).

        Not deeper when ``deep``: a 2-ply look-ahead agreed less with GNU Backgammon's marks
        on the tuning matches (see ai/README.md)."""
        exact = None
        if state.may_double():
            exact = cube_chances(self.evaluator, self.races, position, cancel=cancel)
        if exact is not None:
            x = cube_efficiency(position_features(position))
            return decide(exact, state, x=x, met=met)
        if not self.cubeful or luck.batch is None:
            x = cube_efficiency(position_features(position))
            return decide(luck.outputs, state, x=x, met=met)
        decision = lookahead_decision(self.evaluator, position, state, met, 1, cancel, luck.batch)
        if decision.double:  # a straggler's double checked on games played out, as the levels do
            played = answer_chances(self.evaluator, position, cancel=cancel)
            decision = checked_double(decision, position, state, met, played)
        return decision

    def _answer(
        self,
        position: Position,
        state: CubeState,
        met: MatchEquityTable,
        offered: CubeDecision,
        cancel: CancelToken,
    ) -> CubeDecision:
        """The values the answer to a double is judged by: the double's (``offered``), or where
        the doubler bears off with a straggler (``ai.player.straggler``) those of games played
        out, as the levels answer there, so that the tutor and the hint agree."""
        chances = answer_chances(self.evaluator, position, cancel=cancel)
        if chances is None:
            return offered
        x = cube_efficiency(position_features(position))
        return decide(chances, state, x=x, met=met)

    def _cube_now(
        self, position: Position, state: CubeState, met: MatchEquityTable, cancel: CancelToken
    ) -> CubeDecision:
        """The cube decision of the player on roll of ``position`` before a roll, as the
        analysis judges a double there."""
        luck = self._roll_luck(position, None, state, met, opening=False, cube=True)
        return self._cube(position, state, met, luck, cancel)

    def _before_roll(
        self, position: Position, state: CubeState, met: MatchEquityTable, cancel: CancelToken
    ) -> float:
        """The value of ``position`` to its player on roll before the roll: the right cube
        action's (no double where doubling is not allowed or not right)."""
        cube = self._cube_now(position, state, met, cancel)
        return min(cube.double_take, cube.double_pass) if cube.double else cube.no_double

    def _double_decision(
        self,
        game: Game,
        index: int,
        game_number: int,
        cube: CubeDecision,
        outputs: np.ndarray,
        *,
        doubled: bool,
    ) -> list[Decision]:
        nd = cube.no_double
        double_value = min(cube.double_take, cube.double_pass)
        best_double = cube.double
        best_value = double_value if best_double else nd
        played_value = double_value if doubled else nd
        if not doubled and not _cube_is_close(cube):
            return []
        return [
            Decision(
                game=game_number,
                player=game.player_on_roll,
                kind="double",
                dice=None,
                played="double" if doubled else "no double",
                best="double" if best_double else "no double",
                loss=max(0.0, best_value - played_value),
                luck=None,
                counted=True,
                action=index,
                position_id=game.position.position_id(),
                equity_best=best_value,
                equity_played=played_value,
                alternatives=(
                    ("no double", nd),
                    ("double, take", cube.double_take),
                    ("double, pass", cube.double_pass),
                ),
                win_chance=float(outputs[0]),
            )
        ]

    # -- checker plays --------------------------------------------------------------------------
    def value_fn(
        self, position: Position, state: CubeState, met: MatchEquityTable | None = None
    ) -> ValueFn:
        """How plays and rolls from ``position`` are valued: cubeful equity in EMG with the cube
        where it is (``ai.cube.cubeful_value_fn``, the cube's efficiency of ``position``), as
        GNU Backgammon's analysis values them; cubeless where the cube is not alive. ``met``:
        the match's table (by default the one of ``state``'s Crawford rule)."""
        if met is None:
            met = self._met(state.crawford_rule)
        if not self.cubeful:
            return move_value_fn(state, met)
        x = cube_efficiency(position_features(position))
        return cubeful_value_fn(state, met, x)

    def _play_decision(
        self,
        game: Game,
        index: int,
        action: dict[str, Any],
        match: Match,
        met: MatchEquityTable,
        cancel: CancelToken,
        luck: _Luck,
    ) -> list[Decision]:
        game_number = len(match.games) - 1
        player = game.player_on_roll
        assert game.dice is not None
        roll = (max(game.dice), min(game.dice))
        plays = game.legal_plays()
        if len(plays) <= 1:
            return []  # already reported as forced
        state = judged_state(match, game, player)
        value_fn = self.value_fn(game.position, state, met)
        played_result = _played_result(game, action)
        by_result = {p.result: p for p in plays if p.result is not None}
        results = list(by_result)
        search = self._played_search(results, played_result, value_fn, cancel)
        value = search.values()
        ranked = [(results[i], v) for i, v in sorted(value.items(), key=lambda kv: -kv[1])]
        if ranked[0][1] - value[results.index(played_result)] >= DOUBTFUL - 1e-9:
            # a mistake: judged against the best as the hint ranks the roll (its first plays
            # settled at 2-ply, from the same search), so that the tutor, the hint and the list
            # of mistakes name the same best play with the same loss (the best by 1-ply was
            # named where a play settled at 2-ply came out ahead of it)
            shown = self._shown(search, by_result, SHOWN, cancel)
            ranked = [(r.play.result, r.value) for r in shown if r.play.result is not None]
        names = {p.result: str(p) for p in plays}
        best_result, best_value = ranked[0]
        played_value = dict(ranked)[played_result]
        return [
            Decision(
                game=game_number,
                player=player,
                kind="move",
                dice=roll,
                played=names[played_result],
                best=names[best_result],
                loss=max(0.0, best_value - played_value),
                luck=luck.luck,
                counted=True,
                action=index,
                position_id=game.position.position_id(),
                equity_best=best_value,
                equity_played=played_value,
                luck_mwc=luck.luck_mwc,
                alternatives=tuple((names[r], v) for r, v in ranked[:5]),
                win_chance=float(luck.outputs[0]),
            )
        ]

    def ranking(
        self,
        position: Position,
        dice: Sequence[int],
        state: CubeState,
        cancel: CancelToken = None,
        count: int = SHOWN,
        also: Position | None = None,
    ) -> list[JudgedPlay]:
        """The plays of ``dice`` as the analysis judges a roll before any play is made (the
        window's hint), each with its value on the analysis's scale (``value_fn``; ``state`` as
        ``judged_state`` gives it) and the loss the analysis would count were it made, highest
        value first. At least ``count`` plays are searched at 1-ply, and each of the first
        ``count`` that is close to the best by 1-ply is settled against it at 2-ply, as it would
        be once made, and the loss is counted from the first play shown. A play settled at
        2-ply can come out ahead of the best by 1-ply (about one roll in seven); the analysis
        judges a mistake (a loss from ``DOUBTFUL``) against this ranking too, so that the
        tutor, the hint and the list of mistakes name the same best play with the same loss.
        ``also``, the result of a legal play (the one made, in a review), is searched at 1-ply
        too, so that it is among the plays returned. Empty when no play is legal."""
        plays = {p.result: p for p in legal_plays(position, dice) if p.result is not None}
        if not plays:
            return []
        results = list(plays)
        also = also if also in plays else None
        search = self._search(results, also, self.value_fn(position, state), cancel, count)
        return self._shown(search, plays, count, cancel)

    def _shown(
        self, search: _RollSearch, plays: dict[Position, Play], count: int, cancel: CancelToken
    ) -> list[JudgedPlay]:
        """``ranking`` from a search of the roll (``plays`` by their results): the first
        ``count`` plays settled against the best; settling moves plays down, and those that
        come up into view are settled too."""
        self._search_more(search, count, cancel)  # at least ``count`` plays at 1-ply
        while True:
            value = search.values()
            shown = sorted(value, key=lambda i: -value[i])[:count]
            todo = [i for i in shown if i not in search.tried]
            if not todo:
                break
            for i in todo:
                self._settle(search, i, cancel)
        # losses against the first play shown: a play settled at 2-ply can come out ahead of
        # the best by 1-ply (then two plays lost nothing and the others' losses were counted
        # from the second line)
        top = max(value.values())
        deep = search.deep()
        results = search.results
        return [
            JudgedPlay(
                plays[results[i]], v, top - v, 2 if i in deep else 1, search.shown_chances(i)
            )
            for i, v in sorted(value.items(), key=lambda kv: -kv[1])
        ]

    def rank(
        self,
        results: Sequence[Position],
        played: Position,
        value_fn: ValueFn,
        cancel: CancelToken = None,
    ) -> list[tuple[Position, float]]:
        """Results ranked best first, each with its value at the depth both it and the best got.

        The played result is always among those searched deeper, so its loss compares like
        with like: 1-ply against 1-ply, or 2-ply against 2-ply when the plays are close.
        """
        search = self._played_search(results, played, value_fn, cancel)
        ranked = sorted(search.values().items(), key=lambda kv: -kv[1])
        return [(results[i], v) for i, v in ranked]

    def _played_search(
        self,
        results: Sequence[Position],
        played: Position,
        value_fn: ValueFn,
        cancel: CancelToken,
    ) -> _RollSearch:
        """The search ``rank`` makes: the promising plays and the played one at 1-ply, the
        played one settled against the best at 2-ply when the two are close (the best of all
        searched: the played one itself, when it comes out first)."""
        search = self._search(results, played, value_fn, cancel)
        search.best = max(search.one_ply, key=lambda i: search.one_ply[i])
        self._settle(search, results.index(played), cancel)
        return search

    def _search_more(self, search: _RollSearch, least: int, cancel: CancelToken) -> None:
        """Adds to ``search`` the 1-ply values of the best ``least`` plays by 0-ply it lacks
        (a search made for a play made looked at the best two)."""
        results = search.results
        missing = [i for i in search.order[:least] if i not in search.one_ply]
        if not missing:
            return
        values1, outputs1 = reply_values(
            self.evaluator, [results[i] for i in missing], search.value_fn, cancel, self._batches
        )
        for i, v, o in zip(missing, values1, outputs1, strict=True):
            search.one_ply[i], search.chances[i] = float(v), o

    def _settle(self, search: _RollSearch, other: int, cancel: CancelToken) -> None:
        """Settles ``other`` against the search's best at 2-ply when the two are close."""
        search.tried.add(other)
        pair = self._pair(
            search.results,
            search.best,
            other,
            search.one_ply,
            search.value_fn,
            cancel,
            search.searched,
        )
        if pair is not None:
            mine, theirs = pair
            search.best_deep, search.settled[other] = mine.value, theirs.value
            search.deep_chances[search.best], search.deep_chances[other] = (
                mine.chances,
                theirs.chances,
            )

    def _search(
        self,
        results: Sequence[Position],
        played: Position | None,
        value_fn: ValueFn,
        cancel: CancelToken,
        least: int = 2,
    ) -> _RollSearch:
        """A roll's search at 1-ply: the 1-ply values and outputs (the mover's chances) of the
        promising results (the best two by 0-ply and those close to the best, up to
        ``CANDIDATES``, which every judgement of the roll searches), of the best ``least`` by
        0-ply and of ``played``; its best the best of the promising ones."""
        check_cancel(cancel)
        probs = np.asarray(self.evaluator.evaluate_batch(results), dtype=np.float64)
        values0 = np.asarray(value_fn(flip(probs)), dtype=np.float64)
        order = sorted(range(len(results)), key=lambda i: -values0[i])
        best0 = values0[order[0]]
        promising = [
            i for k, i in enumerate(order[:CANDIDATES]) if k < 2 or values0[i] >= best0 - THRESHOLD
        ]
        keep = promising + [i for i in order[:least] if i not in promising]
        if played is not None and results.index(played) not in keep:
            keep.append(results.index(played))
        self._batches.clear()  # only the plays of this roll: the next roll starts from one
        values1, outputs1 = reply_values(
            self.evaluator, [results[i] for i in keep], value_fn, cancel, self._batches
        )
        values = {i: float(v) for i, v in zip(keep, values1, strict=True)}
        # the best a play made is compared with: the best of those the analysis always searches
        best = max(promising, key=lambda i: values[i])
        chances = dict(zip(keep, outputs1, strict=True))
        return _RollSearch(list(results), value_fn, values, chances, best, order)

    def _pair(
        self,
        results: Sequence[Position],
        best: int,
        other: int,
        one_ply: dict[int, float],
        value_fn: ValueFn,
        cancel: CancelToken,
        searched: dict[int, TwoPly | None],
    ) -> tuple[TwoPly, TwoPly] | None:
        """The 2-ply searches of ``best`` and ``other`` when ``other`` is close to it by 1-ply (a
        close call: the mark depends on it, so it is settled as GNU Backgammon's analysis
        would), else None (not close, not deep, or the two over the budget together).
        ``searched`` keeps the best's 2-ply search for the next pair."""
        loss = one_ply[best] - one_ply[other]
        if not self.deep or other == best or not DEEP_FROM <= loss < DEEP_MARGIN:
            return None
        if best not in searched:
            searched[best] = two_ply_value(
                self.evaluator, results[best], value_fn, cancel, DEEP_BUDGET, self._batches
            )
        mine = searched[best]
        if mine is None:
            return None
        room = DEEP_BUDGET - mine.generated  # the pair's budget, as two_ply_values counts it
        other_deep = two_ply_value(
            self.evaluator, results[other], value_fn, cancel, room, self._batches
        )
        return None if other_deep is None else (mine, other_deep)

    # -- summaries ------------------------------------------------------------------------------
    def _summary(
        self,
        match: Match,
        decisions: list[Decision],
        player: int,
        met: MatchEquityTable,
        start: float,
    ) -> PlayerSummary:
        mine = [d for d in decisions if d.player == player]
        counted = [d for d in mine if d.counted]
        checker = [d for d in counted if d.kind == "move"]
        cube = [d for d in counted if d.kind in ("double", "take", "pass")]
        marks = {name: sum(1 for d in counted if d.mark == name) for name in MARKS}
        rolls = [d for d in mine if d.luck is not None]
        luck_marks = {name: sum(1 for d in rolls if d.luck_mark == name) for name in LUCK_MARKS}
        result = _standing(match, player, met) - start
        my_luck = sum(d.luck_mwc for d in rolls)
        their_luck = sum(d.luck_mwc for d in decisions if d.player != player and d.luck is not None)
        return PlayerSummary(
            player=player,
            name=match.players[player],
            error_rate_memg=float(_rate(counted)),
            decisions=len(counted),
            checker_decisions=len(checker),
            cube_decisions=len(cube),
            checker_error_rate_memg=float(_rate(checker)),
            cube_error_rate_memg=float(_rate(cube)),
            marks=marks,
            luck=float(sum(d.luck for d in rolls if d.luck is not None)),
            luck_marks=luck_marks,
            result=float(result),
            luck_adjusted_result=float(result - (my_luck - their_luck)),
        )


def _cube_is_close(cube: CubeDecision) -> bool:
    """Whether a roll without a double is judged: doubling was right or nearly so."""
    double_value = min(cube.double_take, cube.double_pass)
    return max(cube.no_double, double_value) - double_value < CLOSE_CUBE


def _rate(decisions: Sequence[Decision]) -> float:
    return 1000.0 * sum(d.loss for d in decisions) / len(decisions) if decisions else 0.0


def _mwc_scale(state: CubeState, met: MatchEquityTable) -> float:
    """How much one EMG is worth: match winning chances in a match, points for money."""
    if not state.is_match:
        return float(state.cube)
    scorer = _Scorer(state, met)
    return (scorer.utility(state.cube) - scorer.utility(-state.cube)) / 2.0


def _standing(match: Match, player: int, met: MatchEquityTable) -> float:
    """Where the player stands between games: match winning chances (points won for money).

    Inside a game, as at its start: the score before it."""
    won = match.points_won()
    if not match.length:
        return float(won[player] - won[1 - player])
    if match.winner is not None:
        return 1.0 if match.winner == player else 0.0
    away = match.length - won[player]
    opp_away = match.length - won[1 - player]
    game = match.game
    crawford_next = match.is_crawford_game
    if crawford_next and (game is None or game.is_over):
        return met.crawford(away, opp_away)
    return met.pre(away, opp_away)


def judged_state(match: Match, game: Game, player: int) -> CubeState:
    """The cube and score of ``game`` of ``match`` seen from ``player``, as the analysis judges
    them (in a match the cube is valued as live unless the Crawford rule stops it)."""
    owner = CENTRED
    if game.cube_owner is not None:
        owner = MINE if game.cube_owner == player else THEIRS
    if not match.length:
        return CubeState(cube=game.cube_value, owner=owner, cube_enabled=match.cube_enabled)
    score = game.match_score
    return CubeState(
        match_length=match.length,
        away=match.length - score[player],
        opp_away=match.length - score[1 - player],
        cube=game.cube_value,
        owner=owner,
        crawford=game.is_crawford,
        crawford_rule=match.crawford_enabled,
        cube_enabled=match.cube_enabled or bool(match.length),
    )


def _settled_values(
    one_ply: dict[int, float], best: int, best_deep: float | None, settled: dict[int, float]
) -> dict[int, float]:
    """The values of a roll's plays once some are settled against ``best`` at 2-ply: those and
    the best take their 2-ply values (``settled``, ``best_deep``), the others keep their 1-ply
    values moved by as much as the best's moved."""
    if best_deep is None:
        return dict(one_ply)
    shift = best_deep - one_ply[best]
    value = {i: v + shift for i, v in one_ply.items()}
    value.update(settled)
    value[best] = best_deep
    return value


def _end_of_game(history: Sequence[dict[str, Any]], game: int) -> int:
    """The number of actions up to the end of ``game`` (0 the first): where the next begins."""
    seen = -1
    for index, action in enumerate(history):
        kind = action.get("type")
        starts = kind == "new_game" or (
            kind == "setup"
            and index + 1 < len(history)
            and history[index + 1].get("type") != "new_game"
        )
        if starts:
            seen += 1
            if seen == game + 1:
                return index
    return len(history)


def _played_result(game: Game, action: dict[str, Any]) -> Position:
    """The position the recorded play leads to (the recorded result, or the move parsed)."""
    result = action.get("result")
    if isinstance(result, str):
        return Position.from_position_id(result)
    chosen: Play = game._find_play(action["move"])
    assert chosen.result is not None
    return chosen.result


def analyse_match(
    match: Match,
    *,
    evaluator: Evaluator | None = None,
    progress: ProgressFn | None = None,
    cancel: CancelToken = None,
) -> MatchAnalysis:
    """Analyse ``match`` with the Expert evaluator (see the module doc)."""
    return Analyser(evaluator).analyse(match, progress=progress, cancel=cancel)


__all__ = [
    "BAD",
    "DOUBTFUL",
    "VERY_BAD",
    "Analyser",
    "Decision",
    "MatchAnalysis",
    "PlayerSummary",
    "analyse_file",
    "analyse_match",
    "history_fingerprint",
    "luck_mark_of",
    "mark_of",
]


# -- command line -----------------------------------------------------------------------------


def analyse_file(path: str, as_json: bool, out: TextIO, err: TextIO, *, deep: bool = True) -> int:
    """``python -m ai analyse FILE.mat [--json] [--quick]``: every decision, then each player.

    A file that cannot be read gets one ``error:`` line on ``err`` (naming the line of a bad
    ``.mat``), nothing on ``out``, and exit status 2.
    """
    from engine.errors import EngineError
    from engine.mat import load_mat

    try:
        match = load_mat(path)
    except OSError as exc:
        err.write(f"error: cannot read {path}: {exc.strerror or exc}\n")
        return 2
    except EngineError as exc:
        err.write(f"error: {path}: {exc}\n")
        return 2
    analysis = Analyser(deep=deep).analyse(match)
    names = match.players
    for decision in analysis.decisions:
        if as_json:
            out.write(json.dumps(decision.as_json()) + "\n")
            continue
        dice = f"{decision.dice[0]}{decision.dice[1]}" if decision.dice else "  "
        luck = "" if decision.luck is None else f"  luck {decision.luck:+.3f}"
        mark = "" if decision.mark == "none" else f"  {decision.mark.upper()}"
        best = "" if decision.best == decision.played else f"  (best {decision.best})"
        out.write(
            f"game {decision.game + 1:>2}  {names[decision.player]:<12} {decision.kind:<6} "
            f"{dice}  {decision.played or '(no play)'}{best}  loss {decision.loss:.3f}"
            f"{mark}{luck}\n"
        )
    for summary in analysis.players:
        if as_json:
            out.write(json.dumps(summary.as_json()) + "\n")
            continue
        marks = ", ".join(f"{n} {k}" for k, n in summary.marks.items())
        out.write(
            f"{summary.name}: error rate {summary.error_rate_memg:.1f} mEMG over "
            f"{summary.decisions} decisions ({marks}); luck {summary.luck:+.3f}; "
            f"luck-adjusted result {summary.luck_adjusted_result:+.3f}\n"
        )
    return 0
