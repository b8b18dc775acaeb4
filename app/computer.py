"""The computer opponent as the window uses it, and the worker that runs it off the GUI thread.

``ComputerOpponent`` is a small adapter: it asks the project's AI player (``ai.player``) when it is
available, and otherwise the shipped evaluator at 0-ply, with level-dependent noise. Cube
decisions follow the same rule: Beginner never doubles and always takes.

``AiTask`` runs one decision on the global ``QThreadPool`` and reports by signal; every request
carries a number, and the controller ignores answers to requests it has cancelled.
"""

from __future__ import annotations

import random
import traceback
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QRunnable, Signal

from app.qtcompat import emit
from engine import Play, Position, legal_plays

# Noise (in equity) added to each candidate's value, per level, for the fallback player.
_NOISE = {"beginner": 0.35, "easy": 0.15, "medium": 0.05, "hard": 0.015, "expert": 0.0}


@dataclass(frozen=True)
class CubeState:
    """The match state a cube decision needs, from the view of the player deciding."""

    cube_value: int
    cube_owner: int  # -1 centred, 0 the decider, 1 the opponent
    match_length: int
    score: tuple[int, int]  # (decider, opponent)
    crawford: bool


class ComputerOpponent:
    """Decisions of the computer at one level."""

    def __init__(self, level: str, seed: int | None = None) -> None:
        self.level = level
        self.rng = random.Random(seed)
        self._player: Any = None
        self._evaluator: Any = None
        try:
            from ai import player as ai_player  # the project's AI player, when present

            self._player = _make_player(ai_player, level, seed)
        except Exception:  # noqa: BLE001  (any failure: fall back to the evaluator)
            self._player = None

    # -- helpers ------------------------------------------------------------------------------
    def _equities(self, positions: list[Position]) -> list[float]:
        """Cubeless equity for the player on roll of each position (the evaluator's view)."""
        try:
            if self._evaluator is None:
                from ai.evaluator import equity, load_default_evaluator

                self._evaluator = (load_default_evaluator(), equity)
            evaluator, equity = self._evaluator
            return [float(x) for x in equity(evaluator.evaluate_batch(positions))]
        except Exception:  # noqa: BLE001  (no AI available: a pip-count heuristic)
            return [_pip_heuristic(p) for p in positions]

    # -- decisions ----------------------------------------------------------------------------
    def choose_play(self, position: Position, dice: tuple[int, int]) -> Play | None:
        """The play for ``dice`` in ``position`` (mover on roll); None when no play is legal."""
        plays = legal_plays(position, dice)
        if not plays:
            return None
        if len(plays) == 1:
            return plays[0]
        if self._player is not None:
            try:
                chosen = self._player.choose_play(position, dice)
                if chosen is not None:
                    return _matching_play(plays, chosen)
            except Exception:  # noqa: BLE001
                traceback.print_exc()
        values = self._equities([p.result for p in plays])  # opponent on roll: lower is better
        noise = _NOISE.get(self.level, 0.0)
        scored = [
            (-v + self.rng.gauss(0.0, noise) if noise else -v, i) for i, v in enumerate(values)
        ]
        return plays[max(scored)[1]]

    def should_double(self, position: Position, state: CubeState) -> bool:
        """Offer a double before rolling in ``position`` (decider on roll)?"""
        if self.level == "beginner":
            return False
        if self._player is not None and hasattr(self._player, "should_double"):
            try:
                return bool(self._player.should_double(position, state))
            except Exception:  # noqa: BLE001
                traceback.print_exc()
        value = self._equities([position])[0]
        threshold = {"easy": 0.75, "medium": 0.65, "hard": 0.6, "expert": 0.58}.get(
            self.level, 0.65
        )
        return threshold <= value < 0.95

    def should_take(self, position: Position, state: CubeState) -> bool:
        """Take a double offered by the player on roll in ``position`` (decider not on roll)?"""
        if self.level == "beginner":
            return True
        if self._player is not None and hasattr(self._player, "should_take"):
            try:
                return bool(self._player.should_take(position, state))
            except Exception:  # noqa: BLE001
                traceback.print_exc()
        doubler_equity = self._equities([position])[0]
        return doubler_equity < 0.5  # roughly: the taker still wins a quarter of the games


def _make_player(module: Any, level: str, seed: int | None) -> Any:
    for name in ("AiPlayer", "Player", "ComputerPlayer"):
        cls = getattr(module, name, None)
        if cls is not None:
            try:
                return cls(level=level, seed=seed)
            except TypeError:
                return cls(level)
    if hasattr(module, "for_level"):
        return module.for_level(level)
    raise LookupError("ai.player has no player class")


def _matching_play(plays: list[Play], chosen: Any) -> Play:
    """The legal play equal to ``chosen`` (a Play or its resulting position)."""
    target = getattr(chosen, "result", chosen)
    for play in plays:
        if play.result == target:
            return play
    raise ValueError("The AI chose a play that is not legal.")


def _pip_heuristic(position: Position) -> float:
    mine, theirs = position.pip_count()
    return max(-1.0, min(1.0, (theirs - mine) / 60.0))


class AiSignals(QObject):
    finished = Signal(int, object)  # request number, answer
    failed = Signal(int, str)


class AiTask(QRunnable):
    """One decision of ``opponent`` run on a worker thread: ``kind`` is play, double or take."""

    def __init__(self, request: int, opponent: ComputerOpponent, kind: str, *args: Any) -> None:
        super().__init__()
        self.request = request
        self.opponent = opponent
        self.kind = kind
        self.args = args
        self.signals = AiSignals()
        self.setAutoDelete(False)  # the controller keeps it until it reports

    def run(self) -> None:
        try:
            if self.kind == "play":
                answer: Any = self.opponent.choose_play(*self.args)
            elif self.kind == "double":
                answer = self.opponent.should_double(*self.args)
            else:
                answer = self.opponent.should_take(*self.args)
            emit(self.signals.finished, self.request, answer)
        except Exception as exc:  # noqa: BLE001  (reported to the GUI, which picks a fallback)
            emit(self.signals.failed, self.request, f"{type(exc).__name__}: {exc}")
