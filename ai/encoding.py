"""Vectorised input encoding of positions for the evaluation networks.

Positions are first turned into an ``(N, 2, 25)`` integer array of boards: ``[:, 0]`` the player on
roll, ``[:, 1]`` the opponent, each in GNU Backgammon's layout (index ``i`` is that side's point
``i + 1``, index 24 its bar). Every encoding is from the view of the player on roll, so whose turn
it is needs no input of its own.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from engine.position import Position

#: Name stored with network weights; a network only accepts inputs of the encoding it was made for.
ENCODING_NAME = "unary4-v1"

CHECKERS = 15
_PIPS = np.arange(1, 26, dtype=np.float32)

# Per side: 25 slots (24 points and the bar) x 4 units, then borne off, pip count and 6 features.
_PER_SIDE = 25 * 4 + 8
#: Number of inputs per position.
N_INPUTS = 2 * _PER_SIDE


def boards_from_positions(positions: Sequence[Position]) -> np.ndarray:
    """The ``(N, 2, 25)`` int8 boards of ``positions`` (player on roll first)."""
    if not len(positions):
        return np.zeros((0, 2, 25), dtype=np.int8)
    flat = [p.on_roll + p.opponent for p in positions]
    return np.asarray(flat, dtype=np.int8).reshape(len(flat), 2, 25)


def _side_features(side: np.ndarray, other: np.ndarray) -> np.ndarray:
    """Encode one side (``(N, 25)`` counts) against the other side (in its own numbering)."""
    n = side.astype(np.float32)
    units = np.empty((side.shape[0], 25, 4), dtype=np.float32)
    units[:, :, 0] = n == 1
    units[:, :, 1] = n == 2
    units[:, :, 2] = n >= 3
    units[:, :, 3] = np.maximum(n - 3.0, 0.0) * 0.5
    on_board = n.sum(axis=1)
    off = (CHECKERS - on_board) / CHECKERS
    pips = n @ _PIPS
    # The other side's checkers on my points: their index j is my point 24 - j (index 23 - j).
    theirs = other[:, 23::-1].astype(np.float32)  # theirs[:, i] = their checkers on my index i
    # My rearmost checker and their rearmost checker, in my numbering (0 = none left).
    has = side > 0
    my_back = np.where(has.any(axis=1), 24 - np.argmax(has[:, ::-1], axis=1), 0)
    their_has = theirs[:, :24] > 0
    their_back_mine = np.where(their_has.any(axis=1), 1 + np.argmax(their_has, axis=1), 25)
    their_back_mine = np.where(other[:, 24] > 0, 0, their_back_mine)
    # Checkers still behind (or level with) the opponent's rearmost checker: those in contact.
    idx = np.arange(1, 26)[None, :]
    behind = np.where(idx >= their_back_mine[:, None], n, 0.0).sum(axis=1)
    # Made points in my home board and the longest run of made points (a prime).
    made = n[:, :24] >= 2
    home_points = made[:, :6].sum(axis=1)
    run = np.zeros(side.shape[0], dtype=np.float32)
    best = np.zeros(side.shape[0], dtype=np.float32)
    for i in range(24):  # 24 vector steps, not a loop per position
        run = np.where(made[:, i], run + 1, 0)
        best = np.maximum(best, run)
    blots = (n[:, :24] == 1).sum(axis=1)
    extra = np.stack(
        [
            off,
            pips / 167.0,
            behind / CHECKERS,
            home_points / 6.0,
            best / 6.0,
            blots / 5.0,
            my_back / 24.0,
            (n[:, 18:25].sum(axis=1)) / CHECKERS,  # checkers still in the opponent's home or bar
        ],
        axis=1,
    )
    return np.concatenate([units.reshape(side.shape[0], 100), extra.astype(np.float32)], axis=1)


def encode_boards(boards: np.ndarray) -> np.ndarray:
    """The ``(N, N_INPUTS)`` float32 inputs of ``(N, 2, 25)`` boards."""
    boards = np.asarray(boards)
    if boards.ndim != 3 or boards.shape[1:] != (2, 25):
        raise ValueError(f"Boards must have shape (N, 2, 25), not {boards.shape}.")
    me, them = boards[:, 0], boards[:, 1]
    return np.concatenate([_side_features(me, them), _side_features(them, me)], axis=1)


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
