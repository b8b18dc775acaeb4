"""The interactive exercises of the lessons, answered and checked by the rules engine.

Every exercise computes its answer from the position with the engine (``legal_plays``,
``TurnBuilder``, ``Position.pip_count``, the Match ID, ...): the answer written in the lesson file
is only a declaration that ``python -m lessons check`` compares with the computed one. A player's
response is checked against the computed answer too, so a wrong lesson file can never teach a
wrong rule silently.

Points are in the student's numbering (the student plays White and is on roll): 1..24, 25 is the
bar and 0 is off. Feedback texts are English msgids with ``{name}`` fields; the player translates
the text first and then fills the fields (``Feedback.render(gettext)``), numbers with decimals
(``Num``) written the way the language writes them (``Feedback.render(gettext, number)``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine import (
    IllegalPlayError,
    InvalidNotationError,
    Play,
    Position,
    TurnBuilder,
    jsonfile,
    legal_plays,
    most_dice,
    parse_play,
)
from engine.dice import ROLLS, check_roll
from engine.errors import Reason
from engine.jsonfile import JsonValueError
from engine.match import result_kind
from lessons.i18n import N_, Translate, identity
from lessons.match import MatchInfo

TAKE_POINT = 25  # per cent: take when you still win at least one game in four
GOOD_MARGIN = 0.03  # a play within this equity of the best is good (accepted)
# How far the grading search can be off: the 80th percentile of the difference between its loss
# and GNU Backgammon 2-ply's for the same play (0.039 on 59 positions of the strength set and
# the 15 opening rolls, benchmarks/lesson_grading.py). A play this much beyond the good margin
# cannot be told from a good one surely: it is accepted as close to the best, and doubtful
# starts this much beyond the doubtful margin.
JUDGE_UNCERTAINTY = 0.04
DOUBTFUL_MARGIN = 0.08  # ... within this (plus the uncertainty), doubtful; beyond it, wrong
TOP_PLAYS = 3  # the plays shown after a judgement question

# Feedback templates (msgids).
CORRECT = N_("Correct!")
WRONG_TRY_AGAIN = N_("Not quite. Try again.")
HINT_PLAY = N_("Play {answer}.")
HINT_NO_PLAY = N_("There is no legal play: the turn is lost.")
HINT_POINTS = N_("The checker can reach: {answer}.")
HINT_NUMBER = N_("The answer is {answer}.")
HINT_TAKE = N_("Take.")
HINT_PASS = N_("Pass.")
HINT_YES = N_("Yes.")
HINT_NO = N_("No.")
# a choice as its button names it: the lesson's buttons, the worksheet's question and the class
# overview's answers say it alike
CHOICE_NAMES = {"take": N_("Take"), "pass": N_("Pass"), "yes": N_("Yes"), "no": N_("No")}
PLAY_NOT_GOAL = N_("{play} is legal, but it is not what this exercise asks for.")
REACH_FOUND = N_("Yes, a checker on {src} can reach {point}. There are more points to find.")
REACH_ALL = N_("Correct! You found every point.")
REACH_ALREADY = N_("You found {point} already.")
REACH_START = N_("The checker stands on {src}: find the points it can reach from there.")
REACH_NOT = N_("A checker on {src} cannot reach {point} with {dice}.")
REACH_BLOCKED_WAY = N_(
    "A checker on {src} cannot reach {point} with {dice}: every way there lands on a blocked point."
)
PIPS_AHEAD = N_(
    "Correct! Your count is {mine}, your opponent's {theirs}: you lead the race by {pips}."
)
PIPS_BEHIND = N_(
    "Correct! Your count is {mine}, your opponent's {theirs}: your opponent leads the race by "
    "{pips}."
)
PIPS_EVEN = N_("Correct! Both counts are {mine}: the race is even.")
NUMBER_TOO_HIGH = N_("{given} is too many.")
NUMBER_TOO_LOW = N_("{given} is too few.")
TAKE_RULE = N_(
    "You win {chance}% of the games. Passing loses the current value for sure; taking loses "
    "twice as much when you lose but wins twice as much when you win, so take when you win at "
    "least 25% (one game in four)."
)
POINT_NAMES = {25: N_("the bar"), 0: N_("off")}
BAR_STILL = N_(
    "A checker of yours is still on the bar. It must enter before any other checker moves, so "
    "the checker on {src} cannot move on: the rest of the roll is lost."
)
BAR_WAITING = N_(
    "A checker of yours is on the bar: it must enter before the checker on {src} may move."
)
BAR_ONE_DIE = N_(
    "Each checker on the bar enters with one die. A checker from the bar cannot go on to {dst} "
    "while another checker of yours is still on the bar."
)
HINT_MOVE_FROM = N_("Move a checker from {points}.")
HINT_REACH_COUNT = N_("There are {count} points to find.")
GRADE_BEST = N_("Correct! {play} is the best play here.")
GRADE_BEST_CLOSE = N_(
    "Correct! {play} is the best play here, by a hair: {other} is about as good ({close} less)."
)
CLOSE_CALL = 0.01  # a runner-up this near the best is named with it: the choice is a close call
GRADE_GOOD = N_("Correct! {play} is a good play, within {loss} of the best play, {best}.")
GRADE_CLOSE = N_(
    "Good: {play} is close to the best play, {best} ({loss} less). This program counts a play "
    "within {limit} of the best as good, because its own figures can be off by {margin}."
)
GRADE_DOUBTFUL = N_("Doubtful: {play} gives up {loss} against the best play, {best}.")
GRADE_WRONG = N_("Wrong: {play} gives up {loss} against the best play, {best}.")
PLAY_LINE = N_("{play}: equity {equity}, you win {win}%, {shots} of 36 rolls hit a blot of yours.")

# The engine's rule reasons (engine.errors.REASON_TEXT), marked here for the translation
# catalogs: the lesson player shows them as explanations. A test keeps them equal.
RULE_TEXT = {
    Reason.NO_CHECKER: N_("There is no checker of yours on that point."),
    Reason.BLOCKED_POINT: N_("That point is blocked: the opponent has two or more checkers on it."),
    Reason.BLOCKED_WAY: N_(
        "The dice add up to that distance, but every point where a die would stop on the way is "
        "blocked."
    ),
    Reason.BAR_FIRST: N_("A checker on the bar must enter before any other checker moves."),
    Reason.DIE_NOT_AVAILABLE: N_("No remaining die moves a checker that distance."),
    Reason.WRONG_DIRECTION: N_("Checkers move only forward, toward your home board."),
    Reason.CANNOT_BEAR_OFF_YET: N_(
        "You may bear off only when all 15 checkers are in your home board."
    ),
    Reason.HIGHER_CHECKER_FIRST: N_(
        "A die higher than the point bears off only from the highest occupied point; "
        "move a checker from a higher point."
    ),
    Reason.MUST_USE_BOTH_DICE: N_("You must play both dice when the rules allow it."),
    Reason.MUST_PLAY_HIGHER_DIE: N_(
        "When either die can be played but not both, you must play the higher one."
    ),
    Reason.MUST_USE_MORE_DICE: N_("You must play as many dice as the rules allow."),
    Reason.NO_LEGAL_MOVE: N_("No legal move: the turn passes."),
    Reason.TURN_COMPLETE: N_("This turn is complete: no more dice can be played."),
    Reason.NOT_A_LEGAL_PLAY: N_("That is not a legal play for this roll."),
}


class LessonDataError(ValueError):
    """Lesson content that cannot be read: a wrong field, type or value."""


@dataclass(frozen=True)
class Feedback:
    """The verdict on one response: ``text`` is a msgid with ``{name}`` fields from ``args``."""

    correct: bool
    text: str
    args: Mapping[str, Any] = field(default_factory=dict)
    done: bool = False  # True when the whole exercise is solved (a reach needs several clicks)
    more: str | None = None  # a further explanation (msgid, no fields), shown after the text

    def render(self, translate: Translate = identity, number: NumberFormat | None = None) -> str:
        """The text translated, its fields filled (``number`` writes the numbers; by default
        as English does)."""
        write = number or plain_number
        text = translate(self.text).format(
            **{k: _render(v, translate, write) for k, v in self.args.items()}
        )
        return f"{text} {translate(self.more)}" if self.more else text


def _render(value: Any, translate: Translate, number: NumberFormat) -> str:
    if isinstance(value, Msg):
        return translate(value.text)
    if isinstance(value, Num):
        return number(value)
    if isinstance(value, (list, tuple)):
        return ", ".join(_render(v, translate, number) for v in value)
    return str(value)


@dataclass(frozen=True)
class Num:
    """A number with decimals in a text (an equity, a chance in per cent): ``decimals`` places,
    with its sign when ``signed``; written when the text is rendered, the way the language
    writes numbers (a decimal comma in Danish and Dutch)."""

    value: float
    decimals: int
    signed: bool = False


NumberFormat = Callable[[Num], str]


def plain_number(n: Num) -> str:
    """A number as English writes it: ``0.260``, ``+0.203``."""
    return f"{n.value:+.{n.decimals}f}" if n.signed else f"{n.value:.{n.decimals}f}"


def language_number(language: str) -> NumberFormat:
    """Numbers as ``language`` (a code: "da", "nl", "en") writes them: ``0,260``, ``+0,203``
    in Danish and Dutch; the sign of a signed number as the program's hint writes it."""
    from babel.numbers import format_decimal

    def write(n: Num) -> str:
        pattern = "0" + ("." + "0" * n.decimals if n.decimals else "")
        shown = format_decimal(
            abs(n.value) if n.signed else n.value,
            format=pattern,
            locale=language,
            decimal_quantization=True,
        )
        return with_sign(n.value, shown) if n.signed else shown

    return write


