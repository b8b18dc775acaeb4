// The lessons window: the list of the eight lessons with their progress, and the open lesson
// (the board with its marks, the text, the exercise, feedback and the step buttons).
// Everything shown comes from the LessonPlayer it is given; answers go back to it.
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import app.qml

ApplicationWindow {
    id: lessonWindow
    objectName: "lessonWindow"
    // 1280 x 800, or the screen it opens on when that is smaller (down to 800 x 600)
    width: Math.min(1280, Math.max(minimumWidth, Screen.desktopAvailableWidth - Theme.frameWidth))
    height: Math.min(800, Math.max(minimumHeight, Screen.desktopAvailableHeight - Theme.frameHeight))
    minimumWidth: 800
    minimumHeight: 600
    title: qsTr("Lessons")
    color: "#2a1c12"
    palette {
        window: "#3a281b"; windowText: "#f3e6cc"; base: "#2a1d14"; alternateBase: "#332418"
        text: "#f3e6cc"; button: "#6a4d33"; buttonText: "#f6ead2"; highlight: "#e0b35a"
        highlightedText: "#2a1a0c"; placeholderText: "#9a8a70"; mid: "#5c4330"
        light: "#7a5a3c"; dark: "#1f140d"
        // what cannot be used now reads dimmer (a single game's Crawford box, say)
        disabled { windowText: "#8f7f66"; text: "#8f7f66"; buttonText: "#a08f72" }
    }

    readonly property real ui: Math.max(0.8, Math.min(1.5, Math.min(width / 1280, height / 800)))
    readonly property real textUi: ui * Theme.textScale  // the player's text size
    font.pointSize: Math.max(6, Application.font.pointSize) * Theme.textScale
    readonly property color accent: "#e0b35a"
    readonly property color textColor: "#f3e6cc"
    readonly property var view: LessonPlayer.view
    property var mainWindow: null  // the game window, raised when a position is played on
    // Closed (Esc, Ctrl+W, the button): the keys go back to the game window.
    onClosing: if (mainWindow) mainWindow.requestActivate()
    // A narrow window (a 1024 x 768 projector, 800 x 600) gives an open lesson the whole width:
    // the list comes back with the lesson's "All lessons" button, and goes when one is opened.
    readonly property bool narrow: width < 1100
    property bool listWanted: false
    readonly property bool listShown: !narrow || view.open !== true || listWanted
    function openFromList(index) {
        listWanted = false
        LessonPlayer.openLesson(index)
    }
    // "Play this position": asks before a game in progress is replaced.
    function playPosition() {
        if (MatchView.matchInProgress) replaceGameDialog.open()
        else LessonPlayOn.play()
    }
    Connections {
        target: LessonPlayOn
        function onOpened() {
            if (lessonWindow.mainWindow) {
                lessonWindow.mainWindow.raise()
                lessonWindow.mainWindow.requestActivate()
            }
        }
        function onFailed(message) {
            playFailedDialog.message = message
            playFailedDialog.open()
        }
    }

    // Keys for the classroom: next and back, the hint, undo a move. While the board has the
    // focus its arrow keys move over the points: then Page Down and Page Up, or Ctrl+Right and
    // Ctrl+Left, step.
    Shortcut {
        sequences: ["Right", "Ctrl+Right", StandardKey.MoveToNextPage]
        enabled: lessonWindow.view.canNext === true
        onActivated: LessonPlayer.next()
    }
    Shortcut {
        sequences: ["Left", "Ctrl+Left", StandardKey.MoveToPreviousPage]
        enabled: lessonWindow.view.canBack === true
        onActivated: LessonPlayer.back()
    }
    Shortcut {
        sequence: "H"
        enabled: (lessonWindow.view.exercise || "") !== "" && lessonWindow.view.solved !== true
        onActivated: LessonPlayer.showHint()
    }
    Shortcut {
        sequences: ["Ctrl+W", "Ctrl+F4"]  // not StandardKey.Close: it holds Ctrl+W too, and a key twice is ambiguous
        onActivated: lessonWindow.close()
    }
    // Esc steps out one level: from a lesson, a quiz or a drill to the list of lessons (as
    // "All lessons" does; the lesson stays where it is), from the list it closes the window. It
    // never ends the student's work, and a checker picked up on the board is put down by it
    // first (the board takes the key then). It did nothing in a lesson (found by a tester).
    Shortcut {
        sequence: "Esc"
        onActivated: {
            if (lessonWindow.view.open !== true || lessonList.activeFocus) {
                lessonWindow.close()
            } else {
                lessonWindow.listWanted = true
                lessonList.forceActiveFocus(Qt.TabFocusReason)
            }
        }
    }
    Shortcut {
        sequences: [StandardKey.Undo, "Backspace"]
        enabled: lessonWindow.view.canUndo === true
        onActivated: LessonPlayer.undoMove()
    }

    Component.onCompleted: lessonList.forceActiveFocus()  // Up, Down and Enter choose a lesson

    // A screen reader says each new step and the verdict on each answer.
    readonly property string stepKey: view.open === true ? view.lessonNumber + "." + view.stepIndex : ""
    onStepKeyChanged: {
        if (stepKey === "") return
        const text = [qsTr("Step %1 of %2").arg(view.stepIndex + 1).arg(view.stepCount),
                      view.stepTitle].concat(view.paragraphs || []).concat([view.prompt || ""])
        lessonList.Accessible.announce(text.filter(t => t !== "").join(". "))
    }
    Connections {
        target: LessonPlayer
        function onLessonChanged() {  // the list's keyboard place follows the lesson opened
            if (LessonPlayer.lessonIndex >= 0) lessonList.currentIndex = LessonPlayer.lessonIndex
        }
        function onFeedbackChanged() {
            if (LessonPlayer.feedback.visible === true)
                lessonList.Accessible.announce(LessonPlayer.feedback.text)
        }
    }

    background: Rectangle {
        gradient: Gradient {
            GradientStop { position: 0.0; color: "#3b281a" }
            GradientStop { position: 1.0; color: "#1f140d" }
        }
    }

    // Said at the top while progress is not saved, or after a damaged progress file was set aside.
    Rectangle {
        id: progressBanner
        objectName: "progressBanner"
        visible: (lessonWindow.view.progressNotice || "") !== ""
        anchors.left: parent.left
        anchors.right: parent.right
        anchors.top: parent.top
        anchors.margins: 10 * lessonWindow.ui
        height: visible ? progressNoticeText.implicitHeight + 16 * lessonWindow.ui : 0
        radius: 8 * lessonWindow.ui
        color: "#6b2f1f"
        border.color: lessonWindow.accent
        Label {
            id: progressNoticeText
            objectName: "progressNoticeText"
            anchors.fill: parent
            anchors.margins: 8 * lessonWindow.ui
            verticalAlignment: Text.AlignVCenter
            wrapMode: Text.WordWrap
            textFormat: Text.PlainText
            text: lessonWindow.view.progressNotice || ""
            color: lessonWindow.textColor
            font.pixelSize: 14 * lessonWindow.ui
        }
    }

    RowLayout {
        anchors.fill: parent
        anchors.topMargin: progressBanner.visible
                           ? progressBanner.height + 20 * lessonWindow.ui : 10 * lessonWindow.ui
        anchors.margins: 10 * lessonWindow.ui
        spacing: 10 * lessonWindow.ui

        // -- the lesson list --------------------------------------------------------------------
        Rectangle {
            objectName: "lessonListPanel"
            visible: lessonWindow.listShown
            Layout.preferredWidth: 270 * lessonWindow.ui * Math.sqrt(Theme.textScale)  // larger text: a bit wider
            Layout.fillHeight: true
            radius: 10 * lessonWindow.ui
            color: "#3a281b"
            border.color: "#5c4330"

            ColumnLayout {
                anchors.fill: parent
                anchors.margins: 10 * lessonWindow.ui
                spacing: 8 * lessonWindow.ui
                RowLayout {
                    Layout.fillWidth: true
                    Label {
                        textFormat: Text.PlainText
                        Layout.fillWidth: true
                        text: qsTr("Learn backgammon")
                        color: lessonWindow.accent
                        font.pixelSize: 20 * lessonWindow.textUi
                        font.bold: true
                        wrapMode: Text.WordWrap
                        // a long word beside the Close button (large text, a narrow window)
                        // is made smaller rather than run under it
                        fontSizeMode: Text.HorizontalFit
                        minimumPixelSize: 10
                    }
                    Button {
                        objectName: "closeLessonsButton"
                        text: qsTr("Close")
                        font.pixelSize: 13 * lessonWindow.textUi
                        ToolTip.visible: hovered
                        ToolTip.text: qsTr("Close the lessons (Esc)")
                        onClicked: lessonWindow.close()
                        Keys.onReturnPressed: click()  // Enter as Space
                        Keys.onEnterPressed: click()
                    }
                }
                StudentPicker {  // the student working now
                    Layout.fillWidth: true
                    ui: lessonWindow.textUi
                }
                TabBar {
                    id: sideTabs
                    objectName: "sideTabs"
                    Layout.fillWidth: true
                    Repeater {
                        model: [qsTr("Lessons"), qsTr("Drills")]
                        TabButton {
                            id: tab
                            required property string modelData
                            required property int index
                            objectName: index === 0 ? "lessonsTab" : "drillsTab"
                            text: modelData
                            font.pixelSize: 15 * lessonWindow.textUi
                            font.bold: true
                            contentItem: Text {
                                textFormat: Text.PlainText
                                text: tab.text
                                font: tab.font
                                fontSizeMode: Text.HorizontalFit
                                minimumPixelSize: 9
                                horizontalAlignment: Text.AlignHCenter
                                verticalAlignment: Text.AlignVCenter
                                color: tab.checked ? lessonWindow.accent : lessonWindow.textColor
                            }
                        }
                    }
                }
                StackLayout {
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    currentIndex: sideTabs.currentIndex
                    ListView {
                        id: lessonList
                        objectName: "lessonList"
                        clip: true
                        ScrollBar.vertical: ScrollBar {}  // shown when the lessons do not fit
                        spacing: 6 * lessonWindow.ui
                        model: LessonPlayer.lessonModel
                        activeFocusOnTab: true
                        keyNavigationEnabled: true
                        Keys.onReturnPressed: lessonWindow.openFromList(currentIndex)
                        Keys.onEnterPressed: lessonWindow.openFromList(currentIndex)
                        Keys.onSpacePressed: lessonWindow.openFromList(currentIndex)
                        delegate: Rectangle {
                            id: item
                            required property int index
                            required property int number
                            required property string title
                            required property bool done
                            required property int stepsDone
                            required property int stepCount
                            readonly property bool current: LessonPlayer.lessonIndex === index
                            objectName: "lessonItem_" + index
                            // its keyboard ring after a key only (a click on "All lessons"
                            // lit it for a mouse player: found by a tester)
                            readonly property bool keyed: ListView.isCurrentItem && lessonList.activeFocus
                                                          && InputMode.keys
                            Accessible.role: Accessible.ListItem
                            Accessible.name: qsTr("Lesson %1: %2").arg(number).arg(title)
                            Accessible.description: lessonProgress.text
                            width: ListView.view.width
                            height: itemColumn.implicitHeight + 14 * lessonWindow.ui
                            radius: 8 * lessonWindow.ui
                            color: current ? "#6a4d33" : (itemMouse.containsMouse ? "#4a3426" : "#2f2117")
                            border.color: keyed ? "#7fd4ff" : current ? lessonWindow.accent : "#5c4330"
                            border.width: keyed ? 3 : 1
                            MouseArea {
                                id: itemMouse
                                objectName: "openLesson_" + item.index
                                anchors.fill: parent
                                hoverEnabled: true
                                onClicked: lessonWindow.openFromList(item.index)
                            }
                            ColumnLayout {
                                id: itemColumn
                                anchors.left: parent.left
                                anchors.right: parent.right
                                anchors.verticalCenter: parent.verticalCenter
                                anchors.margins: 8 * lessonWindow.ui
                                spacing: 2 * lessonWindow.ui
                                RowLayout {
                                    Layout.fillWidth: true
                                    Label {
                                        objectName: "lessonDone_" + item.index
                                        textFormat: Text.PlainText
                                        text: item.done ? "\u2714" : String(item.number)
                                        color: item.done ? "#9cf0a8" : lessonWindow.accent
                                        font.pixelSize: 16 * lessonWindow.textUi
                                        font.bold: true
                                        Layout.preferredWidth: 22 * lessonWindow.textUi
                                    }
                                    Label {
                                        textFormat: Text.PlainText
                                        text: item.title
                                        color: lessonWindow.textColor
                                        font.pixelSize: 14 * lessonWindow.textUi
                                        font.bold: item.current
                                        wrapMode: Text.WordWrap
                                        Layout.fillWidth: true
                                    }
                                }
                                // the progress and, at its end, the restart mark: a word there
                                // went to a line of its own in some cards, which then changed
                                // heights under the pointer (found by a tester)
                                RowLayout {
                                    Layout.fillWidth: true
                                    Layout.leftMargin: 22 * lessonWindow.textUi
                                    spacing: 8 * lessonWindow.ui
                                    Label {
                                        id: lessonProgress
                                        objectName: "lessonProgress_" + item.index
                                        textFormat: Text.PlainText
                                        text: qsTr("%1 of %2 steps done").arg(item.stepsDone).arg(item.stepCount)
                                        color: "#bba888"
                                        font.pixelSize: 11 * lessonWindow.textUi
                                        wrapMode: Text.WordWrap
                                        Layout.fillWidth: true
                                    }
                                    Label {
                                        objectName: "restartLesson_" + item.index
                                        textFormat: Text.PlainText
                                        visible: item.stepsDone > 0
                                        text: "\u21ba"  // an arrow round: start again
                                        color: lessonWindow.accent
                                        font.pixelSize: 14 * lessonWindow.textUi
                                        font.bold: true
                                        // no taller than the progress beside it: the card keeps
                                        // its height as the mark comes
                                        Layout.maximumHeight: lessonProgress.implicitHeight
                                        verticalAlignment: Text.AlignVCenter
                                        Accessible.role: Accessible.Button
                                        Accessible.name: qsTr("Restart")
                                        ToolTip.visible: restartMouse.containsMouse
                                        ToolTip.delay: 400
                                        ToolTip.text: qsTr("Restart")
                                        MouseArea {
                                            id: restartMouse
                                            anchors.fill: parent
                                            anchors.margins: -4 * lessonWindow.ui  // a larger target
                                            hoverEnabled: true
                                            cursorShape: Qt.PointingHandCursor
                                            // asked first: the lesson's progress is forgotten
                                            onClicked: restartDialog.ask(item.index, item.number)
                                        }
                                    }
                                }
                            }
                        }
                    }
                    ListView {
                        id: drillList
                        objectName: "drillList"
                        clip: true
                        spacing: 6 * lessonWindow.ui
                        model: LessonPlayer.drillModel
                        header: Label {
                            textFormat: Text.PlainText
                            width: ListView.view.width
                            bottomPadding: 6 * lessonWindow.ui
                            wrapMode: Text.WordWrap
                            text: qsTr("Endless practice: a new position after each answer, checked by the rules engine.")
                            color: "#bba888"
                            font.pixelSize: 12 * lessonWindow.textUi
                        }
                        delegate: Rectangle {
                            id: drillItem
                            required property int index
                            required property string title
                            objectName: "drillItem_" + index
                            width: ListView.view.width
                            height: drillLabel.implicitHeight + 16 * lessonWindow.ui
                            radius: 8 * lessonWindow.ui
                            color: drillMouse.containsMouse ? "#4a3426" : "#2f2117"
                            border.color: "#5c4330"
                            MouseArea {
                                id: drillMouse
                                objectName: "openDrill_" + drillItem.index
                                anchors.fill: parent
                                hoverEnabled: true
                                onClicked: {
                                    lessonWindow.listWanted = false
                                    LessonPlayer.openDrill(drillItem.index)
                                }
                            }
                            Label {
                                id: drillLabel
                                anchors.left: parent.left
                                anchors.right: parent.right
                                anchors.verticalCenter: parent.verticalCenter
                                anchors.margins: 8 * lessonWindow.ui
                                textFormat: Text.PlainText
                                text: drillItem.title
                                color: lessonWindow.textColor
                                font.pixelSize: 14 * lessonWindow.textUi
                                wrapMode: Text.WordWrap
                            }
                        }
                    }
                }
                TeacherNotes {
                    visible: Classroom.teacherMode
                    Layout.fillWidth: true
                    ui: lessonWindow.ui
                    maxHeight: lessonWindow.height * 0.22
                }
                ClassroomBar {  // students, class overview, worksheets, teacher mode
                    Layout.fillWidth: true
                    ui: lessonWindow.ui
                    textUi: lessonWindow.textUi
                }
            }
        }

        // -- the open lesson ----------------------------------------------------------------------
        LessonPanel {
            id: lessonPanel
            Layout.fillWidth: true
            Layout.fillHeight: true
            visible: lessonWindow.view.open === true
            view: lessonWindow.view
            ui: lessonWindow.textUi
            listHidden: !lessonWindow.listShown
            onPlayRequested: lessonWindow.playPosition()
            onListRequested: lessonWindow.listWanted = true
        }
        Label {
            objectName: "chooseLessonText"
            textFormat: Text.PlainText
            visible: lessonWindow.view.open !== true
            Layout.fillWidth: true
            Layout.fillHeight: true
            horizontalAlignment: Text.AlignHCenter
            verticalAlignment: Text.AlignVCenter
            wrapMode: Text.WordWrap
            text: lessonWindow.view.error
                  ? qsTr("The lessons could not be loaded: %1").arg(lessonWindow.view.error)
                  : (lessonWindow.view.finished ? lessonWindow.view.finished + "\n\n" : "")
                    + (sideTabs.currentIndex === 1  // the drills' tab ("choose a lesson": a tester)
                    ? qsTr("Choose a drill on the left.")
                    : lessonWindow.view.progressSaving === false
                    ? qsTr("Choose a lesson on the left.")
                    : qsTr("Choose a lesson on the left. Your progress is saved: a lesson opens where you left it."))
            color: lessonWindow.textColor
            font.pixelSize: 18 * lessonWindow.textUi
        }
    }

    // Asked before a lesson's progress is forgotten (a click on "Restart" forgot it at once).
    QuestionDialog {
        id: restartDialog
        objectName: "restartDialog"
        title: qsTr("Restart")
        room: lessonWindow.width
        ui: lessonWindow.ui
        property int lesson: -1
        function ask(index: int, number: int) {
            restartDialog.lesson = index
            restartDialog.text = qsTr("Start lesson %1 again from its first step? Its steps done and its last quiz score are forgotten; the answers kept for the teacher stay.").arg(number)
            open()
        }
        act: qsTr("Restart")
        actName: "confirmRestartButton"
        keep: qsTr("Cancel")
        keepName: "keepProgressButton"
        onAccepted: LessonPlayer.restartLesson(restartDialog.lesson)
    }

    QuestionDialog {
        id: replaceGameDialog
        objectName: "replaceGameDialog"
        title: qsTr("Play this position")
        room: lessonWindow.width
        ui: lessonWindow.ui
        text: MatchView.matchLength > 0
              ? qsTr("A match is in progress. Resign it and play this position instead?")
              : qsTr("A game is in progress. Resign it and play this position instead?")
        act: qsTr("Play this position")
        actName: "replaceGameButton"
        keep: qsTr("Keep the game")
        keepName: "keepGameButton"
        onAccepted: LessonPlayOn.play()
    }

    TextDialog {
        id: playFailedDialog
        objectName: "playFailedDialog"
        property string message: ""
        title: qsTr("Play this position")
        room: lessonWindow.width
        ui: lessonWindow.ui
        text: qsTr("This position cannot be played on: %1").arg(playFailedDialog.message)
    }

    FocusFrame {}  // the keyboard's focus, plain around any control of the window's dialogs

    // the keys, fallen on nothing, go to the lesson's board, or to the list: also when the list
    // is put away as a lesson opens in a narrow window, and when "All lessons" brings it back
    KeysKeeper { within: lessonPanel; onLost: lessonWindow.keysHome() }
    function keysHome() {
        if (view.open === true && !listWanted)
            lessonPanel.keysToBoard()
        else
            lessonList.forceActiveFocus(Qt.TabFocusReason)
    }
}
