// About the program: its version, its licence and those of what it is built with.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

Dialog {
    id: dialog
    objectName: "aboutDialog"
    title: qsTr("About Backgammon")
    modal: true
    focus: true  // the keys go to the dialog, not to the board behind it
    // a button of its own: a standard button keeps the language it was made in
    footer: DialogButtonBox {
        buttonLayout: DialogButtonBox.GnomeLayout  // Cancel at the left: Tab goes as they stand
        DialogChoice { text: qsTr("Close"); DialogButtonBox.buttonRole: DialogButtonBox.RejectRole }
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 8
        Label {
            textFormat: Text.PlainText
            text: qsTr("Backgammon %1").arg(Qt.application.version)
            font.bold: true
            font.pixelSize: 18
        }
        Label {
            textFormat: Text.PlainText
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            text: qsTr("An offline backgammon game with five computer opponents and lessons. Free software under the MIT licence.")
        }
        Label {
            textFormat: Text.PlainText
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            text: qsTr("Built with Qt and Qt for Python, with Qt Multimedia (LGPL 3), numpy (BSD) and Babel (BSD). The board's font is DejaVu Sans (free licence, see fonts/LICENSE.txt). The computer's networks were trained by the project itself, and its sound effects were made by it (MIT licence, like the program).")
        }
    }
}
