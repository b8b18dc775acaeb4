"""The computer opponent as the window uses it, and the worker that runs it off the GUI thread.

``ComputerOpponent`` is a small adapter over the project's AI player (``ai.player``), in the
app's terms; should the AI fail to load, a plain pip-count player keeps the game going.

``AiTask`` runs one decision on the global ``QThreadPool`` and reports by signal; every request
carries a number, and the controller ignores answers to requests it has cancelled.
"""

from __future__ import annotations

import random
import threading
import traceback
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QRunnable, Signal

from app.qtcompat import emit
from engine import Play, Position, legal_plays


@dataclass(frozen=True)
class CubeState:
    """The match state of a cube decision, from the view of the player ON ROLL of the position
    (the doubler when a double is pending), as GNU Backgammon's Match ID has it."""

    cube_value: int
    cube_owner: int  # -1 centred, 0 the player on roll, 1 the opponent
    match_length: int
    score: tuple[int, int]  # (player on roll, opponent)
    crawford: bool
    crawford_rule: bool = True
    cube_enabled: bool = True

    def for_ai(self) -> Any:
        from ai.cube import CENTRED, MINE, THEIRS
        from ai.cube import CubeState as AiCubeState

        length = self.match_length
        return AiCubeState(
            match_length=length,
            away=length - self.score[0] if length else 0,
            opp_away=length - self.score[1] if length else 0,
            cube=self.cube_value,
            owner={-1: CENTRED, 0: MINE, 1: THEIRS}[self.cube_owner],
            crawford=self.crawford,
            crawford_rule=self.crawford_rule,
            cube_enabled=self.cube_enabled,
        )


class ComputerOpponent:
    """Decisions of the computer at one level (the project's ``ai.player``)."""

    def __init__(self, level: str, seed: int | None = None, crawford_rule: bool = True) -> None:
        self.level = level
        self.rng = random.Random(seed)
        self._player: Any = None
        try:
            from ai.player import ComputerPlayer

            self._player = ComputerPlayer(level, seed=seed or 0, crawford_rule=crawford_rule)
        except Exception:  # noqa: BLE001  (no AI available: the fallback below still plays)
            traceback.print_exc()

    def choose_play(
        self,
        position: Position,
        dice: tuple[int, int],
        state: CubeState | None = None,
        cancel: threading.Event | None = None,
    ) -> Play | None:
        """The play for ``dice`` in ``position`` (mover on roll); None when no play is legal."""
        if self._player is not None:
            return self._player.choose_play(
                position, dice, state.for_ai() if state else None, cancel=cancel
            )
        plays = legal_plays(position, dice)
        if not plays:
            return None
        values = [_pip_heuristic(p.result) for p in plays]  # opponent on roll: lower is better
        return plays[min(range(len(plays)), key=lambda i: (values[i], self.rng.random()))]

    def should_double(
        self, position: Position, state: CubeState, cancel: threading.Event | None = None
    ) -> bool:
        """Offer a double before rolling in ``position`` (the decider on roll)?"""
        if self.level == "beginner":
            return False
        if self._player is not None:
            return bool(self._player.should_double(position, state.for_ai(), cancel=cancel))
        return _pip_heuristic(position) > 0.4

    def should_take(
        self, position: Position, state: CubeState, cancel: threading.Event | None = None
    ) -> bool:
        """Take the double offered by the player on roll of ``position`` (doubler's view)?"""
        if self.level == "beginner":
            return True
        if self._player is not None:
            return bool(self._player.should_take(position, state.for_ai(), cancel=cancel))
        return _pip_heuristic(position) < 0.5


def _pip_heuristic(position: Position) -> float:
    mine, theirs = position.pip_count()
    return max(-1.0, min(1.0, (theirs - mine) / 60.0))


class AiSignals(QObject):
    finished = Signal(int, object)  # request number, answer
    failed = Signal(int, str)


class AiTask(QRunnable):
    """One decision of ``opponent`` run on a worker thread: ``kind`` is play, double or take.

    ``cancel`` is set when the answer is no longer wanted; the search then stops early.
    """

    def __init__(self, request: int, opponent: ComputerOpponent, kind: str, *args: Any) -> None:
        super().__init__()
        self.cancel = threading.Event()
        self.request = request
        self.opponent = opponent
        self.kind = kind
        self.args = args
        self.signals = AiSignals()
        self.setAutoDelete(False)  # the controller keeps it until it reports

    def run(self) -> None:
        try:
            if self.kind == "play":
                answer: Any = self.opponent.choose_play(*self.args, cancel=self.cancel)
            elif self.kind == "double":
                answer = self.opponent.should_double(*self.args, cancel=self.cancel)
            else:
                answer = self.opponent.should_take(*self.args, cancel=self.cancel)
            emit(self.signals.finished, self.request, answer)
        except Exception as exc:  # noqa: BLE001  (reported to the GUI, which picks a fallback)
            emit(self.signals.failed, self.request, f"{type(exc).__name__}: {exc}")
