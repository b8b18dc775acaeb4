// The class at a glance: a row per student and a cell per lesson (steps done, score, mistakes,
// hints, the last quiz), a student's detail (per lesson, and their latest answers), and Export
// CSV. Shows the ClassReport part; the file dialog's choice goes to ClassReport.exportCsv.
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import app.qml

ApplicationWindow {
    id: view
    objectName: "teacherView"
    title: qsTr("Class overview")
    // 1000 x 700, or the screen it opens on when that is smaller
    width: Math.min(1000, Math.max(minimumWidth, Screen.desktopAvailableWidth - Theme.frameWidth))
    height: Math.min(700, Math.max(minimumHeight, Screen.desktopAvailableHeight - Theme.frameHeight))
    minimumWidth: 760
    minimumHeight: 520
    color: "#2a1c12"
    palette {
        window: "#3a281b"; windowText: "#f3e6cc"; base: "#2a1d14"; alternateBase: "#332418"
        text: "#f3e6cc"; button: "#6a4d33"; buttonText: "#f6ead2"; highlight: "#e0b35a"
        highlightedText: "#2a1a0c"; placeholderText: "#9a8a70"; mid: "#5c4330"
        light: "#7a5a3c"; dark: "#1f140d"
        // what cannot be used now reads dimmer (a single game's Crawford box, say)
        disabled { windowText: "#8f7f66"; text: "#8f7f66"; buttonText: "#a08f72" }
    }
    readonly property real ui: Math.max(0.8, Math.min(1.3, Math.min(width / 1000, height / 700)))
    readonly property color accent: "#e0b35a"
    readonly property color textColor: "#f3e6cc"
    readonly property var heads: ClassReport.lessonHeads
    readonly property var detail: ClassReport.detail
    readonly property real nameWidth: 150 * ui
    // the lessons and the total share the width left by the names (narrower: the table scrolls)
    readonly property real cellWidth: Math.max(
        76 * ui, (tableScroll.width - nameWidth - 3 * ui * (heads.length + 1)) / (heads.length + 1))

    function scoreText(cell) { return cell.score < 0 ? "–" : qsTr("%1% right").arg(cell.score) }
    // a lesson's line in a student's detail: one not begun says so (it read "0 of 6 steps, –,
    // 0 mistakes, 0 hints, 0 minutes answering"), and answers of under a minute are said so
    function lessonText(cell) {
        if (cell.stepsDone === 0 && cell.tried === 0 && cell.seconds === 0)
            return qsTr("%1. %2: not begun").arg(cell.number).arg(cell.title)
        const answering = cell.seconds === 0 ? ""
            : ", " + (cell.seconds < 60 ? qsTr("under a minute answering")
                      : qsTr("%n minute answering", "%n minutes answering", Math.round(cell.seconds / 60)))
        return qsTr("%1. %2: %3 of %4 steps, %5").arg(cell.number).arg(cell.title)
                   .arg(cell.stepsDone).arg(cell.steps).arg(scoreText(cell))
               + ", " + qsTr("%n mistake", "%n mistakes", cell.mistakes)
               + ", " + qsTr("%n hint", "%n hints", cell.hints)
               + answering
               + (cell.quizItems > 0
                  ? ", " + qsTr("last quiz %1 of %2 right at the first try").arg(cell.quizRight).arg(cell.quizItems)
                  : "")
    }

    Shortcut { sequences: ["Esc", "Ctrl+W"]; onActivated: view.close() }

    ColumnLayout {
        anchors.fill: parent
        anchors.margins: 12 * view.ui
        spacing: 8 * view.ui

        RowLayout {
            Layout.fillWidth: true
            spacing: 8 * view.ui
            Label {
                textFormat: Text.PlainText
                Layout.fillWidth: true
                text: qsTr("Class overview")
                color: view.accent
                font.pixelSize: 22 * view.ui
                font.bold: true
            }
            Button {
                objectName: "exportCsvButton"
                text: qsTr("Export CSV…")
                onClicked: csvDialog.openIn(ClassReport.folder())  // the last file's, else documents
            }
            Button {
                objectName: "closeTeacherView"
                text: qsTr("Close")
                onClicked: view.close()
            }
        }
        Label {
            textFormat: Text.PlainText
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            color: "#bba888"
            font.pixelSize: 12 * view.ui
            text: qsTr("Each lesson: the steps done, the share of exercises right at the first try without a hint, the wrong answers, the hints and the score of the last quiz. Click a student for the detail.")
        }
        Label {
            objectName: "exportMessage"
            visible: text !== ""
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            textFormat: Text.PlainText
            text: ClassReport.message
            color: view.accent
        }

        // -- the table: students x lessons -------------------------------------------------------
        Flickable {
            id: tableScroll
            objectName: "classTable"
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredHeight: 3
            clip: true
            contentWidth: table.implicitWidth
            contentHeight: table.implicitHeight
            boundsBehavior: Flickable.StopAtBounds
            ScrollBar.vertical: ScrollBar {}
            ScrollBar.horizontal: ScrollBar {}
            Column {
                id: table
                spacing: 3 * view.ui
                Row {  // the heads
                    spacing: 3 * view.ui
                    Label {
                        textFormat: Text.PlainText
                        width: view.nameWidth
                        text: qsTr("Student")
                        font.bold: true
                        color: view.accent
                        font.pixelSize: 13 * view.ui
                    }
                    Repeater {
                        model: view.heads
                        Label {
                            required property var modelData
                            textFormat: Text.PlainText
                            width: view.cellWidth
                            horizontalAlignment: Text.AlignHCenter
                            text: qsTr("Lesson %1").arg(modelData.number)
                            wrapMode: Text.WordWrap
                            font.bold: true
                            color: view.accent
                            font.pixelSize: 13 * view.ui
                            ToolTip.visible: headMouse.containsMouse
                            ToolTip.text: modelData.title
                            MouseArea { id: headMouse; anchors.fill: parent; hoverEnabled: true }
                        }
                    }
                    Label {
                        textFormat: Text.PlainText
                        width: view.cellWidth
                        horizontalAlignment: Text.AlignHCenter
                        text: qsTr("All lessons")
                        wrapMode: Text.WordWrap  // "Alle lektioner" is wider than a cell at 1024x768
                        font.bold: true
                        color: view.accent
                        font.pixelSize: 13 * view.ui
                    }
                }
                Repeater {
                    model: ClassReport.rows
                    Row {
                        id: studentRow
                        required property var modelData
                        required property int index
                        spacing: 3 * view.ui
                        Rectangle {
                            objectName: "studentCell_" + studentRow.index
                            width: view.nameWidth
                            height: rowHeight.implicitHeight
                            radius: 6 * view.ui
                            color: ClassReport.selected === studentRow.modelData.id ? "#6a4d33" : "#3a281b"
                            border.color: "#5c4330"
                            Label {
                                anchors.fill: parent
                                anchors.margins: 6 * view.ui
                                verticalAlignment: Text.AlignVCenter
                                text: studentRow.modelData.name
                                textFormat: Text.PlainText
                                wrapMode: Text.WordWrap
                                maximumLineCount: 3
                                elide: Text.ElideRight
                                font.bold: true
                                font.pixelSize: 13 * view.ui
                                color: view.textColor
                            }
                            MouseArea {
                                anchors.fill: parent
                                onClicked: ClassReport.showStudent(studentRow.modelData.id)
                            }
                        }
                        Repeater {
                            model: studentRow.modelData.lessons
                            SummaryCell {
                                required property var modelData
                                required property int index
                                objectName: "cell_" + studentRow.index + "_" + index
                                cell: modelData
                                ui: view.ui
                                width: view.cellWidth
                            }
                        }
                        SummaryCell {
                            id: rowHeight
                            objectName: "total_" + studentRow.index
                            cell: studentRow.modelData.total
                            ui: view.ui
                            width: view.cellWidth
                            total: true
                        }
                    }
                }
            }
        }

        // -- one student -------------------------------------------------------------------------
        Rectangle {
            objectName: "studentDetail"
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredHeight: 2
            radius: 8 * view.ui
            color: "#3a281b"
            border.color: "#5c4330"
            Label {
                textFormat: Text.PlainText
                visible: view.detail.open !== true
                anchors.centerIn: parent
                text: qsTr("Click a student's name for their answers.")
                color: "#bba888"
            }
            Flickable {
                id: detailScroll
                visible: view.detail.open === true
                anchors.fill: parent
                anchors.margins: 8 * view.ui
                clip: true
                contentWidth: width
                contentHeight: detailColumn.implicitHeight
                boundsBehavior: Flickable.StopAtBounds
                ScrollBar.vertical: ScrollBar {}
                ColumnLayout {
                    id: detailColumn
                    width: detailScroll.width - 10 * view.ui
                    spacing: 3 * view.ui
                    Label {
                        objectName: "detailName"
                        Layout.fillWidth: true
                        text: view.detail.name || ""
                        textFormat: Text.PlainText
                        color: view.accent
                        font.bold: true
                        font.pixelSize: 16 * view.ui
                    }
                    Repeater {
                        model: view.detail.lessons || []
                        Label {
                            required property var modelData
                            textFormat: Text.PlainText
                            Layout.fillWidth: true
                            wrapMode: Text.WordWrap
                            font.pixelSize: 12 * view.ui
                            color: view.textColor
                            objectName: "detailLesson" + index
                            required property int index
                            text: view.lessonText(modelData)
                        }
                    }
                    Label {
                        textFormat: Text.PlainText
                        Layout.topMargin: 6 * view.ui
                        text: qsTr("Latest answers (%1 in all)").arg(view.detail.answerCount || 0)
                        color: view.accent
                        font.bold: true
                        font.pixelSize: 13 * view.ui
                    }
                    Repeater {
                        model: view.detail.answers || []
                        Label {
                            required property var modelData
                            required property int index
                            objectName: "answer_" + index
                            Layout.fillWidth: true
                            wrapMode: Text.WordWrap
                            textFormat: Text.PlainText
                            font.pixelSize: 12 * view.ui
                            color: modelData.correct ? "#9cf0a8" : "#ffb09a"
                            text: modelData.when + "  " + qsTr("Lesson %1").arg(modelData.lesson) + ", "
                                  + modelData.step + ": " + modelData.answer + " "
                                  + (modelData.correct ? "\u2714" : "\u2718") + "  "
                                  + qsTr("%n hint", "%n hints", modelData.hints) + ", "
                                  + qsTr("%n second", "%n seconds", modelData.seconds)
                        }
                    }
                }
            }
        }
    }

    SaveDialog {
        id: csvDialog
        objectName: "csvDialog"
        title: qsTr("Export the class as CSV")
        defaultSuffix: "csv"
        nameFilters: [qsTr("CSV files (*.csv)")]
        name: qsTr("class") + ".csv"
        onChosen: (file, folder) => ClassReport.exportCsv(file, folder)
    }
}
