"""Qt Quick's own file dialog, mended where it falls short of a desktop's.

Where the desktop offers no file dialog of its own (a desktop without GTK or a portal), Qt
shows one written in QML, in a window of its own. Two things of its save dialog fall short:

* a name proposed for a file that does not exist yet is not shown: Qt refuses to select a file
  that does not exist, so the name field stays empty (and Save then saves under the proposed
  name, unseen);
* Enter in the name field does nothing.

``FileDialogs.mend(name)``, which a save dialog calls right after it opens, mends both when that
dialog is Qt's own: it writes the proposed name into the name field as if typed, over a name
typed there before (the name selected but its extension, as desktops do), and makes Enter there
press Save (which asks before a file is replaced, as the button does). A desktop's own dialog is
left alone: none of these parts is found. They are found by the names Qt gives them
(``fileNameTextField``, the Save button of the button box beside it); a Qt that names them otherwise
leaves its dialog as it is. Its question before a file is replaced is translated through the
program's catalogs (``app.i18n.QT_DIALOG_TEXTS``).
"""

from __future__ import annotations

from PySide6.QtCore import Q_ARG, SIGNAL, QCoreApplication, QMetaObject, QObject, Slot
from PySide6.QtGui import QGuiApplication
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine
from PySide6.QtQuick import QQuickItem, QQuickWindow

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1

NAME_FIELD = "fileNameTextField"


def shown_name_field() -> QQuickItem | None:
    """The name field of Qt's own save dialog when one is on screen, else None."""
    for window in QGuiApplication.topLevelWindows():
        if isinstance(window, QQuickWindow) and window.isVisible():
            field = _shown_item(window.contentItem(), NAME_FIELD)
            if field is not None:
                return field
    return None


def _shown_item(item: QQuickItem, name: str) -> QQuickItem | None:
    """The visible item called ``name`` under ``item`` (as shown: by the items' own tree)."""
    for child in item.childItems():
        if not child.isVisible():
            continue
        if child.objectName() == name:
            return child
        found = _shown_item(child, name)
        if found is not None:
            return found
    return None


def save_button(field: QQuickItem) -> QQuickItem | None:
    """The Save button of the button box beside ``field`` in its dialog, or None."""
    node = field.parentItem()
    while node is not None:
        boxes = [item for item in node.childItems() if item.inherits("QQuickDialogButtonBox")]
        if boxes:
            save = QCoreApplication.translate("QPlatformTheme", "Save")  # as Qt names it
            found = [b for b in _descendants(boxes[0]) if b.property("text") == save]
            return found[0] if found else None
        node = node.parentItem()
    return None


def _descendants(item: QQuickItem) -> list[QQuickItem]:
    """The buttons under ``item``."""
    found = []
    for child in item.childItems():
        if child.inherits("QQuickAbstractButton"):
            found.append(child)
        found += _descendants(child)
    return found


@QmlElement
@QmlSingleton
class FileDialogs(QObject):
    """``FileDialogs.mend(name)`` after a save dialog opens (see the module)."""

    @staticmethod
    def create(engine: QQmlEngine) -> FileDialogs:
        """The window's own part (made by ``app.window``), when QML first names it."""
        from app.parts import part_of

        return part_of(engine, FileDialogs)

    @Slot(str, result=bool)
    def mend(self, name: str) -> bool:
        """Propose ``name`` in Qt's own save dialog, if that is the one shown, and let Enter save
        there; True when it was mended."""
        field = shown_name_field()
        if field is None:
            return False
        # the proposed name, over one typed into the dialog before (it keeps that on show)
        field.setProperty("text", name)
        QMetaObject.invokeMethod(field, "textEdited")  # as if typed: the dialog takes it
        stem = name.rsplit(".", 1)[0] if "." in name else name
        QMetaObject.invokeMethod(field, "forceActiveFocus")
        QMetaObject.invokeMethod(field, "select", Q_ARG(int, 0), Q_ARG(int, len(stem)))
        save = save_button(field)
        if save is not None and field.findChild(EnterSaves) is None:
            EnterSaves(field, save)
        return True


class EnterSaves(QObject):
    """Enter in the name field presses Save, and the dialog's own checks follow (a file to be
    replaced is asked first: Yes has the focus there, Space answers it). It lives with the
    field (its child)."""

    def __init__(self, field: QQuickItem, save: QQuickItem) -> None:
        super().__init__(field)
        self._save = save
        QObject.connect(field, SIGNAL("accepted()"), self.press)

    @Slot()
    def press(self) -> None:
        QMetaObject.invokeMethod(self._save, "click")
