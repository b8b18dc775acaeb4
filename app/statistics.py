"""Statistics kept across sessions: every finished game and match, by opponent and mode.

Each finished game adds one record to ``statistics.json`` in the data folder (the date, the
opponent: a computer level or a second person, single game or match, who won, how: single,
gammon or backgammon, and the points); a finished match adds one more. The window shows the
totals per opponent and a chart of the points won and lost over time, and can reset them. A file
that cannot be read is moved aside, never overwritten, and the player is told.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

from PySide6.QtCore import Property, QObject, Signal, Slot
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

from app.file_texts import os_problem
from app.session import LEVELS, Session
from app.storage import Storage
from app.texts import N_, T
from engine import jsonfile

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1

FILE_NAME = "statistics.json"
VERSION = 1
MAX_RECORDS = 100_000
OPPONENTS = (*LEVELS, "human")


@dataclass(frozen=True)
class Record:
    """One finished game (``match`` False) or match (True), seen from White (player 0)."""

    when: float  # seconds since the epoch
    opponent: str  # a computer level, or "human" for two players at one computer
    match: bool
    length: int  # the match length; 0 for a single game
    won: bool  # White won (the person, against the computer)
    kind: int  # 1 single, 2 gammon, 3 backgammon (games); 0 for a match
    points: int  # points of the game (games); the final score's margin (matches)
    key: str = ""  # the match's seed and the game's number: each game is counted once

    @classmethod
    def from_json(cls, data: object) -> Record:
        """Raises ``ValueError`` for anything that is not a record of this program."""
        fields = jsonfile.mapping(data, "a record")
        opponent = jsonfile.text(fields.get("opponent"), "opponent", max_length=20)
        if opponent not in OPPONENTS:
            raise ValueError(f"unknown opponent {jsonfile.shown(opponent)}")
        when = fields.get("when")
        if isinstance(when, bool) or not isinstance(when, int | float) or not 0 <= when < 1e11:
            raise ValueError("'when' must be a time")
        return cls(
            when=float(when),
            opponent=opponent,
            match=jsonfile.boolean(fields.get("match"), "match"),
            length=jsonfile.integer(fields.get("length"), "length", 0, 25),
            won=jsonfile.boolean(fields.get("won"), "won"),
            kind=jsonfile.integer(fields.get("kind"), "kind", 0, 3),
            points=jsonfile.integer(fields.get("points"), "points", 0, 64 * 3 * 25),
            key=jsonfile.text(fields.get("key", ""), "key", max_length=60),
        )


def totals(records: Iterable[Record]) -> list[dict[str, Any]]:
    """One row per opponent met: games and matches played and won, gammons and backgammons."""
    rows: dict[str, dict[str, Any]] = {}
    for r in records:
        row = rows.setdefault(
            r.opponent,
            {
                "opponent": r.opponent,
                "games": 0,
                "gamesWon": 0,
                "matches": 0,
                "matchesWon": 0,
                "gammonsWon": 0,
                "gammonsLost": 0,
                "backgammonsWon": 0,
                "backgammonsLost": 0,
                "points": 0,
            },
        )
        if r.match:
            row["matches"] += 1
            row["matchesWon"] += r.won
            continue
        row["games"] += 1
        row["gamesWon"] += r.won
        row["points"] += r.points if r.won else -r.points
        side = "Won" if r.won else "Lost"
        if r.kind == 2:
            row["gammons" + side] += 1
        elif r.kind == 3:
            row["backgammons" + side] += 1
    return [rows[o] for o in OPPONENTS if o in rows]


def chart(records: Iterable[Record], limit: int = 200) -> list[int]:
    """White's running total of points over the last ``limit`` games, starting at 0."""
    running = [0]
    for r in records:
        if not r.match:
            running.append(running[-1] + (r.points if r.won else -r.points))
    return running[-(limit + 1) :]


def _played_here(session: Session) -> bool:
    """False for a position set up (lessons, IDs) or a match read from a file."""
    return not session.source and not session.match.began_from_setup


