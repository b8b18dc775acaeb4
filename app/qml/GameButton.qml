// A large, warm button of the game window, with its keyboard shortcut in the tooltip. Tab
// reaches it (a bright edge shows the focus); a click leaves the focus where it was, so the
// board keeps the keys.
import QtQuick
import QtQuick.Controls
import app.qml

Button {
    id: control
    property string hint: ""
    property real ui: 1.0
    property bool primary: false
    property int lines: 1  // more: a long text wraps onto a second line before it gets smaller
    // The buttons of a group take one size: the group sets ``fontScale`` to the smallest
    // ``fit`` among them, the share of the full size at which each one's text fits.
    property real fontScale: 1.0
    // the width the button gets (a group that sets its buttons' sizes from their text names it
    // from the layout's width, not the button's own: that follows the text's size)
    property real slotWidth: width
    readonly property real fit: lines > 1 || text === "" ? 1.0
        : Math.min(1.0, (slotWidth - leftPadding - rightPadding) / Math.max(1, fullSize.advanceWidth))
    // the width the button needs for its text at the full size (whatever size it is shown at)
    readonly property real fullWidth: fullSize.advanceWidth + leftPadding + rightPadding
    TextMetrics {
        id: fullSize
        font.family: control.font.family
        font.bold: true
        font.pixelSize: 15 * control.ui
        text: control.text
    }
    hoverEnabled: true
    focusPolicy: Qt.TabFocus
    Accessible.description: hint
    // Space and Enter press the button in focus, before the window's own keys (Space rolls,
    // Enter ends the turn), while the keys are in use: a focus left on a button by Tab long
    // before, its ring gone with the mouse's first click, took the Enter that was to end the
    // turn (found by a tester). (The key itself is read after this: ``keys`` still tells the
    // input before it.)
    Keys.onShortcutOverride: event => {
        event.accepted = control.activeFocus && InputMode.keys && (event.key === Qt.Key_Space
            || event.key === Qt.Key_Return || event.key === Qt.Key_Enter)
    }
    Keys.onReturnPressed: control.clicked()
    Keys.onEnterPressed: control.clicked()
    // not on a button made inactive by its own click (Roll): the pointer still rests there;
    // nor after a click, until the pointer leaves (the hint's tip stood over the list that
    // the click had opened: found by a tester)
    property bool used: false
    onClicked: used = true
    onHoveredChanged: if (!hovered) used = false
    // nor on a button that comes up under the pointer, until the pointer moves (the tutor's
    // buttons came again where "Undo and rethink" was clicked, its tip over the warning; the
    // window opened with the tip of the button under the pointer, the double's question with
    // the tip of Pass over it: found by testers)
    property int cameAt: -1
    readonly property bool resting: cameAt === InputMode.pointerMoves
    Component.onCompleted: cameAt = InputMode.pointerMoves
    onVisibleChanged: if (visible) cameAt = InputMode.pointerMoves
    ToolTip.visible: hovered && !used && !resting && enabled && hint !== ""
    ToolTip.text: hint
    ToolTip.delay: 500
    font.pixelSize: Math.max(9, Math.floor(15 * ui * fontScale))
    font.bold: true
    // ``ui`` includes the player's text size; the button's height follows its text, not the
    // text size times its usual height, so that large text still leaves the panel room.
    readonly property real boxUi: ui / Theme.textScale
    implicitHeight: Math.max(40 * boxUi, contentItem.implicitHeight + topPadding + bottomPadding)
    padding: 8 * boxUi
    // a button of its own width (a card's, not the panel's rows) keeps room beside its text:
    // "Ny match, samme spillere" stood edge to edge (found by a tester)
    property bool roomy: false
    leftPadding: (roomy ? 12 : 5) * ui
    rightPadding: (roomy ? 12 : 5) * ui
    contentItem: Text {
        textFormat: Text.PlainText
        text: control.text
        font: control.font
        // A long word in a narrow window (Dutch at 800 x 600) gets smaller, never cut off; a
        // button of more lines wraps its text instead.
        fontSizeMode: control.lines > 1 ? Text.FixedSize : Text.HorizontalFit
        minimumPixelSize: 9
        wrapMode: control.lines > 1 ? Text.WordWrap : Text.NoWrap
        maximumLineCount: control.lines
        // the high-contrast theme: white (7.7:1), and a greyed text that can still be read
        color: control.enabled ? (control.primary ? "#2a1a0c" : Theme.highContrast ? "#ffffff" : "#f6ead2")
                               : Theme.highContrast ? "#c8b8a0" : "#8a7a66"
        horizontalAlignment: Text.AlignHCenter
        verticalAlignment: Text.AlignVCenter
        elide: Text.ElideRight
    }
    background: Rectangle {
        radius: 8 * control.ui
        color: !control.enabled ? "#4a3828"
               : control.primary ? (control.down ? "#c99a40" : control.hovered ? "#f0c46c" : "#e0b35a")
               : (control.down ? "#5d4530" : control.hovered ? "#7a5a3c" : "#6a4d33")
        border.color: control.enabled ? "#e0b35a" : "#5a4634"  // the focus: FocusFrame
        border.width: 1
    }
}
