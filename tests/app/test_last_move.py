"""The last play's arrows: drawn until its checker is hit, with the steps that led there."""

from __future__ import annotations

from app.match_view import LastMove


def board(**points: int) -> list[int]:
    """28 locations: ``p5=2`` two of player 0's checkers on location 5, -1 one of player 1's."""
    out = [0] * 28
    for name, count in points.items():
        out[int(name[1:])] = count
    return out


def test_every_step_is_drawn_while_the_checkers_stand_where_the_play_left_them():
    after = board(p18=1, p14=1, p8=2)
    last = LastMove.made(0, ((24, 18), (13, 8), (13, 8)), after)
    assert last.standing(after) == ((24, 18), (13, 8), (13, 8))


def test_a_hit_checker_loses_its_arrow_and_the_steps_of_its_way_there():
    # player 0 played 24/18/14 and 13/8: then player 1 hit the checker on 14
    after = board(p14=1, p8=1)
    last = LastMove.made(0, ((24, 18), (18, 14), (13, 8)), after)
    hit = board(p14=-1, p8=1)
    assert last.standing(hit) == ((13, 8),)
    # the same for player 1's play (its checkers are negative)
    last = LastMove.made(1, ((1, 7), (12, 17)), board(p7=-1, p17=-2))
    assert last.standing(board(p7=1, p17=-2)) == ((12, 17),)


def test_a_point_that_keeps_a_checker_of_the_mover_keeps_its_arrows():
    # a point of two cannot be hit: its arrows stay while a blot's go
    after = board(p8=2, p3=1)
    last = LastMove.made(0, ((13, 8), (13, 8), (6, 3)), after)
    assert last.standing(board(p8=2, p3=-1)) == ((13, 8), (13, 8))
    # a point the checker passed where another of the mover's stays: its arrow stays too
    after = board(p20=1, p14=1)
    last = LastMove.made(0, ((24, 20), (20, 14)), after)
    assert last.standing(board(p20=1, p14=-1)) == ((24, 20),)
    # bearing off (player 0's tray is location 0): the tray is never hit
    last = LastMove.made(0, ((3, 0),), board(p0=1))
    assert last.standing(board(p0=1)) == ((3, 0),)
