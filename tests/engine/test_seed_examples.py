"""Every worked example of the source rule pages, as a named test.

Positions are written in White's numbering (White is ``x``, on roll, moving from 24 down to 1),
as the lesson pages do. ``o`` points are also given in White's numbering.
"""

from __future__ import annotations

import pytest

from engine import (
    IllegalPlayError,
    Play,
    Position,
    Reason,
    Step,
    TurnBuilder,
    legal_plays,
    parse_play,
)


def pos(text: str) -> Position:
    return Position.from_text(text)


def notations(position: Position, dice) -> list[str]:
    return sorted(str(play) for play in legal_plays(position, dice))


def reason_of(builder: TurnBuilder, src: int, dst: int) -> str:
    with pytest.raises(IllegalPlayError) as info:
        builder.move_checker(src, dst)
    return info.value.reason


# -- seed 004: using both dice, the higher die, doubles --------------------------------------
# One White checker on 8, fourteen off; Black's other checkers on White's 24-point; roll 3-2.

BLOCK_ON_5 = "x 8:1; o 5:2 24:13"
BLOCK_ON_5_AND_6 = "x 8:1; o 5:2 6:2 24:11"
BLOCK_ON_3 = "x 8:1; o 3:2 24:13"


def test_seed_004_block_on_5_plays_the_2_first_then_the_3():
    plays = legal_plays(pos(BLOCK_ON_5), (3, 2))
    assert len(plays) == 1
    assert plays[0].steps == (Step(8, 6), Step(6, 3))
    assert str(plays[0]) == "8/3"


def test_seed_004_block_on_5_refuses_8_5_as_blocked():
    builder = TurnBuilder(pos(BLOCK_ON_5), (3, 2))
    assert reason_of(builder, 8, 5) == Reason.BLOCKED_POINT
    assert builder.legal_steps() == [Step(8, 6)]


def test_seed_004_blocks_on_5_and_6_leave_no_legal_play():
    position = pos(BLOCK_ON_5_AND_6)
    assert legal_plays(position, (3, 2)) == []
    builder = TurnBuilder(position, (3, 2))
    assert not builder.has_legal_move()
    assert builder.is_complete()
    assert reason_of(builder, 8, 6) == Reason.NO_LEGAL_MOVE


def test_seed_004_may_not_jump_straight_from_8_to_3():
    with pytest.raises(IllegalPlayError) as info:
        parse_play(pos(BLOCK_ON_5_AND_6), (3, 2), "8/3")
    assert info.value.reason == Reason.NO_LEGAL_MOVE


def test_seed_004_block_on_3_only_8_5_with_the_higher_die():
    plays = legal_plays(pos(BLOCK_ON_3), (3, 2))
    assert [str(play) for play in plays] == ["8/5"]
    assert plays[0].steps == (Step(8, 5),)


def test_seed_004_block_on_3_refuses_the_lower_die():
    builder = TurnBuilder(pos(BLOCK_ON_3), (3, 2))
    assert reason_of(builder, 8, 6) == Reason.MUST_PLAY_HIGHER_DIE
    assert builder.legal_steps() == [Step(8, 5)]
    builder.move_checker(8, 5)
    assert builder.is_complete()
    assert str(builder.play()) == "8/5"


# One White checker on 8, fourteen off; Black two on White's 2-point and thirteen on 24.
DOUBLE_TWOS = "x 8:1; o 2:2 24:13"


def test_seed_004_double_twos_with_only_two_playable():
    plays = legal_plays(pos(DOUBLE_TWOS), (2, 2))
    assert len(plays) == 1
    assert plays[0].steps == (Step(8, 6), Step(6, 4))
    assert str(plays[0]) == "8/4"


def test_seed_004_double_twos_may_not_stop_after_one_nor_bear_off_from_4():
    builder = TurnBuilder(pos(DOUBLE_TWOS), (2, 2))
    builder.move_checker(8, 6)
    assert not builder.is_complete()
    with pytest.raises(IllegalPlayError) as info:
        builder.play()
    assert info.value.reason == Reason.MUST_USE_MORE_DICE
    builder.move_checker(6, 4)
    assert builder.is_complete()
    assert reason_of(builder, 4, 0) == Reason.TURN_COMPLETE
    assert str(builder.play()) == "8/4"


