"""Soak test: computer-vs-computer games through the rules engine and the five computer levels.

Every configuration is played in turn: each pair of levels, the cube on and off, single games
(a money game of one game) and matches to 1, 3, 5, 7 and 11 points, the Crawford rule on and off.
After every action the invariants are checked against an independent tally:

* 15 checkers a side: checkers on the board and on the bar plus those borne off by the plays made;
  no point holds checkers of both sides;
* every play is one of the legal plays of the roll (``legal_results``), and a roll without one
  passes;
* the cube is 1, 2, 4, ... 64, centred or owned by the taker of the last double; no double in the
  Crawford game, with the cube off or by the player who does not own it; the computer's view of
  the cube (``CubeState.may_double``) agrees with the engine's ``can_double``;
* the score is the sum of the games' points (cube x 1, 2 or 3; a dropped double scores the cube
  before it), the Crawford game is the first game after a player reaches match point (when the
  rule is on), and the match ends exactly when a player reaches the target;
* the Position ID and the Match ID read back to the same state, and saving and loading the match
  (``engine.save``) gives the same history, score, IDs and dice to come: after every game and
  every ``--roundtrip-every`` actions;
* every game ends (within ``MAX_TURNS`` turns) and every match ends.

``--through`` chooses what plays the actions. ``engine`` (the default): the engine's ``Match``.
``session``: the window's game object ``app.session.Session``, every play made step by step as
clicks make it, with the invariants above and those of the window (its board, pips, phase,
score, cube and Double button agree with the engine; its save round trips, also in the middle of
a turn; see ``SessionRun``). ``flow``: the window's ``GameFlow`` without a window, saving to a
temporary folder after every action, its own computer playing Black (``FlowRun``; the lengths
the window offers: 0, 3, 5, 7, 11).

    python benchmarks/soak.py --games 2000            # the long run (all levels; slow: expert)
    python benchmarks/soak.py --games 2000 --through session --json soak.json
    python benchmarks/soak.py --games 100 --through flow

It prints the counts (games, matches, actions, plays, doubles, takes, drops, gammons, ...) and
every violation; the exit status is 1 when any invariant failed. ``tests/ai/test_soak.py`` and
``tests/app/test_soak_app.py`` run short versions in the suite.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.cube import state_from_match_id  # noqa: E402
from ai.levels import LEVEL_NAMES  # noqa: E402
from ai.player import ComputerPlayer  # noqa: E402
from engine import save  # noqa: E402
from engine.match import MAX_CUBE, EndReason, Game, GameState, Match, ResultKind  # noqa: E402
from engine.matchid import MatchIdFields  # noqa: E402
from engine.moves import legal_results  # noqa: E402
from engine.position import Position  # noqa: E402

LENGTHS = (0, 1, 3, 5, 7, 11)  # 0: a single game (a money session of one game)
MAX_TURNS = 2_000  # rolls in one game; real games take well under 200
MAX_GAMES = 400  # games in one match; an 11-point match takes a few dozen at most


@dataclass(frozen=True)
class Config:
    """One kind of match: the two levels, its length, the cube and the Crawford rule."""

    levels: tuple[str, str]
    length: int
    cube: bool
    crawford: bool

    def __str__(self) -> str:
        kind = "single game" if self.length == 0 else f"{self.length}-point match"
        cube = "cube" if self.cube else "no cube"
        crawford = "Crawford" if self.crawford else "no Crawford"
        return f"{self.levels[0]} v {self.levels[1]}, {kind}, {cube}, {crawford}"


@dataclass
class Report:
    """What a soak run did and found."""

    counts: Counter = field(default_factory=Counter)
    by_level: Counter = field(default_factory=Counter)
    violations: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def as_dict(self) -> dict:
        return {
            "counts": dict(self.counts),
            "games_by_level": dict(self.by_level),
            "violations": self.violations,
            "seconds": round(self.seconds, 1),
        }


def configs(levels: tuple[str, ...], lengths: tuple[int, ...]) -> Iterator[Config]:
    """Every configuration in turn, forever: level pairs x lengths x cube x Crawford."""
    pairs = list(itertools.product(levels, repeat=2))
    settings = [
        (length, cube, crawford)
        for length in lengths
        for cube in (True, False)
        for crawford in (True, False)
        # the Crawford rule means nothing in a single game or a 1-point match
        if length > 1 or crawford
    ]
    # interleave so that a short run already covers every level and every kind of match
    for index in itertools.count():
        pair = pairs[index % len(pairs)]
        length, cube, crawford = settings[index % len(settings)]
        yield Config(pair, length, cube, crawford)


class Violation(Exception):
    """An invariant that does not hold; the message says which and where."""


class MatchRun:
    """One match played by two computer players, checked after every action."""

    def __init__(
        self,
        config: Config,
        players: dict[str, ComputerPlayer],
        seed: int,
        report: Report,
        roundtrip_every: int,
    ) -> None:
        self.config = config
        self.players = (players[config.levels[0]], players[config.levels[1]])
        self.report = report
        self.counts = report.counts
        self.roundtrip_every = roundtrip_every
        self.match = Match(
            config.length, cube=config.cube, crawford=config.crawford, seed=seed, players=("A", "B")
        )
        self.tally = [0, 0]  # points won, by our own count
        self.crawford_seen = False
        self.actions = 0

    # -- playing --------------------------------------------------------------------------------
    def play(self) -> None:
        match = self.match
        for _ in range(MAX_GAMES):
            if match.is_over:
                break
            game = self._new_game()
            self._check_new_game(game)
            self._play_game(game)
            self._check_game_over(game)
            self._roundtrip("after a game")
            if match.is_money:  # a single game
                break
        else:
            raise Violation(f"the match did not end within {MAX_GAMES} games")
        if not match.is_money and not match.is_over:
            raise Violation("the match stopped before a player reached the target")
        self.counts["matches" if not match.is_money else "single games"] += 1

    def _play_game(self, game: Game) -> None:
        off = [0, 0]  # checkers each player has borne off, by the plays made
        self.off = off
        for _ in range(MAX_TURNS):
            if game.is_over:
                return
            state = game.state
            if state is GameState.OPENING:
                self._opening(game)
            elif state is GameState.AWAITING_ROLL:
                self._roll_or_double(game)
            elif state is GameState.AWAITING_TAKE:
                self._take_or_drop(game)
            elif state is GameState.AWAITING_PLAY:
                self._play_roll(game)
            self._check(game)
        raise Violation(f"a game did not end within {MAX_TURNS} actions")

    # -- the actions (SessionRun makes them through the window's game object) -------------------
    def _new_game(self) -> Game:
        return self.match.new_game()

    def _opening(self, game: Game) -> None:
        game.roll(self.match.rng)
        self._after_roll(game)

    def _double(self, game: Game) -> None:
        game.double()

    def _roll(self, game: Game) -> None:
        game.roll(self.match.rng)

    def _answer(self, game: Game, take: bool) -> None:
        game.take() if take else game.drop()

    def _make_play(self, game: Game, play) -> None:  # noqa: ANN001  (engine.moves.Play)
        game.play(play)

    def _cube_state(self, player: int):
        return state_from_match_id(
            self.match.match_id_fields(),
            player,
            crawford_rule=self.config.crawford,
            cube_enabled=self.config.cube,
        )

    def _roll_or_double(self, game: Game) -> None:
        mover = game.player_on_roll
        state = self._cube_state(mover)
        if state.may_double() != game.can_double():
            raise Violation(
                f"the computer's cube state says may double {state.may_double()}, the engine "
                f"{game.can_double()} (cube {game.cube_value}, owner {game.cube_owner}, "
                f"score {self.match.score}, Crawford {game.is_crawford})"
            )
        if game.can_double() and self.players[mover].should_double(game.position, state):
            owner_before = game.cube_owner
            if owner_before not in (None, mover):
                raise Violation("a player who does not own the cube doubled")
            self._double(game)
            self.counts["doubles"] += 1
            return
        self._roll(game)
        self.counts["rolls"] += 1
        self._after_roll(game)

    def _after_roll(self, game: Game) -> None:
        # a roll without a legal play passes at once: check that it really had none
        if game.state is GameState.AWAITING_PLAY:
            return
        player, dice, play = game.turns[-1]
        if play is not None:
            raise Violation("a passed roll recorded a play")
        # the board did not change: seen from the passer, it is the position the dice fell on
        if legal_results(game.board(player), dice):
            raise Violation(f"a roll of {dice} passed although a play was legal")
        self.counts["passed rolls"] += 1

    def _take_or_drop(self, game: Game) -> None:
        doubler = game.player_on_roll
        taker = 1 - doubler
        state = self._cube_state(doubler)  # as GNU Backgammon shows a pending double
        value = game.cube_value
        if self.players[taker].should_take(game.position, state):
            self._answer(game, True)
            self.counts["takes"] += 1
            if game.cube_value != 2 * value or game.cube_owner != taker:
                raise Violation("after a take the cube is not doubled and owned by the taker")
        else:
            self._answer(game, False)
            self.counts["drops"] += 1
            result = game.result
            if result is None or result.winner != doubler or result.points != value:
                raise Violation(f"a dropped double of a {value} cube scored {result}")

    def _play_roll(self, game: Game) -> None:
        mover = game.player_on_roll
        position, dice = game.position, game.dice
        assert dice is not None
        legal = legal_results(position, dice)
        if not legal:
            raise Violation(f"the game waits for a play of {dice} but none is legal")
        state = self._cube_state(mover)  # as the app asks: the match's cube state
        play = self.players[mover].choose_play(position, dice, state)
        if play is None or play.result not in legal:
            raise Violation(f"the computer chose {play} with {dice}, not a legal play")
        self.off[mover] += sum(1 for step in play.steps if step.dst == 0)
        self._make_play(game, play)
        self.counts["plays"] += 1

    # -- invariants -----------------------------------------------------------------------------
    def _check(self, game: Game) -> None:
        self.actions += 1
        self.counts["actions"] += 1
        for player in (0, 1):
            board = game.board(player)
            if sum(board.on_roll) + self.off[player] != 15:
                raise Violation(
                    f"player {player} has {sum(board.on_roll)} checkers in play and "
                    f"{self.off[player]} borne off"
                )
        mine, theirs = game.position.on_roll, game.position.opponent
        if any(mine[i] and theirs[23 - i] for i in range(24)):
            raise Violation("a point holds checkers of both sides")
        value = game.cube_value
        if value not in [1 << n for n in range(7)] or value > MAX_CUBE:
            raise Violation(f"the cube shows {value}")
        if game.cube_owner is None and value != 1 and not game.is_over:
            raise Violation(f"a centred cube shows {value}")
        if (game.is_crawford or not self.config.cube) and (
            value != 1 or game.cube_owner is not None
        ):
            raise Violation("the cube moved in a game played without it")
        match = self.match
        if match.length and max(match.score) > match.length:
            raise Violation(f"the score {match.score} passes the target {match.length}")
        position_id = game.position.position_id()
        if Position.from_position_id(position_id) != game.position:
            raise Violation(f"Position ID {position_id} does not read back")
        fields = match.match_id_fields()
        if MatchIdFields.decode(fields.encode()) != fields:
            raise Violation(f"Match ID {fields.encode()} does not read back")
        if self.roundtrip_every and self.actions % self.roundtrip_every == 0:
            self._roundtrip("during a game")

    def _check_new_game(self, game: Game) -> None:
        match = self.match
        config = self.config
        expected = (
            config.crawford
            and config.length > 1
            and not self.crawford_seen
            and max(self.tally) == config.length - 1
        )
        if game.is_crawford != expected:
            raise Violation(f"game {len(match.games)}: Crawford {game.is_crawford}, not {expected}")
        if game.is_crawford:
            self.crawford_seen = True
            self.counts["Crawford games"] += 1

    def _check_game_over(self, game: Game) -> None:
        result = game.result
        if result is None:
            raise Violation("a game ended without a result")
        if result.reason is EndReason.BORNE_OFF:
            if self.off[result.winner] != 15:
                raise Violation("a game was won without bearing off 15 checkers")
            loser_off = self.off[result.loser]
            loser = game.board(result.loser)
            if result.kind is ResultKind.SINGLE and loser_off == 0:
                raise Violation("a gammon scored as a single game")
            if result.kind is not ResultKind.SINGLE and loser_off != 0:
                raise Violation("a single game scored as a gammon")
            backgammon = loser_off == 0 and (loser.on_roll[24] or any(loser.on_roll[18:24]))
            if (result.kind is ResultKind.BACKGAMMON) != bool(backgammon):
                raise Violation(f"result {result.kind.name} does not fit the final position")
            kind = {1: "single wins", 2: "gammons", 3: "backgammons"}[int(result.kind)]
            self.counts[kind] += 1
        if result.points != int(result.kind) * result.cube_value:
            raise Violation(
                f"{result.points} points for {result.kind.name} at cube {result.cube_value}"
            )
        self.tally[result.winner] += result.points
        match = self.match
        if match.points_won() != tuple(self.tally):
            raise Violation(f"score {match.points_won()}, our tally {self.tally}")
        expected_over = bool(match.length) and max(self.tally) >= match.length
        if match.is_over != expected_over:
            raise Violation(f"match over {match.is_over} at {self.tally} to {match.length}")
        self.counts["games"] += 1
        for level in self.config.levels:
            self.report.by_level[level] += 1

    def _roundtrip(self, when: str) -> None:
        match = self.match
        text = save.dumps(match)
        loaded = save.loads(text)
        mine, theirs = match.game, loaded.game
        same = (
            loaded.history == match.history
            and loaded.score == match.score
            and loaded.match_id() == match.match_id()
            and loaded.position_id() == match.position_id()
            and loaded.rng.getstate() == match.rng.getstate()
            and (mine is None) == (theirs is None)
            and (mine is None or (mine.state, mine.dice) == (theirs.state, theirs.dice))
            and save.dumps(loaded) == text
        )
        if not same:
            raise Violation(f"saving and loading {when} changed the match")
        self.counts["save round trips"] += 1


class SessionRun(MatchRun):
    """The same match played through the window's game object, ``app.session.Session``.

    Every action is the window's: ``start_game`` and ``opening``, ``roll``, ``double``, ``take``
    and ``pass_double``, each play made step by step on the session's ``TurnBuilder`` (as clicks
    make it) and ended with ``end_turn``, a roll without a legal move shown and then ended. On top
    of the engine's invariants, after every action: the 28 board locations the window draws hold
    15 checkers a side and agree with the engine's board, the pip counts, the phase, the score
    and the cube the window shows agree with the engine, ``may_double`` with ``can_double``; and
    the window's save (``Session.to_dict``, as JSON, loaded with ``Session.from_dict``) gives the
    same save, board, phase and dice to come: after every game, every ``roundtrip_every``
    actions, and in the middle of turns (steps made, not yet ended).
    """

    def __init__(
        self,
        config: Config,
        players: dict[str, ComputerPlayer],
        seed: int,
        report: Report,
        roundtrip_every: int,
    ) -> None:
        super().__init__(config, players, seed, report, roundtrip_every)
        from app.session import MatchSettings, Session

        settings = MatchSettings(
            match_length=config.length,
            cube=config.cube,
            crawford=config.crawford,
            names=("A", "B"),
            computer=False,
        )
        self.session = Session(settings, seed=seed)
        self.match = self.session.match
        self.steps_made = 0

    def _new_game(self) -> Game:
        self.session.start_game()
        if self.session.phase != "opening":
            raise Violation(f"a new game starts in phase {self.session.phase}")
        return self.session.game

    def _opening(self, game: Game) -> None:
        self.session.opening()
        self._end_passed_roll()
        self._after_roll(game)

    def _double(self, game: Game) -> None:
        self.session.double()
        if self.session.phase != "double":
            raise Violation(f"after a double the window shows phase {self.session.phase}")

    def _roll(self, game: Game) -> None:
        self.session.roll()
        self._end_passed_roll()

    def _end_passed_roll(self) -> None:
        turn = self.session.turn
        if turn is not None and not turn.has_legal_move():
            if self.session.phase != "move":
                raise Violation("a roll without a legal move is not on show")
            play = self.session.end_turn()
            if play.steps:
                raise Violation("a roll without a legal move ended with a play")

    def _answer(self, game: Game, take: bool) -> None:
        if take:
            self.session.take()
        else:
            self.session.pass_double()

    def _make_play(self, game: Game, play) -> None:  # noqa: ANN001  (engine.moves.Play)
        session = self.session
        for step in play.steps:  # as the clicks make it, one checker at a time
            session.move(step.src, step.dst)
            self.steps_made += 1
            if self.roundtrip_every and self.steps_made % self.roundtrip_every == 0:
                self._roundtrip("in the middle of a turn")
        made = session.end_turn()
        if made.result != play.result:
            raise Violation(f"the steps of {play} ended the turn as {made}")

    def _check(self, game: Game) -> None:
        super()._check(game)
        session, match = self.session, self.match
        board = session.absolute_board()
        white = sum(n for n in board[1:25] if n > 0) + board[25] + board[0]
        black = -sum(n for n in board[1:25] if n < 0) + board[26] + board[27]
        if (white, black) != (15, 15):
            raise Violation(f"the window's board holds {white} and {black} checkers")
        if session.phase not in ("game_over", "match_over"):
            expected = game.board(0)
            white_side = [max(0, n) for n in board[1:25]] + [board[25]]
            black_side = [max(0, -board[25 - p]) for p in range(1, 25)] + [board[26]]
            if (tuple(white_side), tuple(black_side)) != (
                tuple(expected.on_roll),
                tuple(expected.opponent),
            ):
                raise Violation("the window's board is not the engine's board")
            if session.pip_counts() != expected.pip_count():
                raise Violation(f"pips {session.pip_counts()}, engine {expected.pip_count()}")
            if session.on_roll != game.player_on_roll:
                raise Violation("the window shows the other player on roll")
            if session.may_double() != game.can_double():
                raise Violation("the window's Double button disagrees with the engine")
        if tuple(session.score) != match.score:
            raise Violation(f"the window's score {session.score}, the engine's {match.score}")
        owner = -1 if game.cube_owner is None else game.cube_owner
        if (session.cube_value, session.cube_owner) != (game.cube_value, owner):
            raise Violation("the window's cube is not the engine's")
        phases = {
            GameState.OPENING: "opening",
            GameState.AWAITING_ROLL: "roll",
            GameState.AWAITING_TAKE: "double",
            GameState.AWAITING_PLAY: "move",
        }
        over = "match_over" if match.is_over else "game_over"
        if session.phase != phases.get(game.state, over):
            raise Violation(f"the window's phase {session.phase}, the engine's {game.state}")

    def _roundtrip(self, when: str) -> None:
        if when == "after a game":  # the window's save below holds the engine's save too
            super()._roundtrip(when)
        from app.session import Session

        session = self.session
        text = json.dumps(session.to_dict(), allow_nan=False)
        loaded = Session.from_dict(json.loads(text))
        same = (
            json.dumps(loaded.to_dict(), allow_nan=False) == text
            and loaded.absolute_board() == session.absolute_board()
            and loaded.phase == session.phase
            and loaded.dice == session.dice
            and loaded.rng.getstate() == session.rng.getstate()
            and (loaded.turn.steps if loaded.turn else [])
            == (session.turn.steps if session.turn else [])
        )
        if not same:
            raise Violation(f"the window's save and load {when} changed the game")
        self.counts["window save round trips"] += 1


class FlowRun:
    """One match played through ``app.game_flow.GameFlow``, the course of the game in the window,
    without the window: its ``Storage`` saves after every action (in a temporary folder), its
    ``ComputerTurn`` plays Black at the second level (off the GUI thread, as in the window), and
    White's decisions, made by the first level's computer player, go in through the flow's
    slots and ``BoardInput`` clicks (roll, double, take, pass, a click on the checker and one on
    its destination, Done, next game); forced moves are played by the flow (the setting).

    Checked at every save (each completed action): the file holds the session exactly, the
    window's board (``MatchView``) is the session's and holds 15 checkers a side, the score and
    cube shown are the engine's; every ``roundtrip_every`` saves and at every game's end the
    file loads back to itself (``Session.from_json`` replays its history through the engine's
    rules, so every play in it is legal); at every game's end the points (cube x 1, 2 or 3),
    the score tally and the Crawford game; every game and match ends. Needs PySide6.
    """

    LENGTHS = (0, 3, 5, 7, 11)  # the lengths the window offers

    def __init__(self, config: Config, players: dict[str, ComputerPlayer], seed: int,
                 report: Report, roundtrip_every: int = 10) -> None:  # fmt: skip
        import tempfile

        from app.board_input import BoardInput
        from app.computer_turn import ComputerTurn
        from app.game_flow import GameFlow
        from app.history import History
        from app.match_view import MatchView
        from app.settings import Settings
        from app.storage import Storage

        self.config, self.report, self.counts = config, report, report.counts
        self.roundtrip_every = max(1, roundtrip_every)
        self.white = players[config.levels[0]]
        self.folder = tempfile.TemporaryDirectory(prefix="soak-")
        folder = Path(self.folder.name)
        run = self

        class CheckedStorage(Storage):
            def write(self, name: str, text: str) -> None:
                super().write(name, text)
                if name == "game.json":
                    run.check_save(text)

        self.settings = Settings(folder / "settings.ini", step_ms=0)
        self.view = MatchView()
        self.flow = GameFlow(
            self.settings,
            CheckedStorage(folder),
            BoardInput(lambda: False),
            ComputerTurn(self.settings, 0),
            self.view,
            History(lambda: self.flow.session),
            seed=seed,
        )
        self.flow.gameFinished.connect(self.game_finished)
        self.tally = [0, 0]
        self.crawford_seen = False
        self.finished: set[int] = set()  # games counted (gameFinished comes after each change)
        self.actions_in_game = 0
        self.play_for: tuple[int, list] | None = None  # White's chosen steps for this turn
        self.error: str | None = None

    # -- playing ----------------------------------------------------------------------------------
    def play(self, seconds: float = 600) -> None:
        from PySide6.QtCore import QCoreApplication, QTimer

        app = QCoreApplication.instance()
        config = self.config
        self.flow.newGame(
            {
                "opponent": config.levels[1],
                "matchLength": config.length,
                "cube": config.cube,
                "crawford": config.crawford,
            }
        )
        self.check_new_game()
        timer = QTimer()
        timer.timeout.connect(self.act)
        timer.start(2)  # not 0: a busy loop would hold the lock the computer's thread needs
        deadline = QTimer()
        deadline.setSingleShot(True)
        deadline.timeout.connect(lambda: self.fail(f"the match did not end in {seconds:.0f} s"))
        deadline.start(int(seconds * 1000))
        self.quit = app.quit
        app.exec()
        timer.stop()
        deadline.stop()
        self.flow.shutdown()
        self.folder.cleanup()
        if self.error is not None:
            raise Violation(self.error)
        self.counts["matches" if config.length else "single games"] += 1

    def fail(self, message: str) -> None:
        if self.error is None:
            self.error = message
        self.quit()

    def act(self) -> None:
        from app.computer_turn import cube_state

        flow, s = self.flow, self.flow.session
        if s is None or flow.busy or self.error is not None:
            return
        try:
            phase = s.phase
            if phase == "match_over" or (phase == "game_over" and not s.settings.match_length):
                self.quit()
            elif phase == "game_over":
                flow.nextGame()
                self.check_new_game()
            elif phase == "double" and flow.human(1 - s.on_roll):
                take = self.white.should_take(s.position, cube_state(s))
                flow.take() if take else flow.passDouble()
                self.counts["takes" if take else "drops"] += 1
            elif phase == "roll" and flow.human(s.on_roll):
                if s.may_double() and self.white.should_double(s.position, cube_state(s)):
                    flow.double()
                    self.counts["doubles"] += 1
                else:
                    flow.roll()
            elif phase == "move" and flow.human(s.on_roll) and s.turn is not None:
                self.move(s)
        except Exception as exc:  # noqa: BLE001  (any failure of the flow is a finding)
            self.fail(f"{type(exc).__name__}: {exc}")

    def move(self, s) -> None:  # noqa: ANN001  (app.session.Session)
        from app.computer_turn import cube_state

        turn = s.turn
        if turn.is_complete():
            self.flow.confirm()
            self.counts["plays"] += 1
            return
        key = (id(turn), len(s.log))
        if self.play_for is None or self.play_for[0] != key:
            play = self.white.choose_play(s.position, s.dice, cube_state(s))
            if play is None or not turn.has_legal_move():
                raise Violation("White has no play although the turn waits for one")
            self.play_for = (key, list(play.steps))
        steps = self.play_for[1]
        step = steps[len(turn.steps)]
        self.flow.input.clickLocation(step.src)  # White: locations are White's points
        self.flow.input.clickLocation(step.dst)
        if len(turn.steps) == 0:
            raise Violation(f"the clicks on {step.src} and {step.dst} made no step")

    # -- invariants -----------------------------------------------------------------------------
    def check_save(self, text: str) -> None:
        from app.session import Session

        try:
            s = self.flow.session
            self.counts["actions"] += 1
            self.counts["saves checked"] += 1
            self.actions_in_game += 1
            if self.actions_in_game > MAX_TURNS:
                raise Violation(f"a game did not end within {MAX_TURNS} actions")
            if self.counts["actions"] % self.roundtrip_every == 0 or s.result is not None:
                loaded = Session.from_json(text)  # replays the history: every play is legal
                if json.dumps(loaded.to_dict(), allow_nan=False) != text:
                    raise Violation("the save does not load back to itself")
                self.counts["window save round trips"] += 1
            if json.dumps(s.to_dict(), allow_nan=False) != text:
                raise Violation("the save is not the session")
            board = list(self.view.board)
            if board != s.absolute_board():
                raise Violation("the window's board is not the session's")
            white = sum(n for n in board[1:25] if n > 0) + board[25] + board[0]
            black = -sum(n for n in board[1:25] if n < 0) + board[26] + board[27]
            if (white, black) != (15, 15):
                raise Violation(f"the window's board holds {white} and {black} checkers")
            if list(self.view.score) != s.score or self.view.cubeValue != s.cube_value:
                raise Violation("the window's score or cube is not the engine's")
            if s.settings.match_length and max(s.score) > s.settings.match_length:
                raise Violation(f"the score {s.score} passes the target")
            value = s.cube_value
            if value not in [1 << n for n in range(7)] or (
                (s.crawford_game or not self.config.cube) and value != 1
            ):
                raise Violation(f"the cube shows {value}")
        except (Violation, ValueError) as exc:
            self.fail(f"at a save: {exc}")

    def check_new_game(self) -> None:
        s, config = self.flow.session, self.config
        expected = (
            config.crawford
            and config.length > 1
            and not self.crawford_seen
            and max(self.tally) == config.length - 1
        )
        if s.game.is_crawford != expected:
            self.fail(f"game {s.game_number}: Crawford {s.game.is_crawford}, not {expected}")
        self.crawford_seen |= s.game.is_crawford
        self.counts["Crawford games"] += s.game.is_crawford
        self.actions_in_game = 0

    def game_finished(self) -> None:
        s = self.flow.session
        if s is None or s.result is None or s.game_number in self.finished:
            return
        self.finished.add(s.game_number)
        r = s.result
        if r.points != r.kind * r.cube:
            self.fail(f"{r.points} points for a kind {r.kind} game at cube {r.cube}")
        self.tally[r.winner] += r.points
        if s.match.points_won() != tuple(self.tally):
            self.fail(f"score {s.match.points_won()}, the tally {self.tally}")
        length = s.settings.match_length
        if length and (s.phase == "match_over") != (max(self.tally) >= length):
            self.fail(f"match over {s.phase == 'match_over'} at {self.tally} to {length}")
        self.counts["games"] += 1
        self.counts[{1: "single wins", 2: "gammons", 3: "backgammons"}[r.kind]] += 1
        for level in self.config.levels:
            self.report.by_level[level] += 1


def _flow_soak(games: int, seed: int, levels: tuple[str, ...], lengths: tuple[int, ...],
               seconds: float | None, progress: bool, report: Report,
               roundtrip_every: int) -> None:  # fmt: skip
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance() or QGuiApplication(["soak"])  # noqa: F841
    players = {name: ComputerPlayer(name, seed=seed) for name in levels}
    rng = random.Random(seed)
    start = time.perf_counter()
    shown = 0
    offered = tuple(n for n in lengths if n in FlowRun.LENGTHS) or FlowRun.LENGTHS
    for config in configs(levels, offered):
        if report.counts["games"] >= games:
            break
        if seconds is not None and time.perf_counter() - start > seconds:
            report.violations.append(f"stopped by the time limit after {report.counts['games']}")
            report.counts["stopped by the time limit"] = 1
            break
        run = FlowRun(config, players, rng.randrange(1 << 32), report, roundtrip_every)
        try:
            run.play()
        except Violation as exc:
            report.violations.append(f"{config} (through the flow): {exc}")
        kind = f"{config.length}-point matches" if config.length else "single-game sessions"
        report.counts[f"configs: {kind}"] += 1
        if progress and report.counts["games"] >= shown + 50:
            shown = report.counts["games"]
            print(f"  {shown} games, {time.perf_counter() - start:.0f} s", flush=True)


RUNS = {"engine": MatchRun, "session": SessionRun, "flow": FlowRun}


def soak(
    games: int,
    *,
    seed: int = 1,
    levels: tuple[str, ...] = LEVEL_NAMES,
    lengths: tuple[int, ...] = LENGTHS,
    roundtrip_every: int = 25,
    seconds: float | None = None,
    progress: bool = False,
    players: dict[str, ComputerPlayer] | None = None,
    through: str = "engine",
) -> Report:
    """Play matches of every configuration until ``games`` games (or ``seconds``) are done.

    ``through``: ``"engine"`` (the rules engine's ``Match``), ``"session"`` (the window's game
    object, ``SessionRun``) or ``"flow"`` (the window's course of the game, ``FlowRun``).
    ``players`` replaces the computer player of a level (tests give a faulty one; not with
    ``"flow"``, whose Black is the window's own computer).
    """
    run_class = RUNS[through]
    report = Report()
    if through == "flow":
        start = time.perf_counter()
        _flow_soak(games, seed, levels, lengths, seconds, progress, report, roundtrip_every)
        report.seconds = time.perf_counter() - start
        return report
    players = {name: ComputerPlayer(name, seed=seed) for name in levels} | (players or {})
    rng = random.Random(seed)
    start = time.perf_counter()
    shown = 0
    for config in configs(levels, lengths):
        if report.counts["games"] >= games:
            break
        if seconds is not None and time.perf_counter() - start > seconds:
            report.violations.append(
                f"stopped by the time limit after {report.counts['games']} games"
            )
            report.counts["stopped by the time limit"] = 1
            break
        run = run_class(config, players, rng.randrange(1 << 32), report, roundtrip_every)
        try:
            run.play()
        except Violation as exc:
            report.violations.append(f"{config} (seed {run.match.seed}): {exc}")
        kind = f"{config.length}-point matches" if config.length else "single-game sessions"
        report.counts[f"configs: {kind}"] += 1
        if progress and report.counts["games"] >= shown + 50:
            shown = report.counts["games"]
            print(f"  {shown} games, {time.perf_counter() - start:.0f} s", flush=True)
    report.seconds = time.perf_counter() - start
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default=",".join(LEVEL_NAMES))
    parser.add_argument("--roundtrip-every", type=int, default=25, help="actions (0: games only)")
    parser.add_argument("--minutes", type=float, default=None, help="stop after this long")
    parser.add_argument("--json", type=Path, help="write the report here too")
    parser.add_argument(
        "--through",
        choices=sorted(RUNS),
        default="engine",
        help="play through the engine's Match, the window's Session or its GameFlow",
    )
    args = parser.parse_args(argv)
    levels = tuple(name.strip() for name in args.levels.split(",") if name.strip())
    report = soak(
        args.games,
        seed=args.seed,
        levels=levels,
        roundtrip_every=args.roundtrip_every,
        seconds=None if args.minutes is None else args.minutes * 60,
        progress=True,
        through=args.through,
    )
    for name, count in sorted(report.counts.items()):
        print(f"{name:>28}: {count}")
    print(f"{'games by level (each side)':>28}: {dict(report.by_level)}")
    print(f"{'seconds':>28}: {report.seconds:.0f}")
    real = [v for v in report.violations if not v.startswith("stopped by the time limit")]
    print(f"{'violations':>28}: {len(real)}")
    for violation in report.violations:
        print(f"  - {violation}")
    if args.json:
        args.json.write_text(json.dumps(report.as_dict(), indent=1), encoding="utf-8")
    return 1 if real else 0


if __name__ == "__main__":
    sys.exit(main())
