"""What the window says aloud through the screen reader as the game goes on.

``Announcer`` watches the match view and tells QML (``announced``; the window passes it to
``Accessible.announce``) each time something happens that a player who cannot see the board must
hear: the status line (rolls, doubles, takes, passes, results, the rule that refused a move),
the computer's play in words ("Black plays 13 to 7, 8 to 7."), the player's own steps, a
checker picked up and where it can go, a move taken back, and the hint mode. Other parts (the
coach) say their own texts with ``say``. ``spoken`` keeps the latest texts (for tests and a
history a person can read back).
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import Property, QObject, Qt, QTimer, Signal, Slot
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

from app import spoken
from app.board_input import BoardInput
from app.board_speech import viewer_of
from app.match_view import MatchView
from app.move_log import LogLine
from app.session import Session
from app.settings import Settings
from app.texts import N_, _

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1

HINT_MODE_TEXT = (N_("Hints: off"), N_("Hints: checkers"), N_("Hints: checkers and points"))
KEPT = 50  # texts kept in ``spoken``


class Table(Protocol):
    """What the announcer needs of the game (``app.game_flow.GameFlow``)."""

    @property
    def session(self) -> Session | None: ...
    def human(self, player: int) -> bool: ...


@QmlElement
@QmlSingleton
class Announcer(QObject):
    """``Announcer.announced(text)`` for the window; ``Announcer.say(text)`` for other parts."""

    @staticmethod
    def create(engine: QQmlEngine) -> Announcer:
        """The window's own Announcer (made by ``app.window``), when QML first names it."""
        from app.parts import part_of

        return part_of(engine, Announcer)

    announced = Signal(str)
    spokenChanged = Signal()

    def __init__(
        self,
        view: MatchView,
        table: Table,
        board_input: BoardInput,
        settings: Settings,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._view = view
        self._table = table
        self._input = board_input
        self._spoken: list[str] = []
        self._status = ""
        self._status_said = False  # the status was said since the last refusal
        self._quiet = False
        self._turn: tuple[int, int, int] = (0, -1, -1)  # (session, game number, log lines)
        self._steps = 0
        self._selected = -1
        view.changed.connect(self._on_view)
        # Queued: after the game has published the rule's reason as its status.
        board_input.refused.connect(self._on_refused, Qt.ConnectionType.QueuedConnection)
        settings.hintModeChanged.connect(
            lambda: self.say(_(HINT_MODE_TEXT[settings.value("hintMode")]))
        )
        self._sync()

    # -- for QML and the other parts ------------------------------------------------------------
    @Slot(str)
    def say(self, text: str) -> None:
        """Say ``text`` now (a polite announcement: after what the reader is saying)."""
        text = text.strip()
        if not text:
            return
        self._spoken = [*self._spoken[-(KEPT - 1) :], text]
        self.spokenChanged.emit()
        self.announced.emit(text)

    spoken = Property("QStringList", lambda self: self._spoken, notify=spokenChanged)

    @Slot()
    def hush(self) -> None:
        """Take the next change of the view silently (its texts change language, not news)."""
        self._quiet = True
        QTimer.singleShot(0, self._end_hush)

    def _end_hush(self) -> None:
        self._quiet = False
        self._sync()

    # -- what happened ----------------------------------------------------------------------------
    def _on_refused(self, _reason: str) -> None:
        """The same rule again is said again (the status did not change, so the view did not)."""
        if not self._status_said:
            self.say(self._view.state.status)
        self._status_said = False

    def _sync(self) -> None:
        """Remember what is shown now, without saying it."""
        state = self._view.state
        self._status = state.status
        self._selected = state.selected
        session = self._table.session
        if session is not None:
            self._turn = (session.token, session.game_number, len(session.log))
            self._steps = len(session.turn.steps) if session.turn is not None else 0

    def _on_view(self) -> None:
        if self._quiet:
            return
        state = self._view.state
        session = self._table.session
        texts: list[str] = []
        if session is not None and not state.reviewing:
            texts += self._plays(session, state.computerPlayer, state.names)
            texts += self._steps_made(session)
            if state.selected >= 0 and state.selected != self._selected:
                targets = self._input.reachable_locations()
                texts.append(spoken.picked_text(state.selected, targets, viewer_of(state)))
        self._selected = state.selected
        if state.status and state.status != self._status:
            texts.append(state.status)
            self._status_said = True
        self._status = state.status
        for text in texts:
            self.say(text)

    def _plays(self, session: Session, computer: int, names: list[str]) -> list[str]:
        """The computer's plays written to the log since the last look, in words."""
        turn = (session.token, session.game_number, len(session.log))
        if turn[0] != self._turn[0]:
            start = turn[2]  # another session (a new game, a resumed one): only news from now
        else:
            start = self._turn[2] if turn[1] == self._turn[1] else 0
        self._turn = turn
        out = []
        for line in session.log[start:]:
            read = LogLine.parse(line)
            # a play of the computer's (its cube actions and resignations are said by the status)
            if read is not None and read.kind == "play" and read.player == computer:
                out.append(spoken.notation_words(names[computer], read.play))
        return out

    def _steps_made(self, session: Session) -> list[str]:
        """The player's own step just made (or taken back)."""
        steps = list(session.turn.steps) if session.turn is not None else []
        before, self._steps = self._steps, len(steps)
        if session.phase != "move" or not self._table.human(session.on_roll):
            return []
        if len(steps) == before + 1:
            return [_("Moved {0}.").format(spoken.step_words(steps[-1]))]
        if len(steps) == before - 1:
            return [_("Move taken back.")]
        return []
