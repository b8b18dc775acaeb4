// The students of this computer: add one, rename or remove the one picked (removing asks
// first). Names are checked by the Classroom part, which says why it refuses one.
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import app.qml

Dialog {
    id: dialog
    // the buttons under the list: their text clear of their edges ("Work as this student" touched
    // them at 1024x768, seen by a tester)
    component RoomyButton: Button {
        leftPadding: 10 * dialog.ui
        rightPadding: 10 * dialog.ui
    }
    objectName: "studentsDialog"
    property real ui: 1.0
    property string picked: Classroom.currentStudent
    property string error: ""
    property bool confirming: false
    readonly property string pickedName: {
        for (const s of Classroom.students)
            if (s.id === picked) return s.name
        return ""
    }
    title: qsTr("Students")
    modal: true
    parent: Overlay.overlay
    anchors.centerIn: parent
    width: Math.min(440 * ui, parent ? parent.width - 40 : 440)
    height: Math.min(480 * ui, parent ? parent.height - 40 : 480)
    // a button of its own: a standard button keeps the language it was made in
    footer: DialogButtonBox {
        buttonLayout: DialogButtonBox.GnomeLayout  // Cancel at the left: Tab goes as they stand
        DialogChoice { text: qsTr("Close"); DialogButtonBox.buttonRole: DialogButtonBox.RejectRole }
    }
    onOpened: { picked = Classroom.currentStudent; error = ""; nameField.text = ""; confirming = false }

    ColumnLayout {
        anchors.fill: parent
        spacing: 8 * dialog.ui
        Label {
            textFormat: Text.PlainText
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            text: qsTr("Each student keeps their own progress, answers and hints. Pick one to work as that student.")
            font.pixelSize: 12 * dialog.ui
        }
        ListView {
            id: list
            objectName: "studentList"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: Classroom.students
            spacing: 2 * dialog.ui
            delegate: ItemDelegate {
                id: row
                required property var modelData
                required property int index
                objectName: "studentRow_" + index
                width: ListView.view.width
                highlighted: dialog.picked === modelData.id
                onClicked: {
                    dialog.picked = modelData.id
                    nameField.text = modelData.name
                    dialog.error = ""
                    dialog.confirming = false
                }
                onDoubleClicked: Classroom.selectStudent(modelData.id)
                contentItem: RowLayout {
                    Label {
                        Layout.fillWidth: true
                        text: row.modelData.name
                        textFormat: Text.PlainText
                        elide: Text.ElideRight
                        font.bold: row.modelData.id === Classroom.currentStudent
                        font.pixelSize: 14 * dialog.ui
                        color: row.highlighted ? row.palette.highlightedText : row.palette.text
                    }
                    Label {
                        textFormat: Text.PlainText
                        visible: row.modelData.id === Classroom.currentStudent
                        text: qsTr("working now")
                        font.pixelSize: 11 * dialog.ui
                        color: row.highlighted ? row.palette.highlightedText : "#bba888"
                    }
                }
            }
        }
        TextField {
            id: nameField
            objectName: "studentName"
            Layout.fillWidth: true
            placeholderText: qsTr("Name")
            maximumLength: 40
            font.pixelSize: 14 * dialog.ui
            onAccepted: addButton.clicked()
        }
        Label {
            objectName: "studentError"
            visible: dialog.error !== ""
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            textFormat: Text.PlainText
            text: dialog.error
            color: "#ffb09a"
        }
        Flow {
            Layout.fillWidth: true
            spacing: 6 * dialog.ui
            RoomyButton {
                id: addButton
                objectName: "addStudentButton"
                text: qsTr("Add")
                // the new student is picked, one click from working: the one working stays
                onClicked: {
                    const before = Classroom.students.map(s => s.id)
                    dialog.error = Classroom.addStudent(nameField.text)
                    if (dialog.error === "") {
                        const added = Classroom.students.find(s => !before.includes(s.id))
                        dialog.picked = added ? added.id : dialog.picked
                        nameField.text = ""
                    }
                }
            }
            RoomyButton {
                objectName: "renameStudentButton"
                text: qsTr("Rename")
                enabled: dialog.picked !== ""
                onClicked: dialog.error = Classroom.renameStudent(dialog.picked, nameField.text)
            }
            RoomyButton {
                objectName: "workAsButton"
                text: qsTr("Work as this student")
                enabled: dialog.picked !== "" && dialog.picked !== Classroom.currentStudent
                onClicked: Classroom.selectStudent(dialog.picked)
            }
            RoomyButton {
                objectName: "removeStudentButton"
                text: qsTr("Remove…")
                enabled: dialog.picked !== "" && Classroom.students.length > 1
                onClicked: dialog.confirming = true
            }
        }
        // removing asks first, here in the dialog
        Label {
            objectName: "confirmRemoveText"
            visible: dialog.confirming
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            textFormat: Text.PlainText
            text: qsTr("Remove %1 and all their progress and answers? This cannot be undone.").arg(dialog.pickedName)
            color: "#ffb09a"
        }
        RowLayout {
            visible: dialog.confirming
            spacing: 6 * dialog.ui
            Button {
                objectName: "confirmRemoveButton"
                text: qsTr("Remove")
                onClicked: {
                    dialog.error = Classroom.removeStudent(dialog.picked)
                    dialog.picked = Classroom.currentStudent
                    dialog.confirming = false
                }
            }
            Button {
                objectName: "keepStudentButton"
                text: qsTr("Keep")
                onClicked: dialog.confirming = false
            }
        }
    }
}
