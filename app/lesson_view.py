"""What the lesson window shows: the list of lessons with progress, and the open step's view.

Points are the board's locations, absolute in player 0's numbering; the student is player 0
(White, bottom), so a lesson point is the same number (25 the bar, 0 off).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QAbstractListModel, QByteArray, QModelIndex, QObject, Qt

from app import spoken
from app.i18n import current_language
from app.texts import _
from engine import Position, TurnBuilder
from lessons.exercises import CHOICE_NAMES, ChoiceExercise, ReachExercise, language_number
from lessons.model import Lesson, Step, shown_match
from lessons.progress import Progress


def board_state(position: Position) -> list[int]:
    """The board component's 28 numbers for ``position`` with the student (player 0) on roll."""
    me, them = position.on_roll, position.opponent
    state = [0] * 28
    state[0] = position.borne_off()[0]
    for point in range(1, 25):
        state[point] = me[point - 1] - them[24 - point]
    state[25] = me[24]
    state[26] = them[24]
    state[27] = position.borne_off()[1]
    return state


class LessonListModel(QAbstractListModel):
    """The lessons with their progress, for the list at the side of the lesson window."""

    NumberRole = Qt.ItemDataRole.UserRole + 1
    TitleRole = Qt.ItemDataRole.UserRole + 2
    SummaryRole = Qt.ItemDataRole.UserRole + 3
    DoneRole = Qt.ItemDataRole.UserRole + 4
    StepsDoneRole = Qt.ItemDataRole.UserRole + 5
    StepCountRole = Qt.ItemDataRole.UserRole + 6

    def __init__(
        self,
        lessons: list[Lesson],
        progress: Callable[[], Progress],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._lessons = lessons
        self._progress = progress

    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._lessons)

    def roleNames(self) -> dict[int, QByteArray]:  # noqa: N802
        return {
            self.NumberRole: QByteArray(b"number"),
            self.TitleRole: QByteArray(b"title"),
            self.SummaryRole: QByteArray(b"summary"),
            self.DoneRole: QByteArray(b"done"),
            self.StepsDoneRole: QByteArray(b"stepsDone"),
            self.StepCountRole: QByteArray(b"stepCount"),
        }

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._lessons):
            return None
        lesson = self._lessons[index.row()]
        progress = self._progress()
        if role == self.NumberRole:
            return lesson.number
        if role in (self.TitleRole, Qt.ItemDataRole.DisplayRole):
            return _(lesson.title)
        if role == self.SummaryRole:
            return _(lesson.summary)
        if role == self.DoneRole:
            return progress.is_done(lesson)
        if role == self.StepsDoneRole:
            return len(progress.done_steps(lesson))
        if role == self.StepCountRole:
            return len(lesson.steps)
        return None

    def refresh(self) -> None:
        if self._lessons:
            self.dataChanged.emit(self.index(0), self.index(len(self._lessons) - 1))


# a lesson's cube owner as the board's player (a double on offer is no one's yet)
_OWNER = {"centre": -1, "offered": -1, "you": 0, "opponent": 1}


def progress_state(progress: Progress) -> dict[str, Any]:
    """What the lesson window says about the progress file (texts translated): whether changes
    are saved, whether a damaged file was set aside, and a notice saying so ("" when all is
    well). The lessons work either way."""
    said = []
    if progress.recovered:
        if progress.set_aside_as is not None:
            template = _(
                "Your lesson progress could not be read ({0}). The file was moved aside as {1}; "
                "progress starts afresh."
            )
            said.append(template.format(progress.load_error, progress.set_aside_as.name))
        else:
            template = _(
                "Your lesson progress could not be read ({0}) and the file could not be moved "
                "aside; progress starts afresh."
            )
            said.append(template.format(progress.load_error))
    if not progress.saving:
        template = _(
            "Your progress is not being saved ({0}). The lessons work as usual, but what you do "
            "here is forgotten when the program closes."
        )
        said.append(template.format(progress.save_error))
    return {
        "progressSaving": progress.saving,
        "progressRecovered": progress.recovered,
        "progressNotice": " ".join(said),
    }


def _dice(builder: TurnBuilder | None, values: list[int]) -> list[dict[str, Any]]:
    if builder is None:  # a double as four dice, as in a play and in the game (a quiz showed two)
        shown = values * 2 if len(values) == 2 and values[0] == values[1] else values
        return [{"value": v, "used": False} for v in shown]
    remaining = list(builder.remaining_dice())
    d1, d2 = max(builder.dice), min(builder.dice)
    out = []
    for value in [d1] * 4 if d1 == d2 else [d1, d2]:
        used = value not in remaining
        if not used:
            remaining.remove(value)
        out.append({"value": value, "used": used})
    return out


