"""Checking the lessons against the rules engine and the seed documents.

``check_lessons()`` loads every lesson file and returns a list of problems (empty when all is
well): positions and Match IDs that do not decode, a ``board`` text that does not give the stored
Position ID, exercises whose declared answer differs from the one the engine computes, marks and
dice that do not fit, text fields with unknown ``{fields}``, and worked examples of the seed
documents that are missing or do not show what the seed says. ``python -m lessons check`` prints
the result.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from engine import (
    EngineError,
    IllegalPlayError,
    InvalidNotationError,
    Position,
    TurnBuilder,
    legal_plays,
    parse_play,
)
from engine.matchid import GAME_PLAYING, decode_match_id
from lessons.exercises import (
    CrawfordExercise,
    DiceCountExercise,
    Exercise,
    JudgeExercise,
    LessonDataError,
    PipsExercise,
    PlayExercise,
    RaceCubeExercise,
    ReachExercise,
    ShotsExercise,
    TakeExercise,
    full_notation,
)
from lessons.model import Lesson, Step, load_lessons, shown_match

LESSON_COUNT = 8
MAX_LABEL = 16  # a label sits on the board between the points: keep it short


@dataclass
class Report:
    """What ``check_lessons`` found."""

    lessons: list[Lesson]
    problems: list[str]
    exercises: int = 0
    seed_examples: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems


# -- the seed documents' worked examples ---------------------------------------------------------
# Each tag names one worked example of a seed document; a step that shows it carries the tag.
# The check receives the step and returns a problem, or None when the step shows what the seed
# says. The expected facts are the seed's own statements; the engine computes the rest.
SeedCheck = Callable[[Step], "str | None"]


def _play_step(
    board: str | None, dice: tuple[int, int], must_accept: list[str], only: bool
) -> SeedCheck:
    """The step's play exercise on ``board`` with ``dice`` accepts ``must_accept`` (and only
    those plays when ``only``)."""

    def check(step: Step) -> str | None:
        ex = step.exercise
        if not isinstance(ex, PlayExercise) or ex.dice != dice:
            return f"needs a play exercise with {dice[0]}-{dice[1]}"
        if board is not None and step.position != Position.from_text(board):
            return f"needs the seed's position {board!r}"
        try:
            wanted = {parse_play(step.position, dice, text).result for text in must_accept}
        except (IllegalPlayError, InvalidNotationError) as exc:
            return f"the seed's play {must_accept} is not legal here: {exc}"
        accepted = {p.result for p in ex.accepted()}
        if not wanted <= accepted or (only and wanted != accepted):
            return f"the engine accepts {ex.answer()}, the seed says {must_accept}"
        if only and {p.result for p in ex.legal()} != wanted:
            return f"the seed's play {must_accept} must be the only legal play here"
        return None

    return check


def _no_play(board: str, dice: tuple[int, int]) -> SeedCheck:
    def check(step: Step) -> str | None:
        ex = step.exercise
        if not isinstance(ex, DiceCountExercise) or ex.dice != dice:
            return f"needs a dice-count exercise with {dice[0]}-{dice[1]}"
        if step.position != Position.from_text(board):
            return f"needs the seed's position {board!r}"
        if legal_plays(step.position, dice):
            return "the seed says no die can be played, the engine finds a play"
        return None

    return check


def _bar_42_one(step: Step) -> str | None:
    problem = _play_step(None, (4, 2), ["bar/23/19*"], only=False)(step)
    if problem:
        return problem
    if step.position.on_bar()[0] != 1 or step.position.checker_at(21) > -2:
        return "needs one checker of yours on the bar and the opponent holding your 21-point"
    return None


def _bar_42_two(step: Step) -> str | None:
    problem = _play_step(None, (4, 2), ["bar/23"], only=True)(step)
    if problem:
        return problem
    if step.position.on_bar()[0] != 2 or step.position.checker_at(21) > -2:
        return "needs two checkers of yours on the bar and the opponent holding your 21-point"
    return None


def _hit_by_landing(step: Step) -> str | None:
    problem = _play_step(None, (4, 1), ["10/6*/5"], only=False)(step)
    if problem:
        return problem
    pos = step.position
    if pos.checker_at(8) != -1 or pos.checker_at(6) != -1 or pos.checker_at(10) < 1:
        return "needs your checker on 10 and the opponent's blots on 8 and 6"
    if any(8 in p.hits() for p in step.exercise.accepted()):  # type: ignore[union-attr]
        return "a play accepted here hits on 8: the seed's point is that 10/6 passes 8"
    return None


def _hit_continue(step: Step) -> str | None:
    problem = _play_step(None, (4, 2), ["9/5*/3"], only=False)(step)
    if problem:
        return problem
    from lessons.judge import rank

    # the step says the rule's demonstration is also the strongest play here
    best = rank(step.position, (4, 2))[0].play
    if best.result != parse_play(step.position, (4, 2), "9/5*/3").result:
        return f"the Expert level plays {full_notation(best)}, the step calls 9/5*/3 the best"
    return None


def _entry_table(step: Step) -> str | None:
    ex = step.exercise
    if not isinstance(ex, ReachExercise) or ex.src != 25:
        return "needs a reach exercise from the bar"
    answer = ex.answer()
    for die in set(ex.dice):
        open_point = step.position.checker_at(25 - die) >= -1
        if open_point != ((25 - die) in answer):
            return f"a {die} enters on point {25 - die} exactly when it is open (25 minus the die)"
    return None


def _closed_out(step: Step) -> str | None:
    pos = step.position
    if pos.on_bar()[0] < 1 or any(pos.checker_at(p) > -2 for p in range(19, 25)):
        return "needs you on the bar and all six points of the opponent's home board closed"
    ex = step.exercise
    if not isinstance(ex, DiceCountExercise) or ex.answer() != 0:
        return "needs a dice-count exercise whose answer is 0"
    return None


def _start_167(step: Step) -> str | None:
    ex = step.exercise
    if step.position != Position.start() or not isinstance(ex, PipsExercise):
        return "needs a pip-count exercise on the starting position"
    return (
        None if ex.answer() == 167 else f"the start has 167 pips, the engine counts {ex.answer()}"
    )


def _take_25(step: Step) -> str | None:
    ex = step.exercise
    if not isinstance(ex, TakeExercise):
        return "needs a take-or-pass exercise"
    return None


def _crawford(step: Step) -> str | None:
    ex = step.exercise
    if not isinstance(ex, CrawfordExercise) or step.match is None:
        return "needs a Crawford exercise with a Match ID"
    m = step.match
    if not (m.crawford and m.match_length and max(m.score) == m.match_length - 1):
        return "needs the Crawford game: a player one point from the target, Crawford flag set"
    return None


def _shots(low: int, high: int, near: bool) -> SeedCheck:
    def check(step: Step) -> str | None:
        ex = step.exercise
        if not isinstance(ex, ShotsExercise) or ex.by != "opponent":
            return "needs a shots exercise against your blot"
        shooters = [p for p in range(1, ex.target) if step.position.checker_at(p) < 0]
        distance = ex.target - max(shooters) if shooters else 99
        if near != (distance <= 6):
            return f"the nearest shooter is {distance} pips away"
        if not low <= ex.answer() <= high:
            return f"the seed says {low} to {high} rolls hit, the engine counts {ex.answer()}"
        return None

    return check


SEED_EXAMPLES: dict[str, tuple[str, SeedCheck]] = {
    "004-32-block-5": (
        "3-2, one checker on 8, block on 5: 8/6/3 uses both dice",
        _play_step("x 8:1; o 5:2 24:13", (3, 2), ["8/6/3"], only=True),
    ),
    "004-32-block-5-6": (
        "3-2, blocks on 5 and 6: no legal play, no jumping 8/3",
        _no_play("x 8:1; o 6:2 5:2 24:11", (3, 2)),
    ),
    "004-32-block-3": (
        "3-2, block on 3: only one die, the higher: 8/5",
        _play_step("x 8:1; o 3:2 24:13", (3, 2), ["8/5"], only=True),
    ),
    "004-22-two-playable": (
        "2-2, block on 2: exactly two 2s, 8/6/4",
        _play_step("x 8:1; o 2:2 24:13", (2, 2), ["8/6/4"], only=True),
    ),
    "004-53-bearoff": (
        "5-3, checkers on 5 and 4, 13 off, block on 1: only 5/2 4/off",
        _play_step("x 5:1 4:1; o 1:2 24:13", (5, 3), ["5/2 4/off"], only=True),
    ),
    "004-33-start": (
        "3-3 from the start: 8/5(2) 6/3(2) is legal",
        _play_step("x 24:2 13:5 8:3 6:5; o 19:5 17:3 12:5 1:2", (3, 3), ["8/5(2) 6/3(2)"], False),
    ),
    "003-hit-by-landing": ("10/6 passes the blot on 8 and hits the blot on 6", _hit_by_landing),
    "003-entry-table": ("entering: a die enters on 25 minus the die", _entry_table),
    "003-bar-42-one": ("4-2, one checker on the bar, 21 blocked: bar/23, 23/19*", _bar_42_one),
    "003-bar-42-two": ("4-2, two checkers on the bar: bar/23 and one stays", _bar_42_two),
    "003-closed-out": ("closed out: no roll enters", _closed_out),
    "003-hit-continue": ("hit and continue: 9/5*/3 with 4-2", _hit_continue),
    "000-start-167": ("the starting position has 167 pips", _start_167),
    "000-take-25": ("take when you win at least one game in four", _take_25),
    "000-crawford": ("the Crawford game has no cube", _crawford),
    "000-shots-within-6": ("a blot within 6 pips: 11 to 17 of 36 rolls", _shots(11, 17, True)),
    "000-shots-7-plus": ("a blot 7 or more pips away: at most 6 rolls", _shots(0, 6, False)),
}


# -- the checks ------------------------------------------------------------------------------------
def check_lessons(directory: Path | None = None) -> Report:
    """Load and check every lesson; never raises for bad content (it becomes a problem)."""
    try:
        lessons = load_lessons(directory)
    except LessonDataError as exc:
        return Report([], [str(exc)])
    report = Report(lessons, [])
    if len(lessons) != LESSON_COUNT:
        report.problems.append(f"there are {len(lessons)} lessons, the course has {LESSON_COUNT}")
    tagged: dict[str, list[tuple[Lesson, Step]]] = {}
    for lesson in lessons:
        report.problems += [f"{lesson.source}: {p}" for p in teacher_problems(lesson)]
        for step in lesson.steps:
            where = f"{lesson.source}, step {step.id}"
            report.problems += [f"{where}: {p}" for p in check_step(step)]
            if step.exercise is not None:
                report.exercises += 1
            for tag in step.seeds:
                tagged.setdefault(tag, []).append((lesson, step))
    for tag in tagged:
        if tag not in SEED_EXAMPLES:
            report.problems.append(f"unknown seed example tag {tag!r}")
    for tag, (what, check) in SEED_EXAMPLES.items():
        if tag not in tagged:
            report.problems.append(f"seed example {tag} ({what}) is in no lesson")
            continue
        for lesson, step in tagged[tag]:
            problem = _safe(check, step)
            if problem:
                report.problems.append(f"{lesson.source}, step {step.id}: seed {tag}: {problem}")
            else:
                report.seed_examples += 1
    return report


# A lesson takes a class about this long per step at least, and at most (reading, trying,
# talking it over): notes outside the range were written for another lesson.
MINUTES_PER_STEP = (1, 8)


def teacher_problems(lesson: Lesson) -> list[str]:
    """The lesson's notes for the teacher: present, a plausible length, numbers computed."""
    from lessons import claims
    from lessons.exercises import RACE_DOUBLE, RACE_PASS, RACE_REDOUBLE, TAKE_POINT

    notes = lesson.teacher
    if notes is None:
        return ["the lesson has no notes for the teacher ('teacher': aims, mistakes, minutes)"]
    low, high = (len(lesson.steps) * m for m in MINUTES_PER_STEP)
    problems = []
    if not low <= notes.minutes <= high:
        problems.append(
            f"the teacher's notes give {notes.minutes} minutes for {len(lesson.steps)} steps "
            f"(expected {low}-{high})"
        )
    allowed = {claims.ALL_ROLLS, Position.start().pip_count()[0]}
    percents = {TAKE_POINT, RACE_DOUBLE, RACE_REDOUBLE, RACE_PASS}
    problems += [f"teacher's notes: {p}" for p in claims.audit(notes.messages(), allowed, percents)]
    for text in notes.messages():
        problems += [f"teacher's notes: {p} in {text[:40]!r}" for p in _field_problems(text, None)]
    return problems


