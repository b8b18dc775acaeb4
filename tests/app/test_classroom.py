"""The classroom in the real lesson window: students with their own progress, every answer kept,
the teacher's overview and its CSV, teacher notes in teacher mode, and worksheets from the menu.

Everything is done by clicks on the rendered window, except choosing a file in a file dialog (the
platform's dialog): there the test calls the slot the dialog calls.
"""

from __future__ import annotations

import csv
import io

import pypdf
import pytest
from PySide6.QtCore import QCoreApplication, QObject, QRectF, QUrl

from engine.errors import REASON_TEXT
from lessons.exercises import full_notation
from lessons.report import CSV_COLUMNS
from tests.app.driver import speaking
from tests.app.test_layout import text_problems as window_text_problems
from tests.app.test_lessons_player import LessonHarness

pytestmark = pytest.mark.gui


@pytest.fixture
def ui(qtbot, tmp_path):
    harness = LessonHarness(qtbot, tmp_path)
    harness.open()
    yield harness
    harness.close()


def menu(ui, item: str) -> None:
    ui.click("classroomMenuButton")
    ui.settle(50)
    ui.click(item)
    ui.settle(50)


def add_student(ui, name: str, work: bool = True) -> None:
    """Add a student in the students' dialog, and (``work``) work as them."""
    menu(ui, "studentsItem")
    ui.item("studentName").setProperty("text", name)
    ui.click("addStudentButton")
    assert ui.hidden("studentError")
    if work:
        ui.click("workAsButton")
    close_dialog(ui, "studentsDialog")


class _InView:
    """A window's items less those scrolled out of sight inside a flickable (reached by
    scrolling, so not cut off), for the layout check."""

    def __init__(self, harness) -> None:
        self.window = harness.window
        self._harness = harness

    def items(self):
        for item in self._harness.items():
            rect = item.mapRectToScene(QRectF(0, 0, item.width(), item.height()))
            parent = item.parentItem()
            hidden = False
            while parent is not None:
                if parent.inherits("QQuickFlickable"):
                    view = parent.mapRectToScene(QRectF(0, 0, parent.width(), parent.height()))
                    hidden = hidden or not view.contains(rect)
                parent = parent.parentItem()
            if not hidden:
                yield item


def text_problems(harness) -> list[str]:
    """Texts cut off in view, and texts wider than their place wherever they are: a table's
    last column, partly scrolled out of view, hid "Alle lektioner" wider than its cell."""
    in_view = window_text_problems(_InView(harness))
    anywhere = window_text_problems(harness)
    own = [p for p in anywhere if p.endswith(("is elided", "is wider than its place"))]
    return in_view + [p for p in own if p not in in_view]


def popup(ui, name: str) -> QObject:
    """A dialog of the window (a popup is no item: it is found among the objects)."""
    found = ui.window.findChild(QObject, name)
    assert found is not None, f"no popup named {name!r}"
    return found


def close_dialog(ui, name: str) -> None:
    popup(ui, name).close()
    ui.settle(50)


def work_as(ui, name: str) -> None:
    menu(ui, "studentsItem")
    names = [s["name"] for s in ui.main.classroom.students]
    ui.click(f"studentRow_{names.index(name)}")
    ui.click("workAsButton")
    close_dialog(ui, "studentsDialog")


def progress_text(ui, index: int = 0) -> str:
    return ui.item(f"lessonProgress_{index}").property("text")


def done(ui, count: int) -> str:
    """How the list says ``count`` steps of the first lesson are done."""
    return f"{count} of {len(ui.player.lessons[0].steps)}"


def test_students_keep_their_own_progress(qtbot, tmp_path):
    ui = LessonHarness(qtbot, tmp_path)
    ui.open()
    try:
        assert ui.item("studentPicker").property("displayText") == "Default student"
        add_student(ui, "Anna")
        assert ui.item("studentPicker").property("displayText") == "Anna"
        ui.click("openLesson_0")
        ui.click("nextButton")
        ui.click("nextButton")
        assert done(ui, 2) in progress_text(ui)
        add_student(ui, "Bo")  # a new student starts from the list, with nothing done
        assert not ui.view["open"] and done(ui, 0) in progress_text(ui)
        ui.click("openLesson_0")
        assert ui.view["stepIndex"] == 0
        ui.click("nextButton")
        assert done(ui, 1) in progress_text(ui)
        work_as(ui, "Anna")
        assert ui.item("studentPicker").property("displayText") == "Anna"
        assert done(ui, 2) in progress_text(ui)
        ui.click("openLesson_0")
        assert ui.view["stepIndex"] == 2  # Anna resumes where she left
        work_as(ui, "Bo")
        assert done(ui, 1) in progress_text(ui)
        work_as(ui, "Default student")
        assert done(ui, 0) in progress_text(ui)
        work_as(ui, "Anna")
    finally:
        ui.close()
    again = LessonHarness(qtbot, tmp_path)  # the next start: Anna is still the one working
    again.open()
    try:
        assert again.item("studentPicker").property("displayText") == "Anna"
        assert done(again, 2) in progress_text(again)
    finally:
        again.close()


