"""The Jellyfish .mat format: matches GNU Backgammon played and exported, read, written and read
again; files that cannot be read name their line."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
from pathlib import Path

import pytest

from engine import TurnBuilder, legal_plays
from engine.errors import MAT_PROBLEM_TEXT, MatFormatError, Reason
from engine.errors import MatProblem as P
from engine.mat import export_mat, load_mat, loads_mat
from engine.match import DoubleRefusal, EndReason, GameState, Match, _playing_order

DATA = Path(__file__).resolve().parents[1] / "data"
GNUBG_FILES = sorted(DATA.glob("gnubg-match-*.mat")) + [DATA / "gnubg-export-5-point.mat"]
SCRIPT = Path(__file__).with_name("gnubg_mat_actions.py")

_WINS = re.compile(r"(^|\s)Wins (\d+) points?")


def _wins_in(text: str) -> list[int]:
    """The points of every "Wins" in the file, read without the parser."""
    return [int(m.group(2)) for line in text.splitlines() for m in _WINS.finditer(line)]


@pytest.mark.parametrize("path", GNUBG_FILES, ids=lambda p: p.name)
def test_gnubg_files_are_read_with_every_game_and_score(path):
    text = path.read_text()
    match = load_mat(path)
    assert match.length == int(re.search(r"(\d+) point match", text).group(1))
    assert len(match.games) == text.count(" Game ")
    assert [g.result.points for g in match.games if g.result] == _wins_in(text)
    # every numbered score line agrees with the games before it (checked while reading), and
    # the last game was won by someone reaching the length
    assert match.is_over
    assert max(match.points_won()) >= match.length


@pytest.mark.parametrize("path", GNUBG_FILES, ids=lambda p: p.name)
def test_export_reads_back_to_the_same_match(path):
    match = load_mat(path)
    text = export_mat(match)
    again = loads_mat(text)
    assert again.history == match.history
    assert export_mat(again) == text
    assert again.points_won() == match.points_won()


@pytest.mark.parametrize("path", GNUBG_FILES, ids=lambda p: p.name)
def test_export_writes_every_move_as_the_file_had_it(path):
    # each play was written in the engine's own route and order: "64: 11/5 15/11" for gnubg's
    # "15/9 9/5" (the 6 first, from a point the checker had not reached), "6/3 3/1" for
    # "6/4 4/1" (seen by a tester comparing the files); and the file's tags are kept
    def rows(text: str) -> list[str]:
        return [" ".join(line.split()) for line in text.splitlines() if ")" in line[:5]]

    match = load_mat(path)
    assert rows(export_mat(match)) == rows(path.read_text())
    dated = re.search(r'EventDate "([^"]+)"', path.read_text())
    assert match.tags.get("EventDate") == (dated[1] if dated else None)


def test_a_play_is_written_in_an_order_it_can_be_played():
    # a route given as one legal play of the result: its steps in an order that plays
    match = Match(0, seed=1)
    game = match.new_game()
    game.roll(match.rng)
    position, dice = game.position, game.dice
    for play in legal_plays(position, dice):
        steps = _playing_order(position, dice, tuple(reversed(play.steps)))
        builder = TurnBuilder(position, dice)
        for step in steps:
            builder.move_checker(step.src, step.dst)
        assert builder.play().result == play.result


def test_export_names_the_players_as_asked():
    match = load_mat(DATA / "gnubg-match-7-point.mat")
    again = loads_mat(export_mat(match, ["Hvid", "Computer"]))
    assert again.players == ("Hvid", "Computer") and again.history == match.history
    with pytest.raises(ValueError):
        export_mat(match, ["only one"])


@pytest.mark.parametrize(
    ("names", "read"),
    [
        (("#1 Ann", "Bo"), ("1 Ann", "Bo")),  # a leading "#" or ";" made a comment of the line
        (("Ann: 2", ";Bo"), ("Ann. 2", "Bo")),  # "Ann: 2" read as Ann with 2 points
        (("Ann:0", "Bo  Lee"), ("Ann.0", "Bo Lee")),
        (("   ", "Bo"), ("Player", "Bo")),
        (("# ;Ann", "Bo"), ("Ann", "Bo")),
    ],
)
def test_export_writes_names_a_reader_reads_back(names, read):
    match = load_mat(DATA / "gnubg-match-3-point-a.mat")
    again = loads_mat(export_mat(match, list(names)))
    assert again.players == read and again.history == match.history


def _normalise(line: str) -> str:
    """A row with each roll as the checkers it moves and its hits (the route is free)."""

    def net_change(found: re.Match) -> str:
        net: dict[int, int] = {}
        steps = found.group(2).split()
        for step in steps:
            src, dst = (int(x) for x in step.rstrip("*").split("/"))
            net[src] = net.get(src, 0) - 1
            net[dst] = net.get(dst, 0) + 1
        moved = sorted((point, n) for point, n in net.items() if n)
        hits = sum(step.endswith("*") for step in steps)
        return f"{found.group(1)}{moved} hits {hits} "

    # the route changes the width of the left column: compare the columns' words
    return re.sub(r" +", " ", re.sub(r"(\d\d: )((?:\d+/\d+\*? ?)+)", net_change, line)).rstrip()


def test_export_lays_out_rows_as_gnubg_does():
    # this file has a four-step play filling the left column, a resignation, and a drop
    path = DATA / "gnubg-match-3-point-a.mat"
    theirs = [x for x in path.read_text().splitlines() if not x.startswith(";")]
    ours = export_mat(load_mat(path)).splitlines()
    while theirs and not theirs[0].strip():
        theirs.pop(0)
    assert [_normalise(x) for x in ours] == [_normalise(x) for x in theirs]
    assert any(len(x) > 5 + 28 and x[5 + 28 - 1] != " " for x in ours)  # the full column


def test_a_resigned_game_is_read_as_a_resignation():
    match = load_mat(DATA / "gnubg-match-3-point-b.mat")
    reasons = [g.result.reason for g in match.games]
    assert EndReason.RESIGNED in reasons


def _comparable(history: list[dict]) -> list[dict]:
    """A history without what ``.mat`` does not keep: which die of a roll fell first."""
    return [dict(a, dice=sorted(a["dice"])) if a["type"] == "roll" else a for a in history]


def _random_match(length: int, seed: int, crawford: bool = True) -> Match:
    match = Match(length, cube=True, crawford=crawford, players=("Ann Lee", "Bo"), seed=seed)
    choices = random.Random(seed)
    while not match.is_over:
        game = match.new_game()
        while not game.is_over:
            if game.state is GameState.AWAITING_PLAY and choices.random() < 0.005:
                game.resign(choices.choice((0, 1)), choices.choice((1, 2, 3)))  # rolled, unplayed
            elif game.state is GameState.AWAITING_PLAY:
                game.play(choices.choice(game.legal_plays()))
            elif game.state is GameState.AWAITING_TAKE:
                game.take() if choices.random() < 0.7 else game.drop()
            elif (
                game.state is GameState.AWAITING_ROLL
                and game.can_double()
                and (choices.random() < 0.1)
            ):
                game.double()
            elif game.state is GameState.AWAITING_ROLL and choices.random() < 0.005:
                game.resign(game.player_on_roll, choices.choice((1, 2, 3)))
            else:
                game.roll(match.rng)
    return match


def _given_up_after_the_roll(roller: int, resigner: int) -> Match:
    """A 3-point match whose second game is given up after its opening roll, unplayed."""
    match = Match(3, cube=True, players=("Jan", "Computer"), seed=1)
    for kind in (1, 3):
        game = match.new_game()
        game.roll(dice=(5, 2) if roller == 0 else (2, 5))
        if kind == 1:
            game.play(game.legal_plays()[0])
        game.resign(resigner if kind == 3 else 0, kind)
    return match


@pytest.mark.parametrize("roller", (0, 1))
@pytest.mark.parametrize("resigner", (0, 1))
def test_a_game_given_up_after_the_roll_keeps_its_roll(roller, resigner):
    """Found by a tester: a game given up after the opening roll, before its play, was written
    with no row at all, and the program could not read its own file ("a win before the game
    has started"); GNU Backgammon left the game out. The roll stands unplayed, as GNU
    Backgammon writes it, and a resignation may follow it."""
    match = _given_up_after_the_roll(roller, resigner)
    text = export_mat(match)
    assert "52: " in text.split(" Game 2")[1]
    again = loads_mat(text)
    assert again.points_won() == match.points_won()
    assert again.games[1].result == match.games[1].result
    assert export_mat(again) == text


def test_a_roll_left_unplayed_is_refused_unless_a_resignation_follows():
    head = " 3 point match\n\n Game 1\n A : 0                        B : 0\n"
    # as GNU Backgammon writes a game given up after the roll: the win on the roll's row
    given_up = loads_mat(head + "  1) 65:       Wins 3 points\n")
    assert given_up.points_won() == (0, 3)
    for rest in ("  2) 31: 8/5 6/5\n", "", " Game 2\n"):
        with pytest.raises(MatFormatError) as caught:
            loads_mat(head + "  1) 52:\n" + rest)
        assert caught.value.line == 5 and caught.value.reason == P.NOTHING_PLAYED


@pytest.mark.parametrize("seed", range(12))
def test_random_matches_round_trip(seed):
    match = _random_match(random.Random(seed).choice((1, 3, 5, 7)), seed)
    again = loads_mat(export_mat(match))
    assert _comparable(again.history) == _comparable(match.history)
    assert again.players == match.players


def test_a_match_without_the_crawford_rule_is_read_without_it():
    for seed in range(200):
        match = _random_match(3, seed, crawford=False)
        doubled_at_match_point = any(
            g.match_score[0] == 2 or g.match_score[1] == 2
            for g in match.games
            if any(a["type"] == "double" for a in g.history)
        )
        if doubled_at_match_point:
            break
    else:
        pytest.skip("no match doubled at 2-away")
    again = loads_mat(export_mat(match))
    assert not again.crawford_enabled
    assert _comparable(again.history) == _comparable(match.history)


GOOD = """; [Site "test"]

 3 point match

 Game 1
 Ann : 0                        Bo : 0
  1) 31: 8/5 6/5                 42: 8/4 6/4
  2)  Doubles => 2                Drops
      Wins 1 point

 Game 2
 Ann : 1                        Bo : 0
  1)                             62: 24/18 13/11
