"""A small, independent statement of the movement rules, used as a second opinion in tests.

It is deliberately naive (every order of the dice, every checker, no caching) and shares no code
with the engine: it enumerates every sequence of single steps and then applies the whole-turn
rules (as many dice as possible; the higher die when only one of two can be played).
Points are in the mover's numbering: 1..24, 25 the bar, 0 off.
"""

from __future__ import annotations

from engine import Position


def single_steps(me: list[int], opp: list[int], die: int) -> list[tuple[int, int, bool]]:
    """Every (src, dst, hit) one checker can make with ``die``; ``me``/``opp`` in gnubg layout."""
    sources = [25] if me[24] else [p for p in range(24, 0, -1) if me[p - 1]]
    out = []
    for src in sources:
        dst = src - die
        if dst >= 1:
            theirs = opp[24 - dst]  # my point dst is their point 25 - dst
            if theirs >= 2:
                continue
            out.append((src, dst, theirs == 1))
            continue
        if any(me[6:25]):
            continue  # not all checkers home
        if dst < 0 and any(me[src:6]):
            continue  # a checker stands higher: this die may not bear off from src
        out.append((src, 0, False))
    return out


def apply_step(me: list[int], opp: list[int], step: tuple[int, int, bool]) -> tuple[list, list]:
    src, dst, hit = step
    me, opp = me.copy(), opp.copy()
    me[24 if src == 25 else src - 1] -= 1
    if dst:
        me[dst - 1] += 1
    if hit:
        opp[24 - dst] -= 1
        opp[24] += 1
    return me, opp


def legal_sequences(position: Position, dice: tuple[int, int]) -> list[tuple]:
    """Every legal step sequence: tuples of (src, dst, hit, die), after the whole-turn rules."""
    d1, d2 = dice
    orders = [[d1] * 4] if d1 == d2 else [[d1, d2], [d2, d1]]
    found: list[tuple] = []

    def walk(me, opp, remaining, steps):
        options = single_steps(me, opp, remaining[0]) if remaining else []
        if not options:
            found.append(tuple(steps))
            return
        for step in options:
            nme, nopp = apply_step(me, opp, step)
            walk(nme, nopp, remaining[1:], steps + [(*step, remaining[0])])

    for order in orders:
        walk(list(position.on_roll), list(position.opponent), order, [])
    most = max(len(seq) for seq in found)
    kept = [seq for seq in found if len(seq) == most]
    if most == 1 and d1 != d2:
        higher = [seq for seq in kept if seq[0][3] == max(d1, d2)]
        kept = higher or kept
    return [seq for seq in kept if seq] if most else []


def result_of(position: Position, sequence: tuple) -> Position:
    """The position after a sequence, opponent on roll."""
    me, opp = list(position.on_roll), list(position.opponent)
    for src, dst, hit, _die in sequence:
        me, opp = apply_step(me, opp, (src, dst, hit))
    return Position(opp, me)
