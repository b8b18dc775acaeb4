// Statistics kept across sessions: per opponent, games and matches played and won, gammons and
// backgammons, and a chart of the points won and lost over time; Reset asks first.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import app.qml

Dialog {
    id: dialog
    objectName: "statisticsDialog"
    title: qsTr("Statistics")
    modal: true
    focus: true  // the keys go to the dialog, not to the board behind it
    property real ui: 1.0
    property var levelNames: ({})
    // a button of its own: a standard button keeps the language it was made in
    footer: DialogButtonBox {
        buttonLayout: DialogButtonBox.GnomeLayout  // Cancel at the left: Tab goes as they stand
        DialogChoice { text: qsTr("Close"); DialogButtonBox.buttonRole: DialogButtonBox.RejectRole }
    }

    // The table's cells, six per opponent met.
    readonly property var cells: {
        const out = []
        for (const r of Statistics.rows) {
            out.push(opponentName(r.opponent),
                     r.gamesWon + " / " + r.games,
                     r.matchesWon + " / " + r.matches,
                     r.gammonsWon + "–" + r.gammonsLost,
                     r.backgammonsWon + "–" + r.backgammonsLost,
                     // a minus sign, as the chart's scale writes it (a hyphen: a tester)
                     (r.points > 0 ? "+" : r.points < 0 ? "\u2212" : "") + Math.abs(r.points))
        }
        return out
    }

    // A column's head: the columns share the width, a long head wraps between its words, and
    // no column is narrower than the longest word of its head. Where the heads' longest words
    // do not fit side by side (Dutch at 800 x 600 with large text), a head breaks after a dash
    // too; elsewhere "(vundet–tabt)" stays whole under "Gammons" (it broke after its dash:
    // found by a tester).
    component Head: Label {
        id: head
        required property string heading
        objectName: "statisticsHead"
        // the longest word, whole (read from the heading, never from the text it decides)
        readonly property real whole: wholeWord.advanceWidth
        property bool dashBreaks: false  // (set by the table, see headsFit: qmllint fails on a
                                         // head that reads it from the dialog itself)
        text: dashBreaks ? heading.replace(/–/g, "–\u200b") : heading
        textFormat: Text.PlainText
        font.bold: true
        wrapMode: Text.WordWrap
        Layout.fillWidth: true
        Layout.preferredWidth: 1
        Layout.minimumWidth: widest.advanceWidth + 2
        TextMetrics {
            id: wholeWord
            font: head.font
            text: head.heading.split(/\s+/).reduce((a, b) => b.length > a.length ? b : a, "")
        }
        TextMetrics {
            id: widest
            font: head.font
            text: head.text.split(/[\s\u200b]+/).reduce((a, b) => b.length > a.length ? b : a, "")
        }
    }
    readonly property bool headsFit: {
        const words = head0.whole + head1.whole + head2.whole + head3.whole + head4.whole
                      + head5.whole + 12
        return words + 5 * table.columnSpacing <= dialog.availableWidth  // (the table grows)
    }

    function opponentName(key) {
        return key === "human" ? qsTr("Two players") : (levelNames[key] || key)
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 8 * dialog.ui

        Label {
            objectName: "statisticsEmpty"
            textFormat: Text.PlainText
            visible: Statistics.count === 0
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            text: qsTr("No game has been finished yet.")
        }
        Label {
            objectName: "statisticsProblem"
            visible: Statistics.problem !== ""
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            textFormat: Text.PlainText
            text: Statistics.problem
            color: "#b03020"
        }

        GridLayout {
            id: table
            objectName: "statisticsTable"
            visible: Statistics.count > 0
            Layout.fillWidth: true
            columns: 6
            columnSpacing: 12 * dialog.ui
            rowSpacing: 4 * dialog.ui
            Head { id: head0; heading: qsTr("Opponent") }
            Head { id: head1; heading: qsTr("Games won") }
            Head { id: head2; heading: qsTr("Matches won") }
            // (joined: no break at the dash unless the heads do not fit)
            Head { id: head3; dashBreaks: !dialog.headsFit; heading: qsTr("Gammons (won⁠–⁠lost)") }
            Head { id: head4; dashBreaks: !dialog.headsFit; heading: qsTr("Backgammons (won⁠–⁠lost)") }
            Head { id: head5; heading: qsTr("Points") }
            Repeater {
                model: dialog.cells
                delegate: Label {
                    required property var modelData
                    required property int index
                    objectName: "statisticsCell" + index
                    Layout.row: Math.floor(index / 6) + 1
                    Layout.column: index % 6
                    Layout.fillWidth: true
                    Layout.preferredWidth: 1  // the columns share the width; a long head wraps
                    wrapMode: Text.WordWrap
                    textFormat: Text.PlainText
                    text: modelData
                }
            }
        }

        Label {
            textFormat: Text.PlainText
            visible: Statistics.count > 0
            text: qsTr("Your points (White's) over the last games")
            font.bold: true
        }
        Canvas {
            id: chart
            objectName: "statisticsChart"
            visible: Statistics.count > 0
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.minimumHeight: 120 * dialog.ui
            property var points: Statistics.points
            // the scale at the left: the highest and lowest totals and 0, as written there (a
            // bare line had no numbers, seen by a tester)
            readonly property var scaleValues: {
                const p = points || [0]
                return [...new Set([Math.max(0, ...p), 0, Math.min(0, ...p)])]
            }
            function shown(v) { return (v < 0 ? "\u2212" : v > 0 ? "+" : "") + Math.abs(v) }
            readonly property var scaleLabels: scaleValues.map(v => shown(v))
            onPointsChanged: requestPaint()
            onWidthChanged: requestPaint()
            onHeightChanged: requestPaint()
            onPaint: {
                const ctx = getContext("2d")
                ctx.reset()
                ctx.fillStyle = "#fbf6ea"
                ctx.fillRect(0, 0, width, height)
                const p = points
                if (!p || p.length < 2) return
                let lo = 0, hi = 0
                for (const v of p) { lo = Math.min(lo, v); hi = Math.max(hi, v) }
                const span = Math.max(1, hi - lo)
                const pad = 8 * dialog.ui
                const size = Math.round(11 * dialog.ui)
                ctx.font = size + "px sans-serif"
                let left = pad
                for (const label of scaleLabels)
                    left = Math.max(left, pad + ctx.measureText(label).width + 6 * dialog.ui)
                const x = i => left + i * (width - left - pad) / (p.length - 1)
                const y = v => height - pad - (v - lo) * (height - 2 * pad) / span
                ctx.fillStyle = "#5a4a30"
                ctx.textBaseline = "middle"
                for (const v of scaleValues)
                    if (v === 0 || Math.abs(y(v) - y(0)) > size)
                        ctx.fillText(shown(v), pad, y(v))
                ctx.strokeStyle = "#9a8a70"
                ctx.beginPath(); ctx.moveTo(left, y(0)); ctx.lineTo(width - pad, y(0)); ctx.stroke()
                ctx.strokeStyle = "#7a2a10"
                ctx.lineWidth = 2
                ctx.beginPath()
                ctx.moveTo(x(0), y(p[0]))
                for (let i = 1; i < p.length; ++i) ctx.lineTo(x(i), y(p[i]))
                ctx.stroke()
            }
        }

        Button {
            objectName: "resetStatisticsButton"
            text: qsTr("Reset statistics…")
            enabled: Statistics.count > 0
            onClicked: confirmReset.open()
        }
    }

    Dialog {
        id: confirmReset
        objectName: "confirmResetDialog"
        anchors.centerIn: parent
        width: Math.min(dialog.width, 460 * dialog.ui)  // (an implicit width loops on a new text size)
        modal: true
        focus: true  // the keys go to the dialog, not to the board behind it
        title: qsTr("Reset statistics")
        Label { textFormat: Text.PlainText; text: qsTr("Forget every finished game and match?") }
        footer: DialogButtonBox {
            buttonLayout: DialogButtonBox.GnomeLayout  // Cancel at the left: Tab goes as they stand
            DialogChoice {
                objectName: "confirmResetButton"
                text: qsTr("Reset")
                DialogButtonBox.buttonRole: DialogButtonBox.DestructiveRole
                onClicked: { Statistics.reset(); confirmReset.close() }
            }
            DialogChoice {
                text: qsTr("Cancel")
                DialogButtonBox.buttonRole: DialogButtonBox.RejectRole
                onClicked: confirmReset.close()
            }
        }
    }
}
