"""Fuzzing the files of the window with Hypothesis: only the documented errors come out.

The game save (``Session.from_dict`` / ``from_json``: ``ValueError``; ``game_save.load``: never
raises, sets a bad file aside and says so), the statistics file (never raises: loaded, or set
aside and said) and the settings file (never raises: every value read is allowed, else the
default). The saves are real ones (a 3-point match with the cube at many moments) with one value
replaced by anything JSON or Python's reader can hold (``Infinity``, huge numbers, deep lists),
a key dropped, or the text cut or changed. Bounded for the suite; ``FUZZ_EXAMPLES=N`` runs more.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import random
import tempfile
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app import game_save
from app.game_flow import _match_settings
from app.session import MatchSettings, Session
from app.settings import SPEC, Settings
from app.statistics import FILE_NAME, Record, Statistics, chart, totals
from app.storage import Storage

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "120"))
BOUNDED = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.sampled_from([10**400, -(10**400), 0, 1, 2, 6, 7, 25, 26, 64, 100_001])
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=8)
    | st.sampled_from(["", "medium", "expert", "human", "setup", "resign", "13/8 24/22", "x" * 500])
)
VALUES = st.recursive(
    SCALARS,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=10,
)


def _saves() -> list[dict]:
    """Saves of a 3-point match with the cube at many moments: every phase, steps half made."""
    rng = random.Random(11)
    session = Session(MatchSettings(match_length=3, cube=True, names=("A", "B"), computer=False))
    session.rng.seed(4)
    out = []
    session.start_game()
    while len(out) < 40 and session.phase != "match_over":
        if session.phase == "game_over":
            session.start_game()
        phase = session.phase
        if phase == "opening":
            session.opening()
        elif phase == "roll":
            if session.may_double() and rng.random() < 0.3:
                session.double()
            else:
                session.roll()
        elif phase == "double":
            session.take() if rng.random() < 0.7 else session.pass_double()
        elif phase == "move":
            steps = session.turn.legal_steps() if session.turn else []
            if steps and rng.random() < 0.8:
                step = rng.choice(steps)
                session.move(step.src, step.dst)
            else:
                session.end_turn() if session.turn.is_complete() else None
        if rng.random() < 0.3:
            out.append(json.loads(json.dumps(session.to_dict())))
    out.append(json.loads(json.dumps(session.to_dict())))
    return out


SAVES = _saves()


def _paths(value: object, prefix: tuple = ()) -> list[tuple]:
    """Every place in a JSON value (the random generator's 625 numbers as one place)."""
    out = [prefix]
    if prefix[-2:] == ("rng", "state"):
        # (its places only while it is still a list of them: a damage before this one may have
        # put something else there, and the strategy failed on a place that was gone)
        return [*out, (*prefix, 1), (*prefix, 0)] if isinstance(value, list) and value[1:] else out
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, (*prefix, index))
    return out


def _at(value: object, path: tuple) -> Any:
    """The place ``path`` leads to in a JSON value (a ``KeyError`` or an ``IndexError`` when it
    is not there)."""
    for key in path:
        value = value[key]  # type: ignore[index]
    return value


def test_the_damages_are_made_only_at_places_that_are_there():
    """A damage made the random generator's state something else, and a later damage of the
    same save chose a place inside it that was gone (the strategy failed, now and then, in a
    run of the whole suite)."""
    for save in SAVES:
        rng_state = [p for p in _paths(save) if p[-2:] == ("rng", "state")]
        for broken in (None, [], [3], {"a": 1}, "text"):
            data = copy.deepcopy(save)
            for path in rng_state:
                _at(data, path[:-1])[path[-1]] = broken
            for path in _paths(data):
                _at(data, path)  # every place offered is there


@st.composite
def damaged_saves(draw: st.DrawFn) -> dict:
    data = copy.deepcopy(draw(st.sampled_from(SAVES)))
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(data) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = _at(data, path[:-1])
        how = draw(st.sampled_from(["replace", "replace", "drop", "deep"]))
        if how == "drop":
            del parent[path[-1]]
        elif how == "deep":
            deep: list = []
            for _ in range(draw(st.integers(60, 400))):  # beyond the guard's 64, within dumps
                deep = [deep]
            parent[path[-1]] = deep
        else:
            parent[path[-1]] = draw(VALUES)
    return data


def _round_trips(session: Session) -> None:
    again = Session.from_dict(json.loads(json.dumps(session.to_dict())))
    assert again.absolute_board() == session.absolute_board()
    assert again.phase == session.phase and again.score == session.score


@BOUNDED
@given(damaged_saves())
def test_a_damaged_save_loads_or_raises_value_error(data):
    try:
        session = Session.from_dict(data)
    except ValueError:
        return
    _round_trips(session)  # whatever loads is a consistent game that saves and loads


