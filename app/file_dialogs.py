"""Qt Quick's own file dialog, mended where it falls short of a desktop's.

Where the desktop offers no file dialog of its own (a desktop without GTK or a portal), Qt
shows one written in QML, in a window of its own. Three things of its save dialog fall short:

* a name proposed for a file that does not exist yet is not shown: Qt refuses to select a file
  that does not exist, so the name field stays empty (and Save then saves under the proposed
  name, unseen);
* Enter in the name field does nothing, nor in its question before a file is replaced;
* once it goes into another folder (Save with a folder highlighted in its list, a double click
  on one, its path bar), the name stays in sight but no file is chosen there, and Save is
  greyed out until the name is typed again.

``FileDialogs.mend(name)``, which a save dialog calls right after it opens, mends them when that
dialog is Qt's own: it writes the proposed name into the name field as if typed, over a name
typed there before (the name selected but its extension, as desktops do), makes Enter there
press Save (which asks before a file is replaced, as the button does) and Enter answer that
question Yes (its default button, as Space on it does), and makes the name in the field the
file chosen in each folder the dialog goes into (as a desktop's dialog keeps it). A desktop's
own dialog is left alone: none of these parts is found. They are found by the names Qt gives them
(``fileNameTextField``, the Save button of the button box beside it); a Qt that names them otherwise
leaves its dialog as it is. Its question before a file is replaced is translated through the
program's catalogs (``app.i18n.QT_DIALOG_TEXTS``).

Its open dialog has no field for a typed name (only Ctrl+L, which no one finds, shows one in
its path bar). ``FileDialogs.mendOpen()``, which the import dialog calls right after it opens,
shows the save dialog's name field there too, in focus (``TypedName``): a name or a path typed
in it and Enter opens that file, or goes into that folder; Open is greyed out while what is
typed names nothing that exists; a file chosen in the list shows its name there, as before.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import (
    Q_ARG,
    SIGNAL,
    QCoreApplication,
    QEvent,
    QMetaObject,
    QObject,
    QStandardPaths,
    Qt,
    QTimer,
    QUrl,
    Slot,
)
from PySide6.QtGui import QGuiApplication, QKeyEvent
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine
from PySide6.QtQuick import QQuickItem, QQuickWindow

from app.texts import N_, T

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1

NAME_FIELD = "fileNameTextField"
SETTLE_MS = 2000  # how long at most the name field takes its keys back (``KeysOnName``)
QUESTION = "confirmationDialog"  # its question before a file is replaced


def local_path(text: str) -> Path:
    """A path from a file dialog's URL (``file:///...``) or a plain path."""
    if text.startswith("file:"):
        return Path(QUrl(text).toLocalFile())
    return Path(text)


def chosen_file(url: str, folder: str) -> tuple[Path, bool]:
    """The file a save dialog open on ``folder`` chose, and whether it was typed as a full path.

    Qt Quick's own dialog joins a full path typed as the file name to its folder ("/home/a" and
    "/tmp/x.pdf" come back as "/home/a/tmp/x.pdf"). The path is taken as typed when the joined
    path's folder does not exist and the typed one's does, or when the typed path starts at a
    folder of the root (its missing folder is then the one to name). The dialog asked before
    replacing the joined path, not the typed one: a typed file that exists is for the caller to
    keep (a worksheet and the class's answers were saved nowhere: found by a tester).
    """
    path, base = local_path(url), local_path(folder)
    if folder and os.name == "posix" and not path.parent.is_dir():
        try:
            typed = Path("/", path.relative_to(base))
        except ValueError:
            return path, False
        if typed.parent.is_dir() or (len(typed.parts) > 2 and Path(*typed.parts[:2]).is_dir()):
            return typed, True
    return path, False


