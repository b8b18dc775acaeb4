// A menu action that names its keyboard shortcut (shown by GameMenu; the Shortcut items of the
// window do the work, so that keys also act when no menu is open).
import QtQuick.Controls

Action {
    property string keys: ""
    // one of its menu's exclusive choices (a hint mode, a speed): drawn round, and chosen
    // again it stays chosen (GameMenuItem)
    property bool choice: false
}
