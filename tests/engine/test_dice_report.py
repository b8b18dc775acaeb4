"""The dice report, and the dice of a seed whatever the players do."""

from __future__ import annotations

import math
import random

import pytest

from engine.dice_report import (
    FAIR,
    UNUSUAL,
    VERY_UNUSUAL,
    chi_square_tail,
    dealt_by_seed,
    dice_report,
    match_chances,
    match_rolls,
)
from engine.match import GameState, Match


def test_counts_against_fair_dice():
    report = dice_report([(1, 3), (6, 6), (2, 5), (4, 4), (1, 2), (6, 5), (3, 1)])
    assert report.rolls == 7
    assert report.counts[(3, 1)] == 2 and report.counts[(6, 6)] == 1 and report.counts[(2, 1)] == 1
    assert sum(report.counts.values()) == 7
    assert report.expected[(3, 1)] == pytest.approx(7 * 2 / 36)
    assert report.expected[(6, 6)] == pytest.approx(7 / 36)
    assert report.doubles == 2 and report.doubles_expected == pytest.approx(7 / 6)
    assert report.faces == (3, 2, 2, 2, 2, 3) and sum(report.faces) == 14
    assert report.rolls_test is None  # far too few rolls for 21 cells
    assert report.faces_test is None and report.test is None  # and for the six faces


@pytest.mark.parametrize(
    ("x", "k", "p"),
    [
        (3.841459, 1, 0.05),
        (11.0705, 5, 0.05),
        (15.0863, 5, 0.01),
        (31.4104, 20, 0.05),
        (37.5662, 20, 0.01),
        (10.8508, 20, 0.95),
    ],
)
def test_chi_square_tail_matches_the_tables(x, k, p):
    assert chi_square_tail(x, k) == pytest.approx(p, rel=1e-3)


def test_chi_square_tail_with_two_degrees_is_exponential():
    for x in (0.1, 1.0, 4.0, 30.0):
        assert chi_square_tail(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-9)


def test_fair_dice_pass_and_loaded_dice_fail():
    rng = random.Random(2024)
    fair = [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(3600)]
    report = dice_report(fair)
    assert report.rolls_test is not None and report.rolls_test.p_value > 0.001
    assert report.rolls_test.finding in (FAIR, UNUSUAL) and report.test is report.rolls_test
    loaded = [(6, rng.randint(1, 6)) if rng.random() < 0.2 else roll for roll in fair]
    bad = dice_report(loaded)
    assert bad.rolls_test.p_value < 1e-6 and bad.faces_test.p_value < 1e-6
    assert bad.rolls_test.finding == VERY_UNUSUAL
    assert bad.faces[5] > 1.2 * bad.faces_expected


def test_findings_follow_the_p_value():
    from engine.dice_report import ChiSquare

    assert ChiSquare(1.0, 5, 0.2, "faces").finding == FAIR
    assert ChiSquare(1.0, 5, 0.049, "faces").finding == UNUSUAL
    assert ChiSquare(1.0, 5, 0.0009, "faces").finding == VERY_UNUSUAL


def play_out(match: Match, chooser: random.Random, cube_rate: float) -> Match:
    """Play ``match`` to the end with random plays and cube actions drawn from ``chooser``."""
    while not match.is_over:
        game = match.new_game()
        while not game.is_over:
            if game.state is GameState.AWAITING_PLAY:
                game.play(chooser.choice(game.legal_plays()))
            elif game.state is GameState.AWAITING_TAKE:
                game.take() if chooser.random() < 0.5 else game.drop()
            elif game.can_double() and chooser.random() < cube_rate:
                game.double()
            else:
                game.roll(match.rng)
    return match


def dice_stream(match: Match) -> list[int]:
    """Every die the match drew, in order: tied opening rolls, opening rolls, then the rolls."""
    stream: list[int] = []
    for game in match.games:
        assert game.opening is not None
        for tie in game.opening.ties:
            stream += [tie, tie]
        stream += list(game.opening.dice)
        for _player, dice, _play in game.turns[1:]:
            stream += list(dice)
    return stream


@pytest.mark.parametrize("seed", [1, 2, 3, 99])
def test_the_dice_of_a_seed_do_not_depend_on_the_plays(seed):
    streams = []
    for chooser_seed, cube_rate in ((0, 0.0), (1, 0.3), (2, 0.05)):
        match = play_out(Match(5, cube=True, seed=seed), random.Random(chooser_seed), cube_rate)
        streams.append(dice_stream(match))
    # each match drew exactly the seed's own sequence of dice, however long it lasted
    longest = max(streams, key=len)
    reference = random.Random(seed)
    assert longest == [reference.randint(1, 6) for _ in longest]
    for stream in streams:
        assert stream == longest[: len(stream)]
    assert len({len(s) for s in streams}) > 1  # the matches were played differently


