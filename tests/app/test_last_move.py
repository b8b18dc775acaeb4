"""The last play's arrows: drawn from the end of that play until the next play starts, bent
over the checkers between their ends."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF

from engine import Position
from engine.moves import checker_moves
from tests.app.driver import qml_value


def apart(p: QPointF, q: QPointF) -> float:
    return math.hypot(p.x() - q.x(), p.y() - q.y())


def shown(harness, text: str):
    """The window at 1024x768 on ``text`` (``Position.from_text``), White on roll: the board
    and the table the arrows are drawn on."""
    harness.open(seed=5, size=(1024, 768))
    harness.w.flow.show_position(Position.from_text(text), 0)
    harness.settle()
    return harness.item("board"), harness.item("boardTable")


def drawn(harness, arrows: list[dict]) -> list[tuple[QPointF, QPointF]]:
    """The ends of ``arrows`` as the board draws them, in scene coordinates."""
    board, table = harness.item("board"), harness.item("boardTable")
    board.setProperty("arrows", arrows)
    harness.settle()
    found = [harness.item(f"arrow_{i}") for i in range(len(arrows))]
    return [(table.mapToScene(a.property("a")), table.mapToScene(a.property("b"))) for a in found]


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
    first = [(a, b) for a, b, _ in checker_moves((a, b, False) for a, b in first)]  # as written
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


def test_the_last_plays_arrows_end_on_the_checkers_they_moved(harness):
    # they pointed past the moved checker, below its stack (or at the stack's edge checker)
    harness.open(seed=5, size=(1024, 768))
    game = harness.game
    game.newGame({"opponent": "human"})
    while game.legalSteps:
        harness.play_step(game.legalSteps[0])
    harness.settle()
    table, board = harness.item("boardTable"), harness.item("board")
    for index, move in enumerate(game.lastMove):
        end = table.mapToScene(harness.item(f"arrow_{index}").property("b"))
        count = min(5, abs(board.property("boardState")[move["to"]]))
        top = harness.item(f"checker_{move['to']}_{count - 1}")
        assert apart(end, harness.centre(top)) < 1, move


def test_an_arrow_along_a_row_passes_over_the_checkers_between_its_ends(harness):
    # found by a tester: a straight arrow from one point to another of the same row ran across
    # the checkers of the points between (it bends towards the middle line now), while an arrow
    # from one half of the board to the other stays straight
    board, table = shown(harness, "x 24:2 13:3 10:2 8:3 6:3 3:2; o 1:2 12:3 17:3 19:3 21:2 22:2")
    # each over a stack or two of 2-3 checkers; the last, a lesson's of the other side's way,
    # onto two of that side's checkers
    along = [(10, 4), (24, 18), (8, 2), (13, 18), (12, 1)]
    board.setProperty("arrows", [{"from": f, "to": t} for f, t in [*along, (13, 7)]])
    harness.settle()
    radius = qml_value(board, "checkerD") / 2
    checkers = [c for c in harness.find_all("checker_") if c.isVisible()]
    for index, (start, end) in enumerate(along):
        arrow = harness.item(f"arrow_{index}")
        a, b, c1, c2 = (table.mapToScene(arrow.property(k)) for k in ("a", "b", "c1", "c2"))
        assert (c1.x(), c2.x()) == (a.x(), b.x())  # bent: it leaves and reaches square to the row
        curve = [
            a * (1 - t) ** 3 + c1 * 3 * t * (1 - t) ** 2 + c2 * 3 * t**2 * (1 - t) + b * t**3
            for t in (i / 60 for i in range(61))
        ]
        for checker in checkers:
            location = int(checker.objectName().split("_")[1])
            if location in (start, end):
                continue
            nearest = min(apart(p, harness.centre(checker)) for p in curve)
            assert nearest > radius, (start, end, checker.objectName())
    # its end stands on the stack, not among its checkers (no blot is hit there)
    end = table.mapToScene(harness.item(f"arrow_{len(along) - 1}").property("b"))
    for checker in (c for c in checkers if c.objectName().startswith("checker_1_")):
        assert apart(end, harness.centre(checker)) > 1.8 * radius
    across = harness.item(f"arrow_{len(along)}")
    a, b, c1 = (table.mapToScene(across.property(k)) for k in ("a", "b", "c1"))
    assert (c1 - (a * 2 + b) / 3).manhattanLength() < 0.01  # straight


def test_the_arrows_pass_under_the_dice_and_the_cube(harness):
    # found by a tester: an arrow across the board covered the cube's number
    harness.open(seed=5, size=(1024, 768))
    game = harness.game
    game.newGame({"opponent": "human", "matchLength": 5, "cube": True})
    while game.legalSteps:
        harness.play_step(game.legalSteps[0])
    harness.settle()
    named = {i.objectName(): i for i in harness.items()}  # shown or not (the dice are put away)
    arrow, cube, dice = (named[n] for n in ("arrow_0", "cube", "diceRow"))
    siblings = arrow.parentItem().childItems()
    assert cube.parentItem() == dice.parentItem() == arrow.parentItem()
    drawn = [i for i, item in enumerate(siblings) if item.objectName().startswith("arrow_")]
    assert drawn and max(drawn) < min(siblings.index(cube), siblings.index(dice))


def test_each_arrow_follows_its_own_checker(harness):
    # found by a tester: two checkers to one point had both arrows end on one checker, two from
    # one point started on one, and a move going on from where another ended started elsewhere
    shown(harness, "x 24:2 13:5 8:3 6:5; o 1:2 12:5 17:3 19:5")
    # to be made: 13/8 13/7, then 8/3 going on from where the first ended
    (a1, b1), (a2, b2), (a3, b3) = drawn(
        harness, [{"from": 13, "to": 8}, {"from": 13, "to": 7}, {"from": 8, "to": 3}]
    )
    assert a1 != a2 and abs(a1.x() - a2.x()) < 1  # two checkers of one stack
    assert (a3 - b1).manhattanLength() < 1  # the move goes on with the checker that came
    # made: 8/3 6/3, both now on 3 (as the board stands after them)
    after = "x 24:2 13:5 8:2 6:4 3:2; o 1:2 12:5 17:3 19:5"
    harness.w.flow.show_position(Position.from_text(after), 0)
    harness.settle()
    made = [{"from": 8, "to": 3, "made": True}, {"from": 6, "to": 3, "made": True}]
    (_a1, b1), (_a2, b2) = drawn(harness, made)
    assert (b1 - b2).manhattanLength() > 10  # each on its own checker of the two


def _crossing(p1: QPointF, p2: QPointF, q1: QPointF, q2: QPointF) -> bool:
    """Whether the segments p1-p2 and q1-q2 cross (the arrows' straight chords)."""

    def turn(a: QPointF, b: QPointF, c: QPointF) -> float:
        return (b.x() - a.x()) * (c.y() - a.y()) - (b.y() - a.y()) * (c.x() - a.x())

    return turn(p1, p2, q1) * turn(p1, p2, q2) < 0 and turn(q1, q2, p1) * turn(q1, q2, p2) < 0


def test_checkers_moved_alike_have_arrows_side_by_side(harness):
    """Found by a tester: "24/22(2)" and "6/4(2)" were drawn as two arrows crossing in an X
    (the top checker, taken first, landed lowest)."""
    shown(harness, "x 24:2 13:5 8:3 6:5; o 1:2 12:5 17:3 19:5")
    # along a row, and across the board (13/9(2) was side by side already)
    for moves in ([(6, 4), (6, 4)], [(24, 22), (24, 22), (13, 9), (13, 9)]):
        ends = drawn(harness, [{"from": f, "to": t} for f, t in moves])
        for i in range(0, len(ends), 2):
            (a1, b1), (a2, b2) = ends[i], ends[i + 1]
            assert a1 != a2 and b1 != b2, moves  # each its own checker at both ends
            assert not _crossing(a1, b1, a2, b2), moves
    # made: the board after 24/22(2) 6/4(2), as the last play's arrows stand on it
    after = "x 22:2 13:5 8:3 6:3 4:2; o 1:2 12:5 17:3 19:5"
    harness.w.flow.show_position(Position.from_text(after), 0)
    harness.settle()
    made = [{"from": f, "to": t, "made": True} for f, t in ((24, 22), (24, 22), (6, 4), (6, 4))]
    ends = drawn(harness, made)
    for i in (0, 2):
        (a1, b1), (a2, b2) = ends[i], ends[i + 1]
        assert a1 != a2 and b1 != b2 and not _crossing(a1, b1, a2, b2), made[i]


def test_the_last_play_has_one_arrow_a_checker():
    """A checker that moved on (24/23 23/22 of a double) has one arrow, as the play is written."""
    from app.match_view import last_move_arrows

    arrows = last_move_arrows(((24, 23), (23, 22), (6, 5), (6, 5)))
    assert [(a["from"], a["to"]) for a in arrows] == [(24, 22), (6, 5), (6, 5)]
    assert all(a["made"] for a in arrows)


def _curve(table, arrow, steps: int = 24) -> list[QPointF]:
    """The arrow's cubic curve as a polyline, in scene coordinates."""
    a, c1, c2, b = (arrow.property(n) for n in ("a", "c1", "c2", "b"))
    points = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        x = u**3 * a.x() + 3 * u * u * t * c1.x() + 3 * u * t * t * c2.x() + t**3 * b.x()
        y = u**3 * a.y() + 3 * u * u * t * c1.y() + 3 * u * t * t * c2.y() + t**3 * b.y()
        points.append(table.mapToScene(QPointF(x, y)))
    return points


def test_checkers_moved_alike_over_a_stack_share_one_bridge(harness):
    """Seen in the window: 6/4(2) over two checkers on the 5-point, the lower arrow rose over
    the stack and crossed the upper one, which did not need to."""
    board, table = shown(harness, "x 24:2 13:5 8:2 6:4 5:2; o 1:2 12:5 17:3 19:5")
    board.setProperty("arrows", [{"from": 6, "to": 4}, {"from": 6, "to": 4}])
    harness.settle()
    first, second = (_curve(table, harness.item(f"arrow_{i}")) for i in range(2))
    for p1, p2 in zip(first, first[1:], strict=False):
        for q1, q2 in zip(second, second[1:], strict=False):
            assert not _crossing(p1, p2, q1, q2)
    # the same bridge, each on its own ends: the curves a translation apart
    shift = first[0] - second[0]
    assert all(apart(p - q, shift) < 1.5 for p, q in zip(first, second, strict=True))
