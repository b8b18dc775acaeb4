"""No class in app/ over 400 lines: each part of the window keeps to one job."""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "app"
LIMIT = 400


def test_no_class_in_app_is_over_400_lines():
    too_long = []
    for path in sorted(APP.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > LIMIT:
                    too_long.append(f"{path.name}: {node.name} has {lines} lines")
    assert not too_long, too_long


def test_the_rule_sees_a_long_class(tmp_path):
    body = "\n".join(f"    x{i} = {i}" for i in range(LIMIT + 1))
    tree = ast.parse(f"class Long:\n{body}\n")
    (node,) = [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]
    assert node.end_lineno - node.lineno + 1 > LIMIT
