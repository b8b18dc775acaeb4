"""Hints and the tutor's judge: the Expert's ranking shown as it is, the cube as it decides, and
a decision judged before it is made as the analysis judges it afterwards."""

from __future__ import annotations

import random

import numpy as np
import pytest

from ai.analysis import DOUBTFUL, Analyser, judged_state
from ai.cube import MINE, MONEY_STATE, CubeState
from ai.evaluator import equity
from ai.hint import analysed_plays, best_plays, chances, cube_hint
from ai.player import ComputerPlayer
from engine.match import Match
from engine.moves import legal_plays
from engine.position import Position

pytestmark = pytest.mark.timeout(600)


@pytest.fixture(scope="module")
def expert() -> ComputerPlayer:
    return ComputerPlayer("expert")


def positions_of_a_random_game(seed: int, turns: int):
    """(position, dice) of each roll with a choice in a game of random plays."""
    rng = random.Random(seed)
    position = Position.start()
    out = []
    for _ in range(turns):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(position, dice)
        if len(plays) > 1:
            out.append((position, dice))
        if not plays:
            position = position.swapped()
            continue
        position = rng.choice(plays).result
        if position.is_game_over():
            break
    return out


def test_the_hint_shows_the_experts_ranking_with_losses_against_the_best(expert):
    cases = positions_of_a_random_game(5, 40)
    assert len(cases) > 20
    for position, dice in cases:
        hint = best_plays(expert, position, dice, MONEY_STATE)
        ranked = expert.rank(position, dice, MONEY_STATE)
        # the Expert's best plays, its choice first, the others by their loss
        assert {h.play.result for h in hint} == {r.result for r in ranked[: len(hint)]}
        assert len(hint) == min(5, len(ranked))
        assert hint[0].play == expert.choose_play(position, dice, MONEY_STATE)
        assert hint[0].loss == 0.0 and hint[0].equity == ranked[0].value
        assert [h.loss for h in hint[1:]] == sorted(h.loss for h in hint[1:])
        by_result = {r.result: r for r in ranked}
        for h in hint:
            r = by_result[h.play.result]
            assert h.loss >= 0.0, (position.position_id(), dice, h)
            assert h.equity == pytest.approx(hint[0].equity - h.loss)
            assert h.depth == r.depth
            if r.depth == ranked[0].depth:  # like with like: the Expert's own difference
                assert h.loss == pytest.approx(ranked[0].value - r.value)
            w, wg, wbg, lg, lbg = h.outputs
            assert 0.0 <= wbg <= wg <= w <= 1.0 and 0.0 <= lbg <= lg <= 1.0 - w + 1e-9


def test_the_hint_gives_a_play_the_value_the_tutor_and_the_analysis_give_it(expert):
    # in a match the Expert chooses by the match equity of a dead cube and the analysis values
    # plays with the cube alive: a hint on the Expert's scale said -0.157 where the tutor said
    # +0.061 for the same play. The hint now ranks as the analysis does: the same values
    analyser = Analyser(expert.evaluator, deep=True)
    rng = random.Random(3)
    compared = mistakes = 0
    for seed, length in ((21, 3), (22, 5), (23, 7)):
        match = Match(length, cube=True, seed=seed)
        match.new_game()
        game = match.game
        for _turn in range(8):
            if game.state.name in ("OPENING", "AWAITING_ROLL"):
                game.roll(match.rng)
            plays = game.legal_plays()
            if not plays:
                continue
            if len(plays) > 1:
                state = judged_state(match, game, game.player_on_roll)
                hint = analysed_plays(analyser, game.position, game.dice, state)
                assert hint[0].loss == 0.0 and all(h.loss >= 0.0 for h in hint)
                assert [h.equity for h in hint] == sorted((h.equity for h in hint), reverse=True)
                assert len(hint) == min(5, len(plays))
                judged = []
                for h in hint:  # each play as the tutor would judge it, were it made
                    result = h.play.result.position_id()
                    found = analyser.judge(match, {"type": "play", "result": result})
                    assert found is not None and found.played == str(h.play)
                    judged.append(found)
                    compared += 1
                # a mistake (a loss from DOUBTFUL) is judged against the hint's own ranking:
                # its first play, the same loss. A smaller loss is counted from the best the
                # tutor searches at 2-ply (the best by 1-ply, or the play made when that comes
                # out ahead): the hint's loss less the hint's loss of that best
                rows = {str(h.play): h for h in hint}
                pairs = list(zip(hint, judged, strict=True))
                quiet = [(h, f) for h, f in pairs if f.loss < DOUBTFUL - 1e-9]
                bests = {f.best for _h, f in quiet if f.loss > 0}
                assert len(bests) <= 1 and bests <= set(rows)
                shift = (
                    rows[bests.pop()].loss if bests else max((h.loss for h, _f in quiet), default=0)
                )
                for h, found in pairs:
                    if found.loss >= DOUBTFUL - 1e-9:
                        assert found.best == str(hint[0].play)
                        assert found.loss == pytest.approx(h.loss, abs=1e-9)
                        mistakes += 1
                    else:
                        assert found.loss == pytest.approx(max(0.0, h.loss - shift), abs=1e-9)
            game.play(rng.choice(plays))
            if game.is_over:
                break
    assert compared >= 12 and mistakes >= 5


