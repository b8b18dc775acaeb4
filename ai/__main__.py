"""The decision service: ``python -m ai decide --level LEVEL`` answers JSON lines in order.

Each line read from standard input is one request; each gets exactly one JSON line back:

* ``{"position_id": P, "dice": [d1, d2]}`` (money game, centred cube) ->
  ``{"action": "move", "move": "<gnubg notation>", "result": "<Position ID, opponent on roll>"}``;
  ``"move"`` is ``""`` (and ``result`` the position swapped) when no play is legal.
* ``{"position_id": P, "match_id": M}``: the decision due in that state. With dice in the Match
  ID, a move as above; before the roll ``{"action": "double"}`` or ``{"action": "roll"}``; with a
  double pending ``{"action": "take"}`` or ``{"action": "drop"}``. The Position ID is seen from
  the player on roll (the doubler while a double is pending), as GNU Backgammon writes it.
  An optional ``"crawford_rule": false`` plays a match without the Crawford rule.
* Anything else gets ``{"error": "..."}`` on its line and the stream goes on: a line that is not
  UTF-8, not standard JSON (``NaN``, ``Infinity``), nested too deeply or over ``MAX_LINE`` bytes.

``python -m ai analyse FILE.mat [--json] [--quick]`` analyses a match (see ``ai.analysis``): one
line per decision, then one per player; a played play that is not the best is settled at 2-ply
with the best, unless ``--quick`` (1-ply only, about four times faster).

``python -m ai rollout`` rolls positions out instead (``ai.rollout``): each line
``{"position_id": P}`` (optionally ``games``, ``truncate``, ``seed``, ``cubeful``, ``cube``,
``owner``, ``variance_reduction``, ``bearoff_stop``) gets one line of equities and standard errors.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from typing import TextIO

from ai.cube import MONEY_STATE, CubeState, state_from_match_id
from ai.levels import LEVEL_NAMES
from ai.player import ComputerPlayer
from ai.request_lines import BadRequest, decode_request, request_lines
from engine.dice import two_dice
from engine.matchid import GAME_PLAYING, decode_match_id
from engine.position import Position


def _dice(value: object) -> tuple[int, int]:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise BadRequest('"dice" must be a list of two numbers 1-6.')
    try:
        return two_dice(value)
    except ValueError:
        raise BadRequest(f'"dice" must be two numbers 1-6, not {value!r}.') from None


def _move_answer(
    player: ComputerPlayer, position: Position, dice: tuple[int, int], state: CubeState
) -> dict[str, object]:
    play = player.choose_play(position, dice, state)
    if play is None or play.result is None:
        return {"action": "move", "move": "", "result": position.swapped().position_id()}
    return {"action": "move", "move": str(play), "result": play.result.position_id()}


def answer(player: ComputerPlayer, request: object) -> dict[str, object]:
    """The answer to one decoded request; raises ``BadRequest`` or an engine error."""
    if not isinstance(request, dict):
        raise BadRequest("A request is a JSON object with a position_id.")
    if "position_id" not in request:
        raise BadRequest('A request needs "position_id".')
    position = Position.from_position_id(request["position_id"])
    if position.is_game_over():
        raise BadRequest("The game in that position is over.")
    if "match_id" not in request:
        if "dice" not in request:
            raise BadRequest('A request needs "dice" or "match_id".')
        return _move_answer(player, position, _dice(request["dice"]), MONEY_STATE)
    crawford_rule = request.get("crawford_rule", True)
    if not isinstance(crawford_rule, bool):
        raise BadRequest('"crawford_rule" must be true or false.')
    fields = decode_match_id(request["match_id"])
    if fields.game_state != GAME_PLAYING:
        raise BadRequest("The Match ID does not show a game being played.")
    if fields.resigned:
        raise BadRequest("A resignation is pending; this service does not answer resignations.")
    state = state_from_match_id(fields, fields.player_on_roll, crawford_rule=crawford_rule)
    if "dice" in request and not fields.dice[0]:
        fields_dice = _dice(request["dice"])
    else:
        fields_dice = fields.dice
    if fields.doubled:
        if not state.may_double():  # the doubler's state: was the double allowed?
            raise BadRequest("The Match ID shows a double that the rules do not allow.")
        return {"action": "take" if player.should_take(position, state) else "drop"}
    if fields_dice[0]:
        return _move_answer(player, position, fields_dice, state)
    return {"action": "double" if player.should_double(position, state) else "roll"}


def serve(player: ComputerPlayer, lines: Iterable[bytes | str], out: TextIO) -> None:
    """Answer every non-empty line of ``lines`` on ``out``, one JSON line each, in order.

    Lines may be bytes (standard input) or text; whatever a line holds, it gets one answer.
    """
    for line in lines:
        if not line.strip():
            continue
        try:
            reply = answer(player, decode_request(line))
        except (ValueError, TypeError, OverflowError, RecursionError) as exc:
            # BadRequest, the engine's errors and JsonValueError are ValueErrors
            reply = {"error": str(exc) or type(exc).__name__}
        out.write(json.dumps(reply) + "\n")
        out.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    decide = commands.add_parser("decide", help="answer decision requests (JSON lines)")
    decide.add_argument("--level", choices=LEVEL_NAMES, default="expert")
    decide.add_argument("--seed", type=int, default=0, help="seed of the noisy levels")
    analyse = commands.add_parser("analyse", help="analyse a .mat match (every decision)")
    analyse.add_argument("file", help="a Jellyfish .mat file")
    analyse.add_argument("--json", action="store_true", help="JSON lines instead of text")
    depth = analyse.add_mutually_exclusive_group()
    depth.add_argument(
        "--quick", action="store_true", help="1-ply only: faster, farther from a 2-ply analysis"
    )
    depth.add_argument("--deep", action="store_true", help="settle close calls at 2-ply (default)")
    from ai import rollout

    rollout.add_arguments(commands.add_parser("rollout", help="roll out positions (JSON lines)"))
    args = parser.parse_args(argv)
    if args.command == "rollout":
        return rollout.main(args)
    if args.command == "analyse":
        from ai.analysis import analyse_file  # local: the decision service does not need it

        try:
            deep = not args.quick
            return analyse_file(args.file, args.json, sys.stdout, sys.stderr, deep=deep)
        except (BrokenPipeError, KeyboardInterrupt):
            return 1
    player = ComputerPlayer(args.level, seed=args.seed)
    try:
        serve(player, request_lines(sys.stdin.buffer), sys.stdout)
    except (BrokenPipeError, KeyboardInterrupt):
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