def with_sign(value: float, shown: str) -> str:
    """``shown`` (``value`` without its sign, written in a language) with the sign the program
    writes: "+" for nought and for a value that rounds to nothing ("+0.000", never
    "\u22120.000"), else the minus sign U+2212."""
    return ("+" if value >= 0 or rounds_to_nothing(shown) else "\u2212") + shown


def rounds_to_nothing(shown: str) -> bool:
    """Whether a number as written (``shown``, any language) has no digit but 0: "0.000"."""
    return not any(digit in shown for digit in "123456789")


@dataclass(frozen=True)
class Msg:
    """A translatable text used as a field of another text (so it is translated too)."""

    text: str


@dataclass(frozen=True)
class Hint:
    """One level of a graduated hint: 1 the rule, 2 the checker to move, 3 the answer.

    ``rings`` are points to ring on the board; ``arrows`` ((from, to) pairs) show the answer and
    are empty until the student has tried once (``Exercise.hint_at(level, tried)``).
    """

    level: int
    feedback: Feedback
    rings: tuple[int, ...] = ()
    arrows: tuple[tuple[int, int], ...] = ()


def full_notation(play: Play) -> str:
    """The play written with every landing of every checker: 6/4/off, 8/6/3, bar/23/19*.

    Each segment is one die, so a hint never shows a jump the lesson forbids (8/3 for 8/6/3).
    Equal paths are counted (8/5(2)); paths are listed from the highest start down.
    """
    chains: list[list[tuple[int, int, bool]]] = []
    for step in sorted(play.steps, key=lambda s: (-s.src, s.dst)):
        for chain in chains:
            if chain[-1][1] == step.src and step.src != 0:
                chain.append((step.src, step.dst, step.hit))
                break
        else:
            chains.append([(step.src, step.dst, step.hit)])
    # the engine's order: from the highest start; from one point, the longer path first
    chains.sort(key=lambda c: (-c[0][0], -len(c), -c[-1][1]))
    names = ["off", *(str(p) for p in range(1, 25)), "bar"]
    paths = [
        names[chain[0][0]] + "".join(f"/{names[d]}{'*' if h else ''}" for _, d, h in chain)
        for chain in chains
    ]
    parts: list[str] = []
    for path in paths:
        if parts and parts[-1].split("(")[0] == path:
            count = int(parts[-1].split("(")[1][:-1]) + 1 if "(" in parts[-1] else 2
            parts[-1] = f"{path}({count})"
        else:
            parts.append(path)
    return " ".join(parts)


def play_arrows(play: Play) -> tuple[tuple[int, int], ...]:
    """One arrow per die of the play, in the order the steps are made."""
    return tuple((s.src, s.dst) for s in play.steps)