@pytest.mark.parametrize(
    "ids",
    [("Pb4HACC2bRtAAA", "EoFuAAAAAAAE"), ("Hr8HAEC2bYAAJw", "EgFrAAAAAAAE")],
)
def test_a_settled_plays_chances_are_those_of_its_own_search(expert, ids):
    # a 3-point match at 0-0 with the cube at 4: winning the game wins the match, a gammon
    # counts no more and the cube is dead, so each play's equity is twice its winning chance
    # less 1. The hint showed each play's 2-ply equity beside its 1-ply chances: 8/5 8/3 came
    # first at 90.8% to win, above 17/12 8/5 at 92.0% (found by a tester)
    match = Match.from_ids(*ids)
    game = match.game
    state = judged_state(match, game, game.player_on_roll)
    hint = analysed_plays(Analyser(expert.evaluator), game.position, game.dice, state)
    settled = [h for h in hint if h.depth == 2]
    assert len(settled) >= 3
    for h in settled:
        assert h.equity == pytest.approx(2 * h.outputs[0] - 1, abs=1e-9)
    assert [h.outputs[0] for h in settled] == sorted((h.outputs[0] for h in settled), reverse=True)


def test_a_mistake_is_judged_against_the_hints_first_play(expert):
    # found by a tester: 4-3 played 6/2 6/3, the tutor said "0.308 less than 24/21 13/9" (the
    # best by 1-ply) where the hint listed 24/21 24/20 first (it came out ahead at 2-ply)
    match = Match.from_ids("4NvgATDgc/ABMA", "MAFuAAAAAAAE")
    game = match.game
    analyser = Analyser(expert.evaluator, deep=True)
    state = judged_state(match, game, game.player_on_roll)
    hint = analysed_plays(analyser, game.position, game.dice, state)
    made = next(p for p in legal_plays(game.position, game.dice) if str(p) == "6/3 6/2")
    found = analyser.judge(match, {"type": "play", "result": made.result.position_id()})
    assert found is not None and found.loss >= DOUBTFUL
    assert found.best == str(hint[0].play)
    assert found.equity_best == pytest.approx(hint[0].equity, abs=1e-9)
    assert found.alternatives[0][0] == str(hint[0].play)


def test_a_play_searched_less_deeply_is_compared_at_its_own_depth(expert):
    # 6-4 from the start: the Expert settles the best two at 2-ply, the rest at 1-ply
    hint = best_plays(expert, Position.start(), (6, 4), MONEY_STATE)
    assert hint[0].depth == 2 and any(h.depth == 1 for h in hint)
    ranked = expert.rank(Position.start(), (6, 4), MONEY_STATE)
    shallow = next(h for h in hint if h.depth == 1)
    searched = next(r for r in ranked if r.result == shallow.play.result)
    from ai.cube import move_value_fn
    from ai.search import reply_value

    best_one_ply = reply_value(
        expert.evaluator, ranked[0].result, move_value_fn(MONEY_STATE, expert.met)
    )
    assert shallow.loss == pytest.approx(best_one_ply - searched.value)


