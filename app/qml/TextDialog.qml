// A dialog that says one text, a question or a notice: centred and modal, its text wrapped at a
// width read from the room it stands in (`room`, the window's width) and its answers' width,
// never from its own content (read from there, every resize of the window looped the text's
// height), at most `widest` pixels of text size 1 unless the answers need more. Its button is OK unless it brings its own footer (a standard button
// keeps the language it was made in).
import QtQuick
import QtQuick.Controls
import "texts.js" as Texts

Dialog {
    id: box
    required property real room
    property real ui: 1.0
    property real widest: 520
    property string text
    property alias textName: said.objectName
    property alias wrapMode: said.wrapMode
    readonly property real wide: Math.min(room * 0.9, widest * ui)
    modal: true
    focus: true  // the keys go to the dialog, not to what stands behind it
    anchors.centerIn: parent
    // wider where the answers need it (two long ones were squeezed into the text's width)
    property real answersWidth: 0  // (from the buttons' own widths: the footer's loops)
    readonly property real across: Math.min(room * 0.95, Math.max(wide, answersWidth))
    width: across
    footer: DialogButtonBox {
        buttonLayout: DialogButtonBox.GnomeLayout  // Cancel at the left: Tab goes as they stand
        DialogChoice { text: qsTr("OK"); DialogButtonBox.buttonRole: DialogButtonBox.AcceptRole }
    }
    Label {
        id: said
        width: box.across - box.leftPadding - box.rightPadding
        wrapMode: Text.WordWrap
        textFormat: Text.PlainText
        text: Texts.wholeNames(box.text)  // a file's name, an ID kept whole
    }
}
