"""Search: 0-ply choice, the 1-ply reply search against hand-computed values, pruning, cancel."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from ai.evaluator import equity, load_default_evaluator
from ai.search import (
    Cancelled,
    position_outputs,
    rank_plays,
    rank_results,
    reply_value,
    reply_values,
    two_ply_value,
    two_ply_values,
)
from engine.dice import ROLLS
from engine.moves import legal_plays
from engine.position import Position


class PipEvaluator:
    """A stub: finished games exact, otherwise winning chances from the pip counts only.

    A player who needs at most 2 pips with one checker left wins for sure (that checker comes
    off with any roll), which makes small endings computable by hand.
    """

    def __init__(self) -> None:
        self.calls = 0
        self.positions = 0

    def evaluate_batch(self, positions):
        self.calls += 1
        self.positions += len(positions)
        out = np.zeros((len(positions), 5))
        for i, p in enumerate(positions):
            mine, theirs = p.pip_count()
            if not any(p.opponent):  # the opponent has borne off: we lost
                out[i, 3] = 1.0 if sum(p.on_roll) == 15 else 0.0  # a gammon if we have none off
            elif not any(p.on_roll) or sum(p.on_roll) == 1 and mine <= 2:
                out[i] = (1.0, 0.0, 0.0, 0.0, 0.0)
            else:
                out[i, 0] = 1.0 / (1.0 + np.exp((mine - theirs - 8) / 10.0))
        return out


def test_reply_search_equals_the_hand_computed_average(pos):
    # After our play the opponent is on roll with checkers on their 6 and 5 points; we have one
    # checker on our 1-point and win next turn unless they bear off both now. They do with
    # 6-6, 6-5 (twice), 5-5, 4-4 and 3-3: 6 of 36 rolls.
    result = pos("x 6:1 5:1; o 24:1")
    value = reply_value(PipEvaluator(), result)
    assert value == pytest.approx((30 * 1.0 + 6 * -1.0) / 36.0)


def test_reply_search_equals_a_brute_force_minimax(pos):
    evaluator = PipEvaluator()
    result = pos("x 8:2 6:3 3:1; o 24:2 22:1 20:2")
    expected = 0.0
    for dice, weight in ROLLS:
        # after the opponent's reply we are on roll: value it from our side
        options = [p.result for p in legal_plays(result, dice)] or [result.swapped()]
        values = [float(equity(evaluator.evaluate_batch([o]))[0]) for o in options]
        expected += weight * min(values)
    assert reply_value(evaluator, result) == pytest.approx(expected / 36.0)


def test_a_finished_game_is_valued_exactly(pos):
    # we bore off our last checker: a single win whatever the opponent would roll
    result = pos("x 6:2 5:3")
    assert result.is_game_over()
    assert reply_value(PipEvaluator(), result) == pytest.approx(1.0)


def test_zero_ply_picks_the_best_result_for_the_mover(pos):
    evaluator = PipEvaluator()
    position = pos("x 6:2 5:2; o 19:2 20:2")
    ranked = rank_plays(evaluator, position, (6, 5), depth=0)
    values = [r.value for r in ranked]
    assert values == sorted(values, reverse=True)
    best = ranked[0].result
    # the stub only counts pips: the best play leaves the fewest (the opponent is now on roll)
    assert best.pip_count()[1] == min(r.result.pip_count()[1] for r in ranked)


def test_one_ply_searches_only_the_candidates_in_one_batch_each():
    evaluator = PipEvaluator()
    position = Position.start()
    ranked = rank_plays(evaluator, position, (3, 1), depth=1, candidates=3, threshold=10.0)
    assert [r.depth for r in ranked[:3]] == [1, 1, 1]
    assert all(r.depth == 0 for r in ranked[3:])
    assert evaluator.calls == 1 + 3  # one 0-ply batch, then one batch per candidate
    deep = [r.value for r in ranked[:3]]
    assert deep == sorted(deep, reverse=True)


def test_threshold_prunes_but_keeps_two_candidates():
    evaluator = PipEvaluator()
    ranked = rank_plays(evaluator, Position.start(), (6, 5), depth=1, candidates=8, threshold=0.0)
    assert sum(r.depth == 1 for r in ranked) >= 2


def test_no_legal_play_gives_an_empty_ranking(pos):
    blocked = pos("x bar:1 13:14; o 19:2 20:2 21:2 22:2 23:2 24:2 12:3")
    assert rank_plays(PipEvaluator(), blocked, (6, 6), depth=1) == []


def test_cancel_stops_the_search():
    event = threading.Event()
    event.set()
    with pytest.raises(Cancelled):
        rank_plays(PipEvaluator(), Position.start(), (3, 1), depth=1, cancel=event)
    calls = iter([False, False, True, True, True, True, True, True, True, True])
    with pytest.raises(Cancelled):
        rank_plays(PipEvaluator(), Position.start(), (3, 1), depth=1, cancel=lambda: next(calls))


def test_bad_depth_is_refused():
    with pytest.raises(ValueError):
        rank_results(PipEvaluator(), [Position.start()], depth=3)


def test_one_ply_outputs_average_our_21_rolls(pos):
    # one checker on our 2-point: every roll bears it off, so we surely win
    position = pos("x 2:1; o 19:3")
    out = position_outputs(PipEvaluator(), position, depth=1)
    assert out[0] == pytest.approx(1.0)
    zero = position_outputs(PipEvaluator(), position, depth=0)
    assert zero.shape == (5,)


def test_two_ply_equals_a_brute_force_expectimax(pos):
    evaluator = PipEvaluator()
    result = pos("x 3:1 2:1; o 22:1 23:1")

    def mine(position):  # 0-ply value for the player on roll of ``position``
        return float(equity(evaluator.evaluate_batch([position]))[0])

    expected = 0.0
    for dice, weight in ROLLS:
        replies = [p.result for p in legal_plays(result, dice)] or [result.swapped()]
        reply = min(replies, key=mine)  # the opponent's best reply by 0-ply
        if reply.is_game_over():
            inner = mine(reply)
        else:
            inner = 0.0
            for ours, w in ROLLS:
                after = [p.result for p in legal_plays(reply, ours)] or [reply.swapped()]
                inner += w * max(-mine(a) for a in after)
            inner /= 36.0
        expected += weight * inner
    values = two_ply_values(evaluator, [result])
    assert values is not None
    assert values[0] == pytest.approx(expected / 36.0)
    assert two_ply_values(evaluator, [result], budget=10) is None


def test_two_ply_chances_are_those_of_the_positions_its_value_averages(pos):
    # equity is linear in the five chances: the value of the averaged chances is the 2-ply
    # value itself, for a result that plays on and for one the reply can finish
    evaluator = load_default_evaluator()
    for text in ("x 13:5 8:3 6:5 24:2; o 19:5 17:3 12:5 1:2", "x 3:1 2:1; o 22:1 23:1"):
        found = two_ply_value(evaluator, pos(text).swapped())
        assert found is not None and found.generated > 0
        assert float(equity(found.chances[None, :])[0]) == pytest.approx(found.value, abs=1e-12)
        assert 0.0 <= found.chances[0] <= 1.0


def test_close_calls_go_to_two_ply():
    evaluator = PipEvaluator()
    ranked = rank_plays(
        evaluator,
        Position.start(),
        (2, 1),
        depth=1,
        candidates=4,
        threshold=10.0,
        deep_candidates=2,
        deep_margin=10.0,
        deep_budget=10**7,
    )
    assert [r.depth for r in ranked[:2]] == [2, 2]
    assert ranked[0].value >= ranked[1].value


class _PositionsOnly:
    """The shipped evaluator seen only through ``evaluate_batch`` (positions, not boards)."""

    def __init__(self, evaluator) -> None:
        self.evaluator = evaluator

    def evaluate_batch(self, positions):
        return self.evaluator.evaluate_batch(positions)


def test_two_ply_is_the_same_through_boards_positions_and_kept_batches():
    """The 2-ply search evaluates its inner positions as boards when the evaluator takes them
    and reuses the reply search's batches: the values are those of the plain search."""
    evaluator = load_default_evaluator()
    position = Position.from_position_id("4HPwATDgc/ABMA")
    results = [p.result for p in legal_plays(position, (4, 2))][:3]
    plain = two_ply_values(_PositionsOnly(evaluator), results)
    boards = two_ply_values(evaluator, results)
    batches: dict = {}
    reply_values(evaluator, results[:2], equity, None, batches)
    assert set(batches) == set(results[:2])
    kept = two_ply_values(evaluator, results, batches=batches)
    assert plain is not None and boards is not None and kept is not None
    assert np.allclose(boards, plain, atol=1e-12)
    assert np.allclose(kept, plain, atol=1e-12)


