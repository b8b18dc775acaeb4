"""Vectorised input encoding of positions for the evaluation networks.

Positions are first turned into an ``(N, 2, 25)`` integer array of boards: ``[:, 0]`` the player on
roll, ``[:, 1]`` the opponent, each in GNU Backgammon's layout (index ``i`` is that side's point
``i + 1``, index 24 its bar). Every encoding is from the view of the player on roll, so whose turn
it is needs no input of its own.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np

from engine.position import Position

#: Name stored with network weights; a network only accepts inputs of the encoding it was made for.
#: ``unary4-v2`` is ``unary4-v1`` followed by the contact features of ``_contact_features``, so a
#: v1 network widens to v2 by zero weights for the new inputs (``ai.train --widen``);
#: ``unary4-v3`` is ``unary4-v2`` followed by the structure features of ``_structure_features``.
#: This is the encoding of new networks; networks made for another keep theirs.
ENCODING_NAME = "unary4-v2"

CHECKERS = 15
_PIPS = np.arange(1, 26, dtype=np.float32)

# Per side: 25 slots (24 points and the bar) x 4 units, then borne off, pip count and 6 features.
_PER_SIDE = 25 * 4 + 8
# Per side, after both sides' v1 inputs: shots, pip loss, escapes, entering.
_CONTACT_PER_SIDE = 4
# Per side, after both sides' v2 inputs: borne off in three units, rearmost anchor, anchors in
# the opponent's home board, pips to break contact, pips to come home, crossovers, containment by
# the made points and the opponent's checkers held by them.
_STRUCTURE_PER_SIDE = 10
_V2 = 2 * _PER_SIDE + 2 * _CONTACT_PER_SIDE
#: Inputs of every known encoding.
ENCODINGS: dict[str, int] = {
    "unary4-v1": 2 * _PER_SIDE,
    "unary4-v2": _V2,
    "unary4-v3": _V2 + 2 * _STRUCTURE_PER_SIDE,
}
#: Number of inputs per position of the current encoding.
N_INPUTS = ENCODINGS[ENCODING_NAME]


def boards_from_positions(positions: Sequence[Position]) -> np.ndarray:
    """The ``(N, 2, 25)`` int8 boards of ``positions`` (player on roll first)."""
    if not len(positions):
        return np.zeros((0, 2, 25), dtype=np.int8)
    # One bytes object for the whole batch is much faster than a nested list (counts are 0..15):
    # a position is the pair (on roll, opponent) of 25 counts each, one bytes per side.
    raw = b"".join(map(bytes, itertools.chain.from_iterable(positions)))
    return np.frombuffer(raw, dtype=np.int8).reshape(len(positions), 2, 25).copy()


# The four units of a point for every count 0..15: n == 1, n == 2, n >= 3, (n - 3) / 2.
_UNITS = np.array(
    [[n == 1, n == 2, n >= 3, max(n - 3, 0) / 2] for n in range(CHECKERS + 1)], dtype=np.float32
)
_BITS = (1 << np.arange(24, dtype=np.int64))[None, :]
_INDICES = np.arange(25)


def _side_features(side: np.ndarray, other: np.ndarray, out: np.ndarray) -> None:
    """Encode one side (``(N, 25)`` counts) against the other side into ``out`` ``(N, 108)``."""
    rows = side.shape[0]
    out[:, :100] = np.take(_UNITS, side, axis=0).reshape(rows, 100)  # faster than _UNITS[side]
    n = side.astype(np.float32)
    on_board = n.sum(axis=1)
    out[:, 100] = (CHECKERS - on_board) / CHECKERS
    out[:, 101] = (n @ _PIPS) / 167.0
    # My rearmost checker, and the opponent's rearmost checker in my numbering (0: on its bar,
    # 25: none left); their index j is my point 24 - j.
    has = side > 0
    my_back = np.where(has.any(axis=1), 24 - np.argmax(has[:, ::-1], axis=1), 0)
    their_has = other[:, 23::-1] > 0
    their_back_mine = np.where(their_has.any(axis=1), 1 + np.argmax(their_has, axis=1), 25)
    their_back_mine = np.where(other[:, 24] > 0, 0, their_back_mine)
    # Checkers still behind (or level with) the opponent's rearmost checker: those in contact.
    start = np.maximum(their_back_mine - 1, 0)  # my point p is index p - 1; 0 counts the bar too
    out[:, 102] = (n * (_INDICES[None, :] >= start[:, None])).sum(axis=1) / CHECKERS
    # Made points in my home board and the longest run of made points (a prime): shift-and
    # the made-point bit mask until nothing is left.
    made = side[:, :24] >= 2
    out[:, 103] = made[:, :6].sum(axis=1) / 6.0
    mask = (made * _BITS).sum(axis=1)
    best = np.zeros(rows, dtype=np.float32)
    while mask.any():
        best += mask != 0
        mask &= mask >> 1
    out[:, 104] = best / 6.0
    out[:, 105] = (side[:, :24] == 1).sum(axis=1) / 5.0
    out[:, 106] = my_back / 24.0
    out[:, 107] = n[:, 18:25].sum(axis=1) / CHECKERS  # still in the opponent's home or on the bar


# The 21 distinct rolls as columns: 15 non-doubles (i < j, weight 2 of 36), then 6 doubles.
_NI = np.array([i for i in range(1, 7) for j in range(i + 1, 7)])
_NJ = np.array([j for i in range(1, 7) for j in range(i + 1, 7)])
_DI = np.arange(1, 7)
_ROLL_WEIGHTS = np.array([2.0] * 15 + [1.0] * 6, dtype=np.float32)
_SHIFTS32 = np.arange(25, dtype=np.int32)
_BITS32 = np.int32(1) << _SHIFTS32
_ALL25 = np.int32((1 << 25) - 1)
_NEAR12 = np.int32(0x1FFE)  # bits 1..12
# For a shift by d: the bits of the points beyond the board (24 - d .. 24), open for every stop.
_OPEN_BEYOND = np.array([((1 << 25) - 1) ^ ((1 << (24 - d)) - 1) for d in range(25)], np.int32)


def _float32_exponent(masks: np.ndarray) -> np.ndarray:
    """The highest set bit of masks below ``2**24`` (-1 for 0): the exponent field of their
    float32 value, which holds every such integer exactly."""
    exponent = (masks.astype(np.float32).view(np.int32) >> 23) - 127
    return np.maximum(exponent, -1)


def _highest_bit(masks: np.ndarray) -> np.ndarray:
    """The index of the highest set bit of each non-negative int32 mask (-1 for 0), as int32.

    Read from the exponent of the mask's float32 value, ten times faster than ``frexp`` on
    float64; a mask of 24 bits or more is shifted right by 7 first, so that float32 holds it
    exactly (its low bits do not move the highest one)."""
    masks = np.asarray(masks, dtype=np.int32)
    big = masks >= (1 << 24)
    if not big.any():
        return _float32_exponent(masks)
    out = _float32_exponent(np.where(big, masks >> 7, masks))
    out[big] += 7
    return out


def _by_roll(land: np.ndarray, stop: np.ndarray) -> np.ndarray:
    """For each of the 21 rolls, whether one checker can make a move that ends where ``land`` is
    true, through stops where ``stop`` is true: ``(21, N)``.

    Row ``d`` of both ``(25, N)`` arrays (booleans or bit masks) is ``d`` pips away. Two dice
    move in either order, a double up to four times.
    """
    a, o = land, stop
    i, j, d = _NI, _NJ, _DI
    non_doubles = a[i] | a[j] | (a[i + j] & (o[i] | o[j]))
    doubles = a[d] | (o[d] & (a[2 * d] | (o[2 * d] & (a[3 * d] | (o[3 * d] & a[4 * d])))))
    return np.concatenate([non_doubles, doubles])


def _contact_features(side: np.ndarray, other: np.ndarray, out: np.ndarray) -> None:
    """Contact features of ``side`` (``(N, 25)`` counts) against ``other`` into ``out`` ``(N, 4)``.

    * shots: the share of the 36 rolls on which ``other`` can hit at least one blot of ``side``
      with one checker, through points ``side`` has not made (a checker on ``other``'s bar only
      counts from the bar; entering first with other checkers on the bar is not modelled);
    * pip loss: the mean over the 36 rolls of the pips the worst such hit sends back, / 25;
    * escapes: the share of rolls on which the rearmost checker of ``side`` can land, through open
      points, beyond every point ``other`` has made within 12 pips in front of it (1 when nothing
      is in front);
    * entering: with checkers on the bar, the chance of failing to enter with one roll (0 if none).
    """
    # Bit masks in the attacker's frame, where side's point index j is the attacker's index 23 - j:
    # bit b of ``attackers`` is set when the attacker has a checker on its index b (24: the bar).
    # Shifted right by d, bit b tells what is d pips behind b: a checker there reaches b.
    mine = side[:, 23::-1]
    # Only bits 0..24 of the masks matter (the blots are bits 0..23), so they fit in int32, on
    # which the roll expressions run many times faster than on int64.
    blots = (mine == 1).astype(np.int32) @ _BITS32[:24]
    open_ = (mine < 2).astype(np.int32) @ _BITS32[:24]
    attackers = (other > 0).astype(np.int32) @ _BITS32
    attackers[other[:, 24] > 0] = 1 << 24  # a checker on the bar must come in first
    shifts = _SHIFTS32[:, None]
    # Shifted by d, the stops beyond the board (index 24 - d and up) count as open.
    stop = (open_[None, :] >> shifts) | _OPEN_BEYOND[:, None]
    reach = _by_roll(attackers[None, :] >> shifts, stop) & blots[None, :]
    out[:, 0] = _ROLL_WEIGHTS @ (reach != 0).astype(np.float32) / 36.0
    # The farthest blot hit, at attacker index b (the highest bit of ``reach``), costs b + 1 pips.
    pips = (_highest_bit(reach) + 1).astype(np.float32)
    out[:, 1] = _ROLL_WEIGHTS @ pips / (36.0 * 25.0)
    # Escapes, as bit masks in side's frame counted from its rearmost checker: bit k is the
    # point k pips in front of it. ``made`` has bit i + 1 for other's made point at its index i
    # (side's index 23 - i), so shifted right by 24 - back its bit k is side's index back - k;
    # points beyond the board shift out and count as open.
    back = _highest_bit((side > 0).astype(np.int32) @ _BITS32)  # -1: no checker left
    made = (other[:, :24] >= 2).astype(np.int32) @ _BITS32[1:]
    blocked = made >> np.clip(24 - back, 0, 31)
    open_ahead = ~blocked & _ALL25
    wall = np.maximum(_highest_bit(blocked & _NEAR12), 0)  # the farthest made point 1..12 ahead
    beyond = open_ahead & ~((np.int32(2) << wall) - 1)
    lands = _by_roll((beyond[None, :] >> shifts) & 1, (open_ahead[None, :] >> shifts) & 1)
    escapes = _ROLL_WEIGHTS @ (lands != 0).astype(np.float32) / 36.0
    out[:, 2] = np.where((back >= 0) & (wall > 0), escapes, 1.0)
    closed = (other[:, :6] >= 2).sum(axis=1) / 6.0
    out[:, 3] = np.where(side[:, 24] > 0, closed * closed, 0.0)


def _escape_table() -> np.ndarray:
    """The share of the 36 rolls on which one checker gets past a wall, for every wall.

    Index ``w`` (12 bits) describes the 12 points in front of the checker: bit ``12 - d`` set
    when the point ``d`` pips ahead is made by the other side. The checker escapes when it can
    land beyond the farthest made point among them, every landing on the way open (points more
    than 12 pips ahead count as open); with nothing made in front it always escapes.
    """
    table = np.ones(1 << 12, dtype=np.float32)
    for w in range(1, 1 << 12):
        blocked = [False] + [bool(w >> (12 - d) & 1) for d in range(1, 13)] + [False] * 12
        wall = max(d for d in range(1, 13) if blocked[d])
        escapes = 0
        for a in range(1, 7):
            for b in range(1, 7):
                if a == b:
                    hops = [a * k for k in range(1, 5)]
                    ok = False
                    for dist in hops:
                        if blocked[dist]:
                            break
                        if dist > wall:
                            ok = True
                            break
                else:
                    ok = a > wall or b > wall
                    if not ok and a + b > wall and not blocked[a + b]:
                        ok = not blocked[a] or not blocked[b]
                escapes += ok
        table[w] = escapes / 36.0
    return table


_ESCAPES = _escape_table()
_MADE_BITS = np.int64(1) << np.arange(24, dtype=np.int64)
_TO_HOME = np.maximum(np.arange(1, 26) - 6, 0).astype(np.float32)
_CROSSOVERS = np.ceil(_TO_HOME / 6.0).astype(np.float32)


def _structure_features(side: np.ndarray, other: np.ndarray, out: np.ndarray) -> None:
    """Structure features of ``side`` (``(N, 25)`` counts) against ``other`` into ``out``
    ``(N, 10)``, each about the size of one:

    * borne off in three units (0-5, 5-10, 10-15 checkers, each / 5);
    * the rearmost made point (anchor) / 24, 0 without one;
    * made points in the opponent's home board (points 19-24) / 3: holding and back games;
    * the pips still to travel to pass the opponent's rearmost checker (break contact) / 200;
    * the pips to bring every checker into the home board / 100, and the crossovers / 30;
    * containment: one minus the fewest escapes (``_ESCAPES``) of a lone opposing checker on the
      opponent's points 15-24 against this side's made points, the best trap it has built;
    * the opposing checkers it holds: over the opponent's checkers on its points 13-24 and its
      bar, each checker's one-minus-escapes, summed / 5.

    Made points in the opponent's home board are no wall for these two: a checker there is home.
    """
    rows = side.shape[0]
    n = side.astype(np.float32)
    off = CHECKERS - n.sum(axis=1)
    out[:, 0] = np.clip(off, 0, 5) / 5.0
    out[:, 1] = np.clip(off - 5, 0, 5) / 5.0
    out[:, 2] = np.clip(off - 10, 0, 5) / 5.0
    made = side[:, :24] >= 2
    out[:, 3] = np.where(made.any(axis=1), 24 - np.argmax(made[:, ::-1], axis=1), 0) / 24.0
    out[:, 4] = made[:, 18:24].sum(axis=1) / 3.0
    # The opponent's rearmost checker in this side's numbering: 0 on its bar, 25 with none left.
    their_has = other[:, 23::-1] > 0
    their_back = np.where(their_has.any(axis=1), 1 + np.argmax(their_has, axis=1), 25)
    their_back = np.where(other[:, 24] > 0, 0, their_back)
    behind = np.maximum(np.arange(1, 26)[None, :] - their_back[:, None], 0).astype(np.float32)
    out[:, 5] = (n * behind).sum(axis=1) / 200.0
    out[:, 6] = (n @ _TO_HOME) / 100.0
    out[:, 7] = (n @ _CROSSOVERS) / 30.0
    # This side's made points in the opponent's frame (its index k is this side's 23 - k),
    # those in the opponent's home board left out (a checker there is home already); a checker
    # on the opponent's index j sees the points j - 1 .. j - 12 in front of it, which are the 12
    # bits from j - 12 up, the nearest highest (the table's order).
    walls = (made[:, ::-1] @ _MADE_BITS) & ~np.int64(0x3F)
    fewest = np.ones(rows, dtype=np.float32)
    for j in range(14, 24):
        fewest = np.minimum(fewest, _ESCAPES[(walls >> (j - 12)) & 0xFFF])
    out[:, 8] = 1.0 - fewest
    held = np.zeros(rows, dtype=np.float32)
    for j in range(12, 25):
        held += other[:, j] * (1.0 - _ESCAPES[(walls >> (j - 12)) & 0xFFF])
    out[:, 9] = held / 5.0


def encode_boards(boards: np.ndarray, encoding: str = ENCODING_NAME) -> np.ndarray:
    """The ``(N, ENCODINGS[encoding])`` float32 inputs of ``(N, 2, 25)`` boards."""
    boards = np.asarray(boards)
    if boards.ndim != 3 or boards.shape[1:] != (2, 25):
        raise ValueError(f"Boards must have shape (N, 2, 25), not {boards.shape}.")
    if encoding not in ENCODINGS:
        raise ValueError(f"Unknown encoding {encoding!r}.")
    me, them = boards[:, 0], boards[:, 1]
    out = np.empty((boards.shape[0], ENCODINGS[encoding]), dtype=np.float32)
    _side_features(me, them, out[:, :_PER_SIDE])
    _side_features(them, me, out[:, _PER_SIDE : 2 * _PER_SIDE])
    if encoding != "unary4-v1":
        # Both sides in one pass: rows 0..N-1 for the player on roll, N..2N-1 for the opponent.
        rows = boards.shape[0]
        sides, others = np.concatenate([me, them]), np.concatenate([them, me])
        extra = np.empty((2 * rows, _CONTACT_PER_SIDE), dtype=np.float32)
        _contact_features(sides, others, extra)
        out[:, 2 * _PER_SIDE : _V2] = np.concatenate([extra[:rows], extra[rows:]], axis=1)
        if encoding == "unary4-v3":
            more = np.empty((2 * rows, _STRUCTURE_PER_SIDE), dtype=np.float32)
            _structure_features(sides, others, more)
            out[:, _V2:] = np.concatenate([more[:rows], more[rows:]], axis=1)
    return out


def encode_batch(positions: Sequence[Position]) -> np.ndarray:
    """The ``(N, N_INPUTS)`` float32 inputs of ``positions``, from each player on roll's view."""
    return encode_boards(boards_from_positions(positions))