"""


def test_a_small_file_reads_and_an_unfinished_game_stays_open():
    match = loads_mat(GOOD)
    assert match.players == ("Ann", "Bo")
    assert match.points_won() == (1, 0)
    assert match.game.state is GameState.AWAITING_ROLL and match.game.player_on_roll == 0


def _broken(line_number: int, new_text: str) -> str:
    lines = GOOD.splitlines()
    lines[line_number - 1] = new_text
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("line", "text", "words", "reason"),
    [
        (3, " 3 points match", "point match", P.EXPECTED_LENGTH),
        (3, " 30 point match", "1-25", P.LENGTH_RANGE),
        (
            7,
            "  1) 31: 8/5 6/4                 42: 8/4 6/4",
            "cannot play 8/5 6/4 with 31",
            P.ILLEGAL_PLAY,
        ),
        (
            7,
            "  1) 31: 8/5 6/5                 42: 8/4 6/4 13/9",
            "Bo cannot play 8/4 6/4 13/9 with 42",
            P.ILLEGAL_PLAY,
        ),
        (7, "  1) 33: 8/5 8/5 6/3 6/3", "opening", P.DOUBLE_OPENING_ROLL),
        (7, "  1) 31:                         42: 8/4 6/4", "plays nothing", P.NOTHING_PLAYED),
        (8, "  2)  Doubles => 4                Drops", "double is to 2", P.DOUBLE_VALUE),
        (8, "  2)                              Takes", "no double", P.NO_DOUBLE_TO_ANSWER),
        (9, "      Wins 2 points", "wins 2 points", P.OTHER_WINNER),
        (12, " Ann : 2                        Bo : 0", "does not follow", P.SCORE_DOES_NOT_FOLLOW),
        (12, " Ann : 1                        Cy : 0", "players", P.OTHER_PLAYERS),
        (12, " Ann 1 Bo 0", "score line", P.EXPECTED_SCORE_LINE),
        (13, "  1)                             62: 24/18 13/11 hello", "hello", P.UNREADABLE),
        # a move cut in the middle is named (it said "plays nothing with 62": found by a tester)
        (13, "  1)                             62: 24/", "24/", P.UNREADABLE),
        (13, "  1)                             62: 24/18 13/11 6/5", "cannot play", P.ILLEGAL_PLAY),
        # a damaged move is named, not the play without it ("cannot play 24/18 with 62", found
        # by a tester)
        (13, "  1)                             62: 24/18 1\u00b7/11", "1\u00b7/11", P.UNREADABLE),
        # rows numbered out of order: one lost, doubled or moved read as another match
        (
            8,
            "  3)  Doubles => 2                Drops",
            "expected move 2, found move 3",
            P.MOVE_NUMBER,
        ),
        (
            8,
            "  1)  Doubles => 2                Drops",
            "expected move 2, found move 1",
            P.MOVE_NUMBER,
        ),
        (13, "  2)                             62: 24/18 13/11", "expected move 1", P.MOVE_NUMBER),
    ],
)
def test_a_bad_file_names_its_line_and_its_problem(line, text, words, reason):
    with pytest.raises(MatFormatError) as raised:
        loads_mat(_broken(line, text))
    error = raised.value
    assert error.line == line
    assert str(error).startswith(f"line {line}: ")
    assert re.search(words, str(error), re.IGNORECASE), str(error)
    # the problem by its code, with its values, for a window to say in its own words
    assert error.reason == reason
    assert error.detail == MAT_PROBLEM_TEXT[reason].format(*error.values)


def test_a_file_cut_short_in_a_line_says_so():
    """Found by a tester: the first half of a match file was refused by the part of a move it
    broke off in ("'24' cannot be read"), nothing said of the file's end."""
    whole = (DATA / "gnubg-match-3-point-a.mat").read_text()
    slash = whole.index("/", len(whole) // 2)
    for cut in (whole[:slash], whole[: slash - 3]):  # in a move ("24"), after a roll ("63: ")
        with pytest.raises(MatFormatError) as raised:
            loads_mat(cut)
        error = raised.value
        assert error.cut_short and error.line == len(cut.splitlines())
        assert "the file ends in the middle of this line" in str(error)
    # the same line with the file going on: no such word
    with pytest.raises(MatFormatError) as raised:
        loads_mat(cut + "\n")
    assert not raised.value.cut_short and "ends in the middle" not in str(raised.value)


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("  1) 31: 8/5 6/4                 42: 8/4 6/4", Reason.DIE_NOT_AVAILABLE),
        ("  1) 31: 8/5 6/5                 42: 8/4 6/4 13/9", Reason.TURN_COMPLETE),
        ("  1) 31: 8/5 6/5                 42: 8/4", Reason.MUST_USE_BOTH_DICE),
        ("  1) 31: 8/5 6/5                 42: 30/26 6/4", ""),
    ],
)
def test_an_illegal_play_in_a_file_names_the_rule_it_breaks(text, rule):
    with pytest.raises(MatFormatError) as raised:
        loads_mat(_broken(7, text))
    assert (raised.value.reason, raised.value.rule) == (P.ILLEGAL_PLAY, rule)


