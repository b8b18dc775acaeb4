"""Every value of a save is checked by type and range: bad files raise ``SaveFormatError`` only.

JSON as Python reads it allows ``Infinity``, ``NaN``, numbers that overflow to infinity and any
depth of nesting; none of them may escape the loader as ``OverflowError``, ``RecursionError`` or
``TypeError`` (an app that cannot read its save must be able to set it aside and start afresh).
"""

from __future__ import annotations

import json
import random
import threading

import pytest

from engine import jsonfile, save
from engine.errors import IllegalActionError, InvalidPositionError, SaveFormatError
from engine.match import GameState, Match, ResultKind
from engine.position import Position


def _match_in_play() -> Match:
    match = Match(5, cube=True, seed=11)
    choices = random.Random(11)
    game = match.new_game()
    game.roll(match.rng)
    for _ in range(6):
        if game.state is GameState.AWAITING_PLAY:
            game.play(choices.choice(game.legal_plays()))
        if game.state is GameState.AWAITING_ROLL:
            game.roll(match.rng)
    return match


GOOD = json.loads(save.dumps(_match_in_play()))


def _edited(change) -> str:
    data = json.loads(json.dumps(GOOD))
    change(data)
    # json.dumps writes float("inf") as Infinity and nan as NaN, as a damaged file could hold
    return json.dumps(data)


def _resign(kind: object, player: object = 0):
    return lambda d: d["history"].append({"type": "resign", "player": player, "kind": kind})


INF, NAN = float("inf"), float("nan")

BAD_SAVES = {
    "resign kind Infinity": _edited(_resign(INF)),
    "resign kind -Infinity": _edited(_resign(-INF)),
    "resign kind NaN": _edited(_resign(NAN)),
    "resign kind 1.5": _edited(_resign(1.5)),
    "resign kind text": _edited(_resign("2")),
    "resign kind true": _edited(_resign(True)),
    "resign player 0.0": _edited(_resign(1, 0.0)),
    "resign player false": _edited(_resign(1, False)),
    "match length Infinity": _edited(lambda d: d["settings"].update(match_length=INF)),
    "match length huge": _edited(lambda d: d["settings"].update(match_length=10**300)),
    "match length 5.0": _edited(lambda d: d["settings"].update(match_length=5.0)),
    "version 1.0": _edited(lambda d: d.update(version=1.0)),
    "opening dice Infinity": _edited(lambda d: d["history"][1].update(dice=[INF, 2])),
    "opening dice huge": _edited(lambda d: d["history"][1].update(dice=[10**400, 2])),
    "seed huge": _edited(lambda d: d["rng"].update(seed=10**4000)),
    "gauss Infinity": _edited(lambda d: d["rng"]["state"].__setitem__(2, INF)),
    "gauss NaN": _edited(lambda d: d["rng"]["state"].__setitem__(2, NAN)),
    "move not text": _edited(lambda d: d["history"][2].update(move=5)),
    "result Infinity": _edited(lambda d: d["history"][2].update(result=INF)),
    "action type a list": _edited(lambda d: d["history"].append({"type": [1]})),
    "action type an object": _edited(lambda d: d["history"].append({"type": {}})),
    "player name of a million characters": _edited(
        lambda d: d["settings"].update(players=["a" * 1_000_000, "b"])
    ),
    "number 1e999": json.dumps(GOOD).replace('"version": 1', '"version": 1e999'),
    "integer of 5,000 digits": "1" * 5000,
    "100,000 [": "[" * 100_000,
    "100,000 {": '{"a":' * 100_000,
    "nested 100 deep inside the history": _edited(
        lambda d: d["history"].append({"type": "roll", "dice": [[[[[[]]]]]] * 2})
    ).replace("[[[[[[]]]]]]", "[" * 100 + "]" * 100),
}


@pytest.mark.parametrize("name", list(BAD_SAVES))
def test_a_bad_value_anywhere_is_a_save_format_error(name):
    with pytest.raises(SaveFormatError) as caught:
        save.loads(BAD_SAVES[name])
    assert str(caught.value)
    assert len(str(caught.value)) < 400  # a message, not the file's contents


