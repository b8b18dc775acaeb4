// How to play: moving, bearing off, the cube, and the keys of the game window.
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

Dialog {
    id: dialog
    objectName: "helpDialog"
    property real ui: 1.0
    title: qsTr("How to play")
    modal: true
    focus: true  // the keys go to the dialog, not to the board behind it
    // a button of its own: a standard button keeps the language it was made in
    footer: DialogButtonBox {
        buttonLayout: DialogButtonBox.GnomeLayout  // Cancel at the left: Tab goes as they stand
        DialogChoice { text: qsTr("Close"); DialogButtonBox.buttonRole: DialogButtonBox.RejectRole }
    }

    readonly property var sections: [
        { "title": qsTr("Moving"), "text": qsTr("Roll the dice, then click a checker to pick it up and click the point where it should go (or drag it there). A checker can use both dice at once when the point between is open. Click the picked checker again to put it down. Undo takes back moves until you end your turn.") },
        { "title": qsTr("Ending the turn"), "text": qsTr("When all dice are played, click Done, click the dice or press Enter. With 'Confirm end of turn' switched off in Options, the turn ends with the last die.") },
        { "title": qsTr("Bearing off"), "text": qsTr("Once all fifteen checkers are in your home board, double-click a checker, or drag it to the tray beside your home board, to bear it off.") },
        { "title": qsTr("The doubling cube"), "text": qsTr("Before rolling you may double (D) when the cube is in use and the rules allow it; the button says why when they do not. The opponent takes (T) and owns the cube, or passes (P) and loses the game at the value before the double.") },
        { "title": qsTr("Resigning"), "text": qsTr("Game > Resign gives up a single game, a gammon or a backgammon; the computer accepts only what its chances are worth, otherwise you play on. When the computer can no longer win, it offers to resign: accept, or play on.") },
        { "title": qsTr("History and statistics"), "text": qsTr("The arrows under the move list, or Ctrl+Left and Ctrl+Right, step through every position of the match (Ctrl+Home: the first); click a line of the move list to see its position. Nothing can be moved there; Esc or 'Back to the game' returns. Game > Statistics shows your games and matches per opponent over time.") },
        { "title": qsTr("Learning from your games"), "text": qsTr("Game > Hint (Ctrl+H) lists the best plays for your roll, each with its equity and what it loses against the best; click one to see it on the board. Before you roll it says whether to double, and when you are doubled whether to take or pass. Game > Winning chances (Ctrl+Shift+H) shows both sides' chances. Options > Tutor warns before a play or a cube decision that loses more than you choose, and offers to undo and rethink, to show the best play, or to play anyway. Game > Analysis judges every decision of the game or match and the luck of every roll; Game > Dice report counts the rolls.") },
        { "title": qsTr("Positions and matches"), "text": qsTr("Edit > Copy Position and Match ID (Ctrl+C) puts the position on the clipboard as GNU Backgammon writes it; Paste (Ctrl+V) sets up a copied position as a new game. Edit > Edit position (Ctrl+E) puts the checkers where you want them and sets the dice, the cube, the score and who is on roll, and the game goes on from there; Ctrl+V in the editor puts a copied position on its board. Edit > Import and Export (Ctrl+O, Ctrl+S) read and write matches as .mat files, as other backgammon programs do.") },
        { "title": qsTr("Playing by keyboard"), "text": qsTr("Tab goes from the board to the buttons and back. On the board, the arrow keys move the focus ring over the points, the bars and the trays (Home and End: the ends of a row); Space or Enter picks up the checker in focus and puts it on the point in focus, or in the tray to bear it off; Esc puts it down again. A screen reader says each point and its checkers, the dice, the cube, and what happens. In the lessons, Page Down and Page Up, or Ctrl+Right and Ctrl+Left, go to the next and the previous step; Esc in a lesson goes to the list of lessons (the lesson stays as it is), and from the list closes the lessons.") },
        { "title": qsTr("Board and text size"), "text": qsTr("Options > Board chooses the look of the board, among them a high-contrast board, and can put a mark on the black checkers so that they differ by more than colour (always on in high contrast). Options > Text size makes the texts beside the board and in the dialogs larger (a window lower than 720 pixels shows them at 125% at most).") },
        { "title": qsTr("Keys"), "text": qsTr("R or Space: roll. Enter: end the turn, or the next game of a match. Ctrl+Z or Backspace: undo. D: double. T: take. P: pass. H: move hints. Ctrl+H: hint. Ctrl+Shift+H: winning chances. Ctrl+C, Ctrl+V: copy, paste the position. Ctrl+E: edit a position. Ctrl+O, Ctrl+S: import, export a match. Ctrl+Left, Ctrl+Right: history. Esc: back to the game. Ctrl+N: new game. Ctrl+L: lessons. F1: this help. F10, or Alt and a menu's underlined letter: the menus. Ctrl+Q: quit.") }
    ]

    // from the top, the keys scrolling it at once (it opened where it was left: after a
    // switch of language the first heading was hidden, found by a tester)
    onOpened: {
        scroll.toTop()
        scroll.forceActiveFocus()
    }

    KeyScrollView {
        id: scroll
        objectName: "helpScroll"
        anchors.fill: parent
        focus: true
        line: 40 * dialog.ui
        // in sight, so that the sections below are known to be there (it showed only while
        // scrolling, and the help seemed to end at the fold)
        ScrollBar.vertical.policy: ScrollBar.AlwaysOn
        ColumnLayout {
            width: scroll.availableWidth - scroll.effectiveScrollBarWidth - 6 * dialog.ui
            spacing: 12 * dialog.ui
            Repeater {
                model: dialog.sections
                ColumnLayout {
                    id: section
                    required property var modelData
                    Layout.fillWidth: true
                    spacing: 4 * dialog.ui
                    Label {
                        textFormat: Text.PlainText
                        text: section.modelData.title
                        font.bold: true
                        font.pixelSize: 16 * dialog.ui
                    }
                    Label {
                        textFormat: Text.PlainText
                        Layout.fillWidth: true
                        text: section.modelData.text
                        wrapMode: Text.WordWrap
                        font.pixelSize: 14 * dialog.ui
                    }
                }
            }
        }
    }
}
