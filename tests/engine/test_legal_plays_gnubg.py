"""Legal plays against GNU Backgammon, case by case, on the project's reference set.

``tests/data/gnubg-legal-plays.jsonl.gz`` holds 10,551 positions and rolls with every legal play as
gnubg lists it: its notation and the Position ID after the play (opponent on roll). The engine must
find the same set of results, write each play exactly as gnubg does, and read every gnubg move back
to the same result.
"""

from __future__ import annotations

import functools
import gzip
import json
from pathlib import Path

import engine.turn
from engine import Position, legal_plays, legal_results, parse_play

DATA = Path(__file__).resolve().parent.parent / "data" / "gnubg-legal-plays.jsonl.gz"


@functools.cache
def cases() -> tuple[dict, ...]:
    with gzip.open(DATA, "rt", encoding="utf-8") as stream:
        return tuple(json.loads(line) for line in stream if line.strip())


def dice_of(case: dict) -> tuple[int, int]:
    return int(case["dice"][0]), int(case["dice"][1])


@functools.cache
def engine_answers() -> tuple[dict[str, str], ...]:
    """For each case: {result Position ID: our notation}, computed once for all the tests."""
    answers = []
    for case in cases():
        plays = legal_plays(Position.from_position_id(case["pid"]), dice_of(case))
        answers.append({play.result.position_id(): str(play) for play in plays})
    return tuple(answers)


def _report(failures: list, total: int) -> str:
    shown = "\n".join(str(item) for item in failures[:10])
    return f"{len(failures)} of {total} checked differ, e.g.:\n{shown}"


def test_reference_set_size():
    assert len(cases()) == 10551
    assert sum(len(case["plays"]) for case in cases()) == 186913
    assert any(not case["plays"] for case in cases()), "the set has cases with no legal play"


def test_same_resulting_positions_as_gnubg_on_every_case():
    failures = []
    for case, ours in zip(cases(), engine_answers(), strict=True):
        theirs = {play["result"] for play in case["plays"]}
        if set(ours) != theirs or len(ours) != len(case["plays"]):
            failures.append(
                (case["pid"], case["dice"], sorted(theirs - set(ours)), sorted(set(ours) - theirs))
            )
    assert not failures, _report(failures, len(cases()))


def test_notation_equals_gnubg_string_for_string():
    failures = []
    for case, ours in zip(cases(), engine_answers(), strict=True):
        for play in case["plays"]:
            mine = ours.get(play["result"])
            if mine != play["move"]:
                failures.append((case["pid"], case["dice"], play["move"], mine))
    assert not failures, _report(failures, len(cases()))


def test_legal_results_matches_legal_plays():
    for case in cases()[::7]:
        position = Position.from_position_id(case["pid"])
        fast = legal_results(position, dice_of(case))
        assert len(fast) == len(set(fast)) == len(case["plays"])
        assert {p.position_id() for p in fast} == {p["result"] for p in case["plays"]}


def test_dice_order_does_not_matter():
    for case in cases()[::25]:
        position = Position.from_position_id(case["pid"])
        high, low = dice_of(case)
        forward = {p.result for p in legal_plays(position, (high, low))}
        backward = {p.result for p in legal_plays(position, (low, high))}
        assert forward == backward


def _has_intermediate_hit(move: str) -> bool:
    """True for a move such as ``24/23*/21`` that marks a hit before its last landing."""
    return any("*/" in word for word in move.split())


def _parse_failures(monkeypatch, wanted) -> tuple[list, int]:
    """Parse every gnubg move chosen by ``wanted``; (failures, number of moves parsed)."""
    # parse_play checks the typed move against legal_plays; memoise that per case so the test
    # measures the parser and not 186,913 regenerations of the same plays.
    generate = engine.turn.legal_plays
    memo: dict = {}

    def remembered(position, dice):
        key = (position, tuple(sorted(dice)))
        if key not in memo:
            memo[key] = generate(position, dice)
        return memo[key]

    monkeypatch.setattr(engine.turn, "legal_plays", remembered)
    failures = []
    parsed = 0
    for case in cases():
        position = Position.from_position_id(case["pid"])
        memo.clear()
        for play in case["plays"]:
            if not wanted(play["move"]):
                continue
            parsed += 1
            try:
                got = parse_play(position, dice_of(case), play["move"]).result.position_id()
            except ValueError as exc:
                got = f"{type(exc).__name__}: {exc}"
            if got != play["result"]:
                failures.append((case["pid"], case["dice"], play["move"], play["result"], got))
    return failures, parsed


def test_parse_play_reaches_gnubgs_result_for_every_gnubg_move(monkeypatch):
    failures, parsed = _parse_failures(monkeypatch, lambda move: not _has_intermediate_hit(move))
    assert parsed > 180_000
    assert not failures, _report(failures, parsed)


def test_parse_play_honours_hits_marked_on_the_way(monkeypatch):
    """``24/23*/21`` names the route that hits on 23, not the quiet route through 22."""
    failures, parsed = _parse_failures(monkeypatch, _has_intermediate_hit)
    assert parsed > 1000
    assert not failures, _report(failures, parsed)


def test_no_legal_play_cases_give_an_empty_list():
    empty = [case for case in cases() if not case["plays"]]
    assert empty
    for case in empty:
        position = Position.from_position_id(case["pid"])
        assert legal_plays(position, dice_of(case)) == []
        assert legal_results(position, dice_of(case)) == []