# White on 5 and 4, thirteen off; Black holds White's 1-point; roll 5-3.
BEAR_OFF_53 = "x 5:1 4:1; o 1:2 24:13"


def test_seed_004_bear_off_5_3_only_5_2_4_off():
    assert notations(pos(BEAR_OFF_53), (5, 3)) == ["5/2 4/off"]


def test_seed_004_bear_off_5_off_first_breaks_the_use_both_dice_rule():
    builder = TurnBuilder(pos(BEAR_OFF_53), (5, 3))
    assert reason_of(builder, 5, 0) == Reason.MUST_USE_BOTH_DICE
    builder.move_checker(5, 2)
    builder.move_checker(4, 0)
    assert builder.is_complete()
    assert str(builder.play()) == "5/2 4/off"


def test_seed_004_bear_off_typed_5_off_is_refused_with_the_rule():
    with pytest.raises(IllegalPlayError) as info:
        parse_play(pos(BEAR_OFF_53), (5, 3), "5/off")
    assert info.value.reason == Reason.MUST_USE_BOTH_DICE


def test_seed_004_double_threes_from_the_start():
    play = parse_play(Position.start(), (3, 3), "8/5(2) 6/3(2)")
    assert str(play) == "8/5(2) 6/3(2)"
    assert sorted(play.steps) == [Step(6, 3), Step(6, 3), Step(8, 5), Step(8, 5)]
    after = play.result.swapped()  # back to White's view
    assert after == pos("x 24:2 13:5 8:1 6:3 5:2 3:2; o 19:5 17:3 12:5 1:2")
    assert "8/5(2) 6/3(2)" in notations(Position.start(), (3, 3))


# -- seed 003: hitting, the bar and entering ---------------------------------------------------
# Black blocks White's 21-point and has a blot on 19; roll 4-2.

ONE_ON_BAR = "x bar:1 13:5 8:4 6:5; o 21:2 19:1 17:4 12:5 1:3"
TWO_ON_BAR = "x bar:2 13:5 8:3 6:5; o 21:2 19:1 17:4 12:5 1:3"


def test_seed_003_entry_points_are_25_minus_the_die():
    for die in range(1, 7):
        position = pos("x bar:1 6:14; o 1:15")
        builder = TurnBuilder(position, (die, die))
        assert builder.legal_steps() == [Step(25, 25 - die)]
        assert all(p.steps[0] == Step(25, 25 - die) for p in legal_plays(position, (die, die)))


def test_seed_003_one_on_the_bar_enters_with_the_2_and_hits_with_the_4():
    position = pos(ONE_ON_BAR)
    play = parse_play(position, (4, 2), "bar/23 23/19*")
    assert play.steps == (Step(25, 23), Step(23, 19, True))
    assert str(play) == "bar/19*"
    assert play.result.on_roll[24] == 1  # Black, now on roll, has the hit checker on the bar
    assert play in legal_plays(position, (4, 2))
    assert all(p.steps[0] == Step(25, 23) for p in legal_plays(position, (4, 2)))


def test_seed_003_one_on_the_bar_rules_from_the_turn_builder():
    builder = TurnBuilder(pos(ONE_ON_BAR), (4, 2))
    assert reason_of(builder, 25, 21) == Reason.BLOCKED_POINT
    assert reason_of(builder, 13, 9) == Reason.BAR_FIRST
    assert builder.legal_steps() == [Step(25, 23)]
    builder.move_checker(25, 23)
    assert Step(23, 19, True) in builder.legal_steps()
    builder.move_checker(23, 19)
    assert builder.is_complete()
    assert str(builder.play()) == "bar/19*"


def test_seed_003_two_on_the_bar_turn_ends_with_one_still_on_the_bar():
    position = pos(TWO_ON_BAR)
    plays = legal_plays(position, (4, 2))
    assert [str(p) for p in plays] == ["bar/23"]
    assert plays[0].result.opponent[24] == 1  # White (now the opponent) keeps one on the bar


