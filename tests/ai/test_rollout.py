"""Rollouts: exact cases, quasi-random dice, repeatability, variance reduction, the service."""

from __future__ import annotations

import io
import json

import pytest

from ai import rollout as ro
from ai.cube import MINE, THEIRS
from ai.evaluator import equity, load_default_evaluator
from engine.position import Position

# The player on roll bears its last checker off with any roll; the opponent still has a checker
# in its home board: a backgammon every time.
CERTAIN = Position.from_text("x 1:1; o 2:1 13:7 19:7")
# A small bear-off race where play hardly matters: the database's value is the rollout's.
SMALL = Position.from_text("x 6:1 5:1; o 24:1 20:1")
RACE = Position.from_text("x 6:2 4:1 1:1; o 19:2 22:1 23:2")
# A longer race near the doubling point: about 70% to win.
LONG_RACE = Position.from_text("x 8:3 7:3 6:3 5:3 4:3; o 15:3 18:3 19:3 20:3 21:3")


def _exact(position: Position) -> float:
    return float(equity(load_default_evaluator().evaluate_batch([position]))[0])


def test_a_certain_backgammon_is_exact():
    result = ro.rollout(CERTAIN, ro.RolloutSettings(games=6, cubeful=True), workers=1)
    assert result.equity == pytest.approx(3.0) and result.equity_se == pytest.approx(0.0)
    assert result.outputs == pytest.approx((1.0, 1.0, 1.0, 0.0, 0.0))
    assert result.cubeful_equity == pytest.approx(3.0)
    owned = ro.RolloutSettings(games=3, cubeful=True, cube=4, owner=THEIRS)
    assert ro.rollout(CERTAIN, owned, workers=1).cubeful_equity == pytest.approx(3.0)


def test_first_two_rolls_rotate_through_every_pair():
    pairs = {(ro.game_dice(7, g)(0), ro.game_dice(7, g)(1)) for g in range(1296)}
    assert len(pairs) == 1296
    later = [ro.game_dice(7, 5)(k) for k in range(2, 12)]
    assert later == [ro.game_dice(7, 5)(k) for k in range(2, 12)]  # a fresh copy repeats them
    assert later != [ro.game_dice(8, 5)(k) for k in range(2, 12)]  # another seed does not


def test_results_do_not_depend_on_the_number_of_processes():
    settings = ro.RolloutSettings(games=72, seed=3, bearoff_stop=False)
    one = ro.rollout(RACE, settings, workers=1)
    two = ro.rollout(RACE, settings, workers=2)
    assert one.equity == pytest.approx(two.equity, abs=1e-12)
    assert one.raw_equity == pytest.approx(two.raw_equity, abs=1e-12)


def test_bearoff_rollouts_agree_with_the_database():
    settings = ro.RolloutSettings(games=72, seed=1, bearoff_stop=False)
    for position in (SMALL, RACE):
        exact = _exact(position)
        result = ro.rollout(position, settings, workers=1)
        assert abs(result.raw_equity - exact) <= 4 * result.raw_equity_se
        # the luck adjustment shrinks the error to a few ten-thousandths
        assert abs(result.equity - exact) <= 4 * result.equity_se + 0.003
    assert result.equity_se < result.raw_equity_se / 10


def test_truncation_and_cubeful_figures():
    settings = ro.RolloutSettings(games=4, truncate=2, cubeful=True)
    result = ro.rollout(Position.start(), settings, workers=1)
    assert result.mean_plies == 2
    assert result.cubeful_equity is not None and result.cubeful_se is not None
    assert -3.0 <= result.cubeful_equity <= 3.0 and abs(result.equity) < 0.5


def test_bad_settings_and_positions_are_refused():
    with pytest.raises(ValueError):
        ro.RolloutSettings(games=0)
    with pytest.raises(ValueError):
        ro.RolloutSettings(truncate=-1)
    with pytest.raises(ValueError):
        ro.RolloutSettings(cube=3)
    with pytest.raises(ValueError, match="over"):
        ro.rollout(Position.from_text("o 19:1"), ro.RolloutSettings(games=1), workers=1)


