// The keys never stay on nothing: when the control that had them goes grey or away (Roll
// pressed by Space, a panel closed, an answer's box replaced by its verdict) or they fall to
// the window itself or a panel, ``lost`` asks the window to give them a home (found by a
// tester: no ring anywhere, and the arrows did nothing until Tab). One per window.
// A button given the keys back while they are in use (a dialog closed by Esc gives them back
// to the button that opened it) shows its ring: it had them unseen, and Tab went on from there
// (found by a tester).
import QtQuick
import QtQuick.Templates as T
import app.qml

Item {
    id: keeper
    // an item among the window's controls: the items that hold it hold controls, not keys
    required property Item within
    signal lost()

    Connections {
        target: keeper.Window.window
        function onActiveFocusItemChanged() { check.restart() }
    }
    Connections {
        target: keeper.Window.window ? keeper.Window.window.activeFocusItem : null
        ignoreUnknownSignals: true
        function onEnabledChanged() { check.restart() }
        function onVisibleChanged() { check.restart() }
    }
    Timer {
        id: check
        interval: 0
        onTriggered: {
            const window = keeper.Window.window
            const item = window ? window.activeFocusItem : null
            let holder = false
            for (let up = keeper.within; up && !holder; up = up.parent)
                holder = up === item
            if (window && window.active && (!item || holder || !item.enabled || !item.visible))
                keeper.lost()
            else if (InputMode.keys && keeper.unseen(item as T.AbstractButton))
                (item as T.AbstractButton).focusReason = Qt.TabFocusReason  // its ring shows
        }
    }
    function unseen(button: T.AbstractButton): bool {
        return button !== null && !button.visualFocus
    }
}
