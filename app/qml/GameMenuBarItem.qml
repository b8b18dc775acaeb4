// A title of the window's menu bar: the underlined letter of a title written with "&"
// ("&Game") always shown, as GameMenuItem shows it in the menus (Qt's own item lost the
// underline once the language changed).
import QtQuick
import QtQuick.Controls
import "mnemonic.js" as Mnemonic

MenuBarItem {
    id: entry
    Accessible.name: entry.text.replace(/&(.)/g, "$1")  // said without the "&" of its letter
    // the text with its Alt letter underlined, any markup in it escaped (mnemonic.js)
    function mnemonicText(text) { return Mnemonic.styled(text) }
    contentItem: Label {
        objectName: "menuEntryText"
        text: entry.mnemonicText(entry.text)
        textFormat: Text.StyledText
        color: entry.down || entry.highlighted ? entry.palette.highlightedText : entry.palette.text
        font: entry.font
        verticalAlignment: Text.AlignVCenter
    }
}
