"""What the tests of the cube sets made by GNU Backgammon check alike."""

from __future__ import annotations


def assert_verdicts_fit(rows: list[dict]) -> None:
    """GNU Backgammon's verdict of each row fits its values: a pass where taking costs the
    taker more, a double where doubling is worth at least playing on, none where it is not;
    the double/pass is worth the cube, and its 0-ply values are kept beside them."""
    for row in rows:
        nd, dt, dp = row["eq_nodouble"], row["eq_double_take"], row["eq_double_pass"]
        verdict = row["gnubg"].lower()
        assert dp == 1.0 and len(row["gnubg_0ply"]) == 3
        assert ("pass" in verdict) == (dt > dp), row
        if verdict.startswith(("double", "redouble")):
            assert min(dt, dp) >= nd - 1e-9, row
        if verdict.startswith(("no double", "no redouble", "too good")):
            assert min(dt, dp) <= nd + 1e-9, row
