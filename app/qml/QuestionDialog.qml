// A question with a safe answer (keep the game, keep the lesson's progress): the text of
// `TextDialog`, the answer that acts (`act`, accepting) and the safe one (`keep`, rejecting)
// side by side. The safe answer is in hand, its ring in sight, when it opens: Enter keeps what
// was there (it resigned a game, with nothing shown to say so: found by a tester), Tab goes to
// the other answer, Esc is the safe answer too.
import QtQuick
import QtQuick.Controls
import app.qml

TextDialog {
    id: question
    required property string act
    required property string keep
    property alias actName: actChoice.objectName
    property alias keepName: keepChoice.objectName
    // the two answers, the room between them and the footer's padding (Fusion's 6 and 6)
    answersWidth: actChoice.implicitWidth + keepChoice.implicitWidth + 18 + leftPadding + rightPadding
    footer: DialogButtonBox {
        buttonLayout: DialogButtonBox.GnomeLayout  // Cancel at the left: Tab goes as they stand
        DialogChoice {
            id: actChoice
            text: question.act
            DialogButtonBox.buttonRole: DialogButtonBox.AcceptRole
        }
        DialogChoice {
            id: keepChoice
            text: question.keep
            DialogButtonBox.buttonRole: DialogButtonBox.RejectRole
        }
    }
    onOpened: keepChoice.forceActiveFocus(Qt.TabFocusReason)
    // asked as a file dialog closes (an import), the window comes back after the question: its
    // answer in hand keeps its ring (the window's return took it: a tester)
    Connections {
        target: keepChoice.Window.window
        function onActiveChanged() {
            const window = keepChoice.Window.window
            if (!question.opened || !window || !window.active)
                return
            const answer = actChoice.activeFocus ? actChoice : keepChoice.activeFocus ? keepChoice : null
            if (answer && !answer.visualFocus)
                answer.focusReason = Qt.TabFocusReason
        }
    }
    EnterKey { dialog: question }  // (Qt Quick's buttons take only Space)
}