def test_adding_students_keeps_the_one_working_and_the_open_lesson(ui):
    # found by a tester: a teacher typing in a class became each name added, and the lesson
    # open closed; the new one is picked in the dialog, one click from working
    ui.click("openLesson_0")
    ui.click("nextButton")
    add_student(ui, "Mette", work=False)
    add_student(ui, "Søren", work=False)
    assert ui.view["open"] and ui.view["stepIndex"] == 1
    assert ui.item("studentPicker").property("displayText") == "Default student"
    menu(ui, "studentsItem")
    ui.item("studentName").setProperty("text", "Ida")
    ui.click("addStudentButton")
    assert ui.item("studentPicker").property("displayText") == "Default student"
    ui.click("workAsButton")  # Ida, picked when added
    close_dialog(ui, "studentsDialog")
    assert ui.item("studentPicker").property("displayText") == "Ida"


def test_names_are_checked_and_students_renamed_and_removed(ui):
    add_student(ui, "Anna")
    menu(ui, "studentsItem")
    ui.item("studentName").setProperty("text", "anna")
    ui.click("addStudentButton")
    error = ui.item("studentError")
    assert error.property("visible") and "already a student called anna" in error.property("text")
    ui.click("studentRow_1")  # Anna
    ui.item("studentName").setProperty("text", "Anne")
    ui.click("renameStudentButton")
    assert [s["name"] for s in ui.main.classroom.students] == ["Default student", "Anne"]
    ui.click("removeStudentButton")
    assert "Remove Anne and all their progress" in ui.item("confirmRemoveText").property("text")
    ui.click("keepStudentButton")
    assert len(ui.main.classroom.students) == 2
    ui.click("removeStudentButton")
    ui.click("confirmRemoveButton")
    assert [s["name"] for s in ui.main.classroom.students] == ["Default student"]
    assert ui.item("studentPicker").property("displayText") == "Default student"
    assert not ui.item("removeStudentButton").property("enabled")  # the last one stays


def answer_pips(ui, value: int) -> None:
    ui.item("numberInput").setProperty("value", value)
    ui.item("numberInput").setProperty("touched", True)  # as typed
    ui.click("checkButton")


