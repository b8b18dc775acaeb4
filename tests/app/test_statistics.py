"""Statistics across sessions: every finished game and match is counted once, kept in the data
folder, shown per opponent with a chart, and reset on request; a damaged file is set aside."""

from __future__ import annotations

import errno
import json

import pytest
from PySide6.QtCore import QMetaObject

from app.parts import part_of
from app.resignation import Resignations
from app.statistics import FILE_NAME, Record, Statistics, chart, totals
from app.storage import Storage

pytestmark = [pytest.mark.gui, pytest.mark.timeout(120)]


def test_totals_count_games_matches_gammons_and_points():
    records = [
        Record(1.0, "expert", False, 3, True, 2, 2),
        Record(2.0, "expert", False, 3, False, 1, 1),
        Record(3.0, "expert", True, 3, True, 0, 2),
        Record(4.0, "human", False, 0, False, 3, 3),
    ]
    expert, human = totals(records)
    assert (expert["games"], expert["gamesWon"], expert["matches"], expert["matchesWon"]) == (
        2,
        1,
        1,
        1,
    )
    assert (expert["gammonsWon"], expert["gammonsLost"], expert["points"]) == (1, 0, 1)
    assert human["backgammonsLost"] == 1 and human["points"] == -3
    assert chart(records) == [0, 2, 1, -2]


def test_a_damaged_file_is_set_aside_and_said(tmp_path):
    storage = Storage(tmp_path)
    (tmp_path / FILE_NAME).write_text('{"version": 1, "records": [{"when": Infinity}]}')
    stats = Statistics(storage)
    assert stats.records == [] and "moved aside" in stats.property("problem")
    assert not (tmp_path / FILE_NAME).exists()
    assert any(p.name.startswith("statistics-unreadable-") for p in tmp_path.iterdir())