def point_name(point: int) -> Any:
    return Msg(POINT_NAMES[point]) if point in POINT_NAMES else point


def dice_text(dice: tuple[int, int]) -> str:
    return f"{dice[0]}-{dice[1]}"


# -- base -----------------------------------------------------------------------------------------
@dataclass
class Exercise:
    """One question about a step's position; subclasses know how to compute and check it."""

    kind = ""
    position: Position
    match: MatchInfo | None
    prompt: str
    explain: str | None  # optional extra explanation shown with a wrong answer (msgid)
    declared: Any  # the answer written in the lesson file
    rule: str | None = field(default=None, kw_only=True)  # the first hint: the rule (msgid)
    # the prompt on a printed worksheet where the window's differs (msgid): on paper nothing
    # refuses the move a prompt asks to try first
    paper: str | None = field(default=None, kw_only=True)

    # Subclasses: answer() computes with the engine; same_answer() compares with declared.
    def answer(self) -> Any:
        raise NotImplementedError

    def same_answer(self) -> bool:
        return bool(self.answer() == self.declared)

    def prompt_args(self) -> dict[str, Any]:
        """The fields of the prompt (a drill's take question states the computed chance)."""
        return {}

    def render_prompt(
        self, translate: Translate = identity, number: NumberFormat | None = None
    ) -> str:
        """The prompt translated, then its fields filled."""
        return Feedback(False, self.prompt, self.prompt_args()).render(translate, number)

    def render_paper_prompt(
        self, translate: Translate = identity, number: NumberFormat | None = None
    ) -> str:
        """The prompt of a printed worksheet: ``paper`` where the lesson gives one."""
        text = self.paper or self.prompt
        return Feedback(False, text, self.prompt_args()).render(translate, number)

    def hint(self) -> Feedback:
        """The answer (the last level of the graduated hints)."""
        raise NotImplementedError

    def general_rule(self) -> str | None:
        """The rule of the kind (msgid, no fields): the first hint when the lesson file gives
        none, in place of the explanation, which may give the answer away (a yes or no
        question's explanation is its answer)."""
        return None

    def hints(self) -> list[Hint]:
        """The graduated hints in order: the rule, then the checker to move, then the answer.

        A level the exercise has nothing for is left out; the last is always the answer, with
        its arrows (the player shows them only after a first try: see ``hint_at``). When the
        kind's general rule comes first, an explanation without fields comes with the answer.
        """
        out = []
        rule = self.rule or self.general_rule()
        first = rule or self.explain
        if first:
            # an explanation may have fields (the race rule's counts): fill them
            args: dict[str, Any] = {} if rule else getattr(self, "_explain_args", dict)()
            out.append(Hint(1, Feedback(False, first, args)))
        nudge = self._nudge()
        if nudge is not None:
            out.append(nudge)
        answer = self._answer_hint()
        told = answer.feedback
        if not self.rule and rule and self.explain and "{" not in self.explain and not told.more:
            told = Feedback(told.correct, told.text, told.args, told.done, self.explain)
            answer = Hint(answer.level, told, answer.rings, answer.arrows)
        out.append(answer)
        return out

    def hint_at(self, level: int, tried: bool) -> Hint:
        """The ``level``-th hint (1-based, capped at the last); arrows only when ``tried``."""
        hints = self.hints()
        hint = hints[max(0, min(level, len(hints)) - 1)]
        if not tried and hint.arrows:
            hint = Hint(hint.level, hint.feedback, hint.rings, ())
        return hint

    def _nudge(self) -> Hint | None:
        return None

    def _answer_hint(self) -> Hint:
        return Hint(3, self.hint())

    def messages(self) -> list[str]:
        return [m for m in (self.prompt, self.paper, self.explain, self.rule) if m]

    def _wrong(self, text: str = WRONG_TRY_AGAIN, **args: Any) -> Feedback:
        return Feedback(False, text, args)


def _die(value: object, where: str) -> int:
    return jsonfile.integer(value, where, 1, 6)


def dice_pair(value: object, where: str) -> tuple[int, int]:
    """Two dice 1-6 from a lesson file (a list of two whole numbers); ``LessonDataError``."""
    try:
        d1, d2 = jsonfile.array(value, where, length=2, each=_die)
    except JsonValueError as exc:
        raise LessonDataError(str(exc)) from None
    return check_roll((d1, d2))


def _dice(data: Mapping[str, Any]) -> tuple[int, int]:
    if "dice" not in data:
        raise LessonDataError("an exercise needs 'dice': two dice 1-6")
    return dice_pair(data["dice"], "the exercise's 'dice'")