def test_every_answer_is_kept_and_exported_one_row_each(ui, tmp_path):
    add_student(ui, "Anna")
    ui.click("openLesson_0")
    for _ in range(3):
        ui.click("nextButton")
    answer_pips(ui, 160)  # wrong
    ui.click("hintButton")
    answer_pips(ui, 167)  # right, after a hint
    ui.click("nextButton")
    answer_pips(ui, ui.exercise().answer())  # right at once
    add_student(ui, "Bo")
    ui.click("openLesson_1")  # the opening 3-1, played wrong then right by clicks
    ex = ui.exercise()
    wrong = next(p for p in ex.legal() if p not in ex.accepted())
    for step in wrong.steps:
        ui.click_location(step.src)
        ui.click_location(step.dst)
    ui.answer_right()

    anna = ui.main.classroom.profiles.get("student-2").attempts.attempts
    assert [(a.step, a.answer, a.correct, a.hints) for a in anna] == [
        ("pips-start", "160", False, 0),
        ("pips-start", "167", True, 1),
        ("pips-later", str(ui.player.lessons[0].steps[4].exercise.answer()), True, 0),
    ]
    assert all(a.kind == "pips" and a.lesson == "board" for a in anna)
    bo = ui.main.classroom.profiles.get("student-3").attempts.attempts
    assert [a.correct for a in bo] == [False, True] and bo[1].answer == "8/5 6/5"
    assert bo[0].answer == full_notation(wrong) and bo[0].kind == "play"

    # the overview: a row per student, a cell per lesson
    menu(ui, "overviewItem")
    assert _teacher_view(ui).isVisible()
    report = ui.main.class_report
    rows = {row["name"]: row for row in report.rows}
    assert list(rows) == ["Default student", "Anna", "Bo"]
    board = rows["Anna"]["lessons"][0]
    steps = len(ui.player.lessons[0].steps)
    assert (board["stepsDone"], board["steps"], board["score"]) == (5, steps, 50)
    assert (board["mistakes"], board["hints"]) == (1, 1)
    assert rows["Bo"]["lessons"][1]["mistakes"] == 1 and rows["Bo"]["lessons"][1]["score"] == 0
    report.showStudent("student-2")
    detail = report.detail
    assert detail["name"] == "Anna" and detail["answerCount"] == 3
    assert detail["answers"][0]["step"] == "Pips later in the game"  # the latest first
    # a lesson not begun says so, and answers under a minute are not "0 minutes" (found by a
    # tester: both read "0 minutes answering")
    ui.qtbot.wait(50)
    view = _teacher_view(ui)
    said = {}
    stack = [view.contentItem()]
    while stack:
        item = stack.pop()
        if item.objectName().startswith("detailLesson"):
            said[item.objectName()] = item.property("text")
        stack.extend(item.childItems())
    begun, untouched = said["detailLesson0"], said["detailLesson2"]
    assert begun.startswith("1. ") and "0 minutes" not in begun, begun
    assert untouched.startswith("3. ") and untouched.endswith(": not begun"), untouched
    lesson = ui.main.classroom.profiles.get("student-2")
    assert report.detail["lessons"][0]["seconds"] < 60 and lesson is not None
    assert "under a minute answering" in begun or report.detail["lessons"][0]["seconds"] == 0

    out = tmp_path / "class.csv"
    assert report.exportCsv(out.as_uri())
    rows = list(csv.reader(io.StringIO(out.read_text(encoding="utf-8-sig"))))
    assert rows[0][:3] == ["Student", "Lesson", "Lesson title"]
    assert len(rows) == 1 + 3 + 2  # one row per attempt
    assert [r[0] for r in rows[1:]] == ["Anna"] * 3 + ["Bo"] * 2
    assert rows[2][CSV_COLUMNS.index("hints")] == "1"
    assert "5 answers of 2 students" in report.message  # the third has none in the file
    # in Dutch: ";" between the fields, as a Dutch spreadsheet reads them (found by a tester)
    with speaking(ui.main.engine, "nl"):
        assert report.exportCsv((tmp_path / "klas.csv").as_uri())
    text = (tmp_path / "klas.csv").read_text(encoding="utf-8-sig")
    assert text.startswith("Leerling;Les;")
    assert len(list(csv.reader(io.StringIO(text), delimiter=";"))) == len(rows)
    assert not report.exportCsv(str(tmp_path / "missing" / "x.csv"))
    assert "could not be written" in report.message
    assert str(tmp_path / "missing" / "x.csv") in report.message  # where (a tester)


def _teacher_view(ui):
    for window in QCoreApplication.instance().topLevelWindows():
        if window.objectName() == "teacherView":
            return window
    return None


def test_the_overview_window_shows_the_class(ui, qtbot):
    add_student(ui, "Anna")
    menu(ui, "overviewItem")  # the teacher watches while the student works
    view = _teacher_view(ui)
    assert view is not None and view.isVisible()
    qtbot.waitExposed(view)
    teacher = LessonHarness(qtbot, ui.data_dir)
    teacher.window = view

    def cell_texts() -> list[str]:
        cell = teacher.item("cell_1_0")  # Anna, lesson 1
        return [i.property("text") for i in teacher.items() if i.parentItem() in cell.childItems()]

    ui.click("openLesson_0")
    for _ in range(3):
        ui.click("nextButton")
    answer_pips(ui, 150)
    answer_pips(ui, 167)  # the step is done after the answer is kept: the cell follows both
    texts = cell_texts()
    steps = len(ui.player.lessons[0].steps)
    assert {f"4/{steps}", "0% right", "1 mistake"} <= set(texts), texts
    assert any(t.startswith("0 hint") for t in texts)  # "0 hints" once the catalogs have it
    teacher.click("studentCell_1")
    assert teacher.item("detailName").property("text") == "Anna"
    assert "167" in teacher.item("answer_0").property("text")
    assert "150" in teacher.item("answer_1").property("text")
    view.close()


