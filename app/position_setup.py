"""Positions and matches that travel: IDs to and from the clipboard, ``.mat`` files in and out.

``PositionSetup`` copies the Position ID and Match ID of what the board shows (also a moment of
the history under review), sets up a pasted pair (or a position from the editor) as a new
session, reads a Jellyfish ``.mat`` file as a match with its whole history (opened in the history
view) and writes the match being played as one. Whatever is refused says why (the engine's
reason, the line of the file) and leaves the game as it was; a game or match in progress is
replaced only after the player agrees (``pending`` is asked, ``confirm()`` or ``cancel()``).
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Property, QObject, Signal, Slot
from PySide6.QtGui import QGuiApplication
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

from app import match_texts
from app.file_dialogs import existing_folder, local_path, save_target
from app.file_texts import mat_refusal, os_problem
from app.game_flow import GameFlow
from app.history import History, current_log
from app.session import Session, session_for_match
from app.settings import Settings
from app.storage import Storage
from app.texts import N_, Nn_, T
from engine import EngineError, Position
from engine.errors import (
    InvalidMatchIdError,
    InvalidPositionIdError,
    MatFormatError,
    PositionProblem,
)
from engine.ids import MATCH_ID_LENGTH, POSITION_ID_LENGTH, exchanged_seats, gnubg_id, read_ids
from engine.mat import decoded, export_mat, loads_mat
from engine.match import Match, SetupRefusal
from engine.matchid import MatchIdFields, decode_match_id

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1

MAX_MAT_BYTES = 4 * 1024 * 1024  # a long match is some 100 kB; more is not a match file


NOT_WRITTEN_OVER = N_(
    "{0} already exists: the match was not written over it. "
    "Choose it in its folder to replace it, or give another name."
)


def mat_path(path: Path) -> Path:
    """``path`` as a match file is written: with ``.mat`` added when it does not end so."""
    return path if path.suffix.lower() == ".mat" else path.with_name(path.name + ".mat")


def shown_ids(position_id: str, match_id: str) -> str:
    """GNU Backgammon's ``POSITION:MATCH`` as a line of the window shows it: a line may break
    after the colon (a long ID otherwise breaks anywhere, and a ")" after it starts a line)."""
    return gnubg_id(position_id, match_id).replace(":", ":\u200b")


def shared(ids: tuple[str, str]) -> tuple[str, str]:
    """This program's Position ID and Match ID as they are shown and copied: in GNU
    Backgammon's seats (the person is its user's player 1: ``engine.ids.exchanged_seats``)."""
    return ids[0], exchanged_seats(ids[1])


def start_play(session: Session) -> bool:
    """Make the opening roll when the session's match waits for its next game to start (a Match
    ID between games, a file ending at a game's start); True when it was made."""
    if session.match.game is None:
        session.start_game()
    if session.phase != "opening":
        return False
    session.opening()
    return True


# Why pasted IDs cannot be set up, in the window's words (the engine's reasons are English)
PASTE_REFUSALS = {
    SetupRefusal.LENGTH: N_("A match goes to 1-25 points."),
    SetupRefusal.SCORE: N_(
        "The match is over: the score already reaches the match length, so no game is left to"
        " set up."
    ),
    SetupRefusal.GAME_STATE: N_("Only a match with a game in play (or none) can be set up."),
    SetupRefusal.RESIGNATION: N_("An offer to resign cannot be set up."),
    SetupRefusal.CUBE_MAXIMUM: N_("The cube goes up to 64."),
    SetupRefusal.DOUBLE_BEYOND_MAXIMUM: N_(
        "The cube goes up to 64: the double shown would take it to 128."
    ),
    SetupRefusal.CRAWFORD_SCORE: N_("A Crawford game needs a player one point from the target."),
    SetupRefusal.CRAWFORD_CUBE: N_("The cube is not used in the Crawford game."),
    SetupRefusal.REDOUBLE: N_("Only the owner of the cube may redouble."),
    SetupRefusal.GAME_OVER: N_("The position is a finished game, not a game in play."),
    SetupRefusal.NO_CUBE: N_("The Match ID shows a cube in a match played without it."),
    SetupRefusal.NO_LEGAL_PLAY: N_("The roll has no legal play: the turn has passed."),
    SetupRefusal.NO_ONE_MOVES: N_(
        "Neither player could ever move: each is closed out by the other, and no turn would"
        " ever be played."
    ),
    SetupRefusal.DOUBLE_NOT_ALLOWED: N_("The double shown is one the rules do not allow."),
    SetupRefusal.CUBE_OWNER: N_(
        "A cube at 1 stays in the middle; a doubled cube belongs to the player who took it."
    ),
    SetupRefusal.CRAWFORD_PLAYED: N_(
        "With both players one point from the target, the Crawford game has been played."
    ),
    SetupRefusal.CRAWFORD_DUE: N_(
        "With a player one point from the target and the other at 0, this is the Crawford game."
    ),
}
POSITION_PROBLEMS = {
    PositionProblem.TOO_MANY_CHECKERS: N_("The Position ID puts more than 15 checkers on a side."),
    PositionProblem.SHARED_POINT: N_("The Position ID puts both sides on one point."),
}