# -- play the roll --------------------------------------------------------------------------------
@dataclass
class PlayExercise(Exercise):
    """Play the roll on the board; accepted: the legal plays that meet the goal.

    With no goal every legal play is accepted (used when the rules leave one play only); the goal
    can ask for hits (``"hit": [5]``), points made (``"make": [5, 3]``), a checker's path
    (``"moves": [[9, 3]]``) and checkers borne off (``"off": 2``). ``declared`` is the list of
    accepted plays in GNU Backgammon notation; an empty list declares that no play is legal.
    """

    kind = "play"
    dice: tuple[int, int] = (1, 1)
    goal: Mapping[str, Any] = field(default_factory=dict)
    wrong: str | None = None  # msgid for a legal play that misses the goal
    # a move the prompt asks the student to try first, to see the rules refuse it ("Try 5/off
    # first"): (from, to); doing as asked is no wrong answer
    invited: tuple[int, int] | None = None

    def refusal_is_answer(self, reason: str, moved: int, src: int, dst: int) -> bool:
        """Whether the move ``src`` -> ``dst`` the rules refused (``reason``) after ``moved``
        moves counts as a wrong answer: not a click where no checker of the student's is (a slip
        of the mouse), nor the move the prompt asks to try first (both counted as mistakes in
        the teacher's report)."""
        return reason != Reason.NO_CHECKER and not (moved == 0 and self.invited == (src, dst))

    def legal(self) -> list[Play]:
        return legal_plays(self.position, self.dice)

    def accepted(self) -> list[Play]:
        return [p for p in self.legal() if self.meets_goal(p)]

    def meets_goal(self, play: Play) -> bool:
        goal = self.goal
        if any(point not in play.hits() for point in goal.get("hit", ())):
            return False
        mine = play.result.opponent if play.result is not None else self.position.on_roll
        if any(mine[point - 1] < 2 for point in goal.get("make", ())):
            return False
        if "off" in goal and sum(1 for s in play.steps if s.dst == 0) != goal["off"]:
            return False
        return all(_travels(play, src, dst) for src, dst in goal.get("moves", ()))

    def answer(self) -> list[str]:
        """The accepted plays, written in full (every landing: 8/6/3, not 8/3)."""
        return sorted(full_notation(p) for p in self.accepted())

    def declared_plays(self) -> list[Play]:
        """The declared plays read in context (``IllegalPlayError``, ``InvalidNotationError``)."""
        return [parse_play(self.position, self.dice, text) for text in self.declared]

    def same_answer(self) -> bool:
        try:
            declared = {p.result for p in self.declared_plays()}
        except (IllegalPlayError, InvalidNotationError):
            return False
        return declared == {p.result for p in self.accepted()} and len(declared) == len(
            self.declared
        )

    def builder(self) -> TurnBuilder:
        """A turn builder for the board: it refuses illegal steps with the rule's reason."""
        return TurnBuilder(self.position, self.dice)

    def check_play(self, play: Play) -> Feedback:
        """Judge a finished play (from ``TurnBuilder.play()`` or ``parse_play``)."""
        results = {p.result for p in self.accepted()}
        if play.result in results:
            return Feedback(True, CORRECT, done=True)
        if play.result in {p.result for p in self.legal()}:
            return self._wrong(self.wrong or PLAY_NOT_GOAL, play=full_notation(play))
        return self._wrong(RULE_TEXT["not_a_legal_play"])

    def check_text(self, text: str) -> Feedback:
        """Judge a play typed in notation: an illegal one is explained by the engine's rule."""
        try:
            play = parse_play(self.position, self.dice, text)
        except IllegalPlayError as exc:
            # A checker left on the bar by every legal play explains a refused move on.
            if exc.reason == Reason.TURN_COMPLETE and all(
                p.result is not None and p.result.opponent[24] > 0 for p in self.legal()
            ):
                return self._wrong(RULE_TEXT[Reason.BAR_FIRST])
            return self._wrong(RULE_TEXT.get(exc.reason, str(exc)))
        except InvalidNotationError as exc:
            return self._wrong(str(exc))
        return self.check_play(play)

    def shown_play(self) -> Play | None:
        """The play a hint shows: the first accepted one (None when no play is legal)."""
        plays = self.accepted()
        return plays[0] if plays else None

    def hint(self) -> Feedback:
        play = self.shown_play()
        if play is None:
            return Feedback(False, HINT_NO_PLAY)
        return Feedback(False, HINT_PLAY, {"answer": full_notation(play)})

    def _nudge(self) -> Hint | None:
        play = self.shown_play()
        if play is None:
            return None
        starts = sorted({s.src for s in play.steps} - {s.dst for s in play.steps}, reverse=True)
        names = [point_name(p) for p in starts]
        return Hint(2, Feedback(False, HINT_MOVE_FROM, {"points": names}), rings=tuple(starts))

    def _answer_hint(self) -> Hint:
        play = self.shown_play()
        arrows = play_arrows(play) if play is not None else ()
        return Hint(3, self.hint(), arrows=arrows)

    def refusal(
        self, builder: TurnBuilder, src: int, error: IllegalPlayError, dst: int | None = None
    ) -> Feedback:
        """Explain why ``builder`` refused a move from ``src`` (to ``dst``, when known).

        The engine's rule reason, except where a checker of the student's still on the bar is
        the real reason (seed 003: two on the bar, one enters): a checker that entered may not
        move on while the other waits (``BAR_STILL``), and one checker from the bar cannot be
        carried on with the second die while another is still on the bar (``BAR_ONE_DIE``). A
        point where the student has no checker is told so (``NO_CHECKER``), whatever the
        engine's reason (a turn that cannot go on is complete for every point).
        """
        reason = error.reason
        position = builder.current_position()
        if 1 <= src <= 24 and position.on_roll[src - 1] == 0:  # not a point of the student's
            return self._wrong(RULE_TEXT[Reason.NO_CHECKER])
        on_bar = position.on_bar()[0]
        if on_bar and src != 25 and reason == Reason.TURN_COMPLETE:
            return self._wrong(BAR_STILL, src=point_name(src))
        if on_bar and src != 25 and reason == Reason.BAR_FIRST:
            return self._wrong(BAR_WAITING, src=point_name(src))
        if src == 25 and dst is not None and reason == Reason.BAR_FIRST:
            return self._wrong(BAR_ONE_DIE, dst=point_name(dst))
        return self._wrong(RULE_TEXT.get(reason, str(error)))

    def messages(self) -> list[str]:
        return super().messages() + ([self.wrong] if self.wrong else [])


def _travels(play: Play, src: int, dst: int) -> bool:
    """True when one checker of ``play`` goes from ``src`` to ``dst`` (over one or more steps)."""
    steps = list(play.steps)
    for i, first in enumerate(steps):
        if first.src != src:
            continue
        here = first.dst
        used = {i}
        while here != dst:
            nxt = next((j for j, s in enumerate(steps) if j not in used and s.src == here), None)
            if nxt is None or here == 0:
                break
            used.add(nxt)
            here = steps[nxt].dst
        if here == dst:
            return True
    return False


