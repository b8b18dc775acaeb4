"""The type information of the QML module ``app.qml`` for the QML tools (``app/qml/app.qmltypes``).

The window's parts are registered from Python (``@QmlElement``/``@QmlSingleton``), which the QML
tools cannot see: without this file ``pyside6-qmllint`` takes every use of a part for an unknown
name. Qt's own route (``pyside6-metaobjectdump`` on the sources) cannot read properties made by
helper functions or with a lambda, so the file is written from the live classes instead: every
module of ``app`` is imported, and each class registered for QML is described from its
``staticMetaObject`` (properties with their types, notify signals, writability and constness;
signals and methods with their parameters; enums), in the format ``qmltyperegistrar`` writes.

    python -m app.qmltypes                  # (re)write app/qml/app.qmltypes
    python -m app.qmltypes --output FILE    # write it elsewhere (the staleness test does)

Every type must be registered under ``app.qml``, the one module of ``app/qml/qmldir``; a class
registered under another name, or decorated but not registered, raises ``ValueError``.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import inspect
import json
import os
import pkgutil
import sys
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QMetaMethod

MODULE = "app.qml"
APP_DIR = Path(__file__).resolve().parent
OUTPUT = APP_DIR / "qml" / "app.qmltypes"
# Not imported: the program's entry point, and this module.
SKIPPED = {"__main__", "qmltypes"}
# PySide's names for Python types that the QML tools know under another name.
TYPE_NAMES = {"PyObject": "QVariant", "float": "double", "str": "QString", "object": "QVariant"}
DECORATORS = {"QmlElement", "QmlSingleton", "QmlUncreatable", "QmlNamedElement", "QmlAnonymous"}

HEADER = """\
import QtQuick.tooling 1.2

// This file describes the types that the program registers from Python for the QML module
// app.qml. It is used for QML tooling purposes only (qmllint, qmlls).
//
// This file was generated from the live classes by `python -m app.qmltypes` (`make qmltypes`).
// Do not edit it: remake it when a QML-facing class changes.
"""


@dataclass(frozen=True)
class Registered:
    """One class registered for QML: its class, module, QML name and how QML may use it."""

    cls: type
    file: str  # relative to the project root
    uri: str
    major: int
    minor: int
    name: str
    singleton: bool
    creatable: bool


def _decorators(module_path: Path) -> dict[str, dict[str, str | None]]:
    """For each class of a module: the QML decorators written on it (with their first argument)."""
    tree = ast.parse(module_path.read_text(encoding="utf-8"))
    found: dict[str, dict[str, str | None]] = {}
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        names: dict[str, str | None] = {}
        for decorator in node.decorator_list:
            call = decorator if isinstance(decorator, ast.Call) else None
            target = call.func if call else decorator
            name = target.id if isinstance(target, ast.Name) else getattr(target, "attr", "")
            if name in DECORATORS:
                argument = None
                if call and call.args and isinstance(call.args[0], ast.Constant):
                    argument = str(call.args[0].value)
                names[name] = argument
        if names:
            found[node.name] = names
    return found


def registered_classes() -> list[Registered]:
    """Import every module of ``app`` and return the classes it registers for QML, by name."""
    from PySide6.QtQml import qmlTypeId

    import app

    result: list[Registered] = []
    for info in sorted(pkgutil.iter_modules(app.__path__), key=lambda info: info.name):
        if info.name in SKIPPED or info.ispkg:
            continue
        path = APP_DIR / f"{info.name}.py"
        decorated = _decorators(path)
        if not decorated:
            continue
        module = importlib.import_module(f"app.{info.name}")
        uri = getattr(module, "QML_IMPORT_NAME", None)
        major = int(getattr(module, "QML_IMPORT_MAJOR_VERSION", 1))
        minor = int(getattr(module, "QML_IMPORT_MINOR_VERSION", 0))
        for class_name, marks in decorated.items():
            if "QmlElement" not in marks and "QmlNamedElement" not in marks:
                continue
            where = f"app/{info.name}.py: {class_name}"
            if uri != MODULE:
                raise ValueError(f"{where} is registered under {uri!r}, not {MODULE!r}.")
            name = marks.get("QmlNamedElement") or class_name
            if "QmlAnonymous" not in marks and qmlTypeId(uri, major, minor, name) < 0:
                raise ValueError(f"{where} is decorated for QML but not registered.")
            singleton = "QmlSingleton" in marks
            result.append(
                Registered(
                    cls=getattr(module, class_name),
                    file=f"app/{info.name}.py",
                    uri=uri,
                    major=major,
                    minor=minor,
                    name=name,
                    singleton=singleton,
                    creatable=not (singleton or "QmlUncreatable" in marks),
                )
            )
    return sorted(result, key=lambda item: item.name)


def _type(type_name: str) -> list[str]:
    """The ``type:`` line (and ``isPointer``) for a type as the meta-object spells it."""
    pointer = type_name.endswith("*")
    base = type_name.removesuffix("*").strip()
    lines = [f"type: {json.dumps(TYPE_NAMES.get(base, base))}"]
    if pointer:
        lines.append("isPointer: true")
    return lines


def _parameter_names(cls: type, method: QMetaMethod, count: int) -> list[str]:
    """The parameters' names: the meta-object's, else the Python function's, else none."""
    names = [bytes(name.data()).decode() for name in method.parameterNames()]
    if all(names) and len(names) == count:
        return names
    function = getattr(cls, bytes(method.name().data()).decode(), None)
    if callable(function) and not hasattr(function, "emit"):
        try:
            parameters = list(inspect.signature(function).parameters)[1:]
        except (TypeError, ValueError):
            parameters = []
        if len(parameters) >= count:
            return parameters[:count]
    return [""] * count