def test_a_partial_two_ply_search_gives_the_first_results_that_fit_the_budget():
    evaluator = PipEvaluator()
    results = [p.result for p in legal_plays(Position.start(), (2, 1))][:3]
    full = two_ply_values(evaluator, results)
    assert full is not None
    lengths = []
    for budget in range(0, 40_000, 2_000):
        part = two_ply_values(evaluator, results, budget=budget, partial=True)
        assert part is not None
        assert np.allclose(part, full[: len(part)])
        if len(part) < 3:
            assert two_ply_values(evaluator, results, budget=budget) is None
        lengths.append(len(part))
    assert lengths == sorted(lengths) and {0, 1, 2, 3} <= set(lengths)


def test_close_calls_that_do_not_all_fit_the_budget_settle_the_best_ones():
    evaluator = PipEvaluator()
    options = dict(depth=1, candidates=6, threshold=10.0, deep_candidates=3, deep_margin=10.0)
    everything = rank_plays(evaluator, Position.start(), (2, 1), deep_budget=10**7, **options)
    assert [r.depth for r in everything[:4]] == [2, 2, 2, 1]
    depths = set()
    for budget in range(0, 40_000, 2_000):
        ranked = rank_plays(evaluator, Position.start(), (2, 1), deep_budget=budget, **options)
        deep = [r for r in ranked if r.depth == 2]
        assert len(deep) in (0, 2, 3)
        assert [r.depth for r in ranked[: len(deep)]] == [2] * len(deep)
        depths.add(len(deep))
    assert depths == {0, 2, 3}