def test_teacher_mode_shows_the_lesson_notes(ui):
    assert ui.hidden("teacherNotes")
    menu(ui, "teacherModeItem")
    assert ui.main.classroom.teacherMode
    notes = ui.item("teacherNotes")
    assert notes.isVisible() and ui.item("teacherNotesNone").isVisible()
    ui.click("openLesson_6")
    cube = ui.player.lessons[6].teacher
    assert ui.item("teacherAim_0").property("text") == "\u2022 " + cube.aims[0]
    assert ui.item("teacherMistake_0").property("text") == "\u2022 " + cube.mistakes[0]
    assert ui.item("teacherMinutes").property("text") == f"About {cube.minutes} minutes."
    menu(ui, "teacherModeItem")
    assert ui.hidden("teacherNotes")


def test_a_worksheet_from_the_menu(ui, tmp_path):
    ui.click("openLesson_2")
    menu(ui, "worksheetItem")
    dialog = popup(ui, "worksheetDialog")
    assert dialog.property("visible")
    assert ui.item("worksheetLesson").property("currentIndex") == 2  # the open lesson
    worksheets = ui.main.worksheets
    assert worksheets.suggestedName(2, "en") == "worksheet-lesson-3-en.pdf"
    # in the sheet's language (it was English on a Danish sheet: found by a tester)
    assert worksheets.suggestedName(2, "nl") == "werkblad-les-3-nl.pdf"
    out = tmp_path / "w.pdf"
    assert worksheets.write(2, "nl", out.as_uri())  # what the save dialog calls
    pages = len(pypdf.PdfReader(str(out)).pages)
    assert pages >= 2 and f"{pages} pages" in ui.item("worksheetMessage").property("text")
    assert not worksheets.write(2, "nl", str(tmp_path / "missing" / "w.pdf"))
    assert "could not be written" in worksheets.message
    assert "No such file" not in worksheets.message  # in the window's words
    assert str(tmp_path / "missing" / "w.pdf") in worksheets.message  # where (a tester)


@pytest.mark.parametrize("what", ["worksheet", "answers"])
def test_a_full_path_typed_as_the_file_name_is_written_where_it_says(ui, tmp_path, what):
    # found by a tester: Qt Quick's own file dialog joins a full path typed as the name to its
    # folder, and the worksheet was written nowhere ("No such file or directory", in English in
    # the Dutch window); the match's export took the typed path already
    home, target = tmp_path / "home", tmp_path / "elsewhere" / f"typed.{what}"
    home.mkdir()
    target.parent.mkdir()
    joined = QUrl.fromLocalFile(str(home) + str(target)).toString()
    folder = QUrl.fromLocalFile(str(home)).toString()

    def save() -> bool:
        if what == "worksheet":
            return ui.main.worksheets.write(0, "nl", joined, folder)
        return ui.main.class_report.exportCsv(joined, folder)

    assert save()
    assert target.stat().st_size > 0 and not (home / "tmp").exists()
    part = ui.main.worksheets if what == "worksheet" else ui.main.class_report
    assert str(target) in part.message  # where it went (the name alone: a tester)
    # the dialog asked about the joined path: a typed file that exists is not written over
    target.write_text("kept")
    assert not save()
    assert target.read_text() == "kept"
    assert "already exists" in part.message
    # a folder typed as the name: refused, not written beside it with the dialog's extension
    # ("/tmp/r" saved as "/tmp/r.csv": found by a tester)
    joined = QUrl.fromLocalFile(str(home) + str(target.parent) + f".{what}").toString()
    assert not save()
    assert "is a folder" in part.message and not target.parent.with_suffix(f".{what}").exists()
    # while a name chosen in a folder is a file's, a folder of that name beside it or not
    joined = QUrl.fromLocalFile(str(target.parent) + f".{what}").toString()
    folder = QUrl.fromLocalFile(str(tmp_path)).toString()
    assert save() and target.parent.with_suffix(f".{what}").is_file()


