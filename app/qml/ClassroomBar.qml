// The classroom menu at the foot of the lesson list: the students, the class overview, printing
// a worksheet, and teacher mode. The dialogs and the teacher's window live here.
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import app.qml

Button {
    id: menuButton
    objectName: "classroomMenuButton"
    property real ui: 1.0  // the dialogs' size
    property real textUi: ui  // the button's text: with the player's text size
    text: qsTr("Classroom")
    font.pixelSize: 13 * textUi
    onClicked: classroomMenu.open()
    Keys.onReturnPressed: click()  // Enter as Space (Qt Quick's buttons take only Space)
    Keys.onEnterPressed: click()

    function openOverview() {
        teacherView.show()
        if (Qt.platform.pluginName !== "offscreen")  // (a window without a screen cannot)
            teacherView.raise()
    }

    Menu {
        id: classroomMenu
        objectName: "classroomMenu"
        y: -height
        // as wide as its longest entry in the text size of now (its items' own widths stayed
        // those of a smaller size: "Print a worksheet…" was cut at 150%)
        width: Math.max(implicitWidth, indicatorRoom + Math.max(
                            entryMetrics.advanceWidth(studentsItem.text),
                            entryMetrics.advanceWidth(overviewItem.text),
                            entryMetrics.advanceWidth(worksheetItem.text),
                            entryMetrics.advanceWidth(teacherModeItem.text)))
        readonly property real indicatorRoom: teacherModeItem.leftPadding + teacherModeItem.rightPadding
                                              + teacherModeItem.spacing + 28 * menuButton.textUi
        FontMetrics { id: entryMetrics; font: worksheetItem.font }
        MenuItem {
            id: studentsItem
            objectName: "studentsItem"
            text: qsTr("Students…")
            onTriggered: studentsDialog.open()
        }
        MenuItem {
            id: overviewItem
            objectName: "overviewItem"
            text: qsTr("Class overview…")
            onTriggered: menuButton.openOverview()
        }
        MenuItem {
            id: worksheetItem
            objectName: "worksheetItem"
            text: qsTr("Print a worksheet…")
            onTriggered: worksheetDialog.open()
        }
        MenuSeparator {}
        MenuItem {
            id: teacherModeItem
            objectName: "teacherModeItem"
            text: qsTr("Teacher mode")
            checkable: true
            checked: Classroom.teacherMode
            onTriggered: Classroom.teacherMode = checked
        }
    }

    // with the player's text size (at 150% the students' dialog kept its small texts)
    StudentsDialog { id: studentsDialog; ui: menuButton.textUi }
    WorksheetDialog { id: worksheetDialog; ui: menuButton.textUi }
    TeacherView { id: teacherView }
}
