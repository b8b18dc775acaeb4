// The analysis of a game or of the whole match: run it (progress, cancel), the summary per
// player, the mistakes worst first (the chosen one on two small boards: the play made and the
// best play), and a chart of White's winning chances through a game with the marked turns.
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import app.qml

Dialog {
    id: dialog
    objectName: "analysisDialog"
    title: qsTr("Analysis")
    modal: true
    property real ui: 1.0
    signal diceReportRequested()
    readonly property var markColours: ["#9a8a70", "#d8b030", "#e07820", "#d02818"]

    Connections {  // a mistake shown on the main board: step aside so that it can be seen
        target: Analysis
        function onShowBoard() { dialog.close() }
    }

    footer: DialogButtonBox {
        Button {
            objectName: "openDiceReportButton"
            text: qsTr("Dice report…")
            DialogButtonBox.buttonRole: DialogButtonBox.ActionRole
            onClicked: dialog.diceReportRequested()
        }
        Button {
            objectName: "closeAnalysisButton"
            text: qsTr("Close")
            DialogButtonBox.buttonRole: DialogButtonBox.RejectRole
        }
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 6 * dialog.ui

        RowLayout {
            Layout.fillWidth: true
            spacing: 8 * dialog.ui
            Label {
                objectName: "analysisTitle"
                textFormat: Text.PlainText
                Layout.fillWidth: true
                text: Analysis.title
                font.bold: true
                wrapMode: Text.WordWrap
            }
            Button {
                objectName: "analyseGameButton"
                text: qsTr("Analyse this game")
                enabled: !Analysis.running
                onClicked: Analysis.analyseGame()
            }
            Button {
                objectName: "analyseMatchButton"
                visible: MatchView.matchLength > 0
                text: qsTr("Analyse the whole match")
                enabled: !Analysis.running
                onClicked: Analysis.analyseMatch()
            }
        }
        RowLayout {
            Layout.fillWidth: true
            visible: Analysis.running
            spacing: 8 * dialog.ui
            Label { text: qsTr("Analysing…"); textFormat: Text.PlainText }
            ProgressBar {
                objectName: "analysisProgress"
                Layout.fillWidth: true
                from: 0
                to: 100
                value: Analysis.progress
            }
            Label {
                objectName: "analysisPercent"
                textFormat: Text.PlainText
                text: I18n.language && I18n.formatPercent(Analysis.progress / 100)
            }
            Button {
                objectName: "cancelAnalysisButton"
                text: qsTr("Cancel")
                onClicked: Analysis.cancel()
            }
        }
        Label {
            objectName: "analysisNote"
            textFormat: Text.PlainText
            Layout.fillWidth: true
            visible: text !== ""
            text: Analysis.note
            wrapMode: Text.WordWrap
            color: "#d8c7a6"
        }
        Label {
            objectName: "analysisProblem"
            Layout.fillWidth: true
            visible: text !== ""
            text: Analysis.problem
            textFormat: Text.PlainText
            wrapMode: Text.WordWrap
            color: "#f08070"
        }

        TabBar {
            id: tabs
            objectName: "analysisTabs"
            Layout.fillWidth: true
            visible: Analysis.available
            TabButton { objectName: "summaryTab"; text: qsTr("Summary") }
            TabButton { objectName: "mistakesTab"; text: qsTr("Mistakes (%1)").arg(Analysis.mistakes.length) }
            TabButton { objectName: "chartTab"; text: qsTr("Chart") }
        }

        Item {  // holds the lines above at the top until there is an analysis
            Layout.fillHeight: true
            visible: !Analysis.available
        }

        StackLayout {
            Layout.fillWidth: true
            Layout.fillHeight: true
            visible: Analysis.available
            currentIndex: tabs.currentIndex

            // -- the summary per player ----------------------------------------------------------
            ScrollView {
                id: summaryView
                clip: true
                contentWidth: availableWidth
                GridLayout {
                    objectName: "analysisSummary"
                    width: summaryView.availableWidth - summaryView.effectiveScrollBarWidth
                    columns: 3
                    columnSpacing: 16 * dialog.ui
                    rowSpacing: 3 * dialog.ui
                    Repeater {
                        model: Analysis.summary.length * 3
                        delegate: Label {
                            required property int index
                            readonly property var row: Analysis.summary[Math.floor(index / 3)]
                            objectName: "summaryCell" + index
                            Layout.row: Math.floor(index / 3)
                            Layout.column: index % 3
                            Layout.fillWidth: true
                            Layout.preferredWidth: index % 3 === 0 ? 3 : 2  // shares of the width
                            text: row ? (index % 3 === 0 ? row.label : row.values[index % 3 - 1]) : ""
                            textFormat: Text.PlainText
                            wrapMode: Text.WordWrap
                            font.bold: Math.floor(index / 3) === 0
                        }
                    }
                }
            }

            // -- the mistakes, worst first, and the chosen one on two boards ---------------------
            ColumnLayout {
                spacing: 6 * dialog.ui
                Label {
                    textFormat: Text.PlainText
                    visible: Analysis.mistakes.length === 0
                    Layout.fillWidth: true
                    wrapMode: Text.WordWrap
                    text: qsTr("No mistakes: no decision lost 0.03 or more.")
                }
                ListView {
                    id: mistakeList
                    objectName: "mistakeList"
                    Layout.fillWidth: true
                    Layout.preferredHeight: Math.max(70 * dialog.ui, dialog.height * 0.22)
                    visible: Analysis.mistakes.length > 0
                    clip: true
                    model: Analysis.mistakes
                    currentIndex: Analysis.chosen
                    ScrollBar.vertical: ScrollBar {}
                    delegate: ItemDelegate {
                        id: mistake
                        required property var modelData
                        required property int index
                        objectName: "mistake" + index
                        width: mistakeList.width
                        highlighted: index === Analysis.chosen
                        onClicked: Analysis.choose(index)
                        contentItem: RowLayout {
                            spacing: 8 * dialog.ui
                            Label {
                                textFormat: Text.PlainText
                                text: mistake.modelData.mark
                                color: dialog.markColours[mistake.modelData.level]
                                font.bold: true
                                font.family: "DejaVu Sans Mono"
                                Layout.preferredWidth: 24 * dialog.ui
                            }
                            Label {
                                Layout.fillWidth: true
                                text: mistake.modelData.heading + " · " + mistake.modelData.played
                                      + " · " + mistake.modelData.best
                                textFormat: Text.PlainText
                                wrapMode: Text.WordWrap
                            }
                            Label {
                                textFormat: Text.PlainText
                                text: mistake.modelData.loss
                                font.family: "DejaVu Sans Mono"
                            }
                        }
                    }
                }
                Label {
                    textFormat: Text.PlainText
                    Layout.fillWidth: true
                    visible: Analysis.mistakes.length > 0 && !Analysis.boards.visible
                    wrapMode: Text.WordWrap
                    text: qsTr("Choose a mistake to see the play made and the best play.")
                    color: "#d8c7a6"
                }
                RowLayout {
                    objectName: "mistakeBoards"
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    visible: Analysis.boards.visible === true
                    spacing: 10 * dialog.ui
                    Repeater {
                        model: ["played", "best"]
                        delegate: ColumnLayout {
                            id: side
                            required property string modelData
                            Layout.fillWidth: true
                            Layout.fillHeight: true
                            Layout.preferredWidth: 1
                            readonly property var info: Analysis.boards[modelData] || ({})
                            Label {
                                objectName: side.modelData + "PlayText"
                                Layout.fillWidth: true
                                text: side.info.text || ""
                                textFormat: Text.PlainText
                                wrapMode: Text.WordWrap
                                font.bold: true
                                color: side.modelData === "played" ? "#f09060" : "#80d880"  // as the arrows
                            }
                            Board {
                                objectName: side.modelData + "Board"
                                Layout.fillWidth: true
                                Layout.fillHeight: true
                                Layout.minimumHeight: 90 * dialog.ui
                                boardState: Analysis.boards.board || []
                                dice: Analysis.boards.dice || []
                                diceOwner: Analysis.boards.onRoll || 0
                                arrows: side.info.arrows || []
                                interactive: false
                                animateTurning: false
                            }
                        }
                    }
                }
                RowLayout {
                    Layout.fillWidth: true
                    visible: Analysis.boards.visible === true
                    Label {
                        objectName: "mistakeLoss"
                        textFormat: Text.PlainText
                        Layout.fillWidth: true
                        text: Analysis.boards.loss || ""
                        wrapMode: Text.WordWrap
                    }
                    Button {
                        objectName: "showMistakeButton"
                        text: qsTr("Show on the board")
                        onClicked: Analysis.showOnBoard(Analysis.chosen)
                    }
                }
            }

            // -- White's winning chances through a game -------------------------------------------
            ColumnLayout {
                spacing: 6 * dialog.ui
                RowLayout {
                    Layout.fillWidth: true
                    Label {
                        textFormat: Text.PlainText
                        objectName: "chartTitle"
                        text: Analysis.chartTitle
                        font.bold: true
                        Layout.fillWidth: true
                        wrapMode: Text.WordWrap
                    }
                    ComboBox {
                        objectName: "chartGameChoice"
                        visible: Analysis.games.length > 1
                        model: Analysis.games.map(g => qsTr("Game %1").arg(g))
                        currentIndex: Math.max(0, Analysis.games.indexOf(Analysis.chartGame))
                        onActivated: index => Analysis.setChartGame(Analysis.games[index])
                    }
                }
                Canvas {
                    id: chart
                    objectName: "analysisChart"
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    Layout.minimumHeight: 100 * dialog.ui
                    property var chartData: Analysis.chart
                    onChartDataChanged: requestPaint()
                    onWidthChanged: requestPaint()
                    onHeightChanged: requestPaint()
                    onPaint: {
                        const ctx = getContext("2d")
                        ctx.reset()
                        ctx.fillStyle = "#fbf6ea"
                        ctx.fillRect(0, 0, width, height)
                        const p = chartData.points || []
                        const pad = 12  // room for the largest mark at the edges
                        const left = pad + percentWidth.width + 6  // the percentages stand apart
                        const x = i => left + i * (width - left - pad) / Math.max(1, p.length - 1)
                        const y = v => height - pad - v * (height - 2 * pad)
                        ctx.strokeStyle = "#c8b898"
                        ctx.lineWidth = 1
                        for (const level of [0.25, 0.5, 0.75]) {
                            ctx.beginPath(); ctx.moveTo(left, y(level)); ctx.lineTo(width - pad, y(level)); ctx.stroke()
                        }
                        if (p.length < 1) return
                        ctx.strokeStyle = "#7a2a10"
                        ctx.lineWidth = 2
                        ctx.beginPath()
                        ctx.moveTo(x(0), y(p[0]))
                        for (let i = 1; i < p.length; ++i) ctx.lineTo(x(i), y(p[i]))
                        ctx.stroke()
                        for (const m of chartData.marks || []) {
                            ctx.fillStyle = dialog.markColours[m.level]
                            ctx.beginPath()
                            ctx.arc(x(m.x), y(p[m.x]), 3 + m.level * 1.5, 0, 2 * Math.PI)
                            ctx.fill()
                        }
                    }
                    // the percentages name I18n.language, so that a new language writes them anew
                    Label { id: percentWidth; objectName: "chartTop"; x: 4; y: 2; text: I18n.language && I18n.formatPercent(1); color: "#6a5a40"; font.pixelSize: 11; textFormat: Text.PlainText }
                    Label { x: 4; y: chart.height / 2 - height / 2; text: I18n.language && I18n.formatPercent(0.5); color: "#6a5a40"; font.pixelSize: 11; textFormat: Text.PlainText }
                    Label { x: 4; y: chart.height - height - 2; text: I18n.language && I18n.formatPercent(0); color: "#6a5a40"; font.pixelSize: 11; textFormat: Text.PlainText }
                }
                Flow {
                    Layout.fillWidth: true
                    spacing: 14 * dialog.ui
                    Repeater {
                        model: [qsTr("Doubtful (?!)"), qsTr("Bad (?)"), qsTr("Very bad (??)")]
                        delegate: Row {
                            id: key
                            required property string modelData
                            required property int index
                            spacing: 4
                            Rectangle {
                                width: 10; height: 10; radius: 5
                                anchors.verticalCenter: parent.verticalCenter
                                color: dialog.markColours[key.index + 1]
                            }
                            Label { text: key.modelData; textFormat: Text.PlainText }
                        }
                    }
                }
            }
        }
    }
}
