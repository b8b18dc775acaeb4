"""The dice of a seed do not depend on who plays: computer levels or a person's random plays."""

from __future__ import annotations

import random

import pytest

from ai.cube import state_from_match_id
from ai.player import ComputerPlayer
from engine.match import GameState, Match
from tests.engine.test_dice_report import dice_stream, play_out


def play_computers(match: Match, levels: tuple[str, str]) -> Match:
    """Play ``match`` to the end with one computer level per player (cube decisions included)."""
    players = [ComputerPlayer(level, seed=7) for level in levels]
    while not match.is_over:
        game = match.new_game()
        while not game.is_over:
            me = game.player_on_roll
            state = state_from_match_id(match.match_id_fields(), me)
            if game.state is GameState.AWAITING_PLAY:
                game.play(players[me].choose_play(game.position, game.dice, state))
            elif game.state is GameState.AWAITING_TAKE:
                taker = players[game.opponent]
                game.take() if taker.should_take(game.position, state) else game.drop()
            elif game.can_double() and players[me].should_double(game.position, state):
                game.double()
            else:
                game.roll(match.rng)
    return match


@pytest.mark.parametrize("seed", [11, 12])
def test_levels_and_people_get_the_same_dice_from_a_seed(seed):
    streams = [
        dice_stream(play_computers(Match(3, cube=True, seed=seed), ("beginner", "medium"))),
        dice_stream(play_computers(Match(3, cube=True, seed=seed), ("easy", "beginner"))),
        dice_stream(play_out(Match(3, cube=True, seed=seed), random.Random(seed), 0.1)),
    ]
    longest = max(streams, key=len)
    reference = random.Random(seed)
    assert longest == [reference.randint(1, 6) for _ in longest]
    for stream in streams:
        assert stream == longest[: len(stream)]
