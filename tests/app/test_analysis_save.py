"""The analysis saved with the match: read back, kept while the match goes on, dropped (with the
reason, the game kept) when it is damaged or belongs to another match."""

from __future__ import annotations

import json
import random

from ai.analysis import Analyser
from app.session import MatchSettings, Session
from tests.ai.test_analysis import PipEvaluator


def played(seed: int, turns: int) -> Session:
    """A hot-seat session after ``turns`` random turns."""
    session = Session(MatchSettings(match_length=3, cube=True, computer=False), seed=seed)
    session.start_game()
    session.opening()
    choose = random.Random(seed)
    for _ in range(turns):
        if session.phase == "roll":
            session.roll()
        while session.phase == "move" and session.turn is not None and session.turn.legal_steps():
            step = choose.choice(session.turn.legal_steps())
            session.move(step.src, step.dst)
        if session.phase == "move":
            session.end_turn()
        if session.phase not in ("roll", "move"):
            break
    return session


def analysed(session: Session) -> Session:
    session.analysis = Analyser(PipEvaluator()).analyse(session.match)
    return session


def reloaded(data: dict) -> Session:
    return Session.from_json(json.dumps(data))


def test_the_analysis_comes_back_with_the_match_and_keeps_while_it_goes_on():
    session = analysed(played(3, 6))
    back = reloaded(session.to_dict())
    assert back.analysis == session.analysis and back.analysis_problem is None
    # the match goes on: the analysis still fits what it judged
    if back.phase == "roll":
        back.roll()
    again = reloaded(back.to_dict())
    assert again.analysis == session.analysis
    assert again.analysis.fits(again.match) and not again.analysis.covers_all_of(again.match)


def test_an_analysis_of_another_match_is_dropped_and_the_game_kept():
    data = analysed(played(3, 6)).to_dict()
    other = analysed(played(4, 6)).to_dict()
    data["analysis"] = other["analysis"]
    back = reloaded(data)
    assert back.analysis is None and back.analysis_problem == ("other match", "")
    assert back.match.history == Session.from_json(json.dumps(data)).match.history


def test_a_damaged_analysis_is_dropped_with_its_reason_and_the_game_kept():
    data = analysed(played(3, 6)).to_dict()
    data["analysis"]["players"][0]["marks"]["bad"] = "many"
    back = reloaded(data)
    assert back.analysis is None
    assert back.analysis_problem[0] == "unreadable" and "marks" in back.analysis_problem[1]
    assert len(back.match.history) == len(data["match"]["history"])
    data["analysis"] = ["not", "an", "analysis"]
    assert reloaded(data).analysis_problem[0] == "unreadable"
    del data["analysis"]
    assert reloaded(data).analysis is None and reloaded(data).analysis_problem is None