def test_seed_003_two_on_the_bar_the_first_may_not_move_on():
    builder = TurnBuilder(pos(TWO_ON_BAR), (4, 2))
    assert reason_of(builder, 25, 21) == Reason.BLOCKED_POINT
    builder.move_checker(25, 23)
    assert builder.is_complete()
    assert reason_of(builder, 23, 19) == Reason.TURN_COMPLETE
    with pytest.raises(IllegalPlayError):
        parse_play(pos(TWO_ON_BAR), (4, 2), "bar/23 23/19*")


# White on 9, Black blot on 5, point 3 open; roll 4-2.
HIT_AND_CONTINUE = "x 24:1 13:5 9:1 8:3 6:5; o 19:5 17:3 12:5 5:1 1:1"


def test_seed_003_hit_and_continue_9_5_3():
    position = pos(HIT_AND_CONTINUE)
    play = parse_play(position, (4, 2), "9/5*/3")
    assert play.steps == (Step(9, 5, True), Step(5, 3))
    assert str(play) == "9/5*/3"
    assert play.result.on_roll[24] == 1
    written = notations(position, (4, 2))
    assert "9/5*/3" in written and "9/3" in written  # the quiet route via 7 is another play


def test_seed_003_hit_and_continue_in_the_turn_builder():
    builder = TurnBuilder(pos(HIT_AND_CONTINUE), (4, 2))
    assert builder.move_checker(9, 5) == Step(9, 5, True)
    assert builder.move_checker(5, 3) == Step(5, 3, False)
    assert builder.is_complete()
    assert builder.play() == Play([Step(9, 5, True), Step(5, 3)])


# -- the starting position -------------------------------------------------------------------


def test_start_position_has_167_pips_each():
    start = Position.start()
    assert start.pip_count() == (167, 167)
    assert start == pos("x 24:2 13:5 8:3 6:5; o 19:5 17:3 12:5 1:2")
    assert start.borne_off() == (0, 0)


# Legal plays of each roll from the start, as GNU Backgammon lists them (one per result).
OPENING_COUNTS = {
    (1, 1): 42, (2, 1): 15, (2, 2): 75, (3, 1): 16, (3, 2): 17, (3, 3): 73, (4, 1): 14,
    (4, 2): 18, (4, 3): 17, (4, 4): 52, (5, 1): 8, (5, 2): 8, (5, 3): 9, (5, 4): 9,
    (5, 5): 4, (6, 1): 10, (6, 2): 14, (6, 3): 14, (6, 4): 14, (6, 5): 7, (6, 6): 11,
}  # fmt: skip


@pytest.mark.parametrize(("dice", "count"), sorted(OPENING_COUNTS.items()))
def test_opening_position_play_counts(dice, count):
    plays = legal_plays(Position.start(), dice)
    assert len(plays) == count
    assert len({p.result for p in plays}) == count


def test_opening_six_five_runs_a_back_checker():
    assert "24/13" in notations(Position.start(), (6, 5))


# -- the reasons the turn builder gives --------------------------------------------------------


def test_reason_cannot_bear_off_yet():
    builder = TurnBuilder(Position.start(), (6, 5))
    assert reason_of(builder, 6, 0) == Reason.CANNOT_BEAR_OFF_YET


def test_reason_die_not_available():
    builder = TurnBuilder(Position.start(), (3, 1))
    assert reason_of(builder, 13, 8) == Reason.DIE_NOT_AVAILABLE


def test_reason_no_checker():
    builder = TurnBuilder(Position.start(), (3, 1))
    assert reason_of(builder, 7, 4) == Reason.NO_CHECKER
    assert reason_of(builder, 25, 22) == Reason.NO_CHECKER


def test_reason_blocked_point():
    builder = TurnBuilder(Position.start(), (5, 2))
    assert reason_of(builder, 24, 19) == Reason.BLOCKED_POINT


def test_reason_higher_checker_first():
    builder = TurnBuilder(pos("x 6:1 2:1; o 24:15"), (5, 4))
    assert reason_of(builder, 2, 0) == Reason.HIGHER_CHECKER_FIRST


def test_higher_die_bears_off_from_the_highest_point():
    assert notations(pos("x 4:1 3:1; o 24:15"), (6, 5)) == ["4/off 3/off"]


def test_reasons_come_with_an_english_sentence():
    builder = TurnBuilder(pos(BEAR_OFF_53), (5, 3))
    with pytest.raises(IllegalPlayError, match="both dice"):
        builder.move_checker(5, 0)
