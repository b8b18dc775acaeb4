"""Turn building step by step: which steps may come next, undo, completion, no-move turns.

The legal next steps are checked against an independent, naive statement of the rules
(``reference_rules``) and against GNU Backgammon's legal plays on part of the reference set.
"""

from __future__ import annotations

import functools
import gzip
import json
from pathlib import Path

import pytest

from engine import IllegalPlayError, Play, Position, Reason, Step, TurnBuilder, legal_plays
from tests.engine.reference_rules import legal_sequences, result_of

DATA = Path(__file__).resolve().parent.parent / "data" / "gnubg-legal-plays.jsonl.gz"

# 13/12 is missing: the 12-point is the opponent's 13-point, blocked.
START_31 = {(24, 23), (24, 21), (13, 10), (8, 7), (8, 5), (6, 5), (6, 3)}


@functools.cache
def cases() -> tuple[dict, ...]:
    with gzip.open(DATA, "rt", encoding="utf-8") as stream:
        return tuple(json.loads(line) for line in stream if line.strip())


def dice_of(case: dict) -> tuple[int, int]:
    return int(case["dice"][0]), int(case["dice"][1])


def expected_first_steps(position: Position, dice) -> set[tuple[int, int, bool]]:
    return {seq[0][:3] for seq in legal_sequences(position, dice)}


def steps_of(builder: TurnBuilder) -> set[tuple[int, int, bool]]:
    return {(s.src, s.dst, s.hit) for s in builder.legal_steps()}


def test_start_three_one_offers_steps_of_both_dice():
    builder = TurnBuilder(Position.start(), (3, 1))
    assert {(s.src, s.dst) for s in builder.legal_steps()} == START_31
    assert builder.movable_points() == {24, 13, 8, 6}
    assert builder.destinations(8) == {7, 5}
    assert builder.remaining_dice() == [3, 1]


def test_reference_rules_agree_with_gnubg_on_part_of_the_set():
    """The second opinion is itself right: same results as gnubg on every 20th case."""
    for case in cases()[::20]:
        position = Position.from_position_id(case["pid"])
        ours = {
            result_of(position, seq).position_id()
            for seq in legal_sequences(position, dice_of(case))
        }
        assert ours == {play["result"] for play in case["plays"]}, case


def test_legal_steps_are_the_first_steps_of_legal_plays_on_part_of_the_set():
    for case in cases()[::10]:
        position = Position.from_position_id(case["pid"])
        dice = dice_of(case)
        builder = TurnBuilder(position, dice)
        assert steps_of(builder) == expected_first_steps(position, dice), case
        # Either order of the dice gives the same choices.
        assert steps_of(TurnBuilder(position, dice[::-1])) == steps_of(builder)


def _walk(builder: TurnBuilder, results: set, depth: int = 0) -> None:
    """Every path of legal steps ends in a complete legal play."""
    options = builder.legal_steps()
    if builder.is_complete():
        assert options == []
        results.add(builder.play().result)
        return
    assert options, "an incomplete turn always offers a step"
    for step in options:
        before = builder.current_position()
        made = builder.move_checker(step.src, step.dst)
        assert made == step
        _walk(builder, results, depth + 1)
        assert builder.undo() == step
        assert builder.current_position() == before


def test_every_path_of_legal_steps_completes_a_legal_play_on_part_of_the_set():
    for case in cases()[7::60]:
        position = Position.from_position_id(case["pid"])
        builder = TurnBuilder(position, dice_of(case))
        results: set = set()
        _walk(builder, results)
        expected = {Position.from_position_id(play["result"]) for play in case["plays"]}
        if expected:
            assert results == expected, case
        else:
            assert results == {position.swapped()}


