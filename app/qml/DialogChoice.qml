// A button of a dialog's footer (`DialogButtonBox`): Fusion's own leaves four pixels beside
// its text, and a long answer ("Giv op og begynd forfra") stood edge to edge in it (found by a
// tester).
import QtQuick.Controls

Button {
    leftPadding: 12
    rightPadding: 12
}