# -- judgement: play this roll, graded by the Expert evaluator ------------------------------------
@dataclass
class JudgeExercise(PlayExercise):
    """Play this roll: any legal play is accepted and graded by the Expert evaluator.

    Best, good (within ``GOOD_MARGIN`` of the best: accepted too), doubtful (within
    ``DOUBTFUL_MARGIN``) or wrong; the feedback shows the top plays with their numbers. The file
    declares the best play (full notation); ``python -m lessons check`` compares it with the
    evaluator's. ``reason`` (msgid) says in one line why the best play is best. A play exercise
    to a player that does not know judgement: ``accepted()`` are the best and the good plays.
    """

    # "play" for the player: the student plays the roll on the board like any play exercise
    # (a player that knows judgement asks isinstance(ex, JudgeExercise)); files say "judge".
    kind = "play"
    reason: str | None = None

    def ranking(self) -> list[Any]:
        """Every legal play ranked by the Expert level (``lessons.judge.RankedLine``)."""
        from lessons.judge import rank

        return rank(self.position, self.dice)

    def accepted(self) -> list[Play]:
        return [r.play for r in self.ranking() if r.loss <= GOOD_MARGIN + JUDGE_UNCERTAINTY]

    def shown_play(self) -> Play | None:
        ranking = self.ranking()
        return ranking[0].play if ranking else None

    def answer(self) -> str:  # type: ignore[override]
        best = self.shown_play()
        return full_notation(best) if best is not None else ""

    def same_answer(self) -> bool:
        try:
            declared = parse_play(self.position, self.dice, self.declared)
        except (IllegalPlayError, InvalidNotationError):
            return False
        best = self.shown_play()
        return best is not None and declared.result == best.result

    def grade(self, play: Play) -> tuple[str, float]:
        """("best" | "good" | "doubtful" | "wrong", equity lost against the best play)."""
        line = next((r for r in self.ranking() if r.play.result == play.result), None)
        if line is None:
            raise ValueError(f"{play} is not a legal play of {dice_text(self.dice)} here")
        if line.loss <= 1e-9:
            return "best", 0.0
        if line.loss <= GOOD_MARGIN + JUDGE_UNCERTAINTY:
            return "good", line.loss
        doubtful = line.loss <= DOUBTFUL_MARGIN + JUDGE_UNCERTAINTY
        return ("doubtful" if doubtful else "wrong"), line.loss

    def check_play(self, play: Play) -> Feedback:
        """Grade a finished play; best and good plays are correct, with the ``reason``."""
        played = next((r.play for r in self.ranking() if r.play.result == play.result), None)
        if played is None:
            return self._wrong(RULE_TEXT["not_a_legal_play"])
        grade, loss = self.grade(played)
        text = {
            "best": GRADE_BEST,
            "good": GRADE_GOOD if loss <= GOOD_MARGIN else GRADE_CLOSE,
            "doubtful": GRADE_DOUBTFUL,
            "wrong": GRADE_WRONG,
        }[grade]
        args = {
            "play": full_notation(played),
            "loss": Num(loss, 3),
            "best": self.answer(),
            "limit": Num(GOOD_MARGIN + JUDGE_UNCERTAINTY, 2),
            "margin": Num(JUDGE_UNCERTAINTY, 2),
        }
        ranking = self.ranking()
        if grade == "best" and len(ranking) > 1 and ranking[1].loss <= CLOSE_CALL:
            # (a lesson called 24/22 13/8 and 13/11 13/8 about equal, and the verdict named
            # one "the best play" alone)
            text = GRADE_BEST_CLOSE
            args |= {"other": full_notation(ranking[1].play), "close": Num(ranking[1].loss, 3)}
        ok = grade in ("best", "good")
        return Feedback(ok, text, args, done=ok, more=self.reason if ok else None)

    def top_lines(self, count: int = TOP_PLAYS) -> list[Feedback]:
        """The top plays, one line each with the numbers behind the grade."""
        return [
            Feedback(
                False,
                PLAY_LINE,
                {
                    "play": full_notation(r.play),
                    "equity": Num(r.equity, 3, signed=True),
                    "win": Num(100 * r.win(), 1),
                    "shots": r.shots(),
                },
            )
            for r in self.ranking()[:count]
        ]

    def messages(self) -> list[str]:
        return super().messages() + ([self.reason] if self.reason else [])


# -- click the points a checker can reach ---------------------------------------------------------
@dataclass
class ReachExercise(Exercise):
    """Click every point a checker on ``src`` can reach this turn (through the turn builder).

    A point counts when some legal play takes that checker there, after one die or more; 0 is off.
    Other checkers may move between its steps: with two on the bar and a double, both enter
    and then either goes on.
    """

    kind = "reach"
    dice: tuple[int, int] = (1, 1)
    src: int = 24

    def answer(self) -> list[int]:
        builder = TurnBuilder(self.position, self.dice)
        found: set[int] = set()
        seen: set[tuple[str, int, tuple[int, ...]]] = set()

        def walk(at: int) -> None:  # ``at``: where the checker is after the steps so far
            now = builder.current_position()
            key = (now.position_id(), at, tuple(sorted(builder.remaining_dice())))
            if key in seen:
                return
            seen.add(key)
            for step in builder.legal_steps():
                alone = step.src == at and now.checker_at(at) == 1
                builder.move_checker(step.src, step.dst)
                if step.src == at:  # it moves (or, from a point of several, another one does)
                    found.add(step.dst)
                    if step.dst != 0:
                        walk(step.dst)
                if not alone:
                    walk(at)
                builder.undo()

        walk(self.src)
        return sorted(found, reverse=True)

    def same_answer(self) -> bool:
        return sorted(self.declared, reverse=True) == self.answer()

    def check_point(self, point: int, found: set[int] | frozenset[int] = frozenset()) -> Feedback:
        """Judge one click; ``found`` are the points found already. ``done`` when all are found."""
        answer = set(self.answer())
        args = {"src": point_name(self.src), "point": point_name(point)}
        if point in found and point in answer:
            return Feedback(False, REACH_ALREADY, args)
        if point in answer:
            if answer <= set(found) | {point}:
                return Feedback(True, REACH_ALL, args, done=True)
            return Feedback(True, REACH_FOUND, args)
        if point == self.src:  # the engine would say checkers move only forward
            return self._wrong(REACH_START, **args)
        return self._wrong(self._why_not(point), **args, dice=dice_text(self.dice))

    def _why_not(self, point: int) -> str:
        """The engine's reason why the checker cannot go to ``point`` (by one die or several)."""
        try:
            TurnBuilder(self.position, self.dice).move_to(self.src, point)
        except IllegalPlayError as exc:
            if exc.reason == Reason.BLOCKED_WAY:
                return REACH_BLOCKED_WAY
            if exc.reason != Reason.DIE_NOT_AVAILABLE:
                return RULE_TEXT.get(exc.reason, REACH_NOT)
        return REACH_NOT

    def hint(self) -> Feedback:
        names = [point_name(p) for p in self.answer()]
        return Feedback(False, HINT_POINTS, {"answer": names or "-"})

    def _nudge(self) -> Hint | None:
        count = len(self.answer())
        return Hint(2, Feedback(False, HINT_REACH_COUNT, {"count": count}), rings=(self.src,))


