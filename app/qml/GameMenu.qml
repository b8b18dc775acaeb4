// A menu of the game window: wide enough for its longest entry in any language, showing the
// keyboard shortcut of each entry on its right (``KeyAction.keys``) and the underlined letter of
// an entry written with "&" (the MenuItem itself answers Alt and that letter).
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

Menu {
    id: menu
    width: {
        let widest = 180
        for (let i = 0; i < count; ++i) {
            const entry = itemAt(i)
            if (entry)
                widest = Math.max(widest, entry.implicitWidth)
        }
        return widest + leftPadding + rightPadding
    }

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
    delegate: MenuItem {
        id: entry
        readonly property string keys: (entry.action as KeyAction)?.keys ?? ""
        implicitWidth: leftPadding + row.implicitWidth + rightPadding + 8
        contentItem: RowLayout {
            id: row
            spacing: 24
            Label {
                Layout.fillWidth: true
                Layout.leftMargin: entry.checkable && entry.indicator
                                   ? entry.indicator.width + entry.spacing : 0
                objectName: "menuEntryText"
                text: menu.mnemonicText(entry.text)
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
}
