"""The cube model against GNU Backgammon's own 0-ply cubeful values (money, no Jacoby).

Given the same cubeless outputs (gnubg 0-ply, positions of real games), the project's Janowski
model must give gnubg's 0-ply cubeful equities: no double and double/take with the cube centred,
owned (cube 2) and the opponent's (cube 2), and the same verdict. This is what separates a wrong
cube model from wrong outputs: the model here reproduces gnubg's to within a few thousandths.
"""

from __future__ import annotations

import numpy as np
import pytest

from ai.cube import CENTRED, MINE, THEIRS, CubeState, decide, money_cubeful

# (outputs, x, (centred ND, DT), (owned ND, DT), opponent's cube ND, gnubg's verdict centred)
CASES = [
    (
        [0.62995, 0.08581, 0.00117, 0.07168, 0.00131],
        0.68,
        (0.3949, 0.2962),
        (0.4881, 0.2962),
        0.1481,
        "No double, take",
    ),
    (
        [0.64351, 0.1602, 0.00422, 0.05366, 0.00089],
        0.68,
        (0.5519, 0.5514),
        (0.6157, 0.5514),
        0.2757,
        "No double, take",
    ),
    (
        [0.60771, 0.01388, 0.0, 0.03041, 0.0001],
        0.68,
        (0.2927, 0.1308),
        (0.4054, 0.1308),
        0.0654,
        "No double, take",
    ),
    (
        [0.58061, 0.1296, 0.00468, 0.09106, 0.00231],
        0.68,
        (0.2845, 0.1191),
        (0.3996, 0.1191),
        0.0596,
        "No double, take",
    ),
    (
        [0.73336, 0.03412, 0.00068, 0.00872, 0.0],
        0.68,
        (0.7103, 0.8043),
        (0.7422, 0.8043),
        0.4022,
        "Double, take",
    ),
    (
        [0.75787, 0.46086, 0.07683, 0.03304, 0.00037],
        0.68,
        (1.1655, 1.8754),
        (1.1655, 1.8754),
        0.9377,
        "Too good to double, pass",
    ),
    (
        [0.58992, 0.2038, 0.0135, 0.09385, 0.00341],
        0.68,
        (0.4086, 0.3209),
        (0.5004, 0.3209),
        0.1604,
        "No double, take",
    ),
    (
        [0.87061, 0.03661, 0.0004, 0.00378, 0.0],
        0.68,
        (0.939, 1.4609),
        (0.939, 1.4609),
        0.7305,
        "Double, pass",
    ),
    (
        [0.8998, 0.30972, 0.00884, 0.0, 0.0],
        0.68,
        (1.198, 2.1682),
        (1.198, 2.1682),
        1.0841,
        "Too good to double, pass",
    ),
    (
        [0.73824, 0.17904, 0.00729, 0.16208, 0.00171],
        0.68,
        (0.7202, 0.8201),
        (0.75, 0.8201),
        0.41,
        "Double, take",
    ),
    (
        [0.80231, 0.63548, 0.02988, 0.00481, 0.0],
        0.68,
        (1.3675, 2.3959),
        (1.3675, 2.3959),
        1.198,
        "Too good to double, pass",
    ),
]
TOLERANCE = 0.015


@pytest.mark.parametrize("case", CASES, ids=[c[5] for c in CASES])
def test_model_gives_gnubgs_cubeful_values(case) -> None:
    outputs, x, centred, owned, theirs, verdict = case
    p = np.array(outputs)
    d = decide(p, CubeState(), x=x)
    assert d.no_double == pytest.approx(centred[0], abs=TOLERANCE)
    assert d.double_take == pytest.approx(centred[1], abs=TOLERANCE)
    assert d.verdict() == verdict
    d = decide(p, CubeState(cube=2, owner=MINE), x=x)
    assert d.no_double == pytest.approx(owned[0], abs=TOLERANCE)
    assert d.double_take == pytest.approx(owned[1], abs=TOLERANCE)
    d = decide(p, CubeState(cube=2, owner=THEIRS), x=x)
    assert d.no_double == pytest.approx(theirs, abs=TOLERANCE)
    # the play values use the same numbers
    for cube, owner, value in ((1, CENTRED, centred[0]), (2, MINE, owned[0]), (2, THEIRS, theirs)):
        assert money_cubeful(p[None], cube, owner, x)[0] == pytest.approx(value, abs=TOLERANCE)
