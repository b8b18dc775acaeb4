"""Printing a worksheet from the lesson window: a lesson, a language, a PDF file.

``Worksheets.write(lesson, language, file)`` draws the lesson's worksheet (``app.worksheet_pdf``)
and says in ``message`` what was written or why not; ``suggestedName`` names the file.
"""

from __future__ import annotations

from PySide6.QtCore import Property, QObject, Signal, Slot
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

from app.file_dialogs import existing_folder, save_target
from app.file_texts import os_problem
from app.i18n import UnknownLanguageError, load_catalog
from app.texts import N_, _
from app.worksheet_pdf import write_worksheet
from lessons.model import Lesson

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1

WRITTEN = N_("Lesson {number} ({language}): {pages} pages written to {file}.")
NOT_WRITTEN = N_("The worksheet could not be written to {file}: {reason}")
NOT_WRITTEN_OVER = N_(
    "{0} already exists: the worksheet was not written over it. Choose it in its folder to "
    "replace it, or give another name."
)
# the name of a worksheet's file (without ".pdf"), in the sheet's language
SHEET_NAME = N_("worksheet-lesson-{number}-{language}")


@QmlElement
@QmlSingleton
class Worksheets(QObject):
    """The lesson window's "Print a worksheet" entry."""

    @staticmethod
    def create(engine: QQmlEngine) -> Worksheets:
        from app.parts import part_of

        return part_of(engine, Worksheets)

    changed = Signal()

    def __init__(self, lessons: list[Lesson], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.lessons = lessons
        self._message = ""
        self._folder = ""  # of the last sheet written

    message = Property(str, lambda s: s._message, notify=changed)

    @Slot(result=str)
    def folder(self) -> str:
        """Where the save dialog opens: the folder of the last sheet written, else the documents
        or the home folder (it opened in the home each time: found by a tester)."""
        return existing_folder(self._folder)

    @Slot(int, str, result=str)
    def suggestedName(self, index: int, language: str) -> str:  # noqa: N802
        """The file's name in the worksheet's language ("werkblad-les-3-nl.pdf"): it was
        English on a Danish sheet, where the class list's name was Danish."""
        number = index + 1 if 0 <= index < len(self.lessons) else 0
        try:
            translate = load_catalog(language).gettext
        except (OSError, UnknownLanguageError):  # (the writing says why)
            translate = str
        return translate(SHEET_NAME).format(number=number, language=language) + ".pdf"

    @Slot(int, str, str, str, result=bool)
    def write(self, index: int, language: str, target: str, folder: str = "") -> bool:
        """Write lesson ``index``'s worksheet in ``language`` to ``target`` (path or file URL),
        chosen in a file dialog open on ``folder``, unless ``save_target`` refuses it (a folder
        typed as the name, a typed file that exists)."""
        path, refusal = save_target(target, folder, NOT_WRITTEN_OVER)
        if not 0 <= index < len(self.lessons):
            return False
        lesson = self.lessons[index]
        if refusal is not None:
            return self._say(refusal.render(()))
        try:
            pages = write_worksheet(lesson, language, path)
        except OSError as exc:  # in the window's words (the system's English was shown)
            return self._say(_(NOT_WRITTEN).format(file=path, reason=os_problem(exc).render(())))
        except (UnknownLanguageError, RuntimeError) as exc:
            return self._say(_(NOT_WRITTEN).format(file=path, reason=str(exc)))
        self._folder = str(path.parent)
        self._message = _(WRITTEN).format(
            number=lesson.number, language=language, pages=pages, file=path
        )
        self.changed.emit()
        return True

    def _say(self, message: str) -> bool:
        """``message`` shown; False: nothing was written."""
        self._message = message
        self.changed.emit()
        return False

    def retranslate(self) -> None:
        self._message = ""
        self.changed.emit()
