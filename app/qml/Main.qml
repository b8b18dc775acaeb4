// The game window: the board, the side panel with players, score and actions, the menus,
// the prompts (take or pass, end of game) and the dialogs.
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import app.qml

ApplicationWindow {
    id: window
    objectName: "mainWindow"
    readonly property var geometry: Settings.windowGeometry()
    // The size last used, within the screen it opens on: a window saved on a large screen
    // opens whole on a 1024 x 768 projector.
    width: Math.min(geometry.width, Math.max(minimumWidth, Screen.desktopAvailableWidth - Theme.frameWidth))
    height: Math.min(geometry.height, Math.max(minimumHeight, Screen.desktopAvailableHeight - Theme.frameHeight))
    minimumWidth: 800
    minimumHeight: 600
    visible: true
    title: qsTr("Backgammon")
    color: "#2a1c12"
    palette {
        window: "#3a281b"; windowText: "#f3e6cc"; base: "#2a1d14"; alternateBase: "#332418"
        text: "#f3e6cc"; button: "#6a4d33"; buttonText: "#f6ead2"; highlight: "#e0b35a"
        highlightedText: "#2a1a0c"; placeholderText: "#9a8a70"; mid: "#5c4330"
        light: "#7a5a3c"; dark: "#1f140d"; toolTipBase: "#2a1d14"; toolTipText: "#f3e6cc"
        // what cannot be used now reads dimmer (a single game's Crawford box, say)
        disabled { windowText: "#8f7f66"; text: "#8f7f66"; buttonText: "#a08f72" }
    }

    readonly property real ui: Math.max(0.85, Math.min(1.6, Math.min(width / 1280, height / 800)))
    // The size of the texts beside the board (the side panel, prompts and dialogs): the window's
    // scale times the player's text size.
    // A window lower than 720 pixels has room for 125% at most (the panel does not scroll).
    readonly property real textScale: height < 720 ? Math.min(Theme.textScale, 1.25)
                                                   : Theme.textScale
    readonly property real textUi: ui * textScale
    function openFirstMenu() {
        const bar = window.menuBar as MenuBar
        const first = bar ? bar.itemAt(0) as MenuBarItem : null
        if (first)
            first.triggered()  // as its key opens it: its first entry chosen
    }
    font.pointSize: Math.max(6, Application.font.pointSize) * textScale
    readonly property color panelColor: "#3a281b"
    readonly property color accent: "#e0b35a"
    readonly property color textColor: "#f3e6cc"
    readonly property var levelNames: ({
        "beginner": qsTr("Beginner"), "easy": qsTr("Easy"), "medium": qsTr("Medium"),
        "hard": qsTr("Hard"), "expert": qsTr("Expert")
    })
    readonly property var hintNames: [qsTr("Hints: off"), qsTr("Hints: checkers"),
                                      qsTr("Hints: checkers and points")]

    onClosing: {
        Settings.saveWindowGeometry(width, height, visibility === Window.Maximized)
        // long work in the background stops first: the computer's shutdown waits for the pool
        RolloutView.stop()
        Analysis.cancel()
        GameFlow.shutdown()
    }
    Component.onCompleted: {
        if (geometry.maximized) showMaximized()
        board.forceActiveFocus()  // the keys play from the start
    }
    // The boards by name, as Options > Board lists them (with their Alt letters)
    readonly property var themeNames: ({
        "classic": qsTr("&Classic wood"), "blue": qsTr("&Blue felt"), "slate": qsTr("&Slate"),
        "contrast": qsTr("&High contrast")
    })

    background: Rectangle {
        gradient: Gradient {
            GradientStop { position: 0.0; color: "#3b281a" }
            GradientStop { position: 1.0; color: "#1f140d" }
        }
    }

    // -- shortcuts ----------------------------------------------------------------------------
    // The window's keys live in an item, not in the window itself: Qt Quick holds back the
    // shortcuts of an item while a modal dialog covers it, and would let those of the window
    // act behind the dialog. A file dialog is a window of its own above this one, which does
    // not count as covering it: while one is open the keys are off (the keys typed into it
    // rolled the dice, Enter in its file name field started the next game).
    readonly property bool keysFree: !positionTools.fileDialogOpen
    Item {
        objectName: "windowShortcuts"
        Shortcut { sequences: ["R", "Space"]; enabled: window.keysFree && MatchView.canRoll; onActivated: GameFlow.roll() }
        Shortcut { sequences: [StandardKey.Undo, "Backspace"]; enabled: window.keysFree && MatchView.canUndo && !Tutor.visible; onActivated: GameFlow.undo() }
        Shortcut {
            sequences: ["Return", "Enter"]
            enabled: window.keysFree && !newGameDialog.opened && !confirmNewDialog.opened
            onActivated: window.confirmOrNext()
        }
        Shortcut { sequence: "D"; enabled: window.keysFree && MatchView.canDouble; onActivated: GameFlow.double() }
        Shortcut { enabled: window.keysFree; sequence: "Ctrl+N"; onActivated: window.askNewGame() }
        Shortcut { enabled: window.keysFree; sequence: "H"; onActivated: Settings.cycleHintMode() }
        Shortcut { enabled: window.keysFree; sequence: "Ctrl+L"; onActivated: window.openLessons() }
        Shortcut { enabled: window.keysFree; sequence: "F1"; onActivated: helpDialog.open() }
        // F10 opens the first menu, as in desktop programs (Alt and a menu's letter open that one)
        Shortcut { enabled: window.keysFree; sequence: "F10"; onActivated: window.openFirstMenu() }
        Shortcut { enabled: window.keysFree; sequence: "Ctrl+Left"; onActivated: History.back() }
        Shortcut { sequence: "Ctrl+Right"; enabled: window.keysFree && MatchView.reviewing; onActivated: History.forward() }
        Shortcut { enabled: window.keysFree; sequence: "Ctrl+Home"; onActivated: History.first() }
        Shortcut { sequence: "Ctrl+End"; enabled: window.keysFree && MatchView.reviewing; onActivated: History.last() }
        // Esc closes what is open first (the tutor's word: think again; the hint), then leaves the review
        Shortcut { sequence: "Esc"; enabled: window.keysFree && MatchView.reviewing && !Coach.visible; onActivated: History.leave() }
        Shortcut { sequence: "T"; enabled: window.keysFree && MatchView.mustAnswerDouble; onActivated: GameFlow.take() }
        Shortcut { sequence: "P"; enabled: window.keysFree && MatchView.mustAnswerDouble; onActivated: GameFlow.passDouble() }
        Shortcut { sequences: ["Ctrl+H", "?"]; enabled: window.keysFree && Coach.available; onActivated: Coach.hint() }
        Shortcut { sequence: "Ctrl+Shift+H"; enabled: window.keysFree && Coach.available; onActivated: Coach.chances() }
        Shortcut { sequence: "Esc"; enabled: window.keysFree && Coach.visible && !Tutor.visible; onActivated: Coach.close() }
        // the tutor's word waits for an answer: Esc, Ctrl+Z or Backspace take the decision back
        Shortcut { sequences: ["Esc", StandardKey.Undo, "Backspace"]; enabled: window.keysFree && Tutor.visible && !MatchView.reviewing; onActivated: Tutor.rethink() }
    }

    // The lessons open in their own top-level window (not a child of this one, so that this
    // window's shortcuts do not act while the lessons are in front), made on first use.
    // (Declared, not looked up by name: Qt.createComponent("app.qml", "LessonWindow") was once
    // taken for its (url, mode) form, and the lessons did not open all session long, found by a
    // tester.)
    property var lessonWindow: null
    Component {
        id: lessonWindowComponent
        LessonWindow {}
    }
    function openLessons() {
        if (!lessonWindow) {
            lessonWindow = lessonWindowComponent.createObject(null, { mainWindow: window })
            if (!lessonWindow) {
                messageDialog.say(qsTr("The lessons could not be opened: %1")
                                  .arg(lessonWindowComponent.errorString()))
                return
            }
        }
        lessonWindow.show()
        lessonWindow.raise()
        lessonWindow.requestActivate()
    }

    // A new game never throws away a game or match in progress without asking.
    function askNewGame() {
        if (MatchView.matchInProgress) confirmNewDialog.open()
        else window.unlessAnalysed(() => newGameDialog.open())
    }
    // what replaces an analysed game or match asks first (a tester lost an analysis so)
    // (`match`: what comes is a new match, and the question says so)
    function unlessAnalysed(go, match) {
        if (!MatchView.analysed) { go(); return }
        confirmDropAnalysisDialog.proceed = go
        confirmDropAnalysisDialog.match = match === true
        confirmDropAnalysisDialog.exported = PositionSetup.exportedNow()
        confirmDropAnalysisDialog.open()
    }

    // The analysis view from a game's end or the review: what is on show is analysed unless
    // the analysis on hand covers it.
    function analyse() {
        Analysis.analyseOnShow()
        analysisDialog.open()
    }

    function confirmOrNext() {
        // the tutor asks: Enter gives its answer in gold (a mouse player's Enter did nothing
        // there, the turn's Enter not being one: found by a tester)
        if (tutorPanel.visible) tutorPanel.enter()
        else if (MatchView.canConfirm) GameFlow.confirm()
        else if (MatchView.gameOver.visible && !MatchView.gameOver.matchOver && MatchView.matchLength > 0)
            GameFlow.nextGame()
    }

    menuBar: MenuBar {
        delegate: GameMenuBarItem {}
        GameMenu {
            title: qsTr("&Game")
            KeyAction { text: qsTr("&New game…"); keys: "Ctrl+N"; onTriggered: window.askNewGame() }
            KeyAction { text: qsTr("&Lessons…"); keys: "Ctrl+L"; onTriggered: window.openLessons() }
            KeyAction { text: qsTr("&Statistics…"); onTriggered: statisticsDialog.open() }
            KeyAction { text: qsTr("&Analysis…"); onTriggered: analysisDialog.open() }
            KeyAction { text: qsTr("D&ice report…"); onTriggered: diceDialog.open() }
            KeyAction {
                text: qsTr("Ne&xt game")
                keys: "Enter"
                enabled: MatchView.gameOver.visible && !MatchView.gameOver.matchOver && MatchView.matchLength > 0
                onTriggered: GameFlow.nextGame()
            }
            MenuSeparator {}
            KeyAction { text: qsTr("&Roll"); keys: "R"; enabled: MatchView.canRoll; onTriggered: GameFlow.roll() }
            KeyAction { text: qsTr("&Double"); keys: "D"; enabled: MatchView.canDouble; onTriggered: GameFlow.double() }
            KeyAction { text: qsTr("&Undo move"); keys: "Ctrl+Z"; enabled: MatchView.canUndo; onTriggered: GameFlow.undo() }
            KeyAction { text: qsTr("&Hint"); keys: "Ctrl+H"; enabled: Coach.available; onTriggered: Coach.hint() }
            KeyAction {
                text: qsTr("&Winning chances")
                keys: "Ctrl+Shift+H"
                enabled: Coach.available
                onTriggered: Coach.chances()
            }
            KeyAction {  // (not "Confirm end of turn": that is the option of the Options menu)
                text: qsTr("End &turn")
                keys: "Enter"
                enabled: MatchView.canConfirm
                onTriggered: GameFlow.confirm()
            }
            GameMenu {
                title: qsTr("R&esign")
                enabled: MatchView.canResign
                KeyAction { text: qsTr("A &single game"); onTriggered: resignDialog.ask(1) }
                KeyAction { text: qsTr("A &gammon"); onTriggered: resignDialog.ask(2) }
                KeyAction { text: qsTr("A &backgammon"); onTriggered: resignDialog.ask(3) }
            }
            MenuSeparator {}
            KeyAction { text: qsTr("&Quit"); keys: "Ctrl+Q"; shortcut: StandardKey.Quit; onTriggered: window.close() }
        }
        EditMenu { tools: positionTools }
        GameMenu {
            title: qsTr("&Options")
            GameMenu {
                title: qsTr("&Move hints")
                keys: "H"  // each press the next of its choices
                KeyAction {
                    text: qsTr("Hints: &off"); checkable: true; choice: true
                    checked: Settings.hintMode === 0; onTriggered: Settings.hintMode = 0
                }
                KeyAction {
                    text: qsTr("Hints: &checkers"); checkable: true; choice: true
                    checked: Settings.hintMode === 1; onTriggered: Settings.hintMode = 1
                }
                KeyAction {
                    text: qsTr("Hints: checkers and &points"); checkable: true; choice: true
                    checked: Settings.hintMode === 2; onTriggered: Settings.hintMode = 2
                }
            }
            GameMenu {
                title: qsTr("&Tutor")
                Repeater {
                    model: [qsTr("Tutor: &off"), qsTr("Warn about &doubtful plays and worse (0.03)"),
                            qsTr("Warn about &bad plays and worse (0.06)"),
                            qsTr("Warn on &very bad plays only (0.12)")]
                    GameMenuItem {
                        required property string modelData
                        required property int index
                        objectName: "tutorMode" + index
                        text: modelData
                        checkable: true
                        choice: true
                        checked: Settings.tutorMode === index
                        onTriggered: Settings.tutorMode = index
                    }
                }
            }
            KeyAction {
                text: qsTr("S&hot counter (point at a blot)")
                checkable: true
                checked: Settings.shotCounter
                onTriggered: Settings.shotCounter = checked
            }
            KeyAction {
                text: qsTr("&Confirm end of turn")
                checkable: true
                checked: Settings.confirmEndOfTurn
                onTriggered: Settings.confirmEndOfTurn = checked
            }
            KeyAction {
                text: qsTr("&Quick moves (one click plays a checker's only move)")
                checkable: true
                checked: Settings.quickMoves
                onTriggered: Settings.quickMoves = checked
            }
            KeyAction {
                text: qsTr("&Play forced moves for me")
                checkable: true
                checked: Settings.autoForced
                onTriggered: Settings.autoForced = checked
            }
            KeyAction {
                text: qsTr("&Sound effects")
                checkable: true
                checked: Settings.sounds
                onTriggered: Settings.sounds = checked
            }
            KeyAction {
                text: qsTr("Bear &off for me at the end of a race")
                checkable: true
                checked: Settings.autoBearOff
                onTriggered: Settings.autoBearOff = checked
            }
            KeyAction {
                text: qsTr("T&urn the board for two players")
                checkable: true
                checked: Settings.boardTurning
                onTriggered: Settings.boardTurning = checked
            }
            GameMenu {
                title: qsTr("&Language")
                Repeater {
                    model: I18n.languages
                    GameMenuItem {
                        required property string modelData
                        // each language's own name (never translated): &English, &Dansk, &Nederlands
                        text: "&" + I18n.languageName(modelData)
                        checkable: true
                        choice: true
                        checked: I18n.language === modelData
                        onTriggered: {
                            I18n.language = modelData
                            Settings.language = modelData  // remembered for the next start
                        }
                    }
                }
            }
            GameMenu {
                title: qsTr("&Board")
                Repeater {
                    model: Theme.names
                    GameMenuItem {
                        required property string modelData
                        text: window.themeNames[modelData] || modelData
                        checkable: true
                        choice: true
                        checked: Theme.name === modelData
                        onTriggered: Settings.theme = modelData
                    }
                }
                MenuSeparator {}
                KeyAction {
                    text: qsTr("&Mark the black checkers")
                    checkable: true
                    enabled: !Theme.highContrast  // always marked there
                    checked: Theme.marks
                    onTriggered: Settings.checkerMarks = checked
                }
            }
            GameMenu {
                title: qsTr("Te&xt size")
                Repeater {
                    model: [100, 125, 150]
                    GameMenuItem {
                        required property int modelData
                        required property int index
                        // naming I18n.language: written anew in a new language
                        readonly property string percent: I18n.language && I18n.formatPercent(modelData / 100)
                        // &100%, 1&25%, 1&50%: the first digit that no size above has taken
                        text: index === 0 ? "&" + percent : percent[0] + "&" + percent.slice(1)
                        checkable: true
                        choice: true
                        checked: Settings.textScale === modelData
                        onTriggered: Settings.textScale = modelData
                    }
                }
            }
            GameMenu {
                title: qsTr("&Animation speed")
                KeyAction {
                    text: qsTr("&Slow"); checkable: true; choice: true
                    checked: Settings.animationSpeed === 0; onTriggered: Settings.animationSpeed = 0
                }
                KeyAction {
                    text: qsTr("&Normal"); checkable: true; choice: true
                    checked: Settings.animationSpeed === 1; onTriggered: Settings.animationSpeed = 1
                }
                KeyAction {
                    text: qsTr("&Fast"); checkable: true; choice: true
                    checked: Settings.animationSpeed === 2; onTriggered: Settings.animationSpeed = 2
                }
                KeyAction {
                    text: qsTr("No &animation"); checkable: true; choice: true
                    checked: Settings.animationSpeed === 3; onTriggered: Settings.animationSpeed = 3
                }
            }
        }
        GameMenu {
            title: qsTr("&Help")
            KeyAction { text: qsTr("&How to play"); keys: "F1"; onTriggered: helpDialog.open() }
            KeyAction { text: qsTr("&About Backgammon"); onTriggered: aboutDialog.open() }
        }
    }

    RowLayout {
        anchors.fill: parent
        anchors.margins: 10 * window.ui
        spacing: 10 * window.ui

        Item {
            id: boardArea
            Layout.fillWidth: true
            Layout.fillHeight: true

            Board {
                id: board
                objectName: "board"
                anchors.left: parent.left
                anchors.right: parent.right
                anchors.top: parent.top
                anchors.bottom: coachPanels.top
                anchors.bottomMargin: coachPanels.implicitHeight > 0 ? 8 * window.ui : 0
                boardState: MatchView.board
                turned: MatchView.turned
                animateTurning: Settings.stepMs > 0
                dice: MatchView.dice
                diceOwner: MatchView.diceOwner
                movingPlayer: MatchView.onRoll
                openingDice: MatchView.openingDice
                cubeVisible: MatchView.cubeEnabled && !MatchView.crawfordGame
                cubeValue: MatchView.cubeValue
                cubeOwner: MatchView.cubeOwner
                cubeOffered: MatchView.cubeOffered
                ringCheckers: MatchView.ringCheckers
                ringPoints: MatchView.ringPoints
                arrows: Coach.arrows.length > 0 ? Coach.arrows : MatchView.lastMove  // a hint, or the last play
                noteLocation: ShotCounter.location
                noteText: ShotCounter.text
                onLocationHovered: location => ShotCounter.hover(location)
                selectedLocation: MatchView.selected
                draggableLocations: MatchView.draggable
                interactive: MatchView.humanToAct
                onLocationClicked: location => BoardInput.clickLocation(location)
                onLocationDoubleClicked: location => BoardInput.doubleClickLocation(location)
                onCheckerDropped: (from, to) => BoardInput.dropChecker(from, to)
                onDiceClicked: if (MatchView.canConfirm) GameFlow.confirm()
                speech: BoardSpeech.texts
            }
            Connections {  // what happens, said by the screen reader
                target: Announcer
                function onAnnounced(text) { board.Accessible.announce(text) }
            }
            Connections {
                target: ComputerTurn
                function onStepAnimated(from, to, player, ms) { board.animateStep(from, to, player, ms) }
            }
            // The tutor's word and the hint, below the board (the board gives them room)
            ColumnLayout {
                id: coachPanels
                anchors.left: parent.left
                anchors.right: parent.right
                anchors.bottom: parent.bottom
                spacing: 6 * window.ui
                TutorPanel {
                    id: tutorPanel
                    Layout.fillWidth: true
                    ui: window.textUi
                    // its word is on the decision in hand, not on a moment of the history
                    // (found by a tester: it stood over the history, and "Show the best play"
                    // hinted the moment under review)
                    visible: Tutor.visible && !MatchView.reviewing
                }
                HintPanel {
                    Layout.fillWidth: true
                    ui: window.textUi
                    maxHeight: boardArea.height / 2  // the board keeps half of its room
                    // closed while its list had the keys (Esc, a play): the KeysKeeper gives
                    // them to the board (they were left on nothing, and Enter no longer ended
                    // the turn)
                    visible: Coach.visible
                }
            }
            Rectangle {  // the tutor judges a decision, or a hint is worked out: on top of the board
                objectName: "coachWorking"
                visible: Tutor.checking || Coach.working
                anchors.horizontalCenter: board.horizontalCenter
                anchors.bottom: board.bottom
                anchors.bottomMargin: 12 * window.ui
                width: checkingRow.implicitWidth + 24 * window.ui
                height: checkingRow.implicitHeight + 12 * window.ui
                radius: height / 2
                color: "#e02a1c12"
                border.color: window.accent
                RowLayout {
                    id: checkingRow
                    anchors.centerIn: parent
                    BusyIndicator {
                        running: parent.visible
                        Layout.preferredWidth: 20 * window.ui
                        Layout.preferredHeight: 20 * window.ui
                    }
                    Label {
                        textFormat: Text.PlainText
                        text: Tutor.checking ? qsTr("The tutor is checking…") : qsTr("Working out the hint…")
                        color: window.textColor
                        font.pixelSize: 13 * window.ui
                    }
                }
            }

            // Take or pass
            Rectangle {
                id: doublePrompt
                objectName: "doublePrompt"
                visible: MatchView.mustAnswerDouble
                // On the board's middle line, between the points' tips, where the checkers are
                // least (below it, it covered the taker's home board, the position being judged:
                // found by a tester), and no wider than the room between the two fields' middles,
                // where the offered cube stands on that line: clear of it on either side
                readonly property real widest: board.u * 7.9
                anchors.horizontalCenter: board.horizontalCenter
                y: board.y + board.height / 2 - height / 2
                width: Math.min(widest, promptColumn.implicitWidth + 32 * window.textUi)
                height: promptColumn.implicitHeight + 20 * window.textUi
                radius: 12 * window.textUi
                color: "#ee2a1c12"
                border.color: window.accent
                border.width: 2
                ColumnLayout {
                    id: promptColumn
                    anchors.centerIn: parent
                    readonly property real widest: doublePrompt.widest - 32 * window.textUi
                    spacing: 6 * window.textUi
                    Label {
                        textFormat: Text.PlainText
                        Layout.alignment: Qt.AlignHCenter
                        Layout.maximumWidth: promptColumn.widest
                        horizontalAlignment: Text.AlignHCenter
                        wrapMode: Text.WordWrap
                        text: qsTr("%1 doubles to %2.").arg(MatchView.names[MatchView.onRoll] || "")
                                                       .arg(MatchView.cubeValue * 2)
                        color: window.textColor
                        font.pixelSize: 18 * window.textUi
                        font.bold: true
                    }
                    Label {
                        textFormat: Text.PlainText
                        Layout.alignment: Qt.AlignHCenter
                        Layout.maximumWidth: promptColumn.widest
                        horizontalAlignment: Text.AlignHCenter
                        wrapMode: Text.WordWrap
                        // its last two words on one line ("(tab" then "1)?" in Danish)
                        objectName: "doubleQuestion"
                        text: qsTr("%1: take (play on for %2 points) or pass (lose %3)?")
                              .arg(MatchView.names[1 - MatchView.onRoll] || "").arg(MatchView.cubeValue * 2)
                              .arg(MatchView.cubeValue).replace(/ (\S+)$/, "\u00a0$1")
                        color: window.textColor
                        font.pixelSize: 13 * window.textUi
                    }
                    RowLayout {
                        Layout.alignment: Qt.AlignHCenter
                        spacing: 16 * window.textUi
                        GameButton {
                            objectName: "takeButton"
                            roomy: true
                            ui: window.textUi
                            text: qsTr("Take")
                            hint: qsTr("Take the double (T)")
                            onClicked: GameFlow.take()
                        }
                        GameButton {
                            objectName: "passButton"
                            roomy: true
                            ui: window.textUi
                            text: qsTr("Pass")
                            hint: qsTr("Pass and lose the game (P)")
                            onClicked: GameFlow.passDouble()
                        }
                    }
                }
            }

            // End of game or match. Its corner's button puts it aside to show the board (at
            // 150% text it hid most of it); a click on the board brings it back, and the next
            // game's end shows it again. Its choices stay in the Game menu and the side panel.
            Rectangle {
                id: gameOverCard
                objectName: "gameOverCard"
                readonly property bool over: MatchView.gameOver.visible === true
                property bool aside: false
                onOverChanged: if (!over) aside = false
                visible: over && !aside
                // to a player of the keys the card gives its first answer (Next game, Play
                // again) the keys as it comes, its ring in sight: they stayed on the board, no
                // ring anywhere, and Tab went on past the card (found by a tester)
                readonly property Item firstButton: nextGameButton.visible ? nextGameButton
                                                                            : playAgainButton
                onVisibleChanged: if (visible && InputMode.keys) Qt.callLater(gameOverCard.takeKeys)
                function takeKeys() {
                    if (visible)
                        firstButton.forceActiveFocus(Qt.TabFocusReason)
                }
                anchors.centerIn: board
                // room for the corner's button beside the title (the lines below pass under it),
                // and never wider than the board: its lines wrap there (found by a tester: at 150%
                // "... med doblingsterningen på 4: 4 point." ran out of the window)
                readonly property real widest: board.width - 24 * window.textUi
                readonly property real lineWidth: widest - 56 * window.textUi
                width: Math.min(widest, Math.max(overColumn.implicitWidth + 56 * window.textUi,
                                overTitle.implicitWidth + 2 * (asideButton.width + 12 * window.textUi)))
                height: overColumn.implicitHeight + 40 * window.textUi
                radius: 14 * window.textUi
                // whole in high contrast (the board's rings and arrows showed through: a tester)
                color: Theme.highContrast ? "#2a1c12" : "#f02a1c12"
                border.color: window.accent
                border.width: 2
                readonly property var info: MatchView.gameOver
                AbstractButton {
                    id: asideButton
                    objectName: "gameOverAside"
                    anchors.top: parent.top
                    anchors.right: parent.right
                    anchors.margins: 6 * window.textUi
                    width: 26 * window.textUi
                    height: width
                    focusPolicy: Qt.TabFocus
                    hoverEnabled: true
                    Accessible.name: qsTr("Show the board")
                    ToolTip.visible: hovered
                    ToolTip.delay: 500
                    ToolTip.text: qsTr("Show the board (a click on it brings this back)")
                    contentItem: Text {
                        text: "\u00d7"
                        textFormat: Text.PlainText
                        horizontalAlignment: Text.AlignHCenter
                        verticalAlignment: Text.AlignVCenter
                        color: asideButton.hovered || asideButton.visualFocus ? window.accent : window.textColor
                        font.pixelSize: 20 * window.textUi
                        font.bold: true
                    }
                    background: Rectangle {
                        radius: width / 2
                        color: "transparent"
                        border.color: window.accent
                        border.width: asideButton.visualFocus ? 2 : 0
                    }
                    onClicked: gameOverCard.aside = true
                }
                ColumnLayout {
                    id: overColumn
                    anchors.centerIn: parent
                    spacing: 10 * window.textUi
                    Label {
                        id: overTitle
                        objectName: "gameOverTitle"
                        textFormat: Text.PlainText
                        Layout.alignment: Qt.AlignHCenter
                        Layout.maximumWidth: gameOverCard.lineWidth - 2 * asideButton.width
                        wrapMode: Text.WordWrap
                        horizontalAlignment: Text.AlignHCenter
                        text: gameOverCard.info.matchOver
                              ? qsTr("%1 wins the match!").arg(gameOverCard.info.winnerName)
                              : qsTr("%1 wins the game").arg(gameOverCard.info.winnerName || "")
                        color: window.accent
                        font.pixelSize: 26 * window.textUi
                        font.bold: true
                    }
                    Label {
                        objectName: "gameOverDetail"
                        textFormat: Text.PlainText
                        Layout.alignment: Qt.AlignHCenter
                        Layout.maximumWidth: gameOverCard.lineWidth
                        wrapMode: Text.WordWrap
                        horizontalAlignment: Text.AlignHCenter
                        text: {
                            const i = gameOverCard.info
                            if (!i.visible) return ""
                            // one sentence ("A single game. Cube at 2. 2 points." read as three)
                            if (i.passed)
                                return qsTr("The double was passed: %n point(s).", "", i.points)
                            const how = i.kind === 3 ? qsTr("A backgammon (triple game)")
                                      : i.kind === 2 ? qsTr("A gammon (double game)")
                                      : qsTr("An ordinary win (single game)")
                            return i.cube > 1 ? qsTr("%1 with the cube at %2: %n point(s).", "", i.points).arg(how).arg(i.cube)
                                              : qsTr("%1: %n point(s).", "", i.points).arg(how)
                        }
                        color: window.textColor
                        font.pixelSize: 16 * window.textUi
                    }
                    Label {
                        textFormat: Text.PlainText
                        Layout.alignment: Qt.AlignHCenter
                        Layout.maximumWidth: gameOverCard.lineWidth
                        wrapMode: Text.WordWrap
                        horizontalAlignment: Text.AlignHCenter
                        visible: MatchView.matchLength > 0
                        text: qsTr("Match to %1: %2 %3 – %4 %5").arg(MatchView.matchLength)
                              .arg(MatchView.names[0]).arg(MatchView.score[0]).arg(MatchView.score[1])
                              .arg(MatchView.names[1])
                        color: window.textColor
                        font.pixelSize: 15 * window.textUi
                    }
                    GridLayout {
                        id: overButtons
                        Layout.alignment: Qt.AlignHCenter
                        columnSpacing: 14 * window.textUi
                        rowSpacing: 10 * window.textUi
                        // in a row while the card fits on the board, else two a row (Dutch at
                        // 150% text ran off the board at 1024x768)
                        readonly property real rowWidth: {
                            let sum = 0, shown = 0
                            for (const b of [nextGameButton, playAgainButton, newMatchButton, analyseFinishedButton]) {
                                if (b.visible) { sum += b.fullWidth; shown += 1 }
                            }
                            return sum + Math.max(0, shown - 1) * columnSpacing
                        }
                        columns: rowWidth + 60 * window.textUi <= board.width ? 4 : 2
                        GameButton {
                            id: nextGameButton
                            objectName: "nextGameButton"
                            roomy: true
                            ui: window.textUi
                            visible: MatchView.matchLength > 0 && !gameOverCard.info.matchOver
                            text: qsTr("Next game")
                            hint: qsTr("Play the next game of the match (Enter)")
                            onClicked: GameFlow.nextGame()
                        }
                        GameButton {
                            id: playAgainButton
                            objectName: "playAgainButton"
                            roomy: true
                            ui: window.textUi
                            visible: MatchView.matchLength === 0 || gameOverCard.info.matchOver === true
                            text: MatchView.matchLength > 0 ? qsTr("New match, same players")
                                                       : qsTr("Play again")
                            onClicked: window.unlessAnalysed(() => GameFlow.rematch(), MatchView.matchLength > 0)
                        }
                        GameButton {
                            id: newMatchButton
                            objectName: "newMatchButton"
                            roomy: true
                            ui: window.textUi
                            text: qsTr("New game…")
                            hint: qsTr("Choose a new game or match (Ctrl+N)")
                            onClicked: window.askNewGame()
                        }
                        GameButton {
                            id: analyseFinishedButton
                            objectName: "analyseFinishedButton"
                            roomy: true
                            ui: window.textUi  // the size of the buttons beside it
                            text: qsTr("Analyse…")
                            hint: qsTr("Judge every decision of this game or match")
                            onClicked: window.analyse()
                        }
                    }
                }
            }
            MouseArea {  // the board behind a card put aside: a click brings the card back
                objectName: "gameOverBack"
                anchors.fill: board
                visible: gameOverCard.over && gameOverCard.aside
                cursorShape: Qt.PointingHandCursor
                onClicked: gameOverCard.aside = false
            }
        }

        SidePanel {
            id: panel
            Layout.fillHeight: true
            // The board keeps its proportions: the panel takes the width the board cannot use.
            // Larger text takes some width from the board (fewer lines, so it fits in height).
            Layout.preferredWidth: Math.max(210 * Math.min(window.ui, 1.2) * Math.pow(window.textScale, 1.6), Math.min(
                460 * window.textScale, window.width - (window.height - (window.menuBar ? window.menuBar.height : 0)
                                     - 20 * window.ui) * board.aspect - 30 * window.ui))
            ui: window.textUi
            levelNames: window.levelNames
            hintNames: window.hintNames
            onNewGameRequested: window.askNewGame()
            onAnalysisRequested: window.analyse()
        }
    }

    NewGameDialog {
        id: newGameDialog
        ui: window.textUi
        levelNames: window.levelNames
        anchors.centerIn: parent
    }

    QuestionDialog {
        id: confirmNewDialog
        objectName: "confirmNewDialog"
        title: qsTr("New game")
        room: window.width
        ui: window.textUi
        text: MatchView.matchLength > 0
              ? qsTr("A match is in progress. Resign it and start a new game?")
              : qsTr("A game is in progress. Resign it and start a new game?")
        act: qsTr("Resign and start anew")
        actName: "resignAndNewButton"
        keep: qsTr("Keep playing")
        keepName: "keepPlayingButton"
        onAccepted: newGameDialog.open()
    }

    QuestionDialog {
        id: confirmDropAnalysisDialog
        objectName: "confirmDropAnalysisDialog"
        // titled as what comes ("New game" stood over the question before a new match, found by
        // a tester)
        property bool match: false
        // the match as it stands is written to a file: not asked to export it first (it was,
        // just after an export: found by a tester)
        property bool exported: false
        title: match ? qsTr("New match") : qsTr("New game")
        room: window.width
        ui: window.textUi
        text: exported
              ? (match ? qsTr("A new match replaces this one and its analysis; its moves are in the file it was exported to. Start a new match?")
                       : qsTr("A new game replaces this one and its analysis; its moves are in the file it was exported to. Start a new game?"))
              : match ? qsTr("A new match replaces this one and its analysis: export the match first (Edit menu) to keep its moves. Start a new match?")
                      : qsTr("A new game replaces this one and its analysis: export the match first (Edit menu) to keep its moves. Start a new game?")
        act: match ? qsTr("New match") : qsTr("New game")
        actName: "dropAnalysisButton"
        keep: match ? qsTranslate("match", "Keep it") : qsTr("Keep it")
        keepName: "keepAnalysisButton"
        property var proceed: null
        onAccepted: if (proceed) proceed()
    }

    TextDialog {
        id: noticeDialog
        objectName: "noticeDialog"
        title: qsTr("Backgammon")
        room: window.width
        ui: window.textUi
        visible: MatchView.notice !== ""
        textName: "noticeText"
        text: MatchView.notice
        onClosed: GameFlow.dismissNotice()
    }

    TextDialog {
        id: messageDialog
        objectName: "messageDialog"
        title: qsTr("Backgammon")
        room: window.width
        ui: window.textUi
        textName: "messageText"
        function say(said: string) { messageDialog.text = said; open() }
    }

    HelpDialog {
        id: helpDialog
        ui: window.textUi
        anchors.centerIn: parent
        width: Math.min(window.width * 0.92, 720 * window.textUi)
        height: Math.min(window.height * 0.9, 640 * window.textUi)
    }

    Connections {  // a sound that cannot be played is said, once
        target: Sounds
        function onChanged() { if (Sounds.problem !== "") messageDialog.say(Sounds.problem) }
    }

    // Asked before the player resigns (a click in the menu lost the game at once): what it
    // gives away, "Keep playing" in hand.
    QuestionDialog {
        id: resignDialog
        objectName: "resignDialog"
        title: qsTr("Resign")
        room: window.width
        ui: window.textUi
        property int kind: 0
        function ask(kind: int) {
            const question = Resignations.question(kind)
            if (question === "") return
            resignDialog.kind = kind
            resignDialog.text = question
            open()
        }
        act: qsTr("Resign")
        actName: "confirmResignButton"
        keep: qsTr("Keep playing")
        keepName: "keepOnButton"
        onAccepted: Resignations.resign(resignDialog.kind)
    }

    // The computer offers to resign when it can no longer win: accept, or play on.
    TextDialog {
        id: resignOfferDialog
        objectName: "resignOfferDialog"
        room: window.width
        ui: window.textUi
        closePolicy: Popup.NoAutoClose
        title: qsTr("Resignation offered")
        textName: "resignOfferText"
        text: Resignations.offerText
        // Enter presses the answer in focus, else accepts (it did nothing: found by a tester)
        EnterKey { dialog: resignOfferDialog }
        onAccepted: Resignations.accept()
        onRejected: Resignations.decline()
        footer: DialogButtonBox {
            buttonLayout: DialogButtonBox.GnomeLayout  // Cancel at the left: Tab goes as they stand
            DialogChoice {
                objectName: "acceptResignationButton"
                text: qsTr("Accept")
                DialogButtonBox.buttonRole: DialogButtonBox.AcceptRole
            }
            DialogChoice {
                objectName: "declineResignationButton"
                text: qsTr("Play on")
                DialogButtonBox.buttonRole: DialogButtonBox.RejectRole
            }
        }
        Connections {
            target: Resignations
            function onChanged() {
                if (Resignations.offer > 0) resignOfferDialog.open()
                else resignOfferDialog.close()
            }
        }
    }

    StatisticsDialog {
        id: statisticsDialog
        ui: window.textUi
        levelNames: window.levelNames
        anchors.centerIn: parent
        width: Math.min(window.width * 0.94, 760 * window.textUi)
        height: Math.min(window.height * 0.9, 560 * window.textUi)
    }

    AnalysisDialog {
        id: analysisDialog
        ui: window.textUi
        anchors.centerIn: parent
        width: Math.min(window.width * 0.96, 900 * window.textUi)
        height: Math.min(window.height * 0.94, 720 * window.textUi)
        onDiceReportRequested: diceDialog.open()
    }

    DiceDialog {
        id: diceDialog
        ui: window.textUi
        anchors.centerIn: parent
        width: Math.min(window.width * 0.94, 820 * window.textUi)
        height: Math.min(window.height * 0.92, 680 * window.textUi)
        // opened from the analysis, the replay leaves it behind with nothing to show
        onReplayed: analysisDialog.close()
    }

    AboutDialog {
        id: aboutDialog
        anchors.centerIn: parent
        width: Math.min(window.width * 0.9, 560 * window.textUi)
    }

    PositionTools {  // IDs to and from the clipboard, the position editor, .mat files
        id: positionTools
        anchors.fill: parent
        ui: window.textUi
        noteRoom: boardArea
        noteAvoids: gameOverCard
    }

    FocusFrame {}  // the keyboard's focus, plain around any control of the window's dialogs

    // the keys, fallen on nothing, go to the board, or at a game's end to the card's first answer
    KeysKeeper {
        within: board
        onLost: {
            if (gameOverCard.visible)
                gameOverCard.takeKeys()
            else
                board.forceActiveFocus(Qt.TabFocusReason)
        }
    }
}
