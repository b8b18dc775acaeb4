"""Printing a worksheet from the lesson window: a lesson, a language, a PDF file.

``Worksheets.write(lesson, language, file)`` draws the lesson's worksheet (``app.worksheet_pdf``)
and says in ``message`` what was written or why not; ``suggestedName`` names the file.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Property, QObject, QUrl, Signal, Slot
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

from app.file_dialogs import existing_folder
from app.i18n import UnknownLanguageError, load_catalog
from app.texts import N_, _
from app.worksheet_pdf import write_worksheet
from lessons.model import Lesson

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1

WRITTEN = N_("Lesson {number} ({language}): {pages} pages written to {file}.")
NOT_WRITTEN = N_("The worksheet could not be written: {reason}")
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

    message = Property(str, lambda s: s._message, notify=changed)

    folder = Property(str, lambda s: existing_folder(), constant=True)  # (documents, or home)

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

    @Slot(int, str, str, result=bool)
    def write(self, index: int, language: str, target: str) -> bool:
        """Write lesson ``index``'s worksheet in ``language`` to ``target`` (path or file URL)."""
        path = Path(QUrl(target).toLocalFile() if target.startswith("file:") else target)
        if not 0 <= index < len(self.lessons):
            return False
        lesson = self.lessons[index]
        try:
            pages = write_worksheet(lesson, language, path)
        except (OSError, UnknownLanguageError, RuntimeError) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            self._message = _(NOT_WRITTEN).format(reason=reason)
            self.changed.emit()
            return False
        self._message = _(WRITTEN).format(
            number=lesson.number, language=language, pages=pages, file=path.name
        )
        self.changed.emit()
        return True

    def retranslate(self) -> None:
        self._message = ""
        self.changed.emit()
