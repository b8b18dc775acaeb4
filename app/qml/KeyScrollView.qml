// A text that the keys scroll, as a reader's do: Up and Down a line, Page Up and Page Down (or
// Space) a page, Home and End to either end. Where the text runs past the view (a long lesson
// step at 150%), Tab stops at it and its scroll bar stays in sight; only the mouse wheel could
// scroll such a text, and a keyboard user did not know that more was below. A control inside
// that gets the keys is scrolled into sight.
import QtQuick
import QtQuick.Controls

ScrollView {
    id: view
    property real line: 40
    // Page Up, Page Down and Space scroll a page (off where they are a window's own keys)
    property bool pageKeys: true
    // Tab stops at the view itself: off where the controls inside it take the keys (Qt's Tab
    // passes a view by once a control inside it has had them); the view follows them instead
    property bool keyStop: true
    readonly property bool overflows: contentHeight > availableHeight + 1
    // (kept while it has the keys: Qt refuses to take Tab from the item in focus)
    focusPolicy: keyStop && (overflows || activeFocus) ? Qt.StrongFocus : Qt.NoFocus
    // its handle in the game's gold while more lies below or above: the style's thin grey bar
    // went unseen beside settings cut off at the bottom (at 150%: a tester)
    ScrollBar.vertical.policy: overflows ? ScrollBar.AlwaysOn : ScrollBar.AsNeeded
    ScrollBar.vertical.contentItem: Rectangle {
        implicitWidth: 8
        implicitHeight: 8
        radius: 4
        color: "#e0b35a"
        opacity: view.overflows ? 0.85 : 0.0
    }
    // the width a child can use beside the scroll bar, whether in sight or not (a width that
    // changed with it rewrapped the text, which changed whether it ran past the view: in
    // Danish the hint's lines went back and forth without end)
    readonly property real textWidth: availableWidth - (ScrollBar.vertical as ScrollBar).implicitWidth - 4
    contentWidth: availableWidth

    function scrollBy(key) {
        const flick = view.contentItem as Flickable
        if (!flick)
            return false
        const page = Math.max(view.line, flick.height - view.line)
        const end = Math.max(0, flick.contentHeight - flick.height)
        const moves = new Map([[Qt.Key_Down, view.line], [Qt.Key_Up, -view.line]])
        if (view.pageKeys) {
            moves.set(Qt.Key_PageDown, page)
            moves.set(Qt.Key_Space, page)
            moves.set(Qt.Key_PageUp, -page)
        }
        let y = flick.contentY
        if (moves.has(key))
            y += moves.get(key)
        else if (key === Qt.Key_Home)
            y = 0
        else if (key === Qt.Key_End)
            y = end
        else
            return false
        flick.contentY = Math.max(0, Math.min(end, y))
        return true
    }
    // back to the top
    function toTop() {
        const flick = view.contentItem as Flickable
        if (flick)
            flick.contentY = 0
    }
    // scrolled so that ``item`` (inside the view) is in sight
    function show(item) {
        const flick = view.contentItem as Flickable
        if (!flick || !item)
            return
        const top = item.mapToItem(flick.contentItem, 0, 0).y
        const end = Math.max(0, flick.contentHeight - flick.height)
        if (top < flick.contentY)
            flick.contentY = Math.max(0, top)
        else if (top + item.height > flick.contentY + flick.height)
            flick.contentY = Math.min(end, top + item.height - flick.height)
    }
    Keys.onPressed: (event) => { event.accepted = view.scrollBy(event.key) }
    // a control inside that the keys reach is scrolled into sight (it stayed below the fold)
    Connections {
        target: view.Window.window
        function onActiveFocusItemChanged() {
            const window = view.Window.window
            const flick = view.contentItem as Flickable
            // the whole row it stands in, in the view's one column (a spin box's text alone
            // left the box half in sight)
            const item = window ? window.activeFocusItem : null
            const path = []
            for (let up = item; up && flick; up = up.parent) {
                if (up === flick.contentItem) {
                    view.show(path.length >= 2 ? path[path.length - 2] : item)
                    return
                }
                path.push(up)
            }
        }
    }
}
