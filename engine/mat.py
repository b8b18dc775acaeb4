"""The Jellyfish ``.mat`` match format: reading it into a ``Match`` and writing it back.

GNU Backgammon, eXtreme Gammon and others exchange matches in this text format::

    ; [Site "..."]                      (comment lines, skipped)

     5 point match

     Game 1
     Alice : 0                      Bob : 0
      1)                             63: 24/18 18/15
      2) 65: 6/1* 13/7               11: 25/24* 24/23 6/5 6/5
      3)  Doubles => 2                Takes
      ...
          Wins 1 point

Each numbered row holds one move number: player 0's action on the left, player 1's on the right
(a roll and its play, ``Doubles => n``, ``Takes``, ``Drops``, ``Wins n points``). The bar is 25
and off is 0; a roll without a play lost its turn, or was given up unplayed when a resignation
follows it (``65:`` then ``Wins``). Player 0 is the first player named.

Reading replays every action through the engine, so the file's moves are checked by the rules:
an illegal play, a double nobody may offer, a score that does not follow from the games before,
or a line that cannot be read raises ``MatFormatError`` naming the line. A game that ends with
``Wins`` while still in play was resigned.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path

from engine.errors import EngineError, IllegalPlayError, MatFormatError, MatProblem
from engine.match import DOUBLE_REFUSAL_TEXT, MAX_MATCH_LENGTH, Game, GameState, Match, ResultKind
from engine.moves import BAR_POINT, OFF_POINT, Play

_LENGTH_RE = re.compile(r"^\s*(\d+)\s+point\s+match\s*$", re.IGNORECASE)
_GAME_RE = re.compile(r"^\s*Game\s+(\d+)\s*$", re.IGNORECASE)
_TAG_RE = re.compile(r'^;\s*\[(\w{1,40})\s+"([^"\\]{0,200})"\]\s*$')  # ; [EventDate "..."]
# "Alice : 0    Bob : 1", possibly with a Crawford marker after a score
_SCORE_RE = re.compile(
    r"^\s*(?P<a>\S.*?)\s*:\s*(?P<sa>\d+)(?P<ca>\s*\*|\s*\(Crawford\))?"
    r"\s+(?P<b>\S.*?)\s*:\s*(?P<sb>\d+)(?P<cb>\s*\*|\s*\(Crawford\))?\s*$",
    re.IGNORECASE,
)
_ROW_RE = re.compile(r"^\s*(\d+)\)(.*)$")
_WINS_RE = re.compile(r"^(\s*)Wins\s+(\d+)\s+points?(?:\s+and\s+the\s+match)?\s*$", re.IGNORECASE)
_ROLL_RE = re.compile(r"^([1-6])([1-6]):$")
_STEP_RE = re.compile(r"^(?:bar|\d{1,2})(?:/(?:off|\d{1,2})\*?)+(?:\(\d\))?$", re.IGNORECASE)
_TOKEN_RE = re.compile(r"\S+")
# a right-hand action starts this far after the ")" at least; player 0's starts right after it
_RIGHT_COLUMN = 8
# a "Wins" line indented this far or more is player 1's
_RIGHT_WINS = 20

_TAKES = {"takes", "accepts"}
_DROPS = {"drops", "passes", "rejects", "refuses"}


def loads_mat(text: str, *, seed: int | None = 0) -> Match:
    """A match from Jellyfish ``.mat`` text; raises ``MatFormatError`` naming the bad line.

    The match is played with the cube and the Crawford rule; a file that doubles in what would
    be the Crawford game is read again without the Crawford rule. ``seed`` seeds the dice of
    the match when it is played on (the file's own rolls are read, not drawn).
    """
    try:
        return _Reader(text, crawford=True, seed=seed).read()
    except _CrawfordDouble:
        try:
            return _Reader(text, crawford=False, seed=seed).read()
        except _CrawfordDouble as exc:  # pragma: no cover - impossible without the rule
            raise MatFormatError(exc.line, MatProblem.CRAWFORD_DOUBLE) from None


def load_mat(path: str | os.PathLike[str], *, seed: int | None = 0) -> Match:
    """Read a ``.mat`` file; raises ``MatFormatError`` (or ``OSError``)."""
    return loads_mat(decoded(Path(path).read_bytes()), seed=seed)


_UTF8_PAIR = re.compile(rb"[\xc2-\xf4][\x80-\xbf]")  # a character UTF-8 writes in two bytes or more


def decoded(raw: bytes) -> str:
    """The text of a file's bytes: UTF-8, or Latin-1 as older Windows programs write names;
    a UTF-8 file with a damaged byte stays UTF-8 (the damaged byte shown as "\ufffd"), not read
    as Latin-1 throughout ("Bjørn" became "BjÃ¸rn")."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        if _UTF8_PAIR.search(raw):
            return raw.decode("utf-8", errors="replace")
        return raw.decode("latin-1")


class _CrawfordDouble(MatFormatError):
    """A double in the Crawford game: the match may have been played without the rule."""


class _Reader:
    def __init__(self, text: str, *, crawford: bool, seed: int | None = 0) -> None:
        if not isinstance(text, str):
            raise MatFormatError(0, MatProblem.NOT_TEXT)
        self.lines = text.removeprefix("\ufeff").splitlines()
        self.broken_off = bool(text) and not text.endswith(("\n", "\r"))  # in its last line
        self.crawford = crawford
        self.seed = seed
        self.length: int | None = None
        self.match: Match | None = None
        self.number = 0  # current line number (1-based)
        self.games_seen = 0
        self.expect_score = False
        self.rows = 0  # the game's numbered rows so far: the next is numbered one more
        self.tags: dict[str, str] = {}
        # a roll written without its play (line, player's name, roll): only a resignation may
        # follow it (GNU Backgammon writes "65:" for a game given up after the roll)
        self.unplayed: tuple[int, str, str] | None = None

    def fail(self, reason: str, *values: object, rule: str = "") -> MatFormatError:
        return MatFormatError(self.number, reason, *values, rule=rule)

    def _played(self) -> None:
        """Refuse a roll left unplayed when something other than a resignation follows it."""
        if self.unplayed is not None:
            number, name, roll = self.unplayed
            raise MatFormatError(number, MatProblem.NOTHING_PLAYED, name, roll)

    def _number(self, text: str) -> int:
        """A number of the file (plain digits 0-9, at most nine of them)."""
        if not (text.isascii() and text.isdigit()) or len(text) > 9:
            raise self.fail(MatProblem.NOT_A_NUMBER, text)
        return int(text)

    def read(self) -> Match:
        try:
            return self._read()
        except MatFormatError as exc:
            if self.broken_off and exc.line == len(self.lines):
                raise exc.ending_the_file() from None
            raise

    def _read(self) -> Match:
        for number, line in enumerate(self.lines, 1):
            self.number = number
            stripped = line.strip()
            tag = _TAG_RE.match(stripped)
            if tag:
                self.tags[tag.group(1)] = tag.group(2)
            if not stripped or stripped.startswith(";") or stripped.startswith("#"):
                continue
            try:
                self._line(line)
            except MatFormatError:
                raise
            except EngineError as exc:
                raise self.fail(MatProblem.RULE, str(exc)) from None
        if self.length is None:
            raise MatFormatError(0, MatProblem.NO_LENGTH_LINE)
        self._played()
        if self.match is None:
            if self.expect_score:
                raise MatFormatError(len(self.lines), MatProblem.ENDS_BEFORE_FIRST_SCORE)
            raise MatFormatError(len(self.lines), MatProblem.NO_GAME)
        if self.expect_score:
            raise MatFormatError(len(self.lines), MatProblem.ENDS_BEFORE_SCORE)
        self.match.tags = dict(self.tags)
        return self.match

    def _line(self, line: str) -> None:
        if self.length is None:
            found = _LENGTH_RE.match(line)
            if not found:
                raise self.fail(MatProblem.EXPECTED_LENGTH, line.strip())
            length = self._number(found.group(1))
            if length > MAX_MATCH_LENGTH:
                raise self.fail(MatProblem.LENGTH_RANGE, MAX_MATCH_LENGTH, length)
            self.length = length
            return
        game_line = _GAME_RE.match(line)
        if game_line:
            self._game(self._number(game_line.group(1)))
            return
        if self.expect_score:
            self._score(line)
            return
        if self.match is None:
            raise self.fail(MatProblem.EXPECTED_GAME_1, line.strip())
        row = _ROW_RE.match(line)
        if row:
            # rows numbered in order from 1 in each game: a row lost, doubled or moved would
            # otherwise read as another match
            number = self._number(row.group(1))
            if number != self.rows + 1:
                raise self.fail(MatProblem.MOVE_NUMBER, self.rows + 1, number)
            self.rows = number
            self._row(row.group(2))
            return
        wins = _WINS_RE.match(line)
        if wins:
            winner = 1 if len(wins.group(1)) >= _RIGHT_WINS else 0
            self._wins(winner, self._number(wins.group(2)))
            return
        raise self.fail(MatProblem.UNREADABLE_LINE, line.strip())

    def _game(self, number: int) -> None:
        self._played()
        if number != self.games_seen + 1:
            raise self.fail(MatProblem.GAME_ORDER, number, self.games_seen)
        if self.expect_score:
            raise self.fail(MatProblem.SCORE_LINE_FIRST)
        match = self.match
        if match is not None:
            game = match.game
            if game is not None and not game.is_over:
                raise self.fail(MatProblem.GAME_NOT_ENDED, number, self.games_seen)
            if match.is_over:
                raise self.fail(MatProblem.AFTER_MATCH_WON, number)
        self.games_seen = number
        self.expect_score = True
        self.rows = 0

    def _score(self, line: str) -> None:
        found = _SCORE_RE.match(line)
        if not found:
            raise self.fail(MatProblem.EXPECTED_SCORE_LINE, line.strip())
        self.expect_score = False
        names = (found.group("a"), found.group("b"))
        score = (self._number(found.group("sa")), self._number(found.group("sb")))
        if self.match is None:
            assert self.length is not None
            if score != (0, 0):
                raise self.fail(MatProblem.FIRST_SCORE, *score)
            self.match = Match(
                self.length, cube=True, crawford=self.crawford, players=names, seed=self.seed
            )
        match = self.match
        if names != match.players:
            raise self.fail(MatProblem.OTHER_PLAYERS, *match.players, *names)
        if score != match.points_won():
            won = match.points_won()
            raise self.fail(MatProblem.SCORE_DOES_NOT_FOLLOW, *score, *won)
        marked = bool(found.group("ca") or found.group("cb"))
        game = match.new_game()
        if marked and not game.is_crawford:
            raise self.fail(MatProblem.NOT_CRAWFORD)

    def _row(self, body: str) -> None:
        tokens = [(m.start(), m.group()) for m in _TOKEN_RE.finditer(body)]
        first = True
        i = 0
        while i < len(tokens):
            offset, word = tokens[i]
            player = 1 if not first or offset >= _RIGHT_COLUMN else 0
            first = False
            lower = word.lower()
            roll = _ROLL_RE.match(word)
            if roll:
                steps: list[str] = []
                i += 1
                while i < len(tokens) and _STEP_RE.match(tokens[i][1]):
                    steps.append(tokens[i][1])
                    i += 1
                if i < len(tokens) and "/" in tokens[i][1]:
                    # a move that cannot be read is said as such (the roll's play was judged
                    # without it: "cannot play 13/8 with 52", found by a tester)
                    raise self.fail(MatProblem.UNREADABLE, tokens[i][1])
                self._roll(player, int(roll.group(1)), int(roll.group(2)), steps)
                continue
            if lower == "doubles":
                if (
                    i + 2 >= len(tokens)
                    or tokens[i + 1][1] != "=>"
                    or not tokens[i + 2][1].isdigit()
                ):
                    raise self.fail(MatProblem.EXPECTED_DOUBLES)
                self._double(player, self._number(tokens[i + 2][1]))
                i += 3
                continue
            if lower in _TAKES or lower in _DROPS:
                self._answer(player, lower in _TAKES)
                i += 1
                continue
            if lower == "wins":
                rest = " ".join(w for _, w in tokens[i:])
                found = _WINS_RE.match(rest)
                if not found:
                    raise self.fail(MatProblem.UNREADABLE, rest)
                self._wins(player, self._number(found.group(2)))
                return
            raise self.fail(MatProblem.UNREADABLE, word)

    def _game_in_play(self) -> Game:
        """The game a roll, a double or an answer goes to (a roll left unplayed before it is
        refused first: only a resignation may follow one)."""
        self._played()
        assert self.match is not None
        game = self.match.game
        if game is None or game.is_over:
            raise self.fail(MatProblem.NO_GAME_IN_PLAY)
        return game

    def _roll(self, player: int, high: int, low: int, steps: list[str]) -> None:
        game = self._game_in_play()
        name = self.match.players[player] if self.match else str(player)
        if game.state is GameState.OPENING:
            if high == low:
                raise self.fail(MatProblem.DOUBLE_OPENING_ROLL, f"{high}{low}")
            big, small = max(high, low), min(high, low)
            game.roll(dice=(big, small) if player == 0 else (small, big))
        else:
            if game.state is GameState.AWAITING_TAKE:
                raise self.fail(MatProblem.ROLL_BEFORE_ANSWER, name)
            if game.state is not GameState.AWAITING_ROLL or game.player_on_roll != player:
                raise self.fail(MatProblem.ROLL_OUT_OF_TURN, name)
            game.roll(dice=(high, low))
        notation = " ".join(_notation(step) for step in steps)
        rolled: GameState = game.state  # what the roll led to (a play, or a pass)
        if rolled is GameState.AWAITING_PLAY:
            if not steps:
                self.unplayed = (self.number, name, f"{high}{low}")
                return
            try:
                game.play(_exact_play(game, steps) or notation)
            except EngineError as exc:
                rule = exc.reason if isinstance(exc, IllegalPlayError) else ""
                raise self.fail(
                    MatProblem.ILLEGAL_PLAY, name, notation, f"{high}{low}", str(exc), rule=rule
                ) from None
        elif steps:
            raise self.fail(MatProblem.PLAY_WITHOUT_LEGAL, name, f"{high}{low}", notation)

    def _double(self, player: int, value: int) -> None:
        game = self._game_in_play()
        if game.state is GameState.AWAITING_ROLL and game.player_on_roll == player:
            if game.is_crawford and self.crawford:
                raise _CrawfordDouble(self.number, MatProblem.CRAWFORD_DOUBLE)
            if value != 2 * game.cube_value:
                raise self.fail(MatProblem.DOUBLE_VALUE, game.cube_value, 2 * game.cube_value)
            refusal = game.double_refusal()
            if refusal:
                raise self.fail(
                    MatProblem.DOUBLE_REFUSED, DOUBLE_REFUSAL_TEXT[refusal], rule=refusal
                )
            game.double()
            return
        raise self.fail(MatProblem.DOUBLE_NOT_ALLOWED)

    def _answer(self, player: int, take: bool) -> None:
        game = self._game_in_play()
        if game.state is not GameState.AWAITING_TAKE or game.opponent != player:
            raise self.fail(MatProblem.NO_DOUBLE_TO_ANSWER)
        if take:
            game.take()
        else:
            game.drop()

    def _wins(self, player: int, points: int) -> None:
        assert self.match is not None
        game = self.match.game
        if game is None:
            raise self.fail(MatProblem.WIN_BEFORE_GAME)
        if game.is_over:
            result = game.result
            assert result is not None
            if (result.winner, result.points) != (player, points):
                players = self.match.players
                raise self.fail(
                    MatProblem.OTHER_WINNER,
                    players[player],
                    points,
                    players[result.winner],
                    result.points,
                )
            return
        if game.state is GameState.OPENING:
            raise self.fail(MatProblem.WIN_BEFORE_START)
        # still in play: the loser resigned (after a roll left unplayed, too)
        self.unplayed = None
        kind, rest = divmod(points, game.cube_value)
        if rest or kind not in (1, 2, 3):
            raise self.fail(MatProblem.RESIGNED_POINTS, points, game.cube_value)
        game.resign(1 - player, ResultKind(kind))


_POINTS = {"bar": BAR_POINT, "off": OFF_POINT}
_SIMPLE_RE = re.compile(r"^(bar|\d{1,2})/(off|\d{1,2})\*?$")


def _exact_play(game: Game, steps: list[str]) -> Play | None:
    """The play made by these single steps in this order, or None to read them as notation.

    Single steps name the route exactly (which checker hit on the way); notation text names the
    result, and a route that hits on the way is ambiguous there, so steps are tried first.
    """
    builder = game.turn_builder()
    try:
        for step in steps:
            found = _SIMPLE_RE.match(_notation(step))
            if not found:
                return None
            src, dst = (_POINTS[p] if p in _POINTS else int(p) for p in found.groups())
            builder.move_checker(src, dst)
        return builder.play()
    except IllegalPlayError:
        return None


def _notation(step: str) -> str:
    """A Jellyfish step in the engine's notation: 25 is the bar, 0 is off."""
    lowered = step.lower()
    lowered = re.sub(r"^25/", "bar/", lowered)
    return re.sub(r"/0(?=\*|/|\(|$)", "/off", lowered)


# -- writing ------------------------------------------------------------------------------------

_LEFT = 28  # width of player 0's column after the move number


def mat_name(name: str) -> str:
    """``name`` as a .mat score line can carry it and a reader read it back: a colon (which
    ends the name there: "Ann: 2" read as Ann with 2 points) becomes a full stop, a leading
    ";" or "#" (a comment line) goes, runs of spaces become one, and a name left empty is
    "Player"."""
    text = re.sub(r"^[\s;#]+", "", " ".join(str(name).replace(":", ".").split()))
    return text or "Player"


def export_mat(match: Match, players: Sequence[str] | None = None) -> str:
    """The match as Jellyfish ``.mat`` text, laid out as GNU Backgammon exports it, the players
    named ``players`` (the match's own names when None: a window names them in its language).

    Each line after ``Game n`` and the score is one move number: player 0's roll and play on
    the left, player 1's on the right (``52: 13/8 24/22``, bar 25, off 0, hits with ``*``;
    ``Doubles => 2``, ``Takes``, ``Drops``), and ``Wins n points`` ends each finished game.
    """
    lines = [f" {match.length} point match", ""]
    score = list(match._start_score)
    names = tuple(mat_name(n) for n in (match.players if players is None else players))
    if len(names) != 2:
        raise ValueError("A match has two players to name.")
    for number, game in enumerate(match.games, 1):
        lines.append(f" Game {number}")
        lines.append(f" {names[0]} : {score[0]}".ljust(31) + f" {names[1]} : {score[1]}")
        rows: list[list[str | None]] = []
        row: list[str | None] = [None, None]
        for player, text in game._events:
            if player == 0:
                if row != [None, None]:
                    rows.append(row)
                row = [text, None]
            else:
                row[1] = text
                rows.append(row)
                row = [None, None]
        result = game.result
        wins_line: str | None = None
        if result is not None:
            points = result.points
            wins = f" Wins {points} point{'s' if points != 1 else ''}"
            if result.winner == 1 and row[0] is not None and row[1] is None:
                row[1] = wins + " "
            elif result.winner == 1:
                wins_line = " " * (5 + _LEFT) + wins
            else:
                wins_line = " " * 5 + wins
        if row != [None, None]:
            rows.append(row)
        for index, (left, right) in enumerate(rows, 1):
            cell = left or ""
            # a full left column still needs a space before the right one (as gnubg writes it)
            cell = cell.ljust(_LEFT) if len(cell) < _LEFT or right is None else cell + " "
            lines.append(f"{index:3d}) " + cell + (right or ""))
        if wins_line is not None:
            lines.append(wins_line)
        lines.append("")
        if result is not None:
            score[result.winner] += result.points
    return "\n".join(lines) + "\n"
