"""Properties over random play-outs from the start with random dice (Hypothesis).

Each example plays random legal plays with random rolls, so positions reach hits, the bar,
primes and bear-offs; the invariants below must hold at every position on the way.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    EngineError,
    IllegalPlayError,
    InvalidPositionIdError,
    Position,
    Reason,
    TurnBuilder,
    legal_plays,
    parse_play,
)
from tests.engine.reference_rules import legal_sequences, result_of, single_steps

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]


def play_out(rng: random.Random, turns: int) -> list[tuple[Position, tuple[int, int]]]:
    """(position, roll) for each turn of a random game from the start; stops at the game's end."""
    history = []
    position = Position.start()
    for _ in range(turns):
        if position.is_game_over():
            break
        dice = rng.choice(ROLLS)
        history.append((position, dice))
        plays = legal_plays(position, dice)
        position = rng.choice(plays).result if plays else position.swapped()
    history.append((position, rng.choice(ROLLS)))
    return history


def a_position(rng: random.Random, turns: int) -> tuple[Position, tuple[int, int]]:
    return play_out(rng, turns)[-1]


def check_board(position: Position) -> None:
    for side in (position.on_roll, position.opponent):
        assert len(side) == 25
        assert all(n >= 0 for n in side)
    mine_off, theirs_off = position.borne_off()
    assert sum(position.on_roll) + mine_off == 15
    assert sum(position.opponent) + theirs_off == 15
    for i in range(24):
        assert not (position.on_roll[i] and position.opponent[23 - i]), position


@SETTINGS
@given(rng=st.randoms(use_true_random=False), turns=st.integers(0, 300))
def test_playouts_keep_fifteen_checkers_a_side_and_never_share_a_point(rng, turns):
    for position, _dice in play_out(rng, turns):
        check_board(position)
        assert Position.from_position_id(position.position_id()) == position
        assert position.swapped().swapped() == position
        assert hash(position.swapped().swapped()) == hash(position)
        mine, theirs = position.pip_count()
        assert (theirs, mine) == position.swapped().pip_count()


@SETTINGS
@given(rng=st.randoms(use_true_random=False), turns=st.integers(0, 200))
def test_every_play_result_is_a_valid_board_with_the_opponent_on_roll(rng, turns):
    position, dice = a_position(rng, turns)
    for play in legal_plays(position, dice):
        check_board(play.result)
        # The mover's checkers off can only grow; the opponent's never change.
        assert play.result.borne_off()[1] >= position.borne_off()[0]
        assert play.result.borne_off()[0] == position.borne_off()[1]


def _intermediate_hit(text: str) -> bool:
    return "*/" in text


@SETTINGS
@given(rng=st.randoms(use_true_random=False), turns=st.integers(0, 200))
def test_notation_round_trip_for_every_legal_play(rng, turns):
    position, dice = a_position(rng, turns)
    plays = legal_plays(position, dice)
    assert len({str(play) for play in plays}) == len(plays), "one notation per play"
    for play in plays:
        text = str(play)
        if _intermediate_hit(text):
            continue  # see test_parse_play_honours_hits_marked_on_the_way (gnubg set)
        back = parse_play(position, dice, text)
        assert back.result == play.result, text
        assert str(back) == text


@SETTINGS
@given(rng=st.randoms(use_true_random=False), turns=st.integers(0, 200))
def test_no_legal_play_uses_fewer_dice_than_another(rng, turns):
    position, dice = a_position(rng, turns)
    plays = legal_plays(position, dice)
    used = {play.dice_used for play in plays}
    assert len(used) <= 1
    sequences = legal_sequences(position, dice)
    most = max((len(seq) for seq in sequences), default=0)
    assert used <= {most}
    assert (most == 0) == (not plays)
    # And the same results as the naive statement of the rules.
    assert {play.result for play in plays} == {result_of(position, s) for s in sequences}


@SETTINGS
@given(
    rng=st.randoms(use_true_random=False),
    turns=st.integers(0, 200),
    picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=6),
)
def test_turn_builder_replays_legal_plays_and_undo_restores(rng, turns, picks):
    position, dice = a_position(rng, turns)
    plays = legal_plays(position, dice)
    builder = TurnBuilder(position, dice)
    first_choices = builder.legal_steps()
    if not plays:
        assert builder.is_complete() and first_choices == []
        return
    for pick in picks:
        play = plays[pick % len(plays)]
        for step in play.steps:
            assert not builder.is_complete()
            assert step in builder.legal_steps()
            builder.move_checker(step.src, step.dst)
        assert builder.is_complete()
        assert builder.play().result == play.result
        for step in reversed(play.steps):
            assert builder.undo() == step
        assert builder.current_position() == position
        assert builder.legal_steps() == first_choices


# -- parsers never fail with anything but their own clear errors --------------------------------

NOTATION_ALPHABET = "0123456789/*() barofBAROF,-\t"


@settings(max_examples=300, deadline=None)
@given(
    text=st.one_of(st.text(NOTATION_ALPHABET, max_size=30), st.text(max_size=30)),
    dice=st.sampled_from(ROLLS),
)
def test_parse_play_refuses_garbage_with_engine_errors(text, dice):
    try:
        play = parse_play(Position.start(), dice, text)
    except EngineError as exc:
        assert str(exc)
    else:
        assert play.result in {p.result for p in legal_plays(Position.start(), dice)}


@settings(max_examples=300, deadline=None)
@given(
    text=st.one_of(
        st.text(
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",
            min_size=14,
            max_size=14,
        ),
        st.text(max_size=20),
    )
)
def test_position_id_parser_accepts_or_refuses_clearly(text):
    try:
        position = Position.from_position_id(text)
    except InvalidPositionIdError as exc:
        assert str(exc)
    else:
        check_board(position)
        assert Position.from_position_id(position.position_id()) == position


REASONS = {value for name, value in vars(Reason).items() if name.isupper()}
WHOLE_TURN = {Reason.MUST_USE_BOTH_DICE, Reason.MUST_PLAY_HIGHER_DIE, Reason.MUST_USE_MORE_DICE}


@SETTINGS
@given(rng=st.randoms(use_true_random=False), turns=st.integers(0, 200))
def test_every_refused_step_names_a_known_rule(rng, turns):
    position, dice = a_position(rng, turns)
    builder = TurnBuilder(position, dice)
    allowed = {(step.src, step.dst) for step in builder.legal_steps()}
    me, opp = list(position.on_roll), list(position.opponent)
    possible = {(s, t) for die in set(dice) for s, t, _hit in single_steps(me, opp, die)}
    for src in range(26):
        for dst in range(26):
            if (src, dst) in allowed:
                continue
            try:
                builder.move_checker(src, dst)
            except IllegalPlayError as exc:
                assert exc.reason in REASONS, exc.reason
                assert str(exc)
                # A step the checker could make is refused only for a whole-turn rule.
                whole_turn = exc.reason in WHOLE_TURN
                if builder.has_legal_move():
                    assert whole_turn == ((src, dst) in possible), (src, dst, exc.reason)
            else:
                raise AssertionError(f"{src}/{dst} was accepted but is not a legal step")
    assert builder.steps == ()
