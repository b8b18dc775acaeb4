// The open lesson's notes for the teacher (aims, common mistakes, how long it takes), shown in
// teacher mode under the lesson list.
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import app.qml

Rectangle {
    id: box
    property real ui: 1.0
    readonly property var notes: Classroom.notes
    readonly property color textColor: "#f3e6cc"
    objectName: "teacherNotes"
    radius: 8 * ui
    color: "#2a1d14"
    border.color: "#e0b35a"
    // at most this high (the window gives it a share of its height: in a low window the box
    // took the room of the lesson list, whose last lessons went out of sight); it scrolls
    property real maxHeight: 240 * ui
    implicitHeight: Math.min(column.implicitHeight + 16 * ui, 240 * ui, maxHeight)

    Flickable {
        id: scroll
        objectName: "teacherNotesScroll"
        anchors.fill: parent
        anchors.margins: 8 * box.ui
        clip: true
        contentWidth: width
        contentHeight: column.implicitHeight
        boundsBehavior: Flickable.StopAtBounds
        ScrollBar.vertical: ScrollBar {}
        ColumnLayout {
            id: column
            width: scroll.width - 8 * box.ui
            spacing: 4 * box.ui
            Label {
                textFormat: Text.PlainText
                Layout.fillWidth: true
                text: qsTr("For the teacher")
                color: "#e0b35a"
                font.bold: true
                font.pixelSize: 13 * box.ui
                wrapMode: Text.WordWrap
            }
            Label {
                objectName: "teacherNotesNone"
                textFormat: Text.PlainText
                visible: box.notes.open !== true
                Layout.fillWidth: true
                text: qsTr("Open a lesson to read its notes for the teacher.")
                color: box.textColor
                font.pixelSize: 12 * box.ui
                wrapMode: Text.WordWrap
            }
            Label {
                objectName: "teacherMinutes"
                textFormat: Text.PlainText
                visible: box.notes.open === true
                Layout.fillWidth: true
                text: qsTr("About %1 minutes.").arg(box.notes.minutes || 0)
                color: box.textColor
                font.pixelSize: 12 * box.ui
                wrapMode: Text.WordWrap
            }
            Label {
                textFormat: Text.PlainText
                visible: box.notes.open === true
                text: qsTr("Aims")
                color: box.textColor
                font.bold: true
                font.pixelSize: 12 * box.ui
            }
            Repeater {
                model: box.notes.aims || []
                Label {
                    required property string modelData
                    required property int index
                    objectName: "teacherAim_" + index
                    Layout.fillWidth: true
                    text: "\u2022 " + modelData
                    textFormat: Text.PlainText
                    color: box.textColor
                    font.pixelSize: 12 * box.ui
                    wrapMode: Text.WordWrap
                }
            }
            Label {
                textFormat: Text.PlainText
                visible: box.notes.open === true
                text: qsTr("Common mistakes")
                color: box.textColor
                font.bold: true
                font.pixelSize: 12 * box.ui
            }
            Repeater {
                model: box.notes.mistakes || []
                Label {
                    required property string modelData
                    required property int index
                    objectName: "teacherMistake_" + index
                    Layout.fillWidth: true
                    text: "\u2022 " + modelData
                    textFormat: Text.PlainText
                    color: box.textColor
                    font.pixelSize: 12 * box.ui
                    wrapMode: Text.WordWrap
                }
            }
        }
    }
}
