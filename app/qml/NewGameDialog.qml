// The new-game dialog: opponent, single game or match length, cube, Crawford rule and names.
// It opens with the choices made last time (kept in Settings); the opponents and lengths on offer
// are the program's (Settings.opponents, Settings.matchLengths).
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import app.qml

Dialog {
    id: dialog
    objectName: "newGameDialog"
    property real ui: 1.0
    property var levelNames: ({})
    title: qsTr("New game")
    modal: true
    focus: true  // the keys go to the dialog, not to the board behind it
    // as wide as its longest line needs (Dutch: "Niet verdubbelen in het Crawford-spel" ran
    // over the edge), at most 90% of the window
    width: Math.min(Math.max(480 * ui, implicitContentWidth + leftPadding + rightPadding),
                    parent ? parent.width * 0.9 : 480)
    padding: 18 * ui

    readonly property var opponents: Settings.opponents
    readonly property var lengths: Settings.matchLengths

    onAboutToShow: {
        const d = Settings.newGameDefaults
        opponentBox.currentIndex = Math.max(0, opponents.indexOf(d.opponent))
        lengthBox.currentIndex = Math.max(0, lengths.indexOf(d.matchLength))
        cubeBox.checked = d.cube
        crawfordBox.checked = d.crawford
        name0Field.text = d.name0
        name1Field.text = d.opponent === "human" ? d.name1 : ""
    }

    // the keys on the first choice, its ring in sight (they were on the dialog itself, no
    // choice showing where Tab would go: found by a tester); Enter still starts the game
    onOpened: opponentBox.forceActiveFocus(Qt.TabFocusReason)

    Shortcut {  // Enter starts the game from any field of the dialog
        sequences: ["Return", "Enter"]
        enabled: dialog.opened
        onActivated: dialog.start()
    }

    function start() {
        GameFlow.newGame({
            "opponent": opponents[opponentBox.currentIndex],
            "matchLength": lengths[lengthBox.currentIndex],
            "cube": cubeBox.checked,
            "crawford": crawfordBox.checked,
            "name0": name0Field.text,
            "name1": name1Field.text
        })
        close()
    }

    GridLayout {
        anchors.fill: parent
        columns: 2
        columnSpacing: 14 * dialog.ui
        rowSpacing: 10 * dialog.ui

        Label { textFormat: Text.PlainText; text: qsTr("Opponent") }
        ComboBox {
            id: opponentBox
            objectName: "opponentBox"
            Layout.fillWidth: true
            model: dialog.opponents.map(key => key === "human"
                                        ? qsTr("A second player on this computer")
                                        : qsTr("Computer: %1").arg(dialog.levelNames[key] || key))
        }
        Label { textFormat: Text.PlainText; text: qsTr("Play") }
        ComboBox {
            id: lengthBox
            objectName: "lengthBox"
            Layout.fillWidth: true
            model: dialog.lengths.map(length => length === 0 ? qsTr("A single game")
                                                             : qsTr("Match to %n point", "Match to %n points", length))
        }
        Label { textFormat: Text.PlainText; text: qsTr("Doubling cube") }
        GameCheckBox {
            id: cubeBox
            objectName: "cubeBox"
            text: qsTr("Play with the doubling cube")
        }
        Label { textFormat: Text.PlainText; text: qsTr("Crawford rule") }
        GameCheckBox {
            id: crawfordBox
            objectName: "crawfordBox"
            enabled: lengthBox.currentIndex > 0 && cubeBox.checked  // the rule is about the cube
            text: qsTr("No doubling in the Crawford game")
        }
        Label { textFormat: Text.PlainText; text: qsTr("White") }
        TextField {
            id: name0Field
            objectName: "name0Field"
            Layout.fillWidth: true
            maximumLength: 40
            placeholderText: qsTr("White")
        }
        Label { textFormat: Text.PlainText; text: opponentBox.currentIndex === 0 ? qsTr("Black") : qsTr("Computer") }
        TextField {
            id: name1Field
            objectName: "name1Field"
            Layout.fillWidth: true
            maximumLength: 40
            placeholderText: opponentBox.currentIndex === 0 ? qsTr("Black") : qsTr("Computer")
        }
        RowLayout {
            Layout.columnSpan: 2
            Layout.alignment: Qt.AlignRight
            Layout.topMargin: 8 * dialog.ui
            spacing: 10 * dialog.ui
            Button {
                objectName: "cancelNewGameButton"
                text: qsTr("Cancel")
                onClicked: dialog.close()
            }
            Button {
                objectName: "startGameButton"
                text: qsTr("Start")
                highlighted: true
                onClicked: dialog.start()
            }
        }
    }
}
