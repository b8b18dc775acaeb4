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


def _modules(package: str, root: Path = ROOT) -> list[str]:
    base = root / package
    names = []
    for file in sorted(base.rglob("*.py")):
        if "__pycache__" in file.parts:
            continue
        parts = list(file.relative_to(root).with_suffix("").parts)
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


# -- no import cycles inside the engine -----------------------------------------------------------


def _module_file(module: str, root: Path = ROOT) -> Path:
    file = root / Path(*module.split("."))
    return file / "__init__.py" if file.is_dir() else file.with_suffix(".py")


def _import_graph(package: str, root: Path = ROOT) -> dict[str, set[str]]:
    """Each module of ``package`` -> the modules of ``package`` it imports, at any depth.

    Imports inside functions count: they only delay a cycle, they do not break it. The implicit
    import of a module's parent package is left out (every submodule has it).
    """
    modules = set(_modules(package, root))
    graph: dict[str, set[str]] = {}
    for module in modules:
        file = _module_file(module, root)
        is_package = file.name == "__init__.py"
        targets: list[str] = []
        for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"), filename=str(file))):
            if isinstance(node, ast.Import):
                targets.extend(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = module.split(".")[: len(module.split(".")) - node.level + is_package]
                    parent = ".".join(base + ([node.module] if node.module else []))
                else:
                    parent = node.module or ""
                for alias in node.names:
                    # ``from engine import dice`` names a module, ``from engine import Play``
                    # the package itself
                    child = f"{parent}.{alias.name}"
                    targets.append(child if child in modules else parent)
        edges = set()
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != module:
                edges.add(target)
        graph[module] = edges
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(groups)


def test_no_import_cycle_among_the_engine_modules():
    graph = _import_graph("engine")
    assert {"engine.match", "engine.save", "engine.moves", "engine.turn"} <= set(graph)
    assert "engine.moves" in graph["engine.turn"]  # the graph sees the imports
    assert _cycles(graph) == []


def test_the_cycle_check_finds_a_cycle_through_a_function_level_import(tmp_path):
    """The check itself can fail: an import back inside a function is a cycle, as is a loop
    through three modules or through the package's ``__init__``."""
    package = tmp_path / "pkg"
    package.mkdir()
    files = {
        "__init__.py": "from pkg.a import A\nfrom pkg.h import H\n",
        "a.py": "from pkg import b\nA = 1\n",
        "b.py": "def later():\n    from pkg.a import A\n    return A\n",
        "c.py": "from . import d\n",
        "d.py": "import pkg.e\n",
        "e.py": "def f():\n    from .c import x\n",
        "f.py": "from pkg import A\n",
        "g.py": "from pkg.a import A\n",
        "h.py": "from pkg import A\nH = A\n",
    }
    for name, text in files.items():
        (package / name).write_text(text)
    graph = _import_graph("pkg", tmp_path)
    assert graph["pkg.b"] == {"pkg.a"} and graph["pkg.f"] == {"pkg"}
    expected = [["pkg", "pkg.h"], ["pkg.a", "pkg.b"], ["pkg.c", "pkg.d", "pkg.e"]]
    assert _cycles(graph) == expected
    for name in ("b.py", "e.py", "h.py"):
        (package / name).write_text("B = 2\n")
    assert _cycles(_import_graph("pkg", tmp_path)) == []