# one word of the letters a Position ID is written in
_ID_LIKE = re.compile(r"[A-Za-z0-9+/]+")


def paste_refusal(exc: EngineError, text: str) -> T:
    """Why ``text`` (pasted) cannot be set up, all in the window's language: the rule it breaks,
    or which ID it does not hold (the engine's own words are English)."""
    shown = " ".join(text.split())
    shown = shown if len(shown) <= 40 else shown[:39] + "…"
    # (one ID or two: "the pasted IDs" was said of a Position ID alone)
    if isinstance(exc, InvalidMatchIdError) and exc.reason in PASTE_REFUSALS:
        return T(N_("The pasted position cannot be set up: {0}"), T(PASTE_REFUSALS[exc.reason]))
    if isinstance(exc, InvalidPositionIdError) and exc.reason in POSITION_PROBLEMS:
        return T(N_("The pasted position cannot be set up: {0}"), T(POSITION_PROBLEMS[exc.reason]))
    if not shown:
        return T(N_("There is nothing to paste: copy a Position ID (and a Match ID) first."))
    if isinstance(exc, InvalidMatchIdError):
        return T(N_("“{0}” holds no valid Match ID."), shown)
    # a Match ID alone (or GNU Backgammon's line of it): said so, not counted short of a
    # Position ID (a teacher, a tester)
    words = _ID_LIKE.findall(shown)
    lone = [w for w in words if len(w) == MATCH_ID_LENGTH and _is_match_id(w)]
    if len(lone) == 1 and all(len(w) < 8 for w in words if w != lone[0]):  # (no other ID)
        return T(
            N_(
                "“{0}” is a Match ID: paste it with its Position ID, as POSITION:MATCH (GNU "
                "Backgammon's ID), or paste a Position ID alone."
            ),
            lone[0],
        )
    # nearly an ID: a character or a few short or too many (found by a tester)
    if _ID_LIKE.fullmatch(shown) and 0 < abs(len(shown) - POSITION_ID_LENGTH) <= 4:
        return T(
            N_(
                "“{0}” is {1} characters long: a Position ID has 14. Paste a Position ID, or "
                "POSITION:MATCH as GNU Backgammon writes it."
            ),
            shown,
            len(shown),
        )
    return T(
        N_(
            "“{0}” holds no valid Position ID. Paste a Position ID of 14 characters, or "
            "POSITION:MATCH as GNU Backgammon writes it."
        ),
        shown,
    )


def _is_match_id(text: str) -> bool:
    try:
        decode_match_id(text)
    except InvalidMatchIdError:
        return False
    return True


