pragma ComponentBehavior: Bound
// Positions and matches that travel: the keys to copy and paste Position and Match IDs, the
// position editor, and the dialogs to import and export .mat files; what PositionSetup refuses
// is said in a dialog, what it has done in a passing note. The Edit menu calls these functions.
import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import app.qml
import "texts.js" as Texts

Item {
    id: tools
    objectName: "positionTools"
    property real ui: 1.0
    // the passing note stands in the middle of this (the board's room): at the window's foot it
    // covered the point numbers, and at 1024x768 the side panel's buttons (testers)
    property Item noteRoom: null
    // an item the note keeps clear of while it shows (the end of a game's card: "the match is
    // saved in ..." covered its result, found by a tester): the note stands in the larger part
    // of the room above or below it
    property Item noteAvoids: null

    function copyIds() { PositionSetup.copyIds() }
    function paste() { PositionSetup.paste() }
    function editPosition() {
        PositionEditor.begin()
        editor.open()
    }
    function importMatch() {
        importDialog.currentFolder = PositionSetup.folder()
        importDialog.open()
        FileDialogs.mendOpen()  // Qt's own dialog: a field for a typed name
    }
    // The export dialog is made anew each time: Qt Quick's own file dialog kept a name typed
    // into it before on show, and saved under the name proposed now.
    property var exportDialog: null
    function exportMatch() {
        if (!PositionSetup.mayExport())  // says why not
            return
        if (exportDialog !== null)
            exportDialog.destroy()
        exportDialog = exportDialogComponent.createObject(tools, { name: PositionSetup.exportName() })
        exportDialog.openIn(PositionSetup.folder())
    }

    // Open, a file dialog is a window of its own: the game window's keys are off meanwhile.
    readonly property bool fileDialogOpen: importDialog.visible
                                           || (exportDialog !== null && exportDialog.visible)

    // A modal dialog blocks these (the text fields of a dialog keep Ctrl+C and Ctrl+V).
    Shortcut { sequences: [StandardKey.Copy]; enabled: !tools.fileDialogOpen; onActivated: tools.copyIds() }
    Shortcut { sequences: [StandardKey.Paste]; enabled: !tools.fileDialogOpen; onActivated: tools.paste() }
    Shortcut { sequence: "Ctrl+E"; enabled: !tools.fileDialogOpen; onActivated: tools.editPosition() }
    Shortcut { sequences: [StandardKey.Open]; enabled: !tools.fileDialogOpen; onActivated: tools.importMatch() }
    Shortcut { sequences: [StandardKey.Save]; enabled: !tools.fileDialogOpen; onActivated: tools.exportMatch() }

    Connections {
        target: PositionEditor
        function onKept() { tools.editPosition() }
    }
    Connections {
        target: PositionSetup
        function onAsked() {
            replaceDialog.exported = PositionSetup.exportedNow()
            replaceDialog.open()
        }
        function onRefused() { refusalDialog.open() }
        function onTold() {
            note.text = Texts.wholeNames(PositionSetup.message)  // an ID pair whole
            noteBox.place()
            noteBox.opacity = 1
            noteTimer.restart()
        }
    }

    FileDialog {
        id: importDialog
        objectName: "importDialog"
        title: qsTr("Import a match")
        fileMode: FileDialog.OpenFile
        nameFilters: [qsTr("Match files (*.mat)"), qsTr("All files (*)")]
        onAccepted: PositionSetup.importMat(selectedFile.toString())
        onVisibleChanged: if (!visible) tools.Window.window.requestActivate()  // the keys back
    }

    Component {
        id: exportDialogComponent
        SaveDialog {
            objectName: "exportDialog"
            title: qsTr("Export the match")
            defaultSuffix: "mat"
            nameFilters: [qsTr("Match files (*.mat)")]
            onChosen: (file, folder) => PositionSetup.exportMatFrom(file, folder)
            onVisibleChanged: if (!visible) tools.Window.window.requestActivate()  // the keys back
        }
    }

    PositionEditorDialog {
        id: editor
        ui: tools.ui
        anchors.centerIn: parent
        width: parent.width
        height: parent.height
        asking: discardDialog.opened
        onLeaving: {
            if (PositionEditor.edited)
                discardDialog.open()
            else
                editor.reject()
        }
    }

    QuestionDialog {
        id: discardDialog
        objectName: "discardSetUpDialog"
        title: qsTr("Discard the set-up?")
        text: qsTr("The position set up in the editor will be lost. The game stays as it is.")
        room: tools.width
        ui: tools.ui
        closePolicy: Popup.CloseOnEscape
        act: qsTr("Discard")
        actName: "discardSetUp"
        keep: qsTr("Keep editing")
        keepName: "keepEditing"
        onAccepted: editor.reject()
    }

    QuestionDialog {
        id: replaceDialog
        objectName: "replaceDialog"
        // the title says what the text says: a match or a game (a match's read "Replace the game?")
        title: MatchView.matchLength > 0 ? qsTr("Replace the match?") : qsTr("Replace the game?")
        room: tools.width
        ui: tools.ui
        closePolicy: Popup.CloseOnEscape
        // (a match's "it" is not a game's in Danish: "Dets ... det" was said of a match, found by
        // a tester)
        readonly property bool match: MatchView.matchLength > 0
        property bool exported: false  // the match as it stands is written to a file
        // a game under way that was analysed from the history loses both (its analysis went
        // unsaid: found by a tester)
        text: [MatchView.matchInProgress ? (match ? qsTr("A match is in progress.") : qsTr("A game is in progress.")) : "",
               !MatchView.analysed ? ""
               : exported ? (match ? qsTranslate("match", "Its analysis goes with it; its moves are in the file it was exported to.")
                                   : qsTr("Its analysis goes with it; its moves are in the file it was exported to."))
               : (match ? qsTranslate("match", "Its analysis goes with it: export the match first (Edit menu) to keep its moves.")
                        : qsTr("Its analysis goes with it: export the match first (Edit menu) to keep its moves.")),
               PositionSetup.pending].filter(part => part !== "").join(" ")
        act: qsTr("Replace")
        actName: "replaceButton"
        keep: PositionSetup.declineReturns ? qsTr("Back to the editor")
              : MatchView.matchInProgress ? qsTr("Keep playing")
              : match ? qsTranslate("match", "Keep it") : qsTr("Keep it")
        keepName: "keepGameButton"
        onAccepted: PositionSetup.confirm()
        onClosed: if (result !== Dialog.Accepted) PositionSetup.cancel()  // also Esc
    }

    TextDialog {
        id: refusalDialog
        objectName: "refusalDialog"
        title: qsTr("Backgammon")
        room: tools.width
        ui: tools.ui
        widest: 600
        EnterKey { dialog: refusalDialog }
        textName: "refusalText"
        wrapMode: Text.Wrap  // an ID of 20 characters and no space wraps too
        text: PositionSetup.message
    }

    // A passing note: the IDs copied, the file written.
    Rectangle {
        id: noteBox
        objectName: "setupNote"
        // the room it is centred in, in the tools' own coordinates (the whole window without one)
        property rect room: Qt.rect(0, 0, tools.width, tools.height)
        function place() {
            const r = tools.noteRoom
            let whole = r ? r.mapToItem(tools, 0, 0, r.width, r.height) : Qt.rect(0, 0, tools.width, tools.height)
            const a = tools.noteAvoids
            if (a && a.visible) {
                const shown = a.mapToItem(tools, 0, 0, a.width, a.height)
                const above = shown.y - whole.y
                const below = whole.y + whole.height - shown.y - shown.height
                whole = above >= below ? Qt.rect(whole.x, whole.y, whole.width, above)
                                       : Qt.rect(whole.x, shown.y + shown.height, whole.width, below)
            }
            room = whole
        }
        x: room.x + (room.width - width) / 2
        y: room.y + (room.height - height) / 2
        width: Math.min(room.width - 40 * tools.ui, note.implicitWidth + 28 * tools.ui)
        height: note.implicitHeight + 14 * tools.ui
        radius: 8 * tools.ui
        color: "#ee2a1c12"
        border.color: "#e0b35a"
        opacity: 0
        visible: opacity > 0
        Behavior on opacity { NumberAnimation { duration: 250 } }
        Label {
            id: note
            objectName: "setupNoteText"
            anchors.centerIn: parent
            width: parent.width - 28 * tools.ui
            wrapMode: Text.Wrap  // at a space, a name or an ID whole (or anywhere if it must)
            textFormat: Text.PlainText
            horizontalAlignment: Text.AlignHCenter
            color: "#f3e6cc"
            font.pixelSize: 14 * tools.ui
        }
        Timer { id: noteTimer; interval: 4000; onTriggered: noteBox.opacity = 0 }
    }
}