def typed_folder(path: Path, typed: bool) -> Path | None:
    """The folder ``path`` names when a folder was typed as the file name: the path itself, or,
    typed as a full path (``chosen_file``), without the extension the dialog added ("/tmp/r"
    saved as "/tmp/r.csv" beside the folder "/tmp/r": found by a tester; a name chosen in the
    folder, "klasse.csv" beside a folder "klasse", is a file's). None for a file name."""
    if path.is_dir():
        return path
    if typed and path.suffix and not path.exists() and path.with_suffix("").is_dir():
        return path.with_suffix("")
    return None


#: What a saver says of a folder typed as the file name (the window's dialogs open again in it
#: instead: ``FileDialogs.typedFolder``).
FOLDER_TYPED = N_("{0} is a folder: open it in the dialog and give the file a name there.")


def save_target(
    url: str, folder: str, written_over: str, named: Callable[[Path], Path] = Path
) -> tuple[Path, T | None]:
    """The file to write for what a save dialog open on ``folder`` chose (``chosen_file``), as
    ``named`` makes it (an extension added), and why it may not be written, if so: a folder
    typed as the name (``FOLDER_TYPED``), or a full path typed as the name of a file that
    exists (``written_over``, naming it as ``{0}``: the dialog asked before replacing another
    file, the one in its folder). The three savers (a match, a worksheet, the class's answers)
    refuse alike."""
    path, typed = chosen_file(url, folder)
    target = named(path)
    inside = typed_folder(path, typed) or typed_folder(target, typed)
    if inside is not None:
        return target, T(FOLDER_TYPED, str(inside))
    if typed and target.exists():
        return target, T(written_over, str(target))
    return target, None


def existing_folder(*places: str) -> str:
    """Where a file dialog opens (as a URL): the first of ``places`` that is a folder, else the
    documents folder, else the home folder. A dialog told to open in a folder that does not
    exist (a home without Documents) showed the program's own folder under that folder's name,
    and saved under the folder's name ("Documents.csv")."""
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    for place in (*places, documents, str(Path.home())):
        if place and Path(place).is_dir():
            return QUrl.fromLocalFile(place).toString()
    return ""


def _shown_windows() -> list[QQuickWindow]:
    """The Qt Quick windows on screen (a window's Python half left from one deleted since, met
    again where a new window took its place, is passed over: it stopped a look-up)."""
    shown = []
    for window in QGuiApplication.topLevelWindows():
        try:
            if isinstance(window, QQuickWindow) and window.isVisible():
                shown.append(window)
        except RuntimeError:
            continue
    return shown


def shown_name_field() -> QQuickItem | None:
    """The name field of Qt's own save dialog when one is on screen, else None."""
    for window in _shown_windows():
        field = _shown_item(window.contentItem(), NAME_FIELD)
        if field is not None:
            return field
    return None


def open_dialogs_name_field() -> QQuickItem | None:
    """The name field of Qt's own file dialog on screen, shown or (in an open dialog) not,
    else None."""
    for window in _shown_windows():
        for field in _named_items(window.contentItem(), NAME_FIELD):
            dialog = dialog_of(field)
            if dialog is not None and dialog.property("visible"):
                return field
    return None


def _named_items(item: QQuickItem, name: str) -> list[QQuickItem]:
    """The items called ``name`` under ``item``, shown or not."""
    found = []
    for child in item.childItems():
        if child.objectName() == name:
            found.append(child)
        found += _named_items(child, name)
    return found


def _shown_item(item: QQuickItem, name: str) -> QQuickItem | None:
    """The visible item called ``name`` under ``item`` (as shown: by the items' own tree)."""
    return next((found for found in _named_items(item, name) if found.isVisible()), None)


def shown_question() -> QObject | None:
    """Qt's own dialog's question before a file is replaced, while it is on show, else None (a
    popup of the file dialog, which belongs to the window that opened the dialog)."""
    for top in QGuiApplication.topLevelWindows():
        try:
            questions = top.findChildren(QObject, QUESTION)
        except RuntimeError:  # (see ``_shown_windows``)
            continue
        for question in questions:
            if question.property("visible"):
                return question
    return None


