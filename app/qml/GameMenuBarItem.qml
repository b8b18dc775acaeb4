// A title of the window's menu bar: the underlined letter of a title written with "&"
// ("&Game") always shown, as GameMenuItem shows it in the menus (Qt's own item lost the
// underline once the language changed).
import QtQuick
import QtQuick.Controls
import "menus.js" as Menus

MenuBarItem {
    id: entry
    Accessible.name: entry.text.replace(/&(.)/g, "$1")  // said without the "&" of its letter
    // A menu opened by its key (Alt and its letter, F10) shows its first entry chosen, as
    // desktop menus do, so that Up and Down start from there (Qt's opened with none, and Up
    // then closed it); one opened by a click does not.
    Connections {
        target: entry.menu
        function onOpened() {
            const menu = entry.menu
            if (entry.hovered || !menu || menu.currentIndex >= 0)
                return
            const first = Menus.nextEntry(menu, -1, 1)
            if (first !== -1)
                menu.currentIndex = first
        }
    }
    // the text with its Alt letter underlined, any markup in it escaped (menus.js)
    function mnemonicText(text) { return Menus.styled(text) }
    contentItem: Label {
        objectName: "menuEntryText"
        text: entry.mnemonicText(entry.text)
        textFormat: Text.StyledText
        color: entry.down || entry.highlighted ? entry.palette.highlightedText : entry.palette.text
        font: entry.font
        verticalAlignment: Text.AlignVCenter
    }
}
