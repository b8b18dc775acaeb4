"""Round-trip fuzzing of the Match ID reader and the save loader: bad input never crashes."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import save
from engine.errors import InvalidMatchIdError, SaveFormatError
from engine.match import Match
from engine.matchid import MatchIdFields

BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=BASE64, min_size=12, max_size=12))
def test_any_12_characters_decode_or_raise_and_round_trip(text):
    try:
        fields = MatchIdFields.decode(text)
    except InvalidMatchIdError:
        return
    assert fields.encode() == text
    assert MatchIdFields.decode(fields.encode()) == fields


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=30))
def test_any_text_decodes_or_raises_a_clear_error(text):
    try:
        MatchIdFields.decode(text)
    except InvalidMatchIdError as exc:
        assert str(exc)


@st.composite
def fields(draw):
    on_roll = draw(st.integers(0, 1))
    doubled = draw(st.booleans())
    dice = (0, 0) if doubled else draw(st.sampled_from([(0, 0), (6, 1), (3, 3), (2, 5)]))
    return MatchIdFields(
        match_length=draw(st.integers(0, 32767)),
        score=(draw(st.integers(0, 32767)), draw(st.integers(0, 32767))),
        cube=1 << draw(st.integers(0, 15)),
        cube_owner=draw(st.sampled_from([-1, 0, 1])),
        player_on_roll=on_roll,
        turn=1 - on_roll if doubled else on_roll,
        crawford=draw(st.booleans()),
        doubled=doubled,
        dice=dice,
        game_state=draw(st.integers(0, 4)),
        jacoby=draw(st.booleans()),
    )


@settings(max_examples=300, deadline=None)
@given(fields())
def test_fields_encode_and_decode_back(value):
    assert MatchIdFields.decode(value.encode()) == value


def _saved_match_text() -> str:
    match = Match(3, cube=True, seed=5)
    choices = random.Random(5)
    game = match.new_game()
    game.roll(match.rng)
    for _ in range(6):
        if game.is_over:
            break
        if game.legal_plays():
            game.play(choices.choice(game.legal_plays()))
        if not game.is_over:
            game.roll(match.rng)
    return save.dumps(match)


SAVED = _saved_match_text()


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_mutated_saves_load_or_raise_save_format_error(data):
    text = SAVED
    for _ in range(data.draw(st.integers(1, 4))):
        position = data.draw(st.integers(0, len(text) - 1))
        kind = data.draw(st.sampled_from(["delete", "insert", "replace"]))
        char = data.draw(st.sampled_from(list('{}[]",:0123456789abcnulltrue ')))
        if kind == "delete":
            text = text[:position] + text[position + 1 :]
        elif kind == "insert":
            text = text[:position] + char + text[position:]
        else:
            text = text[:position] + char + text[position + 1 :]
    try:
        match = save.loads(text)
    except SaveFormatError as exc:
        assert str(exc)
        return
    # whatever loads is a consistent match that saves again
    assert json.loads(save.dumps(match))["history"] == match.history


@settings(max_examples=100, deadline=None)
@given(
    st.recursive(
        st.none()
        | st.booleans()
        | st.integers()
        | st.floats(allow_nan=False)
        | st.text(max_size=5),
        lambda children: (
            st.lists(children, max_size=4)
            | st.dictionaries(st.text(max_size=8), children, max_size=4)
        ),
        max_leaves=20,
    )
)
def test_arbitrary_json_is_refused_cleanly(value):
    with pytest.raises(SaveFormatError):
        save.load_match_data(value)