def test_service_answers_json_lines():
    lines = [
        json.dumps({"position_id": SMALL.position_id(), "games": 4, "bearoff_stop": False}),
        "",
        "not json",
        json.dumps({"position_id": SMALL.position_id(), "games": "many"}),
        json.dumps({"position_id": SMALL.position_id(), "colour": "red"}),
        json.dumps({"games": 4}),
    ]
    out = io.StringIO()
    ro.serve(lines, out, ro.RolloutSettings(games=2), workers=1, weights=None, quiet=True)
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(replies) == 5
    assert replies[0]["games"] == 4 and replies[0]["position_id"] == SMALL.position_id()
    assert replies[0]["settings"]["bearoff_stop"] is False
    assert abs(replies[0]["equity"] - _exact(SMALL)) < 0.01
    assert all("error" in r for r in replies[1:])
    assert "position_id" in replies[4]["error"]


def test_service_answers_bad_lines_and_goes_on():
    """What stopped the service with a traceback, or filled the memory: deep nesting, bytes
    that are not UTF-8, a billion games, an owner that is not a word, a negative seed."""
    good = json.dumps({"position_id": SMALL.position_id(), "games": 2}).encode()
    lines = [
        b"[" * 1000 + good,
        b"\xff\xfe" + good,
        json.dumps({"position_id": SMALL.position_id(), "games": 10**12}).encode(),
        json.dumps({"position_id": SMALL.position_id(), "owner": ["mine"]}).encode(),
        json.dumps({"position_id": SMALL.position_id(), "seed": -1}).encode(),
        b"[1, 2]",
        good,
    ]
    out = io.StringIO()
    ro.serve(lines, out, ro.RolloutSettings(games=2), workers=1, weights=None, quiet=True)
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(replies) == len(lines)
    errors = [r.get("error", "") for r in replies[:-1]]
    assert "nested" in errors[0] and "UTF-8" in errors[1] and "at most" in errors[2]
    assert "owner" in errors[3] and "seed" in errors[4] and "object" in errors[5]
    assert replies[-1]["games"] == 2  # and the service went on
    with pytest.raises(ValueError, match="at most"):
        ro.RolloutSettings(games=ro.MAX_GAMES + 1)


def test_a_cube_decision_rolls_out_both_lines_on_the_same_dice():
    """No double and double/take of the same games: a certain backgammon is too good to double
    (3 points played on, 6 of the first cube taken, 1 passed); in a race both lines are near
    each other and their difference is known better than either (the dice are shared)."""
    certain = ro.cube_rollout(CERTAIN, ro.RolloutSettings(games=4), workers=1)
    assert certain.no_double == pytest.approx(3.0) and certain.double_take == pytest.approx(6.0)
    assert not certain.double and not certain.take and certain.games == 4
    settings = ro.RolloutSettings(games=144, variance_reduction=False, seed=3)
    seen: list[int] = []
    race = ro.cube_rollout(LONG_RACE, settings, workers=1, progress=lambda d, t, r: seen.append(d))
    assert seen == [36, 72, 108, 144] and race.games == 144
    cubeful = ro.RolloutSettings(games=144, variance_reduction=False, seed=3, cubeful=True)
    plain = ro.rollout(LONG_RACE, cubeful, workers=1)
    assert race.no_double == pytest.approx(plain.cubeful_equity)  # the same games
    assert race.outputs == pytest.approx(plain.outputs)
    assert race.equity == pytest.approx(plain.equity) and race.equity_se > 0.0
    assert race.difference_se < min(race.no_double_se, race.double_take_se)
    assert abs(race.double_take - race.no_double) < 0.2
    in_two = ro.cube_rollout(LONG_RACE, settings, workers=2)
    assert in_two.no_double == pytest.approx(race.no_double)
    assert in_two.double_take == pytest.approx(race.double_take)


def test_a_cube_decision_needs_a_cube_the_player_may_turn():
    for cube, owner in ((2, THEIRS), (64, MINE)):
        with pytest.raises(ValueError, match="may not double"):
            ro.cube_rollout(RACE, ro.RolloutSettings(games=2, cube=cube, owner=owner), workers=1)


def test_service_rolls_out_a_cube_decision():
    lines = [
        json.dumps({"position_id": CERTAIN.position_id(), "games": 2, "cube_decision": True}),
        json.dumps({"position_id": CERTAIN.position_id(), "cube_decision": "yes"}),
        json.dumps(
            {
                "position_id": CERTAIN.position_id(),
                "owner": "theirs",
                "cube": 2,
                "cube_decision": True,
            }
        ),
    ]
    out = io.StringIO()
    ro.serve(lines, out, ro.RolloutSettings(games=2), workers=1, weights=None, quiet=True)
    first, wrong, refused = (json.loads(line) for line in out.getvalue().splitlines())
    assert first["no_double"] == pytest.approx(3.0) and first["double_take"] == pytest.approx(6.0)
    assert first["double"] is False and first["take"] is False
    assert first["settings"]["cubeful"] is True
    assert "cube_decision" in wrong["error"] and "may not double" in refused["error"]