def _safe(check: SeedCheck, step: Step) -> str | None:
    try:
        return check(step)
    except ValueError as exc:  # EngineError, LessonDataError and the rest of bad content
        return str(exc)


def check_step(step: Step, drill: bool = False) -> list[str]:
    """The problems of one step (``drill``: an item drawn by a drill, not a lesson file's)."""
    problems: list[str] = []
    if step.board is not None:
        try:
            from_text = Position.from_text(step.board)
        except (EngineError, ValueError) as exc:
            problems.append(f"board text {step.board!r} is not a position: {exc}")
        else:
            if step.turn == "opponent":
                from_text = from_text.swapped()
            if from_text.position_id() != step.position_id:
                problems.append(
                    f"board text gives Position ID {from_text.position_id()}, "
                    f"the step stores {step.position_id}"
                )
    if step.match is not None:
        problems += _match_problems(step.match.match_id)
    if shown_match(step).cube_owner == "offered" and step.turn != "opponent":
        # the doubler is on roll: its Position ID (and the worksheet's Match ID) says so
        problems.append("a double on offer to you needs 'turn': 'opponent'")
    on_roll = step.position.swapped() if step.turn == "opponent" else step.position
    if on_roll.position_id() != step.position_id:
        problems.append(f"Position ID {step.position_id} is not in its canonical form")
    for mark in step.marks:
        if mark.kind == "arrow" and mark.to == mark.point:
            problems.append(f"an arrow from {mark.point} to itself")
        if mark.kind == "label" and len(mark.text) > MAX_LABEL:
            problems.append(f"label {mark.text!r} is longer than {MAX_LABEL} characters")
    for text in step.messages():
        problems += [f"{p} in {text[:40]!r}" for p in _field_problems(text, step.exercise)]
    ex = step.exercise
    cube_question = ex is not None and ex.kind in ("may_double", "take", "race_cube")
    if cube_question and step.position == Position.start():
        # before the opening roll no one may double (a lesson asked "May you double?" there,
        # and taught "yes": found by a teacher)
        problems.append("a cube question on the starting position, where no one doubles")
    if ex is not None:
        problems += check_exercise(ex, step, drill)
    problems += _claim_problems(step)
    problems += _best_play_problems(step)
    return problems


