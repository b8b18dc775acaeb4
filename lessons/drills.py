"""Endless drills: positions drawn at random, every answer computed by the engine or evaluator.

Each drill draws a ``Step`` (the same value a lesson step is, so the lesson player shows it the
same way) from a ``random.Random``: ``DRILLS["pips"].draw(rng)``. The positions come from games
played by the Easy level on random dice or from random race and bear-off boards, so they are
always legal; the
exercise computes its answer as a lesson exercise does. ``python -m lessons check`` draws 1,000
items of every drill and checks each like a lesson step (``check_drills``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine import IllegalPlayError, Position, Reason, TurnBuilder, legal_plays, most_dice
from engine.dice import ROLLS, check_roll
from lessons.exercises import (
    CubeTakeExercise,
    DiceCountExercise,
    Exercise,
    GamePointsExercise,
    JudgeExercise,
    PipsExercise,
    PlayExercise,
    ReachExercise,
    ShotsExercise,
    full_notation,
)
from lessons.i18n import N_
from lessons.model import Mark, Step

# Prompts of the drills (msgids). The dice and the marked point are shown on the board.
PIPS_YOU = N_("What is your pip count?")
PIPS_OPPONENT = N_("What is your opponent's pip count?")
SHOTS = N_("How many of the 36 rolls hit your blot on the {point}-point?")
ENTER = N_("Click every point your checker on the bar can reach.")
# how many of the roll can be played: of a double, its four moves (a "2" was "too few" for a
# double that plays whole, to a student who counted the two dice)
DICE_COUNT = N_("How many of the two dice can you play?")
DICE_COUNT_DOUBLE = N_("You rolled a double: how many of its four moves can you play?")
GAME_POINTS = N_("How many points do you win?")
# the first hints of the drills: the rule (the lessons' own words where they have them)
PIPS_RULE = N_(
    "Go point by point: checkers times the point number (a checker on the bar counts 25), then "
    "add everything up."
)
PIPS_RULE_OPPONENT = N_(
    "Count from your opponent's side: a checker on your 19-point is on their 6-point, and one on "
    "the bar counts 25."
)
SHOTS_RULE = N_(
    "A roll hits your blot when one die is the distance to it, or the dice added up are, with"
    " each point the checker stops on open on the way. A double moves up to four times its"
    " number. A roll of two different numbers counts twice: 6-5 and 5-6."
)
SHOTS_RULE_BAR = N_(
    "Your opponent's checker on the bar must enter first: count the rolls that hit your blot as "
    "they enter, or enter and then reach it with the rest of the roll."
)
SHOTS_RULE_BARS = N_(
    "Your opponent has two or more checkers on the bar, and each enters with one die: a roll "
    "hits your blot as a checker enters, or, with a double, when one enters and another die "
    "carries it on to your blot after the others are in."
)
ENTER_RULE = N_("A checker on the bar enters on 25 minus the die, when that point is open.")
# where the question is every point it can reach: once in, it may go on (the first hint spoke of
# entering alone, and a student who clicked the entry point waited: found by a teacher)
ENTER_REACH_RULE = N_(
    "A checker on the bar enters on 25 minus the die, when that point is open; once it is in, "
    "it may go on with the other die."
)
DICE_RULE = N_("You must use both dice when some order of the moves allows it.")
DICE_RULE_DOUBLE = N_(
    "With a double you play that number four times: as many of the four moves as you can."
)
BOTH_DICE_RULE = N_(
    "Use both dice when some order of the moves allows it; when only one die can be played, the "
    "higher one if either can; of a double, as many as you can."
)
BEAR_OFF_RULE = N_(
    "A die bears off a checker from the point of its number; a die higher than your highest "
    "point bears off from the highest. Use every die you can."
)
OPENING_RULE = N_(
    "Make a point when the roll makes a good one (3-1, 4-2, 5-3, 6-1; 6-4 makes the 2-point, about "
    "as good as splitting); with 6-5 run a back checker to the midpoint; otherwise bring a checker "
    "down from the midpoint, or split the back checkers."
)
BOTH_DICE = N_("Play the roll, using as many dice as the rules allow.")
BEAR_OFF = N_("Bear off as many checkers as the rules allow.")
OPENING = N_("Play this opening roll: choose the play you think is strongest.")
TAKE = N_("Your opponent doubles. You win {chance}% of the games. Take or pass?")

TITLES = {
    "pips": N_("Drill: count the pips"),
    "shots": N_("Drill: count the shots"),
    "entering": N_("Drill: enter from the bar"),
    "bear-off": N_("Drill: bear off"),
    "opening": N_("Drill: opening rolls"),
    "race-cube": N_("Drill: take or pass in a race"),
    "dice-count": N_("Drill: how many dice can you play"),
    "game-points": N_("Drill: what a won game is worth"),
    "both-dice": N_("Drill: use both dice"),
}

# The drills that end each lesson in a short mixed quiz (``quiz``): only what the lesson and
# those before it teach (the opening rolls and the shots are lesson 8's, bearing off lesson 5's;
# they stood in the quizzes of lessons 2, 3 and 4 and counted against the score there).
LESSON_QUIZ = {
    "board": ("pips",),
    "moving": ("dice-count",),
    "whole-roll": ("both-dice", "dice-count"),
    "hitting": ("entering",),
    "bearing-off": ("bear-off", "pips"),
    "winning": ("game-points",),
    "cube": ("race-cube",),
    "crawford-strategy": ("shots", "opening", "pips"),
}
QUIZ_ITEMS = 3

MIN_TAKE_MARGIN = 3  # per cent from the take point: no coin-flip decisions in a drill
MIN_CHANCE, MAX_CHANCE = 8, 40  # per cent: the taker's chances a drill item asks about
MIN_DOUBLE_GAIN = 0.06  # a drill's double gains at least this much (EMG): a real double
MAX_GAMMONS = 0.02


@dataclass(frozen=True)
class Drill:
    """One kind of drill: ``draw(rng)`` gives a new item as a lesson ``Step``."""

    id: str
    make: Callable[[random.Random], tuple[Position, Exercise, tuple[Mark, ...], str]]

    @property
    def title(self) -> str:
        return TITLES[self.id]

    def draw(self, rng: random.Random, number: int = 0) -> Step:
        """A new item; ``number`` only names it (``pips-12``)."""
        position, exercise, marks, turn = self.make(rng)
        shown = position.swapped() if turn == "opponent" else position
        dice = getattr(exercise, "dice", None)
        return Step(
            id=f"{self.id}-{number}",
            title=self.title,
            text=(exercise.prompt,),
            position=position,
            position_id=shown.position_id(),
            board=None,
            match=None,
            dice=dice,
            marks=marks,
            exercise=exercise,
            seeds=(),
            turn=turn,
        )


# -- positions ------------------------------------------------------------------------------------
@cache
def _game_player():  # type: ignore[no-untyped-def]
    from ai.player import ComputerPlayer

    return ComputerPlayer("easy")


def random_game_position(rng: random.Random, max_plies: int = 40) -> Position:
    """The position after a random number of plies from the start, a side on roll: both sides
    played by the Easy level (a casual player's choices, with its noise) on dice drawn from
    ``rng``. Random legal plays, as drawn before, made boards no game reaches: blots everywhere
    and checkers piled deep in the home boards after a few rolls."""
    position = Position.start()
    player = _game_player()
    for _ in range(rng.randint(0, max_plies)):
        dice = check_roll((rng.randint(1, 6), rng.randint(1, 6)))
        nxt = player.choose_result(position, dice)
        if nxt is None:  # no legal play: the turn passes
            nxt = position.swapped()
        if nxt.is_game_over():
            break
        position = nxt
    return position


def _spread(rng: random.Random, count: int, low: int, high: int) -> list[int]:
    """``count`` checkers on points ``low..high`` (24 counts, index 0 is point 1)."""
    side = [0] * 25
    for _ in range(count):
        side[rng.randint(low, high) - 1] += 1
    return side


def random_race(rng: random.Random) -> Position:
    """A race: both sides' checkers past each other, none borne off."""
    mine = _spread(rng, 15, 1, rng.choice([6, 7, 8, 9]))
    theirs = _spread(rng, 15, 1, rng.choice([6, 7, 8, 9]))
    return Position(mine, theirs)


def random_bear_off(rng: random.Random) -> Position:
    """You bearing off (some checkers off already) against a race or a closed-in opponent."""
    mine = _spread(rng, rng.randint(2, 15), 1, 6)
    theirs = _spread(rng, 15, 1, 12)
    free = [i for i in range(18, 24) if not mine[23 - i]]  # your empty home points
    if free and rng.random() < 0.3:  # an opponent checker still back: a play may leave a shot
        theirs[rng.choice(free)] += 1
        theirs[next(i for i, n in enumerate(theirs) if n and i < 18)] -= 1
    return Position(mine, theirs)


# -- the drills -----------------------------------------------------------------------------------
def _base(
    position: Position, prompt: str, answer: object, rule: str | None = None
) -> dict[str, Any]:
    return {"position": position, "match": None, "prompt": prompt, "explain": None,
            "declared": answer, "rule": rule}  # fmt: skip


def _pips(rng: random.Random):  # type: ignore[no-untyped-def]
    position = random_game_position(rng)
    side = rng.choice(["you", "opponent"])
    prompt, rule = (PIPS_YOU, PIPS_RULE) if side == "you" else (PIPS_OPPONENT, PIPS_RULE_OPPONENT)
    ex = PipsExercise(**_base(position, prompt, 0, rule), side=side)
    return position, _declare(ex), (), "you"


def _shots(rng: random.Random):  # type: ignore[no-untyped-def]
    while True:
        position = random_game_position(rng, 30)
        blots = [
            p
            for p in range(1, 25)
            if position.checker_at(p) == 1 and any(position.checker_at(q) < 0 for q in range(1, p))
        ]
        if blots:
            target = rng.choice(blots)
            waiting = position.on_bar()[1]
            rule = SHOTS_RULE_BARS if waiting >= 2 else SHOTS_RULE_BAR if waiting else SHOTS_RULE
            ex = ShotsExercise(**_base(position, SHOTS, 0, rule), by="opponent", target=target)
            return position, _declare(ex), (Mark("ring", target),), "you"


def _entering(rng: random.Random):  # type: ignore[no-untyped-def]
    mine = [0] * 25
    mine[24] = rng.randint(1, 2)
    for _ in range(15 - mine[24]):
        mine[rng.choice([5, 7, 12, 5, 4, 3])] += 1
    theirs = [0] * 25
    held = rng.sample(range(6), rng.randint(1, 6))  # the opponent's home points made
    for i in held:
        theirs[i] = 2
    rest = 15 - 2 * len(held)
    for _ in range(rest):  # their 8, 9, 10, 11 and 13-points: your 17 to 14 and 12
        theirs[rng.choice([7, 8, 9, 10, 12])] += 1
    position = Position(mine, theirs)
    dice = check_roll((rng.randint(1, 6), rng.randint(1, 6)))
    reach = ReachExercise(**_base(position, ENTER, [], ENTER_REACH_RULE), dice=dice, src=25)
    if reach.answer():
        return position, _declare(reach), (Mark("ring", 25),), "you"
    asked = DICE_COUNT_DOUBLE if dice[0] == dice[1] else DICE_COUNT
    count = DiceCountExercise(**_base(position, asked, 0, ENTER_RULE), dice=dice)
    return position, _declare(count), (Mark("ring", 25),), "you"


def _bear_off(rng: random.Random):  # type: ignore[no-untyped-def]
    position = random_bear_off(rng)
    dice = check_roll((rng.randint(1, 6), rng.randint(1, 6)))
    plays = legal_plays(position, dice)
    most = max(sum(1 for s in p.steps if s.dst == 0) for p in plays)
    ex = PlayExercise(**_base(position, BEAR_OFF, [], BEAR_OFF_RULE), dice=dice, goal={"off": most})
    return position, _declare(ex), (), "you"


def _dice_count(rng: random.Random):  # type: ignore[no-untyped-def]
    # About half the items are rolls that cannot all be played: those are the lesson. In a
    # game's position few rolls are blocked, so the roll is drawn among them when there are any.
    while True:
        position = random_game_position(rng, 60)
        if position.on_bar()[0]:  # entering is lesson 4's; this drill is lessons 2 and 3's quiz
            continue
        blocked = [
            (d, w)
            for d, w in ROLLS
            if most_dice(legal_plays(position, d)) < (4 if d[0] == d[1] else 2)
        ]
        if not blocked and rng.random() >= 0.15:
            continue
        pool = blocked if blocked and rng.random() < 0.85 else ROLLS
        dice = check_roll(rng.choices([d for d, _ in pool], [w for _, w in pool])[0])
        if any(step.dst == 0 for play in legal_plays(position, dice) for step in play.steps):
            continue  # bearing off is lesson 5's (a roll of lesson 2's quiz bore off: a teacher)
        asked, rule = (
            (DICE_COUNT_DOUBLE, DICE_RULE_DOUBLE) if dice[0] == dice[1] else (DICE_COUNT, DICE_RULE)
        )
        ex = DiceCountExercise(**_base(position, asked, 0, rule), dice=dice)
        return position, _declare(ex), (), "you"


def _game_points(rng: random.Random):  # type: ignore[no-untyped-def]
    # The loser's checkers as a game leaves them: some borne off, the rest in their home board
    # (one hit since may be on its way round); or none off, spread over their side of the
    # board, one perhaps still in your home board or on the bar. (Checkers off with others far
    # outside the home board, as drawn before, no game can reach.)
    theirs = [0] * 25
    off = rng.randint(1, 4) if rng.random() < 0.5 else 0
    left = 15 - off
    if off:
        if rng.random() < 0.3:  # hit after bearing off, coming home again
            theirs[rng.randint(6, 24)] += 1
            left -= 1
        for _ in range(left):
            theirs[rng.randint(0, 5)] += 1
    else:
        if rng.random() < 0.4:  # a checker still in your home board or on the bar
            theirs[rng.choice([18, 19, 20, 21, 22, 23, 24])] += 1  # their 19-24 or the bar
            left -= 1
        for _ in range(left):
            theirs[rng.randint(0, 11)] += 1
    position = Position([0] * 25, theirs)
    ex = GamePointsExercise(**_base(position, GAME_POINTS, 0))  # the kind's own rule
    return position, _declare(ex), (), "you"


_DICE_RULES = (Reason.MUST_USE_BOTH_DICE, Reason.MUST_PLAY_HIGHER_DIE, Reason.MUST_USE_MORE_DICE)


def _both_dice(rng: random.Random):  # type: ignore[no-untyped-def]
    # Lesson 3's boards: a few checkers of yours outside, points of your opponent's in the way;
    # kept when some move the dice allow is refused by the rule to use the whole roll.
    while True:
        mine = [0] * 25
        for _ in range(rng.randint(1, 3)):
            mine[rng.randint(6, 11)] += 1  # your 7- to 12-points
        theirs = [0] * 25
        for point in rng.sample(range(1, 12), rng.randint(2, 4)):
            if not mine[point - 1]:
                theirs[24 - point] = 2
        for _ in range(15 - sum(theirs)):  # the rest in their home board (all on the ace
            theirs[rng.randint(0, 5)] += 1  # point, as lesson 3 has it, looked made up)
        position = Position(mine, theirs)
        dice = check_roll((rng.randint(1, 6), rng.randint(1, 6)))
        if _refused_by_the_dice_rules(position, dice):
            ex = PlayExercise(**_base(position, BOTH_DICE, [], BOTH_DICE_RULE), dice=dice)
            return position, _declare(ex), (), "you"


def _refused_by_the_dice_rules(position: Position, dice: tuple[int, int]) -> bool:
    """Some single move the dice allow is refused because the whole roll could not be used."""
    builder = TurnBuilder(position, dice)
    for src in range(1, 26):
        if (position.on_bar()[0] if src == 25 else position.checker_at(src)) <= 0:
            continue
        for die in set(dice):
            try:
                builder.move_checker(src, 25 - die if src == 25 else max(src - die, 0))
            except IllegalPlayError as exc:
                if exc.reason in _DICE_RULES:
                    return True
            else:
                builder.undo()
    return False


OPENING_ROLLS = [(a, b) for a in range(6, 0, -1) for b in range(a - 1, 0, -1)]


def _opening(rng: random.Random):  # type: ignore[no-untyped-def]
    dice = rng.choice(OPENING_ROLLS)
    ex = JudgeExercise(**_base(Position.start(), OPENING, "", OPENING_RULE), dice=dice)
    # the declared answer waits for ``declare``: the ranking is a search of a second or two,
    # which the lesson window makes in the background while the student thinks
    return Position.start(), ex, (), "you"


def random_home_race(rng: random.Random) -> Position:
    """A race with both sides entirely in their home boards (some checkers may be off already):
    the bear-off database gives its chances exactly."""
    mine = _spread(rng, rng.randint(9, 15), 1, 6)
    theirs = _spread(rng, rng.randint(9, 15), 1, 6)
    return Position(mine, theirs)


def _race_cube(rng: random.Random):  # type: ignore[no-untyped-def]
    # The opponent doubles in a bear-off race: a real double (it gains by the cube model) that
    # is a clear take or a clear pass, the chance at least MIN_TAKE_MARGIN from the take point.
    # Half the items are takes, half passes; the chance is never a foregone 1 or 2 per cent.
    want = rng.choice(["take", "pass"])
    while True:
        position = random_home_race(rng)  # the student's view; the opponent doubles
        ex = CubeTakeExercise(**_base(position, TAKE, "take"), chance=50)
        verdict = ex.verdict()
        margin = 100 * abs(verdict.chance - verdict.take_point)
        if (
            ex.answer() == want
            and MIN_CHANCE <= 100 * verdict.chance <= MAX_CHANCE
            and verdict.gammons <= MAX_GAMMONS
            and verdict.double_gain >= MIN_DOUBLE_GAIN
            and margin >= MIN_TAKE_MARGIN
        ):
            ex.chance = round(100 * verdict.chance)
            return position, _declare(ex), (), "opponent"


def _declare(ex: Exercise) -> Exercise:
    """The item's declared answer is the computed one (a drill has no file to compare with)."""
    if isinstance(ex, JudgeExercise):
        ex.declared = ex.answer()
    elif isinstance(ex, PlayExercise):
        ex.declared = [full_notation(p) for p in ex.accepted()]
    else:
        ex.declared = ex.answer()
    return ex


def declare(step: Step) -> Step:
    """``step`` (a drill's item) with its declared answer computed, for the check; a judgement
    item is drawn without it (its ranking takes a search)."""
    if step.exercise is not None:
        _declare(step.exercise)
    return step


DRILLS: dict[str, Drill] = {
    drill.id: drill
    for drill in (
        Drill("pips", _pips),
        Drill("shots", _shots),
        Drill("entering", _entering),
        Drill("bear-off", _bear_off),
        Drill("opening", _opening),
        Drill("race-cube", _race_cube),
        Drill("dice-count", _dice_count),
        Drill("game-points", _game_points),
        Drill("both-dice", _both_dice),
    )
}


def quiz(lesson_id: str, rng: random.Random, items: int = QUIZ_ITEMS) -> list[Step]:
    """A short mixed quiz to end a lesson: ``items`` drill items of the lesson's drills."""
    drills = LESSON_QUIZ[lesson_id]
    return [DRILLS[drills[n % len(drills)]].draw(rng, n) for n in range(items)]
