"""Fuzzing the decision service's reader with Hypothesis: any bytes on a line get exactly one JSON
answer line, an error or a decision, and the lines after it are still answered."""

from __future__ import annotations

import io
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai.__main__ import serve
from ai.player import ComputerPlayer
from engine.position import Position

PLAYER = ComputerPlayer("beginner", seed=1)
GOOD = json.dumps({"position_id": Position.start().position_id(), "dice": [6, 5]}).encode()
FIELDS = st.sampled_from(["position_id", "dice", "match_id", "crawford_rule", "x"])
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=14)
    | st.sampled_from(["4HPwATDgc/ABMA", "cAkAAAAAAAAA", "cAkgAAAAAAAA", "//////////////"])
)
REQUESTS = st.recursive(
    SCALARS,
    lambda children: st.lists(children, max_size=3) | st.dictionaries(FIELDS, children, max_size=4),
    max_leaves=8,
)
LINES = (
    st.binary(max_size=60).map(lambda b: b.replace(b"\n", b" "))
    | REQUESTS.map(lambda v: json.dumps(v).encode())
    | st.integers(60, 5000).map(lambda n: b"[" * n)
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(LINES, min_size=1, max_size=4))
def test_any_line_gets_one_answer_and_the_stream_goes_on(lines):
    out = io.StringIO()
    serve(PLAYER, [*lines, GOOD], out)
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    asked = [line for line in lines if line.strip()]
    assert len(replies) == len(asked) + 1
    for reply in replies[:-1]:
        assert ("error" in reply and reply["error"]) or reply.get("action") in (
            "move",
            "double",
            "roll",
            "take",
            "drop",
        )
    assert replies[-1]["action"] == "move"