def test_plays_roll_out_side_by_side_on_the_same_dice():
    """Each play's figures are those of its own rollout with the same settings (the mover's
    view), the differences to the best are paired game by game, and a play that ends the game
    has its exact value."""
    from engine.moves import legal_results

    results = legal_results(LONG_RACE, (6, 1))[:3]
    settings = ro.RolloutSettings(games=72, variance_reduction=False, seed=5)
    seen: list[int] = []
    both = ro.plays_rollout(results, settings, workers=1, progress=lambda d, t, r: seen.append(d))
    assert seen == [36, 72] and both.games == 72
    for k, result in enumerate(results):
        alone = ro.rollout(result, settings, workers=1)
        assert both.equities[k] == pytest.approx(-alone.equity)
        assert both.outputs[k][0] == pytest.approx(1.0 - alone.outputs[0])
    best = both.best
    assert both.behind[best] == 0.0 and both.behind_ses[best] == 0.0
    assert all(b >= 0.0 for b in both.behind)
    others = [k for k in range(3) if k != best]
    assert all(both.behind_ses[k] < both.equity_ses[k] for k in others)  # the shared dice
    assert ro.plays_rollout(results, settings, workers=2).equities == pytest.approx(both.equities)
    # the mover bore off its last checker with the other side's checkers in its home board
    won = Position.from_text("x 2:1 13:7 19:7")
    mixed = ro.plays_rollout([results[0], won], settings, workers=1)
    assert mixed.equities[1] == 3.0 and mixed.equity_ses[1] == 0.0 and mixed.best == 1
    alone = ro.plays_rollout([won, won], settings, workers=1)
    assert alone.equities == (3.0, 3.0) and alone.games == 0 and alone.behind == (0.0, 0.0)
    with pytest.raises(ValueError, match="no plays"):
        ro.plays_rollout([], settings, workers=1)


def test_processes_started_afresh_give_the_same_figures_and_stop_when_asked():
    """The window starts its processes by spawn (it has threads of its own) and stops them
    through ``poll``."""
    settings = ro.RolloutSettings(games=72, seed=3, variance_reduction=False)
    one = ro.rollout(LONG_RACE, settings, workers=1)
    spawned = ro.rollout(LONG_RACE, settings, workers=2, start_method="spawn", poll=lambda: None)
    assert spawned.equity == pytest.approx(one.equity, abs=1e-12)

    class Stop(Exception):
        pass

    calls = []

    def stop() -> None:
        calls.append(1)
        raise Stop

    many = ro.RolloutSettings(games=36 * 200, variance_reduction=False)
    with pytest.raises(Stop):
        ro.rollout(Position.start(), many, workers=2, start_method="spawn", poll=stop)
    assert calls == [1]
    with pytest.raises(Stop):  # in this process: before the first chunk
        ro.cube_rollout(Position.start(), many, workers=1, poll=stop)


class _Stop(Exception):
    pass


def _stopped_after(chunks: int):
    """A progress callback that stops the rollout after ``chunks`` chunks, keeping the last
    figures it saw."""
    seen: list = []

    def progress(done, total, so_far):
        seen.append(so_far)
        if len(seen) == chunks:
            raise _Stop

    return seen, progress


