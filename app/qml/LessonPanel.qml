// One open lesson step: the board with the step's marks, the text, the exercise controls,
// the feedback and the step buttons. Shows the player's view; answers go to the player.
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import "texts.js" as Texts
import app.qml

Item {
    id: panel
    property var view: ({})
    property real ui: 1.0
    readonly property color accent: "#e0b35a"
    readonly property color textColor: "#f3e6cc"
    readonly property var feedback: LessonPlayer.feedback
    readonly property string mode: view.mode || "lesson"
    property bool listHidden: false  // the window's lesson list is put away: a button brings it
    signal playRequested()
    signal listRequested()
    // the keys to the board (where nothing else has them); once the step's question is answered
    // by a control that goes with the answer (a number typed and Enter), to Next, which Enter
    // then presses (the board's ring came up on some point: found by a teacher)
    function keysToBoard() {
        if (view.solved === true && !["", "play", "reach"].includes(view.exercise)
                && view.canNext === true)
            nextButton.forceActiveFocus(Qt.TabFocusReason)
        else
            board.forceActiveFocus(Qt.TabFocusReason)
    }

    RowLayout {
        anchors.fill: parent
        spacing: 10 * panel.ui

        Board {
            id: board
            objectName: "lessonBoard"
            Layout.fillWidth: true
            Layout.fillHeight: true
            boardState: panel.view.board || []
            dice: panel.view.dice || []
            // a double on offer stands in the opponent's half, as the game shows the doubler's
            diceOwner: panel.view.cubeOffered === true ? 1 : 0
            cubeVisible: panel.view.cubeVisible === true
            cubeOffered: panel.view.cubeOffered === true
            cubeValue: panel.view.cubeValue || 1
            cubeOwner: panel.view.cubeOwner === undefined ? -1 : panel.view.cubeOwner
            ringCheckers: panel.view.ringCheckers || []
            ringPoints: panel.view.ringPoints || []
            markedPoints: panel.view.markedPoints || []
            arrows: panel.view.arrows || []
            labels: panel.view.labels || []
            selectedLocation: panel.view.selected === undefined ? -1 : panel.view.selected
            draggableLocations: panel.view.draggable || []
            interactive: panel.view.exercise === "play" || panel.view.exercise === "reach"
            pointsClickable: panel.view.exercise === "reach" && panel.view.solved !== true
            speech: panel.view.speech || ({})
            onLocationClicked: location => LessonPlayer.clickLocation(location)
            onLocationDoubleClicked: location => LessonPlayer.doubleClickLocation(location)
            onCheckerDropped: (from, to) => LessonPlayer.dropChecker(from, to)
            // Tab from the board goes on to the step (its text when it scrolls, else its number
            // box when it asks for one), before the heading's "All lessons", which Shift+Tab
            // reaches from there (a number typed went nowhere, and Enter opened the list: found
            // by a tester); elsewhere along the panel as it is laid out (to the number box
            // when none is shown, Tab stayed on the board: a teacher)
            KeyNavigation.tab: textScroll.focusPolicy !== Qt.NoFocus ? textScroll
                               : numberInput.visible ? numberInput : null
        }

        Rectangle {
            Layout.preferredWidth: 360 * panel.ui / Math.sqrt(Theme.textScale)  // (ui holds the text size)
            Layout.fillHeight: true
            radius: 10 * panel.ui
            color: "#3a281b"
            border.color: "#5c4330"

            ColumnLayout {
                anchors.fill: parent
                anchors.margins: 12 * panel.ui
                spacing: 8 * panel.ui

                RowLayout {
                    Layout.fillWidth: true
                    Label {
                        objectName: "lessonTitle"
                        textFormat: Text.PlainText
                        Layout.fillWidth: true
                        text: panel.mode === "lesson"
                              ? qsTr("Lesson %1: %2").arg(panel.view.lessonNumber || "").arg(panel.view.lessonTitle || "")
                              : (panel.view.runTitle || "")
                        color: "#bba888"
                        font.pixelSize: 13 * panel.ui
                        wrapMode: Text.WordWrap
                    }
                    Button {
                        objectName: "showLessonListButton"
                        visible: panel.listHidden
                        text: qsTr("All lessons")
                        font.pixelSize: 12 * panel.ui
                        ToolTip.visible: hovered
                        ToolTip.text: qsTr("Show the list of lessons and drills")
                        onClicked: panel.listRequested()
                        // Enter as Space (Qt Quick's buttons take only Space: a tester's Enter
                        // did nothing here)
                        Keys.onReturnPressed: click()
                        Keys.onEnterPressed: click()
                    }
                }
                Label {
                    objectName: "stepTitle"
                    textFormat: Text.PlainText
                    Layout.fillWidth: true
                    text: panel.view.stepTitle || ""
                    color: panel.accent
                    font.pixelSize: 21 * panel.ui
                    font.bold: true
                    wrapMode: Text.WordWrap
                }
                Label {
                    objectName: "stepCounter"
                    textFormat: Text.PlainText
                    Layout.fillWidth: true
                    wrapMode: Text.WordWrap
                    text: panel.mode === "quiz"
                          ? qsTr("Question %1 of %2").arg((panel.view.stepIndex || 0) + 1).arg(panel.view.stepCount || 0)
                            + (panel.view.score ? " \u00b7 " + panel.view.score : "")
                          : panel.mode === "drill"
                          ? qsTr("Item %1").arg((panel.view.stepIndex || 0) + 1)
                            + (panel.view.score ? " \u00b7 " + panel.view.score : "")
                          : qsTr("Step %1 of %2").arg((panel.view.stepIndex || 0) + 1).arg(panel.view.stepCount || 0)
                            + (panel.view.stepDone ? "  \u2714" : "")
                    color: "#bba888"
                    font.pixelSize: 12 * panel.ui
                }
                Label {
                    objectName: "matchInfo"
                    textFormat: Text.PlainText
                    visible: panel.view.matchVisible === true
                    Layout.fillWidth: true
                    wrapMode: Text.WordWrap
                    text: {
                        const v = panel.view
                        let parts = []
                        if (v.matchLength > 0)
                            parts.push(qsTr("Match to %1: you %2, opponent %3").arg(v.matchLength)
                                       .arg(v.scoreYou).arg(v.scoreOpponent))
                        else  // (not "Single game": lesson 6 says a single game is a win of 1 point)
                            parts.push(qsTr("Money game"))
                        if (v.crawford)
                            parts.push(qsTr("Crawford game"))
                        else if (v.cubeOffered)
                            parts.push(qsTr("your opponent doubles to %1").arg(v.cubeValue * 2))
                        else if (v.cubeVisible) {  // no cube in the Crawford game
                            const owner = v.cubeOwner === 0 ? qsTr("you own it")
                                        : v.cubeOwner === 1 ? qsTr("your opponent owns it")
                                        : qsTr("in the middle")
                            parts.push(qsTr("cube %1, %2").arg(v.cubeValue).arg(owner))
                        }
                        return parts.join(" \u00b7 ")
                    }
                    color: panel.textColor
                    font.pixelSize: 13 * panel.ui
                }

                KeyScrollView {
                    id: textScroll
                    objectName: "stepTextScroll"
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    clip: true
                    line: 30 * panel.ui
                    pageKeys: false  // Page Down and Page Up step the lesson
                    ColumnLayout {
                        width: textScroll.textWidth
                        spacing: 10 * panel.ui
                        Repeater {
                            model: panel.view.paragraphs || []
                            Label {
                                required property string modelData
                                required property int index
                                objectName: "paragraph_" + index
                                textFormat: Text.PlainText
                                Layout.fillWidth: true
                                text: Texts.unbroken(modelData)  // "6/off", "25 %" kept whole
                                wrapMode: Text.WordWrap
                                color: panel.textColor
                                font.pixelSize: 15 * panel.ui
                                lineHeight: 1.15
                            }
                        }
                    }
                }

                // -- the exercise ---------------------------------------------------------
                Rectangle {
                    Layout.fillWidth: true
                    visible: (panel.view.exercise || "") !== ""
                    implicitHeight: exerciseColumn.implicitHeight + 16 * panel.ui
                    radius: 8 * panel.ui
                    color: "#2a1d14"
                    border.color: panel.view.solved ? "#9cf0a8" : "#6a4d33"
                    ColumnLayout {
                        id: exerciseColumn
                        anchors.left: parent.left
                        anchors.right: parent.right
                        anchors.top: parent.top
                        anchors.margins: 8 * panel.ui
                        spacing: 8 * panel.ui
                        Label {
                            objectName: "promptText"
                            textFormat: Text.PlainText
                            Layout.fillWidth: true
                            text: Texts.unbroken(panel.view.prompt || "")
                            wrapMode: Text.WordWrap
                            color: panel.accent
                            font.pixelSize: 15 * panel.ui
                            font.bold: true
                        }
                        // the feedback and the graded plays come above the answers, so that the
                        // box grows upward and the answer buttons stay where they were clicked
                        Rectangle {
                            objectName: "feedbackBox"
                            visible: panel.feedback.visible === true
                            Layout.fillWidth: true
                            implicitHeight: feedbackText.implicitHeight + 12 * panel.ui
                            radius: 6 * panel.ui
                            color: panel.feedback.correct ? "#2f5a38" : (panel.feedback.hint ? "#4a3d1c" : "#5a2a22")
                            Label {
                                id: feedbackText
                                objectName: "feedbackText"
                                textFormat: Text.PlainText
                                anchors.left: parent.left
                                anchors.right: parent.right
                                anchors.verticalCenter: parent.verticalCenter
                                anchors.margins: 6 * panel.ui
                                text: Texts.unbroken(panel.feedback.text || "")
                                wrapMode: Text.WordWrap
                                color: "#fff6e0"
                                font.pixelSize: 14 * panel.ui
                            }
                        }
                        // a judgement question, once graded: the best plays with their numbers
                        ColumnLayout {
                            objectName: "judgeLines"
                            visible: (panel.feedback.lines || []).length > 0
                            Layout.fillWidth: true
                            spacing: 3 * panel.ui
                            Label {
                                textFormat: Text.PlainText
                                Layout.fillWidth: true
                                text: qsTr("The best plays by this program's evaluation (a money game, the cube in the middle):")
                                wrapMode: Text.WordWrap
                                color: "#bba888"
                                font.pixelSize: 12 * panel.ui
                            }
                            Repeater {
                                model: panel.feedback.lines || []
                                Label {
                                    required property string modelData
                                    required property int index
                                    objectName: "judgeLine_" + index
                                    Layout.fillWidth: true
                                    text: Texts.unbroken(modelData)
                                    textFormat: Text.PlainText
                                    wrapMode: Text.WordWrap
                                    color: panel.textColor
                                    font.pixelSize: 12 * panel.ui
                                }
                            }
                        }
                        RowLayout {
                            visible: ["pips", "shots", "dice_count", "game_points"].indexOf(panel.view.exercise) >= 0
                                     && !panel.view.solved
                            spacing: 8 * panel.ui
                            SpinBox {
                                id: numberInput
                                objectName: "numberInput"
                                from: 0
                                to: 500
                                editable: true
                                font.pixelSize: 15 * panel.ui
                                Layout.preferredWidth: 130 * panel.ui
                                // a field in sight, empty too (its dark base on the dark panel
                                // left only the arrows to see: found by a tester)
                                background: Rectangle {
                                    implicitWidth: 130 * panel.ui
                                    color: numberInput.palette.base
                                    border.color: numberInput.activeFocus ? numberInput.palette.highlight
                                                                          : numberInput.palette.placeholderText
                                    border.width: 1
                                    radius: 3
                                }
                                // an answer is a number the student gave: the box's 0 untouched
                                // is none (found by a tester: Check at once counted as right at
                                // the first try wherever the answer was 0)
                                property bool touched: false
                                onValueModified: if (!touched) { touched = true; showAnew() }
                                // and the untouched box is empty, not a 0 that looks like an
                                // answer that Check would not take (found by a tester)
                                textFromValue: function(value, locale) {
                                    return numberInput.touched ? Number(value).toLocaleString(locale, "f", 0) : ""
                                }
                                function showAnew() {  // the text shown again: the value set anew
                                    const kept = value
                                    value = kept === to ? kept - 1 : kept + 1
                                    value = kept
                                }
                                onTouchedChanged: if (!touched) showAnew()  // (typed: left as typed)
                                Connections {
                                    target: numberInput.contentItem as TextInput
                                    function onTextEdited() { numberInput.touched = true }
                                }
                                // Enter answers with the number typed: the key comes before the
                                // spin box takes the text as its value, so take it here first.
                                function answerTyped() {
                                    if (!numberInput.touched)
                                        return
                                    const text = (numberInput.contentItem as TextInput)?.text ?? ""
                                    const typed = numberInput.valueFromText(text, numberInput.locale)
                                    if (!isNaN(typed))
                                        numberInput.value = typed
                                    LessonPlayer.answerNumber(numberInput.value)
                                }
                                Keys.onReturnPressed: answerTyped()
                                Keys.onEnterPressed: answerTyped()
                                Connections {
                                    target: panel
                                    function onViewChanged() {
                                        if (panel.view.solved !== true && !panel.feedback.visible) {
                                            numberInput.value = 0
                                            numberInput.touched = false
                                        }
                                    }
                                }
                            }
                            GameButton {
                                objectName: "checkButton"
                                ui: panel.ui
                                primary: true
                                text: qsTr("Check")
                                enabled: numberInput.touched
                                onClicked: numberInput.answerTyped()
                            }
                        }
                        RowLayout {
                            visible: (panel.view.choices || []).length > 0 && !panel.view.solved
                            spacing: 8 * panel.ui
                            Repeater {
                                model: panel.view.choices || []
                                GameButton {
                                    required property var modelData  // {id, name}
                                    objectName: "choice_" + modelData.id
                                    ui: panel.ui
                                    text: modelData.name
                                    onClicked: LessonPlayer.choose(modelData.id)
                                }
                            }
                        }
                        Label {
                            textFormat: Text.PlainText
                            visible: panel.view.exercise === "play" && !panel.view.solved
                            Layout.fillWidth: true
                            wrapMode: Text.WordWrap
                            text: qsTr("Click a checker, then the point to move it to, or drag it. By keyboard: the arrow keys and Space on the board.")
                            color: "#bba888"
                            font.pixelSize: 12 * panel.ui
                        }
                        Label {
                            textFormat: Text.PlainText
                            visible: panel.view.exercise === "reach" && !panel.view.solved
                            Layout.fillWidth: true
                            wrapMode: Text.WordWrap
                            text: qsTr("Click the points on the board, one by one (or choose them with the arrow keys and Space).")
                            color: "#bba888"
                            font.pixelSize: 12 * panel.ui
                        }
                        RowLayout {
                            spacing: 8 * panel.ui
                            visible: !panel.view.solved
                            GameButton {
                                objectName: "hintButton"
                                ui: panel.ui
                                text: (panel.view.hintLevel || 0) > 0 ? qsTr("More help") : qsTr("Hint")
                                enabled: panel.view.moreHints !== false
                                // (the checker to move only where a play is asked: a tester
                                // read of it over a question to take or pass)
                                hint: panel.view.exercise === "play"
                                      ? qsTr("First the rule, then the checker to move, then the answer (H)")
                                      : qsTr("Each press helps a little more, up to the answer (H)")
                                onClicked: LessonPlayer.showHint()
                            }
                            GameButton {
                                objectName: "undoButton"
                                ui: panel.ui
                                visible: panel.view.exercise === "play"
                                enabled: panel.view.canUndo === true
                                text: qsTr("Undo")
                                onClicked: LessonPlayer.undoMove()
                            }
                        }
                    }
                }

                GameButton {
                    objectName: "playPositionButton"
                    ui: panel.ui
                    Layout.fillWidth: true
                    visible: LessonPlayOn.available
                    text: qsTr("Play this position")
                    hint: qsTr("Play on from here against the computer in the game window")
                    onClicked: panel.playRequested()
                }
                RowLayout {
                    Layout.fillWidth: true
                    spacing: 8 * panel.ui
                    GameButton {
                        objectName: "backButton"
                        ui: panel.ui
                        text: qsTr("Back")
                        hint: qsTr("The previous step (Page Up or Ctrl+Left)")
                        enabled: panel.view.canBack === true
                        onClicked: LessonPlayer.back()
                    }
                    Item { Layout.fillWidth: true }
                    GameButton {
                        id: nextButton
                        objectName: "nextButton"
                        ui: panel.ui
                        primary: true
                        text: panel.view.isLast ? (panel.view.quizNext ? qsTr("To the quiz") : qsTr("Finish"))
                              : panel.mode === "drill" ? qsTr("Next position") : qsTr("Next")
                        hint: !panel.view.isLast ? qsTr("The next step (Page Down or Ctrl+Right)")
                              : panel.view.quizNext ? qsTr("The lesson's quiz (Page Down or Ctrl+Right)")
                              : qsTr("Back to the lessons (Page Down or Ctrl+Right)")
                        enabled: panel.view.canNext === true
                        onClicked: LessonPlayer.next()
                    }
                }
            }
        }
    }
}
