"""Fuzzing every reader of outside text in the engine with Hypothesis: only the documented errors.

Position IDs (``InvalidPositionIdError``), Match IDs (``InvalidMatchIdError``), move notation
(``InvalidNotationError``/``IllegalPlayError``), board text (``InvalidPositionError``) and saves
(``SaveFormatError``, with values of any JSON type, ``Infinity``/``NaN`` and deep nesting put
anywhere in a real save). Bounded: a few hundred examples each, so the suite stays fast; raise
``max_examples`` by hand for a long run.
"""

from __future__ import annotations

import contextlib
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import jsonfile, save
from engine.errors import (
    IllegalPlayError,
    InvalidMatchIdError,
    InvalidNotationError,
    InvalidPositionError,
    InvalidPositionIdError,
    SaveFormatError,
)
from engine.match import GameState, Match
from engine.matchid import MatchIdFields
from engine.moves import legal_plays
from engine.position import Position
from engine.turn import parse_play

BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Anything JSON can hold, and what Python's reader also lets in: non-finite floats, huge numbers.
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**400), max_value=10**400)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=8)
    | st.sampled_from(["4HPwATDgc/ABMA", "cAkAAAAAAAAA", "13/8 24/22", "opening", "resign"])
)
VALUES = st.recursive(
    SCALARS,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=12,
)
NOT_TEXT = st.none() | st.booleans() | st.integers() | st.floats() | st.lists(st.integers())


def _positions() -> list[Position]:
    """Positions from random games: openings, middle games, bear-offs, checkers on the bar."""
    out = [Position.start()]
    rng = random.Random(3)
    for _ in range(6):
        position = Position.start()
        for turn in range(200):
            plays = legal_plays(position, (rng.randint(1, 6), rng.randint(1, 6)))
            if plays:
                play = rng.choice(plays)
                assert play.result is not None
                if not any(play.result.opponent):
                    break
                position = play.result
            else:
                position = position.swapped()
            if turn % 15 == 0:
                out.append(position)
    return out


POSITIONS = _positions()


@FAST
@given(st.text(alphabet=BASE64, min_size=14, max_size=14))
def test_any_14_characters_are_a_position_id_or_a_clear_error(text):
    try:
        position = Position.from_position_id(text)
    except InvalidPositionIdError as exc:
        assert str(exc)
        return
    assert sum(position.on_roll) <= 15 and sum(position.opponent) <= 15
    assert Position.from_position_id(position.position_id()) == position


@FAST
@given(st.text(max_size=40) | NOT_TEXT)
def test_any_value_is_a_position_id_or_a_clear_error(value):
    with contextlib.suppress(InvalidPositionIdError):
        Position.from_position_id(value)


@FAST
@given(st.text(max_size=40) | NOT_TEXT | st.text(alphabet=BASE64, min_size=12, max_size=12))
def test_any_value_is_a_match_id_or_a_clear_error(value):
    try:
        fields = MatchIdFields.decode(value)
    except InvalidMatchIdError:
        return
    assert MatchIdFields.decode(fields.encode()) == fields


NOTATION = st.text(alphabet="0123456789/*() barofBAROF-", max_size=30)


@FAST
@given(
    st.sampled_from(POSITIONS),
    st.tuples(st.integers(1, 6), st.integers(1, 6)),
    NOTATION | st.text(max_size=30),
)
def test_any_text_is_a_legal_play_or_a_clear_error(position, dice, text):
    try:
        play = parse_play(position, dice, text)
    except (InvalidNotationError, IllegalPlayError) as exc:
        assert str(exc)
        return
    assert play.result in {p.result for p in legal_plays(position, dice)} or not legal_plays(
        position, dice
    )


@FAST
@given(st.sampled_from(POSITIONS), st.tuples(st.integers(1, 6), st.integers(1, 6)), st.data())
def test_every_legal_play_reads_back_from_its_notation(position, dice, data):
    plays = legal_plays(position, dice)
    if not plays:
        return
    play = data.draw(st.sampled_from(plays))
    assert parse_play(position, dice, str(play)).result == play.result


@FAST
@given(st.text(alphabet="xo0123456789:;bar -", max_size=40) | st.text(max_size=20) | NOT_TEXT)
def test_any_board_text_is_a_position_or_a_clear_error(text):
    with contextlib.suppress(InvalidPositionError):
        Position.from_text(text)


# -- saves ----------------------------------------------------------------------------------------


def _saved() -> dict:
    match = Match(5, cube=True, seed=8)
    rng = random.Random(8)
    for _ in range(120):
        game = match.game
        if game is None or game.is_over:
            if match.is_over:
                break
            match.new_game()
        elif game.state is GameState.AWAITING_ROLL and game.can_double() and rng.random() < 0.2:
            game.double()
        elif game.state is GameState.AWAITING_TAKE:
            game.take()
        elif game.state is GameState.AWAITING_PLAY:
            game.play(rng.choice(game.legal_plays()))
        else:
            game.roll(match.rng)
    return match.to_json()


SAVED = _saved()


def _paths(value: object, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:40]):  # not every word of the random state
            out += _paths(item, (*prefix, index))
    return out


PATHS = [p for p in _paths(SAVED) if p]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(PATHS), VALUES), min_size=1, max_size=3))
def test_a_save_with_any_value_anywhere_loads_or_raises_save_format_error(changes):
    data = json.loads(json.dumps(SAVED))
    for path, value in changes:
        target = data
        try:
            for key in path[:-1]:
                target = target[key]
            target[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed the way there
    try:
        text = json.dumps(data)
    except ValueError:
        return  # a value json.dumps itself refuses (a circular one cannot occur here)
    try:
        match = save.loads(text)
    except SaveFormatError as exc:
        assert str(exc) and len(str(exc)) < 500
        return
    # whatever loads is a consistent match that saves and loads to itself
    assert save.loads(save.dumps(match)).history == match.history


@FAST
@given(st.binary(max_size=200) | st.text(max_size=200))
def test_any_bytes_or_text_load_or_raise_save_format_error(raw):
    with contextlib.suppress(SaveFormatError):
        save.loads(raw)


@FAST
@given(st.integers(1, 200_000), st.sampled_from(["[", '{"a":', '[{"b":']))
def test_any_depth_of_nesting_is_a_save_format_error(depth, opener):
    with contextlib.suppress(SaveFormatError):
        save.loads(opener * depth)


def _depth(value: object) -> int:
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    return 0


TRICKY_TEXT = st.text(alphabet='[]{}"\\ab', max_size=6)


@FAST
@given(
    st.recursive(
        st.none() | st.integers() | TRICKY_TEXT,
        lambda children: (
            st.lists(children, max_size=3) | st.dictionaries(TRICKY_TEXT, children, max_size=3)
        ),
        max_leaves=30,
    ),
    st.integers(0, 8),
)
def test_the_nesting_guard_counts_exactly_what_the_parser_nests(value, limit):
    text = json.dumps(value)
    assert jsonfile.too_deep(text, limit) == (_depth(value) > limit)
