// The keyboard's focus, drawn plainly around whichever control has it: a button, a choice box,
// a check box of any dialog or panel. Fusion's own focus frame is a shade of the palette's gold,
// all but invisible on the game's brown (found by a tester); this ring, light blue with a gap,
// stands out from every panel and button behind it. One per window, above its dialogs; shown
// only to the keyboard (a control's visualFocus), never to the mouse.
import QtQuick
import QtQuick.Controls
import QtQuick.Templates as T
import app.qml

Rectangle {
    id: frame
    objectName: "focusFrame"
    parent: T.Overlay.overlay
    z: 1000000
    property T.Control control: null
    readonly property real gap: 2
    // (on the game's own buttons only while the keys are in use: they take Space and Enter
    // then, and a ring left there by Tab stood over a turn played with the mouse)
    visible: control !== null && control.visualFocus && control.visible
             && (InputMode.keys || !(control instanceof GameButton))
    color: "transparent"
    border.color: "#7fd4ff"
    border.width: 3
    radius: 6

    function follow() {
        const window = frame.Window.window
        const item = window ? window.activeFocusItem : null
        // a number box's field has the keys: the ring goes round the box (a caret alone showed
        // where the keys were: found by a tester)
        const box = item && item.parent ? item.parent as T.SpinBox : null
        const control = box ?? (item as T.Control)
        // a menu shows its entry in focus by its own highlight; a row of a list that takes the
        // keys itself (its focus policy none) has the focus only as the list's current item, and
        // the list rings its chosen row (a ring on a row not chosen: Down went to that row)
        frame.control = control && !(control instanceof T.MenuItem)
                && !(control instanceof T.MenuBarItem)
                && !(control instanceof T.ItemDelegate && control.focusPolicy === Qt.NoFocus)
                ? control : null
        place()
    }
    function place() {
        if (!frame.visible || !frame.parent)
            return
        const corner = frame.control.mapToItem(frame.parent, 0, 0)
        const out = frame.gap + frame.border.width
        frame.x = corner.x - out
        frame.y = corner.y - out
        frame.width = frame.control.width + 2 * out
        frame.height = frame.control.height + 2 * out
    }
    onVisibleChanged: place()
    Connections {
        target: frame.Window.window
        function onActiveFocusItemChanged() { frame.follow() }
    }
    // a control moves with what holds it (a dialog opening, a list scrolled): follow it while shown
    Timer {
        interval: 100
        repeat: true
        running: frame.visible
        onTriggered: frame.place()
    }
}
