"""Command line: ``python -m lessons check`` validates the lessons with the engine;
``python -m lessons messages FILE.pot`` writes every lesson text as a gettext template;
``python -m lessons worksheet --lesson N --lang da --out FILE.pdf`` writes a lesson's printable
worksheet (a PDF with board diagrams and the answer key; ``.txt``: the same as plain text).

The PDF is drawn with Qt, which the lessons package never imports: this command, the program's
entry point and not part of the package's library, calls the app's writer (``app.worksheet_pdf``)
only when a PDF is asked for. The layer rule allows exactly that import (``tests/test_layers.py``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lessons", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="load every lesson and check it with the engine")
    check.add_argument("--data", type=Path, help="folder of lesson files (default: shipped)")
    check.add_argument(
        "--drills",
        type=int,
        default=1000,
        metavar="N",
        help="draw N items of every drill and check them (default 1000; 0 skips the drills)",
    )
    messages = commands.add_parser("messages", help="write the lesson texts as a .pot template")
    messages.add_argument("output", type=Path, help="the .pot file to write ('-' for stdout)")
    messages.add_argument("--data", type=Path, help="folder of lesson files (default: shipped)")
    sheet = commands.add_parser(
        "worksheet", help="write a lesson's exercises and answer key (PDF, or plain text)"
    )
    sheet.add_argument("--lesson", type=int, required=True, help="the lesson's number, 1-8")
    sheet.add_argument("--lang", default="en", help="en, da or nl (default en)")
    sheet.add_argument(
        "--out", type=Path, required=True, help="the file to write: NAME.pdf, or NAME.txt"
    )
    args = parser.parse_args(argv)

    if args.command == "check":
        from lessons.validate import check_lessons, format_report

        report = check_lessons(args.data)
        print(format_report(report))
        ok = report.ok
        if args.drills > 0:
            from lessons.validate import check_drills

            for drill_id, problems in check_drills(args.drills).items():
                print(f"drill {drill_id}: {args.drills} items, {len(problems)} problem(s)")
                for problem in problems[:10]:
                    print(f"  - {problem}")
                ok = ok and not problems
        return 0 if ok else 1

    if args.command == "worksheet":
        from lessons.exercises import LessonDataError
        from lessons.model import load_lessons
        from lessons.worksheet import write

        suffix = args.out.suffix.lower()
        try:
            if suffix not in (".pdf", ".txt"):
                raise ValueError(f"write a .pdf or a .txt file, not {args.out.name!r}")
            lessons = load_lessons()
            if not 1 <= args.lesson <= len(lessons):
                raise ValueError(f"there is no lesson {args.lesson} (1-{len(lessons)})")
            lesson = lessons[args.lesson - 1]
            if suffix == ".txt":
                write(lesson, args.lang, args.out)
                pages = ""
            else:
                from app.worksheet_pdf import command_line_application, write_worksheet

                command_line_application()
                pages = f", {write_worksheet(lesson, args.lang, args.out)} pages"
        except (LessonDataError, ValueError, OSError, RuntimeError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
        print(f"lesson {args.lesson} ({args.lang}{pages}) written to {args.out}", file=sys.stderr)
        return 0

    from lessons.catalog import write_template
    from lessons.exercises import LessonDataError

    try:
        count = write_template(args.output, args.data)
    except (LessonDataError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"{count} messages written", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