@pytest.mark.parametrize("name", list(BAD_SAVES))
def test_bad_files_are_refused_from_disk_too(tmp_path, name):
    path = tmp_path / "match.json"
    path.write_text(BAD_SAVES[name], encoding="utf-8")
    with pytest.raises(SaveFormatError):
        save.load(path)


def test_the_good_save_still_loads_and_its_values_are_in_range():
    match = save.loads(json.dumps(GOOD))
    assert match.history == GOOD["history"]
    assert "Infinity" not in save.dumps(match) and "NaN" not in save.dumps(match)


def test_a_resign_with_every_kind_replays():
    for kind in (1, 2, 3):
        loaded = save.loads(_edited(_resign(kind)))
        assert loaded.game is not None and loaded.game.result is not None
        assert loaded.game.result.kind == ResultKind(kind)


@pytest.mark.parametrize("kind", [INF, NAN, 1.5, "2", True, 0, 4, None])
def test_resign_refuses_a_kind_that_is_not_1_2_or_3(kind):
    match = _match_in_play()
    assert match.game is not None
    with pytest.raises(IllegalActionError):
        match.game.resign(0, kind)
    assert not match.game.is_over


@pytest.mark.parametrize("kind", [[1], {}, None, 3])
def test_an_action_type_that_is_not_a_name_is_an_illegal_action(kind):
    match = _match_in_play()
    with pytest.raises(IllegalActionError):
        match.apply({"type": kind})
    assert match.game is not None
    with pytest.raises(IllegalActionError):
        match.game.apply({"type": kind})


def test_a_stale_temporary_file_does_not_stop_a_save(tmp_path):
    # The old fixed name "<file>.tmp" was shared by every writer; now each write has its own.
    path = tmp_path / "match.json"
    (tmp_path / "match.json.tmp").mkdir()
    save.save(_match_in_play(), path)
    assert save.load(path).history == GOOD["history"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["match.json", "match.json.tmp"]


def test_concurrent_saves_never_leave_a_mixed_file(tmp_path):
    path = tmp_path / "match.json"
    short = Match(0, seed=1)
    long = _match_in_play()
    errors: list[BaseException] = []

    def writer(match: Match) -> None:
        try:
            for _ in range(30):
                save.save(match, path)
        except BaseException as exc:  # noqa: BLE001 (reported below)
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(m,)) for m in (short, long, short, long)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert save.load(path).history in (short.history, long.history)
    assert [p.name for p in tmp_path.iterdir()] == ["match.json"]


# -- the JSON guard itself ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000, "[NaN]", "[Infinity]", "[-Infinity]", "[1e400]", "1" * 4400, b"\xff\xfe"],
)
def test_parse_json_refuses_what_standard_json_does_not_allow(text):
    with pytest.raises(jsonfile.JsonValueError):
        jsonfile.parse_json(text)


def test_brackets_inside_strings_do_not_count_as_nesting():
    text = json.dumps(["[" * 1000 + '\\"{' * 1000])
    assert jsonfile.parse_json(text) == json.loads(text)
    assert jsonfile.too_deep("[" * 65) and not jsonfile.too_deep("[" * 64)


def test_read_json_file_refuses_a_file_over_the_limit(tmp_path):
    path = tmp_path / "big.json"
    path.write_text("[" + "1," * 1000 + "1]")
    with pytest.raises(jsonfile.JsonValueError, match="too large"):
        jsonfile.read_json_file(path, max_bytes=100)


@pytest.mark.parametrize(
    "text", [5, None, "x 1:99999", "x -1:2", "x \u0663:2", "x 1:" + "9" * 5000]
)
def test_board_text_that_is_not_a_board_is_an_invalid_position(text):
    with pytest.raises(InvalidPositionError):
        Position.from_text(text)


def test_a_damaged_file_is_set_aside_under_a_new_name_each_time(tmp_path):
    path = tmp_path / "game.json"
    moved = []
    for content in ("{one", "{two"):
        path.write_text(content)
        aside = jsonfile.set_aside(path)
        assert aside is not None and not path.exists()
        assert aside.name.startswith("game-unreadable-") and aside.suffix == ".json"
        moved.append(aside.read_text())
    assert moved == ["{one", "{two"]
    assert jsonfile.set_aside(tmp_path / "missing.json") is None