def test_undo_restores_the_position_and_the_choices():
    builder = TurnBuilder(Position.start(), (6, 4))
    first = builder.legal_steps()
    assert builder.undo() is None
    step = builder.move_checker(24, 18)
    assert builder.steps == (step,)
    assert builder.remaining_dice() == [4]
    assert not builder.is_complete()
    assert builder.undo() == step
    assert builder.steps == ()
    assert builder.current_position() == Position.start()
    assert builder.legal_steps() == first
    assert builder.remaining_dice() == [6, 4]


def test_reset_takes_back_the_whole_turn():
    builder = TurnBuilder(Position.start(), (2, 2))
    for src, dst in ((13, 11), (13, 11), (6, 4), (6, 4)):
        builder.move_checker(src, dst)
    assert builder.is_complete()
    assert str(builder.play()) == "13/11(2) 6/4(2)"
    builder.reset()
    assert builder.steps == ()
    assert builder.current_position() == Position.start()
    assert not builder.is_complete()


def test_play_before_the_turn_is_complete_names_the_rule():
    builder = TurnBuilder(Position.start(), (6, 4))
    builder.move_checker(24, 18)
    with pytest.raises(IllegalPlayError) as info:
        builder.play()
    assert info.value.reason == Reason.MUST_USE_BOTH_DICE


def test_move_by_die_picks_the_step_of_that_die():
    builder = TurnBuilder(Position.start(), (6, 4))
    assert builder.move_by_die(24, 6) == Step(24, 18)
    with pytest.raises(IllegalPlayError) as info:
        builder.move_by_die(13, 6)
    assert info.value.reason == Reason.DIE_NOT_AVAILABLE
    assert builder.move_by_die(13, 4) == Step(13, 9)
    assert builder.is_complete()


def test_completed_play_is_one_of_the_legal_plays():
    builder = TurnBuilder(Position.start(), (6, 5))
    builder.move_checker(24, 18)
    builder.move_checker(18, 13)
    play = builder.play()
    assert str(play) == "24/13"
    assert play.result in {p.result for p in legal_plays(Position.start(), (6, 5))}


CLOSED_OUT = "x bar:1 6:14; o 19:2 20:2 21:2 22:2 23:2 24:2 12:3"


@pytest.mark.parametrize("dice", [(6, 5), (1, 1), (3, 2)])
def test_closed_out_turn_has_no_legal_move(dice):
    position = Position.from_text(CLOSED_OUT)
    builder = TurnBuilder(position, dice)
    assert legal_plays(position, dice) == []
    assert not builder.has_legal_move()
    assert builder.is_complete()
    assert builder.legal_steps() == []
    assert builder.movable_points() == set()
    assert builder.undo() is None
    play = builder.play()
    assert play == Play(())
    assert str(play) == ""
    assert play.result == position.swapped()
    with pytest.raises(IllegalPlayError) as info:
        builder.move_checker(25, 25 - dice[0])
    assert info.value.reason == Reason.NO_LEGAL_MOVE


def test_bad_dice_are_refused():
    for dice in ((0, 3), (7, 1), (3,), (1, 2, 3)):
        with pytest.raises(ValueError):
            TurnBuilder(Position.start(), dice)


def test_final_bear_off_only_in_a_race_with_every_checker_home():
    from engine import Position, TurnBuilder

    home = Position.from_points({6: 2, 5: 3, 2: 2}, {1: 5, 2: 5})
    off = TurnBuilder(home, (6, 5)).final_bear_off()
    assert off is not None and str(off) == "6/off 5/off"
    gap = Position.from_points({6: 1, 1: 1}, {1: 5})
    assert str(TurnBuilder(gap, (6, 1)).final_bear_off()) == "6/off 1/off"
    one_off = TurnBuilder(gap, (5, 1)).final_bear_off()  # one checker off; one pip left
    assert one_off is not None and one_off.result is not None
    assert sum(one_off.result.opponent) == 1 and one_off.result.pip_count()[1] == 1
    not_home = Position.from_points({7: 1, 5: 3}, {1: 5})
    assert TurnBuilder(not_home, (6, 5)).final_bear_off() is None
    contact = Position.from_points({6: 2, 5: 3}, {1: 5, 22: 1})
    assert TurnBuilder(contact, (6, 5)).final_bear_off() is None


