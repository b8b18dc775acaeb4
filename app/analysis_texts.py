"""What the analysis view shows of a ``MatchAnalysis``: rows, marks, the chart and two boards.

Plain functions, no Qt: each turns the analysis (``ai.analysis``) into the lists and maps the
QML reads, with every text translated now (the part calls them again after a change of
language). Players are absolute, as in the window: 0 is White, 1 Black.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import Any

from app.i18n import format_number, format_percent, format_signed, pgettext
from app.session import absolute_board, to_location
from app.texts import N_, _
from engine import EngineError, Position
from engine.moves import Play, checker_moves
from lessons.exercises import with_sign

#: the symbol of each mark, as GNU Backgammon and the books write them
MARK_SYMBOLS = {"doubtful": "?!", "bad": "?", "very bad": "??"}
LUCK_SYMBOLS = {"very lucky": "++", "lucky": "+", "unlucky": "−", "very unlucky": "−−"}
MARK_NAMES = {"doubtful": N_("Doubtful"), "bad": N_("Bad"), "very bad": N_("Very bad")}
MARK_LEVEL = {"none": 0, "doubtful": 1, "bad": 2, "very bad": 3}
CUBE_ACTIONS = {
    "double": N_("Double"),  # said with its context, see cube_action: not the button's "Double"
    "no double": N_("No double"),
    "take": N_("Take"),
    "pass": N_("Pass"),
    "double, take": N_("Double, take"),
    "double, pass": N_("Double, pass"),
}
# a resignation and what it is judged against (``ai.analysis``)
RESIGN_ACTIONS = {
    "resign single": N_("Resign a single game"),
    "resign gammon": N_("Resign a gammon"),
    "resign backgammon": N_("Resign a backgammon"),
    "play on": N_("Play on"),
}
NO_RATE = "\u2013"  # the error rate of no decision

# GNU Backgammon's bands of the error rate (mEMG per decision), as its manual gives them
RATINGS = (
    (5.0, N_("World class")),
    (8.0, N_("Expert")),
    (12.0, N_("Advanced")),
    (18.0, N_("Intermediate")),
    (26.0, N_("Casual player")),
    (float("inf"), N_("Beginner")),
)
PLAYED_COLOUR = "#e8e05030"  # the played play's arrows
BEST_COLOUR = "#e850c050"  # the best play's arrows


def luck_count(marks: dict[str, int], kind: str) -> str:
    """ "3 (1)": the player's rolls marked ``kind`` ("lucky" or "unlucky") or "very ..." of it,
    and in brackets the very ones among them."""
    very = marks.get(f"very {kind}", 0)
    return f"{marks.get(kind, 0) + very} ({very})"


def rating(error_rate: float) -> str:
    return _(next(name for limit, name in RATINGS if error_rate < limit))


def cube_action(action: str) -> str:
    """A cube action (a key of ``CUBE_ACTIONS``) named in words."""
    if action == "double":
        # Translators: the action of doubling, as a noun where it can be (not the button)
        return pgettext("cube action", "Double")
    return _(CUBE_ACTIONS[action])


def action_text(text: str) -> str:
    """A play in notation as it is, a cube action or a resignation in words; "" is a roll
    without a legal play."""
    if text in CUBE_ACTIONS:
        return cube_action(text)
    if text in RESIGN_ACTIONS:
        return _(RESIGN_ACTIONS[text])
    return text or _("no legal move")


def summary_rows(analysis: Any, names: Sequence[str], match_play: bool) -> list[dict[str, Any]]:
    """The table of the summary: a label and a value per player on each row."""
    one, two = analysis.players

    def row(label: str, value: Any) -> dict[str, Any]:
        return {"label": label, "values": [value(one), value(two)]}

    def result(amount: float) -> str:
        if match_play:  # in match winning chances
            return with_sign(amount, format_percent(abs(amount), 1))  # "+0.0%", never "−0.0%"
        return format_signed(amount, 2)

    # a resignation judged counts in the error rate: its own row says so, where there is one
    # (the rate of 21.3 stood over checker plays at 3.0 and cube decisions at 0.0 alone, found
    # by a tester)
    resigning = [
        [d.loss for d in analysis.decisions if d.kind == "resign" and d.counted and d.player == p]
        for p in (0, 1)
    ]

    def rate(memg: float, decisions: int) -> str:
        return format_number(memg, 1) if decisions else NO_RATE

    def resign_rate(p: Any) -> str:
        losses = resigning[p.player]
        return rate(1000.0 * sum(losses) / len(losses) if losses else 0.0, len(losses))

    resign_rows = [row(_("Resignations: error rate"), resign_rate)] if any(resigning) else []
    return [
        row(_("Player"), lambda p: names[p.player]),
        row(_("Error rate (mEMG per decision)"), lambda p: format_number(p.error_rate_memg, 1)),
        row(_("Level of play"), lambda p: rating(p.error_rate_memg)),
        row(_("Unforced decisions"), lambda p: str(p.decisions)),
        # a rate of no decision at all is none ("0.0" stood where no cube decision was
        # counted, beside the resignations' "–": found by a tester)
        row(
            _("Checker plays: error rate"),
            lambda p: rate(p.checker_error_rate_memg, p.checker_decisions),
        ),
        row(
            _("Cube decisions: error rate"),
            lambda p: rate(p.cube_error_rate_memg, p.cube_decisions),
        ),
        *resign_rows,
        row(_("Doubtful (?!)"), lambda p: str(p.marks.get("doubtful", 0))),
        row(_("Bad (?)"), lambda p: str(p.marks.get("bad", 0))),
        row(_("Very bad (??)"), lambda p: str(p.marks.get("very bad", 0))),
        row(_("Luck (EMG)"), lambda p: format_signed(p.luck)),
        # all lucky rolls and, of them, the very lucky (as the dice report counts them)
        row(_("Lucky rolls (very lucky)"), lambda p: luck_count(p.luck_marks, "lucky")),
        row(_("Unlucky rolls (very unlucky)"), lambda p: luck_count(p.luck_marks, "unlucky")),
        row(
            _("Result (match winning chances)") if match_play else _("Result (points)"),
            lambda p: result(p.result),
        ),
        row(_("Luck-adjusted result"), lambda p: result(p.luck_adjusted_result)),
    ]


def mistakes(analysis: Any) -> list[Any]:
    """The marked decisions, worst first (the earlier first among equals)."""
    return sorted(analysis.mistakes(), key=lambda d: (-d.loss, d.action))


def mistake_rows(analysis: Any, names: Sequence[str]) -> list[dict[str, Any]]:
    """One row per marked decision, worst first."""
    rows = []
    for d in mistakes(analysis):
        if d.dice:
            dice = f"{d.dice[0]}-{d.dice[1]}"
        else:  # (a resignation's heading: the name of the menu that has it)
            dice = _("Resigning") if d.kind == "resign" else _("Cube")
        rows.append(
            {
                "game": d.game + 1,
                "player": d.player,
                "heading": _("Game {0} · {1} · {2}").format(d.game + 1, names[d.player], dice),
                "played": _("Played: {0}").format(action_text(d.played)),
                "best": _("Best: {0}").format(action_text(d.best)),
                "loss": format_signed(-d.loss),
                "mark": MARK_SYMBOLS.get(d.mark, ""),
                "markName": _(MARK_NAMES[d.mark]),
                "level": MARK_LEVEL[d.mark],
            }
        )
    return rows


def _arrows(text: str, viewer: int, colour: str) -> list[dict[str, Any]]:
    """The board arrows of a play in notation (the mover's numbering); none for cube actions."""
    if not text or text in CUBE_ACTIONS or text in RESIGN_ACTIONS:
        return []
    try:
        steps = Play.parse(text).steps
    except (EngineError, ValueError):
        return []
    moves = checker_moves((s.src, s.dst, s.hit) for s in steps)  # one arrow a checker
    return [
        {"from": to_location(viewer, src), "to": to_location(viewer, dst), "color": colour}
        for src, dst, _hit in moves
    ]


def _equity(decision: Any, text: str) -> float | None:
    for name, value in decision.alternatives:
        if name == text:
            return float(value)
    if text == decision.best:
        return float(decision.equity_best)
    if text == decision.played:
        return float(decision.equity_played)
    return None


def decision_boards(decision: Any) -> dict[str, Any]:
    """The position before ``decision`` twice: with the play made and with the best play."""
    # a take or pass is seen with the doubler on roll, as the board showed it (a resignation
    # from the resigner's side)
    own = decision.kind in ("move", "double", "resign")
    mover = decision.player if own else 1 - decision.player
    try:
        position = Position.from_position_id(decision.position_id)
    except (EngineError, ValueError):
        return {"visible": False}
    dice = []
    if decision.dice:
        high, low = decision.dice
        dice = [{"value": v, "used": False} for v in ([high] * 4 if high == low else [high, low])]

    def side(text: str, colour: str, label: str) -> dict[str, Any]:
        equity = _equity(decision, text)
        shown = label.format(action_text(text))
        if equity is not None:
            shown += "  " + _("(equity {0})").format(format_signed(equity))
        return {"arrows": _arrows(text, mover, colour), "text": shown}

    return {
        "visible": True,
        "board": absolute_board(position, mover),
        "onRoll": mover,
        "numbering": decision.player,  # the points as the decider numbers them
        "dice": dice,
        "played": side(decision.played, PLAYED_COLOUR, _("Played: {0}")),
        "best": side(decision.best, BEST_COLOUR, _("Best: {0}")),
        "loss": _("Equity lost: {0} ({1})").format(
            format_number(decision.loss, 3), _(MARK_NAMES[decision.mark])
        )
        if decision.mark in MARK_NAMES
        else _("Equity lost: {0}").format(format_number(decision.loss, 3)),
    }


def chart_rolls(analysis: Any, game: int) -> list[Any]:
    """The stops of ``game``'s chart, in order: the decision of each roll (forced ones too),
    then, when the game ended by a cube action or a resignation after its last roll, the first
    of those: a stop of its own, where its mark is drawn and a click shows its position (drawn
    at the last roll, a pass showed the board before that roll, and that roll's chances)."""
    decisions = [d for d in analysis.decisions if d.game == game]
    rolls = [d for d in decisions if d.kind == "move"]
    last = rolls[-1].action if rolls else -1
    after = [d for d in decisions if d.kind != "move" and d.action > last and _made(d)]
    return rolls + after[:1]


def _made(d: Any) -> bool:
    """A play, or a cube action taken or a resignation (not "no double")."""
    return d.kind == "move" or d.played != "no double"


def chart(analysis: Any, game: int, names: Sequence[str] = ("", "")) -> dict[str, Any]:
    """White's chances to win ``game`` (0 the first) before each roll (and at the cube action or
    resignation that ended it after its last roll), the marked turns, and a tip per stop that
    says it: the roll, its play and the cube's actions at it (with their marks and the best
    play), the chances."""
    stops = chart_rolls(analysis, game)
    points: list[float] = []
    for d in stops:
        if d.win_chance is None:
            points.append(points[-1] if points else 0.5)
        else:
            points.append(d.win_chance if d.player == 0 else 1.0 - d.win_chance)
    marks = []
    told: list[list[Any]] = [[] for _ in stops]  # what each stop's tip says, in order
    for d in analysis.decisions:
        if d.game != game:
            continue
        # a cube decision is drawn at the roll that followed it (or the stop of the last ones)
        x = _at_or_after([r.action for r in stops], d.action)
        if d.mark != "none":
            marks.append({"x": max(0, x), "level": MARK_LEVEL[d.mark], "player": d.player})
        if x >= 0 and (_made(d) or d.mark != "none"):
            told[x].append(d)
    tips = []
    rolled = 0
    for i, d in enumerate(stops):
        if d.kind == "move":
            rolled += 1
            lines = [_("Roll {0}: {1} {2}-{3}").format(rolled, names[d.player], *d.dice)]
            speaker = d.player
        else:  # the game's end after its last roll: each action names its player
            lines = [_("After roll {0}").format(rolled)]
            speaker = -1
        for m in sorted(told[i], key=lambda m: m.action):
            # the other player's cube action, or the answer to it, names its player on the line
            # of the action (the name stood on a line of its own, under the other's action, and
            # read as its player's: found by a tester)
            named = m.player != speaker
            speaker = m.player
            if m.mark != "none":
                mark = f"{_(MARK_NAMES[m.mark])} ({MARK_SYMBOLS[m.mark]})"
                line = f"{mark}: {action_text(m.played)}, {format_signed(-m.loss)}"
                lines.append(f"{names[m.player]}: {line}" if named else line)
                lines.append(_("Best: {0}").format(action_text(m.best)))
            elif named:  # a play or a cube action without a mark
                lines.append(_("{0} played: {1}").format(names[m.player], action_text(m.played)))
            else:
                lines.append(_("Played: {0}").format(action_text(m.played)))
        lines.append(_("{0} to win: {1}").format(names[0], format_percent(points[i])))
        tips.append("\n".join(lines))
    return {"points": points, "marks": marks, "tips": tips}


def analysed_games(analysis: Any) -> list[int]:
    """The games the analysis judged (0 the first), in order."""
    return sorted({d.game for d in analysis.decisions})


def line_marks(analysis: Any, game: int, line_actions: Sequence[int]) -> list[str]:
    """The marks to write after each line of ``game``'s move list (0 the first game).

    ``line_actions`` holds, per line, the index of its action in the match's record. A decision
    goes on the first line at or after its action: a double, take or pass on its own line, a
    missed double on the play that followed ("(No double ?)"), named as a cube action wherever
    it is not on the line of its own action. A mark never starts a line of its own on screen;
    a cube action named with its mark breaks between its words only, where a column is narrow
    (as one word, "(Niet verdubbelen ??)" broke in the middle of "verdubbelen" in a move list
    eleven characters wide; the window keeps the mark with its bracket).
    """
    marks = [[] for _ in line_actions]
    if not line_actions:
        return []
    for d in analysis.decisions:
        if d.game != game:
            continue
        line = _at_or_after(line_actions, d.action)
        if d.mark != "none":
            symbol = MARK_SYMBOLS[d.mark]
            own_line = line < len(line_actions) and line_actions[line] == d.action
            if d.kind == "move" or (own_line and d.played != "no double"):
                marks[line].append(symbol)  # on the line of the play or of the cube action
            elif d.kind == "resign":
                marks[line].append(f"({action_text(d.played)} {symbol})")
            else:
                action = "no double" if d.played == "no double" else d.kind
                marks[line].append(f"({cube_action(action)} {symbol})")
        if d.luck_mark in LUCK_SYMBOLS:
            marks[line].append(LUCK_SYMBOLS[d.luck_mark])
    return [_after_line(parts) for parts in marks]


# what the marks after the move list's lines mean, in groups (shown: those of the marks written)
MARKS_LEGEND = N_(
    "?! doubtful · ? bad · ?? very bad · ++ very lucky · + lucky · − unlucky · −− very unlucky"
)


def marks_legend(marks: Sequence[str]) -> str:
    """The legend of ``marks`` (``line_marks``): the groups of ``MARKS_LEGEND`` with a mark
    among them ("? bad · ++ + lucky"), "" when there is none."""
    written = {word.strip("()") for m in marks for word in m.split()}
    groups = _(MARKS_LEGEND).split(" · ")
    return " · ".join(g for g in groups if written & {w for w in g.split() if not w.strip("?!+−")})


def _at_or_after(actions: Sequence[int], action: int) -> int:
    """Where a decision at ``action`` of the record goes among the (ascending) ``actions`` of
    the lines or rolls on show: the first at or after it, else the last (-1 for none)."""
    return min(bisect.bisect_left(actions, action), len(actions) - 1)


def _after_line(parts: list[str]) -> str:
    """The marks of a line as written after it: its own marks (its play's, its roll's luck)
    stay together and with the line's last word (no-break spaces), and a cube action named
    with its mark ("(No double ?)") follows them (between a play and its mark, the play's mark
    was read as the cube's)."""
    own = [p for p in parts if not p.startswith("(")]
    named = [p for p in parts if p.startswith("(")]
    return ("\u00a0" + "\u00a0".join(own) if own else "") + "".join(" " + p for p in named)