def test_the_cube_hint_is_the_experts_cube_decision(expert):
    for text in (
        "x 24:2 13:5 8:3 6:5; o 19:5 17:3 12:5 1:2",  # no double
        "x 8:3 7:3 6:3 5:3 4:3; o 18:3 19:3 20:3 21:3 15:3",  # double, take
        "x 8:3 7:3 6:3 5:3 4:3; o 16:3 17:3 18:3 19:3 20:3",  # double, pass
    ):
        position = Position.from_text(text)
        hint = cube_hint(expert, position, MONEY_STATE)
        assert hint.decision == expert.cube_decision(position, MONEY_STATE)
        assert hint.outputs == chances(expert, position, MONEY_STATE)
    verdicts = [
        cube_hint(expert, Position.from_text(t), MONEY_STATE).decision.verdict()
        for t in (
            "x 24:2 13:5 8:3 6:5; o 19:5 17:3 12:5 1:2",
            "x 8:3 7:3 6:3 5:3 4:3; o 18:3 19:3 20:3 21:3 15:3",
            "x 8:3 7:3 6:3 5:3 4:3; o 16:3 17:3 18:3 19:3 20:3",
        )
    ]
    assert verdicts == ["No double, take", "Double, take", "Double, pass"]


def test_a_decision_judged_before_it_is_made_is_judged_the_same_by_the_analysis(expert):
    """The tutor's judge (``Analyser.judge``) and the analysis of the match agree exactly."""
    analyser = Analyser(expert.evaluator, deep=True)
    rng = random.Random(11)
    match = Match(0, cube=True, seed=4)
    match.new_game()
    game = match.game
    game.roll(match.rng)
    judged: dict[tuple[int, str], float] = {}
    doubled = False
    for _turn in range(14):
        if game.is_over:
            break
        if game.state.name == "AWAITING_ROLL":
            if game.can_double() and not doubled and _turn > 6:
                found = analyser.judge(match, {"type": "double"})
                assert found is not None and found.played == "double"
                judged[(len(match.history), "double")] = found.loss
                game.double()
                found = analyser.judge(match, {"type": "take"})
                assert found is not None and found.kind == "take"
                judged[(len(match.history), "take")] = found.loss
                game.take()
                doubled = True
                continue
            found = analyser.judge(match, {"type": "no double"})
            if found is not None:
                judged[(len(match.history), "double")] = found.loss
            game.roll(match.rng)
            continue
        plays = game.legal_plays()
        play = rng.choice(plays)
        found = analyser.judge(match, {"type": "play", "result": play.result.position_id()})
        if len(plays) > 1:
            assert found is not None and found.played == str(play)
            judged[(len(match.history), "move")] = found.loss
        else:
            assert found is None
        game.play(play)
    assert doubled and len(judged) > 8
    analysis = analyser.analyse(match)
    recorded = {
        (d.action, d.kind): d.loss
        for d in analysis.decisions
        if d.counted and (d.action, d.kind) in judged
    }
    assert recorded == judged
    misses = [k for k in judged if k[1] == "double"]
    assert misses, "no cube decision was compared"


def test_the_judge_has_nothing_to_say_of_a_player_who_may_not_double():
    analyser = Analyser()
    match = Match(0, cube=False, seed=1)
    match.new_game()
    match.game.roll(match.rng)
    match.game.play(match.game.legal_plays()[0])
    assert analyser.judge(match, {"type": "no double"}) is None
    with pytest.raises(ValueError):
        analyser.judge(Match(0, seed=1), {"type": "no double"})


def test_state_is_the_players():
    # the hint functions take the cube state of the player to act; a match state works too
    expert = ComputerPlayer("expert")
    state = CubeState(match_length=5, away=3, opp_away=2)
    hint = best_plays(expert, Position.start(), (3, 1), state)
    assert str(hint[0].play) == "8/5 6/5"


def test_in_a_timing_battle_the_cube_hint_shows_the_chances_it_rests_on(expert):
    """Shut in behind a full prime with three of the other's checkers on the bar (the cube war
    of ai/README.md, "Timing battles"): the networks give the player on roll 59% to win, the
    games played out about 9%; the hint says no redouble and shows the chances of the games."""
    shut_in = Position.from_text(
        "x 24:1 12:1 9:1 6:2 5:3 4:2 3:2 2:2 1:1; o bar:3 17:2 18:2 19:2 20:2 21:2 22:2"
    )
    hint = cube_hint(expert, shut_in, CubeState(cube=4, owner=MINE))
    assert not hint.decision.double
    assert hint.outputs[0] < 0.25
    assert chances(expert, shut_in, MONEY_STATE) == hint.outputs


