"""Match analysis: losses, marks, cube decisions, luck and the per-player summary."""

from __future__ import annotations

import io
import json
import random
import threading

import numpy as np
import pytest

from ai.analysis import (
    BAD,
    DOUBTFUL,
    VERY_BAD,
    Analyser,
    analyse_file,
    analyse_match,
    mark_of,
)
from ai.cube import CubeState, state_from_match_id
from ai.met import default_table
from ai.search import Cancelled
from engine.dice import ROLLS
from engine.mat import loads_mat
from engine.match import GameState, Match
from engine.matchid import MatchIdFields, encode_match_id
from engine.position import Position


class PipEvaluator:
    """A stub for the mechanics: finished games exact, otherwise chances from the pip counts."""

    def evaluate_batch(self, positions):
        out = np.zeros((len(positions), 5))
        for i, p in enumerate(positions):
            mine, theirs = p.pip_count()
            if not any(p.opponent):
                out[i, 3] = 1.0 if sum(p.on_roll) == 15 else 0.0
            elif not any(p.on_roll):
                out[i] = (1.0, 0.0, 0.0, 0.0, 0.0)
            else:
                out[i, 0] = 1.0 / (1.0 + np.exp((mine - theirs - 8) / 10.0))
        return out


MINI = """ 5 point match

 Game 1
 Ann : 0                        Bo : 0
  1) 31: 8/5 6/5                 42: 8/4 6/4
  2)  Doubles => 2                Drops
      Wins 1 point
"""


@pytest.fixture(scope="module")
def mini_analysis():
    return analyse_match(loads_mat(MINI))


def test_best_plays_cost_nothing_and_an_opening_double_and_pass_are_very_bad(mini_analysis):
    kinds = [(d.player, d.kind, d.played) for d in mini_analysis.decisions if d.counted]
    assert kinds == [
        (0, "move", "8/5 6/5"),
        (1, "move", "8/4 6/4"),
        (0, "double", "double"),
        (1, "pass", "pass"),
    ]
    first, second, double, drop = (d for d in mini_analysis.decisions if d.counted)
    assert first.best == "8/5 6/5" and first.loss == 0.0 and first.mark == "none"
    assert second.best == second.played and second.loss == 0.0
    # doubling at once is a huge mistake and passing it a bigger one
    assert double.best == "no double" and double.mark == "very bad"
    assert drop.best == "take" and drop.mark == "very bad" and drop.loss > 0.4
    ann, bo = mini_analysis.players
    assert ann.decisions == 2 and bo.decisions == 2
    assert ann.marks == {"doubtful": 0, "bad": 0, "very bad": 1}
    assert ann.error_rate_memg == pytest.approx(1000 * double.loss / 2)
    assert bo.error_rate_memg == pytest.approx(1000 * drop.loss / 2)
    # the drop lost the game, but the luck-adjusted results still add up to nothing
    assert ann.result > 0 > bo.result
    assert ann.luck_adjusted_result == pytest.approx(-bo.luck_adjusted_result)


def test_command_line_prints_one_json_line_per_decision_then_players(tmp_path):
    path = tmp_path / "mini.mat"
    path.write_text(MINI)
    out, err = io.StringIO(), io.StringIO()
    assert analyse_file(str(path), True, out, err) == 0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    decisions, players = lines[:-2], lines[-2:]
    assert [d["kind"] for d in decisions] == ["move", "move", "double", "pass"]
    for d in decisions:
        assert set(d) == {
            "game",
            "player",
            "kind",
            "dice",
            "played",
            "best",
            "loss",
            "mark",
            "luck",
        }
    assert decisions[0]["dice"] == [3, 1] and decisions[0]["game"] == 0
    assert decisions[2]["dice"] is None and decisions[2]["luck"] is None
    assert [p["player"] for p in players] == [0, 1]
    assert players[0]["name"] == "Ann" and players[0]["decisions"] == 2
    assert set(players[0]["marks"]) == {"doubtful", "bad", "very bad"}


def test_a_bad_file_gets_one_error_naming_the_line_and_no_output(tmp_path):
    path = tmp_path / "bad.mat"
    path.write_text(MINI.replace("42: 8/4 6/4", "42: 8/4 6/3"))
    out, err = io.StringIO(), io.StringIO()
    assert analyse_file(str(path), True, out, err) == 2
    assert out.getvalue() == ""
    assert err.getvalue().startswith("error: ") and "line 5:" in err.getvalue()
    assert analyse_file(str(tmp_path / "missing.mat"), True, out, err) == 2