def unmade(arrows: list[tuple[int, int]], made: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The ``arrows`` (from, to) of moves not yet ``made`` (the steps played, from, to): an
    arrow is made by a step from its start to its end, or by a checker's steps that lead there
    one after the other (13/8 as 13/10 10/8); each step makes one arrow at most."""
    left = list(made)

    def path(at: int, end: int, pool: list[tuple[int, int]]) -> list[int] | None:
        for i, (a, b) in enumerate(pool):
            if a != at:
                continue
            if b == end:
                return [i]
            rest = path(b, end, [*pool[:i], (-1, -1), *pool[i + 1 :]])
            if rest is not None:
                return [i, *rest]
        return None

    out = []
    for arrow in arrows:
        used = path(*arrow, left)
        if used is None:
            out.append(arrow)
        else:
            left = [step for i, step in enumerate(left) if i not in used]
    return out


def step_view(
    lesson: Lesson,
    index: int,
    progress: Progress,
    *,
    builder: TurnBuilder | None,
    found: set[int],
    solved: bool,
    can_next: bool,
    selected: int,
    movable: list[int],
    reachable: list[int],
    hint_arrows: list[dict[str, int]],
    hint_rings: list[int] = (),  # type: ignore[assignment]
) -> dict[str, Any]:
    """Everything the lesson panel shows for step ``index`` of ``lesson`` (texts translated)."""
    step: Step = lesson.steps[index]
    position = builder.current_position() if builder else step.position
    state = board_state(position)
    rings: list[int] = []  # marked checkers
    marked: list[int] = []  # marked empty points (a ring, not a destination's disc)
    ring_points: list[int] = []  # destinations
    # The step's marks tell its position: once checkers move, a ring whose checkers have all
    # left goes (it stayed on the emptied point), and so does the arrow of a move made (after
    # the answer, the arrows drawn from the checkers left behind looked like more moves to make;
    # found by a tester)
    start = board_state(step.position)
    for point in [m.point for m in step.marks if m.kind == "ring"]:
        if state[point] != 0:
            rings.append(point)
        elif start[point] == 0:
            marked.append(point)
    # the hint's checkers to move, while they are there (the ring stayed on an emptied point)
    rings += [point for point in hint_rings if state[point] > 0 and point not in rings]
    made = [(st.src, st.dst) for st in builder.steps] if builder is not None else []
    arrows = [
        {"from": a, "to": b}
        for a, b in unmade([(m.point, m.to) for m in step.marks if m.kind == "arrow"], made)
    ]
    labels = [
        {"location": m.point, "text": m.text if m.text.isdigit() else _(m.text)}
        for m in step.marks
        if m.kind == "label"
    ]
    ex = step.exercise
    dice_values: list[int] = sorted(step.dice, reverse=True) if step.dice else []
    if isinstance(ex, ReachExercise):
        ring_points = sorted(set(ring_points) | found)
        rings = sorted(set(rings) | {ex.src})
        dice_values = sorted(ex.dice, reverse=True)
    if builder is not None and not solved:
        ring_points = sorted(set(ring_points) | set(reachable))
    match = step.match
    dice = _dice(builder, dice_values)
    speech: dict[str, Any] = spoken.board_texts(
        state, 0, selected=selected, movable=movable, reachable=reachable
    )
    speech["dice"] = spoken.dice_text(dice)
    speech["cube"] = ""
    # the cube and the match as the worksheet prints them (``shown_match``): "is this the
    # Crawford game?" hides the cube until answered; a race's take shows the double on offer
    # (its cube was missing, seen by a teacher testing it)
    shown = shown_match(step, solved)
    offered = shown.cube_owner == "offered"
    if match is not None and shown.cube:
        names = (_("you"), _("your opponent"))
        speech["cube"] = spoken.cube_text(match.cube, _OWNER[match.cube_owner], False, 0, names)
    elif offered:
        speech["cube"] = spoken.cube_text(shown.cube_value // 2, -1, True, 0, ())
    speech["board"] = ". ".join(t for t in (speech["dice"], speech["cube"]) if t)
    return {
        "open": True,
        "lessonNumber": lesson.number,
        "lessonTitle": _(lesson.title),
        "stepIndex": index,
        "stepCount": len(lesson.steps),
        "stepTitle": _(step.title),
        "paragraphs": [_(p) for p in step.text],
        "board": state,
        "dice": dice,
        "speech": speech,
        "ringCheckers": rings,
        "ringPoints": ring_points,
        "markedPoints": marked,
        "arrows": arrows + hint_arrows,
        "labels": labels,
        "selected": selected,
        "draggable": movable if builder is not None and not solved else [],
        "exercise": ex.kind if ex is not None else "",
        "prompt": ex.render_prompt(_, language_number(current_language())) if ex else "",
        # each choice's id and its button's name
        "choices": [{"id": c, "name": _(CHOICE_NAMES[c])} for c in ex.choices]
        if isinstance(ex, ChoiceExercise)
        else [],
        "solved": solved,
        "canNext": can_next,
        "canBack": index > 0,
        "canUndo": bool(builder and builder.steps and not solved),
        "isLast": index == len(lesson.steps) - 1,
        "stepDone": progress.is_step_done(lesson, step.id),
        "cubeVisible": shown.cube,
        # a money game's question of the cube says so above the board too (a tester found
        # lesson 7's race questions without it, where its other cube steps had it)
        "matchVisible": shown.line,
        # an offered cube is drawn as the game draws one: the value it doubles from, on offer
        "cubeValue": shown.cube_value // 2 if offered else shown.cube_value,
        "cubeOwner": _OWNER[shown.cube_owner],
        "cubeOffered": offered,
        "matchLength": match.match_length if match else 0,
        "scoreYou": match.score[0] if match else 0,
        "scoreOpponent": match.score[1] if match else 0,
        "crawford": shown.crawford,
        "pips": list(position.pip_count()),
    }