def test_a_double_the_rules_forbid_names_the_rule():
    # Bo took the cube and owns it: Ann may not redouble
    lines = GOOD.splitlines()
    lines[7] = "  2)  Doubles => 2                Takes"
    lines[8] = "  3)  Doubles => 4"
    with pytest.raises(MatFormatError) as raised:
        loads_mat("\n".join(lines[:9]) + "\n")
    assert raised.value.line == 9
    assert (raised.value.reason, raised.value.rule) == (P.DOUBLE_REFUSED, DoubleRefusal.NOT_OWNER)
    assert str(raised.value).endswith("Only the owner of the cube may redouble.")


def test_names_are_read_in_the_file_s_encoding(tmp_path):
    lines = GOOD.replace("Ann", "Bjørn").splitlines()[:9]
    utf8, latin1 = tmp_path / "utf8.mat", tmp_path / "latin1.mat"
    latin1.write_bytes("\n".join(lines).encode("latin-1"))
    assert load_mat(latin1).players == ("Bjørn", "Bo")  # as older Windows programs write them
    # one damaged byte: still UTF-8 (read as Latin-1 throughout, "Bjørn" became "BjÃ¸rn")
    utf8.write_bytes("\n".join(lines).encode("utf-8").replace(b"Bo", b"B\xff"))
    assert load_mat(utf8).players == ("Bjørn", "B\ufffd")


