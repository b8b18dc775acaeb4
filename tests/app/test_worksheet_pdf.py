"""Printable worksheets: every lesson in every language, read back from the PDF.

Qt's PDF reader (QtPdf) is not part of the Qt packages the program uses, so the files are read
back with pypdf, an independent PDF reader: it parses the file's structure (cross-reference
table, page tree), counts the pages and extracts the text through the fonts' Unicode maps, which
is what a reader program or a screen reader sees.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest

from app.worksheet_pdf import (
    AIMS,
    POSITION_ID,
    TITLE,
    command_line_application,
    write_worksheet,
)
from lessons.exercises import language_number
from lessons.model import load_lessons
from lessons.worksheet import ANSWERS, translator, worksheet

ROOT = Path(__file__).resolve().parents[2]
A4 = (595, 842)  # points


def squeeze(text: str) -> str:
    """Text without any white space: a line may break anywhere, also after a hyphen."""
    return re.sub(r"\s+", "", text)


def read(path: Path) -> list[str]:
    reader = pypdf.PdfReader(str(path), strict=True)
    for page in reader.pages:
        box = page.mediabox
        assert (round(float(box.width)), round(float(box.height))) == A4
    return [squeeze(page.extract_text()) for page in reader.pages]


@pytest.fixture(scope="module")
def lessons():
    return load_lessons()


@pytest.fixture(scope="module")
def application(qapp):
    return command_line_application()


@pytest.mark.parametrize("language", ["en", "da", "nl"])
def test_every_lesson_makes_a_worksheet_with_its_questions_then_the_key(
    application, lessons, tmp_path, language
):
    tr = translator(language)
    for lesson in lessons:
        out = tmp_path / f"lesson{lesson.number}-{language}.pdf"
        pages = write_worksheet(lesson, language, out)
        texts = read(out)
        assert len(texts) == pages >= 2, lesson.id
        items = worksheet(lesson, tr, language_number(language))  # (its numbers: "10,2 %")
        # the questions, each with its Position ID (the label in the worksheet's language)
        label = squeeze(tr(POSITION_ID).format(id=""))
        questions = [i for i, text in enumerate(texts) if label in text]
        assert questions == list(range(len(questions)))
        # at most three exercises to a page, at least two (the first page has the heading)
        assert -(-len(items) // 3) <= len(questions) <= -(-len(items) // 2)
        title = tr(TITLE).format(number=lesson.number, title=tr(lesson.title))
        assert squeeze(title) in texts[0]
        asked = "".join(texts[: len(questions)])
        for item in items:
            assert squeeze(tr(POSITION_ID).format(id=item.position_id)) in asked
            assert squeeze(item.question) in asked, (lesson.id, item.step_id)
            if item.match_id:
                assert squeeze(item.match_id) in asked
        # the answer key on pages of its own, with the teacher's notes
        key = texts[len(questions) :]
        assert key and squeeze(tr(ANSWERS)) in key[0]
        assert squeeze(tr(ANSWERS)) not in asked
        answers = "".join(key)
        for item in items:
            assert squeeze(item.answer) in answers, (lesson.id, item.step_id)
        assert squeeze(tr(AIMS)) in answers
        for aim in lesson.teacher.aims:
            assert squeeze(tr(aim)) in answers


def test_the_font_is_the_bundled_one_and_embedded(application, lessons, tmp_path):
    out = tmp_path / "w.pdf"
    write_worksheet(lessons[7], "da", out)
    reader = pypdf.PdfReader(str(out))
    fonts = reader.pages[0]["/Resources"]["/Font"]
    names = set()
    for ref in fonts.values():
        font = ref.get_object()
        names.add(str(font["/BaseFont"]).lstrip("/"))
        descendant = font["/DescendantFonts"][0].get_object()
        assert "/FontFile2" in descendant["/FontDescriptor"].get_object()  # embedded
    # the IDs in the monospaced one, whose capital I and small l differ (a tester copied one
    # by hand wrongly)
    assert {n.split("+")[-1] for n in names} == {"DejaVuSans", "DejaVuSans-Bold", "DejaVuSansMono"}
    text = reader.pages[0].extract_text()
    assert "grundlæggende" in text  # a Danish letter reads back as itself


def test_a_failed_write_keeps_the_old_file(application, lessons, tmp_path):
    out = tmp_path / "w.pdf"
    out.write_bytes(b"old")
    with pytest.raises(ValueError):
        write_worksheet(lessons[0], "fr", out)
    with pytest.raises(OSError):
        write_worksheet(lessons[0], "en", tmp_path / "no-such-folder" / "w.pdf")
    assert out.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["w.pdf"]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "lessons", "worksheet", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(("number", "language"), [(1, "en"), (4, "da"), (7, "nl")])
def test_the_command_writes_the_pdf(tmp_path, lessons, number, language):
    out = tmp_path / f"lesson{number}.pdf"
    done = run("--lesson", str(number), "--lang", language, "--out", str(out))
    assert done.returncode == 0, done.stderr
    texts = read(out)
    assert f"{len(texts)} pages" in done.stderr
    tr = translator(language)
    lesson = lessons[number - 1]
    assert squeeze(tr(lesson.title)) in texts[0]


def test_the_command_refuses_what_it_cannot_write(tmp_path):
    bad = run("--lesson", "1", "--out", str(tmp_path / "x.doc"))
    assert bad.returncode == 1 and ".pdf or a .txt" in bad.stderr and "Traceback" not in bad.stderr
    nowhere = run("--lesson", "1", "--out", str(tmp_path / "missing" / "x.pdf"))
    assert nowhere.returncode == 1 and "error:" in nowhere.stderr
    assert "Traceback" not in nowhere.stderr


def test_a_crawford_question_is_not_answered_by_its_caption_or_its_cube(lessons, tmp_path):
    """Found by a teacher: the printed question "Is this game the Crawford game?" said
    "Crawford game" under its board (and the other question's caption did not), with a cube at
    64 drawn in the Crawford game. The sheet shows what the lesson window shows before the
    answer (``lessons.model.shown_match``)."""
    from app.worksheet_pdf import CRAWFORD, caption
    from lessons.model import shown_match

    tr = translator("en")
    asked = [
        step
        for lesson in lessons
        for step in lesson.steps
        if step.exercise is not None and step.exercise.kind == "crawford"
    ]
    assert len({step.match.crawford for step in asked}) == 2  # a Crawford game and another
    for step in asked:
        said = caption(step, tr)
        assert tr(CRAWFORD) not in said and "cube" not in said, said
        assert not shown_match(step).cube and shown_match(step, solved=True).crawford == (
            step.match.crawford
        )
    crawford_games = [
        step for lesson in lessons for step in lesson.steps if step.match and step.match.crawford
    ]
    for step in crawford_games:  # no doubling in it: no cube
        assert not shown_match(step, solved=True).cube and "cube" not in caption(step, tr)


def test_a_double_on_offer_is_said_and_drawn_as_one(lessons, qtbot, tmp_path):
    """Found by a teacher: lesson 7's take questions said "cube 2, in the middle", a state no
    game has, where the opponent doubles to 2; the lesson window drew that cube too."""
    from app.worksheet_pdf import CUBE_CENTRE, CUBE_OFFERED, caption
    from lessons.model import shown_match
    from tests.app.test_lessons_player import LessonHarness

    tr = translator("en")
    takes = [
        (number, index, step)
        for number, lesson in enumerate(lessons)
        for index, step in enumerate(lesson.steps)
        if step.match is None
        and step.exercise is not None
        and shown_match(step).cube_owner == "offered"
    ]
    assert len(takes) >= 2
    for _number, _index, step in takes:
        said = caption(step, tr)
        assert said.endswith("Money game · your opponent doubles to 2")  # as the window says it
        assert tr(CUBE_OFFERED).format(value=2) in said
        assert tr(CUBE_CENTRE).format(value=2) not in said
    ui = LessonHarness(qtbot, tmp_path)
    ui.open()
    try:
        number, index, _step = takes[0]
        ui.player.openLesson(number)
        ui.player._go(index)  # (the steps before it unanswered)
        ui.settle()
        view = ui.view
        assert view["stepIndex"] == index
        assert view["cubeOffered"] and view["cubeValue"] == 1 and view["cubeVisible"]
        assert "your opponent doubles to 2" in ui.item("matchInfo").property("text")
        assert "in the middle" not in ui.item("matchInfo").property("text")
        assert ui.item("lessonBoard").property("cubeOffered")
    finally:
        ui.close()