# -- numbers ----------------------------------------------------------------------------------
@dataclass
class NumberExercise(Exercise):
    """A count typed or chosen by the student; subclasses compute it."""

    def answer(self) -> int:
        raise NotImplementedError

    def check_number(self, given: int) -> Feedback:
        right = self.answer()
        if given == right:
            return Feedback(True, CORRECT, done=True)
        text = NUMBER_TOO_HIGH if given > right else NUMBER_TOO_LOW
        # with why: the lesson's explanation, else the rule ("4 is too many." alone said
        # nothing of why: found by a tester)
        more = self.explain or self.rule or self.general_rule()
        return Feedback(False, text, {"given": given}, more=more)

    def hint(self) -> Feedback:
        return Feedback(False, HINT_NUMBER, {"answer": self.answer()})


@dataclass
class PipsExercise(NumberExercise):
    """The pip count of one side: ``side`` is "you" (White, on roll) or "opponent"."""

    kind = "pips"
    side: str = "you"
    compare: bool = False  # a right answer is followed by the race: who leads, by how much

    def answer(self) -> int:
        mine, theirs = self.position.pip_count()
        return mine if self.side == "you" else theirs

    def check_number(self, given: int) -> Feedback:
        verdict = super().check_number(given)
        if not (verdict.correct and self.compare):
            return verdict
        mine, theirs = self.position.pip_count()
        text = PIPS_AHEAD if mine < theirs else PIPS_BEHIND if mine > theirs else PIPS_EVEN
        return Feedback(
            True, text, {"mine": mine, "theirs": theirs, "pips": abs(theirs - mine)}, True
        )


@dataclass
class ShotsExercise(NumberExercise):
    """How many of the 36 rolls hit the blot on ``target``: rolls with a legal play hitting it.

    ``by`` is who shoots: "you" (on roll) or "opponent"; ``target`` is in the student's numbering.
    """

    kind = "shots"
    by: str = "opponent"
    target: int = 1

    def prompt_args(self) -> dict[str, Any]:
        """``{point}``: the blot's point (a drill's position may have more than one blot)."""
        return {"point": self.target}

    def answer(self) -> int:
        position, target = self.position, self.target
        if self.by == "opponent":
            position, target = position.swapped(), 25 - target
        return sum(
            weight
            for dice, weight in ROLLS
            if any(target in play.hits() for play in legal_plays(position, dice))
        )


@dataclass
class DiceCountExercise(NumberExercise):
    """How many dice (of two, or four for a double) the rules let you play with this roll."""

    kind = "dice_count"
    dice: tuple[int, int] = (1, 1)

    def answer(self) -> int:
        return most_dice(legal_plays(self.position, self.dice))


GAME_POINTS_RULE = N_(
    "A single game scores the value of the cube; a gammon (the loser has borne off no checker) "
    "twice that; a backgammon (no checker borne off and one still on the bar or in the winner's "
    "home board) three times that."
)


@dataclass
class GamePointsExercise(NumberExercise):
    """Points won by the student, who has borne off every checker: 1, 2 or 3 times the cube."""

    kind = "game_points"

    def general_rule(self) -> str | None:
        return GAME_POINTS_RULE

    def answer(self) -> int:
        cube = self.match.cube if self.match is not None else 1
        # the engine judges the finished game from the loser's side
        return int(result_kind(self.position.swapped())) * cube


# -- choices ----------------------------------------------------------------------------------
@dataclass
class ChoiceExercise(Exercise):
    """A question with two buttons; ``answer()`` is one of ``choices``."""

    choices: tuple[str, str] = ("yes", "no")

    def check_choice(self, choice: str) -> Feedback:
        if choice not in self.choices:
            raise ValueError(f"{choice!r} is not one of {self.choices}")
        if choice == self.answer():
            return Feedback(True, CORRECT, done=True)
        return self._wrong(self.explain or WRONG_TRY_AGAIN, **self._explain_args())

    def _explain_args(self) -> dict[str, Any]:
        return {}

    def hint(self) -> Feedback:
        texts = {"take": HINT_TAKE, "pass": HINT_PASS, "yes": HINT_YES, "no": HINT_NO}
        return Feedback(False, texts[self.answer()])


@dataclass
class TakeExercise(ChoiceExercise):
    """Take or pass a double when you win ``chance`` per cent of the games (gammons aside).

    Passing loses 1 (the value before the double); taking scores +2 or -2, so the take is right
    when ``2 * chance - 2 * (100 - chance) >= -100``, that is ``chance >= 25``.
    """

    kind = "take"
    choices: tuple[str, str] = ("take", "pass")
    chance: int = 50

    def answer(self) -> str:
        take_equity = 2 * self.chance - 2 * (100 - self.chance)  # per 100 games, in cube units
        return "take" if take_equity >= -100 else "pass"

    def check_choice(self, choice: str) -> Feedback:
        verdict = super().check_choice(choice)
        if verdict.correct:
            return verdict
        return self._wrong(TAKE_RULE, chance=self.chance)

    def prompt_args(self) -> dict[str, Any]:
        return {"chance": self.chance}

    def evaluated(self) -> tuple[int, float]:
        """The student's winning chance (whole per cent) and gammon loss chance (0-1) by the
        Expert evaluator, with the doubling opponent on roll (``position`` is the student's
        view, so the opponent's position is its mirror)."""
        from lessons.judge import chances

        win, gammon = chances(self.position.swapped())
        return round(100 * (1 - win)), gammon


TAKE_CUBE_TAKE = N_(
    "Take: you win {chance}% of the games. In this race you own the cube after a take and may "
    "redouble later, which is worth something too: by this program's cube model {point}% is "
    "enough here, not 25%."
)
TAKE_CUBE_PASS = N_(
    "Pass: you win only {chance}% of the games. Even with the cube yours after a take, you need "
    "about {point}% in this race, by this program's cube model."
)


