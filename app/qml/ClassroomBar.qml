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

    function openOverview() {
        teacherView.show()
        if (Qt.platform.pluginName !== "offscreen")  // (a window without a screen cannot)
            teacherView.raise()
    }

    Menu {
        id: classroomMenu
        objectName: "classroomMenu"
        y: -height
        MenuItem {
            objectName: "studentsItem"
            text: qsTr("Students…")
            onTriggered: studentsDialog.open()
        }
        MenuItem {
            objectName: "overviewItem"
            text: qsTr("Class overview…")
            onTriggered: menuButton.openOverview()
        }
        MenuItem {
            objectName: "worksheetItem"
            text: qsTr("Print a worksheet…")
            onTriggered: worksheetDialog.open()
        }
        MenuSeparator {}
        MenuItem {
            objectName: "teacherModeItem"
            text: qsTr("Teacher mode")
            checkable: true
            checked: Classroom.teacherMode
            onTriggered: Classroom.teacherMode = checked
        }
    }

    StudentsDialog { id: studentsDialog; ui: menuButton.ui }
    WorksheetDialog { id: worksheetDialog; ui: menuButton.ui }
    TeacherView { id: teacherView }
}
