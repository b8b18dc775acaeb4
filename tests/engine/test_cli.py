"""The command line: ``python -m engine plays`` and ``python -m engine show``."""

from __future__ import annotations

import gzip
import itertools
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PLAYS = ROOT / "tests" / "data" / "gnubg-legal-plays.jsonl.gz"
MATCH_IDS = ROOT / "tests" / "data" / "gnubg-match-ids.jsonl"
POSITION_IDS = ROOT / "tests" / "data" / "gnubg-position-ids.jsonl"


def run(args: list[str], stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_plays_agree_with_gnubg_and_bad_lines_do_not_stop_the_stream():
    with gzip.open(PLAYS, "rt") as data:
        cases = [json.loads(line) for line in itertools.islice(data, 0, 10_551, 35)]
    lines = []
    for case in cases:
        dice = [int(case["dice"][0]), int(case["dice"][1])]
        lines.append(json.dumps({"position_id": case["pid"], "dice": dice}))
    bad = [
        "this is not json",
        json.dumps({"position_id": "//////////////", "dice": [3, 1]}),
        json.dumps({"position_id": "4HPwATDgc/ABMA", "dice": [7, 1]}),
        json.dumps({"dice": [3, 1]}),
        "[1, 2]",
    ]
    # bad requests in the middle of the stream
    stream = lines[:5] + bad + lines[5:] + [""]
    result = run(["plays"], "\n".join(stream) + "\n")
    assert result.returncode == 0, result.stderr
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(answers) == len(lines) + len(bad)
    errors = answers[5 : 5 + len(bad)]
    assert all(set(a) == {"error"} and a["error"] for a in errors)
    good = answers[:5] + answers[5 + len(bad) :]
    for case, answer in zip(cases, good, strict=True):
        assert {(p["move"], p["result"]) for p in answer["plays"]} == {
            (p["move"], p["result"]) for p in case["plays"]
        }


def test_show_json_fields_for_a_position_and_a_match_id():
    case = json.loads(POSITION_IDS.read_text().splitlines()[7])
    match_case = json.loads(MATCH_IDS.read_text().splitlines()[3])
    pid = case["position_id"]
    result = run(["show", "--json", pid, match_case["match_id"]])
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["position_id"] == pid
    assert data["on_roll"] == case["on_roll"] and data["opponent"] == case["opponent"]
    for key, value in match_case.items():
        assert data[key] == value, key
    assert data["resigned"] == 0


def test_show_reads_json_lines_when_no_id_is_given():
    match_lines = MATCH_IDS.read_text().splitlines()[:20]
    requests = [json.dumps({"match_id": json.loads(x)["match_id"]}) for x in match_lines]
    requests.insert(3, json.dumps({"match_id": "bad"}))
    requests.append(json.dumps({"position_id": "4HPwATDgc/ABMA"}))
    result = run(["show"], "\n".join(requests) + "\n")
    answers = [json.loads(x) for x in result.stdout.splitlines()]
    assert len(answers) == len(requests)
    assert "error" in answers[3]
    expected = [json.loads(x) for x in match_lines]
    got = answers[:3] + answers[4:-1]
    for want, have in zip(expected, got, strict=True):
        assert {k: have[k] for k in want} == want
    assert answers[-1]["on_roll"][5] == 5 and answers[-1]["on_roll"][24] == 0


def test_show_text_board():
    result = run(["show", "4HPwATDgc/ABMA", "QYkqASAAIAAA"])
    assert result.returncode == 0
    assert "+13-14-15-16-17-18" in result.stdout
    assert "Pips X 167  O 167" in result.stdout
    assert "9-point match, score 2-4" in result.stdout
    bad = run(["show", "nonsense"])
    assert bad.returncode == 2 and "Position ID" in bad.stderr


def test_plays_answers_each_line_as_it_arrives():
    # another program may keep the engine open and wait for each answer before the next request
    process = subprocess.Popen(
        [sys.executable, "-m", "engine", "plays"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        for dice in ([3, 1], [6, 6], [9, 9]):
            process.stdin.write(json.dumps({"position_id": "4HPwATDgc/ABMA", "dice": dice}) + "\n")
            process.stdin.flush()
            answer = json.loads(process.stdout.readline())
            assert ("plays" in answer) == (dice != [9, 9])
        assert len(answer) == 1 and "error" in answer
    finally:
        process.stdin.close()
        process.wait(timeout=30)
        process.stdout.close()
    assert process.returncode == 0


def test_every_position_id_shows_its_boards():
    from engine.__main__ import position_json
    from engine.position import Position

    for line in POSITION_IDS.read_text().splitlines():
        case = json.loads(line)
        data = position_json(Position.from_position_id(case["position_id"]))
        assert data["position_id"] == case["position_id"]
        assert data["on_roll"] == case["on_roll"] and data["opponent"] == case["opponent"]
