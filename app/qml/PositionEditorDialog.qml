// The position editor: a board to put checkers on (click: a checker of the chosen colour, or
// take one off; drag: move one, to a tray to take it off), and who is on roll, the dice, the
// cube, the match and the opponent. PositionEditor judges every change by the engine's rules;
// the reason of a refusal is shown, and "Play from here" waits until the whole state is legal.
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import app.qml

Dialog {
    id: dialog
    objectName: "positionEditor"
    property real ui: 1.0
    title: qsTr("Edit position")
    modal: true
    padding: 10 * ui
    // Esc and Cancel ask first when something was set up (Esc lost a teacher's set-up without a
    // word: found by a tester)
    closePolicy: Popup.NoAutoClose
    signal leaving()  // Esc or Cancel: PositionTools asks first when something was set up
    property bool asking: false  // that question is open
    Shortcut {
        sequences: [StandardKey.Cancel]
        enabled: dialog.opened && !dialog.asking
        onActivated: dialog.leaving()
    }

    readonly property var names: PositionEditor.names
    readonly property var opponents: ["human", "beginner", "easy", "medium", "hard", "expert"]
    readonly property var cubeValues: [1, 2, 4, 8, 16, 32, 64]

    component Heading: Label {
        textFormat: Text.PlainText
        Layout.fillWidth: true
        Layout.topMargin: 6 * dialog.ui
        font.bold: true
        font.pixelSize: 14 * dialog.ui
        color: "#e0b35a"
        wrapMode: Text.WordWrap
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 6 * dialog.ui
        RowLayout {
            Layout.fillWidth: true
            Layout.fillHeight: true
            spacing: 10 * dialog.ui

            Board {
                id: board
                objectName: "editorBoard"
                Layout.fillWidth: true
                Layout.fillHeight: true
                animateTurning: false
                boardState: PositionEditor.board
                dice: PositionEditor.boardDice
                diceOwner: PositionEditor.onRoll
                movingPlayer: PositionEditor.onRoll
                cubeVisible: PositionEditor.cubeInUse
                cubeValue: PositionEditor.cubeValue
                cubeOwner: PositionEditor.cubeOwner
                draggableLocations: PositionEditor.draggable
                interactive: true
                onLocationClicked: location => PositionEditor.clickLocation(location)
                // quick clicks on one point are each a checker (the second is a double-click)
                onLocationDoubleClicked: location => PositionEditor.clickLocation(location)
                onCheckerDropped: (from, to) => PositionEditor.dropChecker(from, to)
            }

            KeyScrollView {  // (at 150% it scrolls: the control the keys reach comes into sight)
                id: scroll
                objectName: "editorControls"
                Layout.fillHeight: true
                Layout.preferredWidth: Math.min(330 * dialog.ui, dialog.availableWidth * 0.45)
                clip: true
                keyStop: false

                ColumnLayout {
                    // room for the scroll bar at the right: over the spin boxes' arrows it took
                    // their clicks
                    width: scroll.availableWidth - scroll.effectiveScrollBarWidth
                    spacing: 6 * dialog.ui

                    Heading { text: qsTr("Checkers") }
                    Label {
                        textFormat: Text.PlainText
                        Layout.fillWidth: true
                        wrapMode: Text.WordWrap
                        font.pixelSize: 12 * dialog.ui
                        text: qsTr("Click a point to put a checker there; drag a checker to move it, or to its tray to take it off.")
                    }
                    RowLayout {
                        Layout.fillWidth: true
                        Repeater {
                            model: [dialog.names[0], dialog.names[1], qsTr("Remove")]
                            Button {
                                required property int index
                                required property string modelData
                                objectName: "editorTool" + index
                                Layout.fillWidth: true
                                Layout.preferredWidth: 1
                                text: modelData
                                // the chosen one shown from the start: checked buttons of a
                                // group, the three looked unchosen at the first opening (found
                                // by a tester); the choice is the editor's, shown only
                                readonly property bool chosen: PositionEditor.tool === index
                                highlighted: chosen
                                Accessible.checkable: true
                                Accessible.checked: chosen
                                onClicked: PositionEditor.setTool(index)
                            }
                        }
                    }
                    RowLayout {
                        Layout.fillWidth: true
                        Button {
                            objectName: "editorClear"
                            Layout.fillWidth: true
                            Layout.preferredWidth: 1
                            text: qsTr("Clear board")
                            onClicked: PositionEditor.clear()
                        }
                        Button {
                            objectName: "editorStart"
                            Layout.fillWidth: true
                            Layout.preferredWidth: 1
                            text: qsTr("Starting position")
                            onClicked: PositionEditor.startPosition()
                        }
                    }
                    Button {
                        objectName: "editorPaste"
                        Layout.fillWidth: true
                        text: qsTr("Paste Position and Match ID")
                        ToolTip.visible: hovered
                        ToolTip.delay: 600
                        ToolTip.text: qsTr("Set up here the position whose IDs you copied (Ctrl+V); a Position ID alone changes only the checkers.")
                        onClicked: PositionEditor.pasteIds()
                    }

                    Heading { text: qsTr("On roll") }
                    RowLayout {
                        Layout.fillWidth: true
                        Repeater {
                            model: 2
                            GameRadioButton {
                                id: onRollButton
                                required property int index
                                objectName: "editorOnRoll" + index
                                Layout.fillWidth: true
                                text: dialog.names[index] || ""
                                onClicked: PositionEditor.setOnRoll(index)
                                Binding on checked { value: PositionEditor.onRoll === onRollButton.index }
                            }
                        }
                    }
                    GameCheckBox {
                        id: rolledBox
                        objectName: "editorDiceRolled"
                        Layout.fillWidth: true
                        text: qsTr("Dice rolled")
                        onToggled: dialog.setDice()
                        Binding on checked { value: PositionEditor.diceRolled }
                    }
                    RowLayout {
                        Layout.fillWidth: true
                        SpinBox {
                            id: die0
                            objectName: "editorDie0"
                            editable: true  // a digit typed (only the arrows worked)
                            Layout.fillWidth: true
                            Layout.preferredWidth: 1
                            enabled: rolledBox.checked
                            from: 1; to: 6
                            onValueModified: dialog.setDice()
                            Binding on value { when: PositionEditor.diceRolled; value: PositionEditor.dice[0]; restoreMode: Binding.RestoreNone }
                        }
                        SpinBox {
                            id: die1
                            objectName: "editorDie1"
                            editable: true  // a digit typed (only the arrows worked)
                            Layout.fillWidth: true
                            Layout.preferredWidth: 1
                            enabled: rolledBox.checked
                            from: 1; to: 6
                            onValueModified: dialog.setDice()
                            Binding on value { when: PositionEditor.diceRolled; value: PositionEditor.dice[1]; restoreMode: Binding.RestoreNone }
                        }
                    }

                    Heading { text: qsTr("Doubling cube") }
                    GameCheckBox {
                        id: cubeBox
                        objectName: "editorCubeInUse"
                        text: qsTr("Play with the doubling cube")
                        onToggled: dialog.setCube()
                        Binding on checked { value: PositionEditor.cubeInUse }
                    }
                    RowLayout {
                        Layout.fillWidth: true
                        // without the cube, out of reach once it is at 1 in the middle (they
                        // could be set with no cube in play: found by a tester)
                        enabled: PositionEditor.cubeInUse || PositionEditor.cubeValue !== 1
                                 || PositionEditor.cubeOwner !== -1
                        ComboBox {
                            id: cubeValueBox
                            objectName: "editorCubeValue"
                            Layout.preferredWidth: 80 * dialog.ui
                            model: dialog.cubeValues
                            onActivated: dialog.setCube()
                            Binding on currentIndex { value: dialog.cubeValues.indexOf(PositionEditor.cubeValue) }
                        }
                        ComboBox {
                            id: cubeOwnerBox
                            objectName: "editorCubeOwner"
                            Layout.fillWidth: true
                            // -1 in the middle, 0 and 1 the players
                            model: [qsTr("In the middle"), dialog.names[0] || "", dialog.names[1] || ""]
                            onActivated: dialog.setCube()
                            Binding on currentIndex { value: PositionEditor.cubeOwner + 1 }
                        }
                    }

                    Heading { text: qsTr("Match") }
                    GridLayout {
                        Layout.fillWidth: true
                        columns: 2
                        columnSpacing: 8 * dialog.ui
                        Label { text: qsTr("Length"); textFormat: Text.PlainText }
                        SpinBox {
                            id: lengthBox
                            Layout.preferredWidth: 1
                            objectName: "editorLength"
                            Layout.fillWidth: true
                            from: 0; to: PositionEditor.maxLength
                            textFromValue: (value, locale) => value === 0 ? qsTr("A single game")
                                                                          : qsTr("%n point", "%n points", value)
                            // a length typed (only the arrows worked, found by a tester): its
                            // digits, the words around them ignored; none, a single game
                            editable: true
                            valueFromText: (text, locale) => {
                                const digits = /\d+/.exec(text)
                                return digits ? Math.min(to, Number(digits[0])) : 0
                            }
                            validator: RegularExpressionValidator { regularExpression: /\D*\d{0,2}\D*/ }
                            onValueModified: dialog.setMatch()
                            Binding on value { value: PositionEditor.matchLength }
                            // the text shown is made when the value changes: in a new language, anew
                            Connections {
                                target: I18n
                                function onLanguageChanged() {
                                    const shown = lengthBox.value
                                    lengthBox.value = shown === lengthBox.from ? lengthBox.to : lengthBox.from
                                    lengthBox.value = shown
                                }
                            }
                        }
                        Repeater {
                            model: 2
                            delegate: Label {
                                required property int index
                                textFormat: Text.PlainText
                                Layout.row: 1 + index
                                Layout.column: 0
                                text: qsTr("Score of %1").arg(dialog.names[index] || "")
                                wrapMode: Text.Wrap  // a long name takes a second line, never "…"
                                Layout.maximumWidth: scroll.availableWidth * 0.5
                            }
                        }
                        SpinBox {
                            id: score0
                            Layout.preferredWidth: 1
                            objectName: "editorScore0"
                            editable: true  // a digit typed (only the arrows worked)
                            Layout.row: 1; Layout.column: 1
                            Layout.fillWidth: true
                            enabled: lengthBox.value > 0
                            from: 0; to: PositionEditor.maxLength
                            onValueModified: dialog.setMatch()
                            Binding on value { value: PositionEditor.score[0] }
                        }
                        SpinBox {
                            id: score1
                            Layout.preferredWidth: 1
                            objectName: "editorScore1"
                            editable: true  // a digit typed (only the arrows worked)
                            Layout.row: 2; Layout.column: 1
                            Layout.fillWidth: true
                            enabled: lengthBox.value > 0
                            from: 0; to: PositionEditor.maxLength
                            onValueModified: dialog.setMatch()
                            Binding on value { value: PositionEditor.score[1] }
                        }
                    }
                    GameCheckBox {
                        id: crawfordBox
                        objectName: "editorCrawford"
                        text: qsTr("Crawford game")
                        onToggled: dialog.setMatch()
                        Binding on checked { value: PositionEditor.crawford }
                    }

                    Heading { text: qsTr("Opponent") }
                    ComboBox {
                        id: opponentBox
                        objectName: "editorOpponent"
                        Layout.fillWidth: true
                        model: [qsTr("A second player on this computer"), qsTr("Computer: Beginner"),
                                qsTr("Computer: Easy"), qsTr("Computer: Medium"), qsTr("Computer: Hard"),
                                qsTr("Computer: Expert")]
                        onActivated: index => PositionEditor.setOpponent(dialog.opponents[index])
                        Binding on currentIndex { value: dialog.opponents.indexOf(PositionEditor.opponent) }
                    }

                    Item { Layout.fillHeight: true }
                }
            }
        }
        // the refusal and the IDs under both, always in sight (in the scrolled column, at 150%
        // they were below its fold while "Play from here" stood greyed without a word), in room
        // kept for a message of two lines and the IDs: the board above jumped each time one
        // came or went (found by a tester); a longer message takes more
        Item {
            objectName: "editorNotes"
            Layout.fillWidth: true
            implicitHeight: Math.max(2 * noteLine.height + notes.spacing + idsField.implicitHeight,
                                     notes.implicitHeight)
            FontMetrics { id: noteLine; font: messageLabel.font }
            ColumnLayout {
                id: notes
                width: parent.width
                Label {
                    id: messageLabel
                    objectName: "editorMessage"
                    Layout.fillWidth: true
                    visible: text !== ""
                    wrapMode: Text.WordWrap
                    textFormat: Text.PlainText
                    color: "#ffb08a"
                    font.pixelSize: 13 * dialog.ui
                    text: PositionEditor.message
                }
                TextField {
                    id: idsField
                    objectName: "editorIds"
                    Layout.fillWidth: true
                    visible: PositionEditor.idsText !== ""
                    readOnly: true
                    selectByMouse: true
                    font.pixelSize: 12 * dialog.ui
                    // capital I and small l differ in it (an ID copied by hand went wrong: a tester)
                    font.family: "DejaVu Sans Mono"
                    text: PositionEditor.idsText
                }
            }
        }
    }

    footer: DialogButtonBox {
        buttonLayout: DialogButtonBox.GnomeLayout
        DialogChoice {
            objectName: "editorCancel"
            text: qsTr("Cancel")
            Keys.onReturnPressed: click()  // Enter as Space (Qt Quick's buttons take only Space)
            Keys.onEnterPressed: click()
            // not the reject role, which closes at once: the editor may ask first
            DialogButtonBox.buttonRole: DialogButtonBox.ActionRole
            onClicked: dialog.leaving()
        }
        DialogChoice {
            objectName: "editorPlay"
            text: qsTr("Play from here")
            // Enter as Space (a tester's Enter on it did nothing)
            Keys.onReturnPressed: click()
            Keys.onEnterPressed: click()
            highlighted: true
            enabled: PositionEditor.playable
            DialogButtonBox.buttonRole: DialogButtonBox.AcceptRole
        }
    }
    onAccepted: PositionEditor.playFromHere()
    onOpened: scroll.toTop()  // from its heading (it opened where it was left, the heading cut)
    // the window's Ctrl+V sets up a new game; here it sets up the editor's board
    Shortcut { sequences: [StandardKey.Paste]; enabled: dialog.opened; onActivated: PositionEditor.pasteIds() }

    function setDice() { PositionEditor.setDice(rolledBox.checked, die0.value, die1.value) }
    function setCube() {
        PositionEditor.setCube(cubeBox.checked, cubeValues[cubeValueBox.currentIndex],
                               cubeOwnerBox.currentIndex - 1)
    }
    function setMatch() {
        PositionEditor.setMatch(lengthBox.value, score0.value, score1.value, crawfordBox.checked)
    }
}
