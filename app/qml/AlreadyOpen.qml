// Said by a second start on the same data folder when the first copy's window could not be
// brought forward: the game is already open, so this copy closes.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

ApplicationWindow {
    id: alreadyOpen
    objectName: "alreadyOpenWindow"
    required property string folder
    width: 460
    height: Math.max(180, content.implicitHeight + 40)
    visible: true
    title: qsTr("Backgammon")
    color: "#3a281b"
    palette {
        window: "#3a281b"; windowText: "#f3e6cc"; button: "#6a4d33"; buttonText: "#f6ead2"
        highlight: "#e0b35a"
        // what cannot be used now reads dimmer (a single game's Crawford box, say)
        disabled { windowText: "#8f7f66"; text: "#8f7f66"; buttonText: "#a08f72" }
    }

    ColumnLayout {
        id: content
        anchors.fill: parent
        anchors.margins: 20
        spacing: 14
        Label {
            objectName: "alreadyOpenText"
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            textFormat: Text.PlainText
            color: "#f3e6cc"
            font.pixelSize: 15
            text: qsTr("Backgammon is already open with this data folder (%1). Switch to its window to go on playing.").arg(alreadyOpen.folder)
        }
        Button {
            objectName: "alreadyOpenOk"
            Layout.alignment: Qt.AlignRight
            text: qsTr("OK")
            focus: true
            onClicked: alreadyOpen.close()
            Keys.onReturnPressed: alreadyOpen.close()
            Keys.onEscapePressed: alreadyOpen.close()
        }
    }
}