def save_button(field: QQuickItem) -> QQuickItem | None:
    """The Save button of the button box beside ``field`` in its dialog, or None."""
    return _box_button(field, "Save")


def open_button(field: QQuickItem) -> QQuickItem | None:
    """The Open button of the button box beside ``field`` in its dialog, or None."""
    return _box_button(field, "Open")


def _box_button(field: QQuickItem, text: str) -> QQuickItem | None:
    """The button that says ``text`` (as Qt says it) in the button box beside ``field``."""
    node = field.parentItem()
    while node is not None:
        boxes = [item for item in node.childItems() if item.inherits("QQuickDialogButtonBox")]
        if boxes:
            shown = QCoreApplication.translate("QPlatformTheme", text)  # as Qt names it
            found = [b for b in _descendants(boxes[0]) if b.property("text") == shown]
            return found[0] if found else None
        node = node.parentItem()
    return None


def dialog_folder(dialog: QObject) -> Path:
    """The folder Qt's own file ``dialog`` shows."""
    return local_path(QUrl(dialog.property("currentFolder")).toString())


def propose(field: QQuickItem, name: str) -> NameSelected:
    """``name`` written into a dialog's name ``field`` as if typed (the dialog takes it), its
    stem selected until the person edits it (``NameSelected``, returned to be held)."""
    field.setProperty("text", name)
    QMetaObject.invokeMethod(field, "textEdited")
    selected = NameSelected(field, name)
    selected.select()
    return selected


def dialog_of(field: QQuickItem) -> QObject | None:
    """Qt's own file dialog that shows ``field`` (the popup its items belong to), or None."""
    node: QQuickItem | None = field
    while node is not None:
        owner = node.parent()
        if owner is not None and owner.inherits("QQuickFileDialogImpl"):
            return owner
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

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._helpers: list[QObject] = []  # those of the dialog on show (``mend``, ``mendOpen``)

    @Slot(result=str)
    def folder(self) -> str:
        """Where a save dialog opens: the documents folder, else the home (``existing_folder``)."""
        return existing_folder()

    @Slot(str, str, result=str)
    def typedFolder(self, url: str, folder: str) -> str:  # noqa: N802
        """The folder (as a URL) typed as the file name in a save dialog open on ``folder`` that
        chose ``url``, else "": the window opens its dialog again in it, as a desktop's dialog
        goes into a folder typed there (Qt Quick's own took it for a file's name, and the file
        was refused or written beside the folder)."""
        path, typed = chosen_file(url, folder)
        inside = typed_folder(path, typed)
        return QUrl.fromLocalFile(str(inside)).toString() if inside is not None else ""

    @Slot(str, result=bool)
    def mend(self, name: str) -> bool:
        """Propose ``name`` in Qt's own save dialog, if that is the one shown, and let Enter save
        there; True when it was mended."""
        field = shown_name_field()
        if field is None:
            return False
        field.setProperty("persistentSelection", True)  # kept while the dialog moves the focus
        window = field.window()
        stale = [
            *field.findChildren(NameSelected),
            *field.findChildren(EnterSaves),
            *field.findChildren(NameKept),
            *field.findChildren(KeysOnName),
        ]
        if window is not None:
            stale += window.findChildren(EnterAnswers)
        for old in stale:
            old.deleteLater()
        # the proposed name, over one typed into the dialog before (it keeps that on show)
        selected = propose(field, name)
        helpers: list[QObject] = [selected, KeysOnName(field)]
        save = save_button(field)
        if save is not None:
            helpers.append(EnterSaves(field, save))
        if window is not None:
            helpers.append(EnterAnswers(window))
        dialog = dialog_of(field)
        if dialog is not None:
            helpers.append(NameKept(field, dialog, name))
        # kept here: a Python object whose only owner is a QML item lost its Python half (its
        # fields) once nothing in Python held it, and Enter then saved nothing
        self._helpers = helpers
        return True

    @Slot(result=bool)
    def mendOpen(self) -> bool:  # noqa: N802
        """Give Qt's own open dialog, if that is the one shown, a field for a typed name (see
        ``TypedName``); True when it was mended."""
        field = open_dialogs_name_field()
        dialog = dialog_of(field) if field is not None else None
        button = open_button(field) if field is not None else None
        if field is None or dialog is None or button is None:
            return False
        for old in [*field.findChildren(TypedName), *field.findChildren(KeysOnName)]:
            old.deleteLater()
        siblings = field.parentItem().childItems()
        label = siblings[siblings.index(field) - 1]  # "File name", before it in its row
        if label.inherits("QQuickLabel"):
            label.setVisible(True)
        field.setProperty("text", "")
        field.setVisible(True)
        # typed into at once (Tab: the list)
        self._helpers = [TypedName(field, dialog, button), KeysOnName(field)]
        return True


