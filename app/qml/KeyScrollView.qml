// A text that the keys scroll, as a reader's do: Up and Down a line, Page Up and Page Down (or
// Space) a page, Home and End to either end. Where the text runs past the view (a long lesson
// step at 150%), Tab stops at it and its scroll bar stays in sight; only the mouse wheel could
// scroll such a text, and a keyboard user did not know that more was below.
import QtQuick
import QtQuick.Controls

ScrollView {
    id: view
    property real line: 40
    // Page Up, Page Down and Space scroll a page (off where they are a window's own keys)
    property bool pageKeys: true
    readonly property bool overflows: contentHeight > availableHeight + 1
    // (kept while it has the keys: Qt refuses to take Tab from the item in focus)
    focusPolicy: overflows || activeFocus ? Qt.StrongFocus : Qt.NoFocus
    ScrollBar.vertical.policy: overflows ? ScrollBar.AlwaysOn : ScrollBar.AsNeeded
    // the width a child can use beside the scroll bar in sight
    readonly property real textWidth: availableWidth - (overflows ? effectiveScrollBarWidth + 4 : 0)
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
    Keys.onPressed: (event) => { event.accepted = view.scrollBy(event.key) }
}