def _best_play_problems(step: Step) -> list[str]:
    """Plays a step's text calls the best of a roll: each graded best or good by the evaluator
    (``lessons.judge``), the evaluator's best among them, each written in full in the text."""
    if not step.best_plays:
        return []
    from lessons.exercises import JudgeExercise

    problems = []
    texts = " ".join(step.text)
    for dice, plays in step.best_plays:
        judge = JudgeExercise(step.position, None, "", None, "", dice=dice)
        shown = f"{dice[0]}-{dice[1]}"
        try:
            parsed = [parse_play(step.position, dice, text) for text in plays]
        except (IllegalPlayError, InvalidNotationError) as exc:
            problems.append(f"a best play of {shown} {plays} cannot be read: {exc}")
            continue
        for text, play in zip(plays, parsed, strict=True):
            if text != full_notation(play):
                problems.append(f"best play {text!r} is written in full as {full_notation(play)!r}")
            grade, loss = judge.grade(play)
            if grade not in ("best", "good"):
                problems.append(f"{shown} {text} is {grade} by the evaluator (gives up {loss:.3f})")
            if shown not in texts or text not in texts:
                problems.append(f"the text does not name {shown} {text}")
        best = judge.shown_play()
        if best is not None and best.result not in {p.result for p in parsed}:
            problems.append(f"the evaluator's best {shown} is {full_notation(best)}, not {plays}")
    return problems


