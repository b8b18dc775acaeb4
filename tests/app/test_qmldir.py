"""The QML module lists every QML file of app/qml, once, and names no file that is missing."""

from __future__ import annotations

from pathlib import Path

QML = Path(__file__).resolve().parents[2] / "app" / "qml"


def test_the_module_lists_every_qml_file_once():
    lines = [line.split() for line in (QML / "qmldir").read_text().splitlines() if line.strip()]
    assert lines[0] == ["module", "app.qml"]
    types = [line for line in lines[1:] if len(line) == 3 and line[2].endswith(".qml")]
    listed = [line[2] for line in types]
    assert len(listed) == len(set(listed)), "a file is listed twice"
    assert all(name == file.removesuffix(".qml") for name, _version, file in types)
    assert sorted(listed) == sorted(p.name for p in QML.glob("*.qml"))