def race_mask(boards: np.ndarray) -> np.ndarray:
    """True where contact is over: each checker of one side has passed every one of the other."""
    me, them = boards[:, 0] > 0, boards[:, 1] > 0
    my_back = np.where(me.any(axis=1), 24 - np.argmax(me[:, ::-1], axis=1), -1)
    their_back = np.where(them.any(axis=1), 24 - np.argmax(them[:, ::-1], axis=1), -1)
    # Indices: my rearmost index i and theirs j have passed when i + j < 23 (see Position.is_race).
    return (my_back < 0) | (their_back < 0) | (my_back + their_back < 23)


def crashed_mask(boards: np.ndarray, race: np.ndarray | None = None) -> np.ndarray:
    """Which ``(N, 2, 25)`` boards are crashed: a side has 10 checkers or fewer left on the board
    (the bar included) while the two sides are still in contact.

    Such positions (a side that bore off early against an anchor, or was closed out) are rare in
    self-play and where a general contact network errs most. A side's checkers on the board only
    get fewer, so a crashed position stays crashed until contact ends or the game does.
    ``race`` may give ``race_mask(boards)`` when it is known already."""
    if not len(boards):
        return np.zeros(0, dtype=bool)
    if race is None:
        race = race_mask(boards)
    return ~race & (boards.sum(axis=2).min(axis=1) <= 10)