def test_a_long_line_is_quoted_short():
    # a one-line file of 66 MB gave a message of 66 MB
    with pytest.raises(MatFormatError) as raised:
        loads_mat("x" * 100_000 + "\n")
    assert raised.value.line == 1 and len(str(raised.value)) < 200


def test_files_that_are_not_mat_are_refused():
    with pytest.raises(MatFormatError, match="point match"):
        loads_mat("hello\n")
    with pytest.raises(MatFormatError, match="no game"):
        loads_mat(" 5 point match\n")
    with pytest.raises(MatFormatError, match="line 3"):
        loads_mat(" 5 point match\n\n Game 2\n")


def test_command_line_reads_and_exports(tmp_path, capsys):
    from engine.__main__ import main

    out = tmp_path / "out.mat"
    source = DATA / "gnubg-match-3-point-c.mat"
    assert main(["mat", str(source), "--export", str(out)]) == 0
    assert "3-point match" in capsys.readouterr().out
    assert loads_mat(out.read_text()).history == load_mat(source).history
    bad = tmp_path / "bad.mat"
    bad.write_text(_broken(7, "  1) 31: 8/5 6/4"))
    assert main(["mat", str(bad)]) == 2
    assert "line 7:" in capsys.readouterr().err
    assert main(["mat", str(tmp_path / "missing.mat")]) == 2


