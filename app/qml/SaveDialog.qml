// A save dialog that goes into a folder typed as the file name, as a desktop's does (Qt Quick's
// own took it for a file's name: the file was refused, or written beside the folder, found by a
// tester): openIn(folder) opens it there on the proposed `name`, and `chosen` tells the file
// chosen, with the folder the dialog was open on (a full path typed as the name is joined to it
// by Qt's own dialog: FileDialogs and the savers take it apart).
import QtQuick
import QtQuick.Dialogs
import app.qml

FileDialog {
    id: dialog
    fileMode: FileDialog.SaveFile
    property string name: ""
    signal chosen(string file, string folder)

    function openIn(folder: string) {
        currentFolder = folder
        selectedFile = folder + "/" + name
        open()
        FileDialogs.mend(name)  // Qt's own dialog: the name shown
    }
    onAccepted: {
        const file = String(selectedFile), folder = String(currentFolder)
        const inside = FileDialogs.typedFolder(file, folder)
        if (inside !== "")
            Qt.callLater(dialog.openIn, inside)
        else
            dialog.chosen(file, folder)
    }
}
