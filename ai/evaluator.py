"""The evaluator contract and the shipped evaluator (networks plus the bear-off database).

An evaluator maps positions to GNU Backgammon's five outputs for the PLAYER ON ROLL of each
position, before that player rolls: win, win gammon, win backgammon, lose gammon, lose backgammon.
They are cumulative as in gnubg (P(win gammon) includes backgammons). Finished positions give exact
values. A search that evaluates positions after a play gets them with the opponent on roll, so the
mover's equity is ``-equity(evaluate_batch(results))``.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

import numpy as np

from ai import bearoff
from ai.encoding import (
    ENCODING_NAME,
    ENCODINGS,
    N_INPUTS,
    backgame_mask,
    boards_from_positions,
    crashed_mask,
    encode_boards,
    final_outcome,
    finished_mask,
    race_mask,
)
from ai.network import Network, consistent
from engine.position import Position

WEIGHTS_DIR = Path(__file__).resolve().parent.parent / "resources" / "weights"
CONTACT_WEIGHTS = WEIGHTS_DIR / "contact.npz"
RACE_WEIGHTS = WEIGHTS_DIR / "race.npz"
CRASHED_WEIGHTS = WEIGHTS_DIR / "crashed.npz"
BACKGAME_WEIGHTS = WEIGHTS_DIR / "backgame.npz"
DEFAULT_HIDDEN = 128


class Evaluator(Protocol):
    """Anything that evaluates positions in batch."""

    def evaluate_batch(self, positions: Sequence[Position]) -> np.ndarray:
        """``(N, 5)`` probabilities for the player on roll of each position, before the roll."""
        ...


def equity(probs: np.ndarray) -> np.ndarray:
    """Cubeless money equity ``2w - 1 + wg - lg + wbg - lbg`` of ``(N, 5)`` or ``(5,)`` outputs."""
    p = np.asarray(probs, dtype=np.float64)
    return 2.0 * p[..., 0] - 1.0 + p[..., 1] - p[..., 3] + p[..., 2] - p[..., 4]


def flip(probs: np.ndarray) -> np.ndarray:
    """The same outputs seen from the other player: (1 - w, lg, lbg, wg, wbg)."""
    p = np.asarray(probs)
    return np.stack([1.0 - p[..., 0], p[..., 3], p[..., 4], p[..., 1], p[..., 2]], axis=-1)


class NetEvaluator:
    """The contact and race networks, optionally networks of their own for crashed positions and
    for back games, plus the bear-off database.

    Finished positions get their exact result, positions with both sides entirely home get the
    bear-off database, other races the race network, crashed positions (``crashed_mask``) the
    crashed network and back games (``backgame_mask``) the back-game network when there is one,
    everything else the contact network.
    """

    def __init__(
        self,
        contact: Network,
        race: Network,
        bearoff_db: bearoff.BearoffDatabase | None,
        crashed: Network | None = None,
        backgame: Network | None = None,
    ) -> None:
        for net in (contact, race, crashed, backgame):
            if net is None:
                continue
            encoding = net.meta.get("encoding", ENCODING_NAME)
            if encoding not in ENCODINGS:
                raise ValueError(f"The network was trained for an unknown encoding {encoding!r}.")
            if net.n_inputs != ENCODINGS[encoding] or net.n_outputs != 5:
                raise ValueError(
                    f"A network with {net.n_inputs} inputs and {net.n_outputs} outputs does not "
                    f"fit the encoding {encoding} ({ENCODINGS[encoding]} inputs, 5 outputs)."
                )
        self.contact = contact
        self.race = race
        self.crashed = crashed
        self.backgame = backgame
        self.bearoff = bearoff_db

    def evaluate_batch(self, positions: Sequence[Position]) -> np.ndarray:
        return self.evaluate_boards(boards_from_positions(positions))

    def evaluate_boards(self, boards: np.ndarray) -> np.ndarray:
        """The five outputs of ``(N, 2, 25)`` boards (see ``ai.encoding``)."""
        n = boards.shape[0]
        out = np.zeros((n, 5), dtype=np.float64)
        if n == 0:
            return out
        done = finished_mask(boards)
        if done.any():
            out[done] = final_outcome(boards[done])
        todo = ~done
        if self.bearoff is not None:
            home = todo & bearoff.BearoffDatabase.applies(boards)
            if home.any():
                out[home] = self.bearoff.evaluate(boards[home])
            todo &= ~home
        over = race_mask(boards)
        race = todo & over
        contact = todo & ~race
        parts = [(race, self.race)]
        if self.crashed is not None:
            crashed = contact & crashed_mask(boards, over)
            parts.append((crashed, self.crashed))
            contact &= ~crashed
        if self.backgame is not None:
            backgame = contact & backgame_mask(boards, over)
            parts.append((backgame, self.backgame))
            contact &= ~backgame
        parts.append((contact, self.contact))
        for mask, net in parts:
            if mask.any():
                x = encode_boards(boards[mask], net.meta.get("encoding", ENCODING_NAME))
                out[mask] = consistent(net.forward(x))
        if todo.any():
            out[todo] = possible_only(boards[todo], out[todo], over[todo])
        return out


def possible_only(
    boards: np.ndarray, outputs: np.ndarray, race: np.ndarray | None = None
) -> np.ndarray:
    """The networks' ``outputs`` of ``(N, 2, 25)`` boards with the chances of results that can
    no longer happen set to 0, as GNU Backgammon does: no gammon won against a side that has
    borne a checker off (nor lost by the player on roll with one off), and once contact is over
    no backgammon won against a side with no checker left in the winner's home board or on
    the bar (they can no longer be sent back there). The networks gave a player with two
    checkers off 3% to lose a gammon (found by a tester). ``race``: ``race_mask(boards)`` if
    known."""
    out = outputs.copy()
    mine, theirs = boards[:, 0].astype(np.int64), boards[:, 1].astype(np.int64)
    my_off = mine.sum(axis=1) < 15
    their_off = theirs.sum(axis=1) < 15
    race = race_mask(boards) if race is None else race
    # a side's checkers in the other's home board: its own points 19-24 and the bar
    their_back = theirs[:, 18:].sum(axis=1) > 0
    my_back = mine[:, 18:].sum(axis=1) > 0
    out[their_off, 1:3] = 0.0
    out[my_off, 3:5] = 0.0
    out[race & ~their_back, 2] = 0.0
    out[race & ~my_back, 4] = 0.0
    return out


def load_specialists(
    directory: str | os.PathLike[str] = WEIGHTS_DIR,
) -> tuple[Network | None, Network | None]:
    """The networks ``crashed.npz`` and ``backgame.npz`` in ``directory``, ``None`` for one that
    is not there; raises ``ValueError`` (a damaged file)."""
    crashed, backgame = (Path(directory) / p.name for p in (CRASHED_WEIGHTS, BACKGAME_WEIGHTS))
    return (
        Network.load(crashed) if crashed.exists() else None,
        Network.load(backgame) if backgame.exists() else None,
    )


def load_networks(
    directory: str | os.PathLike[str], bearoff_db: bearoff.BearoffDatabase | None
) -> NetEvaluator:
    """The networks ``contact.npz`` and ``race.npz`` in ``directory``, and ``crashed.npz`` and
    ``backgame.npz`` when they are there; raises ``FileNotFoundError`` or ``ValueError`` (a
    damaged file)."""
    directory = Path(directory)
    return NetEvaluator(
        Network.load(directory / CONTACT_WEIGHTS.name),
        Network.load(directory / RACE_WEIGHTS.name),
        bearoff_db,
        *load_specialists(directory),
    )


def new_networks(n_hidden: int = DEFAULT_HIDDEN, seed: int = 0) -> tuple[Network, Network]:
    """Freshly initialised (untrained) contact and race networks."""
    rng = np.random.default_rng(seed)
    meta = {"encoding": ENCODING_NAME, "games": 0}
    contact = Network(N_INPUTS, n_hidden, 5, rng=rng, meta=dict(meta, kind="contact"))
    race = Network(N_INPUTS, n_hidden, 5, rng=rng, meta=dict(meta, kind="race"))
    return contact, race


_default: NetEvaluator | None = None
_default_lock = threading.Lock()


def load_default_evaluator() -> NetEvaluator:
    """The shipped networks and the bear-off database, loaded once and cached.

    Raises ``FileNotFoundError`` when the shipped weights are missing and ``ValueError`` when they
    are damaged: the computer never plays with untrained networks in their place.
    """
    global _default
    with _default_lock:
        if _default is None:
            missing = [p.name for p in (CONTACT_WEIGHTS, RACE_WEIGHTS) if not p.exists()]
            if missing:
                raise FileNotFoundError(
                    f"The computer's trained networks are missing ({', '.join(missing)} in "
                    f"{WEIGHTS_DIR.name}/): reinstall the program."
                )
            _default = load_networks(WEIGHTS_DIR, bearoff.load())
        return _default