def test_marks_follow_the_thresholds():
    assert mark_of(0.0) == mark_of(DOUBTFUL - 0.001) == "none"
    assert mark_of(DOUBTFUL) == mark_of(BAD - 0.001) == "doubtful"
    assert mark_of(BAD) == mark_of(VERY_BAD - 0.001) == "bad"
    assert mark_of(VERY_BAD) == mark_of(2.0) == "very bad"


def _random_match(seed: int, length: int = 3) -> Match:
    match = Match(length, cube=True, players=("A", "B"), seed=seed)
    choices = random.Random(seed)
    while not match.is_over:
        game = match.new_game()
        while not game.is_over:
            if game.state is GameState.AWAITING_PLAY:
                game.play(choices.choice(game.legal_plays()))
            elif game.state is GameState.AWAITING_TAKE:
                game.take() if choices.random() < 0.6 else game.drop()
            elif game.can_double() and choices.random() < 0.1:
                game.double()
            else:
                game.roll(match.rng)
    return match


@pytest.fixture(scope="module")
def pip_analysis():
    match = _random_match(5)
    seen: list[tuple[int, int]] = []
    analysis = Analyser(PipEvaluator(), deep=False).analyse(
        match, progress=lambda done, total: seen.append((done, total))
    )
    return match, analysis, seen


def test_every_roll_and_decision_is_judged(pip_analysis):
    match, analysis, seen = pip_analysis
    rolls = sum(len(g.turns) for g in match.games)
    moves = [d for d in analysis.decisions if d.kind == "move"]
    assert len(moves) == rolls  # every roll, forced or not, once
    for d in moves:
        assert d.luck is not None and d.dice is not None
        assert d.loss >= 0.0
        if d.played == d.best:
            assert d.loss == pytest.approx(0.0, abs=1e-12)
        if not d.counted:
            assert d.loss == 0.0 and d.mark == "none"
    doubles = sum(1 for a in match.history if a["type"] == "double")
    answers = [d for d in analysis.decisions if d.kind in ("take", "pass")]
    assert len(answers) == doubles
    assert [d for d in analysis.decisions if d.played == "double"].__len__() == doubles
    # progress: once per action, ending at the total
    assert [done for done, _ in seen] == list(range(1, len(match.history) + 1))
    assert {total for _, total in seen} == {len(match.history)}


def test_the_summary_adds_up(pip_analysis):
    match, analysis, _ = pip_analysis
    for summary in analysis.players:
        mine = [d for d in analysis.decisions if d.player == summary.player and d.counted]
        assert summary.decisions == len(mine)
        assert summary.error_rate_memg == pytest.approx(
            1000 * sum(d.loss for d in mine) / len(mine)
        )
        for name, count in summary.marks.items():
            assert count == sum(1 for d in mine if mark_of(d.loss) == name)
        rolls = [d for d in analysis.decisions if d.player == summary.player and d.luck is not None]
        assert summary.luck == pytest.approx(sum(d.luck for d in rolls))
    a, b = analysis.players
    assert a.result == -b.result == (0.5 if match.winner == 0 else -0.5)
    assert a.luck_adjusted_result == pytest.approx(-b.luck_adjusted_result)


def test_luck_averages_to_nothing_over_the_rolls():
    analyser = Analyser(PipEvaluator(), deep=False)
    state = CubeState(match_length=5, away=3, opp_away=4)
    position = Position.from_text("x 24:2 13:4 8:3 6:5 2:1; o 19:5 17:3 12:5 1:2")
    met = default_table()
    weighted = sum(
        weight * analyser._roll_luck(position, dice, state, met, opening=False).luck
        for dice, weight in ROLLS
    )
    assert weighted == pytest.approx(0.0, abs=1e-9)
    opening = sum(
        weight * analyser._roll_luck(Position.start(), dice, state, met, opening=True).luck
        for dice, weight in ROLLS
        if dice[0] != dice[1]
    )
    assert opening == pytest.approx(0.0, abs=1e-9)


