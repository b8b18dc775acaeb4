"""Start the game: ``python -m app`` (or the ``backgammon`` command).

``--position-id`` and ``--match-id`` open the window on that position (a money game, or the
match the Match ID describes); ``--size`` sets the window size; ``--screenshot FILE.png``
renders the window offscreen, writes the PNG (into a folder that exists) and exits. A match file
given (``backgammon FILE.mat``) opens as Edit > Import opens one: a file that cannot be read is
refused with the reason, and a match in progress is replaced only when the player says so. Only
one copy of the game runs per data folder: a second start brings the first window forward,
handing it the match file it was given (or, when it does not answer, says in a window of its own
that the game is open) and exits.
"""

from __future__ import annotations

import argparse
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


def _given(text: str) -> str:
    """A value that says something (an empty one was taken as none: "--screenshot ''" opened
    the game instead of saving a picture, and waited for a person who was not there)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty value")
    return text.strip()


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="backgammon", description="Backgammon for the desktop.")
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    p.add_argument(
        "--screenshot", type=_given, metavar="FILE.png", help="render offscreen, save, exit"
    )
    p.add_argument("--size", type=_size, help="window size, e.g. 1024x768")
    p.add_argument(
        "--position-id", type=_given, metavar="P", help="open on this GNU Backgammon Position ID"
    )
    p.add_argument(
        "--match-id",
        type=_given,
        metavar="M",
        help="with this GNU Backgammon Match ID (without --position-id: on the starting position)",
    )
    p.add_argument("--lang", metavar="xx", choices=LANGUAGE_CODES, help="language: en, da or nl")
    p.add_argument(
        "file",
        nargs="?",
        type=_given,
        metavar="FILE.mat",
        help="open this match file (as Edit > Import does: asked first before a match is replaced)",
    )
    p.add_argument("--data-dir", type=Path, help=argparse.SUPPRESS)
    return p


def shown_session(position_id: str | None, match_id: str | None, seed: int | None = None) -> Any:
    """The ``app.session.Session`` the IDs describe, set up by the engine (once).

    Without IDs: the opening roll 3-1 of a single game (the screenshot's picture). Raises
    ``ValueError`` naming the ID(s) when they are malformed or describe a state the rules do
    not allow (a finished game, a roll without a legal move, a score past the target, ...).
    """
    from app.session import MatchSettings, Session, from_ids
    from engine import EngineError, Position
    from engine.ids import exchanged_seats

    if not (position_id or match_id):
        session = Session(MatchSettings(computer=False), seed=seed)
        session.start_game()
        session.opening((3, 1))
        return session
    try:
        # (a Match ID in GNU Backgammon's seats, as pasted: its player 1 is the person here)
        inside = exchanged_seats(match_id) if match_id else None
        return from_ids(position_id or Position.start().position_id(), inside, seed)
    except EngineError as exc:
        named = [
            f"{kind} {value}"
            for kind, value in (("Position ID", position_id), ("Match ID", match_id))
            if value
        ]
        raise ValueError(f"cannot show {' with '.join(named)}: {exc}") from None


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.file and (args.position_id or args.match_id or args.screenshot):
        parser().error("give a match file, or IDs (or --screenshot), not both")
    from app import window as window_module

    if args.screenshot:
        window_module.use_offscreen()
    shown = bool(args.position_id or args.match_id)
    session = None
    try:
        if shown or args.screenshot:
            session = shown_session(args.position_id, args.match_id, 1 if args.screenshot else None)
    except ValueError as exc:
        print(f"backgammon: {exc}", file=sys.stderr)
        if not args.screenshot:
            _refused_in_the_running_copy(args)
        return 2
    options = window_module.Options(
        data_dir=args.data_dir,
        save=not (args.screenshot or shown),
        seed=1 if args.screenshot else None,
        step_ms=0 if args.screenshot else None,  # a picture of the end state, not of a turn
    )
    storage = window_module.make_storage(options)
    ids = None
    if shown:  # (checked above) set up as a paste is, in this window or the running copy's
        ids = _given_ids(args)
    if not args.screenshot and not storage.lock():
        return _already_open(storage.folder, args.lang, options, args.file, ids)
    try:
        w = window_module.open_window(args.lang, [sys.argv[0]], options, storage)
    except (RuntimeError, OSError) as exc:
        print(f"backgammon: the window could not open: {exc}", file=sys.stderr)
        storage.unlock()
        return 1
    if args.size:
        w.window.setWidth(args.size[0])
        w.window.setHeight(args.size[1])
        room = w.window.screen().availableGeometry()
        on_screen = w.app.platformName() != "offscreen"  # not a picture drawn off any screen
        if on_screen and (args.size[0] >= room.width() or args.size[1] >= room.height()):
            # as large as the screen or larger: the window manager's frame and panels took the
            # foot of the window (its last button) off the screen; the screen's room instead,
            # and restored, a size that fits inside it with its frame (restored at the size
            # asked, its foot went off the screen again: found by a tester)
            from app.theme import FRAME_HEIGHT, FRAME_WIDTH

            w.window.setWidth(min(args.size[0], room.width() - FRAME_WIDTH))
            w.window.setHeight(min(args.size[1], room.height() - FRAME_HEIGHT))
            w.window.setPosition(room.x(), room.y())
            w.window.showMaximized()
    if args.screenshot:
        if session is not None:
            w.flow.show_session(session)
        else:
            w.flow.start()
        return _screenshot(w, Path(args.screenshot))
    from app.i18n import switch_language
    from app.parts import part_of
    from app.position_setup import PositionSetup
    from app.single_instance import InstanceServer, bring_forward

    setup = part_of(w.engine, PositionSetup)
    if ids is not None:
        # with the opponent of a new game, as the same IDs pasted or given to a running copy
        # are (they opened as a game between two people here: found by a tester)
        setup.pasteText(ids)
    if w.flow.session is None:
        w.flow.start()
    if args.file:  # read as an import is: refused with the reason, asked before a match goes
        setup.importMat(str(Path(args.file).resolve()))
    server = InstanceServer(storage.folder)
    server.activated.connect(lambda: bring_forward(w.window))
    server.fileGiven.connect(setup.importMat)
    server.idsGiven.connect(setup.pasteText)
    server.languageGiven.connect(lambda code: switch_language(w.engine, code))
    if not server.listen():  # the game runs; a second start then says it is open
        print(f"backgammon: later starts cannot reach this one: {server.error}", file=sys.stderr)
    code = w.app.exec()
    server.close()
    w.close()
    return code


def _refused_in_the_running_copy(args: Any) -> None:
    """IDs the command line could not set up, handed to a copy of the game already running: its
    window refuses them with the reason, as a paste is refused, in its language (the terminal
    alone said why: found by a tester). Nothing when no copy runs."""
    from app import window as window_module
    from app.single_instance import ask_running_copy

    storage = window_module.make_storage(window_module.Options(data_dir=args.data_dir, save=False))
    if storage.lock():  # no copy runs: the terminal's word is all
        storage.unlock()
        return
    window_module.application([sys.argv[0]])
    ask_running_copy(storage.folder, ids=_given_ids(args), language=args.lang)


def _given_ids(args: Any) -> str:
    """The IDs of the command line as a paste takes them ("P:M"; a Match ID alone on the
    starting position)."""
    from engine import Position

    given = (args.position_id or Position.start().position_id(), args.match_id)
    return ":".join(i for i in given if i)


def _already_open(
    folder: Path, language: str | None, options: Any, file: str | None, ids: str | None = None
) -> int:
    """A second start on ``folder``: the running copy's window comes forward, opening ``file``
    or setting up the position of ``ids`` when one is given (exit code 0), or a window says
    that the game is already open (1)."""
    from app import window as window_module
    from app.single_instance import ask_running_copy

    window_module.application([sys.argv[0]])
    if ask_running_copy(folder, file=Path(file) if file else None, ids=ids, language=language):
        done = "its window was brought forward"
        if language:
            done += f" in {language}"
        if ids:  # (found by a tester: the IDs were dropped without a word)
            done += f" to set up {ids} (asked there before a game in progress is replaced)"
        print(
            f"backgammon: the game is already open (data folder {folder}); {done}.", file=sys.stderr
        )
        return 0
    print(
        f"backgammon: the game is already open (data folder {folder}), but it did not answer.",
        file=sys.stderr,
    )
    window_module.say_already_open(folder, language, options)
    return 1


def _screenshot(w: Any, path: Path) -> int:
    from PySide6.QtCore import QTimer

    result = {"code": 1}

    def grab() -> None:
        image = w.window.grabWindow()
        if not path.parent.is_dir():  # no folder is made for it (one was, anywhere asked)
            print(f"backgammon: could not write {path}: no folder {path.parent}", file=sys.stderr)
        elif image.isNull() or not image.save(str(path)):
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