def _claim_problems(step: Step) -> list[str]:
    """Every number the texts state about pips, rolls or chances is computed: a claim of the
    step (checked here with the engine), the exercise's evaluated chance, or a rule's constant."""
    from lessons import claims
    from lessons.exercises import RACE_DOUBLE, RACE_PASS, RACE_REDOUBLE, TAKE_POINT

    problems = []
    texts = [step.title, *step.text]
    ex = step.exercise
    if ex is not None:
        texts += [t for t in (ex.prompt, ex.paper, ex.explain, ex.rule) if t]
    allowed = {claims.ALL_ROLLS}
    percents = {TAKE_POINT, RACE_DOUBLE, RACE_REDOUBLE, RACE_PASS}
    if isinstance(ex, TakeExercise):
        allowed.add(ex.chance)  # checked against the evaluator with the exercise
    for claim in step.claims:
        try:
            value = claims.compute(step.position, claim)
        except (ValueError, EngineError) as exc:
            problems.append(f"claim {claim!r}: {exc}")
            continue
        if abs(value - claim["value"]) > claims.EVALUATED.get(claim["of"], 0):
            problems.append(f"the step says {claim['value']}, the engine computes {value}")
            continue
        if not any(str(claim["value"]) in text for text in texts):
            problems.append(f"claim {claim['value']} is stated in none of the step's texts")
        allowed.add(claim["value"])
    problems += claims.audit(texts, allowed, percents)
    return problems