def test_analysis_can_be_cancelled():
    stop = threading.Event()
    calls = []

    def progress(done, total):
        calls.append(done)
        if done == 3:
            stop.set()

    with pytest.raises(Cancelled):
        Analyser(PipEvaluator(), deep=False).analyse(_random_match(6), progress, stop)
    assert calls[-1] == 3


def test_an_analysis_is_saved_and_read_back(pip_analysis):
    _match, analysis, _ = pip_analysis
    from ai.analysis import MatchAnalysis

    data = json.loads(json.dumps(analysis.to_json()))
    assert MatchAnalysis.from_json(data) == analysis
    with pytest.raises(ValueError, match="Not a saved analysis"):
        MatchAnalysis.from_json({"format": "x"})
    data["decisions"][0].pop("loss")
    with pytest.raises(ValueError, match="malformed"):
        MatchAnalysis.from_json(data)


def test_one_game_is_judged_alone_and_its_result_is_what_it_changed():
    match = _random_match(4, length=5)
    assert len(match.games) >= 3
    analyser = Analyser(PipEvaluator(), deep=False)
    whole = analyser.analyse(match)
    second = analyser.analyse(match, games=[1])
    assert second.games == (1,) and {d.game for d in second.decisions} == {1}
    assert [d for d in whole.decisions if d.game == 1] == list(second.decisions)
    # replayed only to the end of game 2: the analysis fits the match, but does not cover it
    ends = [i for i, a in enumerate(match.history) if a["type"] == "new_game"]
    assert second.actions == (ends[2] if len(ends) > 2 else len(match.history))
    assert second.fits(match) and not second.covers_all_of(match)
    assert whole.covers_all_of(match)
    # a finished game analysed alone has not "gone on" because the match went on after it
    assert not second.gone_on(match) and not whole.gone_on(match)
    part = Match.replay(match.settings(), match.history[: ends[1] + 3])  # game 2 under way
    during = analyser.analyse(part, games=[1])
    assert during.fits(match) and during.gone_on(match) and not during.gone_on(part)
    assert analyser.analyse(part).gone_on(match)
    met = default_table(match.crawford_enabled)
    first_game = match.games[0].result
    after = [0, 0]
    after[first_game.winner] = first_game.points
    before_second = met.pre(match.length - after[0], match.length - after[1])
    second_game = match.games[1].result
    after[second_game.winner] += second_game.points
    if max(after) >= match.length:
        after_second = 1.0 if after[0] >= match.length else 0.0
    elif match.crawford_enabled and match.length - 1 in after:
        after_second = met.crawford(match.length - after[0], match.length - after[1])
    else:
        after_second = met.pre(match.length - after[0], match.length - after[1])
    assert second.players[0].result == pytest.approx(after_second - before_second)


def test_an_analysis_fits_only_its_own_match(pip_analysis):
    match, analysis, _ = pip_analysis
    other = _random_match(8)
    assert analysis.fits(match) and not analysis.fits(other)
    shorter = Match.replay(match.settings(), match.history[:-3])
    assert not analysis.fits(shorter)


def test_every_roll_has_the_movers_chance_to_win_before_it(pip_analysis):
    _match, analysis, _ = pip_analysis
    moves = [d for d in analysis.decisions if d.kind == "move"]
    assert all(d.win_chance is not None and 0.0 <= d.win_chance <= 1.0 for d in moves)


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d["decisions"][0].update(loss="0.5"),
        lambda d: d["decisions"][0].update(player=2),
        lambda d: d["decisions"][0].update(dice=[7, 1]),
        lambda d: d["decisions"][0].update(kind="surrender"),
        lambda d: d["decisions"][0].update(extra=1),
        lambda d: d["decisions"][0].update(counted="yes"),
        lambda d: d["decisions"][0].update(loss=float("nan")),
        lambda d: d["players"][0]["marks"].update(bad=-1),
        lambda d: d.update(actions=True),
        lambda d: d.update(players=[]),
    ],
)
def test_a_damaged_saved_analysis_is_refused(pip_analysis, damage):
    from ai.analysis import MatchAnalysis

    data = json.loads(json.dumps(pip_analysis[1].to_json()))
    damage(data)
    with pytest.raises(ValueError, match="malformed"):
        MatchAnalysis.from_json(data)


