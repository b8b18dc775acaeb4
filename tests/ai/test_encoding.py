"""The vectorised input encoding, race detection and exact final outcomes."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import numpy as np
import pytest

from ai.encoding import (
    ENCODINGS,
    N_INPUTS,
    _highest_bit,
    backgame_mask,
    boards_from_positions,
    crashed_mask,
    encode_batch,
    encode_boards,
    final_outcome,
    finished_mask,
    ordinary_mask,
    race_mask,
    trap_mask,
    trapped_sides,
)
from engine.moves import legal_plays
from engine.position import Position

DATA = Path(__file__).resolve().parent.parent / "data"
SIDE = ENCODINGS["unary4-v1"] // 2  # one side's block of the v1 inputs
EXTRA = 2 * SIDE  # the contact features (v2): shots, pip loss, escapes, entering per side


def _sample_positions(limit: int = 400) -> list[Position]:
    with gzip.open(DATA / "gnubg-legal-plays.jsonl.gz", "rt", encoding="utf-8") as fh:
        out = []
        for line in fh:
            out.append(Position.from_position_id(json.loads(line)["pid"]))
            if len(out) >= limit:
                break
    return out


def test_boards_follow_the_position_layout(pos):
    p = pos("x 24:2 13:5 8:3 6:5; o 19:5 17:3 12:5 1:2")
    boards = boards_from_positions([p, p.swapped()])
    assert boards.shape == (2, 2, 25)
    assert tuple(boards[0, 0]) == p.on_roll and tuple(boards[0, 1]) == p.opponent
    assert tuple(boards[1, 0]) == p.opponent
    assert boards_from_positions([]).shape == (0, 2, 25)


def test_start_position_units(pos):
    x = encode_batch([Position.start()])
    assert x.shape == (1, N_INPUTS) and x.dtype == np.float32
    units = x[0, :100].reshape(25, 4)
    assert units[5].tolist() == [0.0, 0.0, 1.0, 1.0]  # five on my 6-point: >=3 and (5-3)/2
    assert units[7].tolist() == [0.0, 0.0, 1.0, 0.0]  # three on my 8-point
    assert units[23].tolist() == [0.0, 1.0, 0.0, 0.0]  # two on my 24-point
    assert units[0].tolist() == [0.0] * 4
    assert x[0, 100] == 0.0  # nothing borne off
    assert x[0, 101] == pytest.approx(1.0)  # 167 pips / 167
    # the start is symmetric: both halves are equal
    assert np.array_equal(x[0, :SIDE], x[0, SIDE:EXTRA])
    assert np.array_equal(x[0, EXTRA : EXTRA + 4], x[0, EXTRA + 4 :])


def test_bar_blot_and_borne_off(pos):
    p = pos("x bar:1 6:1 5:2; o 1:4")
    x = encode_batch([p])[0]
    units = x[:100].reshape(25, 4)
    assert units[24].tolist() == [1.0, 0.0, 0.0, 0.0]  # one on the bar
    assert units[5].tolist() == [1.0, 0.0, 0.0, 0.0]
    assert units[4].tolist() == [0.0, 1.0, 0.0, 0.0]
    assert x[100] == pytest.approx(11 / 15)  # 4 checkers left, 11 off
    assert x[SIDE + 100] == pytest.approx(11 / 15)
    assert x[SIDE + 101] == pytest.approx(4 * 24 / 167)  # their 4 checkers on their 24-point


def test_encoding_is_per_row_and_finite():
    positions = _sample_positions()
    x = encode_batch(positions)
    assert x.shape == (len(positions), N_INPUTS)
    assert np.isfinite(x).all()
    single = np.concatenate([encode_batch([p]) for p in positions[:20]])
    assert np.array_equal(single, x[:20])
    with pytest.raises(ValueError):
        encode_boards(np.zeros((3, 25)))


def test_race_mask_agrees_with_the_engine():
    positions = _sample_positions()
    mask = race_mask(boards_from_positions(positions))
    assert mask.tolist() == [p.is_race() for p in positions]
    assert mask.any() and not mask.all()


def test_final_outcomes(pos):
    won_single = pos("o 19:3")  # I have borne off everything, they have some off
    won_single = Position([0] * 25, won_single.opponent, validate=False)
    p_gammon = Position([0] * 25, pos("o 19:14 12:1").opponent, validate=False)
    bg = pos("o 3:15")  # their checkers in my home board: a backgammon
    p_bg = Position([0] * 25, bg.opponent, validate=False)
    lost = pos("x 24:15")  # the opponent has borne off, I still have 15 checkers in their home
    p_lost = Position(lost.on_roll, [0] * 25, validate=False)
    boards = boards_from_positions([won_single, p_gammon, p_bg, p_lost])
    assert finished_mask(boards).all()
    out = final_outcome(boards)
    assert out[0].tolist() == [1, 0, 0, 0, 0]
    assert out[1].tolist() == [1, 1, 0, 0, 0]  # 14 + 1 = 15 checkers left: a gammon
    assert out[2].tolist() == [1, 1, 1, 0, 0]
    assert out[3].tolist() == [0, 0, 0, 1, 1]
    assert not finished_mask(boards_from_positions([Position.start()])).any()


def _contact(p: Position) -> tuple[list[float], list[float]]:
    x = encode_batch([p])[0]
    assert len(x) == EXTRA + 8
    return x[EXTRA : EXTRA + 4].tolist(), x[EXTRA + 4 :].tolist()


def test_v2_extends_v1_column_for_column():
    boards = boards_from_positions(_sample_positions(200))
    v1, v2 = encode_boards(boards, "unary4-v1"), encode_boards(boards, "unary4-v2")
    assert v1.shape[1] == ENCODINGS["unary4-v1"] and v2.shape[1] == ENCODINGS["unary4-v2"]
    assert np.array_equal(v2[:, : v1.shape[1]], v1)
    assert ((v2[:, EXTRA:] >= 0) & (v2[:, EXTRA:] <= 1)).all()
    with pytest.raises(ValueError):
        encode_boards(boards, "unary9")


def test_shots_and_pip_loss_by_hand(pos):
    # My blot on my 5-point, their checker 4 pips behind it: any 4 (11 rolls), 3-1 (2), 2-2, 1-1.
    mine, theirs = _contact(pos("x 5:1 6:14; o 1:14 24:1"))
    assert mine[0] * 36 == pytest.approx(15)
    assert mine[1] == pytest.approx(15 * 20 / (36 * 25))  # hit on my 5-point: 20 pips back
    assert theirs[:2] == [0.0, 0.0]  # I have no checker behind their blot
    # Their checkers on my 1-point, 6 pips behind my blot on my 7-point, past my made 3-, 5- and
    # 6-points: any 6 (11 rolls), 5-1 through my 2-point (2), 3-3 through my 4-point (1); 4-2
    # would stop on my 3- or 5-point, 2-2 on my 3-point, so they do not hit.
    mine, _ = _contact(pos("x 7:1 6:10 5:2 3:2; o 1:15"))
    assert mine[0] * 36 == pytest.approx(11 + 2 + 1)
    # The start: no blots, nobody on the bar, everyone has escapes to check.
    mine, theirs = _contact(Position.start())
    assert mine[0] == theirs[0] == 0.0 and mine[3] == theirs[3] == 0.0


def test_escapes_and_entering_by_hand(pos):
    # My two back checkers behind their 5-point prime from their 9- to 5-point (my 16..20) and
    # their made 3-point (my 22): only 6-5 lands beyond my 16-point through an open point.
    mine, _ = _contact(pos("x 24:2 13:5 8:3 6:5; o 20:2 19:2 18:2 17:2 16:2 22:2 1:3"))
    assert mine[2] * 36 == pytest.approx(2)
    # On the bar against their 6-point (my 19) with their 13 checkers on my 13-point (a wall 12
    # pips ahead of the bar): entering fails 1 time in 36; only 5-5 jumps past the wall.
    mine, _ = _contact(pos("x bar:1 6:14; o 19:2 13:13"))
    assert mine[3] == pytest.approx(1 / 36)
    assert mine[2] * 36 == pytest.approx(1)
    # Nothing in front of my rearmost checker: every roll escapes.
    mine, _ = _contact(pos("x 13:2 6:13; o 14:15"))
    assert mine[2] == 1.0 and mine[3] == 0.0
    # Their three home points closed: with me on the bar, 9 rolls in 36 fail.
    mine, _ = _contact(pos("x bar:1 6:14; o 24:2 23:2 22:2 12:9"))
    assert mine[3] == pytest.approx(0.25)


def test_shots_equal_the_engines_hitting_rolls():
    """For every contact position of a sample where the hitter has no checker on the bar, the
    shots input counts exactly the rolls on which some legal play of the opponent hits."""
    checked = 0
    for p in _sample_positions(200):
        if p.is_race() or p.opponent[24]:
            continue
        shots = _contact(p)[0][0] * 36
        them = p.swapped()
        hitting = 0
        for i in range(1, 7):
            for j in range(i, 7):
                plays = legal_plays(them, (i, j))
                if any(step.hit for play in plays for step in play.steps):
                    hitting += 1 if i == j else 2
        assert shots == pytest.approx(hitting), p.position_id()
        checked += 1
    assert checked > 100


def test_crashed_means_ten_checkers_or_fewer_on_the_board_still_in_contact():
    texts = {
        # nine borne off, one checker back against a board: crashed
        "x 24:1 6:2 5:2 4:1; o 19:3 20:3 21:3 12:4 8:2": True,
        # the same count, but past each other: a race, not crashed
        "x 6:2 5:2 4:1 3:1; o 19:3 20:3 21:3 12:4 8:2": False,
        # the opponent on the bar against my few checkers: in contact
        "x 6:3 5:3 4:2; o bar:1 19:3 20:3 21:3 12:3 8:2": True,
    }
    boards = boards_from_positions([Position.from_text(t) for t in texts])
    assert list(crashed_mask(boards)) == list(texts.values())
    assert not crashed_mask(boards_from_positions([Position.start()])).any()


def test_a_back_game_holds_two_points_or_six_checkers_in_the_other_home_board():
    texts = {
        # my anchors on their 1- and 3-points (my 24- and 22-points): a back game
        "x 24:2 22:2 13:5 8:3 6:3; o 19:5 17:3 12:5 3:2": True,
        # the same for the opponent, seen from my side
        "x 22:2 13:5 8:3 6:5; o 1:2 3:2 12:5 17:3 19:3": True,
        # one anchor and four more checkers back: six in their home board
        "x 24:2 23:1 22:1 21:1 20:1 13:4 6:5; o 19:3 18:3 12:4 8:2 3:3": True,
        # one anchor and three more: an ordinary holding game
        "x 24:2 23:1 22:1 21:1 13:5 6:5; o 19:3 18:3 12:4 8:2 3:3": False,
        # two anchors, but seven of theirs are off: crashed, the crashed network's
        "x 24:2 22:2 13:5 8:3 6:3; o 19:3 18:2 17:3": False,
    }
    boards = boards_from_positions([Position.from_text(t) for t in texts])
    assert list(backgame_mask(boards)) == list(texts.values())
    assert not backgame_mask(boards_from_positions([Position.start()])).any()
    assert backgame_mask(boards[:0]).shape == (0,)


def _structure(position: Position) -> tuple[list[float], list[float]]:
    """The v3 structure features of the player on roll and of the opponent."""
    x = encode_boards(boards_from_positions([position]), "unary4-v3")[0, ENCODINGS["unary4-v2"] :]
    half = len(x) // 2
    return [float(v) for v in x[:half]], [float(v) for v in x[half:]]


# the cube war of ai/README.md ("Timing battles"): x's last checker behind o's full prime (x's
# 17-22), o with three checkers on the bar against x's five-point board
TIMING_BATTLE = "x 24:1 12:1 9:1 6:2 5:3 4:2 3:2 2:2 1:1; o bar:3 17:2 18:2 19:2 20:2 21:2 22:2"


@pytest.mark.parametrize(
    ("text", "trapped", "battle"),
    [
        (TIMING_BATTLE, (True, False), True),
        # the same with o's three checkers off the bar: x is shut in, but o moves freely
        (TIMING_BATTLE.replace("bar:3", "13:3"), (True, False), False),
        # only five points in a row (x's 17-21): x's checker can leap them with a six
        (TIMING_BATTLE.replace("22:2", "15:2"), (False, False), False),
        # a closeout: o on the bar against x's six home points, x free to move
        ("x 6:3 5:2 4:2 3:2 2:2 1:2 13:2; o bar:2 12:5 19:4 20:4", (False, True), False),
        # both shut in behind the other's prime (x closes its one-point): still a battle
        (TIMING_BATTLE.replace("5:3", "5:2").replace("1:1", "1:2"), (True, True), True),
    ],
)
def test_a_timing_battle_shuts_a_checker_behind_six_points_while_the_other_is_on_the_bar(
    text, trapped, battle
):
    position = Position.from_text(text)
    boards = boards_from_positions([position, position.swapped()])
    assert [tuple(row) for row in trapped_sides(boards)] == [trapped, trapped[::-1]]
    assert list(trap_mask(boards)) == [battle, battle]  # whoever is on roll
    assert not trap_mask(boards_from_positions([Position.start()])).any()
    assert trap_mask(np.zeros((0, 2, 25), dtype=np.int8)).shape == (0,)


def test_v3_extends_v2_column_for_column():
    boards = boards_from_positions(_sample_positions(200))
    v2, v3 = encode_boards(boards, "unary4-v2"), encode_boards(boards, "unary4-v3")
    assert v3.shape[1] == ENCODINGS["unary4-v3"] == ENCODINGS["unary4-v2"] + 20
    assert np.array_equal(v3[:, : v2.shape[1]], v2)
    assert np.isfinite(v3).all() and (v3 >= 0).all() and (v3 <= 3).all()


def test_escape_table_by_hand():
    from ai.encoding import _ESCAPES

    assert _ESCAPES[0] == 1.0  # nothing in front
    assert _ESCAPES[0b111111_000000] == 0.0  # a full prime right in front
    assert _ESCAPES[0b011111_100000] == 0.0  # a full prime from 2 to 7 pips ahead
    assert _ESCAPES[0b100000_000000] * 36 == pytest.approx(35)  # 1 pip ahead: all but 1-1
    assert _ESCAPES[0b000000_000001] * 36 == pytest.approx(1)  # 12 pips ahead: only 5-5 passes
    # 5 and 6 pips ahead made: no single die passes; a sum of 7 or more passes through an open
    # first landing: 6-1, 6-2, 6-3, 6-4, 5-2, 5-3, 5-4 and 4-3 (not 6-5: both landings made);
    # of the doubles only 4-4 (4, 8), not 3-3 (6 made), 2-2 (6 made) or 5-5, 6-6.
    wall = (1 << (12 - 5)) | (1 << (12 - 6))
    expected = 2 * 8 + 1  # 6-1 6-2 6-3 6-4 5-2 5-3 5-4 4-3, and 4-4
    assert _ESCAPES[wall] * 36 == pytest.approx(expected)


def test_structure_features_by_hand(pos):
    # Seven borne off; anchors on my 20- and 21-points; their rearmost checkers on my 8-point,
    # 16, 13 and 12 pips ahead of my back checkers; 18 + 15 + 14 pips to come home, three
    # crossovers each.
    mine, _ = _structure(pos("x 24:1 21:2 20:2 6:3; o 22:3 19:5 12:4 8:3"))
    assert mine[:3] == pytest.approx([1.0, 0.4, 0.0])
    assert mine[3] == pytest.approx(21 / 24)
    assert mine[4] == pytest.approx(2 / 3)
    assert mine[5] == pytest.approx((16 + 2 * 13 + 2 * 12) / 200)
    assert mine[6] == pytest.approx((18 + 2 * 15 + 2 * 14) / 100)
    assert mine[7] == pytest.approx(3 * 5 / 30)
    # My full prime on my 4- to 9-points traps a checker right behind it; their one checker
    # there (on my 2-point) is held for good: containment 1 and one checker held, / 5.
    mine, theirs = _structure(pos("x 9:2 8:2 7:2 6:3 5:3 4:3; o 2:1 19:14"))
    assert mine[8] == 1.0 and mine[9] == pytest.approx(0.2)
    # Their 6-point, 5 pips in front of a checker on my 24-point, lets 26 rolls in 36 pass.
    assert theirs[8] == pytest.approx(10 / 36) and theirs[9] == 0.0
    # A point in the opponent's home board is no wall: my anchor on my 20-point (their 5-point)
    # holds none of their checkers on their 13-point.
    mine, _ = _structure(pos("x 20:2 6:13; o 12:15"))
    assert mine[9] == 0.0


def test_the_ordinary_mask_leaves_out_races_crashed_positions_and_back_games():
    positions = [
        Position.start(),
        Position.from_text("x 6:5 5:5 4:5; o 19:5 20:5 21:5"),  # a race
        Position.from_text("x 24:1 1:2; o 2:3 3:3 4:3 5:3 6:3"),  # crashed
    ]
    boards = boards_from_positions(positions)
    assert ordinary_mask(boards).tolist() == [True, False, False]
    assert ordinary_mask(boards[:0]).shape == (0,)
    assert crashed_mask(boards[2:]).all()


def _escapes_by_definition(side: tuple[int, ...], other: tuple[int, ...]) -> float:
    """The escapes input from its definition, one checker and one roll at a time: the share of
    the 36 rolls on which ``side``'s rearmost checker lands, through open points, beyond every
    point ``other`` has made within 12 pips in front of it (1 when none is made there)."""
    back = max((i for i in range(25) if side[i]), default=-1)
    if back < 0:
        return 1.0

    def blocked(k: int) -> bool:  # the point k pips in front of the checker (off the board: open)
        index = back - k
        return 0 <= index <= 23 and other[23 - index] >= 2

    wall = max((k for k in range(1, 13) if blocked(k)), default=0)
    if wall == 0:
        return 1.0
    escapes = 0
    for a in range(1, 7):
        for b in range(1, 7):
            if a == b:
                ok = False
                for hop in range(1, 5):
                    if blocked(a * hop):
                        break
                    if a * hop > wall:
                        ok = True
                        break
            else:
                ok = (a > wall and not blocked(a)) or (b > wall and not blocked(b))
                ok = ok or (a + b > wall and not blocked(a + b)) and not (blocked(a) and blocked(b))
            escapes += ok
    return escapes / 36.0


def test_escapes_follow_their_definition_on_many_positions():
    """The vectorised escapes input (bit masks) equals a checker-by-checker count, for both
    sides of sampled positions and of their successors (bar, hits, crashed and racing ones)."""
    positions = _sample_positions(150)
    positions += [p.result for q in positions[:60] for p in legal_plays(q, (6, 5))]
    checked = 0
    for p in positions:
        mine, theirs = _contact(p)
        assert mine[2] == pytest.approx(_escapes_by_definition(p[0], p[1])), p.position_id()
        assert theirs[2] == pytest.approx(_escapes_by_definition(p[1], p[0])), p.position_id()
        checked += 1
    assert checked > 500


def test_highest_bit_is_the_exponent_of_every_int32_mask():
    # read from float32 values, which hold only 24 bits: masks at and above 2**24 (a checker on
    # the bar sets bit 24) must not round up to the next power of two
    rng = np.random.default_rng(5)
    masks = rng.integers(0, 1 << 31, size=(3, 20_000), dtype=np.int64)
    masks >>= rng.integers(0, 32, size=masks.shape)
    edges = [0, 1, 2, 3, (1 << 24) - 1, 1 << 24, (1 << 24) + 1, (1 << 25) - 1, 1 << 25]
    edges.append((1 << 31) - 1)
    for batch in (masks.astype(np.int32), np.array(edges, dtype=np.int32), np.zeros(0, np.int32)):
        expected = np.frexp(batch.astype(np.float64))[1] - 1
        got = _highest_bit(batch)
        assert got.dtype == np.int32 and got.shape == batch.shape
        assert np.array_equal(got, expected)