def _match_problems(match_id: str) -> list[str]:
    """A lesson's Match ID shows a game in play before the roll, with this program's rules."""
    fields = decode_match_id(match_id)
    problems = []
    if fields.game_state != GAME_PLAYING or fields.dice != (0, 0) or fields.doubled:
        problems.append(f"Match ID {match_id} is not a game in play before the roll")
    if fields.jacoby:
        problems.append(f"Match ID {match_id} uses the Jacoby rule, which this program never does")
    length = fields.match_length
    if length and max(fields.score) >= length:
        problems.append(f"Match ID {match_id}: the match to {length} is already over")
    if fields.crawford and not (length and max(fields.score) == length - 1):
        problems.append(f"Match ID {match_id}: a Crawford game needs a player at match point")
    return problems


def check_exercise(ex: Exercise, step: Step, drill: bool = False) -> list[str]:
    """Compare the exercise's declared answer with the engine's."""
    problems: list[str] = []
    dice = getattr(ex, "dice", None)
    if dice is not None and step.dice is not None and step.dice != dice:
        problems.append(f"the step shows {step.dice}, its exercise plays {dice}")
    try:
        if isinstance(ex, PlayExercise):  # judgement questions too
            texts = [ex.declared] if isinstance(ex, JudgeExercise) else ex.declared
            for text in texts:
                try:
                    play = parse_play(ex.position, ex.dice, text)
                except IllegalPlayError as exc:
                    problems.append(f"declared play {text!r} is illegal: {exc}")
                except InvalidNotationError as exc:
                    problems.append(f"declared play {text!r} cannot be read: {exc}")
                else:
                    # a lesson writes every landing: 8/6/3, never the jump 8/3
                    full = full_notation(play)
                    if text != full:
                        problems.append(f"declared play {text!r} is written in full as {full!r}")
        if isinstance(ex, TakeExercise):
            problems += _take_problems(ex, step)
        if isinstance(ex, RaceCubeExercise):
            problems += _race_cube_problems(ex, step)
        if isinstance(ex, JudgeExercise):
            problems += _judge_problems(ex, step, drill)
        if not ex.same_answer():
            problems.append(
                f"{ex.kind} exercise declares {ex.declared!r}, the engine computes {ex.answer()!r}"
            )
        if isinstance(ex, PlayExercise) and not ex.accepted() and ex.legal():
            problems.append("no legal play meets the goal of this play exercise")
        if isinstance(ex, PlayExercise) and ex.invited is not None:
            problems += _invited_problems(ex)
        # (drills are never printed)
        if not drill and _WINDOW_GESTURE.search(ex.prompt) and not ex.paper:
            problems.append("a prompt that asks for a click needs a 'paper' prompt")
        if isinstance(ex, ReachExercise) and not ex.answer():
            problems.append("the checker can reach no point: nothing to click")
        if isinstance(ex, ReachExercise) and ex.position.checker_at(ex.src) <= 0:
            problems.append(f"no checker of yours on point {ex.src}")
        if isinstance(ex, ShotsExercise) and ex.position.checker_at(ex.target) != (
            1 if ex.by == "opponent" else -1
        ):
            problems.append(f"point {ex.target} holds no blot to shoot at")
    except ValueError as exc:  # EngineError, LessonDataError and the rest of bad content
        problems.append(f"{ex.kind} exercise cannot be computed: {exc}")
    return problems


