// Enter answers a question dialog: the button of the dialog in focus, where Tab has put it (Qt
// Quick's buttons take only Space: Enter did nothing there), else the dialog's accepting answer.
import QtQuick
import QtQuick.Controls
import QtQuick.Templates as T

Shortcut {
    id: enter
    required property Dialog dialog
    sequences: ["Return", "Enter"]
    enabled: dialog.opened
    function within(item: Item): bool {
        for (let up = item; up; up = up.parent)
            if (up === enter.dialog.footer || up === enter.dialog.contentItem)
                return true
        return false
    }
    onActivated: {
        const button = enter.dialog.contentItem.Window.activeFocusItem as T.AbstractButton
        if (button && within(button))
            button.click()
        else
            enter.dialog.accept()
    }
}
