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
    onClosed: chart.hovered = -1  // no roll's tip left over when it opens again
    title: qsTr("Analysis")
    modal: true
    property real ui: 1.0
    signal diceReportRequested()
    readonly property var markColours: ["#9a8a70", "#d8b030", "#e07820", "#d02818"]
    readonly property color markEdge: "#3a2a10"
    // the window behind dimmed: the side panel's lines showed cut off beside the dialog, as if
    // they were part of it (found by a tester)
    Overlay.modal: Rectangle { color: "#99140c06" }

    Connections {  // a mistake shown on the main board: step aside so that it can be seen
        target: Analysis
        function onShowBoard() { dialog.close() }
    }

    footer: DialogButtonBox {
        buttonLayout: DialogButtonBox.GnomeLayout  // Cancel at the left: Tab goes as they stand
        DialogChoice {
            objectName: "openDiceReportButton"
            text: qsTr("Dice report…")
            DialogButtonBox.buttonRole: DialogButtonBox.ActionRole
            onClicked: dialog.diceReportRequested()
        }
        DialogChoice {
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
            DialogChoice {  // (room beside the text: Fusion's own left four pixels)
                objectName: "analyseGameButton"
                text: qsTr("Analyse this game")
                enabled: !Analysis.running
                onClicked: Analysis.analyseGame()
            }
            DialogChoice {
                objectName: "analyseMatchButton"
                visible: MatchView.matchLength > 0
                text: qsTr("Analyse the whole match")
                enabled: !Analysis.running
                onClicked: Analysis.analyseMatch()
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

        // The tabs keep their place while an analysis runs (greyed), its progress under them:
        // when it ended they came where its Cancel had been, and a click meant to cancel chose
        // the chart (found by a tester)
        TabBar {
            id: tabs
            objectName: "analysisTabs"
            Layout.fillWidth: true
            visible: Analysis.available || Analysis.running
            enabled: !Analysis.running
            TabButton { objectName: "summaryTab"; text: qsTr("Summary") }
            TabButton {
                objectName: "mistakesTab"
                text: qsTr("Mistakes (%1)").arg(Analysis.mistakes.length)
                // the keys go to the list at once (after a click on the tab, Down did nothing
                // until Tab had come to the list: found by a tester)
                onClicked: if (mistakeList.visible) mistakeList.forceActiveFocus(Qt.TabFocusReason)
            }
            TabButton { objectName: "chartTab"; text: qsTr("Chart") }
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
            DialogChoice {
                objectName: "cancelAnalysisButton"
                text: qsTr("Cancel")
                onClicked: Analysis.cancel()
            }
        }

        Item {  // holds the lines above at the top until there is an analysis
            Layout.fillHeight: true
            visible: !Analysis.available
        }

        StackLayout {
            objectName: "analysisPages"
            Layout.fillWidth: true
            Layout.fillHeight: true
            visible: Analysis.available
            currentIndex: tabs.currentIndex
            // while a new analysis runs, the one before stays dimmed and out of reach (its figures
            // were read as the new ones: found by a tester)
            enabled: !Analysis.running
            opacity: Analysis.running ? 0.35 : 1

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
                Item {  // the tab's height while there is no list yet: a tab holding nothing that
                        // fills stayed a line high once the list came (until another tab)
                    Layout.fillHeight: true
                    visible: !mistakeList.visible
                }
                ListView {
                    id: mistakeList
                    objectName: "mistakeList"
                    Layout.fillWidth: true
                    // the whole tab until a mistake is chosen, then a band above its two boards
                    readonly property real band: Math.max(70 * dialog.ui, dialog.height * 0.3)
                    Layout.fillHeight: true
                    Layout.minimumHeight: 70 * dialog.ui
                    Layout.preferredHeight: band
                    Layout.maximumHeight: Analysis.boards.visible ? band : Number.POSITIVE_INFINITY
                    visible: Analysis.mistakes.length > 0
                    clip: true
                    model: Analysis.mistakes
                    currentIndex: Analysis.chosen
                    // the view sets its own current row when its rows change: back to the chosen
                    onCurrentIndexChanged: if (currentIndex !== Analysis.chosen) currentIndex = Qt.binding(() => Analysis.chosen)
                    // the list shrinks to a band when the boards come: the chosen row stays whole
                    onHeightChanged: if (currentIndex >= 0) positionViewAtIndex(currentIndex, ListView.Contain)
                    ScrollBar.vertical: ScrollBar {}
                    // the keys go through the mistakes as the hint's list goes through its plays
                    // (Up and Down did nothing: a few rows stand above the boards at 1024x768);
                    // Enter shows the chosen one on the main board
                    activeFocusOnTab: true
                    keyNavigationEnabled: false
                    Accessible.role: Accessible.List
                    Accessible.name: qsTr("Mistakes")
                    readonly property var chosenRow: Analysis.mistakes[Analysis.chosen]
                    Accessible.description: chosenRow ? chosenRow.heading + " · " + chosenRow.played
                                                        + " · " + chosenRow.best + " " + chosenRow.loss : ""
                    function step(by: int) {
                        const last = Analysis.mistakes.length - 1
                        const row = Math.max(0, Math.min(last, Analysis.chosen < 0 ? 0 : Analysis.chosen + by))
                        Analysis.choose(row)
                        positionViewAtIndex(row, ListView.Contain)
                    }
                    function rowsInSight(): int {
                        const first = itemAtIndex(Math.max(0, indexAt(0, contentY)))
                        return first ? Math.max(1, Math.floor(height / first.height) - 1) : 1
                    }
                    Keys.onShortcutOverride: (event) => {
                        event.accepted = [Qt.Key_Up, Qt.Key_Down, Qt.Key_Home, Qt.Key_End, Qt.Key_PageUp,
                                          Qt.Key_PageDown, Qt.Key_Return, Qt.Key_Enter].includes(event.key)
                    }
                    Keys.onPressed: (event) => {
                        const n = Analysis.mistakes.length
                        const by = {[Qt.Key_Up]: -1, [Qt.Key_Down]: 1, [Qt.Key_Home]: -n, [Qt.Key_End]: n,
                                    [Qt.Key_PageUp]: -rowsInSight(), [Qt.Key_PageDown]: rowsInSight()}[event.key]
                        if (by !== undefined) {
                            step(by)
                            event.accepted = true
                        } else if ((event.key === Qt.Key_Return || event.key === Qt.Key_Enter) && Analysis.chosen >= 0) {
                            Analysis.showOnBoard(Analysis.chosen)
                            event.accepted = true
                        }
                    }
                    delegate: ItemDelegate {
                        id: mistake
                        required property var modelData
                        required property int index
                        objectName: "mistake" + index
                        width: mistakeList.width
                        highlighted: index === Analysis.chosen
                        focusPolicy: Qt.NoFocus  // the list takes the keys (a click gives it them)
                        onClicked: { Analysis.choose(index); mistakeList.forceActiveFocus() }
                        // the chosen row ringed while the keys go to the list, as the hint's plays
                        background: Rectangle {
                            color: mistake.highlighted ? mistake.palette.highlight : "transparent"
                            border.color: "#7fd4ff"
                            border.width: mistake.highlighted && mistakeList.activeFocus ? 2 : 0
                        }
                        contentItem: RowLayout {
                            spacing: 8 * dialog.ui
                            Label {
                                objectName: "mistakeMark" + mistake.index
                                textFormat: Text.PlainText
                                text: mistake.modelData.mark
                                // on the chosen row's gold, as its text: the doubtful mark's own
                                // yellow could not be read there (found by a tester)
                                color: mistake.highlighted ? mistake.palette.highlightedText
                                                           : dialog.markColours[mistake.modelData.level]
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
                                color: mistake.highlighted ? mistake.palette.highlightedText : mistake.palette.text
                            }
                            Label {
                                textFormat: Text.PlainText
                                text: mistake.modelData.loss
                                font.family: "DejaVu Sans Mono"
                                color: mistake.highlighted ? mistake.palette.highlightedText : mistake.palette.text
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
                    id: mistakeBoards
                    objectName: "mistakeBoards"
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    visible: Analysis.boards.visible === true
                    spacing: 10 * dialog.ui
                    // both titles as tall as the taller, so that the two boards are one size (a
                    // title of two lines made its board smaller: found by a tester)
                    readonly property real tallest: Math.max(0, ...Array.from(children, c => c.titleHeight || 0))
                    Repeater {
                        model: ["played", "best"]
                        delegate: ColumnLayout {
                            id: side
                            required property string modelData
                            Layout.fillWidth: true
                            Layout.fillHeight: true
                            Layout.preferredWidth: 1
                            readonly property var info: Analysis.boards[modelData] || ({})
                            readonly property real titleHeight: title.implicitHeight
                            Label {
                                id: title
                                objectName: side.modelData + "PlayText"
                                Layout.fillWidth: true
                                Layout.preferredHeight: mistakeBoards.tallest
                                verticalAlignment: Text.AlignTop
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
                                // the cube as it stood (offered to the taker for a take or pass)
                                cubeVisible: !!Analysis.boards.cube && Analysis.boards.cube.visible
                                cubeValue: Analysis.boards.cube ? Analysis.boards.cube.value : 1
                                cubeOwner: Analysis.boards.cube ? Analysis.boards.cube.owner : -1
                                cubeOffered: !!Analysis.boards.cube && Analysis.boards.cube.offered
                                // the points numbered as the decision's play is written: the
                                // computer's "12/9" started at a point numbered 13 (found by a
                                // tester)
                                numberedFor: Analysis.boards.numbering || 0
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
                    readonly property var points: chartData.points || []
                    readonly property real pad: 12  // room for the largest mark at the edges
                    readonly property real foot: pad + axisFont.height  // and the rolls' numbers
                    readonly property real lead: pad + percentWidth.width + 6  // the percentages stand apart
                    readonly property real step: (width - lead - pad) / Math.max(1, points.length - 1)
                    property int hovered: -1  // the roll under the pointer
                    function xOf(i) { return lead + i * step }
                    function yOf(v) { return height - foot - v * (height - pad - foot) }
                    // every roll's number where they fit, else every 5th or 10th...
                    readonly property int every: {
                        const room = Math.max(1, step) / (axisFont.advanceWidth * 3)
                        for (const n of [1, 2, 5, 10, 20, 50])
                            if (n * room >= 1) return n
                        return 100
                    }
                    onChartDataChanged: { hovered = -1; requestPaint() }
                    // by keys too: Tab reaches it, Left and Right (Home, End) read the rolls,
                    // Enter shows the one read on the board (only the pointer read them: a
                    // teacher who uses the keys)
                    activeFocusOnTab: true
                    Accessible.role: Accessible.Chart
                    Accessible.name: chartHelp.text
                    Accessible.description: tip.text
                    onActiveFocusChanged: {
                        if (activeFocus && hovered < 0 && points.length > 0) hovered = 0
                        else if (!activeFocus) hovered = -1
                        requestPaint()
                    }
                    Keys.onPressed: event => {
                        const last = points.length - 1
                        if (last < 0) return
                        const at = Math.max(0, hovered)
                        const to = event.key === Qt.Key_Left ? Math.max(0, at - 1)
                                 : event.key === Qt.Key_Right ? Math.min(last, at + 1)
                                 : event.key === Qt.Key_Home ? 0
                                 : event.key === Qt.Key_End ? last : -1
                        if (to >= 0) {
                            hovered = to
                            event.accepted = true
                        } else if ((event.key === Qt.Key_Return || event.key === Qt.Key_Enter) && hovered >= 0) {
                            Analysis.showRoll(hovered)
                            event.accepted = true
                        }
                    }
                    onWidthChanged: requestPaint()
                    onHeightChanged: requestPaint()
                    onHoveredChanged: requestPaint()
                    onPaint: {
                        const ctx = getContext("2d")
                        ctx.reset()
                        ctx.fillStyle = "#fbf6ea"
                        ctx.fillRect(0, 0, width, height)
                        const p = points
                        ctx.strokeStyle = "#c8b898"
                        ctx.lineWidth = 1
                        for (const level of [0.25, 0.5, 0.75]) {
                            ctx.beginPath(); ctx.moveTo(lead, yOf(level)); ctx.lineTo(width - pad, yOf(level)); ctx.stroke()
                        }
                        if (activeFocus) {  // the keys' ring round the chart
                            ctx.strokeStyle = "#7fd4ff"
                            ctx.lineWidth = 2
                            ctx.strokeRect(1, 1, width - 2, height - 2)
                        }
                        if (p.length < 1) return
                        ctx.fillStyle = "#6a5a40"
                        ctx.font = axisFont.font.pixelSize + "px sans-serif"
                        ctx.textAlign = "center"
                        for (let i = 0; i < p.length; ++i) {  // the rolls' numbers (1 the first)
                            if ((i + 1) % every === 0)  // (the first one too where all fit)
                                ctx.fillText(String(i + 1), xOf(i), height - 3)
                        }
                        if (hovered >= 0 && hovered < p.length) {  // the roll under the pointer
                            ctx.strokeStyle = "#9a8a70"
                            ctx.beginPath(); ctx.moveTo(xOf(hovered), pad); ctx.lineTo(xOf(hovered), height - foot); ctx.stroke()
                        }
                        ctx.strokeStyle = "#7a2a10"
                        ctx.lineWidth = 2
                        ctx.beginPath()
                        ctx.moveTo(xOf(0), yOf(p[0]))
                        for (let i = 1; i < p.length; ++i) ctx.lineTo(xOf(i), yOf(p[i]))
                        ctx.stroke()
                        // each mark ringed in a dark line (the doubtful marks' yellow was hard
                        // to see on the cream: found by a tester)
                        ctx.strokeStyle = dialog.markEdge
                        ctx.lineWidth = 1.2
                        for (const m of chartData.marks || []) {
                            ctx.fillStyle = dialog.markColours[m.level]
                            ctx.beginPath()
                            ctx.arc(xOf(m.x), yOf(p[m.x]), 3 + m.level * 1.5, 0, 2 * Math.PI)
                            ctx.fill()
                            ctx.stroke()
                        }
                    }
                    TextMetrics { id: axisFont; font.pixelSize: 11; text: "0" }
                    // the percentages name I18n.language, so that a new language writes them anew
                    Label { id: percentWidth; objectName: "chartTop"; x: 4; y: 2; text: I18n.language && I18n.formatPercent(1); color: "#6a5a40"; font.pixelSize: 11; textFormat: Text.PlainText }
                    Label { x: 4; y: chart.yOf(0.5) - height / 2; text: I18n.language && I18n.formatPercent(0.5); color: "#6a5a40"; font.pixelSize: 11; textFormat: Text.PlainText }
                    Label { x: 4; y: chart.yOf(0) - height / 2; text: I18n.language && I18n.formatPercent(0); color: "#6a5a40"; font.pixelSize: 11; textFormat: Text.PlainText }
                    MouseArea {  // a roll's tip under the pointer; a click shows it on the board
                        objectName: "chartPointer"
                        anchors.fill: parent
                        hoverEnabled: true
                        cursorShape: chart.hovered >= 0 ? Qt.PointingHandCursor : Qt.ArrowCursor
                        function rollAt(x) {
                            const i = Math.round((x - chart.lead) / Math.max(1, chart.step))
                            return chart.points.length > 0 && x >= chart.lead - chart.pad
                                   ? Math.max(0, Math.min(chart.points.length - 1, i)) : -1
                        }
                        onPositionChanged: mouse => chart.hovered = rollAt(mouse.x)
                        onExited: chart.hovered = -1
                        onClicked: mouse => {
                            const i = rollAt(mouse.x)
                            if (i >= 0) Analysis.showRoll(i)
                        }
                    }
                    ToolTip {
                        id: tip
                        objectName: "chartTip"
                        parent: chart
                        visible: chart.hovered >= 0 && !!(chart.chartData.tips || [])[chart.hovered]
                        text: visible ? chart.chartData.tips[chart.hovered] : ""
                        // beside the roll's line, on the side with more room
                        x: chart.hovered >= 0 && chart.xOf(chart.hovered) > chart.width / 2
                           ? chart.xOf(chart.hovered) - width - 8 : chart.xOf(Math.max(0, chart.hovered)) + 8
                        // in the half of the chart away from the curve at that roll
                        y: chart.hovered >= 0 && chart.yOf(chart.points[chart.hovered]) < chart.height / 2
                           ? chart.height - height - 4 : 4
                        contentItem: Label { text: tip.text; textFormat: Text.PlainText }
                    }
                }
                Label {
                    id: chartHelp
                    objectName: "chartAxis"
                    Layout.fillWidth: true
                    textFormat: Text.PlainText
                    wrapMode: Text.WordWrap
                    font.pixelSize: 11 * dialog.ui
                    color: "#b9a888"
                    text: qsTr("Rolls of the game, first to last. Point at a roll to read it (or Tab to the chart and use Left and Right); click it (Enter) to see it on the board.")
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
                                border.color: dialog.markEdge
                                border.width: 1
                            }
                            Label { text: key.modelData; textFormat: Text.PlainText }
                        }
                    }
                }
            }
        }
    }
}
