"""The shipped evaluator: what the networks say is kept within what can still happen."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from ai.encoding import ENCODING_NAME, boards_from_positions, encode_boards
from ai.evaluator import load_default_evaluator
from ai.network import consistent
from engine.position import Position

# Found by a tester: the player on roll has two checkers off (one still on the 13-point and one
# sent back after hits), the opponent five; the hint gave 4.6% gammons won and 3.2%
# lost, where neither side can be gammoned.
BOTH_OFF = Position.from_points(
    {1: 3, 2: 3, 3: 2, 4: 2, 5: 1, 13: 1, 21: 1}, {1: 3, 2: 2, 3: 3, 5: 1, 19: 1}
)
# A race where no checker of either side is left in the other's home board: gammons are
# possible (no checker is off), backgammons are not.
RACE = Position.from_points({7: 3, 8: 3, 9: 3, 10: 3, 11: 3}, {5: 3, 6: 3, 7: 3, 8: 3, 9: 3})


@pytest.fixture(scope="module")
def evaluator():
    return load_default_evaluator()


def _networks_say(evaluator, position: Position) -> Iterator[np.ndarray]:
    """What each of the networks says of ``position``, before anything is ruled out."""
    boards = boards_from_positions([position])
    for net in (evaluator.contact, evaluator.race, evaluator.crashed, evaluator.backgame):
        if net is not None:
            encoded = encode_boards(boards, net.meta.get("encoding", ENCODING_NAME))
            yield consistent(net.forward(encoded))[0]


def test_no_gammon_is_won_or_lost_against_a_side_with_a_checker_off(evaluator):
    out = evaluator.evaluate_batch([BOTH_OFF])[0]
    assert out[0] > 0.0
    assert list(out[1:]) == [0.0, 0.0, 0.0, 0.0]
    # the networks themselves say otherwise, so the rule is the evaluator's
    assert any(said[1] > 0.001 or said[3] > 0.001 for said in _networks_say(evaluator, BOTH_OFF))


def test_no_backgammon_in_a_race_without_a_checker_back(evaluator):
    out = evaluator.evaluate_batch([RACE])[0]
    assert RACE.is_race()
    assert out[2] == 0.0 and out[4] == 0.0
    assert out[1] > 0.0 or out[3] > 0.0  # gammons stay possible: no checker is off
