// An entry of a game menu (GameMenu makes one for each of its actions and submenus; a Repeater
// in a GameMenu makes them itself): the keyboard shortcut of the entry on its right
// (``KeyAction.keys``) and the underlined letter of a text written with "&" ("&New game…"),
// always shown. In the open menu that letter (or Alt and it) chooses the entry. Up on the first
// entry that can be chosen goes round to the last one and Down on the last to the first, as in
// the menus of desktop programs (Qt Quick's Up there closed the menu).
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import "menus.js" as Menus

MenuItem {
    id: entry
    readonly property string keys: (entry.action as KeyAction)?.keys ?? (entry.subMenu as GameMenu)?.keys ?? ""
    // one of the menu's exclusive choices (a language, a text size): a round mark, and the
    // choice in force chosen again stays chosen (it lost its mark while its setting stayed)
    property bool choice: (entry.action as KeyAction)?.choice ?? false
    autoExclusive: choice
    implicitWidth: leftPadding + row.implicitWidth + rightPadding + 8
    Accessible.name: entry.text.replace(/&(.)/g, "$1")  // said without the "&" of its letter
    // the text with its Alt letter underlined, any markup in it escaped (menus.js)
    function mnemonicText(text) { return Menus.styled(text) }

    function goRound(event, step) {
        const owner = entry.menu
        if (!owner || Menus.nextEntry(owner, owner.currentIndex, step) !== -1) {
            event.accepted = false  // the menu moves as it always does
            return
        }
        const other = Menus.nextEntry(owner, step > 0 ? -1 : owner.count, step)
        if (other !== -1)
            owner.currentIndex = other
    }
    Keys.onUpPressed: (event) => entry.goRound(event, -1)
    Keys.onDownPressed: (event) => entry.goRound(event, 1)

    // the tick (a round dot for one of exclusive choices) drawn in the game's colours, readable
    // on the gold of the entry in hand too (Fusion's turned into a dark square there)
    indicator: Rectangle {
        id: mark
        x: entry.mirrored ? entry.width - width - entry.rightPadding : entry.leftPadding
        y: entry.topPadding + (entry.availableHeight - height) / 2
        visible: entry.checkable
        // as large as the text beside it (at 150% a 14-pixel box looked lost beside it)
        implicitWidth: Math.max(14, Math.round(metrics.height * 0.8))
        implicitHeight: implicitWidth
        radius: entry.choice ? width / 2 : 3
        readonly property color ink: entry.highlighted ? entry.palette.highlightedText : entry.palette.highlight
        color: entry.checked && !entry.choice ? ink : "transparent"
        border.color: ink
        Text {
            anchors.centerIn: parent
            visible: entry.checked && !entry.choice
            text: "\u2713"
            textFormat: Text.PlainText
            color: entry.highlighted ? entry.palette.highlight : entry.palette.highlightedText
            font.bold: true
            font.pixelSize: Math.round(mark.width * 0.85)
        }
        Rectangle {
            anchors.centerIn: parent
            visible: entry.checked && entry.choice
            width: Math.round(mark.width * 0.43)
            height: width
            radius: width / 2
            color: mark.ink
        }
    }
    FontMetrics { id: metrics; font: entry.font }
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
            // dark on the gold of the entry in hand (the light text was 1.6:1 there)
            color: !entry.enabled ? entry.palette.mid
                   : entry.highlighted ? entry.palette.highlightedText : entry.palette.windowText
            font: entry.font
        }
        Label {
            textFormat: Text.PlainText
            visible: entry.keys !== ""
            text: entry.keys
            color: entry.highlighted ? entry.palette.highlightedText : entry.palette.placeholderText
            font: entry.font
        }
        Item {  // room for the arrow of a submenu
            visible: entry.subMenu !== null && entry.arrow !== null
            implicitWidth: entry.arrow ? entry.arrow.width : 0
        }
    }
}
