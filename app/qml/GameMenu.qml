// A menu of the game window: wide enough for its longest entry in any language, each entry a
// GameMenuItem (its keyboard shortcut on its right, the underlined letter of a text written
// with "&"). Entries a Repeater makes are GameMenuItems too.
import QtQuick
import QtQuick.Controls

Menu {
    id: menu
    // a key that goes through the menu's choices (H: the hint modes), shown on the entry that
    // opens it, not on each choice (each said "H", as if each had it)
    property string keys: ""
    width: {
        let widest = 180
        for (let i = 0; i < count; ++i) {
            const entry = itemAt(i)
            if (entry)
                widest = Math.max(widest, entry.implicitWidth)
        }
        return widest + leftPadding + rightPadding
    }
    delegate: GameMenuItem {}
}
