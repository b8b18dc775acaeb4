// The panel beside the board: both players (pips, score, who is on roll), the match, the cube,
// what happened last, and the actions of the turn.
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import "texts.js" as Texts
import app.qml

Rectangle {
    id: panel
    objectName: "sidePanel"
    property real ui: 1.0
    readonly property real space: ui / Theme.textScale  // margins do not grow with the text size
    property var levelNames: ({})
    property var hintNames: []
    // A short part of a line kept whole ("Cube 1", "167 pips"): its spaces do not break
    function unbroken(part: string): string { return part.replace(/ /g, "\u00a0") }
    // a move stays whole ("5/off" broke after its "/": texts.js)
    function wholeMoves(text: string): string { return Texts.wholeMoves(text) }
    // and a play's moves together in the status and the last play ("8/4 / 6/4" broke between
    // them: found by a tester); not in the move list, whose column is narrower than a play
    function wholePlays(text: string): string { return Texts.wholeMoves(Texts.wholePlays(text)) }
    // a mark stays whole ("++" broke between its signs, "??)" before its bracket): a word
    // joiner between its signs and before a bracket after them
    function wholeMarks(text: string): string { return text.replace(/([?!+\u2212])(?=[?!+\u2212)])/g, "$1\u2060") }
    // Texts and edges: in the high-contrast theme every text of the panel is at least 7:1
    // against its background (the move list's was 6:1, the active card's note 4.9:1) and the
    // cards' edges show
    readonly property bool strong: Theme.highContrast
    readonly property color mutedText: strong ? "#e8dcc4" : "#b9a888"
    readonly property color softText: strong ? "#f3e6cc" : "#d8c7a6"
    readonly property color brightText: strong ? "#ffffff" : "#f6ead2"
    readonly property color accentText: strong ? "#ffd98a" : "#e0b35a"
    readonly property color noteText: strong ? "#ffe3a8" : "#f0c46c"
    readonly property color edge: strong ? "#9a7a58" : "#4b3626"
    signal newGameRequested()
    signal analysisRequested()
    radius: 12 * ui
    color: "#3a281b"
    border.color: "#5c4330"

    component PlayerCard: Rectangle {
        id: card
        property int player: 0
        // the player to act; once the game is over, its winner (not the side that last acted);
        // no one at the moment of the history that ends a game (the side on roll when a game
        // was given up was still "On roll" there: found by a tester)
        readonly property bool over: MatchView.phase === "game_over" || MatchView.phase === "match_over"
                                     || MatchView.ended
        // (a double offered, in the game or in the history: the taker acts; in the history
        // the doubler's card was lit: found by a tester)
        readonly property bool active: over ? MatchView.gameOver.winner === player
            : MatchView.phase === "double" || MatchView.cubeOffered ? MatchView.onRoll !== player
            : MatchView.onRoll === player
        objectName: "playerCard" + player
        Accessible.role: Accessible.Grouping
        Accessible.name: (BoardSpeech.texts.players || [])[player] || ""
        Layout.fillWidth: true
        implicitHeight: cardColumn.implicitHeight + 20 * panel.space
        radius: 10 * panel.ui
        color: active ? "#5a3f28" : "#2e2016"
        border.color: active ? "#e0b35a" : panel.edge
        border.width: active ? 2 : 1
        ColumnLayout {
            id: cardColumn
            anchors.fill: parent
            anchors.margins: 10 * panel.space
            spacing: 4 * panel.ui
            RowLayout {
                spacing: 8 * panel.ui
                Rectangle {  // the player's checker, as the board draws it
                    width: 22 * panel.ui; height: width; radius: width / 2
                    color: card.player === 0 ? Theme.colors.checker0 : Theme.colors.checker1
                    border.color: card.player === 0 ? Theme.colors.rim0 : Theme.colors.rim1
                    border.width: 2
                    Rectangle {
                        visible: Theme.marks && card.player === 1
                        anchors.centerIn: parent
                        width: parent.width * 0.3; height: width; radius: width / 2
                        color: Theme.colors.mark1
                    }
                }
                Label {
                    objectName: "playerName" + card.player
                    textFormat: Text.PlainText
                    Layout.fillWidth: true
                    text: MatchView.names[card.player] || ""
                    elide: Text.ElideRight
                    color: panel.brightText
                    font.pixelSize: 17 * panel.ui
                    font.bold: true
                }
                Label {
                    objectName: "score" + card.player
                    textFormat: Text.PlainText
                    visible: MatchView.matchLength > 0
                    text: String(MatchView.score[card.player])
                    color: panel.accentText
                    font.pixelSize: 22 * panel.ui
                    font.bold: true
                }
            }
            Label {
                textFormat: Text.PlainText
                text: {
                    let who = MatchView.computerPlayer === card.player
                              ? qsTr("Computer (%1)").arg(panel.levelNames[MatchView.level] || "")
                              : qsTr("Player")
                    // a line breaks between the two parts ("167 pips" stays whole)
                    return [who, qsTr("%n pip", "%n pips", MatchView.pips[card.player])]
                        .map(panel.unbroken).join(" · ")
                }
                objectName: "pips" + card.player
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                color: panel.softText
                font.pixelSize: 13 * panel.ui
            }
            Label {
                objectName: "turnNote" + card.player
                textFormat: Text.PlainText
                Layout.fillWidth: true
                wrapMode: Text.WordWrap  // "Beslist over de verdubbeling" ran over the card
                visible: card.active && !card.over
                // (in the history too, at a double's moment: "On roll" stood there, a tester)
                text: MatchView.phase === "double" || MatchView.cubeOffered ? qsTr("Decides on the double")
                      : MatchView.thinking && MatchView.computerPlayer === card.player ? qsTr("Thinking…")
                      : qsTr("On roll")
                color: panel.noteText
                font.pixelSize: 13 * panel.ui
                font.italic: true
            }
        }
    }

    ColumnLayout {
        anchors.fill: parent
        anchors.margins: 12 * panel.space
        spacing: 10 * panel.space

        PlayerCard { player: MatchView.turned ? 0 : 1 }  // the player at the top of the board

        // Match and cube
        Label {
            objectName: "matchLabel"
            textFormat: Text.PlainText
            Layout.fillWidth: true
            horizontalAlignment: Text.AlignHCenter
            // the line breaks between the short parts ("Cube 1" stays whole), inside one only
            // when it is wider than the panel; the cube owner's sentence wraps as a sentence
            wrapMode: Text.Wrap
            text: {
                let parts = [MatchView.matchLength > 0
                             ? qsTr("Match to %n point", "Match to %n points", MatchView.matchLength)
                             : qsTr("Single game")]
                if (MatchView.crawfordGame) parts.push(qsTr("Crawford game"))
                if (MatchView.cubeEnabled && !MatchView.crawfordGame)
                    parts.push(qsTr("Cube %1").arg(MatchView.cubeValue))
                parts = parts.map(panel.unbroken)
                if (MatchView.cubeOwnerText !== "") parts.push(MatchView.cubeOwnerText)
                return parts.join(" · ")
            }
            color: panel.brightText
            font.pixelSize: 14 * panel.ui
        }

        PlayerCard { player: MatchView.turned ? 1 : 0 }

        // What happened
        Rectangle {
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.minimumHeight: 90 * panel.space
            radius: 8 * panel.ui
            color: "#2a1d14"
            border.color: panel.edge
            ColumnLayout {
                anchors.fill: parent
                anchors.margins: 10 * panel.space
                spacing: 6 * panel.space
                RowLayout {
                    Layout.fillWidth: true
                    BusyIndicator {
                        objectName: "thinkingIndicator"
                        visible: MatchView.thinking
                        running: MatchView.thinking
                        Layout.preferredWidth: 26 * panel.ui
                        Layout.preferredHeight: 26 * panel.ui
                    }
                    Label {
                        objectName: "statusLabel"
                        textFormat: Text.PlainText
                        Layout.fillWidth: true
                        // at words, or inside a long one (an ID); never after a move's "/" ("5/off")
                        text: panel.wholePlays(MatchView.status)
                        wrapMode: Text.Wrap
                        color: panel.brightText
                        font.pixelSize: 14 * panel.ui
                    }
                }
                Label {
                    objectName: "lastPlayLabel"
                    textFormat: Text.PlainText
                    Layout.fillWidth: true
                    visible: MatchView.lastPlay !== ""
                    text: panel.wholePlays(MatchView.lastPlay)
                    wrapMode: Text.WordWrap
                    color: panel.softText
                    font.pixelSize: 13 * panel.ui
                    font.family: "DejaVu Sans Mono"
                }
                Label {  // why the Double button is greyed (the engine's reason): here, not among the
                         // buttons, whose places it moved when it came and went
                    objectName: "doubleRefusal"
                    textFormat: Text.PlainText
                    Layout.fillWidth: true
                    visible: MatchView.doubleRefusal !== ""
                    text: MatchView.doubleRefusal
                    wrapMode: Text.WordWrap
                    color: panel.softText
                    font.pixelSize: 12 * panel.ui
                    font.italic: true
                }
                Label {  // what the marks after the lines mean (once there is an analysis)
                    objectName: "marksLegend"
                    textFormat: Text.PlainText
                    Layout.fillWidth: true
                    visible: text !== ""
                    // the marks written only; each beside its word ("− −− unlucky" broke after its "−")
                    // named as a legend: under the current line, "? slecht" was read as that
                    // play's mark (found by a tester)
                    text: Analysis.marksLegend === "" ? ""
                          : qsTr("Marks:") + "\u00a0" + Analysis.marksLegend.split(" · ")
                            .map(part => panel.wholeMarks(panel.unbroken(part))).join(" · ")
                    wrapMode: Text.WordWrap
                    color: panel.mutedText
                    font.pixelSize: 11 * panel.ui
                }
                ListView {
                    id: moves
                    objectName: "moveList"
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    clip: true
                    model: MatchView.moveList
                    spacing: 2 * panel.ui
                    // The current line (the last, or the one under review; none before the
                    // first line of a game set up from a position) is in view.
                    readonly property int current: MatchView.moveLine >= 0 ? MatchView.moveLine
                                                    : MatchView.moveLine === -1 ? count - 1 : -1
                    function showCurrent() { positionViewAtIndex(Math.max(0, current), ListView.Contain) }
                    onCountChanged: showCurrent()
                    onCurrentChanged: showCurrent()
                    // and once the panel is laid out (a resumed game fills the list before)
                    onHeightChanged: showCurrent()
                    // A new language gives new lines: keep the current one in view.
                    onModelChanged: Qt.callLater(() => moves.showCurrent())
                    // "Name       43  13/10 13/9", "Name           takes": a play too long for the
                    // line wraps under the play, not under the name (the name and the dice are
                    // a column; in a narrow panel the player's checker and the dice)
                    delegate: Item {
                        id: line
                        required property string modelData
                        required property int index
                        objectName: "moveLine" + index
                        readonly property string marks: Analysis.moveMarks[index] || ""  // ?! ? ?? and luck
                        readonly property string text: modelData + marks
                        readonly property var found: /^(.+?) +(\d\d|  )  (?=\S)/.exec(text)
                        readonly property real room: 10 * digit.advanceWidth  // a long move
                        // a column for the plays where it holds a long move ("bar/16*/10") beside
                        // the names; in a narrower panel the player's checker stands for the name
                        readonly property bool named: !!found && width - nameWidth.advanceWidth >= room
                        readonly property int player: {
                            if (!found) return -1
                            const width = Math.min(10, Math.max(...MatchView.names.map(n => n.length)))
                            const short = MatchView.names.map(n => n.slice(0, width).trim())
                            return short[0] === short[1] ? -1 : short.indexOf(found[1])
                        }
                        readonly property bool discs: !named && player >= 0
                                                      && width - disc.width - shortWidth.advanceWidth >= room
                        // a cube action or resignation (no dice) takes the room of the dice too,
                        // so that "verdubbelt naar 2" stays on a line where a play would wrap
                        readonly property bool rolled: !!found && found[2] !== "  "
                        readonly property int head: named || discs ? found[0].length : 0
                        TextMetrics { id: digit; font: play.font; text: "0" }
                        TextMetrics { id: nameWidth; font: play.font; text: line.found ? line.found[0] : "" }
                        TextMetrics { id: shortWidth; font: play.font; text: " 00  " }  // a play's dice: every line alike
                        readonly property string dice: rolled ? " " + found[2] + "  " : " "  // beside a checker
                        readonly property color shade: index === moves.current ? panel.brightText : panel.mutedText
                        property alias font: play.font
                        // cut by the list's top or bottom edge (its lower half showed alone
                        // above the others, the upper half of the next play under them): not
                        // shown until it is whole, unless it is the line to show
                        readonly property bool cut: index !== moves.current
                                                    && (y < moves.contentY - 0.5
                                                        || y + height > moves.contentY + moves.height + 0.5)
                        opacity: cut ? 0 : 1
                        Accessible.role: Accessible.StaticText
                        Accessible.name: text
                        width: moves.width
                        implicitHeight: Math.max(who.implicitHeight, play.implicitHeight)
                        height: implicitHeight
                        Rectangle {  // the player's checker, as the board and the cards draw it
                            id: disc
                            objectName: "moveDisc" + line.index
                            visible: line.discs
                            width: digit.height * 0.8; height: width; radius: width / 2
                            y: (digit.height - height) / 2 + 1
                            color: line.player === 0 ? Theme.colors.checker0 : Theme.colors.checker1
                            border.color: line.shade  // an edge the dark panel shows (a black disc was faint)
                            border.width: 1
                            Rectangle {  // the mark of player 1's checkers, where they carry one
                                visible: Theme.marks && line.player === 1
                                anchors.centerIn: parent
                                width: parent.width * 0.35; height: width; radius: width / 2
                                color: Theme.colors.mark1
                            }
                        }
                        Text {
                            id: who
                            visible: line.head > 0
                            x: line.discs ? disc.width : 0
                            text: !line.found ? "" : line.discs ? line.dice
                                  : line.rolled ? line.found[0] : line.found[0].slice(0, -4)
                            textFormat: Text.PlainText
                            color: line.shade
                            font: play.font
                        }
                        Text {
                            id: play
                            objectName: "movePlay" + line.index
                            x: line.head > 0 ? who.x + who.implicitWidth : 0
                            width: line.width - x
                            // the marks stay with the play's last word; where the two are wider
                            // than the column they go to the next line together (held to the
                            // word, they were broken anywhere: "24/23*/20 ?! +" then "+",
                            // found by a tester)
                            text: {
                                const shown = line.text.slice(line.head)
                                const apart = line.marks.startsWith("\u00a0") && tail.advanceWidth > width
                                const cut = apart ? shown.slice(0, shown.length - line.marks.length) + " "
                                                    + line.marks.slice(1) : shown
                                return panel.wholeMarks(panel.wholeMoves(cut))
                            }
                            TextMetrics {
                                id: tail
                                font: play.font
                                // (measured only for a line with marks; a cube action named
                                // after its own marks may go to the next line by itself)
                                text: line.marks === "" ? ""
                                      : panel.wholeMarks(panel.wholeMoves(line.modelData.split(" ").pop()
                                                                          + line.marks.split(" ")[0]))
                            }
                            textFormat: Text.PlainText
                            wrapMode: Text.Wrap
                            color: line.shade
                            font.bold: MatchView.reviewing && line.index === moves.current
                            font.pixelSize: 12.5 * panel.ui
                            font.family: "DejaVu Sans Mono"
                        }
                        MouseArea {  // a line shows its position (read-only)
                            anchors.fill: parent
                            enabled: !line.cut
                            cursorShape: Qt.PointingHandCursor
                            onClicked: History.showLine(line.index)
                        }
                    }
                }
                // Where the history stands ("Game 1 · 16 of 19"): a line of its own under the
                // buttons, which left it too narrow a column in a 1024-pixel window.
                Label {
                    objectName: "reviewLabel"
                    Layout.fillWidth: true
                    visible: text !== ""
                    text: MatchView.reviewText
                    textFormat: Text.PlainText
                    wrapMode: Text.WordWrap
                    color: "#f0e6c8"
                    font.pixelSize: 12 * panel.ui
                }
                // The history: step through every position of the match, read-only. At the
                // foot of the box, so that its buttons stay where they are while the texts above
                // change their height from step to step.
                RowLayout {
                    objectName: "historyBar"
                    Layout.fillWidth: true
                    spacing: 4 * panel.ui
                    GameButton {
                        objectName: "historyFirstButton"
                        ui: panel.ui
                        text: "|◀"
                        hint: qsTr("First position of the match (Ctrl+Home)")
                        Accessible.name: hint
                        enabled: MatchView.historyCount > 1 && MatchView.historyIndex !== 0  // as "◀"
                        Layout.preferredWidth: 40 * panel.ui
                        onClicked: History.first()
                    }
                    GameButton {
                        objectName: "historyBackButton"
                        ui: panel.ui
                        text: "◀"
                        hint: qsTr("One position back (Ctrl+Left)")
                        Accessible.name: hint
                        enabled: MatchView.historyCount > 1 && MatchView.historyIndex !== 0
                        Layout.preferredWidth: 40 * panel.ui
                        onClicked: History.back()
                    }
                    GameButton {
                        objectName: "historyForwardButton"
                        ui: panel.ui
                        text: "▶"
                        hint: qsTr("One position forward (Ctrl+Right)")
                        Accessible.name: hint
                        enabled: MatchView.reviewing && MatchView.historyIndex < MatchView.historyCount - 1
                        Layout.preferredWidth: 40 * panel.ui
                        onClicked: History.forward()
                    }
                    Item { Layout.fillWidth: true }
                }
            }
        }

        // While reviewing: back to the game, or the analysis of the game on show, in the place
        // of the game's actions (none can be taken then), which left the move list a few lines
        // in a low window. A row of its own, so that long words in any language keep to it.
        GridLayout {
            id: reviewActions
            Layout.fillWidth: true
            visible: MatchView.reviewing
            columnSpacing: 4 * panel.ui
            rowSpacing: 4 * panel.ui
            // side by side where both texts keep most of their size, and one size for
            // both ("Back to the game" was smaller than "Analyse…" beside it)
            readonly property real half: (width - columnSpacing) / 2
            readonly property bool pair: Math.max(leaveReview.fullWidth, reviewAnalyse.fullWidth)
                                         * 0.8 <= half
            readonly property real fontScale: Math.min(leaveReview.fit, reviewAnalyse.fit)
            columns: pair ? 2 : 1
            GameButton {
                id: leaveReview
                objectName: "leaveReviewButton"
                fontScale: reviewActions.fontScale
                slotWidth: reviewActions.pair ? reviewActions.half : reviewActions.width
                Layout.fillWidth: true
                Layout.preferredWidth: 1
                ui: panel.ui
                text: qsTr("Back to the game")
                hint: qsTr("Esc")
                onClicked: History.leave()
            }
            GameButton {
                id: reviewAnalyse
                objectName: "reviewAnalyseButton"
                fontScale: reviewActions.fontScale
                slotWidth: reviewActions.pair ? reviewActions.half : reviewActions.width
                Layout.fillWidth: true
                Layout.preferredWidth: 1
                ui: panel.ui
                text: qsTr("Analyse…")
                hint: qsTr("Judge every decision of this game or match")
                onClicked: panel.analysisRequested()
            }
        }
        // Actions: one font size for all of them, the largest at which every text fits (a
        // long word in a narrow panel makes them all a little smaller, not one of them)
        GridLayout {
            id: actions
            readonly property real halfWidth: (width - columnSpacing) / 2
            readonly property real fontScale: Math.min(
                rollButton.fit, doubleButton.visible ? doubleButton.fit : 1.0, undoButton.fit,
                confirmButton.fit, coachHintButton.fit, newGameButton.fit, hintButton.fit)
            Layout.fillWidth: true
            columns: 2
            columnSpacing: 8 * panel.space
            rowSpacing: 8 * panel.space
            GameButton {
                id: rollButton
                objectName: "rollButton"
                visible: !MatchView.reviewing  // the review's own actions stand there
                fontScale: actions.fontScale
                slotWidth: MatchView.cubeEnabled ? actions.halfWidth : actions.width
                Layout.fillWidth: true
                Layout.preferredWidth: 1
                Layout.columnSpan: MatchView.cubeEnabled ? 1 : 2
                ui: panel.ui
                primary: true
                text: qsTr("Roll")
                hint: qsTr("Roll the dice (R or Space)")
                enabled: MatchView.canRoll
                onClicked: GameFlow.roll()
            }
            GameButton {
                id: doubleButton
                objectName: "doubleButton"
                fontScale: actions.fontScale
                slotWidth: actions.halfWidth
                Layout.fillWidth: true
                Layout.preferredWidth: 1
                visible: MatchView.cubeEnabled && !MatchView.reviewing
                ui: panel.ui
                text: qsTr("Double")
                hint: qsTr("Offer a double before rolling (D)")
                enabled: MatchView.canDouble
                onClicked: GameFlow.double()
            }
            GameButton {
                id: undoButton
                objectName: "undoButton"
                visible: !MatchView.reviewing  // the review's own actions stand there
                fontScale: actions.fontScale
                slotWidth: actions.halfWidth
                Layout.fillWidth: true
                Layout.preferredWidth: 1
                ui: panel.ui
                text: qsTr("Undo")
                hint: qsTr("Take back the last move (Ctrl+Z or Backspace)")
                enabled: MatchView.canUndo
                onClicked: GameFlow.undo()
            }
            GameButton {
                id: confirmButton
                objectName: "confirmButton"
                visible: !MatchView.reviewing  // the review's own actions stand there
                fontScale: actions.fontScale
                slotWidth: actions.halfWidth
                Layout.fillWidth: true
                Layout.preferredWidth: 1
                ui: panel.ui
                text: qsTr("Done")
                hint: qsTr("Confirm the end of your turn (Enter)")
                enabled: MatchView.canConfirm
                onClicked: GameFlow.confirm()
            }
            // the coach's hint and a new game share a row: short words in every language
            GameButton {
                id: coachHintButton
                objectName: "coachHintButton"
                fontScale: actions.fontScale
                slotWidth: actions.halfWidth
                Layout.fillWidth: true
                Layout.preferredWidth: 1
                ui: panel.ui
                text: qsTr("Hint")
                hint: qsTr("The best plays, or the cube action, for the player to act (Ctrl+H)")
                enabled: Coach.available
                onClicked: Coach.hint()
            }
            GameButton {
                id: newGameButton
                objectName: "newGameButton"
                fontScale: actions.fontScale
                slotWidth: actions.halfWidth
                Layout.fillWidth: true
                Layout.preferredWidth: 1
                ui: panel.ui
                text: qsTr("New game")
                hint: qsTr("Start a new game or match (Ctrl+N)")
                onClicked: panel.newGameRequested()
            }
            GameButton {
                id: hintButton
                objectName: "hintButton"
                fontScale: actions.fontScale
                slotWidth: actions.width
                Layout.fillWidth: true
                Layout.preferredWidth: 1
                Layout.columnSpan: 2
                ui: panel.ui
                text: panel.hintNames[Settings.hintMode] || ""
                hint: qsTr("Move hints: off, checkers, checkers and points (H)")
                onClicked: Settings.cycleHintMode()
            }
        }
    }
}
