"""Dice you can check, in the window: the dice report of a game or of the whole match.

``DiceReportView`` shows, per player, the rolls against fair dice (each of the 21 rolls, the
doubles against one roll in six), how often the dice let a checker in from the bar and let a
blot be hit against the chances, a chi-square test in plain words, and each player's luck from
the analysis when there is one. It shows the match's dice seed and replays the match on the
same dice ("Replay with these dice": a new match with the same settings on that seed). The
counts are the engine's (``engine.dice_report``); only the words are made here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Property, QObject, Signal, Slot
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

from app.i18n import format_number, format_percent, format_signed
from app.match_view import display_names
from app.session import Session
from app.texts import N_, Nn_, T, _
from engine.dice import DISTINCT_ROLLS
from engine.dice_report import (
    FAIR,
    UNUSUAL,
    Chances,
    ChiSquare,
    dealt_by_seed,
    dice_report,
    match_chances,
    match_rolls,
)

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1

# The chi-square test in plain words: (what was tested, what it found) -> the sentence
VERDICTS = {
    ("rolls", FAIR): N_(
        "The dice look fair: fair dice spread the 21 rolls at least this unevenly {0} of the time."
    ),
    ("rolls", UNUSUAL): N_(
        "Unusual, though it happens: fair dice spread the 21 rolls this unevenly only {0} of "
        "the time."
    ),
    ("rolls", "very unusual"): N_(
        "Very unusual: fair dice spread the 21 rolls this unevenly less than once in a "
        "thousand matches."
    ),
    ("faces", FAIR): N_(
        "The dice look fair: fair dice spread the six faces at least this unevenly {0} of the time."
    ),
    ("faces", UNUSUAL): N_(
        "Unusual, though it happens: fair dice spread the six faces this unevenly only {0} of "
        "the time."
    ),
    ("faces", "very unusual"): N_(
        "Very unusual: fair dice spread the six faces this unevenly less than once in a "
        "thousand matches."
    ),
}


def verdict(test: ChiSquare | None) -> str:
    """The test's finding in plain words."""
    if test is None:
        return _("Too few rolls to test the dice.")
    decimals = 0 if test.p_value >= 0.1 else 1
    return _(VERDICTS[(test.what, test.finding)]).format(format_percent(test.p_value, decimals))


def chances_text(chances: Chances, kind: str) -> str:
    if not chances.tries:  # (said of hitting, "never needed" made no sense: a tester)
        return _("No roll from the bar") if kind == "entering" else _("No shot at a blot")
    if kind == "entering":
        template = Nn_(
            "{0} of {1} roll let a checker in ({2} expected)",
            "{0} of {1} rolls let a checker in ({2} expected)",
        )
    else:
        template = Nn_(
            "{0} of {1} roll could hit ({2} expected)", "{0} of {1} rolls could hit ({2} expected)"
        )
    return T(
        template,
        chances.happened,
        chances.tries,
        format_number(chances.expected, 1),
        count=chances.tries,
    ).render([])


@QmlElement
@QmlSingleton
class DiceReportView(QObject):
    """The dice report (``DiceReportView.players``, ``counts``, ``seed``) and the replay."""

    changed = Signal()

    @staticmethod
    def create(engine: QQmlEngine) -> DiceReportView:
        from app.parts import part_of

        return part_of(engine, DiceReportView)

    def __init__(
        self,
        session: Callable[[], Session | None],
        replay: Callable[[int], None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._session = session
        self._replay = replay
        self._game = -1  # -1: the whole match; else the game (0 the first)
        self._data: dict[str, Any] = {}

    @Slot()
    def refresh(self) -> None:
        """Count again (the dialog opens, the match went on, another language)."""
        session = self._session()
        if session is None:
            self._data = {}
        else:
            games = len(session.match.games)
            if self._game >= games:
                self._game = -1
            self._data = self._report(session)
        self.changed.emit()

    @Slot(int)
    def setGame(self, game: int) -> None:  # noqa: N802
        """Report on game ``game`` (1 the first), or on the whole match (0)."""
        self._game = game - 1
        self.refresh()

    @Slot()
    def replay(self) -> None:
        """A new match with the same settings on the same dice (the window asks first)."""
        session = self._session()
        if session is not None and dealt_by_seed(session.match):
            self._replay(session.match.seed)
            self._game = -1
            self.refresh()

    def _report(self, session: Session) -> dict[str, Any]:
        match = session.match
        game = None if self._game < 0 else self._game
        names = display_names(session)
        players, reports = [], []
        analysis = session.analysis
        for player in (0, 1):
            report = dice_report(match_rolls(match, player, game))
            reports.append(report)
            chances = match_chances(match, player, game)
            players.append(
                {
                    "name": names[player],
                    "rolls": str(report.rolls),
                    "doubles": _("{0} ({1} expected: one roll in six)").format(
                        report.doubles, format_number(report.doubles_expected, 1)
                    ),
                    "entering": chances_text(chances["entering"], "entering"),
                    "hitting": chances_text(chances["hitting"], "hitting"),
                    "verdict": verdict(report.test),
                    "luck": self._luck(analysis, player, game) if report.rolls else _("No rolls."),
                }
            )
        counts = [
            {
                "roll": f"{high}-{low}",
                "values": [
                    f"{r.counts[(high, low)]} ({format_number(r.expected[(high, low)], 1)})"
                    for r in reports
                ],
            }
            for high, low in sorted(DISTINCT_ROLLS, key=lambda r: (-r[0], -r[1]))
        ]
        dealt = dealt_by_seed(match)
        return {
            "players": players,
            "counts": counts,
            "seed": str(match.seed) if dealt else "",
            "canReplay": dealt,
            "setUp": match.began_from_setup,
            "games": len(match.games),
            "single": match.is_money and len(match.games) <= 1,
        }

    @staticmethod
    def _luck(analysis: Any, player: int, game: int | None) -> str:
        """The player's luck over the rolls the analysis judged, in EMG and in marks."""
        if analysis is None:
            return _("Analyse the match to see each player's luck.")
        rolls = [
            d
            for d in analysis.decisions
            if d.player == player and d.luck is not None and (game is None or d.game == game)
        ]
        if not rolls:
            return _("Not analysed yet.")
        total = sum(d.luck for d in rolls)
        good = sum(1 for d in rolls if d.luck_mark in ("lucky", "very lucky"))
        bad = sum(1 for d in rolls if d.luck_mark in ("unlucky", "very unlucky"))
        return _("{0} EMG (lucky: {1}, unlucky: {2})").format(format_signed(total), good, bad)

    def _get(self, key: str, default: Any) -> Any:
        return self._data.get(key, default)

    players = Property("QVariantList", lambda s: s._get("players", []), notify=changed)
    counts = Property("QVariantList", lambda s: s._get("counts", []), notify=changed)
    seed = Property(str, lambda s: s._get("seed", ""), notify=changed)
    canReplay = Property(bool, lambda s: s._get("canReplay", False), notify=changed)
    setUp = Property(bool, lambda s: s._get("setUp", False), notify=changed)
    games = Property(int, lambda s: s._get("games", 0), notify=changed)
    # a single game, not a match: its texts speak of "this game", and it has no games to choose
    single = Property(bool, lambda s: s._get("single", False), notify=changed)
    game = Property(int, lambda s: s._game + 1, notify=changed)
