"""app/qml/app.qmltypes, which lets qmllint see the parts registered from Python, is up to date.

The file is committed (so that `make qmllint` works in a fresh clone without running the
program); it is made from the live classes by ``python -m app.qmltypes``. If a QML-facing class
gains, loses or changes a property, signal or slot, the file is stale and this test says so.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from app.qmltypes import MODULE, registered_classes

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "app" / "qml" / "app.qmltypes"


def test_the_committed_qmltypes_file_is_the_one_the_classes_make(tmp_path):
    fresh = tmp_path / "app.qmltypes"
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = subprocess.run(
        [sys.executable, "-m", "app.qmltypes", "--output", str(fresh)],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert fresh.read_text(encoding="utf-8") == COMMITTED.read_text(encoding="utf-8"), (
        "app/qml/app.qmltypes is stale: run `make qmltypes` and commit the file"
    )


def test_the_qmldir_module_names_the_type_file():
    lines = (ROOT / "app" / "qml" / "qmldir").read_text().splitlines()
    assert f"typeinfo {COMMITTED.name}" in lines


def test_every_type_is_registered_in_the_one_qml_module(qapp):
    found = registered_classes()
    names = {item.name for item in found}
    # the parts of the window, the lesson player and the language all come from app.qml
    assert {"MatchView", "GameFlow", "Settings", "LessonPlayer", "I18n"} <= names
    assert {item.uri for item in found} == {MODULE}
    assert all(item.singleton and not item.creatable for item in found)
