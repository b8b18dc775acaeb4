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
    width: 1280
    height: 800
    minimumWidth: 900
    minimumHeight: 600
    title: qsTr("Lessons")
    color: "#2a1c12"
    palette {
        window: "#3a281b"; windowText: "#f3e6cc"; base: "#2a1d14"; alternateBase: "#332418"
        text: "#f3e6cc"; button: "#6a4d33"; buttonText: "#f6ead2"; highlight: "#e0b35a"
        highlightedText: "#2a1a0c"; placeholderText: "#9a8a70"; mid: "#5c4330"
        light: "#7a5a3c"; dark: "#1f140d"
    }

    readonly property real ui: Math.max(0.8, Math.min(1.5, Math.min(width / 1280, height / 800)))
    readonly property color accent: "#e0b35a"
    readonly property color textColor: "#f3e6cc"
    readonly property var view: LessonPlayer.view

    // Keys for the classroom: next and back, the hint, undo a move.
    Shortcut {
        sequences: ["Right", StandardKey.MoveToNextPage]
        enabled: lessonWindow.view.canNext === true
        onActivated: LessonPlayer.next()
    }
    Shortcut {
        sequences: ["Left", StandardKey.MoveToPreviousPage]
        enabled: lessonWindow.view.canBack === true
        onActivated: LessonPlayer.back()
    }
    Shortcut {
        sequence: "H"
        enabled: (lessonWindow.view.exercise || "") !== "" && lessonWindow.view.solved !== true
        onActivated: LessonPlayer.showHint()
    }
    Shortcut {
        sequences: ["Ctrl+W", "Ctrl+F4", "Esc"]  // not StandardKey.Close: it holds Ctrl+W too, and a key twice is ambiguous
        onActivated: lessonWindow.close()
    }
    Shortcut {
        sequences: [StandardKey.Undo, "Backspace"]
        enabled: lessonWindow.view.canUndo === true
        onActivated: LessonPlayer.undoMove()
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
            Layout.preferredWidth: 270 * lessonWindow.ui
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
                        Layout.fillWidth: true
                        text: qsTr("Lessons")
                        color: lessonWindow.accent
                        font.pixelSize: 22 * lessonWindow.ui
                        font.bold: true
                    }
                    Button {
                        objectName: "closeLessonsButton"
                        text: qsTr("Close")
                        font.pixelSize: 13 * lessonWindow.ui
                        ToolTip.visible: hovered
                        ToolTip.text: qsTr("Close the lessons (Esc)")
                        onClicked: lessonWindow.close()
                    }
                }
                ListView {
                    id: lessonList
                    objectName: "lessonList"
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    clip: true
                    spacing: 6 * lessonWindow.ui
                    model: LessonPlayer.lessonModel
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
                        width: ListView.view.width
                        height: itemColumn.implicitHeight + 14 * lessonWindow.ui
                        radius: 8 * lessonWindow.ui
                        color: current ? "#6a4d33" : (itemMouse.containsMouse ? "#4a3426" : "#2f2117")
                        border.color: current ? lessonWindow.accent : "#5c4330"
                        MouseArea {
                            id: itemMouse
                            objectName: "openLesson_" + item.index
                            anchors.fill: parent
                            hoverEnabled: true
                            onClicked: LessonPlayer.openLesson(item.index)
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
                                    text: item.done ? "\u2714" : String(item.number)
                                    color: item.done ? "#9cf0a8" : lessonWindow.accent
                                    font.pixelSize: 16 * lessonWindow.ui
                                    font.bold: true
                                    Layout.preferredWidth: 22 * lessonWindow.ui
                                }
                                Label {
                                    text: item.title
                                    color: lessonWindow.textColor
                                    font.pixelSize: 14 * lessonWindow.ui
                                    font.bold: item.current
                                    wrapMode: Text.WordWrap
                                    Layout.fillWidth: true
                                }
                            }
                            Flow {  // the restart link goes to its own line when short of room
                                Layout.fillWidth: true
                                Layout.leftMargin: 22 * lessonWindow.ui
                                spacing: 12 * lessonWindow.ui
                                Label {
                                    objectName: "lessonProgress_" + item.index
                                    text: qsTr("%1 of %2 steps done").arg(item.stepsDone).arg(item.stepCount)
                                    color: "#bba888"
                                    font.pixelSize: 11 * lessonWindow.ui
                                }
                                Label {
                                    objectName: "restartLesson_" + item.index
                                    visible: item.stepsDone > 0
                                    text: qsTr("Restart")
                                    color: lessonWindow.accent
                                    font.pixelSize: 11 * lessonWindow.ui
                                    font.underline: true
                                    MouseArea {
                                        anchors.fill: parent
                                        onClicked: LessonPlayer.restartLesson(item.index)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }

        // -- the open lesson ----------------------------------------------------------------------
        LessonPanel {
            Layout.fillWidth: true
            Layout.fillHeight: true
            visible: lessonWindow.view.open === true
            view: lessonWindow.view
            ui: lessonWindow.ui
        }
        Label {
            objectName: "chooseLessonText"
            visible: lessonWindow.view.open !== true
            Layout.fillWidth: true
            Layout.fillHeight: true
            horizontalAlignment: Text.AlignHCenter
            verticalAlignment: Text.AlignVCenter
            wrapMode: Text.WordWrap
            text: lessonWindow.view.error
                  ? qsTr("The lessons could not be loaded: %1").arg(lessonWindow.view.error)
                  : lessonWindow.view.progressSaving === false
                    ? qsTr("Choose a lesson on the left.")
                    : qsTr("Choose a lesson on the left. Your progress is saved: a lesson opens where you left it.")
            color: lessonWindow.textColor
            font.pixelSize: 18 * lessonWindow.ui
        }
    }
}