class NameSelected(QObject):
    """The proposed name's stem stays selected, to be typed over at once, also when the dialog
    writes the same name into its field again once its folder is read (which took the selection
    away); until the person edits the name. It lives with the field (its child)."""

    def __init__(self, field: QQuickItem, name: str) -> None:
        super().__init__(field)
        self._field, self._name = field, name
        self._stem = name.rsplit(".", 1)[0] if "." in name else name
        QObject.connect(field, SIGNAL("textChanged()"), self.select)
        QObject.connect(field, SIGNAL("textEdited()"), self.deleteLater)

    @Slot()
    def select(self) -> None:
        field = self._field
        if field.property("text") == self._name and not field.property("selectedText"):
            QMetaObject.invokeMethod(field, "select", Q_ARG(int, 0), Q_ARG(int, len(self._stem)))


class EnterSaves(QObject):
    """Enter in the name field presses Save, and the dialog's own checks follow (a file to be
    replaced is asked first, see ``EnterAnswers``). It lives with the field (its child)."""

    def __init__(self, field: QQuickItem, save: QQuickItem) -> None:
        super().__init__(field)
        self._save = save
        QObject.connect(field, SIGNAL("accepted()"), self.press)

    @Slot()
    def press(self) -> None:
        QMetaObject.invokeMethod(self._save, "click")


class KeysOnName(QObject):
    """The name field keeps the keys as the dialog opens or goes into a folder: Qt's dialog gives
    them to its list once the folder is read (a moment later), and to the list's row of a file
    that exists; the field then showed the name with no keys in it, typing went nowhere, and
    Enter chose the row (found by a tester). Until the person presses a key or a mouse button
    in the dialog (or ``SETTLE_MS`` have passed), keys that go elsewhere come back to the field.
    It lives with the field (its child) and reads the presses on the way to its window."""

    def __init__(self, field: QQuickItem) -> None:
        super().__init__(field)
        self._field = field
        self._until = 0.0
        window = field.window()
        if window is not None:
            QObject.connect(window, SIGNAL("activeFocusItemChanged()"), self._back)
            window.installEventFilter(self)
        self.take()

    def take(self) -> None:
        """The keys to the field, now and until the person acts (see the class)."""
        self._until = time.monotonic() + SETTLE_MS / 1000
        QMetaObject.invokeMethod(self._field, "forceActiveFocus")

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() in (QEvent.Type.MouseButtonPress, QEvent.Type.KeyPress):
            self._until = 0.0  # the person acts: the keys go where they put them
        return False

    @Slot()
    def _back(self) -> None:
        window = self._field.window()
        if time.monotonic() > self._until or window is None or not window.isVisible():
            return
        if not self._field.hasActiveFocus():
            QTimer.singleShot(0, self._field, self._focus)

    @Slot()
    def _focus(self) -> None:
        if time.monotonic() <= self._until:
            QMetaObject.invokeMethod(self._field, "forceActiveFocus")