def test_the_command_settles_close_plays_at_two_ply_unless_quick(tmp_path, capsys, monkeypatch):
    from ai import __main__ as cli
    from ai import analysis

    path = tmp_path / "mini.mat"
    path.write_text(MINI)
    depths = []
    monkeypatch.setattr(
        analysis,
        "analyse_file",
        lambda *args, deep: depths.append(deep) or 0,
    )
    assert cli.main(["analyse", str(path), "--json"]) == 0
    assert cli.main(["analyse", str(path), "--json", "--quick"]) == 0
    assert depths == [True, False]
    with pytest.raises(SystemExit):
        cli.main(["analyse", str(path), "--quick", "--deep"])
    assert "not allowed with" in capsys.readouterr().err


def test_a_redouble_in_a_timing_battle_is_judged_on_games_played_out():
    """The cube war of ai/README.md ("Timing battles"): shut in behind a full prime with three
    of the other's checkers on its bar, the networks give the player on roll 54% to win and a
    redouble; the games played out (and GNU Backgammon's 2-ply: no double -0.80, double/take
    -2.01) make it a huge mistake."""
    owned = encode_match_id(MatchIdFields(cube=4, cube_owner=0, player_on_roll=0, turn=0))
    match = Match.from_ids("bNsGAHBtuxEBIA", owned)
    match.game.double()
    match.game.take()
    double, take = (d for d in analyse_match(match).decisions if d.counted)
    assert (double.kind, double.played, double.best) == ("double", "double", "no double")
    assert double.mark == "very bad" and double.loss > 0.8
    assert dict(double.alternatives)["no double"] < -0.5
    assert (take.kind, take.best, take.mark) == ("take", "take", "none")


def test_a_take_of_a_straggler_is_judged_as_the_expert_answers_it():
    """Where the doubler bears off with a straggler (ai/README.md, "Stragglers"), the Expert and
    the hint take on games played out, as GNU Backgammon does; the analysis (and so the tutor)
    judges the answer the same way, instead of calling that take a blunder."""
    from ai.player import ComputerPlayer
    from engine.matchid import decode_match_id

    position, before = "Nj0EVDDcAEAAAA", "cAmgACAAEAAE"  # five-point match, 2-2
    offered = decode_match_id("cBGgACAAEAAE")
    state = state_from_match_id(offered, offered.player_on_roll)
    assert ComputerPlayer("expert").should_take(Position.from_position_id(position), state)
    for answer in ("take", "drop"):
        match = Match.from_ids(position, before)
        match.game.double()
        getattr(match.game, answer)()
        [decision] = [d for d in analyse_match(match).decisions if d.kind in ("take", "pass")]
        assert decision.best == "take"
        assert (decision.loss == 0.0) == (answer == "take")


def _set_up(text: str, **fields) -> Match:
    """A money game (by default) at ``text`` (``Position.from_text``), player 0 on roll."""
    ids = MatchIdFields(**{"dice": (0, 0), "game_state": 1, **fields})
    position = Position.from_text(text)
    return Match.from_ids(position.position_id(), encode_match_id(ids), players=("A", "B"))


SURE_WIN = "x 1:2; o 19:5 20:5 21:4"  # A (on roll) bears off next roll; B has one off


@pytest.mark.parametrize(
    ("resigner", "kind", "loss", "best"),
    [
        (0, 1, 2.0, "play on"),  # A gives up a sure win: the worst of errors
        (1, 1, 0.0, "resign single"),  # B concedes what it loses anyway
        (1, 2, 1.0, "play on"),  # ... but a gammon where only a single game is lost
    ],
)
def test_a_resignation_is_judged_against_playing_on(resigner, kind, loss, best):
    """A resignation in a winning position went unjudged: the analysis gave the player no
    error at all. It is judged as GNU Backgammon judges one: against playing on."""
    match = _set_up(SURE_WIN)
    before = len(match.history)
    match.game.resign(resigner, kind)
    analysis = Analyser(deep=False).analyse(match)
    [decision] = [d for d in analysis.decisions if d.kind == "resign"]
    assert decision.player == resigner and decision.action == before and decision.counted
    assert decision.played == {1: "resign single", 2: "resign gammon"}[kind]
    assert decision.best == best and decision.loss == pytest.approx(loss, abs=0.02)
    assert decision.equity_played == pytest.approx(-kind)
    assert dict(decision.alternatives)["play on"] == pytest.approx(
        1.0 if resigner == 0 else -1.0, abs=0.02
    )
    assert decision.mark == ("very bad" if loss else "none")
    summary = analysis.players[resigner]
    assert summary.decisions == 1 and summary.cube_decisions == 0
    assert summary.error_rate_memg == pytest.approx(1000 * decision.loss)
    # the resigner's side of the board, and saved and read back like any decision
    assert Position.from_position_id(decision.position_id) == (
        Position.from_text(SURE_WIN) if resigner == 0 else Position.from_text(SURE_WIN).swapped()
    )
    from ai.analysis import MatchAnalysis

    assert MatchAnalysis.from_json(json.loads(json.dumps(analysis.to_json()))) == analysis


