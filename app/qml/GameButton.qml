// A large, warm button of the game window, with its keyboard shortcut in the tooltip.
import QtQuick
import QtQuick.Controls

Button {
    id: control
    property string hint: ""
    property real ui: 1.0
    property bool primary: false
    hoverEnabled: true
    ToolTip.visible: hovered && hint !== ""
    ToolTip.text: hint
    ToolTip.delay: 500
    font.pixelSize: 15 * ui
    font.bold: true
    implicitHeight: 40 * ui
    padding: 8 * ui
    leftPadding: 8 * ui
    rightPadding: 8 * ui
    contentItem: Text {
        textFormat: Text.PlainText
        text: control.text
        font: control.font
        // A long word in a narrow window (Dutch at 800 x 600) gets smaller, never cut off.
        fontSizeMode: Text.HorizontalFit
        minimumPixelSize: 9
        color: control.enabled ? (control.primary ? "#2a1a0c" : "#f6ead2") : "#8a7a66"
        horizontalAlignment: Text.AlignHCenter
        verticalAlignment: Text.AlignVCenter
        elide: Text.ElideRight
    }
    background: Rectangle {
        radius: 8 * control.ui
        color: !control.enabled ? "#4a3828"
               : control.primary ? (control.down ? "#c99a40" : control.hovered ? "#f0c46c" : "#e0b35a")
               : (control.down ? "#5d4530" : control.hovered ? "#7a5a3c" : "#6a4d33")
        border.color: control.enabled ? "#e0b35a" : "#5a4634"
        border.width: 1
    }
}