@pytest.mark.parametrize("what", ["worksheet", "answers"])
def test_a_folder_typed_as_the_name_opens_the_save_dialog_in_it(ui, qtbot, tmp_path, what):
    """As a desktop's dialog goes into a folder typed as the name (Qt Quick's own took it for
    a file's name: the file was refused, or written beside the folder, found by a tester)."""
    from PySide6.QtCore import QMetaObject, QObject, QUrl

    home, inside = tmp_path / "home", tmp_path / "elsewhere"
    home.mkdir()
    inside.mkdir()
    if what == "worksheet":
        menu(ui, "worksheetItem")
        ui.click("saveWorksheetButton")
        window, name = ui.window, "worksheetSaveDialog"
    else:
        menu(ui, "overviewItem")
        window, name = _teacher_view(ui), "csvDialog"
        qtbot.waitExposed(window)
        teacher = LessonHarness(qtbot, ui.data_dir)
        teacher.window = window
        teacher.click("exportCsvButton")
    dialog = window.findChild(QObject, name)
    assert dialog.property("visible")
    proposed = QUrl(dialog.property("selectedFile")).fileName()
    QMetaObject.invokeMethod(dialog, "close")
    dialog.setProperty("currentFolder", QUrl.fromLocalFile(str(home)))
    # "/tmp/.../elsewhere" typed: Qt's dialog joins it to its folder and adds the extension
    suffix = ".pdf" if what == "worksheet" else ".csv"
    dialog.setProperty("selectedFile", QUrl.fromLocalFile(str(home) + str(inside) + suffix))
    QMetaObject.invokeMethod(dialog, "accepted")
    ui.settle(50)
    assert dialog.property("visible")  # open again, in the folder typed, on the name proposed
    assert dialog.property("currentFolder") == QUrl.fromLocalFile(str(inside))
    assert QUrl(dialog.property("selectedFile")).fileName() == proposed
    part = ui.main.worksheets if what == "worksheet" else ui.main.class_report
    assert part.message == "" and list(tmp_path.rglob("*" + suffix)) == []
    QMetaObject.invokeMethod(dialog, "close")
    if what == "answers":
        window.close()


def test_a_damaged_student_file_is_reported_in_the_window(qtbot, tmp_path):
    folder = tmp_path / "students" / "default"
    folder.mkdir(parents=True)
    (folder / "progress.json").write_text("{broken")
    other = tmp_path / "students" / "student-2"  # not the one working: reported all the same
    other.mkdir()
    (other / "profile.json").write_text('{"version": 1, "name": "Anna", "created": ""}')
    (other / "attempts.json").write_text('{"version": 1, "attempts": 3}')
    ui = LessonHarness(qtbot, tmp_path)
    ui.open()
    try:
        problem = ui.item("classroomProblem")
        assert problem.isVisible()
        text = problem.property("text")
        assert "Default student: a damaged file (progress.json)" in text
        assert "progress-unreadable-" in text
        assert "Anna: a damaged file (attempts.json)" in text and "attempts-unreadable-" in text
        assert ui.main.classroom.students[1]["name"] == "Anna"
    finally:
        ui.close()


@pytest.mark.parametrize("language", ["en", "da", "nl"])
def test_the_classroom_fits_at_1024_by_768(qtbot, tmp_path, language):
    ui = LessonHarness(qtbot, tmp_path)
    ui.open(language)
    try:
        ui.window.resize(1024, 768)
        classroom = ui.main.classroom
        classroom.addStudent("Anna Sofie Kristiansen-Møller")
        classroom.selectStudent(classroom.property("students")[-1]["id"])
        ui.main.classroom.teacherMode = True
        ui.click("openLesson_7")
        ui.settle(100)
        assert text_problems(ui) == [], text_problems(ui)
        # the lesson has the window's width: the list (and its Class menu) comes back on demand
        ui.click("showLessonListButton")
        ui.settle(100)
        assert text_problems(ui) == [], text_problems(ui)
        ui.click("classroomMenuButton")
        ui.settle(50)
        ui.click("overviewItem")
        ui.settle(100)
        view = _teacher_view(ui)
        view.resize(1000, 700)
        ui.main.class_report.showStudent(ui.main.classroom.currentStudent)
        ui.settle(100)
        teacher = LessonHarness(qtbot, tmp_path)
        teacher.window = view
        assert text_problems(teacher) == []
        view.close()
    finally:
        ui.close()


