"""Within a turn: undo, hint modes, confirming the end of the turn, board turning."""

from __future__ import annotations

import pytest

from app.session import from_location, to_location
from engine import Position, TurnBuilder

pytestmark = [pytest.mark.gui, pytest.mark.timeout(60)]


def start_hot_seat(harness, seed=21, **options):
    harness.open(seed=seed)
    harness.game.newGame({"opponent": "human", **options})
    harness.settle()
    return harness.game


def rendered_rings(harness) -> tuple[set[int], set[int]]:
    """Locations whose top checker shows a ring, and locations with a visible destination mark."""
    checkers = set()
    for item in harness.find_all("checker_"):
        if item.isVisible() and item.property("ringed"):
            checkers.add(int(item.objectName().split("_")[1]))
    points = set()
    for item in harness.find_all("destination_"):
        if item.isVisible():
            points.add(int(item.objectName().split("_")[1]))
    for tray in (0, 27):
        if harness.item(f"tray_{tray}").property("target"):
            points.add(tray)
    return checkers, points


def engine_turn(game) -> TurnBuilder:
    """The same turn rebuilt independently from the engine."""
    s = game.session
    turn = TurnBuilder(s.position, s.dice)
    for step in s.turn.steps:
        turn.move_checker(step.src, step.dst)
    return turn


def test_undo_a_step_within_the_turn(harness):
    game = start_hot_seat(harness)
    board0 = list(game.board)
    steps0 = game.legalSteps
    assert not harness.item("undoButton").isEnabled()
    harness.play_step(steps0[0])
    assert list(game.board) != board0
    assert harness.item("undoButton").isEnabled()
    assert sum(d["used"] for d in game.dice) == 1
    harness.click("undoButton")
    assert list(game.board) == board0
    assert game.legalSteps == steps0
    assert sum(d["used"] for d in game.dice) == 0
    assert not harness.item("undoButton").isEnabled()


def test_the_turn_ends_with_the_last_die_unless_confirm_is_on(harness):
    game = start_hot_seat(harness, seed=9)
    mover = game.onRoll
    while game.onRoll == mover and game.legalSteps:
        harness.play_step(game.legalSteps[0])
    assert game.onRoll != mover and game.canRoll
    game.confirmEndOfTurn = True
    harness.click("rollButton")
    mover = game.onRoll
    while game.legalSteps:
        harness.play_step(game.legalSteps[0])
    if game.session.turn.plays:
        assert game.onRoll == mover and game.canConfirm and game.canUndo
        harness.click("undoButton")
        harness.play_step(game.legalSteps[0])
        harness.click("confirmButton")
        assert game.onRoll != mover


@pytest.mark.parametrize("mode", [0, 1, 2])
def test_hint_modes_ring_exactly_what_the_engine_allows(harness, mode):
    game = start_hot_seat(harness, seed=30 + mode)
    while game.hintMode != mode:
        harness.click("hintButton")
    for _ in range(6):  # a few positions: after the opening roll and after some steps
        if not game.legalSteps:
            break
        turn = engine_turn(game)
        player = game.onRoll
        movable = {to_location(player, p) for p in turn.movable_points()}
        reachable = {to_location(player, s.dst) for s in turn.legal_steps()}
        checkers, points = rendered_rings(harness)
        assert checkers == (movable if mode >= 1 else set())
        assert points == (reachable if mode == 2 else set())
        # A picked checker shows exactly its own destinations, in every mode.
        src = sorted(movable)[0]
        dests = {to_location(player, d) for d in turn.destinations(from_location(player, src))}
        if len(dests) > 1:
            harness.click_item(harness.top_checker(src))
            assert game.selected == src
            assert rendered_rings(harness)[1] == dests
            harness.click_item(harness.top_checker(src))  # put it down again
            assert game.selected == -1
        harness.play_step(game.legalSteps[-1])
        if game.canRoll:
            harness.click("rollButton")


def test_double_click_moves_by_the_highest_die(harness):
    game = start_hot_seat(harness, seed=41)
    turn = engine_turn(game)
    player = game.onRoll
    board0 = list(game.board)
    for p in sorted(turn.movable_points(), reverse=True):
        dests = turn.destinations(p)
        if len(dests) > 1:
            loc = to_location(player, p)
            harness.click_item(harness.top_checker(loc), double=True)
            expected = to_location(player, min(dests))
            sign = 1 if player == 0 else -1
            harness.qtbot.waitUntil(lambda e=expected, g=sign: game.board[e] * g >= 1, timeout=2000)
            assert abs(game.board[loc]) == abs(board0[loc]) - 1
            return
    pytest.skip("no checker with two destinations in this roll")


def test_board_turns_only_in_two_player_games_and_when_set(harness):
    game = start_hot_seat(harness, seed=12)
    table = harness.item("boardTable")
    while game.onRoll != 1:
        harness.play_step(game.legalSteps[0])
        if game.canRoll:
            harness.click("rollButton")
    assert game.turned and table.rotation() == 180
    # the point numbers follow the player at the bottom
    game.boardTurning = False
    harness.settle()
    assert not game.turned and table.rotation() == 0
    game.boardTurning = True
    harness.settle()
    assert table.rotation() == 180
    game.newGame({"opponent": "easy"})
    harness.wait_for_human()
    assert not game.turned and table.rotation() == 0


def test_no_legal_move_is_announced_and_passes(harness, qtbot):
    harness.open(seed=3)
    game = harness.game
    game.newGame({"opponent": "human"})
    # White on the bar against a closed board: no roll enters.
    blocked = Position.from_text("x bar:1 6:14; o 19:2 20:2 21:2 22:2 23:2 24:2 1:3")
    game.show_position(blocked, 0)
    game.session.settings.computer = False
    harness.settle()
    assert game.canRoll
    said = []
    game.statusChanged.connect(lambda: said.append(game.status))
    harness.click("rollButton")
    assert any("no legal move" in text for text in said)
    qtbot.waitUntil(lambda: game.onRoll == 1 and game.canRoll, timeout=3000)
    assert "no legal move" in game.lastPlay