@pytest.mark.parametrize("workers", [1, 2])
def test_a_rollout_stopped_goes_on_to_the_figures_of_one_run(workers):
    """Stopped after a chunk, then resumed from its figures so far: the games not played are
    played, and the figures are those of one run to the end (the dice of a game depend on its
    number); extended to more games, those of one run of as many. Each kind of rollout."""
    settings = ro.RolloutSettings(games=108, variance_reduction=False, seed=4)
    whole = ro.rollout(LONG_RACE, settings, workers=1)
    seen, progress = _stopped_after(1)
    with pytest.raises(_Stop):
        ro.rollout(LONG_RACE, settings, workers=workers, progress=progress)
    assert seen[-1].games == 36 and len(seen[-1].rows) == 1
    counted: list[int] = []
    resumed = ro.rollout(
        LONG_RACE,
        settings,
        workers=workers,
        resume=seen[-1],
        progress=lambda d, t, r: counted.append(d),
    )
    assert counted == [72, 108]  # the chunk played before is not played again
    assert resumed.games == 108 and resumed.equity == pytest.approx(whole.equity, abs=1e-12)
    assert resumed.outputs == pytest.approx(whole.outputs, abs=1e-12)
    more = ro.replace(settings, games=144)
    extended = ro.rollout(LONG_RACE, more, workers=workers, resume=resumed)
    assert extended.equity == pytest.approx(ro.rollout(LONG_RACE, more, workers=1).equity)
    done = ro.rollout(LONG_RACE, settings, workers=workers, resume=whole)  # nothing left
    assert done.games == 108 and done.equity == pytest.approx(whole.equity)
    assert "rows" not in whole.as_dict()

    cube, again = _stopped_and_resumed(
        lambda **how: ro.cube_rollout(LONG_RACE, settings, **how), workers, chunks=2
    )
    assert again.no_double == pytest.approx(cube.no_double, abs=1e-12)
    assert again.double_take == pytest.approx(cube.double_take, abs=1e-12)
    assert again.difference_se == pytest.approx(cube.difference_se, abs=1e-12)
    assert "rows" not in again.as_dict()

    from engine.moves import legal_results

    results = legal_results(LONG_RACE, (6, 1))[:2]
    plays, again_plays = _stopped_and_resumed(
        lambda **how: ro.plays_rollout(results, settings, **how), workers, chunks=1
    )
    assert again_plays.equities == pytest.approx(plays.equities, abs=1e-12)
    assert again_plays.behind_ses == pytest.approx(plays.behind_ses, abs=1e-12)


def _stopped_and_resumed(run, workers: int, chunks: int):
    """``run(**how)`` to the end in one process; and stopped after ``chunks`` chunks in
    ``workers`` processes, then resumed from its figures so far."""
    whole = run(workers=1)
    seen, progress = _stopped_after(chunks)
    with pytest.raises(_Stop):
        run(workers=workers, progress=progress)
    return whole, run(workers=workers, resume=seen[-1])


def test_a_rollout_goes_on_only_from_rows_of_its_kind():
    settings = ro.RolloutSettings(games=72, variance_reduction=False, seed=4)
    race = ro.rollout(LONG_RACE, settings, workers=1)
    cube = ro.cube_rollout(LONG_RACE, settings, workers=1)
    with pytest.raises(ValueError, match="other lines"):
        ro.rollout(LONG_RACE, settings, workers=1, resume=cube)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="more games"):
        ro.rollout(LONG_RACE, ro.replace(settings, games=36), workers=1, resume=race)
    broken = ro.replace(race, rows=(race.rows[0][:, :5],))
    with pytest.raises(ValueError, match="not one of this kind"):
        ro.rollout(LONG_RACE, settings, workers=1, resume=broken)
    other = cube.rows[1].copy()
    other[:, -1] = other[::-1, -1]  # the double's line of the same games in another order
    with pytest.raises(ValueError, match="other games"):
        ro.cube_rollout(
            LONG_RACE, settings, workers=1, resume=ro.replace(cube, rows=(cube.rows[0], other))
        )


def test_plays_roll_out_cubeful_with_the_opponent_to_double_at_once():
    """With ``cubeful`` each play's equity is its money cubeful value per cube, the cube seen by
    the player who plays: far behind in a race, every play is doubled out at once with the cube
    in the middle or the opponent's (exactly -1), not when the player owns it; each play's
    figure is a cubeful rollout of its result with the opponent's view of the cube."""
    from engine.moves import legal_results

    behind = Position.from_text("x 8:3 7:3 6:3 5:3 4:3; o 19:3 20:3 21:3 22:3 23:3")
    results = legal_results(behind, (4, 3))[:2]
    settings = ro.RolloutSettings(games=72, variance_reduction=False, seed=2)
    cubeless = ro.plays_rollout(results, settings, workers=1)
    assert not cubeless.cubeful and all(-1.0 < e < -0.8 for e in cubeless.equities)
    for cube, owner in ((1, ro.CENTRED), (2, THEIRS)):
        out = ro.plays_rollout(results, ro.replace(settings, cubeful=True, cube=cube, owner=owner))
        assert out.cubeful and out.equities == (-1.0, -1.0) and out.equity_ses == (0.0, 0.0)
    mine = ro.replace(settings, cubeful=True, cube=2, owner=MINE)
    owned = ro.plays_rollout(results, mine, workers=2)
    for k, result in enumerate(results):
        theirs = ro.replace(mine, owner=THEIRS, root_doubles=True)  # the opponent's view
        alone = ro.rollout(result, theirs, workers=1)
        assert owned.equities[k] == pytest.approx(-alone.cubeful_equity, abs=1e-12)
        assert owned.equities[k] > -0.95