@pytest.mark.parametrize("language", ["da", "nl"])
def test_the_teachers_notes_leave_the_lesson_list_in_sight(qtbot, tmp_path, language):
    # on a 1024x768 screen (the window a title bar lower) the notes took the list's room:
    # lesson 8 went out of sight under them, and nothing showed that the list scrolled
    ui = LessonHarness(qtbot, tmp_path)
    ui.open(language)
    try:
        ui.window.resize(1024, 740)
        ui.main.classroom.teacherMode = True
        for opened in range(len(ui.player.lessons)):
            ui.click(f"openLesson_{opened}")
            ui.settle(50)
            if (
                ui.find("showLessonListButton") is not None
                and ui.item("showLessonListButton").isVisible()
            ):
                ui.click("showLessonListButton")
                ui.settle(50)
            shown = ui.item("lessonList")
            area = shown.mapRectToScene(shown.boundingRect())
            for index in range(len(ui.player.lessons)):
                lesson = ui.item(f"openLesson_{index}")
                rect = lesson.mapRectToScene(lesson.boundingRect())
                assert area.contains(rect), (language, opened, index)
    finally:
        ui.close()


def test_the_save_dialogs_open_in_a_folder_that_exists(ui, monkeypatch, tmp_path):
    """In a home without a Documents folder the CSV and worksheet dialogs opened in a folder
    that does not exist: Qt's dialog then showed the program's own folder, refused the proposed
    name and saved under the folder's name ("Documents.csv")."""
    from pathlib import Path

    from PySide6.QtCore import QUrl

    import app.file_dialogs as fd

    home = tmp_path / "home"
    home.mkdir()

    class NoDocuments:
        StandardLocation = fd.QStandardPaths.StandardLocation

        @staticmethod
        def writableLocation(_where):  # noqa: N802
            return str(home / "Documents")  # (not made)

    monkeypatch.setattr(fd, "QStandardPaths", NoDocuments)
    monkeypatch.setattr(Path, "home", staticmethod(lambda: home))
    assert fd.existing_folder() == QUrl.fromLocalFile(str(home)).toString()
    assert ui.main.worksheets.folder() == QUrl.fromLocalFile(str(home)).toString()
    assert ui.main.class_report.folder() == QUrl.fromLocalFile(str(home)).toString()
    dialogs = fd.FileDialogs()
    assert dialogs.folder() == QUrl.fromLocalFile(str(home)).toString()
    (home / "Documents").mkdir()
    assert dialogs.folder() == QUrl.fromLocalFile(str(home / "Documents")).toString()
    assert fd.existing_folder(str(tmp_path)) == QUrl.fromLocalFile(str(tmp_path)).toString()
    # then where the last file was written (they opened in the home each time: a tester)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert ui.main.worksheets.write(0, "da", str(elsewhere / "a.pdf"))
    assert ui.main.class_report.exportCsv(str(elsewhere / "a.csv"))
    for part in (ui.main.worksheets, ui.main.class_report):
        assert part.folder() == QUrl.fromLocalFile(str(elsewhere)).toString()


def test_hints_seen_before_stepping_away_count_with_the_answer(ui):
    """A student took two hints, stepped back and forth, and answered: the answer was kept
    with no hint, counted right at the first try without one."""
    add_student(ui, "Anna")
    ui.click("openLesson_0")
    for _ in range(3):
        ui.click("nextButton")
    ui.click("hintButton")
    ui.click("hintButton")
    ui.click("backButton")  # away, and back
    ui.click("nextButton")
    answer_pips(ui, 167)
    anna = ui.main.classroom.profiles.get("student-2").attempts.attempts
    assert [(a.step, a.correct, a.hints) for a in anna] == [("pips-start", True, 2)]
    menu(ui, "overviewItem")
    board = {r["name"]: r for r in ui.main.class_report.rows}["Anna"]["lessons"][0]
    assert board["score"] == 0 and board["hints"] == 2  # not right at once, without a hint
    _teacher_view(ui).close()


def to_the_quiz(ui):
    """Lesson 6 answered right step by step, up to the first question of its quiz (fixed)."""
    return ui.through_lesson(5, seed=2)