def test_an_export_that_cannot_be_written_whole_leaves_the_old_file(tmp_path):
    """A full disk (here a file size limit of 2 KB) left half a file in the place of the old
    one, itself unreadable: the old file stays whole, and nothing is left beside it."""
    import resource
    import sys

    target = tmp_path / "match.mat"
    target.write_text("the old file\n")
    done = subprocess.run(
        [sys.executable, "-m", "engine", "mat", str(DATA / "gnubg-match-7-point.mat")]
        + ["--export", str(target)],
        capture_output=True,
        text=True,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (2048, 2048)),
        cwd=Path(__file__).resolve().parents[2],
        timeout=120,
    )
    assert done.returncode == 2 and "cannot write" in done.stderr
    assert target.read_text() == "the old file\n"
    assert [p.name for p in tmp_path.iterdir()] == ["match.mat"]


def _gnubg_actions(gnubg_path: str, paths: list[Path], home: Path) -> dict[str, dict]:
    env = dict(os.environ, MAT_FILES=" ".join(str(p) for p in paths), HOME=str(home))
    done = subprocess.run(
        [gnubg_path, "-t", "-q", "-p", str(SCRIPT)],
        capture_output=True,
        env=env,
        cwd=home,
        timeout=300,
    )
    found = {}
    for line in done.stdout.decode("utf-8", "replace").splitlines():
        if line.startswith("ACTIONS "):
            data = json.loads(line[8:])
            found[data["file"]] = data
    assert len(found) == len(paths), done.stderr.decode("utf-8", "replace")[-2000:]
    return found