def test_a_file_that_cannot_be_written_is_said_in_the_windows_words(tmp_path, monkeypatch, qapp):
    # the system's own English text ("[Errno 28] No space left on device: '...'") was shown
    from app import i18n

    def full(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    storage = Storage(tmp_path)
    monkeypatch.setattr(storage, "write", full)
    stats = Statistics(storage)
    stats.reset()
    assert stats.property("problem") == "The statistics could not be saved: The disk is full."
    try:
        i18n.set_language(qapp, None, "nl")  # no capital after a colon in Dutch
        assert stats.property("problem") == (
            "De statistieken konden niet worden opgeslagen. De schijf is vol."
        )
    finally:
        i18n.set_language(qapp, None, "en")


def test_finished_games_are_counted_once_and_kept_across_sessions(harness):
    harness.open(seed=3)
    harness.game.newGame({"opponent": "human"})
    resigner = harness.game.onRoll
    part_of(harness.w.engine, Resignations).resign(1)  # the player on roll gives up a single game
    harness.settle()
    assert harness.game.gameOver["visible"]
    harness.w.flow.publish()  # more changes after the end count nothing more
    data = json.loads((harness.data_dir / FILE_NAME).read_text())
    # (the game against the computer that the session opened on counts only if it was under way)
    mine = [r for r in data["records"] if r["opponent"] == "human"]
    assert len(mine) == 1 and mine[0]["won"] is (resigner == 1)
    harness.close()

    harness.open(seed=3)  # the next session reads them (the finished game is resumed too)
    QMetaObject.invokeMethod(harness.window.findChild(object, "statisticsDialog"), "open")
    harness.settle(50)
    # (a row per opponent, six cells each)
    row = [r["opponent"] for r in part_of(harness.w.engine, Statistics).rows].index("human")
    assert harness.item(f"statisticsCell{row * 6}").property("text") == "Two players"
    assert harness.item(f"statisticsCell{row * 6 + 1}").property("text") == (
        f"{int(resigner == 1)} / 1"
    )
    assert harness.item("statisticsChart").isVisible()
    harness.click("resetStatisticsButton")
    harness.settle(50)
    harness.click("confirmResetButton")
    harness.settle(50)
    assert json.loads((harness.data_dir / FILE_NAME).read_text())["records"] == []


def _records(harness) -> list[dict]:
    return json.loads((harness.data_dir / FILE_NAME).read_text())["records"]


def test_resigning_to_start_anew_counts_the_game_lost(harness):
    harness.open(seed=5)
    game = harness.game
    game.newGame({"opponent": "expert", "matchLength": 0})
    harness.play_a_turn()  # the game is under way
    assert game.matchInProgress
    game.newGame({"opponent": "expert", "matchLength": 0})  # "Resign and start anew"
    harness.settle()
    (record,) = _records(harness)
    assert (record["opponent"], record["match"], record["won"], record["kind"]) == (
        "expert",
        False,
        False,
        1,
    )
    assert not game.gameOver["visible"]  # the new game is on
    game.newGame({"opponent": "expert", "matchLength": 0})  # not under way yet: nothing given up
    harness.settle()
    assert len(_records(harness)) == 1


def test_giving_up_a_match_counts_its_game_and_the_match(harness):
    harness.open(seed=6)
    game = harness.game
    game.newGame({"opponent": "medium", "matchLength": 5, "cube": True})
    harness.play_a_turn()
    assert game.matchInProgress
    game.newGame({"opponent": "medium", "matchLength": 3})
    harness.settle()
    games = [r for r in _records(harness) if not r["match"]]
    matches = [r for r in _records(harness) if r["match"]]
    assert len(games) == 1 and not games[0]["won"]
    assert len(matches) == 1 and not matches[0]["won"] and matches[0]["length"] == 5
    assert matches[0]["points"] == 5  # as if lost 0-5: what the resigner still lacked


def test_a_match_replayed_on_the_same_dice_is_counted_again():
    from app.session import MatchSettings, Session

    stats = Statistics(None)
    for _ in range(2):  # "replay with these dice": the same seed, another match
        session = Session(MatchSettings(), seed=77)
        session.start_game()
        session.opening()
        session.resign(session.on_roll, 1)
        stats.record_game(session)
        stats.record_game(session)  # counted once
    assert len(stats.records) == 2


def test_a_game_saved_before_matches_had_a_name_keeps_its_old_key():
    from app.session import MatchSettings, Session

    session = Session(MatchSettings(), seed=91)
    session.start_game()
    data = session.to_dict()
    del data["id"]
    assert Session.from_dict(data).id == "91"


@pytest.mark.parametrize("language", ["en", "da", "nl"])
def test_the_statistics_fit_the_window_at_every_size(harness, language):
    import itertools

    from app import i18n
    from tests.app.test_layout import text_problems

    harness.open(seed=4, size=(800, 600))
    i18n.set_language(harness.w.app, harness.w.engine, language)
    stats = part_of(harness.w.engine, Statistics)
    stats._records = [
        Record(1.0 + i, level, i % 3 == 0, 7 if i % 3 == 0 else 0, i % 2 == 0, 1 + i % 3, 12 + i)
        for i, level in enumerate(["beginner", "expert", "human", "medium", "expert", "hard"])
    ]
    stats.changed.emit()
    QMetaObject.invokeMethod(harness.window.findChild(object, "statisticsDialog"), "open")
    found, fits = [], []
    for scale, size in itertools.product((100, 150), ((800, 600), (1024, 768), (1280, 800))):
        harness.w.settings.textScale = scale
        harness.window.resize(*size)
        harness.settle(150)
        found += [f"{size} at {scale}%: {p}" for p in text_problems(harness)]
        # a head breaks between its words only ("(vundet–" stood above "tabt)": a tester),
        # unless the heads' longest words do not fit side by side
        dialog = harness.window.findChild(object, "statisticsDialog")
        fits.append(dialog.property("headsFit"))
        for head in harness.find_all("statisticsHead") if fits[-1] else []:
            words = len(head.property("text").split())
            if head.property("lineCount") > words:
                found.append(f"{size} at {scale}%: {head.property('text')!r} breaks in a word")
    assert harness.item("statisticsCell0").isVisible() and fits.count(True) >= 2
    assert not found, f"in {language}:\n" + "\n".join(found)


def test_the_chart_shows_its_scale(harness):
    # the chart of the points was a bare line, with no numbers (seen by a tester)
    from app.statistics import Record

    harness.open(seed=3)
    stats = part_of(harness.w.engine, Statistics)
    games = [(True, 2), (True, 1), (False, 1), (True, 3), (False, 2)]
    stats._records = [
        Record(when=1.0 + i, opponent="easy", match=False, length=0, won=won, kind=k, points=k)
        for i, (won, k) in enumerate(games)
    ]
    stats.changed.emit()
    QMetaObject.invokeMethod(harness.window.findChild(object, "statisticsDialog"), "open")
    harness.settle(100)
    chart = harness.item("statisticsChart")
    assert list(stats.points) == [0, 2, 3, 2, 5, 3]
    assert chart.property("scaleLabels").toVariant() == ["+5", "0"]  # at the left of the chart
    stats._records = stats._records[2:]  # lost, won, lost: below 0 too
    stats.changed.emit()
    harness.settle(50)
    assert chart.property("scaleLabels").toVariant() == ["+2", "0", "\u22121"]
    # the table writes its points with the same minus sign (a hyphen: found by a tester)
    stats._records = stats._records[:1]  # a game lost
    stats.changed.emit()
    harness.settle(50)
    assert harness.item("statisticsCell5").property("text") == "\u22121"