@QmlElement
@QmlSingleton
class Statistics(QObject):
    """The statistics the window shows (``Statistics.rows``, ``Statistics.reset()``)."""

    changed = Signal()

    @staticmethod
    def create(engine: QQmlEngine) -> Statistics:
        from app.parts import part_of

        return part_of(engine, Statistics)

    def __init__(self, storage: Storage | None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._storage = storage  # None: nothing is kept (screenshots, tests)
        self._records: list[Record] = []
        self._problem = T("")
        self._seen: list[str] = []
        self._read()
        self._keys = dict.fromkeys([*self._seen, *(r.key for r in self._records)])

    @property
    def records(self) -> list[Record]:
        return list(self._records)

    # -- recording ------------------------------------------------------------------------------
    def record_game(self, session: Session) -> None:
        """Count the game ``session`` has finished (and its match, when that is over), once."""
        result = session.result
        if result is None or not _played_here(session):
            return
        key = f"{session.id}:{session.game_number}"
        if key in self._keys:
            return
        self._keys[key] = None
        s = session.settings
        opponent = s.level if s.computer else "human"
        now = time.time()
        added = [
            Record(
                now, opponent, False, s.match_length, result.winner == 0, result.kind, result.points
            )
        ]
        if session.phase == "match_over":
            score = session.score
            added.append(
                Record(
                    now,
                    opponent,
                    True,
                    s.match_length,
                    score[0] > score[1],
                    0,
                    abs(score[0] - score[1]),
                )
            )
        self._add(added)

    def record_conceded(self, session: Session, player: int) -> None:
        """Count the game ``player`` resigned to start anew and, in a match, the match given up
        with it (the opponent's win, by what the resigner still lacked)."""
        self.record_game(session)
        s = session.settings
        if s.match_length <= 0 or session.phase == "match_over" or not _played_here(session):
            return
        key = f"{session.id}:match"
        if key in self._keys:
            return
        self._keys[key] = None
        lacked = max(1, s.match_length - session.score[player])
        opponent = s.level if s.computer else "human"
        self._add([Record(time.time(), opponent, True, s.match_length, player == 1, 0, lacked)])

    def _add(self, records: list[Record]) -> None:
        self._records.extend(records)
        del self._records[:-MAX_RECORDS]
        self._write()
        self.changed.emit()

    @Slot()
    def reset(self) -> None:
        """Forget every record (the window asks first)."""
        self._records = []  # the games counted stay known, so that none is counted again
        self._write()
        self.changed.emit()

    # -- the file -------------------------------------------------------------------------------
    def _read(self) -> None:
        if self._storage is None:
            return
        try:
            data = jsonfile.mapping(self._storage.read_json(FILE_NAME), "the statistics")
            version = data.get("version")
            if type(version) is not int or version != VERSION:
                raise ValueError(f"unknown version {jsonfile.shown(version)}")
            items = jsonfile.array(data.get("records"), "records", max_length=MAX_RECORDS)
            records = [Record.from_json(item) for item in items]
            seen = jsonfile.array(data.get("seen", []), "seen", max_length=1000)
            keys = [jsonfile.text(key, "a key", max_length=60) for key in seen]
            self._records, self._seen = records, keys
        except FileNotFoundError:
            return
        except (OSError, ValueError) as exc:
            where = self._storage.set_aside(FILE_NAME) or "-"
            self._problem = T(
                N_("The statistics could not be read ({0}). They were moved aside as {1}."),
                str(exc),
                where,
            )

    def _write(self) -> None:
        if self._storage is None:
            return
        data = {
            "version": VERSION,
            "records": [asdict(r) for r in self._records],
            "seen": list(self._keys)[-1000:],  # the latest
        }
        try:
            self._storage.write(FILE_NAME, json.dumps(data))
        except OSError as exc:
            self._problem = T(N_("The statistics could not be saved: {0}"), os_problem(exc))

    # -- what QML reads -------------------------------------------------------------------------
    rows = Property("QVariantList", lambda s: totals(s._records), notify=changed)
    points = Property("QVariantList", lambda s: chart(s._records), notify=changed)
    problem = Property(str, lambda s: s._problem.render(["", ""]), notify=changed)
    count = Property(int, lambda s: sum(not r.match for r in s._records), notify=changed)