def _block(kind: str, lines: list[str], children: list[str], indent: str) -> list[str]:
    """One ``Kind { ... }`` block, on one line when it is short (as qmltyperegistrar writes)."""
    if not children and len(lines) <= 1 and kind in {"Signal", "Method", "Parameter"}:
        return [f"{indent}{kind} {{ {'; '.join(lines)} }}"]
    inner = indent + "    "
    return [
        f"{indent}{kind} {{",
        *(inner + line for line in lines),
        *children,
        f"{indent}}}",
    ]


def _component(item: Registered) -> list[str]:
    """The ``Component { ... }`` block of one registered class, read from its meta-object."""
    meta = item.cls.staticMetaObject
    indent = " " * 8
    revision = (item.major << 8) | item.minor
    lines = [
        f"file: {json.dumps(item.file)}",
        f"name: {json.dumps(meta.className())}",
        'accessSemantics: "reference"',
        f"prototype: {json.dumps(meta.superClass().className())}",
        f"exports: [{json.dumps(f'{item.uri}/{item.name} {item.major}.{item.minor}')}]",
    ]
    if not item.creatable:
        lines.append("isCreatable: false")
    if item.singleton:
        lines.append("isSingleton: true")
    lines.append(f"exportMetaObjectRevisions: [{revision}]")
    children: list[str] = []
    for index in range(meta.enumeratorOffset(), meta.enumeratorCount()):
        enum = meta.enumerator(index)
        values = [enum.key(key) for key in range(enum.keyCount())]
        enum_lines = [f"name: {json.dumps(enum.name())}"]
        if enum.isFlag():
            enum_lines.append("isFlag: true")
        if enum.isScoped():
            enum_lines.append("isScoped: true")
        enum_lines.append(f"values: [{', '.join(json.dumps(value) for value in values)}]")
        children += _block("Enum", enum_lines, [], indent)
    for position, index in enumerate(range(meta.propertyOffset(), meta.propertyCount())):
        prop = meta.property(index)
        prop_lines = [f"name: {json.dumps(prop.name())}", *_type(prop.typeName())]
        if prop.hasNotifySignal():
            notify = bytes(prop.notifySignal().name().data()).decode()
            prop_lines.append(f"notify: {json.dumps(notify)}")
        prop_lines.append(f"index: {position}")
        if not prop.isWritable():
            prop_lines.append("isReadonly: true")
        if prop.isFinal():
            prop_lines.append("isFinal: true")
        if prop.isConstant():
            prop_lines.append("isPropertyConstant: true")
        children += _block("Property", prop_lines, [], indent)
    for index in range(meta.methodOffset(), meta.methodCount()):
        method = meta.method(index)
        name = bytes(method.name().data()).decode()
        if name.startswith("_"):  # Python's private helpers (worker slots): not for QML
            continue
        signal = method.methodType() == QMetaMethod.MethodType.Signal
        method_lines = [f"name: {json.dumps(name)}"]
        if not signal and method.typeName() not in ("", "void"):
            method_lines += _type(method.typeName())
        types = [bytes(kind.data()).decode() for kind in method.parameterTypes()]
        names = _parameter_names(item.cls, method, len(types))
        parameters: list[str] = []
        for parameter, kind in zip(names, types, strict=True):
            fields = ([f"name: {json.dumps(parameter)}"] if parameter else []) + _type(kind)
            parameters += _block("Parameter", ["; ".join(fields)], [], indent + "    ")
        children += _block("Signal" if signal else "Method", method_lines, parameters, indent)
    return _block("Component", lines, children, " " * 4)


def render(types: list[Registered]) -> str:
    """The whole ``.qmltypes`` text for ``types``."""
    body = [line for item in types for line in _component(item)]
    return HEADER + "\nModule {\n" + "\n".join(body) + "\n}\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.qmltypes", description=__doc__)
    parser.add_argument("--output", type=Path, default=OUTPUT, help="where to write the file")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # the registrations need an application; the file needs no display
    application = QCoreApplication.instance() or QCoreApplication(sys.argv[:1])
    args.output.write_text(render(registered_classes()), encoding="utf-8")
    del application
    return 0


if __name__ == "__main__":
    sys.exit(main())