def test_match_rolls_leave_out_the_opening_and_split_by_player():
    match = play_out(Match(3, cube=True, seed=5), random.Random(5), 0.1)
    both = match_rolls(match)
    mine, theirs = match_rolls(match, 0), match_rolls(match, 1)
    assert len(both) == len(mine) + len(theirs) == sum(len(g.turns) - 1 for g in match.games)
    report = dice_report(both)
    assert report.rolls == len(both)
    by_game = [match_rolls(match, None, g) for g in range(len(match.games))]
    assert [r for rolls in by_game for r in rolls] == both
    assert len(match_rolls(match, 0, 0)) + len(match_rolls(match, 1, 0)) == len(by_game[0])


def test_chances_of_the_games_add_up_to_the_match():
    match = play_out(Match(5, cube=True, seed=21), random.Random(21), 0.05)
    assert len(match.games) > 1
    for player in (0, 1):
        whole = match_chances(match, player)
        games = [match_chances(match, player, g) for g in range(len(match.games))]
        for kind in ("entering", "hitting"):
            assert whole[kind].tries == sum(g[kind].tries for g in games)
            assert whole[kind].happened == sum(g[kind].happened for g in games)
            assert whole[kind].expected == pytest.approx(sum(g[kind].expected for g in games))


def test_a_match_played_here_is_dealt_by_its_seed_and_another_is_not():
    match = play_out(Match(3, cube=True, seed=5), random.Random(5), 0.1)
    assert dealt_by_seed(match)
    other = Match.replay(match.settings(), match.history, seed=6)  # the same dice, another seed
    assert not dealt_by_seed(other)


def test_entering_and_hitting_chances_count_the_rolls_that_could():
    from engine.moves import legal_results
    from engine.shots import shot_count

    match = play_out(Match(3, cube=True, seed=8), random.Random(8), 0.05)
    for player in (0, 1):
        chances = match_chances(match, player)
        # the same figures by hand, from each roll's position
        tries = expected = happened = 0
        hit_tries = hit_expected = hit_happened = 0
        replay = Match(3, cube=True, seed=0)
        for action in match.history:
            game = replay.game
            if action["type"] == "roll" and game.player_on_roll == player:
                dice = tuple(sorted(action["dice"], reverse=True))
                position = game.position
                if position.on_roll[24]:
                    tries += 1
                    can = [
                        (a, b)
                        for a in range(1, 7)
                        for b in range(1, 7)
                        if legal_results(position, (a, b))
                    ]
                    expected += len(can) / 36
                    happened += dice in can
                shots = shot_count(position)
                if shots:
                    hit_tries += 1
                    hit_expected += shots / 36
                    bar = position.opponent[24]
                    hit_happened += any(r.on_roll[24] > bar for r in legal_results(position, dice))
            replay.apply(action)
        assert chances["entering"].tries == tries
        assert chances["entering"].expected == pytest.approx(expected)
        assert chances["entering"].happened == happened
        assert chances["hitting"].tries == hit_tries
        assert chances["hitting"].expected == pytest.approx(hit_expected)
        assert chances["hitting"].happened == hit_happened


def test_a_roll_being_played_counts_and_the_opening_roll_does_not():
    match = Match(3, seed=4)
    game = match.new_game()
    game.roll(match.rng)  # the opening roll, being played
    assert match_rolls(match) == []
    game.play(game.legal_plays()[0])
    game.roll(match.rng)
    assert game.state is GameState.AWAITING_PLAY or game.turns[-1][0] != game.player_on_roll
    rolled = [a["dice"] for a in match.history if a["type"] == "roll"]
    assert match_rolls(match) == [tuple(sorted(rolled[0], reverse=True))]


def test_the_dice_of_a_set_up_position_are_not_counted_as_rolled():
    """A match set up with its dice to play (an editor, pasted IDs): those dice were written,
    not rolled, and the report leaves them out as it leaves out the opening roll."""
    from engine.dice_report import dice_set_up
    from engine.matchid import MatchIdFields
    from engine.position import Position

    fields = MatchIdFields(match_length=3, score=(0, 0), dice=(6, 3))
    match = Match.from_ids(Position.start().position_id(), fields.encode(), seed=4)
    assert match.began_from_setup and dice_set_up(match) and not dealt_by_seed(match)
    assert match_rolls(match) == []  # the 6-3 waiting to be played was set, not rolled
    game = match.game
    game.play(game.legal_plays()[0])
    assert match_rolls(match) == []
    game.roll(match.rng)
    assert len(match_rolls(match)) == 1  # the first roll of the dice
    chooser = random.Random(4)
    while not game.is_over:
        if game.state is GameState.AWAITING_PLAY:
            game.play(chooser.choice(game.legal_plays()))
        else:
            game.roll(match.rng)
    play_out(match, chooser, 0.0)
    assert len(match.games) > 1  # and the games after it, from their opening rolls
    assert len(match_rolls(match)) == sum(len(g.turns) - 1 for g in match.games)
    rolled = MatchIdFields(match_length=3, score=(0, 0))  # on roll, no dice yet
    unset = Match.from_ids(Position.start().position_id(), rolled.encode(), seed=4)
    assert unset.began_from_setup and not dice_set_up(unset)
    unset.game.roll(unset.rng)
    assert len(match_rolls(unset)) == 1
    assert not play_out(Match(3, seed=5), random.Random(5), 0.0).began_from_setup