def backgame_mask(boards: np.ndarray, race: np.ndarray | None = None) -> np.ndarray:
    """Which ``(N, 2, 25)`` boards are back games (and other deep holding games): in contact, not
    crashed (``crashed_mask`` comes first), and a side holds two or more points in the other's
    home board or has six or more checkers there and on the bar.

    The contact network misjudged such positions most (with it the Expert's error per decision
    on them was 6.8 mEMG against 2.4 on the others: ``ai/README.md``): their value rests on the
    timing of a long game that is rare in self-play from the opening."""
    if not len(boards):
        return np.zeros(0, dtype=bool)
    if race is None:
        race = race_mask(boards)
    anchors = (boards[:, :, 18:24] >= 2).sum(axis=2).max(axis=1)
    back = boards[:, :, 18:25].sum(axis=2).max(axis=1)
    return ~crashed_mask(boards, race) & ~race & ((anchors >= 2) | (back >= 6))


def trapped_sides(boards: np.ndarray) -> np.ndarray:
    """``(N, 2)``: whether each side of ``(N, 2, 25)`` boards (on roll first) has a checker behind
    six points in a row held by the other side, a checker that cannot move until they break."""
    out = np.zeros((len(boards), 2), dtype=bool)
    for side in (0, 1):
        # the other side's made points by this side's index (its point 24 - j is our index j)
        made = boards[:, 1 - side, 23::-1] >= 2
        prime = np.ones((len(boards), 19), dtype=bool)  # six points from index k up to k + 5
        for step in range(6):
            prime &= made[:, step : step + 19]
        # checkers at index k + 6 or further back (the bar is index 24)
        behind = np.cumsum(boards[:, side, ::-1], axis=1)[:, ::-1][:, 6:25] > 0
        out[:, side] = (prime & behind).any(axis=1)
    return out


