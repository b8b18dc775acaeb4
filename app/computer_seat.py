"""What the computer's decisions do to the game: the table ``ComputerTurn.take_turn`` sits at.

``ComputerTurn`` decides off the GUI thread and, when an answer comes, calls these; each moves
the game on through ``GameFlow`` as a person's action would (said, saved, and the next turn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.session import Session
from app.texts import N_, P, T

if TYPE_CHECKING:
    from app.game_flow import GameFlow


class ComputerSeat:
    """The computer's seat at ``flow``'s game (``app.computer_turn.Table``)."""

    def __init__(self, flow: GameFlow) -> None:
        self._flow = flow

    def human(self, player: int) -> bool:
        return self._flow.human(player)

    def set_busy(self, busy: bool) -> None:
        self._flow.set_busy(busy)

    def publish(self) -> None:
        self._flow.publish()

    def computer_answers(self, take: bool) -> None:
        self._flow.set_busy(False)
        session = self._flow.session
        if session is not None and session.phase == "double":
            self._flow.answer_double(take)

    def computer_doubles(self) -> None:
        session = self._flow.session
        assert session is not None
        value = session.cube_value * 2
        self._flow.set_busy(False)
        self._flow.act(
            Session.double, T(N_("{0} doubles to {1}. Take or pass?"), P(session.on_roll), value)
        )

    def computer_rolls(self) -> None:
        self._flow.roll_dice()

    def computer_moves_shown(self) -> None:
        """The computer's play has been shown step by step: end its turn."""
        self._flow.finish_shown_turn()
