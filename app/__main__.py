"""Start the game: ``python -m app`` (or the ``backgammon`` command).

``--screenshot FILE.png`` renders the window offscreen (optionally with ``--position-id`` and
``--match-id``), writes the PNG and exits.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app import __version__


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
    p.add_argument("--size", type=_size, default=(1280, 800), help="window size, e.g. 1280x800")
    p.add_argument("--position-id", metavar="P", help="show this GNU Backgammon Position ID")
    p.add_argument("--match-id", metavar="M", help="with this GNU Backgammon Match ID")
    p.add_argument("--lang", metavar="xx", help="language: en, da or nl")
    p.add_argument("--data-dir", type=Path, help=argparse.SUPPRESS)
    return p


def _match_state(match_id: str) -> dict:
    """The fields of a Match ID the window shows; raises ValueError when it is not valid."""
    from app.matchinfo import decode_match_id

    return decode_match_id(match_id)


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    from app import window as window_module

    if args.screenshot:
        window_module.use_offscreen()
    from app import controller
    from engine import EngineError, Position

    state: dict = {}
    position = None
    try:
        if args.position_id:
            position = Position.from_position_id(args.position_id)
        if args.match_id:
            state = _match_state(args.match_id)
    except (EngineError, ValueError) as exc:
        print(f"backgammon: {exc}", file=sys.stderr)
        return 2
    if args.data_dir:
        controller.CONFIG.data_dir = args.data_dir
    if args.screenshot:
        controller.CONFIG.save_enabled = False
        controller.CONFIG.resume = False
        controller.CONFIG.seed = 1
    w = window_module.open_window(args.lang, [sys.argv[0]])
    if args.screenshot:
        return _screenshot(w, Path(args.screenshot), args.size, position, state)
    w.game.start()
    code = w.app.exec()
    w.close()
    return code


def _screenshot(w, path: Path, size: tuple[int, int], position, state: dict) -> int:
    from PySide6.QtCore import QTimer

    from engine import Position

    if position is not None or state:
        state = dict(state)
        on_roll = int(state.pop("on_roll", 0))
        pos = position or Position.start()
        if position is None and on_roll == 1:
            pos = pos.swapped()
        w.game.show_position(pos, on_roll, **state)
    else:
        w.game.show_position(Position.start(), 0, dice=(3, 1), opening=(3, 1))
    w.window.setWidth(size[0])
    w.window.setHeight(size[1])
    result = {"code": 1}

    def grab() -> None:
        image = w.window.grabWindow()
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
