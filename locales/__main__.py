"""``python -m locales [extract|update|compile|check|all]``: keep the translation catalogs.

Run from the project folder. ``all`` (the default, what ``make translations`` runs) extracts the
texts into ``messages.pot``, updates the ``.po`` file of every language, compiles the ``.mo``
files and lists what is left to translate. ``check`` exits with status 1 while anything is.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import LANGUAGES
from .catalogs import (
    check_catalog,
    compile_catalogs,
    extract,
    po_path,
    read_catalog,
    template_path,
    update_catalogs,
    write_template,
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m locales", description=__doc__.split("\n")[0])
    parser.add_argument(
        "step", nargs="?", default="all", choices=["extract", "update", "compile", "check", "all"]
    )
    parser.add_argument(
        "--root", type=Path, default=Path.cwd(), help="the project folder (default: here)"
    )
    args = parser.parse_args(argv)
    if not (args.root / "app").is_dir():
        parser.error(f"{args.root} is not the project folder (it has no app/ folder)")
    step = args.step
    if step in ("extract", "update", "all"):
        template = extract(args.root)
        changed = write_template(template)
        count = len([m for m in template if m.id])
        print(f"{template_path().name}: {count} texts{' (changed)' if changed else ''}")
        if step in ("update", "all"):
            for language in update_catalogs(template):
                print(f"updated {po_path(language)}")
    if step in ("compile", "all"):
        for path in compile_catalogs():
            print(f"compiled {path}")
    if step in ("check", "all"):
        template = read_catalog(template_path())
        problems = []
        for language in LANGUAGES:
            problems += check_catalog(read_catalog(po_path(language), language), language, template)
        for problem in problems:
            print(problem)
        print(f"{len(problems)} problems in the catalogs" if problems else "catalogs complete")
        if step == "check" and problems:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