@dataclass
class CubeTakeExercise(TakeExercise):
    """Take or pass a money double in a race, answered by the cube model (``ai.cube``): the
    take is right when the doubler's cubeful equity after a take is at most the pass's +1.

    ``chance`` is the taker's winning chance (whole per cent, stated in the prompt); the
    verdict's ``take_point`` is lower than 25% because the taker owns the cube afterwards.
    """

    def verdict(self) -> Any:
        """``lessons.judge.TakeVerdict`` of the opponent's double (the doubler is on roll)."""
        from lessons.judge import take_verdict

        return take_verdict(self.position.swapped())

    def answer(self) -> str:
        return "take" if self.verdict().take else "pass"

    def check_choice(self, choice: str) -> Feedback:
        verdict = ChoiceExercise.check_choice(self, choice)
        if verdict.correct:
            return Feedback(True, CORRECT, done=True, more=None)
        return self._wrong(self._reason(), **self._explain_args())

    def _reason(self) -> str:
        return TAKE_CUBE_TAKE if self.answer() == "take" else TAKE_CUBE_PASS

    def _explain_args(self) -> dict[str, Any]:
        return {"chance": self.chance, "point": f"{100 * self.verdict().take_point:.0f}"}

    def general_rule(self) -> str | None:
        return TAKE_CUBE_RULE  # (its {point} filled by ``hints``)

    def hints(self) -> list[Hint]:
        rule = Hint(1, Feedback(False, self.rule or TAKE_CUBE_RULE, self._explain_args()))
        return [rule, Hint(3, Feedback(False, self._reason(), self._explain_args()))]


TAKE_CUBE_RULE = N_(
    "In a race the cube is yours after you take, so you may redouble later: take when you win "
    "about {point}% or more."
)


# The race rule of thumb (pip counts, before the doubler rolls): double with a lead of 8% of
# your count, redouble with 9%, and the taker passes when the lead is more than 12% (Walter
# Trice's 8-9-12 rule: a take up to 12%).
RACE_DOUBLE, RACE_REDOUBLE, RACE_PASS = 8, 9, 12
RACE_DOUBLE_RULE = N_(
    "Your lead is your opponent's count minus yours: double when it is 8% of your count or "
    "more, redouble when it is 9% or more."
)
RACE_TAKE_RULE = N_(
    "Count both races: take as long as the doubler leads by no more than 12% of the doubler's "
    "count."
)


@dataclass
class RaceCubeExercise(ChoiceExercise):
    """The 8-9-12% race rule: ``decision`` "double" (you, on roll, may double: yes or no) or
    "take" (your opponent doubles: take or pass). Read from the pip counts; the explanation
    gives them (fields ``{doubler}``, ``{taker}``, ``{lead}``).
    """

    kind = "race_cube"
    decision: str = "double"

    def __post_init__(self) -> None:
        if self.decision == "take":
            self.choices = ("take", "pass")

    def counts(self) -> tuple[int, int, float]:
        """(doubler's pips, taker's pips, the doubler's lead in % of the doubler's count)."""
        mine, theirs = self.position.pip_count()
        doubler, taker = (mine, theirs) if self.decision == "double" else (theirs, mine)
        return doubler, taker, 100 * (taker - doubler) / doubler

    def answer(self) -> str:
        _, _, lead = self.counts()
        if self.decision == "take":
            return "pass" if lead > RACE_PASS else "take"  # Trice: take up to 12%
        owned = self.match is not None and self.match.cube_owner == "you"
        return "yes" if lead >= (RACE_REDOUBLE if owned else RACE_DOUBLE) else "no"

    def _explain_args(self) -> dict[str, Any]:
        doubler, taker, lead = self.counts()
        return {"doubler": doubler, "taker": taker, "lead": Num(lead, 1)}

    def general_rule(self) -> str | None:
        return RACE_TAKE_RULE if self.decision == "take" else RACE_DOUBLE_RULE

    def working(self) -> Feedback | None:
        """The counts and the lead (the explanation, its fields filled), if it has one: the
        hint before the answer, and the answer key's working on paper."""
        if not self.explain:
            return None
        return Feedback(False, self.explain, self._explain_args())

    def _nudge(self) -> Hint | None:
        """After the rule, the counts and the lead (the explanation), before the answer."""
        working = self.working()
        return Hint(2, working) if working is not None else None

    def hint(self) -> Feedback:
        texts = {"take": HINT_TAKE, "pass": HINT_PASS, "yes": HINT_YES, "no": HINT_NO}
        return Feedback(False, texts[self.answer()])


CRAWFORD_RULE = N_(
    "The Crawford game is the one game right after a player first reaches match point, one "
    "point from winning the match: no one may double in it. In the games after it the cube is "
    "back."
)
MAY_DOUBLE_RULE = N_(
    "Before you roll you may double when the cube is in the middle (its 64 face up means 1) or "
    "yours, until it has been doubled to 64, and never in the Crawford game."
)


@dataclass
class CrawfordExercise(ChoiceExercise):
    """Is this game the Crawford game? Read from the Match ID."""

    kind = "crawford"

    def general_rule(self) -> str | None:
        return CRAWFORD_RULE

    def answer(self) -> str:
        if self.match is None:
            raise LessonDataError("a crawford exercise needs a Match ID")
        return "yes" if self.match.crawford else "no"


@dataclass
class MayDoubleExercise(ChoiceExercise):
    """May the student (on roll) double now? Read from the Match ID by the cube rules."""

    kind = "may_double"

    def general_rule(self) -> str | None:
        return MAY_DOUBLE_RULE

    def answer(self) -> str:
        if self.match is None:
            raise LessonDataError("a may_double exercise needs a Match ID")
        return "yes" if self.match.may_double() else "no"


KINDS: dict[str, type[Exercise]] = {
    "judge": JudgeExercise,
    **{
        cls.kind: cls
        for cls in (
            PlayExercise,
            ReachExercise,
            PipsExercise,
            ShotsExercise,
            DiceCountExercise,
            GamePointsExercise,
            TakeExercise,
            RaceCubeExercise,
            CrawfordExercise,
            MayDoubleExercise,
        )
    },
}


