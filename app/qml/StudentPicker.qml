// The student working now, at the top of the lesson list: each student keeps their own
// progress. Shows the Classroom part's students and tells when one of their files is damaged.
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import app.qml

ColumnLayout {
    id: picker
    property real ui: 1.0
    spacing: 4 * ui

    ComboBox {
        id: studentPicker
        objectName: "studentPicker"
        Layout.fillWidth: true
        font.pixelSize: 13 * picker.ui
        model: Classroom.students
        textRole: "name"
        valueRole: "id"
        currentIndex: {
            const list = Classroom.students
            for (let i = 0; i < list.length; ++i)
                if (list[i].id === Classroom.currentStudent) return i
            return -1
        }
        onActivated: index => Classroom.selectStudent(Classroom.students[index].id)
        // its tip under it: above it, it covered the window's heading each time the window
        // opened under the pointer (found by a tester)
        hoverEnabled: true
        ToolTip {
            objectName: "studentPickerTip"
            y: studentPicker.height + 4
            visible: studentPicker.hovered && !studentPicker.popup.visible
            delay: 500
            text: qsTr("The student working now: each keeps their own progress")
        }
        delegate: ItemDelegate {
            id: choice
            required property var modelData
            required property int index
            width: ListView.view ? ListView.view.width : implicitWidth
            font.pixelSize: 13 * picker.ui
            highlighted: studentPicker.highlightedIndex === index
            contentItem: Label {
                text: choice.modelData.name
                textFormat: Text.PlainText
                font: choice.font
                fontSizeMode: Text.HorizontalFit
                minimumPixelSize: 8
            }
        }
        contentItem: Label {
            leftPadding: 8 * picker.ui
            text: studentPicker.displayText
            textFormat: Text.PlainText
            font: studentPicker.font
            verticalAlignment: Text.AlignVCenter
            // a long name in a narrow window gets smaller, never cut off
            fontSizeMode: Text.HorizontalFit
            minimumPixelSize: 8
        }
    }
    Label {
        objectName: "classroomProblem"
        visible: text !== ""
        Layout.fillWidth: true
        text: Classroom.problem
        textFormat: Text.PlainText
        wrapMode: Text.WordWrap
        color: "#ffb09a"
        font.pixelSize: 11 * picker.ui
    }
}