def test_the_answer_to_a_double_from_a_straggler_shows_the_games_played_out(expert):
    """The hint's take or pass is the Expert's: where the doubler bears off with a checker still
    back (ai/README.md, "Stragglers"), on the chances of games played out."""
    from ai.cube import state_from_match_id
    from engine.matchid import decode_match_id

    position = Position.from_position_id("Nj0EVDDcAEAAAA")
    offered = decode_match_id("cBGgACAAEAAE")
    state = state_from_match_id(offered, offered.player_on_roll)
    hint = cube_hint(expert, position, state, answer=True)
    assert hint.decision.take and hint.outputs[0] < 0.66  # the networks: 0.70-0.73
    assert not cube_hint(expert, position, state).decision.take  # the doubler's own look


def test_the_bear_off_play_is_the_best_by_the_exact_values():
    """The play made for a player who lets the program bear off: the best by the evaluator (the
    bear-off database where both sides are home), where the engine's rule of thumb (the most
    checkers off, then the fewest pips) can give away a third of a point."""
    from ai.evaluator import equity, load_default_evaluator
    from ai.hint import bear_off_play
    from engine import Position, TurnBuilder

    evaluator = load_default_evaluator()
    rng = random.Random(5)
    differ = 0
    for _ in range(300):
        home = {p: rng.randint(0, 2) for p in range(1, 7)}
        other = {p: rng.randint(0, 2) for p in range(1, 7)}
        if not sum(home.values()) or not sum(other.values()):
            continue
        turn = TurnBuilder(
            Position.from_points(home, other), (rng.randint(1, 6), rng.randint(1, 6))
        )
        rule = turn.final_bear_off()
        if rule is None:
            continue
        chosen = bear_off_play(turn.plays, evaluator)
        values = -equity(evaluator.evaluate_batch([p.result for p in turn.plays]))
        assert values[turn.plays.index(chosen)] == pytest.approx(values.max())
        differ += str(chosen) != str(rule)
    assert differ > 10  # the rule of thumb is often not the best
    gaps = TurnBuilder(Position.from_points({2: 1, 3: 2, 6: 1}, {1: 2, 2: 1, 3: 1, 6: 1}), (4, 1))
    assert str(gaps.final_bear_off()) == "6/2 3/2" and str(bear_off_play(gaps.plays)) == "6/1"
    with pytest.raises(ValueError):
        bear_off_play([])


def test_a_play_made_far_down_is_listed_after_the_best(expert):
    """In a review the hint lists the play made beside the best ones, whatever its rank; a
    play already among them is not listed twice."""
    analyser = Analyser(expert.evaluator)
    position, dice = Position.start(), (6, 2)
    results = [p.result for p in legal_plays(position, dice)]
    values = -equity(expert.evaluator.evaluate_batch(results))  # the mover's, at 0-ply
    worst = results[int(values.argmin())]
    plain = analysed_plays(analyser, position, dice, MONEY_STATE)
    assert len(plain) == 5 and worst not in [h.play.result for h in plain]
    with_it = analysed_plays(analyser, position, dice, MONEY_STATE, also=worst)
    assert [h.play for h in with_it[:5]] == [h.play for h in plain]
    assert with_it[5].play.result == worst and with_it[5].loss > with_it[4].loss
    again = analysed_plays(analyser, position, dice, MONEY_STATE, also=plain[3].play.result)
    assert [h.play for h in again] == [h.play for h in plain]


def _rolled(equities, outputs, games=36, cubeful=False):
    from ai.rollout import PlaysRolloutResult

    n = len(equities)
    return PlaysRolloutResult(
        games=games,
        equities=tuple(equities),
        equity_ses=(0.01,) * n,
        behind=(0.0,) * n,
        behind_ses=(0.0,) * n,
        outputs=tuple(tuple(o) for o in outputs),
        seconds=0.1,
        cubeful=cubeful,
    )


