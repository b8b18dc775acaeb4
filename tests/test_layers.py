"""The layer rule: engine/ uses only the standard library, ai/ and lessons/ never touch Qt.

Each package's modules are imported in a fresh interpreter whose import system refuses the
forbidden packages, so an import anywhere at module level fails the test. Imports inside functions
are not run by importing, so every ``import`` statement in the source is checked as well.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

QT = ("PySide6", "shiboken6")
# package -> top-level modules it must never import (directly or through another module)
FORBIDDEN: dict[str, tuple[str, ...]] = {
    "engine": (*QT, "numpy", "ai", "app", "lessons"),
    "ai": (*QT, "app", "lessons"),
    "lessons": (*QT, "app"),
    "resources": (*QT, "numpy", "engine", "ai", "app", "lessons"),
    "locales": (*QT, "numpy", "engine", "ai", "app", "lessons"),
}

# The one import across the rule, made inside a function: the lessons' command line (the program's
# entry point, not a module of the lessons library) calls the app's PDF writer when a worksheet is
# written as a PDF. Importing the command still loads no Qt (the import-time check below).
ALLOWED_IN_FUNCTIONS: dict[str, set[str]] = {"lessons.__main__": {"app.worksheet_pdf"}}

# Run in a fresh interpreter: argv[1] is JSON {"blocked": [...], "modules": [...]}.
IMPORTER = r"""
import importlib, importlib.abc, io, json, sys, traceback

request = json.loads(sys.argv[1])
blocked = set(request["blocked"])


class Blocker(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path=None, target=None):
        if fullname.partition(".")[0] in blocked:
            raise ImportError(f"layer rule: {fullname} may not be imported here")
        return None


sys.meta_path.insert(0, Blocker())
sys.stdin = io.StringIO("")  # a __main__ module that reads input gets none
failures = {}
for name in request["modules"]:
    try:
        importlib.import_module(name)
    except SystemExit:
        if not name.endswith(".__main__"):
            failures[name] = "raised SystemExit on import"
    except BaseException:
        failures[name] = traceback.format_exc(limit=-3)
loaded = sorted(m for m in sys.modules if m.partition(".")[0] in blocked)
print(json.dumps({"failures": failures, "loaded": loaded}))
"""


def _modules(package: str) -> list[str]:
    base = ROOT / package
    names = []
    for file in sorted(base.rglob("*.py")):
        if "__pycache__" in file.parts:
            continue
        parts = list(file.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        if all(part.isidentifier() for part in parts):
            names.append(".".join(parts))
    return names


def _packages() -> list[str]:
    return [name for name in FORBIDDEN if (ROOT / name / "__init__.py").exists()]


def test_the_layered_packages_exist():
    assert {"engine", "resources", "locales"} <= set(_packages())


@pytest.mark.parametrize("package", _packages())
def test_every_module_imports_without_forbidden_packages(package):
    modules = _modules(package)
    assert modules, f"{package} has no modules"
    request = json.dumps({"blocked": FORBIDDEN[package], "modules": modules})
    path = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    env = {**os.environ, "PYTHONPATH": path, "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(
        [sys.executable, "-c", IMPORTER, request],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["failures"] == {}, "\n".join(
        f"{name}:\n{text}" for name, text in report["failures"].items()
    )
    assert report["loaded"] == []


def _imported_names(tree: ast.AST, allowed: set[str] = frozenset()) -> list[tuple[int, str]]:
    """(line, top-level name) of every absolute import in a module, at any depth, except the
    modules in ``allowed`` when imported inside a function."""
    in_functions = {
        id(node)
        for function in ast.walk(tree)
        if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef)
        for node in ast.walk(function)
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend(
                (node.lineno, alias.name.partition(".")[0])
                for alias in node.names
                if not (alias.name in allowed and id(node) in in_functions)
            )
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if not (node.module in allowed and id(node) in in_functions):
                found.append((node.lineno, node.module.partition(".")[0]))
        elif isinstance(node, ast.Call) and _is_dynamic_import(node):
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.append((node.lineno, arg.value.partition(".")[0]))
    return found


def _is_dynamic_import(node: ast.Call) -> bool:
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return name in ("import_module", "__import__") and bool(node.args)


@pytest.mark.parametrize("package", _packages())
def test_no_import_statement_names_a_forbidden_package(package):
    offences = []
    for module in _modules(package):
        file = ROOT / Path(*module.split("."))
        file = file / "__init__.py" if file.is_dir() else file.with_suffix(".py")
        tree = ast.parse(file.read_text(encoding="utf-8"), filename=str(file))
        for line, name in _imported_names(tree, ALLOWED_IN_FUNCTIONS.get(module, set())):
            if name in FORBIDDEN[package]:
                offences.append(f"{file.relative_to(ROOT)}:{line} imports {name}")
    assert offences == []


def test_the_allowed_import_is_allowed_only_inside_a_function():
    allowed = {"app.worksheet_pdf"}
    inside = ast.parse("def f():\n    from app.worksheet_pdf import write\n")
    assert _imported_names(inside, allowed) == []
    top = ast.parse("from app.worksheet_pdf import write\n")
    assert _imported_names(top, allowed) == [(1, "app")]
    other = ast.parse("def f():\n    from app.window import open_window\n")
    assert _imported_names(other, allowed) == [(2, "app")]


def test_the_blocker_catches_a_forbidden_import():
    """The check itself can fail: a module importing numpy is refused under engine's rules."""
    request = json.dumps({"blocked": FORBIDDEN["engine"], "modules": ["json", "numpy.linalg"]})
    done = subprocess.run(
        [sys.executable, "-c", IMPORTER, request], capture_output=True, text=True, timeout=60
    )
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert list(report["failures"]) == ["numpy.linalg"]
    assert "layer rule" in report["failures"]["numpy.linalg"]