@pytest.mark.gnubg
def test_gnubg_reads_our_reexport_with_the_same_moves_cube_actions_and_score(gnubg_path, tmp_path):
    originals = list(GNUBG_FILES)
    exports = []
    for path in originals:
        out = tmp_path / f"again-{path.name}"
        out.write_text(export_mat(load_mat(path)))
        exports.append(out)
    # matches played by the engine too, with resignations and every cube action
    for seed in (31, 32, 33):
        out = tmp_path / f"engine-{seed}.mat"
        match = _random_match(5, seed)
        out.write_text(export_mat(match))
        original = tmp_path / f"engine-{seed}-first.mat"
        original.write_text(export_mat(loads_mat(export_mat(match))))
        originals.append(original)
        exports.append(out)
    given_up = {}
    for roller, resigner in ((0, 1), (1, 0), (1, 1)):  # a game given up after the roll, unplayed
        out = tmp_path / f"given-up-{roller}{resigner}.mat"
        given_up[str(out)] = match = _given_up_after_the_roll(roller, resigner)
        out.write_text(export_mat(match))
    found = _gnubg_actions(gnubg_path, originals + exports + [Path(f) for f in given_up], tmp_path)
    for name, match in given_up.items():
        games = found[name]["games"]
        assert [g["points"] for g in games] == [g.result.points for g in match.games], name
        pairs = zip(match.games, games, strict=True)
        letters = {(g.result.winner, read["winner"]) for g, read in pairs}
        assert len(letters) == len({w for w, _ in letters}) == len({x for _, x in letters})
    for original, export in zip(originals, exports, strict=True):
        theirs, ours = found[str(original)], found[str(export)]
        assert ours["games"] == theirs["games"], export.name
        assert ours["match_id"] == theirs["match_id"]


def test_crawford_markers_are_checked():
    for seed in range(100):
        match = _random_match(3, seed)
        crawford = [i for i, g in enumerate(match.games) if g.is_crawford]
        if crawford and crawford[0] > 0:
            break
    else:
        pytest.skip("no Crawford game in these matches")
    lines = export_mat(match).splitlines()
    score_lines = [i + 1 for i, line in enumerate(lines) if line.startswith(" Game ")]
    marked = list(lines)
    marked[score_lines[crawford[0]]] += " (Crawford)"
    assert _comparable(loads_mat("\n".join(marked)).history) == _comparable(match.history)
    wrong = list(lines)
    wrong[score_lines[0]] += " *"
    with pytest.raises(MatFormatError, match="Crawford") as raised:
        loads_mat("\n".join(wrong))
    assert raised.value.line == score_lines[0] + 1


def test_other_programs_spellings_are_read():
    # a byte-order mark, Windows line ends, a name with a space, a move with a count, and "and
    # the match" after a win
    text = (
        '\ufeff; [Site "XG"]\r\n\r\n 1 point match\r\n\r\n Game 1\r\n'
        " Ann Lee : 0                    Bo : 0\r\n"
        "  1) 64: 24/18 13/9              61: 13/7 8/7\r\n"
    )
    match = loads_mat(text)
    assert match.players == ("Ann Lee", "Bo") and len(match.game.turns) == 2
    spelled = GOOD.replace("31: 8/5 6/5", "31: 8/5(1) 6/5").replace(
        "Wins 1 point", "Wins 1 point and the match"
    )
    assert loads_mat(spelled).history == loads_mat(GOOD).history
