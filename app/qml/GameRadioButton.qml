// A radio button of the game's dialogs, drawn plainly in the game's colours as GameCheckBox is
// (Fusion's dot is faint on the dark palette: which one is chosen?).
import QtQuick
import QtQuick.Controls

RadioButton {
    id: control
    indicator: Rectangle {
        implicitWidth: 18
        implicitHeight: 18
        x: control.mirrored ? control.width - width - control.rightPadding : control.leftPadding
        y: control.topPadding + (control.availableHeight - height) / 2
        radius: width / 2
        color: "#2a1d14"
        border.color: control.enabled ? "#e0b35a" : "#6a5642"  // the focus: FocusFrame
        border.width: 1
        Rectangle {
            anchors.centerIn: parent
            visible: control.checked
            width: 10
            height: 10
            radius: 5
            color: control.enabled ? "#e0b35a" : "#8f7f66"
        }
    }
}
