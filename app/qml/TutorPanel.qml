// The tutor's word below the board, before a bad play or cube action is made: the mark, what it
// loses against the best, and the three choices (Tutor decides; this only shows and asks).
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import app.qml

Rectangle {
    id: panel
    objectName: "tutorPanel"
    property real ui: 1.0
    readonly property color markColor: Tutor.markLevel >= 3 ? "#ff6a4a"
                                       : Tutor.markLevel === 2 ? "#ffa040" : "#f0d060"
    implicitHeight: column.implicitHeight + 16 * ui
    radius: 10 * ui
    color: "#f02a1d14"
    border.color: markColor
    border.width: 2
    // Shown, it takes the keys: its first choice in focus (Enter or Space answers, Tab goes to
    // the others; Esc takes the decision back); closed, they go back to the board (the window's
    // KeysKeeper gives the keys of a control gone away to the board)
    onVisibleChanged: if (visible) rethink.forceActiveFocus(Qt.TabFocusReason)
    // Enter while the window's keys take it (the pointer in use): the choice in gold
    function enter() {
        if (best.activeFocus && best.enabled) best.clicked()
        else if (anyway.activeFocus) anyway.clicked()
        else rethink.clicked()
    }

    ColumnLayout {
        id: column
        anchors.fill: parent
        anchors.margins: 8 * panel.ui
        spacing: 8 * panel.ui
        RowLayout {
            Layout.fillWidth: true
            spacing: 10 * panel.ui
            Label {
                objectName: "tutorMark"
                textFormat: Text.PlainText
                visible: text !== ""
                text: Tutor.mark
                color: panel.markColor
                font.pixelSize: 16 * panel.ui
                font.bold: true
            }
            Label {
                objectName: "tutorText"
                Layout.fillWidth: true
                text: Tutor.text
                wrapMode: Text.WordWrap
                textFormat: Text.PlainText
                color: "#f6ead2"
                font.pixelSize: 14 * panel.ui
            }
        }
        RowLayout {
            Layout.fillWidth: true
            spacing: 8 * panel.ui
            GameButton {
                id: rethink
                objectName: "tutorRethinkButton"
                Layout.fillWidth: true
                Layout.preferredWidth: 1
                ui: panel.ui
                lines: 2
                // gold where Enter answers: here, unless the keys are on another choice
                primary: !best.activeFocus && !anyway.activeFocus
                text: qsTr("Undo and rethink")
                hint: qsTr("Take the decision back and think again")
                onClicked: Tutor.rethink()
            }
            GameButton {
                id: best
                objectName: "tutorBestButton"
                Layout.fillWidth: true
                Layout.preferredWidth: 1
                ui: panel.ui
                lines: 2
                enabled: Tutor.canShowBest
                primary: activeFocus
                text: Tutor.aboutCube ? qsTr("Show the best action") : qsTr("Show the best play")
                hint: qsTr("Take the decision back and show the hint")
                onClicked: Tutor.showBest()
            }
            GameButton {
                id: anyway
                objectName: "tutorAnywayButton"
                Layout.fillWidth: true
                Layout.preferredWidth: 1
                ui: panel.ui
                lines: 2
                primary: activeFocus
                text: Tutor.anywayText
                hint: qsTr("Keep the decision as it is")
                onClicked: Tutor.playAnyway()
            }
        }
    }
}