def make_exercise(data: Mapping[str, Any], position: Position, match: MatchInfo | None) -> Exercise:
    """Build an exercise from its lesson-file object; raises ``LessonDataError``.

    Every field is checked by type and range here, so that the exercise never meets a value it
    cannot compute with.
    """
    try:
        return _make_exercise(data, position, match)
    except JsonValueError as exc:
        raise LessonDataError(str(exc)) from None


MAX_TEXT = 5_000  # characters of a prompt or an explanation
MAX_ANSWER = 10_000  # no count asked in a lesson comes near (pips of a whole side: 375)


def _optional_text(data: Mapping[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    return jsonfile.text(value, f"the exercise's {key!r}", max_length=MAX_TEXT, nonempty=True)


def _points(value: object, where: str, low: int, high: int = 25) -> list[int]:
    return jsonfile.array(
        value, where, max_length=30, each=lambda point, at: jsonfile.integer(point, at, low, high)
    )


def _goal(value: object) -> dict[str, Any]:
    goal = jsonfile.mapping(value, "a play goal")
    if set(goal) - {"hit", "make", "moves", "off"}:
        raise LessonDataError(f"a play goal has keys hit, make, moves, off: {sorted(goal)}")
    checked: dict[str, Any] = {}
    if "hit" in goal:
        checked["hit"] = _points(goal["hit"], "the goal's 'hit'", 1, 24)
    if "make" in goal:
        checked["make"] = _points(goal["make"], "the goal's 'make'", 1, 24)
    if "moves" in goal:
        checked["moves"] = [
            _points(pair, "a move of the goal", 0)
            for pair in jsonfile.array(goal["moves"], "the goal's 'moves'", max_length=4)
        ]
        if any(len(pair) != 2 for pair in checked["moves"]):
            raise LessonDataError("a move of the goal is [from, to]")
    if "off" in goal:
        checked["off"] = jsonfile.integer(goal["off"], "the goal's 'off'", 0, 4)
    return checked


def _make_exercise(
    data: Mapping[str, Any], position: Position, match: MatchInfo | None
) -> Exercise:
    kind = data.get("type")
    cls = KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise LessonDataError(
            f"unknown exercise type {jsonfile.shown(kind)} (known: {', '.join(KINDS)})"
        )
    prompt = data.get("prompt")
    if not isinstance(prompt, str) or not prompt:
        raise LessonDataError("an exercise needs a 'prompt' text")
    jsonfile.text(prompt, "the exercise's 'prompt'", max_length=MAX_TEXT)
    if "answer" not in data:
        raise LessonDataError("an exercise must declare its 'answer'")
    answer = data["answer"]
    base = {
        "position": position,
        "match": match,
        "prompt": prompt,
        "explain": _optional_text(data, "explain"),
        "declared": answer,
        "rule": _optional_text(data, "rule"),
        "paper": _optional_text(data, "paper"),
    }
    extra: dict[str, Any] = {}
    if cls in (PlayExercise, JudgeExercise, ReachExercise, DiceCountExercise):
        extra["dice"] = _dice(data)
    if cls is PlayExercise:
        extra["goal"] = _goal(data.get("goal", {}))
        extra["wrong"] = _optional_text(data, "wrong")
        if "try" in data:
            src, dst = jsonfile.array(
                data["try"],
                "the exercise's 'try'",
                length=2,
                each=lambda point, at: jsonfile.integer(point, at, 0, 25),
            )
            extra["invited"] = (src, dst)
        if not isinstance(answer, list) or not all(isinstance(a, str) for a in answer):
            raise LessonDataError("a play exercise's answer is a list of plays in notation")
        jsonfile.array(answer, "the answer", max_length=100)
    elif cls is JudgeExercise:
        extra["reason"] = _optional_text(data, "reason")
        if not isinstance(answer, str):
            raise LessonDataError("a judge exercise's answer is the best play in notation")
    elif cls is ReachExercise:
        extra["src"] = _int(data, "from", 0, 25)
        if not isinstance(answer, list):
            raise LessonDataError("a reach exercise's answer is a list of points")
        _points(answer, "the answer", 0)
    elif cls is PipsExercise:
        extra["side"] = _choice(data, "side", ("you", "opponent"))
        compare = data.get("compare", False)
        if not isinstance(compare, bool):
            raise LessonDataError(f"'compare' must be true or false, not {jsonfile.shown(compare)}")
        extra["compare"] = compare
    elif cls is ShotsExercise:
        extra["by"] = _choice(data, "by", ("you", "opponent"))
        extra["target"] = _int(data, "target", 1, 24)
    elif cls is TakeExercise:
        extra["chance"] = _int(data, "chance", 0, 100)
    elif cls is RaceCubeExercise:
        extra["decision"] = _choice(data, "decision", ("double", "take"))
    if cls in (CrawfordExercise, MayDoubleExercise) and match is None:
        raise LessonDataError(f"a {kind} exercise needs the step's Match ID ('match')")
    if cls is GamePointsExercise and any(position.on_roll):
        raise LessonDataError(
            "a game_points exercise needs a finished game: you have borne off every checker"
        )
    takes = cls is TakeExercise or extra.get("decision") == "take"
    if issubclass(cls, ChoiceExercise) and answer not in (
        ("take", "pass") if takes else ("yes", "no")
    ):
        raise LessonDataError(f"answer {jsonfile.shown(answer)} is not one of the choices")
    if issubclass(cls, NumberExercise):
        if not isinstance(answer, int) or isinstance(answer, bool):
            raise LessonDataError("this exercise's answer is a whole number")
        jsonfile.integer(answer, "the answer", 0, MAX_ANSWER)
    return cls(**base, **extra)


def _int(data: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise LessonDataError(
            f"{key!r} must be a whole number {low}-{high}, not {jsonfile.shown(value)}"
        )
    return value


def _choice(data: Mapping[str, Any], key: str, options: tuple[str, ...]) -> str:
    value = data.get(key, options[0])
    if not isinstance(value, str) or value not in options:
        raise LessonDataError(f"{key!r} must be one of {options}, not {jsonfile.shown(value)}")
    return value
