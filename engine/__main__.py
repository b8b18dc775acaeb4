"""Command line of the rules engine (used by tests, benchmarks and other programs).

``python -m engine plays``
    Reads JSON lines ``{"position_id": "4HPwATDgc/ABMA", "dice": [3, 2]}`` on stdin and writes one
    JSON line per request, in order: ``{"plays": [{"move": "24/21 13/11", "result": "<Position
    ID after the play, opponent on roll>"}]}``. A bad request gets ``{"error": "..."}`` on its line
    and the stream goes on. Blank lines are skipped.

``python -m engine show POSITION_ID [MATCH_ID] [--json]``
    Prints the board as text (or as JSON with ``--json``). Without an ID it reads JSON lines
    ``{"position_id": ...}`` and/or ``{"match_id": ...}`` on stdin and writes one JSON line each.

``python -m engine mat FILE.mat [--export OUT.mat]``
    Reads a Jellyfish ``.mat`` match (every action replayed through the rules), prints its
    players, games and score, and with ``--export`` writes it again. A file that cannot be read
    gets ``error: line N: ...`` and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO, TextIO

from engine.dice import two_dice
from engine.errors import EngineError
from engine.jsonfile import JsonValueError, parse_json, write_text_atomically
from engine.matchid import MatchIdFields
from engine.moves import Play, legal_plays
from engine.position import Position

_CHUNK = 1 << 16
MAX_LINE = 1 << 20  # bytes of one request; a real one is under 200
TOO_LONG = f"The request is longer than {MAX_LINE} bytes."


def _lines(stream: BinaryIO) -> Iterator[list[bytes | None]]:
    """Complete lines in batches: whatever has arrived, so a co-process is answered promptly
    while a long stream is processed in bulk. A line longer than ``MAX_LINE`` comes as None
    (answered with ``TOO_LONG``) and is not kept: an endless line filled the memory, and each
    chunk added to it was copied whole (a 133 MB line took two minutes)."""
    read = getattr(stream, "read1", stream.read)
    pending = b""
    skipping = False  # the rest of an over-long line, already answered
    while True:
        chunk = read(_CHUNK)
        if not chunk:
            break
        if skipping:
            end = chunk.find(b"\n")
            if end < 0:
                continue
            chunk, skipping = chunk[end + 1 :], False
        pending += chunk
        cut = pending.rfind(b"\n")
        if cut < 0:
            if len(pending) > MAX_LINE:
                yield [None]
                pending, skipping = b"", True
            continue
        batch: list[bytes | None] = list(pending[: cut + 1].split(b"\n"))
        batch.pop()
        pending = pending[cut + 1 :]
        yield [line if line is None or len(line) <= MAX_LINE else None for line in batch]
        if len(pending) > MAX_LINE:
            yield [None]
            pending, skipping = b"", True
    if pending:
        yield [pending if len(pending) <= MAX_LINE else None]


def _dice_of(value: object) -> tuple[int, int]:
    if isinstance(value, str) and len(value) == 2 and value.isdigit():
        value = [int(value[0]), int(value[1])]
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ValueError('"dice" must be two dice, like [3, 2].')
    try:
        return two_dice(value)
    except ValueError:
        raise ValueError(f'"dice" must be two dice 1-6, not {value!r}.') from None


def _result(play: Play) -> Position:
    assert play.result is not None  # a play from legal_plays carries its result
    return play.result


def _error(message: str) -> str:
    return json.dumps({"error": message})


def plays_command(stdin: BinaryIO, stdout: TextIO) -> int:
    """Answer legal-play requests line by line (see the module doc)."""
    loads = parse_json
    from_id = Position.from_position_id
    for batch in _lines(stdin):
        out: list[str] = []
        append = out.append
        for raw in batch:
            if raw is None:
                append(_error(TOO_LONG))
                continue
            if not raw.strip():
                continue
            try:
                try:
                    request = loads(raw)
                except JsonValueError as exc:
                    raise ValueError(f"Bad request: {exc}.") from None
                if not isinstance(request, dict):
                    raise ValueError("A request must be a JSON object.")
                pid = request.get("position_id")
                if not isinstance(pid, str):
                    raise ValueError('A request needs "position_id" (text).')
                position = from_id(pid)
                # Notation and Position IDs need no JSON escaping (letters, digits, /*()+).
                items = [
                    f'{{"move": "{play}", "result": "{_result(play).position_id()}"}}'
                    for play in legal_plays(position, _dice_of(request.get("dice")))
                ]
                append('{"plays": [' + ", ".join(items) + "]}")
            except (ValueError, EngineError) as exc:  # JSON errors are ValueErrors too
                append(_error(str(exc)))
            except RecursionError:
                append(_error("The request is nested too deeply."))
        if out:
            stdout.write("\n".join(out) + "\n")
            stdout.flush()
    return 0


# -- show -----------------------------------------------------------------------------------------


def position_json(position: Position) -> dict[str, Any]:
    return {
        "position_id": position.position_id(),
        "on_roll": list(position.on_roll),
        "opponent": list(position.opponent),
        "pips": list(position.pip_count()),
        "borne_off": list(position.borne_off()),
    }


def board_text(position: Position, fields: MatchIdFields | None = None) -> str:
    """A text diagram of the board from the view of the player on roll (X; the opponent is O)."""
    me, op = position.on_roll, position.opponent

    def cell(point: int, row: int) -> str:
        mine, theirs = me[point - 1], op[24 - point]
        count, mark = (mine, "X") if mine else (theirs, "O")
        if count > row:
            if row == 4 and count > 5:
                return f"{count:>2}"[-2:] if count > 9 else f" {count}"
            return " " + mark
        return "  "

    def half(points: list[int], rows: range) -> list[str]:
        lines = []
        for row in rows:
            left = " ".join(cell(p, row) for p in points[:6])
            right = " ".join(cell(p, row) for p in points[6:])
            lines.append(f" |{left} |   |{right} |")
        return lines

    top = list(range(13, 25))
    bottom = list(range(12, 0, -1))
    pips = position.pip_count()
    off = position.borne_off()
    lines = [" +13-14-15-16-17-18------19-20-21-22-23-24-+     O: opponent"]
    lines += half(top, range(5))
    lines.append(f" |                  |BAR|                  |     bar X {me[24]}  O {op[24]}")
    lines += half(bottom, range(4, -1, -1))
    lines.append(" +12-11-10--9--8--7-------6--5--4--3--2--1-+     X: on roll")
    lines.append(f" Pips X {pips[0]}  O {pips[1]}; borne off X {off[0]}  O {off[1]}")
    lines.append(f" Position ID: {position.position_id()}")
    if fields is not None:
        length = f"{fields.match_length}-point match" if fields.match_length else "money game"
        owner = "centred" if fields.cube_owner == -1 else f"player {fields.cube_owner}"
        dice = "not rolled" if not fields.dice[0] else f"{fields.dice[0]}-{fields.dice[1]}"
        lines.append(
            f" Match ID: {fields.encode()}  {length}, score {fields.score[0]}-{fields.score[1]}"
            f"{' (Crawford game)' if fields.crawford else ''}"
        )
        lines.append(
            f" Player {fields.player_on_roll} on roll (X), dice {dice}; cube {fields.cube} "
            f"{owner}{'; double offered' if fields.doubled else ''}"
        )
    return "\n".join(lines)


def _show_one(request: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    pid = request.get("position_id")
    mid = request.get("match_id")
    if pid is None and mid is None:
        raise ValueError('A request needs "position_id" and/or "match_id".')
    if pid is not None:
        out.update(position_json(Position.from_position_id(pid)))
    if mid is not None:
        out.update(MatchIdFields.decode(mid).as_dict())
    return out


def show_command(args: argparse.Namespace, stdin: BinaryIO, stdout: TextIO) -> int:
    if args.position_id is None:
        for batch in _lines(stdin):
            out = []
            for raw in batch:
                if raw is None:
                    out.append(_error(TOO_LONG))
                    continue
                if not raw.strip():
                    continue
                try:
                    try:
                        request = parse_json(raw)
                    except JsonValueError as exc:
                        raise ValueError(f"Bad request: {exc}.") from None
                    if not isinstance(request, dict):
                        raise ValueError("A request must be a JSON object.")
                    out.append(json.dumps(_show_one(request)))
                except (ValueError, EngineError) as exc:
                    out.append(_error(str(exc)))
                except RecursionError:
                    out.append(_error("The request is nested too deeply."))
            if out:
                stdout.write("\n".join(out) + "\n")
                stdout.flush()
        return 0
    try:
        position = Position.from_position_id(args.position_id)
        fields = MatchIdFields.decode(args.match_id) if args.match_id else None
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        data = position_json(position)
        if fields is not None:
            data.update(fields.as_dict())
        stdout.write(json.dumps(data) + "\n")
    else:
        stdout.write(board_text(position, fields) + "\n")
    return 0


def mat_command(args: argparse.Namespace, stdout: TextIO) -> int:
    """Read a ``.mat`` file, describe it, and export it again with ``--export``."""
    from engine.mat import export_mat, load_mat  # local: only this command needs it

    try:
        match = load_mat(args.file)
    except OSError as exc:
        print(f"error: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except EngineError as exc:
        print(f"error: {args.file}: {exc}", file=sys.stderr)
        return 2
    won = match.points_won()
    stdout.write(
        f"{match.length}-point match, {match.players[0]} {won[0]} - {won[1]} "
        f"{match.players[1]}, {len(match.games)} game{'s' if len(match.games) != 1 else ''}"
        f"{'' if match.is_over else ' (not finished)'}\n"
    )
    if args.export:
        try:
            # the old file stays whole until the new one is (a full disk left half a file)
            write_text_atomically(args.export, export_mat(match), document=True)
        except OSError as exc:
            print(f"error: cannot write {args.export}: {exc.strerror or exc}", file=sys.stderr)
            return 2
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine", description="Backgammon rules engine."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("plays", help="legal plays for JSON-line requests on stdin")
    show = commands.add_parser("show", help="show a Position ID (and Match ID)")
    show.add_argument("position_id", nargs="?", help="GNU Backgammon Position ID")
    show.add_argument("match_id", nargs="?", help="GNU Backgammon Match ID")
    show.add_argument("--json", action="store_true", help="print JSON instead of a diagram")
    mat = commands.add_parser("mat", help="read a Jellyfish .mat match (and export it again)")
    mat.add_argument("file", help="the .mat file")
    mat.add_argument("--export", metavar="OUT", help="write the match as .mat to OUT")
    args = parser.parse_args(argv)
    handlers: dict[str, Callable[[], int]] = {
        "plays": lambda: plays_command(sys.stdin.buffer, sys.stdout),
        "show": lambda: show_command(args, sys.stdin.buffer, sys.stdout),
        "mat": lambda: mat_command(args, sys.stdout),
    }
    try:
        return handlers[args.command]()
    except BrokenPipeError:
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
