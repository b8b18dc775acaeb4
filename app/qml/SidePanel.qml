// The panel beside the board: both players (pips, score, who is on roll), the match, the cube,
// what happened last, and the actions of the turn.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import app.qml

Rectangle {
    id: panel
    property real ui: 1.0
    property var levelNames: ({})
    property var hintNames: []
    signal newGameRequested()
    radius: 12 * ui
    color: "#3a281b"
    border.color: "#5c4330"

    component PlayerCard: Rectangle {
        id: card
        property int player: 0
        readonly property bool active: Game.phase === "double" ? Game.onRoll !== player
                                                               : Game.onRoll === player
        objectName: "playerCard" + player
        Layout.fillWidth: true
        implicitHeight: cardColumn.implicitHeight + 20 * panel.ui
        radius: 10 * panel.ui
        color: active ? "#5a3f28" : "#2e2016"
        border.color: active ? "#e0b35a" : "#4b3626"
        border.width: active ? 2 : 1
        ColumnLayout {
            id: cardColumn
            anchors.fill: parent
            anchors.margins: 10 * panel.ui
            spacing: 4 * panel.ui
            RowLayout {
                spacing: 8 * panel.ui
                Rectangle {
                    width: 22 * panel.ui; height: width; radius: width / 2
                    color: card.player === 0 ? "#f4f0e6" : "#2d2a28"
                    border.color: card.player === 0 ? "#b8ae98" : "#000000"
                    border.width: 2
                }
                Label {
                    Layout.fillWidth: true
                    text: Game.names[card.player] || ""
                    elide: Text.ElideRight
                    color: "#f6ead2"
                    font.pixelSize: 17 * panel.ui
                    font.bold: true
                }
                Label {
                    objectName: "score" + card.player
                    visible: Game.matchLength > 0
                    text: String(Game.score[card.player])
                    color: "#e0b35a"
                    font.pixelSize: 22 * panel.ui
                    font.bold: true
                }
            }
            Label {
                text: {
                    let who = Game.computerPlayer === card.player
                              ? qsTr("Computer (%1)").arg(panel.levelNames[Game.level] || "")
                              : qsTr("Player")
                    return who + " · " + qsTr("%1 pips").arg(Game.pips[card.player])
                }
                objectName: "pips" + card.player
                color: "#d8c7a6"
                font.pixelSize: 13 * panel.ui
            }
            Label {
                visible: card.active && Game.phase !== "game_over" && Game.phase !== "match_over"
                text: Game.phase === "double" ? qsTr("Decides on the double")
                      : Game.thinking && Game.computerPlayer === card.player ? qsTr("Thinking…")
                      : qsTr("On roll")
                color: "#f0c46c"
                font.pixelSize: 13 * panel.ui
                font.italic: true
            }
        }
    }

    ColumnLayout {
        anchors.fill: parent
        anchors.margins: 12 * panel.ui
        spacing: 10 * panel.ui

        PlayerCard { player: Game.turned ? 0 : 1 }  // the player at the top of the board

        // Match and cube
        Label {
            objectName: "matchLabel"
            Layout.fillWidth: true
            horizontalAlignment: Text.AlignHCenter
            wrapMode: Text.WordWrap
            text: {
                let t = Game.matchLength > 0 ? qsTr("Match to %1 points").arg(Game.matchLength)
                                             : qsTr("Single game")
                if (Game.crawfordGame) t += " · " + qsTr("Crawford game")
                if (Game.cubeEnabled && !Game.crawfordGame)
                    t += " · " + qsTr("Cube %1").arg(Game.cubeValue)
                return t
            }
            color: "#f6ead2"
            font.pixelSize: 14 * panel.ui
        }

        PlayerCard { player: Game.turned ? 1 : 0 }

        // What happened
        Rectangle {
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.minimumHeight: 90 * panel.ui
            radius: 8 * panel.ui
            color: "#2a1d14"
            border.color: "#4b3626"
            ColumnLayout {
                anchors.fill: parent
                anchors.margins: 10 * panel.ui
                spacing: 6 * panel.ui
                RowLayout {
                    Layout.fillWidth: true
                    BusyIndicator {
                        objectName: "thinkingIndicator"
                        visible: Game.thinking
                        running: Game.thinking
                        Layout.preferredWidth: 26 * panel.ui
                        Layout.preferredHeight: 26 * panel.ui
                    }
                    Label {
                        objectName: "statusLabel"
                        Layout.fillWidth: true
                        text: Game.status
                        wrapMode: Text.WordWrap
                        color: "#f6ead2"
                        font.pixelSize: 14 * panel.ui
                    }
                }
                Label {
                    objectName: "lastPlayLabel"
                    Layout.fillWidth: true
                    visible: Game.lastPlay !== ""
                    text: Game.lastPlay
                    wrapMode: Text.WordWrap
                    color: "#d8c7a6"
                    font.pixelSize: 13 * panel.ui
                    font.family: "DejaVu Sans Mono"
                }
                ListView {
                    id: moves
                    objectName: "moveList"
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    clip: true
                    model: Game.moveList
                    spacing: 2 * panel.ui
                    onCountChanged: positionViewAtEnd()
                    delegate: Label {
                        required property string modelData
                        required property int index
                        width: moves.width
                        text: modelData
                        elide: Text.ElideRight
                        color: index === moves.count - 1 ? "#f6ead2" : "#b9a888"
                        font.pixelSize: 12.5 * panel.ui
                        font.family: "DejaVu Sans Mono"
                    }
                }
            }
        }

        // Actions
        GridLayout {
            Layout.fillWidth: true
            columns: 2
            columnSpacing: 8 * panel.ui
            rowSpacing: 8 * panel.ui
            GameButton {
                objectName: "rollButton"
                Layout.fillWidth: true
                Layout.preferredWidth: 1
                Layout.columnSpan: Game.cubeEnabled ? 1 : 2
                ui: panel.ui
                primary: true
                text: qsTr("Roll")
                hint: qsTr("Roll the dice (R or Space)")
                enabled: Game.canRoll
                onClicked: Game.roll()
            }
            GameButton {
                objectName: "doubleButton"
                Layout.fillWidth: true
                Layout.preferredWidth: 1
                visible: Game.cubeEnabled
                ui: panel.ui
                text: qsTr("Double")
                hint: qsTr("Offer a double before rolling (D)")
                enabled: Game.canDouble
                onClicked: Game.double()
            }
            GameButton {
                objectName: "undoButton"
                Layout.fillWidth: true
                Layout.preferredWidth: 1
                ui: panel.ui
                text: qsTr("Undo")
                hint: qsTr("Take back the last move (Ctrl+Z or Backspace)")
                enabled: Game.canUndo
                onClicked: Game.undo()
            }
            GameButton {
                objectName: "confirmButton"
                Layout.fillWidth: true
                Layout.preferredWidth: 1
                ui: panel.ui
                text: qsTr("Done")
                hint: qsTr("Confirm the end of your turn (Enter)")
                enabled: Game.canConfirm
                onClicked: Game.confirm()
            }
            GameButton {
                objectName: "hintButton"
                Layout.fillWidth: true
                Layout.columnSpan: 2
                ui: panel.ui
                text: panel.hintNames[Game.hintMode] || ""
                hint: qsTr("Move hints: off, checkers, checkers and points (H)")
                onClicked: Game.cycleHintMode()
            }
            GameButton {
                objectName: "newGameButton"
                Layout.fillWidth: true
                Layout.columnSpan: 2
                ui: panel.ui
                text: qsTr("New game")
                hint: qsTr("Start a new game or match (Ctrl+N)")
                onClicked: panel.newGameRequested()
            }
        }
    }
}