# a gesture only the window takes: a printed worksheet asks in words of its own (found by a
# tester: the printed sheet said "Click every point ...")
_WINDOW_GESTURE = re.compile(r"\b(click|double-click|drag|press)\b", re.IGNORECASE)


def _invited_problems(ex: PlayExercise) -> list[str]:
    """A move the prompt asks to try first must be one the rules refuse at the start, and the
    printed worksheet needs a prompt of its own (``paper``): nothing refuses a move on paper."""
    assert ex.invited is not None
    problems = [] if ex.paper else ["a prompt that invites a try needs a 'paper' prompt"]
    src, dst = ex.invited
    try:
        TurnBuilder(ex.position, ex.dice).move_to(src, dst)
    except IllegalPlayError:
        return problems
    return [*problems, f"the move to try first, {src} to {dst}, is allowed: nothing is refused"]


# The evaluator's figures may move a little when the weights are retrained: a declared
# chance within this many per cent of the computed one still stands.
CHANCE_TOLERANCE = 1
MAX_GAMMONS = 0.02  # the 25% take point leaves gammons aside: only where they hardly count


def _take_problems(ex: TakeExercise, step: Step) -> list[str]:
    """A take decision is the opponent's double: its chance is the evaluator's, not typed."""
    problems = []
    if step.turn != "opponent":
        problems.append("a take decision follows the opponent's double: set turn 'opponent'")
    chance, gammons = ex.evaluated()
    if abs(chance - ex.chance) > CHANCE_TOLERANCE:
        problems.append(f"the step says you win {ex.chance}%, the evaluator gives {chance}%")
    if gammons > MAX_GAMMONS:
        problems.append(f"you lose {100 * gammons:.1f}% gammons: the 25% rule does not apply")
    if str(ex.chance) not in ex.render_prompt():
        problems.append(f"the prompt does not state the chance {ex.chance}%")
    # the 25% rule leaves the cube's value to the taker aside: a lesson shows it only where
    # the cube model gives the same answer
    from lessons.exercises import CubeTakeExercise
    from lessons.judge import take_verdict

    verdict = take_verdict(ex.position.swapped())
    if not isinstance(ex, CubeTakeExercise) and ex.answer() != ("take" if verdict.take else "pass"):
        problems.append(f"the 25% rule says {ex.answer()}, the cube model the opposite")
    if verdict.double_gain < 0:
        problems.append("by the cube model this is no double: the opponent would not double")
    return problems


def _race_cube_problems(ex: RaceCubeExercise, step: Step) -> list[str]:
    """The race rule applies to races only, and a lesson shows a clear case of it."""
    from lessons.exercises import RACE_DOUBLE, RACE_PASS, RACE_REDOUBLE

    problems = []
    if not ex.position.is_race():
        problems.append("the 8-9-12% rule is for races: the checkers are still in contact")
    if (ex.decision == "take") != (step.turn == "opponent"):
        problems.append("a take decision follows the opponent's double: turn 'opponent'")
    lead = ex.counts()[2]
    if any(abs(lead - limit) < 1 for limit in (RACE_DOUBLE, RACE_REDOUBLE, RACE_PASS)):
        problems.append(f"a lead of {lead:.1f}% is too close to a limit of the rule to teach it")
    from lessons.judge import take_verdict

    doubler = ex.position if ex.decision == "double" else ex.position.swapped()
    verdict = take_verdict(doubler)
    if ex.decision == "take" and ex.answer() != ("take" if verdict.take else "pass"):
        problems.append(f"the 12% rule says {ex.answer()}, the cube model the opposite")
    if ex.decision == "double" and ex.match is None:
        model = "yes" if verdict.double_gain > 0 else "no"
        if ex.answer() != model:
            problems.append(f"the 8% rule says {ex.answer()}, the cube model {model}")
    return problems