def trap_mask(boards: np.ndarray) -> np.ndarray:
    """Which ``(N, 2, 25)`` boards are timing battles around a full prime: a side has a checker
    behind six points in a row held by the other side (``trapped_sides``) while the other side
    has a checker on the bar.

    Who wins such a position depends on who must break first, many rolls ahead: the side on the
    bar cannot move, so the side that holds it there must keep moving with its own checker shut
    in. The networks read these rare positions badly (the cube war of ``ai/README.md``, "Timing
    battles": 54% to win where playouts give 9%), so the levels roll them out instead."""
    if not len(boards):
        return np.zeros(0, dtype=bool)
    trapped = trapped_sides(boards)
    on_bar = boards[:, :, 24] > 0
    return (trapped[:, 0] & on_bar[:, 1]) | (trapped[:, 1] & on_bar[:, 0])


def ordinary_mask(boards: np.ndarray) -> np.ndarray:
    """Which ``(N, 2, 25)`` boards the contact network values beside the networks of their own:
    in contact, neither crashed (``crashed_mask``) nor a back game (``backgame_mask``)."""
    if not len(boards):
        return np.zeros(0, dtype=bool)
    race = race_mask(boards)
    return ~race & ~crashed_mask(boards, race) & ~backgame_mask(boards, race)


#: The kinds of position with networks of their own beside the contact network, by name.
KIND_MASKS = {"crashed": crashed_mask, "backgame": backgame_mask}


def finished_mask(boards: np.ndarray) -> np.ndarray:
    """True where one side has borne off all its checkers."""
    return (boards[:, 0].sum(axis=1) == 0) | (boards[:, 1].sum(axis=1) == 0)


def final_outcome(boards: np.ndarray) -> np.ndarray:
    """The exact five outputs of finished boards (player on roll's view); rows must be finished.

    A gammon when the loser has borne off no checker, a backgammon when the loser also still has a
    checker on the bar or in the winner's home board.
    """
    out = np.zeros((boards.shape[0], 5), dtype=np.float32)
    me, them = boards[:, 0], boards[:, 1]
    i_won = me.sum(axis=1) == 0
    loser = np.where(i_won[:, None], them, me)
    gammon = loser.sum(axis=1) == CHECKERS
    backgammon = gammon & (loser[:, 18:25].sum(axis=1) > 0)
    out[:, 0] = i_won
    out[:, 1] = i_won & gammon
    out[:, 2] = i_won & backgammon
    out[:, 3] = ~i_won & gammon
    out[:, 4] = ~i_won & backgammon
    return out