def test_a_rollout_values_the_plays_it_rolled_out_and_the_list_follows_it(expert):
    """The hint's list takes a rollout's figures in: the plays rolled out are valued by it on
    the hint's scale (cubeful equities as they are; else the scale of the analysis on the
    games' chances, in a match their match equity) and the list is ordered by the values."""
    from ai.hint import plays_scale, rolled_plays, with_rollout

    analyser = Analyser(expert.evaluator)
    position, dice = Position.start(), (6, 2)
    state = CubeState(match_length=7, away=5, opp_away=3)  # 2-4 in a 7-point match
    hint = analysed_plays(analyser, position, dice, state)
    scale = plays_scale(analyser, position, state)
    # the scale is the analysis's: in a match, gammons count as the score makes them count
    sure = scale(np.array([(1.0, 0.0, 0.0, 0.0, 0.0), (1.0, 1.0, 0.0, 0.0, 0.0)]))
    assert sure[1] > sure[0] > float(scale(np.array([(0.5, 0.0, 0.0, 0.0, 0.0)]))[0])
    # the third play rolled out far ahead, the first far behind: the list follows
    chances = [(0.30, 0.05, 0.0, 0.10, 0.0), (0.5, 0.1, 0.0, 0.1, 0.0), (0.9, 0.3, 0.0, 0.0, 0.0)]
    results = (hint[0].play.result, hint[1].play.result, hint[2].play.result)
    figures = _rolled((-0.5, 0.0, 1.0), chances, games=1296)
    lines = with_rollout(hint, rolled_plays(results, figures, scale))
    values = [float(v) for v in scale(np.array(chances))]
    assert lines[0].play == hint[2].play and lines[0].loss == 0.0
    assert lines[0].equity == pytest.approx(values[2]) and lines[0].games == 1296
    assert lines[0].outputs == chances[2]
    assert [h.equity for h in lines] == sorted((h.equity for h in lines), reverse=True)
    by_play = {h.play: h for h in lines}
    assert by_play[hint[0].play].equity == pytest.approx(values[0])
    kept = by_play[hint[3].play]  # not rolled out: the hint's own value and chances
    assert kept.games == 0 and (kept.equity, kept.outputs) == (hint[3].equity, hint[3].outputs)
    for h in lines:
        assert h.loss == pytest.approx(lines[0].equity - h.equity)
    # while a rollout runs the list keeps the order it had: the values change, the places not
    held = with_rollout(hint, rolled_plays(results, figures, scale), [h.play.result for h in hint])
    assert [h.play for h in held] == [h.play for h in hint]
    assert held[2].loss == 0.0 and held[0].loss == pytest.approx(values[2] - values[0])
    assert min(h.loss for h in held) == 0.0
    # cubeful figures (a money game with the cube) are taken as they are
    cubeful_figures = _rolled((0.9, 0.2, -0.3), chances, cubeful=True)
    cubeful = with_rollout(hint, rolled_plays(results, cubeful_figures, scale))
    assert [h.play for h in cubeful[:1]] == [hint[0].play] and cubeful[0].equity == 0.9
    with pytest.raises(ValueError, match="not those of these plays"):
        rolled_plays(results[:2], figures, scale)


def test_a_cubeless_rollout_keeps_its_equities_on_the_money_scale(expert):
    """Without the cube the scale of the chances is the cubeless equity: the list shows the
    rollout's own equities."""
    from ai.evaluator import load_default_evaluator
    from ai.hint import plays_scale, rolled_plays, with_rollout
    from ai.rollout import RolloutSettings, plays_rollout

    analyser = Analyser(expert.evaluator)
    position, dice = Position.start(), (4, 3)
    no_cube = CubeState(cube_enabled=False)
    hint = analysed_plays(analyser, position, dice, no_cube)
    results = tuple(h.play.result for h in hint[:3])
    figures = plays_rollout(
        list(results), RolloutSettings(games=36), workers=1, evaluator=load_default_evaluator()
    )
    scale = plays_scale(analyser, position, no_cube)
    lines = with_rollout(hint, rolled_plays(results, figures, scale))
    rolled = {h.play.result: h.equity for h in lines if h.games == 36}
    assert len(rolled) == 3
    for result, value in zip(results, figures.equities, strict=True):
        assert rolled[result] == pytest.approx(value, abs=1e-9)


def test_of_plays_as_good_the_bear_off_play_takes_the_most_checkers_off():
    """Found by a tester: in a race as good as won (the opponent has borne off, so no gammon is
    left) every play wins, and 4/1 3/1 was played for the player with 4-3 where 4/off 3/off
    won as surely: it looked a mistake. Plays within the race network's own error there are
    as good, and the one that bears off the most is made."""
    from ai.hint import bear_off_play
    from engine import Position, TurnBuilder

    # the race network gives 6/3 2/1 0.9961 and 4/off 0.9959 with 3-1, 6/5 6/3 0.9960 and 4/off
    # 0.9952: alike, where the opponent needs three rolls at least
    them = {6: 2, 5: 2, 4: 2, 3: 2, 8: 1, 9: 1}
    for mine in ({2: 2, 6: 1, 4: 1}, {6: 2, 4: 1}):
        turn = TurnBuilder(Position.from_points(mine, them), (3, 1))
        assert str(bear_off_play(turn.plays)) == "4/off"
