"""Hypothesis: random complete matches always end with a legal score and a winner."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import save
from engine.match import MAX_CUBE, GameState, Match, ResultKind


def play_out(match: Match, choices: random.Random, resign_chance: float) -> None:
    """Random legal plays and random cube actions until the match (or one money game) ends."""
    games = 0
    while not match.is_over and games < (1 if match.is_money else 60):
        game = match.new_game()
        games += 1
        while not game.is_over:
            state = game.state
            if state is GameState.OPENING:
                game.roll(match.rng)
            elif state is GameState.AWAITING_ROLL:
                if choices.random() < resign_chance:
                    game.resign(choices.choice((0, 1)), choices.choice((1, 2, 3)))
                elif game.can_double() and choices.random() < 0.25:
                    game.double()
                else:
                    game.roll(match.rng)
            elif state is GameState.AWAITING_TAKE:
                game.take() if choices.random() < 0.8 else game.drop()
            else:
                plays = game.legal_plays()
                assert plays  # a roll without a play passes at once
                game.play(choices.choice(plays))


@settings(max_examples=25, deadline=None)
@given(
    length=st.sampled_from([0, 1, 2, 3, 5, 7]),
    cube=st.booleans(),
    crawford=st.booleans(),
    seed=st.integers(0, 2**32),
    resign_chance=st.sampled_from([0.0, 0.02]),
)
def test_random_matches_end_with_a_legal_score(length, cube, crawford, seed, resign_chance):
    match = Match(length, cube=cube, crawford=crawford, seed=seed)
    play_out(match, random.Random(seed), resign_chance)
    running = [0, 0]
    crawford_games = 0
    for game in match.games:
        result = game.result
        assert result is not None
        assert game.state is GameState.GAME_OVER
        assert 1 <= game.cube_value <= MAX_CUBE and game.cube_value & (game.cube_value - 1) == 0
        if not cube or game.is_crawford:
            assert game.cube_value == 1 and game.cube_owner is None
        assert result.points == int(result.kind) * result.cube_value
        assert result.kind in ResultKind
        # the board agrees with a game won by bearing off
        if result.reason.value == "borne_off":
            assert game.board(result.winner).borne_off()[0] == 15
            assert game.board(result.loser).borne_off()[0] < 15
        if length:
            # the Crawford game comes right after a player first reaches length - 1
            expected = (
                crawford and length > 1 and crawford_games == 0 and (max(running) == length - 1)
            )
            assert game.is_crawford == expected
            crawford_games += game.is_crawford
        running[result.winner] += result.points
    if length:
        assert match.is_over
        winner = match.winner
        assert winner in (0, 1)
        assert match.score[winner] == length
        assert match.score[1 - winner] < length
        assert running[winner] >= length and running[1 - winner] < length
    else:
        assert match.winner is None and match.score == tuple(running)
    # the history replays to the same state, and a save loads to it
    again = save.loads(save.dumps(match))
    assert again.history == match.history
    assert again.score == match.score and again.match_id() == match.match_id()
