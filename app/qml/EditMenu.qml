// The Edit menu: Position and Match IDs to and from the clipboard, the position editor, and
// matches in and out as .mat files (the work is done by ``tools``, a PositionTools).
import QtQuick
import QtQuick.Controls
import app.qml

GameMenu {
    id: menu
    required property var tools
    title: qsTr("&Edit")
    KeyAction {
        text: qsTr("&Copy Position and Match ID")
        keys: "Ctrl+C"
        onTriggered: menu.tools.copyIds()
    }
    KeyAction { text: qsTr("Copy P&osition ID"); onTriggered: PositionSetup.copyPositionId() }
    KeyAction { text: qsTr("Copy &Match ID"); onTriggered: PositionSetup.copyMatchId() }
    KeyAction {
        text: qsTr("&Paste Position and Match ID")
        keys: "Ctrl+V"
        onTriggered: menu.tools.paste()
    }
    MenuSeparator {}
    KeyAction { text: qsTr("&Edit position…"); keys: "Ctrl+E"; onTriggered: menu.tools.editPosition() }
    MenuSeparator {}
    KeyAction { text: qsTr("&Import match (.mat)…"); keys: "Ctrl+O"; onTriggered: menu.tools.importMatch() }
    KeyAction { text: qsTr("E&xport match (.mat)…"); keys: "Ctrl+S"; onTriggered: menu.tools.exportMatch() }
}
