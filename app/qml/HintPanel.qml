// The hint below the board: the best plays (equity, loss against the best, win / gammon /
// backgammon chances), the cube action, or take or pass; a play's line, clicked, shows it on the
// board, and double-clicked plays it (by keys: Tab to the list, Up and Down, Enter). It shows
// what Coach works out and asks nothing itself.
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import app.qml

Rectangle {
    id: panel
    objectName: "hintPanel"
    property real ui: 1.0
    // the most it may take of the height (the board above keeps the rest): past it, the lines,
    // the summary and the rollout's figures scroll (at 150% a rollout left the board a third)
    property real maxHeight: 1e6
    readonly property bool plays: Coach.kind === "plays"
    // a rollout done: its figures come into sight (below the plays, past the fold at 150%)
    readonly property bool rolling: RolloutView.running
    onRollingChanged: if (!rolling && RolloutView.text !== "") figuresInSight.restart()
    Timer {  // once the figures' last lines are laid out
        id: figuresInSight
        interval: 50
        onTriggered: body.show(rolloutText)
    }
    readonly property real fontSize: 13 * ui
    // every line's columns line up with the header's
    readonly property real equityWidth: Math.max(equityHead.implicitWidth, numbers.width) + 8 * ui
    readonly property real lossWidth: Math.max(lossHead.implicitWidth, numbers.width) + 8 * ui
    readonly property real winWidth: Math.max(winHead.implicitWidth, percents.width) + 8 * ui
    readonly property real gammonWidth: Math.max(gammonHead.implicitWidth, percents.width) + 8 * ui
    readonly property real bgWidth: Math.max(bgHead.implicitWidth, percents.width) + 8 * ui
    implicitHeight: column.implicitHeight + 16 * ui
    radius: 10 * ui
    color: "#f02a1d14"
    border.color: "#e0b35a"
    border.width: 1

    TextMetrics { id: numbers; font.pixelSize: panel.fontSize; font.family: "DejaVu Sans Mono"; text: "\u2212" + "0.000" }
    TextMetrics { id: percents; font.pixelSize: panel.fontSize; font.family: "DejaVu Sans Mono"; text: "100.0 %" }

    component Cell: Label {
        color: "#f6ead2"
        font.pixelSize: panel.fontSize
        font.family: "DejaVu Sans Mono"
        horizontalAlignment: Text.AlignRight
        textFormat: Text.PlainText
    }
    component Head: Label {
        textFormat: Text.PlainText
        color: "#d8c7a6"
        font.pixelSize: panel.fontSize * 0.9
        horizontalAlignment: Text.AlignRight
    }

    ColumnLayout {
        id: column
        anchors.fill: parent
        anchors.margins: 8 * panel.ui
        spacing: 4 * panel.ui

        RowLayout {
            id: titleRow
            Layout.fillWidth: true
            spacing: 8 * panel.ui
            Label {
                objectName: "hintTitle"
                Layout.fillWidth: true
                text: Coach.title
                wrapMode: Text.WordWrap
                textFormat: Text.PlainText
                color: "#e0b35a"
                font.pixelSize: 15 * panel.ui
                font.bold: true
            }
            GameButton {
                objectName: "hintCloseButton"
                ui: panel.ui * 0.8
                text: qsTr("Close")
                hint: qsTr("Close the hint (Esc)")
                onClicked: Coach.close()
            }
        }

        // the lines and what is said of them scroll past the panel's room (by keys too)
        KeyScrollView {
            id: body
            objectName: "hintBody"
            Layout.fillWidth: true
            Layout.preferredHeight: bodyColumn.implicitHeight
            Layout.maximumHeight: Math.max(60 * panel.ui, panel.maxHeight - 16 * panel.ui
                                           - titleRow.implicitHeight - column.spacing
                                           - (rolloutRow.visible ? rolloutRow.implicitHeight + column.spacing : 0))
            clip: true
            line: 24 * panel.ui
            ColumnLayout {
                id: bodyColumn
                width: body.textWidth
                spacing: 4 * panel.ui
                RowLayout {  // the header of the lines
                    Layout.fillWidth: true
                    // the lines' own margin where the difference is the last column (the cube's
                    // table: "Verschil" touched the panel's edge); the plays' last header has it
                    Layout.rightMargin: panel.plays ? 0 : 6 * panel.ui
                    visible: Coach.rows.length > 0
                    spacing: 0
                    Head {
                        Layout.fillWidth: true
                        horizontalAlignment: Text.AlignLeft
                        leftPadding: 6 * panel.ui
                        //: the column of the checker plays in the hint (a play, not the verb)
                        text: panel.plays ? qsTranslate("hint", "Play") : qsTr("Action")
                    }
                    Head { id: equityHead; Layout.preferredWidth: panel.equityWidth; text: qsTr("Equity") }
                    Head {
                        id: lossHead
                        Layout.preferredWidth: panel.lossWidth
                        // "Loss" beside "Win" read as the chance of losing (Danish "Tab" beside "Sejr")
                        //: the equity a play gives away against the best (as GNU Backgammon's "Diff."), not a chance
                        text: qsTr("Diff.")
                    }
                    Head { id: winHead; visible: panel.plays; Layout.preferredWidth: panel.winWidth; text: qsTr("Win") }
                    Head { id: gammonHead; visible: panel.plays; Layout.preferredWidth: panel.gammonWidth; text: qsTr("Gammon") }
                    Head {
                        id: bgHead
                        visible: panel.plays
                        Layout.preferredWidth: panel.bgWidth
                        rightPadding: 6 * panel.ui
                        text: qsTr("Backgammon")
                    }
                }

                Repeater {
                    id: lineRepeater
                    model: Coach.rows
                    Rectangle {
                        id: line
                        required property var modelData
                        required property int index
                        readonly property bool chosen: panel.plays && Coach.selected === index
                        objectName: "hintLine" + index
                        Layout.fillWidth: true
                        implicitHeight: cells.implicitHeight + 4 * panel.ui
                        radius: 4 * panel.ui
                        color: chosen ? "#6a4d33" : lineMouse.containsMouse && panel.plays ? "#4a3828" : "transparent"
                        border.color: chosen ? (playKeys.activeFocus ? "#7fd4ff" : "#e0b35a") : "transparent"
                        border.width: chosen && playKeys.activeFocus ? 2 : 1
                        RowLayout {
                            id: cells
                            anchors.fill: parent
                            anchors.leftMargin: 6 * panel.ui
                            anchors.rightMargin: 6 * panel.ui
                            spacing: 0
                            Cell {
                                objectName: "hintLabel" + line.index
                                Layout.fillWidth: true
                                horizontalAlignment: Text.AlignLeft
                                text: line.modelData.rank + line.modelData.label
                                font.bold: line.modelData.best
                                wrapMode: Text.Wrap
                            }
                            Cell { Layout.preferredWidth: panel.equityWidth; text: line.modelData.equity; font.bold: line.modelData.best }
                            Cell { Layout.preferredWidth: panel.lossWidth; text: line.modelData.loss }
                            Cell { visible: panel.plays; Layout.preferredWidth: panel.winWidth; text: line.modelData.win }
                            Cell { visible: panel.plays; Layout.preferredWidth: panel.gammonWidth; text: line.modelData.gammon }
                            Cell { visible: panel.plays; Layout.preferredWidth: panel.bgWidth - 6 * panel.ui; text: line.modelData.backgammon }
                        }
                        MouseArea {
                            id: lineMouse
                            anchors.fill: parent
                            enabled: panel.plays
                            hoverEnabled: true
                            cursorShape: panel.plays ? Qt.PointingHandCursor : Qt.ArrowCursor
                            onClicked: Coach.showLine(line.index)
                            onDoubleClicked: Coach.playLine(line.index)
                        }
                    }
                }
                Label {
                    objectName: "hintSummary"
                    Layout.fillWidth: true
                    visible: text !== ""
                    text: Coach.summary
                    wrapMode: Text.WordWrap
                    textFormat: Text.PlainText
                    color: "#d8c7a6"
                    font.pixelSize: 12.5 * panel.ui
                }

                // a rollout of the position before the roll, or of the first plays of the roll:
                // the figures as they come
                Label {
                    // the figures change as they come: the text keeps the height it reached, so
                    // that the board above does not jump with every line that comes and goes
                    property real tallest: 0
                    id: rolloutText
                    objectName: "rolloutText"
                    visible: text !== ""
                    Layout.fillWidth: true
                    Layout.minimumHeight: tallest
                    onImplicitHeightChanged: tallest = RolloutView.text === "" ? 0 : Math.max(tallest, implicitHeight)
                    onTextChanged: if (RolloutView.text === "") tallest = 0
                    text: RolloutView.text
                    wrapMode: Text.WordWrap
                    textFormat: Text.PlainText
                    color: "#d8c7a6"
                    font.pixelSize: 12.5 * panel.ui
                }
            }
        }

        // The plays by keys (outside the scrolled lines: Qt's Tab passed a scrolled view by once
        // something inside it had had the keys): Tab reaches the list, Up and Down show the play above or below on
        // the board (as a click on its line), Enter plays it (as a double click). A screen
        // reader hears the play chosen.
        Item {
            id: playKeys
            objectName: "hintPlayKeys"
            Layout.fillWidth: true
            Layout.preferredHeight: 0
            Layout.topMargin: -column.spacing  // takes no room of its own
            activeFocusOnTab: true  // (only while the panel shows plays: it is hidden otherwise)
            visible: panel.plays && Coach.rows.length > 0
            readonly property var chosen: Coach.rows[Math.max(0, Coach.selected)]
            Accessible.role: Accessible.List
            Accessible.name: qsTr("Best plays")
            Accessible.description: chosen ? chosen.rank + chosen.label + " " + chosen.equity : ""
            function step(by: int) {
                const last = Coach.rows.length - 1
                const index = Math.max(0, Math.min(last, Coach.selected < 0 ? 0 : Coach.selected + by))
                Coach.showLine(index)
                body.show(lineRepeater.itemAt(index))
            }
            // before the window's own keys (the arrows move on the board; Enter ends the turn
            // once a play is made, when the board no longer shows the arrows of the hint's)
            Keys.onShortcutOverride: (event) => {
                const enter = event.key === Qt.Key_Return || event.key === Qt.Key_Enter
                event.accepted = [Qt.Key_Up, Qt.Key_Down, Qt.Key_Home, Qt.Key_End, Qt.Key_PageUp,
                                  Qt.Key_PageDown].includes(event.key)
                                 || (enter && Coach.arrows.length > 0)
            }
            Keys.onUpPressed: playKeys.step(-1)
            Keys.onDownPressed: playKeys.step(1)
            // Home and End: the first and the last play; Page Down and Page Up scroll what is
            // said below the plays (the rollout's figures: a tester looked for them by End)
            Keys.onPressed: (event) => {
                if (event.key === Qt.Key_Home || event.key === Qt.Key_End) {
                    playKeys.step(event.key === Qt.Key_Home ? -Coach.rows.length : Coach.rows.length)
                    event.accepted = true
                } else if (event.key === Qt.Key_PageUp || event.key === Qt.Key_PageDown) {
                    event.accepted = body.scrollBy(event.key)
                }
            }
            Keys.onReturnPressed: Coach.playLine(Math.max(0, Coach.selected))
            Keys.onEnterPressed: Coach.playLine(Math.max(0, Coach.selected))
        }

        // the rollout's button, and its progress beside it: their room is kept while a rollout
        // can be made and stays, the bar dimmed, while stopped or done, so that neither the
        // board above nor the button moves when a rollout starts, stops or goes on
        RowLayout {
            id: rolloutRow
            Layout.fillWidth: true
            visible: RolloutView.available || RolloutView.text !== "" || RolloutView.running
                     || RolloutView.progress > 0
            spacing: 8 * panel.ui
            Rectangle {  // the rollout's progress
                objectName: "rolloutProgress"
                readonly property bool shown: RolloutView.running || RolloutView.progress > 0
                Layout.fillWidth: true
                Layout.alignment: Qt.AlignVCenter
                implicitHeight: 4 * panel.ui
                radius: 2 * panel.ui
                color: shown ? "#4a3828" : "transparent"
                Rectangle {
                    width: parent.width * RolloutView.progress
                    height: parent.height
                    radius: parent.radius
                    color: RolloutView.running ? "#e0b35a" : "#8a6d3b"
                }
            }
            GameButton {
                id: rolloutButton
                objectName: "rolloutButton"
                Layout.alignment: Qt.AlignRight
                visible: RolloutView.available || RolloutView.running
                ui: panel.ui * 0.8
                text: RolloutView.running ? qsTr("Stop")
                      : RolloutView.offer === "resume" ? qsTr("Go on")
                      : RolloutView.offer === "more" ? qsTr("Roll out more")
                      : qsTr("Roll out")
                hint: RolloutView.running
                      ? qsTr("Stop the rollout (the figures so far stay)")
                      : RolloutView.offer === "resume"
                      ? qsTr("Go on with the rollout from the games it played")
                      : RolloutView.offer === "more"
                      ? qsTr("Play as many games again, adding them to these figures")
                      : panel.plays ? qsTr("Play the first plays out many times, on the same dice")
                      : qsTr("Play this position out many times for its chances")
                onClicked: RolloutView.running ? RolloutView.stop() : RolloutView.start()
            }
        }
    }
}