class NameKept(QObject):
    """The name in the field is the file chosen in each folder the dialog goes into: Save with a
    folder highlighted in the list went into it and left Save greyed out under the name still
    shown (found by a tester); now the next Save saves there, as a desktop's dialog does. It
    lives with the field (its child). A folder's name typed there and Save (or Enter) goes into
    that folder, and the field shows the proposed ``name`` again, its stem selected: the
    folder's name was left there, and the next Enter saved "sub/sub.mat" (found by a tester)."""

    def __init__(self, field: QQuickItem, dialog: QObject, name: str) -> None:
        super().__init__(field)
        self._field, self._dialog, self._proposed = field, dialog, name
        self._folder = dialog_folder(dialog)
        self._selected: NameSelected | None = None
        QObject.connect(dialog, SIGNAL("currentFolderChanged(QUrl)"), self.keep)

    @Slot()
    def keep(self) -> None:
        before, folder = self._folder, dialog_folder(self._dialog)
        self._folder = folder
        name = str(self._field.property("text")).strip()
        if not name or not folder.is_dir():
            return
        if typed_path(name, before) == folder:  # the folder typed: the name proposed again
            name = self._proposed
            self._selected = propose(self._field, name)  # (held: see ``mend``)
            for keys in self._field.findChildren(KeysOnName):
                keys.take()  # (to save there, Enter again)
        self._dialog.setProperty("selectedFile", QUrl.fromLocalFile(str(folder / name)))


def typed_path(text: str, folder: Path) -> Path | None:
    """What a name typed in a file dialog open on ``folder`` names: a path from the root or
    the home (``~``) as it is, else a name in ``folder``; None for nothing typed."""
    typed = text.strip()
    if not typed:
        return None
    path = Path(typed).expanduser()
    return path if path.is_absolute() else folder / path


class TypedName(QObject):
    """The name field of Qt's own open dialog (shown by ``FileDialogs.mendOpen``): Enter there
    opens the file typed, or goes into the folder typed (and empties the field); Open is greyed
    out while the name names nothing that exists, and a name typed and left for Open chooses
    that file, a path from the root or the home as it is (Qt's own joins every typed name to its
    folder, as a link without the file's scheme). A file clicked in the list writes its own name
    in the field, as Qt's dialog does. It lives with the field (its child)."""

    def __init__(self, field: QQuickItem, dialog: QObject, button: QQuickItem) -> None:
        super().__init__(field)
        self._field, self._dialog, self._button = field, dialog, button
        # after Qt's own (made when the dialog was), which enable Open and take the name
        QObject.connect(field, SIGNAL("textEdited()"), self.check)
        QObject.connect(field, SIGNAL("editingFinished()"), self.choose)
        QObject.connect(field, SIGNAL("accepted()"), self.go)

    def _typed(self) -> Path | None:
        return typed_path(str(self._field.property("text")), dialog_folder(self._dialog))

    @Slot()
    def check(self) -> None:
        path = self._typed()
        self._button.setProperty("enabled", path is not None and path.exists())

    @Slot()
    def choose(self) -> None:
        path = self._typed()
        if path is not None and path.exists():
            self._dialog.setProperty("selectedFile", QUrl.fromLocalFile(str(path)))
        self.check()

    @Slot()
    def go(self) -> None:
        path = self._typed()
        if path is None or not path.exists():
            QMetaObject.invokeMethod(self._field, "selectAll")  # to be typed again
        elif path.is_dir():
            self._dialog.setProperty("currentFolder", QUrl.fromLocalFile(str(path)))
            self._field.setProperty("text", "")
            for keys in self._field.findChildren(KeysOnName):
                keys.take()
        else:
            self._dialog.setProperty("selectedFile", QUrl.fromLocalFile(str(path)))
            QMetaObject.invokeMethod(self._button, "click")


class EnterAnswers(QObject):
    """Enter answers the dialog's question before a file is replaced with its default button,
    Yes, as Space on the focused Yes does (Qt's question takes no Enter). It lives with the
    dialog's window (its child) and watches its keys."""

    def __init__(self, window: QQuickWindow) -> None:
        super().__init__(window)
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            question = shown_question()
            if question is not None:
                QMetaObject.invokeMethod(question, "accept")
                return True
        return False
