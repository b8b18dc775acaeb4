"""Start the game: ``python -m app`` (or the ``backgammon`` command).

``--position-id`` and ``--match-id`` open the window on that position (a money game, or the
match the Match ID describes); ``--size`` sets the window size; ``--screenshot FILE.png``
renders the window offscreen, writes the PNG and exits. Only one copy of the game runs per data
folder: a second start says so and exits.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path
from typing import Any

from app import __version__

LANGUAGE_CODES = ("en", "da", "nl")


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"a size is WIDTHxHEIGHT, like 1280x800: {text!r}"
        ) from None
    if not (320 <= w <= 8000 and 240 <= h <= 8000):
        raise argparse.ArgumentTypeError(f"size out of range: {text!r}")
    return w, h


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="backgammon", description="Backgammon for the desktop.")
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    p.add_argument("--screenshot", metavar="FILE.png", help="render offscreen, save, exit")
    p.add_argument("--size", type=_size, help="window size, e.g. 1024x768")
    p.add_argument("--position-id", metavar="P", help="open on this GNU Backgammon Position ID")
    p.add_argument("--match-id", metavar="M", help="with this GNU Backgammon Match ID")
    p.add_argument("--lang", metavar="xx", choices=LANGUAGE_CODES, help="language: en, da or nl")
    p.add_argument("--data-dir", type=Path, help=argparse.SUPPRESS)
    return p


def position_state(position_id: str | None, match_id: str | None) -> tuple[Any, int, dict]:
    """The position (seen from the player on roll), who is on roll, and the match state.

    Raises ``engine.EngineError`` (a ``ValueError``) when the IDs are malformed or describe a
    state the rules do not allow.
    """
    from engine import Position
    from engine.match import Match

    position = Position.from_position_id(position_id) if position_id else Position.start()
    if not match_id:
        return position, 0, {}
    # The engine checks that the pair describes a possible state (score, cube, Crawford, dice).
    Match.from_ids(position.position_id(), match_id)
    from engine.matchid import decode_match_id

    fields = decode_match_id(match_id)
    state = {
        "match_length": fields.match_length,
        "score": tuple(fields.score),
        "cube_value": fields.cube,
        "cube_owner": fields.cube_owner,
        "crawford": fields.crawford,
        "cube": True,
        "dice": fields.dice if fields.dice[0] else None,
    }
    return position, fields.player_on_roll, state


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    from app import window as window_module

    if args.screenshot:
        window_module.use_offscreen()
    from engine import EngineError

    try:
        position, on_roll, state = position_state(args.position_id, args.match_id)
    except (EngineError, ValueError) as exc:
        print(f"backgammon: {exc}", file=sys.stderr)
        return 2
    shown = bool(args.position_id or args.match_id)
    options = window_module.Options(
        data_dir=args.data_dir,
        save=not (args.screenshot or shown),
        seed=1 if args.screenshot else None,
        step_ms=0 if args.screenshot else None,  # a picture of the end state, not of a turn
    )
    storage = window_module.make_storage(options)
    if not args.screenshot and not storage.lock():
        print(
            f"backgammon: the game is already open (data folder {storage.folder}).",
            file=sys.stderr,
        )
        return 1
    try:
        w = window_module.open_window(args.lang, [sys.argv[0]], options, storage)
    except (RuntimeError, OSError) as exc:
        print(f"backgammon: the window could not open: {exc}", file=sys.stderr)
        storage.unlock()
        return 1
    if args.size:
        w.window.setWidth(args.size[0])
        w.window.setHeight(args.size[1])
    if shown:
        w.flow.show_position(position, on_roll, **state)
    elif args.screenshot:
        from engine import Position

        w.flow.show_position(Position.start(), 0, dice=(3, 1), opening=(3, 1))
    else:
        w.flow.start()
    if args.screenshot:
        return _screenshot(w, Path(args.screenshot))
    code = w.app.exec()
    w.close()
    return code


def _screenshot(w: Any, path: Path) -> int:
    from PySide6.QtCore import QTimer

    result = {"code": 1}

    def grab() -> None:
        image = w.window.grabWindow()
        with contextlib.suppress(OSError):  # the save below then says what is wrong
            path.parent.mkdir(parents=True, exist_ok=True)
        if image.isNull() or not image.save(str(path)):
            print(f"backgammon: could not write {path}", file=sys.stderr)
        else:
            result["code"] = 0
        w.app.quit()

    QTimer.singleShot(400, grab)
    w.app.exec()
    w.close()
    return result["code"]


if __name__ == "__main__":
    sys.exit(main())