def test_the_quiz_answers_and_score_reach_the_teacher(ui, qtbot):
    """The quiz that ends a lesson was missing from the teacher's figures (seen by a tester)."""
    add_student(ui, "Anna")
    lesson = to_the_quiz(ui)
    assert ui.view["mode"] == "quiz"
    ui.answer_wrong()
    ui.answer_right()
    ui.click("nextButton")
    ui.click("hintButton")
    ui.answer_right()
    ui.click("nextButton")
    ui.answer_right()
    ui.click("nextButton")  # finished: 1 of 3 right at the first try without a hint
    assert not ui.view["open"]
    anna = ui.main.classroom.profiles.get("student-2")
    quiz = [a for a in anna.attempts.attempts if a.step.startswith("quiz-")]
    assert [(a.lesson, a.step, a.correct, a.hints) for a in quiz] == [
        ("winning", "quiz-1", False, 0),
        ("winning", "quiz-1", True, 0),
        ("winning", "quiz-2", True, 1),
        ("winning", "quiz-3", True, 0),
    ]
    assert anna.progress.quiz_score(lesson) == (1, 3)
    assert "is finished: 1 of 3" in ui.item("chooseLessonText").property("text")
    add_student(ui, "Bo")  # the next student does not see Anna's score (seen by a tester)
    assert "finished" not in ui.item("chooseLessonText").property("text")
    menu(ui, "overviewItem")
    view = _teacher_view(ui)
    qtbot.waitExposed(view)
    teacher = LessonHarness(qtbot, ui.data_dir)
    teacher.window = view
    cell = {r["name"]: r for r in ui.main.class_report.rows}["Anna"]["lessons"][5]
    assert (cell["quizRight"], cell["quizItems"]) == (1, 3)
    # the lesson's own figures are its steps' alone
    assert cell["mistakes"] == 0 and cell["hints"] == 0 and cell["score"] == 100
    box = teacher.item("cell_1_5")
    texts = [i.property("text") for i in teacher.items() if i.parentItem() in box.childItems()]
    assert "quiz 1/3" in texts, texts
    teacher.click("studentCell_1")
    assert teacher.item("answer_0").property("text").count("Quiz, question 3") == 1
    lines = [i.property("text") or "" for i in teacher.items()]
    assert any("last quiz 1 of 3 right at the first try" in t for t in lines)
    view.close()


def test_the_student_and_the_classroom_button_follow_the_text_size(qtbot, tmp_path):
    """At 150% text the lesson list grew, but the student box and the Classroom button stayed
    at their small size (seen by a tester)."""
    ui = LessonHarness(qtbot, tmp_path)
    ui.open()
    try:
        ui.window.resize(1024, 768)
        ui.settle(50)

        def sizes() -> tuple[float, float]:
            button = ui.item("classroomMenuButton").property("font").pixelSize()
            picker = next(i for i in ui.items() if i.inherits("QQuickComboBox") and i.isVisible())
            return button, picker.property("font").pixelSize()

        def name_size() -> float:  # the students' dialog: its texts too (they stayed small)
            menu(ui, "studentsItem")
            size = ui.item("studentName").property("font").pixelSize()
            close_dialog(ui, "studentsDialog")
            return size

        before, field = sizes(), name_size()
        ui.main.settings.textScale = 150
        ui.settle(100)
        after = sizes()
        assert after[0] >= 1.4 * before[0] and after[1] >= 1.4 * before[1], (before, after)
        assert text_problems(ui) == [], text_problems(ui)
        assert name_size() >= 1.4 * field
    finally:
        ui.main.settings.textScale = 100
        ui.close()


def test_a_refused_move_is_kept_as_a_wrong_answer(ui):
    """A move the rules refuse counted against a quiz's first try but not against a lesson
    step's, and the teacher never saw it (found by a teacher testing the classroom)."""
    add_student(ui, "Anna")
    ui.click("openLesson_1")  # the opening 3-1
    ui.player.dropChecker(24, 13)  # no die of 3-1 takes a checker from 24 to 13
    ui.settle(20)
    assert ui.view["solved"] is False
    ui.answer_right()
    anna = ui.main.classroom.profiles.get("student-2").attempts.attempts
    assert [(a.answer, a.correct) for a in anna] == [("24/13", False), ("8/5 6/5", True)]
    menu(ui, "overviewItem")
    cell = {r["name"]: r for r in ui.main.class_report.rows}["Anna"]["lessons"][1]
    assert cell["score"] == 0 and cell["mistakes"] == 1
    _teacher_view(ui).close()


def test_the_students_buttons_keep_their_text_clear_of_their_edges(ui):
    # "Work as this student" touched both edges of its button at 1024x768 (seen by a tester)
    ui.window.resize(1024, 768)
    menu(ui, "studentsItem")
    for name in ("addStudentButton", "renameStudentButton", "workAsButton"):
        button = ui.item(name)
        room = button.width() - button.property("contentItem").property("implicitWidth")
        assert room >= 16, (name, room)
    close_dialog(ui, "studentsDialog")