def _judge_problems(ex: JudgeExercise, step: Step, drill: bool = False) -> list[str]:
    """A judgement question asks for a choice and does not give the answer away."""
    problems = []
    if len(ex.ranking()) < 2:
        problems.append("a judgement question needs more than one legal play")
    if not ex.reason and not drill:  # a drill shows the top plays' numbers only
        problems.append("a judgement question needs the one-line 'reason' for its best play")
    texts = [step.title, *step.text, ex.prompt]
    if any(ex.declared in text for text in texts):
        problems.append(f"the step's texts give the answer {ex.declared} away")
    if any(mark.kind == "arrow" for mark in step.marks):
        problems.append("arrows on a judgement question give the answer away")
    best = ex.shown_play()
    landings = {s.dst for s in best.steps} - {0} if best is not None else set()
    for mark in step.marks:
        if mark.kind in ("ring", "label") and mark.point in landings:
            problems.append(
                f"a {mark.kind} on {mark.point}, where the best play lands, gives it away"
            )
    return problems


_ALLOWED_FIELDS: dict[str, set[str]] = {
    "play": {"play"},
    "take": {"chance"},
    "race_cube": {"doubler", "taker", "lead"},
    "shots": {"point"},
}


def _field_problems(text: str, ex: Exercise | None) -> list[str]:
    """Lesson texts are formatted only where the player fills fields: check the names."""
    allowed = set()
    if ex is not None and isinstance(ex, PlayExercise) and text == ex.wrong:
        allowed = _ALLOWED_FIELDS["play"]
    if ex is not None and isinstance(ex, TakeExercise) and text == ex.prompt:
        allowed = _ALLOWED_FIELDS["take"]
    if ex is not None and isinstance(ex, ShotsExercise) and text == ex.prompt:
        allowed = _ALLOWED_FIELDS["shots"]
    if ex is not None and isinstance(ex, RaceCubeExercise) and text == ex.explain:
        allowed = _ALLOWED_FIELDS["race_cube"]
    try:
        names = {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError as exc:
        return [f"broken braces ({exc})"]
    unknown = names - allowed
    return [f"unknown field {{{n}}}" for n in sorted(unknown)]


DRILL_ITEMS = 1000


def check_drills(items: int = DRILL_ITEMS, seed: int = 1) -> dict[str, list[str]]:
    """Draw ``items`` of every drill and check each like a lesson step; problems per drill.

    Besides the step checks: a drawn position reads back from its Position ID, a shot target is
    the student's blot, a take question is not a coin flip and an item is never a dead end (a
    reach with nothing to click, a play with nothing to accept).
    """
    import random

    from lessons.drills import DRILLS, MIN_TAKE_MARGIN, declare
    from lessons.exercises import TAKE_POINT

    found: dict[str, list[str]] = {}
    for drill_id, drill in DRILLS.items():
        rng = random.Random(f"{seed}-{drill_id}")
        problems: list[str] = []
        for number in range(items):
            try:
                step = declare(drill.draw(rng, number))
            except (EngineError, LessonDataError, ValueError) as exc:
                problems.append(f"item {number}: cannot be drawn: {exc}")
                continue
            where = f"item {number} ({step.position_id})"
            problems += [f"{where}: {p}" for p in check_step(step, drill=True)]
            ex = step.exercise
            if isinstance(ex, TakeExercise):
                point = 100 * ex.verdict().take_point if hasattr(ex, "verdict") else TAKE_POINT
                if abs(ex.chance - point) < MIN_TAKE_MARGIN - 0.5:  # the chance is rounded
                    problems.append(f"{where}: {ex.chance}% is too close to the take point")
            if isinstance(ex, PlayExercise) and not ex.accepted():
                problems.append(f"{where}: no play to accept")
        found[drill_id] = problems
    return found


def format_report(report: Report) -> str:
    steps = sum(len(lesson.steps) for lesson in report.lessons)
    lines = [
        f"{lesson.number}. {lesson.title}: {len(lesson.steps)} steps, "
        f"{sum(1 for s in lesson.steps if s.exercise)} exercises"
        for lesson in report.lessons
    ]
    if report.ok:
        lines.append(
            f"OK: {len(report.lessons)} lessons, {steps} steps, {report.exercises} exercises "
            f"checked with the engine, {report.seed_examples} of {len(SEED_EXAMPLES)} seed "
            "examples present."
        )
    else:
        lines.append(f"{len(report.problems)} problem(s):")
        lines += [f"  - {p}" for p in report.problems]
    return "\n".join(lines)
