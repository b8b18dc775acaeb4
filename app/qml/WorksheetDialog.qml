// "Print a worksheet": a lesson and a language, then a PDF file to save (the Worksheets part
// draws it and says what it wrote).
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import app.qml

Dialog {
    id: dialog
    objectName: "worksheetDialog"
    property real ui: 1.0
    title: qsTr("Print a worksheet")
    modal: true
    parent: Overlay.overlay
    anchors.centerIn: parent
    width: Math.min(460 * ui, parent ? parent.width - 40 : 460)
    // a button of its own: a standard button keeps the language it was made in
    footer: DialogButtonBox {
        buttonLayout: DialogButtonBox.GnomeLayout  // Cancel at the left: Tab goes as they stand
        DialogChoice { text: qsTr("Close"); DialogButtonBox.buttonRole: DialogButtonBox.RejectRole }
    }
    onOpened: {
        lessonBox.currentIndex = Math.max(0, LessonPlayer.lessonIndex)
        languageBox.currentIndex = Math.max(0, I18n.languages.indexOf(I18n.language))
    }

    function language() { return I18n.languages[languageBox.currentIndex] || "en" }

    ColumnLayout {
        anchors.fill: parent
        spacing: 8 * dialog.ui
        Label {
            textFormat: Text.PlainText
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            text: qsTr("A PDF of the lesson's exercises with board diagrams and Position IDs, then the answer key and your notes on pages of their own.")
            font.pixelSize: 12 * dialog.ui
        }
        Label { text: qsTr("Lesson"); textFormat: Text.PlainText }
        ComboBox {
            id: lessonBox
            objectName: "worksheetLesson"
            Layout.fillWidth: true
            model: LessonPlayer.lessonModel
            textRole: "title"
        }
        Label { text: qsTr("Language"); textFormat: Text.PlainText }
        ComboBox {
            id: languageBox
            objectName: "worksheetLanguage"
            Layout.fillWidth: true
            model: I18n.languages.map(code => I18n.languageName(code))
        }
        DialogChoice {  // (room beside its text: Fusion's own left four pixels)
            objectName: "saveWorksheetButton"
            text: qsTr("Save as PDF…")
            onClicked: saveDialog.openIn(Worksheets.folder())  // the last sheet's, else documents
        }
        Label {
            objectName: "worksheetMessage"
            visible: text !== ""
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            textFormat: Text.PlainText
            text: Worksheets.message
        }
    }

    SaveDialog {
        id: saveDialog
        objectName: "worksheetSaveDialog"
        title: qsTr("Save the worksheet")
        defaultSuffix: "pdf"
        nameFilters: [qsTr("PDF files (*.pdf)")]
        name: Worksheets.suggestedName(lessonBox.currentIndex, dialog.language())
        onChosen: (file, folder) => Worksheets.write(lessonBox.currentIndex, dialog.language(), file,
                                                     folder)
    }
}