def test_a_resignation_with_the_dice_rolled_or_a_double_offered_is_judged_too():
    """With the dice rolled, playing on is worth the best play; with a double offered, the
    right answer to it. In a match, the resignation is worth what its points give the score."""
    # A, on roll with 6-6 far ahead in a race, resigns: the best play wins a gammon nearly surely
    match = _set_up("x 6:2 5:2; o 19:3 20:3 21:3 22:3 23:3", dice=(6, 6), game_state=1)
    assert match.game.state is GameState.AWAITING_PLAY
    match.game.resign(0, 1)
    [d] = [d for d in Analyser(deep=False).analyse(match).decisions if d.kind == "resign"]
    assert d.best == "play on" and d.loss > 2.5 and d.dice is None
    # B answers A's double in a 5-point match by resigning a single game: conceded at the
    # cube before the double, it is the pass, the right answer here
    match = _set_up(SURE_WIN, match_length=5)
    match.game.double()
    assert match.game.state is GameState.AWAITING_TAKE
    match.game.resign(1, 1)
    [d] = [d for d in Analyser(deep=False).analyse(match).decisions if d.kind == "resign"]
    assert d.player == 1 and d.loss == pytest.approx(0.0, abs=1e-9)
    assert d.equity_played == pytest.approx(dict(d.alternatives)["play on"]) == -1.0
    # a gammon conceded there: what two points give the score, in EMG at 0-0
    from ai.cube import move_value_fn

    state = CubeState(match_length=5, away=5, opp_away=5)
    gammon = float(move_value_fn(state, default_table(True))(np.array([[0, 0, 0, 1, 0]]))[0])
    assert -2.0 < gammon < -1.5  # (less than two cubes: the match is not won with them)
    match = _set_up(SURE_WIN, match_length=5)
    match.game.double()
    match.game.resign(1, 2)
    [d] = [d for d in Analyser(deep=False).analyse(match).decisions if d.kind == "resign"]
    assert d.equity_played == pytest.approx(gammon) and d.best == "play on"
    assert d.loss == pytest.approx(-1.0 - gammon) and d.mark == "very bad"


def test_a_game_set_up_with_the_dice_rolled_or_a_double_offered_is_judged():
    """Found by a tester: a game set up from IDs or the editor with the dice rolled or a double
    offered failed to analyse ("AssertionError"): its first play had no roll before it, its
    answer no double. The play and the answer are judged; the set-up roll is no one's luck."""
    match = _set_up("x 24:2 13:5 8:3 6:5; o 1:2 12:5 17:3 19:5", dice=(2, 1))
    game = match.game
    bad = next(p for p in game.legal_plays() if str(p) == "6/5 6/4")
    game.play(bad)  # (not the best 2-1 opening)
    [d] = Analyser(deep=False).analyse(match).decisions
    assert (d.kind, d.player, d.dice, d.played) == ("move", 0, (2, 1), "6/5 6/4")
    assert d.loss > 0.03 and d.luck is None and d.win_chance is not None
    # a sure win doubled in a 5-point match, set up with the double offered: the take is very bad
    match = _set_up(SURE_WIN, match_length=5)
    match.game.double()
    offered = Match.from_ids(match.position_id(), match.match_id(), players=("A", "B"))
    offered.game.take()
    [d] = Analyser(deep=False).analyse(offered).decisions
    assert (d.kind, d.player, d.best) == ("take", 1, "pass") and d.mark == "very bad"
    analysis = Analyser(deep=False).analyse(offered)
    assert analysis.players[1].luck == 0.0 and analysis.players[1].decisions == 1
