"""The last play's arrows: drawn from the end of that play until the next play starts."""

from __future__ import annotations


def marks(game) -> list[tuple[int, int]]:
    return [(m["from"], m["to"]) for m in game.lastMove]


def test_the_last_plays_arrows_go_when_the_next_player_moves_a_checker(harness):
    # Arrows of the other side's play that stayed while a player moved started or ended among
    # that player's own checkers: they stand while the next player looks and rolls, and go with
    # the first checker moved (and come back when the moves are taken back).
    harness.open(seed=5)
    game = harness.game
    game.newGame({"opponent": "human"})
    first = []
    while game.legalSteps:
        step = game.legalSteps[0]
        first.append((step["from"], step["to"]))
        harness.play_step(step)
    assert marks(game) == first
    game.roll()
    harness.settle()
    assert marks(game) == first and game.legalSteps
    harness.auto_confirm = False
    harness.play_step(game.legalSteps[0])
    assert marks(game) == []
    assert harness.item("board").property("arrows") == []
    game.undo()
    harness.settle()
    assert marks(game) == first
