// An entry of a game menu (GameMenu makes one for each of its actions and submenus; a Repeater
// in a GameMenu makes them itself): the keyboard shortcut of the entry on its right
// (``KeyAction.keys``) and the underlined letter of a text written with "&" ("&New game…"),
// always shown. In the open menu that letter (or Alt and it) chooses the entry.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

MenuItem {
    id: entry
    readonly property string keys: (entry.action as KeyAction)?.keys ?? ""
    implicitWidth: leftPadding + row.implicitWidth + rightPadding + 8
    Accessible.name: entry.text.replace(/&(.)/g, "$1")  // said without the "&" of its letter

    // "&New game" as "<u>N</u>ew game"; "&&" is a plain "&". (Our own texts: safe as styled text.)
    function mnemonicText(text) {
        let out = ""
        for (let i = 0; i < text.length; ++i) {
            let c = text[i]
            let underline = false
            if (c === "&" && i + 1 < text.length) {
                c = text[++i]
                underline = c !== "&"
            }
            const safe = c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === "&" ? "&amp;" : c
            out += underline ? "<u>" + safe + "</u>" : safe
        }
        return out
    }

    contentItem: RowLayout {
        id: row
        spacing: 24
        Label {
            Layout.fillWidth: true
            Layout.leftMargin: entry.checkable && entry.indicator
                               ? entry.indicator.width + entry.spacing : 0
            objectName: "menuEntryText"
            text: entry.mnemonicText(entry.text)
            textFormat: Text.StyledText
            color: entry.enabled ? entry.palette.windowText : entry.palette.mid
            font: entry.font
        }
        Label {
            textFormat: Text.PlainText
            visible: entry.keys !== ""
            text: entry.keys
            color: entry.palette.placeholderText
            font: entry.font
        }
        Item {  // room for the arrow of a submenu
            visible: entry.subMenu !== null && entry.arrow !== null
            implicitWidth: entry.arrow ? entry.arrow.width : 0
        }
    }
}