@BOUNDED
@given(damaged_saves(), st.integers(0, 400), st.sampled_from(["cut", "as is", "byte", "deep"]))
def test_a_damaged_save_text_loads_or_raises_value_error(data, at, how):
    text = json.dumps(data, allow_nan=True)
    i = at * len(text) // 401
    if how == "cut":
        text = text[:i]
    elif how == "byte":
        text = text[:i] + chr(at % 128) + text[i + 1 :]
    elif how == "deep":  # far deeper than Python's reader could recurse
        text = text[:i] + "[" * 100_000 + text[i:]
    try:
        session = Session.from_json(text)
    except ValueError:
        return
    _round_trips(session)


@BOUNDED
@given(st.binary(max_size=300) | st.text(max_size=300))
def test_any_bytes_load_or_raise_value_error(raw):
    with contextlib.suppress(ValueError):
        Session.from_json(raw)


@BOUNDED
@given(damaged_saves() | st.binary(max_size=200).map(lambda b: {"raw": b}))
def test_loading_the_game_file_never_raises_and_sets_a_bad_one_aside(data):
    raw = data["raw"] if set(data) == {"raw"} else json.dumps(data, allow_nan=True).encode()
    with tempfile.TemporaryDirectory() as folder:
        storage = Storage(Path(folder))
        storage.path(game_save.SAVE_NAME).write_bytes(raw)
        session, notice = game_save.load(storage)
        if notice is None:
            assert session is not None
            _round_trips(session)
        else:
            assert session is None
            (aside,) = Path(folder).glob("game-unreadable-*.json")
            assert aside.read_bytes() == raw and aside.name in notice.render(["A", "B"])
            assert not storage.path(game_save.SAVE_NAME).exists()


# -- the statistics file ------------------------------------------------------------------------


def _statistics() -> dict:
    records = [
        Record(time.time() - i * 3600, opponent, i % 4 == 0, 3 * (i % 2), i % 3 == 0, 1, 2)
        for i, opponent in enumerate(["easy", "expert", "human", "medium", "beginner"] * 3)
    ]
    return {"version": 1, "records": [asdict(r) for r in records], "seen": ["1:1", "2:3"]}


@st.composite
def damaged_statistics(draw: st.DrawFn) -> dict:
    data = _statistics()
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from([p for p in _paths(data) if p]))
        parent = data
        try:
            for key in path[:-1]:
                parent = parent[key]
            if draw(st.booleans()):
                parent[path[-1]] = draw(VALUES)
            else:
                del parent[path[-1]]
        except (KeyError, IndexError, TypeError):
            pass  # an earlier change took the place away
    return data


@BOUNDED
@given(damaged_statistics() | st.binary(max_size=200).map(lambda b: {"raw": b}))
def test_the_statistics_file_loads_or_is_set_aside_and_said(data):
    raw = data["raw"] if set(data) == {"raw"} else json.dumps(data, allow_nan=True).encode()
    with tempfile.TemporaryDirectory() as folder:
        storage = Storage(Path(folder))
        storage.path(FILE_NAME).write_bytes(raw)
        stats = Statistics(storage)
        problem = stats.property("problem")
        totals(stats.records)  # what the window shows can be made from whatever loaded
        chart(stats.records)
        if problem:
            assert "could not be read" in problem and not stats.records
            (aside,) = Path(folder).glob("statistics-unreadable-*.json")
            assert aside.read_bytes() == raw
        else:
            assert all(isinstance(r, Record) for r in stats.records)


# -- the settings file --------------------------------------------------------------------------

INI_VALUES = (
    st.text(max_size=12)
    | st.sampled_from(
        ["true", "false", "1", "0", "-1", "99999999999", "9" * 400, "@Invalid()", "@ByteArray(x)",
         "@Size(1 2)", "@Rect(0 0 1 1)", "@Variant(\\0\\0\\0\\x7f)", '"quoted"', "a, b", "\\x00"]
    )
)  # fmt: skip


@st.composite
def settings_files(draw: st.DrawFn) -> bytes:
    lines: list[str] = []
    for _ in range(draw(st.integers(0, 12))):
        key = draw(st.sampled_from([spec.key for spec in SPEC.values()]) | st.text(max_size=6))
        section, _, name = key.rpartition("/")
        if section:
            lines.append(f"[{section}]")
        lines.append(f"{name}={draw(INI_VALUES)}")
    text = "\n".join(lines)
    if draw(st.booleans()):
        return text.encode("utf-8", "surrogatepass")
    return draw(st.binary(max_size=100)) + text.encode("utf-8", "surrogatepass")


@BOUNDED
@given(settings_files())
def test_any_settings_file_reads_as_allowed_values_or_the_defaults(raw):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.ini"
        path.write_bytes(raw)
        s = Settings(path)
        for name, spec in SPEC.items():
            value = s.value(name)
            assert spec.allowed(value), (name, value)
            assert type(value) is type(spec.default), (name, value)
        _match_settings(s.new_game_defaults())  # the new-game dialog's defaults start a game
        s.windowGeometry()
        s.step_ms()