@QmlElement
@QmlSingleton
class PositionSetup(QObject):
    """``PositionSetup.copyIds()``, ``paste()``, ``importMat(url)``, ``exportMat(url)``."""

    changed = Signal()
    asked = Signal()  # a new session waits for the player's yes (``pending``)
    refused = Signal()  # something could not be done: ``message`` says why
    told = Signal()  # done (the IDs copied, the file written): ``message`` says it in passing

    @staticmethod
    def create(engine: QQmlEngine) -> PositionSetup:
        from app.parts import part_of

        return part_of(engine, PositionSetup)

    def __init__(
        self,
        flow: GameFlow,
        history: History,
        settings: Settings,
        seed: int | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._flow = flow
        self._history = history
        self._settings = settings
        self._seed = seed
        self._message = T("")
        # session, question, status, review, and what to warn of once it is in place
        self._pending: tuple[Session, T, T, bool, T | None] | None = None
        self._declined: Callable[[], None] | None = None  # told when the player keeps the game
        self._exported: tuple[Session, int] | None = None  # the session written, and its length
        # the folder of the last file read or written, also in an earlier session
        self._folder = str(settings.value("fileFolder"))

    # -- what QML reads -------------------------------------------------------------------------
    def names(self) -> list[str]:
        """The players' names as the window shows them."""
        return self._flow.names()

    @property
    def session(self) -> Session | None:
        return self._flow.session

    def _get_message(self) -> str:
        return self._message.render(self.names())

    def _get_pending(self) -> str:
        return self._pending[1].render(self.names()) if self._pending else ""

    message = Property(str, _get_message, notify=changed)
    pending = Property(str, _get_pending, notify=changed)
    # "no" to the question goes back to where it was asked (the editor: its "Keep playing" went
    # back there, not to the game, found by a teacher)
    declineReturns = Property(bool, lambda s: s._declined is not None, notify=changed)

    @Slot()
    def retranslate(self) -> None:
        self.changed.emit()

    # -- the IDs --------------------------------------------------------------------------------
    def current_ids(self) -> tuple[str, str] | None:
        """The Position ID and Match ID of what the board shows (the moment under review)."""
        moment = self._history.moment()
        if moment is not None and moment.ids[0]:
            return moment.ids
        session = self._flow.session
        if session is None or session.match.game is None:
            return None
        return session.match.position_id(), session.match.match_id()

    def shared_ids(self) -> tuple[str, str] | None:
        """``current_ids`` as they are copied (``shared``)."""
        ids = self.current_ids()
        return None if ids is None else shared(ids)

    @Slot()
    def copyIds(self) -> None:  # noqa: N802
        """Put ``POSITION:MATCH`` (GNU Backgammon's ID) on the clipboard."""
        ids = self.shared_ids()
        if ids is not None:
            self._copy(gnubg_id(*ids), T(N_("Copied the Position ID and Match ID: {0}")))

    @Slot()
    def copyPositionId(self) -> None:  # noqa: N802
        ids = self.shared_ids()
        if ids is not None:
            self._copy(ids[0], T(N_("Copied the Position ID: {0}")))

    @Slot()
    def copyMatchId(self) -> None:  # noqa: N802
        ids = self.shared_ids()
        if ids is not None:
            self._copy(ids[1], T(N_("Copied the Match ID: {0}")))

    def _copy(self, text: str, said: T) -> None:
        QGuiApplication.clipboard().setText(text)
        self._message = T(said.template, text)
        self.changed.emit()
        self.told.emit()

    @Slot()
    def paste(self) -> None:
        """Set up the position whose IDs are on the clipboard."""
        self.pasteText(QGuiApplication.clipboard().text())

    @Slot(str)
    def pasteText(self, text: str) -> None:  # noqa: N802
        """Set up the position of a Position ID, or of a Position ID and a Match ID (in GNU
        Backgammon's seats: its player 1 is the person here)."""
        try:
            position_id, match_id = read_ids(text)
            Position.from_position_id(position_id)
            if match_id is None:  # a money game, the person on roll
                cube = bool(self._settings.value("cube"))
                match_id = MatchIdFields(match_length=0, player_on_roll=1, turn=1).encode()
            else:
                cube = True  # as in GNU Backgammon
            match = Match.from_ids(
                position_id,
                exchanged_seats(match_id),
                players=self.players(),
                seed=self.new_seed(),
                cube=cube,
                crawford=True,
            )
        except EngineError as exc:
            self._refuse(paste_refusal(exc, text))
            return
        session = self.session_for(match)
        status = T(N_("Set up from {0}."), shown_ids(position_id, match_id))
        fields = decode_match_id(match_id)
        # said, not dropped unseen (found by a tester); a match never plays it
        if fields.jacoby and fields.match_length == 0:
            status = T(
                "{0} {1}", status, T(N_("The Jacoby rule of the Match ID is not played here."))
            )
        if start_play(session):
            status = T(
                "{0} {1}", status, match_texts.opening(session.opening_dice, session.on_roll)
            )
        self.offer(session, T(N_("Replace it with the pasted position?")), status)

    def players(self) -> tuple[str, str]:
        """The names the engine's match of a new session keeps (written in a ``.mat`` file)."""
        names = self.opponent()[2]
        return (names[0] or "White", names[1] or "Black")

    def opponent(self) -> tuple[bool, str, tuple[str, str]]:
        """The current game's opponent (computer or not, level) and names, else (none, or a
        match read from a file, whose players are the file's) the last new game's: a position
        pasted over an imported match was set up between the file's two players (a tester)."""
        session = self._flow.session
        if session is not None and session.source != "mat":
            s = session.settings
            return s.computer, s.level, s.names
        d = self._settings.new_game_defaults()
        opponent = str(d.get("opponent", "medium"))
        level = opponent if opponent != "human" else "medium"
        return opponent != "human", level, (str(d.get("name0", "")), str(d.get("name1", "")))

    def session_for(self, match: Match, computer: bool | None = None, level: str = "") -> Session:
        """A session playing on from ``match`` (set up from IDs) with the current opponent, or
        the one given."""
        now_computer, now_level, names = self.opponent()
        if computer is None:
            computer, level = now_computer, now_level
        return session_for_match(match, [], computer=computer, level=level or "medium", names=names)

    def new_seed(self) -> int:
        if self._seed is not None:
            return self._seed
        return random.SystemRandom().randrange(2**32)

    # -- replacing the game, with the player's yes ----------------------------------------------
    def offer(
        self,
        session: Session,
        question: T,
        status: T,
        review: bool = False,
        declined: Callable[[], None] | None = None,
        warning: T | None = None,
    ) -> None:
        """Go on with ``session``: at once, or after the player agrees to drop the game
        (``declined`` is called when the player keeps the game instead); ``warning``, when
        given, is shown as a notice once it is in place."""
        current = self._flow.session
        self._pending = (session, question, status, review, warning)
        self._declined = declined
        # asked while a game or match is under way, or when the one on show has an analysis
        # (a finished, analysed match went without a word: found by a tester)
        if current is not None and (current.in_progress() or current.analysis is not None):
            self.changed.emit()
            self.asked.emit()
        else:
            self.confirm()

    @Slot()
    def confirm(self) -> None:
        """Yes: the waiting session replaces the game."""
        if self._pending is None:
            return
        session, _question, status, review, warning = self._pending
        self._pending = None
        self._declined = None
        self._message = T("")
        self._flow.show_session(session, status)
        if review:
            self._history.first()
        if warning is not None:
            self._flow.show_notice(warning)
        self.changed.emit()

    @Slot()
    def cancel(self) -> None:
        """No: the game goes on as it was."""
        if self._pending is not None:
            self._pending = None
            self.changed.emit()
            declined, self._declined = self._declined, None
            if declined is not None:
                declined()

    def _refuse(self, message: T) -> None:
        self._message = message
        self.changed.emit()
        self.refused.emit()

    # -- .mat files -----------------------------------------------------------------------------
    @Slot(str)
    def importMat(self, url: str) -> None:  # noqa: N802
        """Read the ``.mat`` file at ``url`` (or path) and open its match in the history view."""
        path = local_path(url)
        name = path.name
        self._remember_folder(path.parent)
        try:
            size = path.stat().st_size
            if size > MAX_MAT_BYTES:
                self._refuse(T(N_("{0} is too large to be a match file."), name))
                return
            raw = path.read_bytes()  # (read once: its emptiness, then its match)
            if not raw.strip():  # (it was said to have no "N point match" line)
                self._refuse(T(N_("{0} is empty: there is no match in it."), name))
                return
            match = loads_mat(decoded(raw), seed=self.new_seed())
        except MatFormatError as exc:
            self._refuse(mat_refusal(name, exc))
            return
        except OSError as exc:
            self._refuse(T(N_("{0} could not be opened: {1}"), name, os_problem(exc)))
            return
        session = session_for_match(
            match, current_log(match), computer=False, names=match.players, source="mat"
        )
        start_play(session)  # a file may stop at the start of a game
        games = len(match.games)
        score = match.score
        status = T(
            Nn_("Read {1}: {0} game, {2}-{3}.", "Read {1}: {0} games, {2}-{3}."),
            games,
            name,
            score[0],
            score[1],
            count=games,
        )
        last = match.game
        warning = None
        if last is not None and not last.is_over:  # as a match in progress is written
            said = T(N_("The file stops during game {0}: it goes on from there."), games)
            status = T("{0} {1}", status, said)
            # said at once: the history opens on the match's first moment, where the status
            # line tells that moment (found by a tester, who saw it only back in the game)
            warning = status
        question = T(N_("Replace it with the match from {0}?"), name)
        self.offer(session, question, status, True, warning=warning)

    def export_refusal(self) -> T | None:
        """Why the match cannot be written as ``.mat`` now, or None."""
        session = self._flow.session
        if session is None or not session.match.games:
            return T(N_("There is no match to export yet."))
        if session.match.began_from_setup:
            return T(
                N_(
                    "This game began from a set-up position: a .mat file holds only games played "
                    "from the start."
                )
            )
        return None

    @Slot(result=bool)
    def mayExport(self) -> bool:  # noqa: N802
        """True when the match can be exported; else the player is told why."""
        refusal = self.export_refusal()
        if refusal is not None:
            self._refuse(refusal)
        return refusal is None

    def _remember_folder(self, folder: Path) -> None:
        self._folder = str(folder)
        self._settings.store("fileFolder", self._folder)

    @Slot(result=str)
    def folder(self) -> str:
        """Where the file dialogs open: the folder of the last file read or written, else the
        documents folder, else the home folder (as a URL)."""
        return existing_folder(self._folder)

    @Slot(result=str)
    def exportName(self) -> str:  # noqa: N802
        """A file name for the export: the players and the date."""
        names = "-".join(n.replace(" ", "_") for n in self.names())
        safe = "".join(c for c in names if c.isalnum() or c in "-_") or "match"
        return f"{safe}-{time.strftime('%Y-%m-%d')}.mat"

    @Slot(str, str, result=bool)
    def exportMatFrom(self, url: str, folder: str) -> bool:  # noqa: N802
        """``exportMat`` of what a file dialog open on ``folder`` chose, unless
        ``save_target`` refuses it (a folder typed as the name, a typed file that exists)."""
        path, refusal = save_target(url, folder, NOT_WRITTEN_OVER, mat_path)
        if refusal is not None:
            self._refuse(refusal)
            return False
        return self.exportMat(str(path))

    @Slot(str, result=bool)
    def exportMat(self, url: str) -> bool:  # noqa: N802
        """Write the match to ``url`` (or path) as Jellyfish ``.mat``; False when it could not."""
        if not self.mayExport():
            return False
        session = self._flow.session
        assert session is not None
        path = mat_path(local_path(url))
        if not path.parent.is_dir():  # say so: a folder typed by mistake is not made
            self._refuse(
                T(N_("The folder {0} does not exist: the match was not written."), str(path.parent))
            )
            return False
        self._remember_folder(path.parent)
        match = session.match
        names = self._flow.names()  # as the window shows them (in its language)
        header = [
            '; [Site "Backgammon"]',
            f'; [Player 1 "{names[0]}"]',
            f'; [Player 2 "{names[1]}"]',
            # the date the match was played: an imported file's own, else today
            f'; [EventDate "{match.tags.get("EventDate", time.strftime("%Y.%m.%d"))}"]',
            f'; [Crawford "{"On" if match.crawford_enabled else "Off"}"]',
            "",
        ]
        try:
            text = export_mat(match, names)
            Storage(path.parent).write(path.name, "\n".join(header) + "\n" + text, document=True)
        except OSError as exc:
            self._refuse(
                T(N_("The match could not be written to {0}: {1}"), path.name, os_problem(exc))
            )
            return False
        self._message = T(N_("The match was written to {0}."), str(path))
        self._exported = (session, len(match.history))
        self.changed.emit()
        self.told.emit()
        return True

    @Slot(result=bool)
    def exportedNow(self) -> bool:  # noqa: N802
        """Whether the match on show is written to a file as it stands now (exported, nothing
        played since): a question before it is replaced does not ask to export it first
        (it did, just after an export: found by a tester)."""
        session = self._flow.session
        if session is None or self._exported is None:
            return False
        return self._exported[0] is session and self._exported[1] == len(session.match.history)
