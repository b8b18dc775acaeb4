"""Resignations in the window: the player gives up, and the computer answers or offers one.

A person resigns a single game, a gammon or a backgammon (``Resignations.resign(kind)``), or
gives the game or match under way up to start a new one (``concede``, counted as lost); against
the computer, it accepts only what its evaluation says is at least as good as playing on
(``ai.resign``), otherwise the game goes on. The computer, before its roll, offers the smallest
resignation that gives nothing away when it can no longer win; the person accepts (the game ends,
scored as the rules say) or plays on, and it offers the same again only when its chances shrink.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Property, QObject, Signal, Slot
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

from app.computer_turn import ComputerTurn, cube_state
from app.session import Session
from app.texts import N_, Nn_, P, T

if TYPE_CHECKING:
    from app.game_flow import GameFlow

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1

KINDS = {1: N_("a single game"), 2: N_("a gammon"), 3: N_("a backgammon")}


def _to_act(s: Session) -> int:
    """The player to act: the one on roll, or the one answering a double."""
    return 1 - s.on_roll if s.phase == "double" else s.on_roll


@QmlElement
@QmlSingleton
class Resignations(QObject):
    """``Resignations.resign(kind)``; ``offer`` (0: none) with ``accept()`` / ``decline()``."""

    changed = Signal()
    conceded = Signal(int)  # this player gave the game or match under way up for a new one

    @staticmethod
    def create(engine: QQmlEngine) -> Resignations:
        from app.parts import part_of

        return part_of(engine, Resignations)

    def __init__(self, flow: GameFlow, computer: ComputerTurn, parent: QObject | None = None):
        super().__init__(parent)
        self._flow = flow
        self._computer = computer
        self._offer = 0  # the kind the computer offers now
        self._offer_text = T("")
        self._declined: tuple[int, int] = (0, 4)  # (game number, smallest kind declined)
        computer.before_roll = self.offer_if_lost

    # -- the person resigns -----------------------------------------------------------------------
    def concede(self) -> None:
        """The game or match under way, about to be replaced by a new one, is given up by the
        person (between two players by the one to act): a game being played is resigned for a
        single game, and ``conceded`` tells who gave up (the window asked first)."""
        flow, s = self._flow, self._flow.session
        if s is None or not s.in_progress():
            return
        player = next(p for p in (0, 1) if flow.human(p)) if s.settings.computer else _to_act(s)
        if s.phase in ("roll", "move", "double"):
            s.resign(player, 1)
        self.conceded.emit(player)

    @Slot(int, result=str)
    def question(self, kind: int) -> str:
        """What resigning ``kind`` gives away, asked before it is done ("" when it cannot be):
        a click in the menu lost the game at once, a gammon in the opening too (found by a
        tester)."""
        flow, s = self._flow, self._flow.session
        if s is None or kind not in KINDS or s.phase not in ("roll", "move", "double"):
            return ""
        player = _to_act(s)
        points = kind * s.cube_value
        text = Nn_(
            "Resign {0}? {1} wins {2} point.",
            "Resign {0}? {1} wins {2} points.",
        )
        said = T(text, T(KINDS[kind]), P(1 - player), points, count=points).render(flow.names())
        return said[:1].upper() + said[1:]  # a sentence that opens with the kind ("een gammon")

    @Slot(int)
    def resign(self, kind: int) -> None:
        """The person to act gives up a single game (1), a gammon (2) or a backgammon (3)."""
        flow, s = self._flow, self._flow.session
        if s is None or flow.busy or flow.history.reviewing or kind not in KINDS:
            return
        if s.phase not in ("roll", "move", "double"):
            return
        player = _to_act(s)
        if not flow.human(player):
            return
        if s.settings.computer and not self._computer_accepts(s, player, kind):
            flow.act(None, T(N_("{0} refuses the resignation: play on."), P(1 - player)))
            return
        flow.act(lambda session: session.resign(player, kind))

    def _computer_accepts(self, s: Session, player: int, kind: int) -> bool:
        from ai.resign import accepts_resignation

        computer = self._computer.player
        if computer is None:
            return True
        by_on_roll = player == s.on_roll
        on_roll_state = cube_state(s)  # the score and cube seen from the player on roll
        state = on_roll_state.swapped() if by_on_roll else on_roll_state
        return accepts_resignation(computer.evaluator, s.position, kind, by_on_roll, state)

    # -- the computer offers ----------------------------------------------------------------------
    def offer_if_lost(self, s: Session) -> bool:
        """Before the computer's roll: offer a resignation when it cannot win (True: offered)."""
        from ai.resign import resignation_to_offer

        computer = self._computer.player
        if computer is None or s.phase != "roll":
            return False
        kind = resignation_to_offer(computer.evaluator, s.position)
        game, declined = self._declined
        if kind == 0 or (game == s.game_number and kind >= declined):
            return False
        points = kind * s.cube_value
        text = Nn_(
            "{0} offers to resign {1}: {2} wins {3} point. Accept?",
            "{0} offers to resign {1}: {2} wins {3} points. Accept?",
        )
        self._set_offer(
            kind, T(text, P(s.on_roll), T(KINDS[kind]), P(1 - s.on_roll), points, count=points)
        )
        return True

    @Slot()
    def accept(self) -> None:
        """The person accepts the computer's resignation: the game ends."""
        s, kind = self._flow.session, self._offer
        if s is None or not kind:
            return
        self._set_offer(0, T(""))
        self._flow.act(lambda session: session.resign(session.on_roll, kind))

    @Slot()
    def decline(self) -> None:
        """The person plays on; the computer takes its turn."""
        s, kind = self._flow.session, self._offer
        if s is None or not kind:
            return
        self._declined = (s.game_number, kind)
        self._set_offer(0, T(""))
        self._flow.act(None, T(N_("{0} plays on."), P(1 - s.on_roll)))

    def clear(self) -> None:
        """A new game or match: no offer stands."""
        self._declined = (0, 4)
        self._set_offer(0, T(""))

    def _set_offer(self, kind: int, text: T) -> None:
        self._offer, self._offer_text = kind, text
        self.changed.emit()

    def _text(self) -> str:
        return self._offer_text.render(self._flow.names())

    offer = Property(int, lambda s: s._offer, notify=changed)
    offerText = Property(str, _text, notify=changed)
