// One student's figures for one lesson (or all of them) in the class overview: steps done,
// score, mistakes, hints, and the last quiz's score (right at the first try) once there is one.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

Rectangle {
    id: box
    property var cell: ({})
    property real ui: 1.0
    property bool total: false
    radius: 6 * ui
    color: cell.finished && !total ? "#2f5a38" : (cell.stepsDone > 0 ? "#3a281b" : "#2a1d14")
    border.color: "#5c4330"
    implicitHeight: lines.implicitHeight + 10 * ui
    height: implicitHeight

    ColumnLayout {
        id: lines
        anchors.left: parent.left
        anchors.right: parent.right
        anchors.top: parent.top
        anchors.margins: 5 * box.ui
        spacing: 0
        Label {
            textFormat: Text.PlainText
            Layout.fillWidth: true
            horizontalAlignment: Text.AlignHCenter
            text: (box.cell.stepsDone || 0) + "/" + (box.cell.steps || 0) + (box.cell.finished ? " \u2714" : "")
            font.bold: true
            font.pixelSize: 13 * box.ui
            color: "#f3e6cc"
        }
        Label {
            textFormat: Text.PlainText
            Layout.fillWidth: true
            horizontalAlignment: Text.AlignHCenter
            text: box.cell.score === undefined || box.cell.score < 0 ? "–" : qsTr("%1% right").arg(box.cell.score)
            font.pixelSize: 11 * box.ui
            color: "#f3e6cc"
            wrapMode: Text.WordWrap
        }
        Label {
            textFormat: Text.PlainText
            Layout.fillWidth: true
            horizontalAlignment: Text.AlignHCenter
            text: qsTr("%n mistake", "%n mistakes", box.cell.mistakes || 0)
            font.pixelSize: 11 * box.ui
            color: (box.cell.mistakes || 0) > 0 ? "#ffb09a" : "#bba888"
            wrapMode: Text.WordWrap
        }
        Label {
            textFormat: Text.PlainText
            Layout.fillWidth: true
            horizontalAlignment: Text.AlignHCenter
            text: qsTr("%n hint", "%n hints", box.cell.hints || 0)
            font.pixelSize: 11 * box.ui
            color: "#bba888"
            wrapMode: Text.WordWrap
        }
        Label {
            textFormat: Text.PlainText
            Layout.fillWidth: true
            horizontalAlignment: Text.AlignHCenter
            visible: (box.cell.quizItems || 0) > 0
            text: qsTr("quiz %1/%2").arg(box.cell.quizRight || 0).arg(box.cell.quizItems || 0)
            font.pixelSize: 11 * box.ui
            color: "#bba888"
            wrapMode: Text.WordWrap
        }
    }
}