def test_a_quiz_question_answered_before_is_not_asked_again(ui):
    # back to an answered question, its field was empty and a second answer was kept (seen by
    # a teacher testing the quiz)
    to_the_quiz(ui)
    ui.answer_right()
    ui.click("nextButton")
    ui.click("backButton")
    assert ui.view["solved"] and ui.item("nextButton").property("enabled")
    ex = ui.exercise()
    ui.player.answerNumber(int(ex.answer()))  # as the field's Enter would
    ui.settle(20)
    log = ui.main.classroom.profiles.current.attempts.attempts
    assert [a.step for a in log if a.step.startswith("quiz-")] == ["quiz-1"]


def test_a_slip_of_the_mouse_and_an_invited_try_are_no_wrong_answers(ui):
    # a click on an empty point was kept as the answer "9/?", and doing what lesson 3 asks
    # ("Try 5/off first") as a mistake (seen by a tester in the class report)
    add_student(ui, "Anna")
    ui.click("openLesson_1")  # the opening 3-1
    ui.click_location(9)  # no checker there: a slip
    ui.click_location(19)  # the opponent's checkers: a slip too
    ui.settle(20)
    ui.click("openLesson_2")
    while ui.view["stepTitle"] != "Never make a die unusable on purpose":
        ui.answer_right() if ui.exercise() and not ui.view["solved"] else None
        ui.click("nextButton")
    ui.player.dropChecker(5, 0)  # as the prompt asks: refused, with the rule's reason
    ui.settle(20)
    assert ui.feedback_text() == REASON_TEXT["must_use_both_dice"]
    ui.player.dropChecker(5, 3)  # no die of 5-3 moves 2: a wrong answer
    ui.settle(20)
    anna = ui.main.classroom.profiles.get("student-2").attempts.attempts
    wrong = [(a.step, a.answer) for a in anna if not a.correct]
    assert wrong == [("no-wasted-die", "5/3")], wrong


def test_a_students_choices_are_shown_in_the_windows_language(ui):
    """Found by a tester: the overview's detail showed "no" and "pass" in Danish and Dutch (the
    choices as kept), where the lesson's buttons said "Nej" and "Sig nej"."""
    from app import i18n
    from lessons.attempts import Attempt, now_text

    add_student(ui, "Anna")
    anna = ui.main.classroom.profiles.get("student-2")
    for answer in ("take", "no", "167"):
        kept = Attempt("board", "pips-start", "pips", answer, False, 0, 1, now_text())
        anna.attempts.record(kept)
    report = ui.main.class_report
    before = i18n.current_language()
    try:
        i18n.set_language(None, None, "da")
        report.showStudent("student-2")
        shown = [a["answer"] for a in report.property("detail")["answers"]]
        assert shown == ["167", "Nej", "Tag imod"]
    finally:
        i18n.set_language(None, None, before)


def test_the_student_pickers_tip_stands_under_it(ui):
    """Found by a tester: the tip above the student box covered the window's heading each time
    the window opened under the pointer."""
    from PySide6.QtCore import QPoint, QPointF
    from PySide6.QtTest import QTest

    picker = ui.item("studentPicker")
    centre = picker.mapToScene(QPointF(picker.width() / 2, picker.height() / 2)).toPoint()
    QTest.mouseMove(ui.window, centre + QPoint(40, 200))
    ui.settle(20)
    QTest.mouseMove(ui.window, centre)
    ui.settle(20)
    QTest.mouseMove(ui.window, centre + QPoint(2, 1))
    tip = popup(ui, "studentPickerTip")
    ui.qtbot.waitUntil(lambda: tip.property("visible"), timeout=3000)
    assert tip.property("y") >= picker.height()


def test_the_export_counts_answers_and_students_each_in_its_own_plural(qapp):
    # found by a tester: "2 svar fra 1 elever gemt i klasse.csv."
    from app import i18n
    from app.class_report import ANSWERS, EXPORTED, STUDENTS
    from app.texts import T

    def said(answers: int, students: int) -> str:
        counts = T(ANSWERS, answers, count=answers), T(STUDENTS, students, count=students)
        return T(EXPORTED, *counts, "klasse.csv").render(())

    assert said(1, 1) == "1 answer of 1 student written to klasse.csv."
    i18n.set_language(qapp, None, "da")
    try:
        assert said(2, 1) == "2 svar fra 1 elev gemt i klasse.csv."
        assert said(5, 3) == "5 svar fra 3 elever gemt i klasse.csv."
    finally:
        i18n.set_language(qapp, None, "en")