@pytest.mark.parametrize("src, dst", [(13, 14), (8, 8 + 3), (6, 24)])
def test_a_step_backwards_says_checkers_move_forward(src, dst):
    builder = TurnBuilder(Position.start(), (5, 3))
    with pytest.raises(IllegalPlayError) as info:
        builder.move_to(src, dst)
    assert info.value.reason == Reason.WRONG_DIRECTION
    assert builder.move_to(13, 8)  # and forward it moves


@pytest.mark.parametrize(
    "board, dice, src, dst, reason",
    [
        # 2-1 from 24 to 21: the dice add up, the 21-point is blocked (it was "no die moves a
        # checker that distance", beside a lesson that taught the blocked point)
        ("x 24:1 6:14; o 21:2 1:13", (2, 1), 24, 21, Reason.BLOCKED_POINT),
        # the 21-point is open but both stops on the way, 22 and 23, are blocked
        ("x 24:1 6:14; o 23:2 22:2 1:11", (2, 1), 24, 21, Reason.BLOCKED_WAY),
        # one stop blocked, the other open: that way is legal
        ("x 24:1 6:14; o 23:2 1:13", (2, 1), 24, 21, None),
        # no sum of the dice is that distance
        ("x 24:1 6:14; o 1:15", (2, 1), 24, 20, Reason.DIE_NOT_AVAILABLE),
        # a double: 4-4 from 24 to 16 through a blocked 20; 24 to 12 through a blocked 16
        ("x 24:1 6:14; o 20:2 1:13", (4, 4), 24, 16, Reason.BLOCKED_WAY),
        ("x 24:1 6:14; o 16:2 1:13", (4, 4), 24, 12, Reason.BLOCKED_WAY),
        ("x 24:1 6:14; o 12:2 1:13", (4, 4), 24, 12, Reason.BLOCKED_POINT),
    ],
)
def test_a_move_of_several_dice_says_where_it_is_blocked(board, dice, src, dst, reason):
    builder = TurnBuilder(Position.from_text(board), dice)
    if reason is None:
        assert builder.move_to(src, dst)
        return
    with pytest.raises(IllegalPlayError) as info:
        builder.move_to(src, dst)
    assert info.value.reason == reason


def test_a_stuck_checker_is_told_the_rule_of_the_roll_before_a_blocked_point():
    # 6-3: from 15 the 6 lands on a made point (9), the 3 on an open one (12), but after 15/12
    # no 6 can be played while another play uses both dice: the rule, not the block, is why
    position = Position.from_points(
        {15: 5, 13: 2, 4: 1, 3: 4, 1: 3}, {19: 2, 18: 2, 16: 3, 3: 4, 1: 4}
    )
    builder = TurnBuilder(position, (6, 3))
    assert 15 not in builder.movable_points()
    assert builder.stuck_reason(15) == Reason.MUST_USE_BOTH_DICE
    with pytest.raises(IllegalPlayError) as info:
        builder.move_checker(15, 9)
    assert info.value.reason == Reason.BLOCKED_POINT


def test_a_stuck_checker_is_told_the_block_the_empty_point_and_the_finished_turn():
    builder = TurnBuilder(Position.from_text("x 24:1 6:14; o 18:2 21:2 1:11"), (6, 3))
    assert builder.stuck_reason(24) == Reason.BLOCKED_POINT  # 18 and 21 both made
    assert builder.stuck_reason(20) == Reason.NO_CHECKER
    assert builder.stuck_reason(6) == ""  # 6/3 moves
    builder.move_checker(6, 3)
    assert builder.is_complete()  # no 6 can be played: the 3 is the whole play
    assert builder.stuck_reason(6) == Reason.TURN_COMPLETE
