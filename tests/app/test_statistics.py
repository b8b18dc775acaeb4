"""Statistics across sessions: every finished game and match is counted once, kept in the data
folder, shown per opponent with a chart, and reset on request; a damaged file is set aside."""

from __future__ import annotations

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


def test_finished_games_are_counted_once_and_kept_across_sessions(harness):
    harness.open(seed=3)
    harness.game.newGame({"opponent": "human"})
    resigner = harness.game.onRoll
    part_of(harness.w.engine, Resignations).resign(1)  # the player on roll gives up a single game
    harness.settle()
    assert harness.game.gameOver["visible"]
    harness.w.flow.publish()  # more changes after the end count nothing more
    data = json.loads((harness.data_dir / FILE_NAME).read_text())
    assert len(data["records"]) == 1 and data["records"][0]["won"] is (resigner == 1)
    harness.close()

    harness.open(seed=3)  # the next session reads them (the finished game is resumed too)
    QMetaObject.invokeMethod(harness.window.findChild(object, "statisticsDialog"), "open")
    harness.settle(50)
    assert harness.item("statisticsCell0").property("text") == "Two players"
    assert harness.item("statisticsCell1").property("text") == f"{int(resigner == 1)} / 1"
    assert harness.item("statisticsChart").isVisible()
    harness.click("resetStatisticsButton")
    harness.settle(50)
    harness.click("confirmResetButton")
    harness.settle(50)
    assert json.loads((harness.data_dir / FILE_NAME).read_text())["records"] == []
