"""Building a turn step by step, as a player does on the board, and reading a typed play.

The builder only accepts steps that can still be completed into a legal play, so a player can
never start a play that breaks the use-both-dice or higher-die rule; an illegal step raises
``IllegalPlayError`` whose ``reason`` names the rule. ``parse_play`` reads a play typed in
GNU Backgammon notation in context and, when it is illegal, names the rule it breaks with the
builder's reasons.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.dice import check_roll
from engine.errors import IllegalPlayError, InvalidNotationError, Reason
from engine.moves import (
    BAR_POINT,
    OFF_POINT,
    Play,
    Step,
    _apply,
    _board_of,
    _parse_segments,
    _point_name,
    _position_of,
    _single_steps,
    legal_plays,
    most_dice,
)
from engine.position import Position

# the rules of the whole roll: a step open on the board that the turn as a whole forbids
_ROLL_RULES = frozenset(
    {Reason.MUST_USE_BOTH_DICE, Reason.MUST_PLAY_HIGHER_DIE, Reason.MUST_USE_MORE_DICE}
)


class TurnBuilder:
    """One turn being played: the position before it, the dice, and the steps made so far.

    Points are in the mover's numbering (25 the bar, 0 off).

    >>> turn = TurnBuilder(Position.start(), (3, 1))
    >>> sorted(turn.movable_points())
    [6, 8, 13, 24]
    >>> turn.move_checker(8, 5).hit
    False
    >>> turn.move_checker(6, 5).src
    6
    >>> turn.is_complete(), str(turn.play())
    (True, '8/5 6/5')
    """

    def __init__(self, position: Position, dice: Sequence[int]) -> None:
        self.position = position
        self.dice = check_roll(dice)
        self.plays = legal_plays(position, self.dice)
        self._targets = {play.result for play in self.plays}
        self.dice_to_use = most_dice(self.plays)
        self._steps: list[Step] = []
        self._boards: list[list[int]] = [_board_of(position)]
        self._options_cache: dict[int, list[Step]] = {}

    # -- state ----------------------------------------------------------------------------------
    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(self._steps)

    def remaining_dice(self) -> list[int]:
        """The dice not yet played, highest first (four entries for a double)."""
        d1, d2 = self.dice
        dice = [d1] * 4 if d1 == d2 else [d1, d2]
        for step in self._steps:
            dice.remove(self._die_of(step, dice))
        return sorted(dice, reverse=True)

    def is_complete(self) -> bool:
        """True when the steps made form a whole legal play (or no play is possible)."""
        return len(self._steps) == self.dice_to_use

    def has_legal_move(self) -> bool:
        return bool(self.plays)

    def current_position(self) -> Position:
        """The board after the steps made so far, still from the mover's point of view."""
        return _board_position(self._boards[-1])

    def play(self) -> Play:
        """The finished play; raises ``IllegalPlayError`` while the turn is incomplete."""
        if not self.is_complete():
            raise IllegalPlayError(self._incomplete_reason())
        result = _board_position(self._boards[-1]).swapped()
        return Play(self._steps, result)

    # -- choices ----------------------------------------------------------------------------------
    def legal_steps(self) -> list[Step]:
        """Every single step that can still be completed into a legal play."""
        depth = len(self._steps)
        cached = self._options_cache.get(depth)
        if cached is not None:
            return cached
        out: list[Step] = []
        if depth < self.dice_to_use:
            board = self._boards[-1]
            remaining = self.remaining_dice()
            seen: set[tuple[int, int]] = set()
            for die in sorted(set(remaining), reverse=True):
                rest = list(remaining)
                rest.remove(die)
                for s, t, hit in _single_steps(board, die):
                    if (s, t) in seen:
                        continue
                    nxt = _apply(board, s, t, hit)
                    if self._can_finish(nxt, rest, self.dice_to_use - depth - 1):
                        seen.add((s, t))
                        out.append(Step(s, t, hit))
        self._options_cache[depth] = out
        return out

    def movable_points(self) -> set[int]:
        """Points (25 the bar) with a checker that may move now."""
        return {step.src for step in self.legal_steps()}

    def destinations(self, src: int) -> set[int]:
        """Where a checker on ``src`` may go with one die now (0 is off)."""
        return {step.dst for step in self.legal_steps() if step.src == src}

    def _can_finish(self, board: list[int], dice: list[int], steps_left: int) -> bool:
        if steps_left == 0:
            return _board_position(board).swapped() in self._targets
        for die in set(dice):
            rest = list(dice)
            rest.remove(die)
            for s, t, hit in _single_steps(board, die):
                if self._can_finish(_apply(board, s, t, hit), rest, steps_left - 1):
                    return True
        return False

    # -- actions ----------------------------------------------------------------------------------
    def move_checker(self, src: int, dst: int) -> Step:
        """Move one checker from ``src`` to ``dst`` by one die; returns the step made.

        Raises ``IllegalPlayError`` with the reason when the rules forbid it.
        """
        for step in self.legal_steps():
            if step.src == src and step.dst == dst:
                self._push(step)
                return step
        raise IllegalPlayError(self._reason_for(src, dst))

    def move_by_die(self, src: int, die: int) -> Step:
        """Move the checker on ``src`` by ``die`` pips (bearing off as the rules allow)."""
        for step in self.legal_steps():
            if step.src == src and self._die_of(step, [die]) == die:
                self._push(step)
                return step
        if die not in self.remaining_dice():
            raise IllegalPlayError(Reason.DIE_NOT_AVAILABLE)
        return self.move_checker(src, max(src - die, 0) if src != BAR_POINT else 25 - die)

    def path_to(self, src: int, dst: int) -> list[Step] | None:
        """The steps that carry one checker from ``src`` to ``dst`` now, or None.

        One die when a single step reaches ``dst``; otherwise several dice of the same checker
        through open landing points (``24/21*/18``), each step one that can still be completed
        into a legal play. The builder is left as it was.
        """
        for step in self.legal_steps():
            if step.src == src and step.dst == dst:
                return [step]
        for step in self.legal_steps():
            if step.src != src or step.dst == OFF_POINT or step.dst <= dst:
                continue
            self._push(step)
            try:
                rest = self.path_to(step.dst, dst)
            finally:
                self.undo()
            if rest:
                return [step, *rest]
        return None

    def reachable(self, src: int) -> set[int]:
        """Every point (0 off) the checker on ``src`` can reach now, by one die or several."""
        out: set[int] = set()
        for step in self.legal_steps():
            if step.src != src:
                continue
            out.add(step.dst)
            if step.dst != OFF_POINT:
                self._push(step)
                try:
                    out |= self.reachable(step.dst)
                finally:
                    self.undo()
        return out

    def move_to(self, src: int, dst: int) -> list[Step]:
        """Carry one checker from ``src`` to ``dst`` by one die or several; returns the steps.

        Raises ``IllegalPlayError`` with the reason when no legal path exists (nothing moves).
        """
        path = self.path_to(src, dst)
        if path is None:
            raise IllegalPlayError(self._reason_for(src, dst))
        for step in path:
            self._push(step)
        return path

    def stuck_reason(self, src: int) -> str:
        """Why no checker on ``src`` may move now (``Reason``), for a pick that is refused.

        Each remaining die is tried; when a die's step is open on the board but the whole turn
        forbids it (both dice, the higher die, as many dice as possible), that rule is the
        reason, since the board alone does not show it; otherwise the highest die's reason.
        A checker that can move gets ``""``.
        """
        if self.is_complete():
            return Reason.TURN_COMPLETE if self.plays else Reason.NO_LEGAL_MOVE
        if src in self.movable_points():
            return ""
        reasons = [
            self._reason_for(src, 25 - die if src == BAR_POINT else max(src - die, OFF_POINT))
            for die in sorted(set(self.remaining_dice()), reverse=True)
        ]
        for reason in reasons:
            if reason in _ROLL_RULES:
                return reason
        return reasons[0]

    def is_forced(self) -> bool:
        """True when exactly one legal play exists (it can be played for the player)."""
        return len(self.plays) == 1 and bool(self.plays[0].steps)

    def final_bear_off(self) -> Play | None:
        """In a race with every checker of the player home: the play that bears off the most
        checkers (of those, the one leaving the fewest pips); None in any other position.

        A rule of thumb, and a test of the final bear-off: where no checker comes off or the
        count of checkers off ties, it can leave far worse numbers than another play (6/2 3/2
        against 6/1 with 4-1 on 6, 3, 3, 2); the window plays the evaluation's best play there
        (``ai.hint.bear_off_play``).
        """
        position = self.position
        if not position.is_race() or any(position.on_roll[6:]) or not self.plays[0].steps:
            return None
        return most_borne_off(self.plays)

    def undo(self) -> Step | None:
        """Take back the last step; returns it, or None when no step was made."""
        if not self._steps:
            return None
        self._boards.pop()
        self._options_cache.pop(len(self._steps), None)
        return self._steps.pop()

    def reset(self) -> None:
        """Take back every step of the turn."""
        while self._steps:
            self.undo()

    # -- helpers ----------------------------------------------------------------------------------
    def _push(self, step: Step) -> None:
        self._boards.append(_apply(self._boards[-1], step.src, step.dst, step.hit))
        self._steps.append(step)

    def _die_of(self, step: Step, dice: list[int]) -> int:
        """The die a step uses: its distance, or for bearing off the smallest die that allows it."""
        distance = step.src - step.dst
        if step.dst != OFF_POINT or distance in dice:
            return distance
        larger = [d for d in dice if d > distance]
        return min(larger) if larger else distance

    def _incomplete_reason(self) -> str:
        if self.dice_to_use == 2 and self.dice[0] != self.dice[1]:
            return Reason.MUST_USE_BOTH_DICE
        return Reason.MUST_USE_MORE_DICE

    def _reason_for(self, src: int, dst: int) -> str:
        """Explain why the step src -> dst is not allowed now."""
        if self.is_complete():
            return Reason.TURN_COMPLETE if self.plays else Reason.NO_LEGAL_MOVE
        board = self._boards[-1]
        if src == BAR_POINT:
            if board[25] <= 0:
                return Reason.NO_CHECKER
        elif not 1 <= src <= 24 or board[src] <= 0:
            return Reason.NO_CHECKER
        elif board[25] > 0:
            return Reason.BAR_FIRST
        remaining = self.remaining_dice()
        if dst == OFF_POINT:
            highest = max(p for p in range(1, 26) if board[p] > 0)
            if highest > 6:
                return Reason.CANNOT_BEAR_OFF_YET
            if src not in remaining and not any(d > src for d in remaining):
                return Reason.DIE_NOT_AVAILABLE
            if src not in remaining and src != highest:
                return Reason.HIGHER_CHECKER_FIRST
        else:
            distance = (25 if src == BAR_POINT else src) - dst
            if distance <= 0:
                return Reason.WRONG_DIRECTION
            if distance not in remaining:
                return self._combined_reason(board, src, dst, remaining)
            if not 1 <= dst <= 24 or board[dst] < -1:
                return Reason.BLOCKED_POINT
        # The step itself is possible; it is the whole turn that would break a rule.
        if self.dice[0] != self.dice[1] and self.dice_to_use == 1 and not self._steps:
            return Reason.MUST_PLAY_HIGHER_DIE
        if self.dice[0] != self.dice[1] and self.dice_to_use == 2:
            return Reason.MUST_USE_BOTH_DICE
        return Reason.MUST_USE_MORE_DICE

    @staticmethod
    def _combined_reason(board: list[int], src: int, dst: int, remaining: list[int]) -> str:
        """Why one checker cannot go ``src`` -> ``dst`` when no single die is that distance:
        the dice add up to it but the point is blocked, or another checker on the bar must
        enter first, or every point where a die would stop on the way is blocked; else no die
        (nor dice) make the distance."""
        start = 25 if src == BAR_POINT else src
        distance = start - dst
        if len(remaining) >= 2 and remaining[0] == remaining[-1]:  # a double: die after die
            die = remaining[0]
            orders = [[die] * (distance // die)] if distance % die == 0 else []
            orders = [o for o in orders if 2 <= len(o) <= len(remaining)]
        elif len(remaining) == 2 and sum(remaining) == distance:
            orders = [list(remaining), list(reversed(remaining))]
        else:
            orders = []
        if not orders or not 1 <= dst <= 24:
            return Reason.DIE_NOT_AVAILABLE
        if board[dst] < -1:
            return Reason.BLOCKED_POINT
        if src == BAR_POINT and board[BAR_POINT] >= 2:  # each checker on the bar enters first
            return Reason.BAR_FIRST
        stops = [[start - sum(order[: i + 1]) for i in range(len(order) - 1)] for order in orders]
        if all(any(board[p] < -1 for p in way) for way in stops):
            return Reason.BLOCKED_WAY
        return Reason.DIE_NOT_AVAILABLE


# -- a typed play read in context -------------------------------------------------------------


def most_borne_off(plays: Sequence[Play]) -> Play:
    """Of legal ``plays`` (with their results), the one that leaves its player the fewest
    checkers on the board, and of those the fewest pips."""

    def left(play: Play) -> tuple[int, int]:
        after = play.result
        assert after is not None  # legal plays carry their result (seen from the opponent)
        return (sum(after.opponent), after.pip_count()[1])

    return min(plays, key=left)


def parse_play(position: Position, dice: Sequence[int], text: str) -> Play:
    """Read a play typed in GNU Backgammon notation and check it against the rules.

    Returns the legal play (from ``legal_plays``) that it names. Compound moves (``24/14`` for
    6-4) are split into dice as the rules allow; a hit on the way must be marked (``24/20*/14``)
    when another route would not hit. Raises ``InvalidNotationError`` for unreadable text and
    ``IllegalPlayError`` (with the rule's reason) for a play the rules forbid.
    """
    segments = _parse_segments(text)
    plays = legal_plays(position, dice)
    if not plays:
        if segments:
            raise IllegalPlayError(Reason.NO_LEGAL_MOVE)
        return Play((), position.swapped())
    # Where my checkers end up does not depend on the route; compare that first.
    mine = list(position.on_roll)
    typed_hits: set[int] = set()
    for step, count, _last in segments:
        for _ in range(count):
            src_index = 24 if step.src == BAR_POINT else step.src - 1
            if mine[src_index] <= 0:
                raise IllegalPlayError(
                    Reason.NO_CHECKER, f"There is no checker of yours on {_point_name(step.src)}."
                )
            mine[src_index] -= 1
            if step.dst:
                mine[step.dst - 1] += 1
            if step.hit:
                typed_hits.add(step.dst)
    target = tuple(mine)
    candidates = [p for p in plays if p.result is not None and p.result.opponent == target]
    if not candidates:
        raise _explain_illegal(position, dice, segments, plays)
    # A landing on a blot at the end of a written move always hits, marked or not; on the way,
    # only the marked landings say which route was taken.
    finals = {step.dst for step, _count, last in segments if last}
    for play in candidates:
        if play.hits() - finals == typed_hits - finals:
            return play
    if len(candidates) == 1:
        return candidates[0]
    raise InvalidNotationError(
        "That play can be made with or without hitting on the way: mark the hits with *."
    )


def _explain_illegal(
    position: Position,
    dice: Sequence[int],
    segments: list[tuple[Step, int, bool]],
    plays: list[Play],
) -> IllegalPlayError:
    """The most specific rule a typed play breaks."""
    builder = TurnBuilder(position, dice)
    for step, count, _last in segments:
        for _ in range(count):
            try:
                builder.move_checker(step.src, step.dst)
            except IllegalPlayError as exc:
                return exc
    if not builder.is_complete():
        most = most_dice(plays)
        reason = Reason.MUST_USE_BOTH_DICE if most == 2 else Reason.MUST_USE_MORE_DICE
        return IllegalPlayError(reason)
    return IllegalPlayError(Reason.NOT_A_LEGAL_PLAY)


def _board_position(board: list[int]) -> Position:
    return _position_of(board, swap=False)
