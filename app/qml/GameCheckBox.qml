// A check box of the game's dialogs: its box and mark drawn plainly in the game's colours
// (Fusion's own mark is small and faint on the dark palette: is it ticked or not?).
import QtQuick
import QtQuick.Controls

CheckBox {
    id: control
    indicator: Rectangle {
        implicitWidth: 18
        implicitHeight: 18
        x: control.mirrored ? control.width - width - control.rightPadding : control.leftPadding
        y: control.topPadding + (control.availableHeight - height) / 2
        radius: 3
        color: !control.checked ? "#2a1d14" : control.enabled ? "#e0b35a" : "#8f7f66"
        border.color: control.enabled ? "#e0b35a" : "#6a5642"  // the focus: FocusFrame
        border.width: 1
        Text {
            anchors.centerIn: parent
            visible: control.checked
            text: "✓"
            textFormat: Text.PlainText
            color: "#2a1a0c"
            font.bold: true
            font.pixelSize: 15
        }
    }
}
