// The dice report of a game or of the whole match: per player the rolls against fair dice,
// doubles, entering and hitting chances, the fairness test in words and the luck; the count of
// each of the 21 rolls; the match's dice seed and a replay of the match on the same dice.
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import app.qml

Dialog {
    id: dialog
    objectName: "diceDialog"
    title: qsTr("Dice report")
    modal: true
    property real ui: 1.0
    signal replayed()  // a new match on the same dice: what showed the old one closes too
    // a button of its own: a standard button keeps the language it was made in
    footer: DialogButtonBox {
        buttonLayout: DialogButtonBox.GnomeLayout  // Cancel at the left: Tab goes as they stand
        DialogChoice { text: qsTr("Close"); DialogButtonBox.buttonRole: DialogButtonBox.RejectRole }
    }
    onAboutToShow: DiceReportView.refresh()

    // Labels of the table per player, one row each (the values come from DiceReportView).
    readonly property var rowLabels: [qsTr("Rolls"), qsTr("Doubles"), qsTr("Entering from the bar"),
                                      qsTr("Hitting a blot"), qsTr("Luck (from the analysis)"),
                                      qsTr("Are the dice fair?")]
    readonly property var rowKeys: ["rolls", "doubles", "entering", "hitting", "luck", "verdict"]

    ScrollView {
        id: scroll
        anchors.fill: parent
        clip: true
        contentWidth: availableWidth

        ColumnLayout {
            width: scroll.availableWidth - scroll.effectiveScrollBarWidth
            spacing: 8 * dialog.ui

            RowLayout {
                Layout.fillWidth: true
                visible: !DiceReportView.single
                Label { text: qsTr("Report on"); textFormat: Text.PlainText }
                ComboBox {
                    objectName: "diceScope"
                    Layout.fillWidth: true
                    model: {
                        const out = [qsTr("The whole match")]
                        for (let g = 1; g <= DiceReportView.games; ++g) out.push(qsTr("Game %1").arg(g))
                        return out
                    }
                    currentIndex: DiceReportView.game
                    onActivated: index => DiceReportView.setGame(index)
                }
            }

            GridLayout {
                objectName: "diceTable"
                Layout.fillWidth: true
                columns: 3
                columnSpacing: 14 * dialog.ui
                rowSpacing: 4 * dialog.ui
                Label { text: ""; textFormat: Text.PlainText }
                Repeater {
                    model: DiceReportView.players
                    delegate: Label {
                        required property var modelData
                        Layout.fillWidth: true
                        Layout.preferredWidth: 1
                        text: modelData.name
                        textFormat: Text.PlainText
                        font.bold: true
                    }
                }
                Repeater {
                    model: dialog.rowKeys.length * 3
                    delegate: Label {
                        required property int index
                        readonly property int row: Math.floor(index / 3)
                        readonly property int column: index % 3
                        objectName: "diceCell_" + dialog.rowKeys[row] + "_" + column
                        Layout.row: row + 1
                        Layout.column: column
                        Layout.fillWidth: column > 0
                        Layout.preferredWidth: column > 0 ? 1 : -1
                        Layout.maximumWidth: column === 0 ? 200 * dialog.ui : -1
                        text: column === 0 ? dialog.rowLabels[row]
                              : (DiceReportView.players[column - 1] || {})[dialog.rowKeys[row]] || ""
                        font.bold: column === 0
                        wrapMode: Text.WordWrap
                        textFormat: Text.PlainText
                    }
                }
            }

            Label {
                textFormat: Text.PlainText
                text: qsTr("Each roll: how often it came (expected with fair dice)")
                font.bold: true
                Layout.fillWidth: true
                wrapMode: Text.WordWrap
            }
            GridLayout {
                objectName: "rollCounts"
                Layout.fillWidth: true
                columns: Math.max(2, Math.floor(scroll.availableWidth / (200 * dialog.ui)))
                columnSpacing: 12 * dialog.ui
                rowSpacing: 1
                flow: GridLayout.LeftToRight
                Repeater {
                    model: DiceReportView.counts
                    delegate: Label {
                        required property var modelData
                        required property int index
                        objectName: "rollCount_" + modelData.roll
                        textFormat: Text.PlainText
                        Layout.fillWidth: true
                        text: modelData.roll + ":  " + modelData.values[0] + " · " + modelData.values[1]
                        font.family: "DejaVu Sans Mono"
                        font.pixelSize: 12 * dialog.ui
                    }
                }
            }
            Label {
                Layout.fillWidth: true
                wrapMode: Text.WordWrap
                color: "#d8c7a6"
                text: qsTr("First figure: %1; second: %2. Opening rolls (one die each) are not counted.").arg(DiceReportView.players.length ? DiceReportView.players[0].name : "")
                      .arg(DiceReportView.players.length ? DiceReportView.players[1].name : "")
                textFormat: Text.PlainText
            }

            RowLayout {
                Layout.fillWidth: true
                spacing: 10 * dialog.ui
                Label {
                    objectName: "diceSeed"
                    textFormat: Text.PlainText
                    Layout.fillWidth: true
                    wrapMode: Text.WordWrap
                    text: DiceReportView.canReplay
                          ? (DiceReportView.single ? qsTr("The dice of this game come from the seed %1.")
                                                   : qsTr("The dice of this match come from the seed %1.")).arg(DiceReportView.seed)
                          : DiceReportView.setUp
                          ? (DiceReportView.single ? qsTr("This game began from a set-up position: its dice cannot be dealt again from its start.")
                                                   : qsTr("This match began from a set-up position: its dice cannot be dealt again from its start."))
                          : DiceReportView.single ? qsTr("These dice were not dealt from a seed here (a game read from a file).")
                          : qsTr("These dice were not dealt from a seed here (a match read from a file).")
                }
                Button {
                    objectName: "replayDiceButton"
                    text: qsTr("Replay with these dice")
                    enabled: DiceReportView.canReplay
                    // asked first, a finished match too: the new match replaces it and its
                    // analysis (a tester lost an analysed match so)
                    onClicked: confirmReplay.open()
                }
            }
        }
    }

    TextDialog {
        id: confirmReplay
        objectName: "confirmReplayDialog"
        title: qsTr("Replay with these dice")
        room: dialog.width
        ui: dialog.ui
        widest: 460
        text: DiceReportView.single
              ? (MatchView.matchInProgress
                 ? qsTr("Leave the game in progress and play a new one on the same dice?")
                 : qsTr("Play a new game on the same dice? It replaces this one and its analysis: export it first (Edit menu) to keep it."))
              : MatchView.matchInProgress
              ? qsTr("Leave the match in progress and play a new one on the same dice?")
              : qsTr("Play a new match on the same dice? It replaces this one and its analysis: export this match first (Edit menu) to keep it.")
        footer: DialogButtonBox {
            buttonLayout: DialogButtonBox.GnomeLayout  // Cancel at the left: Tab goes as they stand
            DialogChoice {
                objectName: "confirmReplayButton"
                text: qsTr("Replay")
                DialogButtonBox.buttonRole: DialogButtonBox.AcceptRole
                onClicked: { DiceReportView.replay(); confirmReplay.close(); dialog.close(); dialog.replayed() }
            }
            DialogChoice {
                text: qsTr("Cancel")
                DialogButtonBox.buttonRole: DialogButtonBox.RejectRole
                onClicked: confirmReplay.close()
            }
        }
    }
}
