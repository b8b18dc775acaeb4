// A backgammon board drawn with Qt Quick items and Shapes, self-contained and reusable.
//
// Locations are absolute, in player 0's numbering: 1..24 the points, 25 player 0's bar,
// 26 player 1's bar, 0 player 0's tray (borne off), 27 player 1's tray. Player 0 plays from
// 24 down to 1 with the home board at the bottom right; ``turned`` shows the board from
// player 1's side (rotated by 180 degrees, animated).
//
// The board decides nothing about the rules: it draws what it is given and reports clicks,
// double-clicks and drops by signal.
//
// Keyboard: the board takes the focus (Tab); the arrow keys move a focus ring over the points,
// bars and trays as they lie on the screen, Home and End go to the ends of a row, Space or Enter
// acts as a click on the location in focus (pick a checker, place it), Esc puts a picked checker
// down. Keys with Ctrl or Alt are left to the window. Each location has an accessible name and
// description (``speech``, written by the program in the player's language).
pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Shapes
import app.qml

FocusScope {
    id: board
    activeFocusOnTab: true
    Accessible.role: Accessible.Pane
    Accessible.name: qsTr("Board")
    Accessible.description: board.speech.board || ""

    // -- state shown --------------------------------------------------------------------------
    // 28 numbers: [0] player 0 off, [1..24] signed counts (positive player 0, negative
    // player 1), [25] player 0 on the bar, [26] player 1 on the bar, [27] player 1 off.
    property var boardState: [0, -2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5,
        0, 0, 0, 0, 2, 0, 0, 0]
    property bool turned: false
    property bool animateTurning: true
    property int turnDuration: 700
    // Dice of the player on roll: [{value, used}], drawn in that player's right-hand half.
    property var dice: []
    property int diceOwner: 0
    // Whose checkers are moving (destination marks stand on top of that player's stacks).
    property int movingPlayer: diceOwner
    // Opening roll: one die each, [die of player 0, die of player 1]; empty when not shown.
    property var openingDice: []
    property bool cubeVisible: false
    property int cubeValue: 1
    property int cubeOwner: -1
    property bool cubeOffered: false
    // Colours of the chosen theme, and whether player 1's checkers carry a mark (a dot), so
    // that the two sides differ by more than colour.
    property var colors: Theme.colors
    property bool marks: Theme.marks
    // What a screen reader says: {locations: [28 names], hints: [28 descriptions], dice, cube,
    // board}.
    property var speech: ({})

    // -- marks (hints, lessons) ---------------------------------------------------------------
    property var ringCheckers: []     // locations whose top checker gets a ring
    property var ringPoints: []       // locations marked as destinations
    property var markedPoints: []     // empty points a lesson marks: a ring, not a destination's disc
    property int selectedLocation: -1 // location whose top checker is lifted
    property var arrows: []           // [{from, to, color, hit, made}] locations, drawn as arrows
    property var labels: []           // [{location, text}] small text badges
    property bool showPointNumbers: true
    // whose numbering the points carry (each player counts from their own home board, as a
    // move is written): the player at the bottom's unless told
    property int numberedFor: turned ? 1 : 0

    // -- interaction --------------------------------------------------------------------------
    property bool interactive: true
    property var draggableLocations: []  // drags may start only here
    property bool pointsClickable: false  // every location answers a click (not only checkers)
    // The location in keyboard focus (-1: none yet), and whether Space and Enter act on it.
    property int focusLocation: -1
    // Its ring shows while the keyboard is in use (the last press a key's, in any window of the
    // program), not to a player who plays with the mouse (InputMode).
    readonly property bool keysInUse: InputMode.keys
    readonly property bool keysAct: interactive
        && (pointsClickable || selectedLocation >= 0 || draggableLocations.length > 0)
    signal locationClicked(int location)
    signal locationDoubleClicked(int location)
    signal checkerDropped(int fromLocation, int toLocation)
    signal diceClicked()  // a click on the dice (ends a finished turn, as on iOS)
    signal locationHovered(int location)  // the pointer is over a location (-1: none)
    property int noteLocation: -1     // a short note shown at a location (the shot counter)
    property string noteText: ""

    // -- geometry (table units, the table keeps its aspect ratio) -----------------------------
    readonly property real unitsWide: 15.6
    readonly property real unitsHigh: 12.6
    readonly property real aspect: unitsWide / unitsHigh
    readonly property real u: Math.min(width / unitsWide, height / unitsHigh)
    readonly property real frameW: 0.4 * u  // the frame left and right of the fields
    // The point numbers grow with the player's text size (``textScale``, 1 at 100%) from 0.68 of
    // the frame's width; the frame's strips above and below the points (``stripH`` high) hold
    // them, widening when a number's line would no longer fit, up to 0.6 u (a stack of five
    // checkers and the bar's still fit in each half). Past that the numbers grow no more.
    // (Whole pixels: a font's pixel size is whole, and its line is laid out in whole pixels.)
    property real textScale: Theme.textScale
    readonly property real stripMax: 0.6 * u
    readonly property real numberLine: numberMetrics.height / numberMetrics.font.pixelSize
    readonly property int numberSize: Math.floor(Math.min(0.68 * frameW * textScale,
                                                          stripMax / numberLine))
    readonly property real stripH: Math.max(frameW, Math.ceil(numberSize * numberLine))
    readonly property real barW: 1.1 * u
    readonly property real trayW: 1.3 * u
    readonly property real pointH: 4.6 * u
    readonly property real checkerD: 0.94 * u
    readonly property real leftFieldX: frameW
    readonly property real barX: frameW + 6 * u
    readonly property real rightFieldX: barX + barW
    readonly property real trayX: rightFieldX + 6 * u + frameW
    readonly property real tableW: unitsWide * u
    readonly property real tableH: unitsHigh * u
    readonly property real trayH: 4.6 * u
    FontMetrics {  // the line height of the numbers' font, per pixel of its size
        id: numberMetrics
        font.pixelSize: 100
    }

    implicitWidth: 780
    implicitHeight: 630

    function count(location) {
        if (!boardState || boardState.length < 28)
            return 0
        return boardState[location]
    }
    // (`n`: the checkers there, as `count` gives them; the board's by default)
    function ownerAt(location, n = count(location)) {
        if (location === 0 || location === 25)
            return n > 0 ? 0 : -1
        if (location === 26 || location === 27)
            return n > 0 ? 1 : -1
        return n > 0 ? 0 : (n < 0 ? 1 : -1)
    }
    function isTop(location) { return location >= 13 && location <= 24 }
    // Left edge of the point column (points only).
    function pointX(location) {
        if (location >= 1 && location <= 6) return rightFieldX + (6 - location) * u
        if (location >= 7 && location <= 12) return leftFieldX + (12 - location) * u
        if (location >= 13 && location <= 18) return leftFieldX + (location - 13) * u
        return rightFieldX + (location - 19) * u
    }
    // Centre of the index-th checker of a stack (index 0 at the edge).
    function checkerCentre(location, index) {
        const i = location === 0 || location === 27 ? index : Math.min(index, 4)
        if (location >= 1 && location <= 24) {
            const x = pointX(location) + u / 2
            const y = isTop(location) ? stripH + checkerD / 2 + i * checkerD
                                      : tableH - stripH - checkerD / 2 - i * checkerD
            return Qt.point(x, y)
        }
        const bx = barX + barW / 2
        if (location === 25)  // player 0 enters at the top: upper half, from the middle up
            return Qt.point(bx, tableH / 2 - 0.75 * u - checkerD / 2 - i * checkerD)
        if (location === 26)
            return Qt.point(bx, tableH / 2 + 0.75 * u + checkerD / 2 + i * checkerD)
        const tx = trayX + trayW / 2
        if (location === 0)
            return Qt.point(tx, tableH - stripH - 0.2 * u - i * 0.3 * u)
        return Qt.point(tx, stripH + 0.2 * u + i * 0.3 * u)
    }
    // Where the next checker arriving on a location would stand.
    function landingCentre(location) {
        const n = Math.abs(count(location))
        if (location === 0 || location === 27) {
            const tx = trayX + trayW / 2
            return Qt.point(tx, location === 0 ? tableH - stripH - trayH / 2 : stripH + trayH / 2)
        }
        const owner = ownerAt(location)
        const index = owner >= 0 && owner !== movingPlayer ? 0 : n  // a blot is hit: its place
        return checkerCentre(location, Math.min(index, 4))
    }
    // The rectangle of a location, for hit tests and for tests that click it.
    function locationRect(location) {
        if (location >= 1 && location <= 24) {
            const y = isTop(location) ? stripH : tableH / 2
            return Qt.rect(pointX(location), y, u, tableH / 2 - stripH)
        }
        if (location === 25) return Qt.rect(barX, stripH, barW, tableH / 2 - stripH)
        if (location === 26) return Qt.rect(barX, tableH / 2, barW, tableH / 2 - stripH)
        if (location === 27) return Qt.rect(trayX, stripH, trayW, tableH / 2 - stripH)
        return Qt.rect(trayX, tableH / 2, trayW, tableH / 2 - stripH)
    }
    function locationAt(x, y) {
        for (let loc = 0; loc < 28; ++loc) {
            const r = locationRect(loc)
            if (x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height)
                return loc
        }
        return -1
    }
    function contains(list, value) {
        if (!list) return false
        for (let i = 0; i < list.length; ++i)
            if (list[i] === value) return true
        return false
    }
    // The two ends of each arrow of `list`, each checker followed as its play goes: from the
    // board as it stands, a play to be made (a hint's, a lesson's); back from it, a play made
    // (`made`: the last play's). A second checker from a point leaves from under the first, a
    // second to a point lands on it, a move that goes on from where another ended starts on that
    // checker, a hit blot's place is taken (drawn from the stacks as they stood, such arrows
    // ended on one checker or did not join: found by a tester).
    function arrowEnds(list: var): var {
        const counts = []  // as boardState: points signed by owner, bars and trays their own
        for (let i = 0; i < 28; ++i)
            counts.push(count(i))
        const n = loc => Math.abs(counts[loc])
        const side = loc => ownerAt(loc, counts[loc])
        const change = (loc, player, by) => {
            if (loc >= 1 && loc <= 24)
                counts[loc] += player === 0 ? by : -by
            else
                counts[loc] += by
        }
        const at = (loc, index) => checkerCentre(loc, Math.max(0, index))  // (it caps a stack)
        const ends = []
        const made = list.length > 0 && list[0].made === true
        if (made) {
            for (let k = list.length - 1; k >= 0; --k) {
                const move = list[k]
                const mover = side(move.to) >= 0 ? side(move.to) : movingPlayer
                const b = at(move.to, n(move.to) - 1)
                change(move.to, mover, -1)
                const a = at(move.from, n(move.from))  // the place it left
                change(move.from, mover, 1)
                ends[k] = { a: a, b: b }
            }
        } else {
            for (const move of list) {
                const mover = side(move.from) >= 0 ? side(move.from) : movingPlayer
                const a = at(move.from, n(move.from) - 1)
                if (n(move.from) > 0)
                    change(move.from, mover, -1)
                if (move.to >= 1 && move.to <= 24 && side(move.to) === 1 - mover && n(move.to) === 1)
                    counts[move.to] = 0  // a blot hit: its place
                ends.push({ a: a, b: at(move.to, n(move.to)) })
                change(move.to, mover, 1)
            }
        }
        return sideBySide(list, ends)
    }
    // The checkers moved alike along a row ("6/4(2)"), by their moves' indices, two or more a
    // group (``places``: their ends): across the board the stacks face each other and their
    // arrows run side by side as they are; and not where another move goes on from their end
    // or comes to their start, which its own checker's arrow joins.
    function alikeAlongRows(list: var, places: var): var {
        const groups = []
        for (let k = 0; k < list.length; ++k) {
            const from = list[k].from, to = list[k].to
            const same = []
            for (let j = 0; j < list.length; ++j)
                if (list[j].from === from && list[j].to === to)
                    same.push(j)
            if (same[0] !== k || same.length < 2 || !same.every(j => places[j])
                    || list.some(m => m.from === to || m.to === from))
                continue
            if ((places[k].a.y < tableH / 2) === (places[k].b.y < tableH / 2))
                groups.push(same)
        }
        return groups
    }
    // Checkers moved alike along a row: the one from the top of its stack to the top of the
    // other, so that their arrows run side by side (the top one taken first landed lowest, and
    // the arrows crossed in an X: found by a tester).
    function sideBySide(list: var, ends: var): var {
        for (const same of alikeAlongRows(list, ends)) {
            const landings = same.map(j => ends[j].b).reverse()
            same.forEach((j, i) => { ends[j] = { a: ends[j].a, b: landings[i] } })
        }
        return ends
    }
    readonly property var arrowPlaces: arrowEnds(arrows)
    // Each arrow's curve (``arrowBend``); checkers moved alike along a row share one bridge, as
    // high as the highest of them needs, each arrow on its own ends: bridged apart, the one
    // that rose over a stack crossed the one that did not need to (seen in the window).
    readonly property var arrowBends: bendsOf(arrows, arrowPlaces)
    function bendsOf(list: var, places: var): var {
        const bends = list.map((m, i) => places[i] ? arrowBend(m.from, m.to, places[i].a, places[i].b)
                                                   : [Qt.point(0, 0), Qt.point(0, 0)])
        const lift = j => {  // how far the curve's control points leave the straight line's
            const a = places[j].a, b = places[j].b
            return Math.abs(bends[j][0].y - (a.y + (b.y - a.y) / 3))
                   + Math.abs(bends[j][1].y - (a.y + (b.y - a.y) * 2 / 3))
        }
        for (const same of alikeAlongRows(list, places)) {
            const high = same.reduce((best, j) => lift(j) > lift(best) ? j : best, same[0])
            if (lift(high) < 0.5)
                continue  // straight, all of them
            const [c1, c2] = bends[high]
            for (const j of same) {
                const da = Qt.point(places[j].a.x - places[high].a.x, places[j].a.y - places[high].a.y)
                const db = Qt.point(places[j].b.x - places[high].b.x, places[j].b.y - places[high].b.y)
                bends[j] = [Qt.point(c1.x + da.x, c1.y + da.y), Qt.point(c2.x + db.x, c2.y + db.y)]
            }
        }
        return bends
    }
    // The two control points of the curve of an arrow from `a` (on `from`) to `b` (on `to`): in
    // one half of the board, where the straight line runs over checkers of the points between
    // (found by a tester), a bridge that leaves `a` and reaches `b` square to the row, bent
    // towards the middle line just enough to pass over them, its deepest point short of that
    // line; otherwise, and from one half to the other, straight.
    function arrowBend(from: int, to: int, a: point, b: point): var {
        const straight = [Qt.point(a.x + (b.x - a.x) / 3, a.y + (b.y - a.y) / 3),
                          Qt.point(a.x + (b.x - a.x) * 2 / 3, a.y + (b.y - a.y) * 2 / 3)]
        const middle = tableH / 2
        const top = a.y < middle && b.y < middle
        if ((!top && !(a.y > middle && b.y > middle)) || Math.abs(b.x - a.x) < u)
            return straight
        const way = top ? 1 : -1  // towards the middle line
        const r = checkerD / 2
        const clear = Math.max(2, u * 0.12)  // a stroke's width off the rims
        // the bridge's x at t (its control points stand above its ends: x grows with t), the t
        // above x, and the height of its control points that puts it at y there
        const xAt = t => (1 - t) * (1 - t) * (1 + 2 * t) * a.x + t * t * (3 - 2 * t) * b.x
        const tAbove = x => {
            let lo = 0, hi = 1
            for (let i = 0; i < 30; ++i) {
                const mid = (lo + hi) / 2
                if ((xAt(mid) - x) * (b.x - a.x) < 0) lo = mid
                else hi = mid
            }
            return (lo + hi) / 2
        }
        const laneThrough = (x, y) => {
            const t = tAbove(x), s = 1 - t
            return (y - s * s * s * a.y - t * t * t * b.y) / (3 * s * t)
        }
        let crossed = false  // whether the straight line runs over a checker
        let lane = way * Math.max(way * a.y, way * b.y)
        for (let p = 1; p <= 24; ++p) {
            const n = visibleCount(p)
            if (p === from || p === to || n === 0 || isTop(p) !== top)
                continue
            const last = checkerCentre(p, n - 1)  // the stack's checker nearest the middle
            for (const k of [-0.8, -0.4, 0, 0.4, 0.8]) {  // across its rim
                const x = last.x + k * r
                const along = (x - a.x) / (b.x - a.x)
                if (along <= 0 || along >= 1)
                    continue
                const need = last.y + way * (r * Math.sqrt(1 - k * k) + clear)
                if (way * (a.y + along * (b.y - a.y)) < way * need)
                    crossed = true
                lane = way * Math.max(way * lane, way * laneThrough(x, need))
            }
        }
        if (!crossed)
            return straight
        // the bridge's middle, (a + 6 L + b) / 8, short of the dice in the middle of the field
        let limit = ((middle - way * u * 0.55) - (a.y + b.y) / 8) / 0.75
        // over the bar, outside its checkers on this side and the cube in its middle (a bridge
        // ran across them: found by a tester)
        const bar = top ? 25 : 26
        const onBar = visibleCount(bar)
        const roof = onBar > 0 ? checkerCentre(bar, onBar - 1).y - way * (r + clear)
                   : cubeVisible && !cubeOffered && cubeOwner === -1 ? middle - way * (0.46 * u + clear)
                   : middle
        for (const k of [-1, 0, 1]) {
            const x = barX + barW / 2 + k * r
            const along = (x - a.x) / (b.x - a.x)
            if (along <= 0.02 || along >= 0.98)
                continue
            limit = way * Math.min(way * limit, way * laneThrough(x, roof))
        }
        lane = way * Math.min(way * lane, way * limit)  // no deeper than the limits
        lane = way * Math.max(way * lane, way * a.y, way * b.y)  // nor shallower than its ends
        return [Qt.point(a.x, lane), Qt.point(b.x, lane)]
    }
    function visibleCount(location) {
        const n = Math.abs(count(location))
        if (location === 0 || location === 27) return n
        return Math.min(n, 5)
    }
    // The checkers a badge on point ``location`` must pass: its own, and, for a badge wider
    // than a point, those of the points beside it in the same quarter, which it reaches over
    // (a lesson's "Anchor" lay over a neighbour's third checker: found by a tester).
    function stackUnderBadge(location: int, wide: bool): int {
        let n = visibleCount(location)
        if (!wide) return n
        for (const next of [location - 1, location + 1])
            if (next >= 1 && next <= 24 && Math.floor((next - 1) / 6) === Math.floor((location - 1) / 6))
                n = Math.max(n, visibleCount(next))
        return n
    }

    // -- keyboard -----------------------------------------------------------------------------
    // The locations as rows on the screen, left to right (the table turned: both reversed).
    readonly property var upperRow: [13, 14, 15, 16, 17, 18, 25, 19, 20, 21, 22, 23, 24, 27]
    readonly property var lowerRow: [12, 11, 10, 9, 8, 7, 26, 6, 5, 4, 3, 2, 1, 0]
    function screenRows() {
        return turned ? [lowerRow.slice().reverse(), upperRow.slice().reverse()]
                      : [upperRow, lowerRow]
    }
    // Where the focus starts: a checker that can move (the bar first, then the farthest back),
    // else the 24-point of the player at the bottom.
    function startLocation() {
        const movable = draggableLocations || []
        const bar = movingPlayer === 1 ? 26 : 25
        if (contains(movable, bar)) return bar
        const points = movable.filter(l => l >= 1 && l <= 24)
        if (points.length > 0)
            return movingPlayer === 1 ? Math.min(...points) : Math.max(...points)
        return turned ? 1 : 24
    }
    function moveFocus(columns, rows, toEnd) {
        const grid = screenRows()
        let r = grid[1].indexOf(focusLocation) >= 0 ? 1 : 0
        let c = grid[r].indexOf(focusLocation)
        if (c < 0) {
            focusLocation = startLocation()
            return
        }
        r = Math.max(0, Math.min(1, r + rows))
        c = toEnd ? (columns < 0 ? 0 : grid[r].length - 1)
                  : Math.max(0, Math.min(grid[r].length - 1, c + columns))
        focusLocation = grid[r][c]
    }
    function claimsKey(event) {
        if (event.modifiers & (Qt.ControlModifier | Qt.AltModifier | Qt.MetaModifier))
            return false
        switch (event.key) {
        case Qt.Key_Left: case Qt.Key_Right: case Qt.Key_Up: case Qt.Key_Down:
        case Qt.Key_Home: case Qt.Key_End:
            return true
        case Qt.Key_Space: case Qt.Key_Return: case Qt.Key_Enter:
            return keysAct
        case Qt.Key_Escape:
            return interactive && selectedLocation >= 0
        }
        return false
    }
    onActiveFocusChanged: if (activeFocus && focusLocation < 0) focusLocation = startLocation()
    // A new roll: the focus goes to a checker that can move, unless it is on one already.
    // Within the turn it stays where the player put it, also when a move taken back (Ctrl+Z)
    // makes checkers movable again (it went to the checker farthest back: found by a tester).
    // A roll is new when the dice shown change owner or values (between two rolls of a player
    // come the opponent's dice, or none).
    property string rollShown: ""
    property bool rollNew: false
    function focusOnNewRoll() {
        const movable = draggableLocations || []
        if (!rollNew || movable.length === 0)
            return
        rollNew = false
        if (selectedLocation < 0 && !contains(movable, focusLocation))
            focusLocation = startLocation()
    }
    function noteDice() {
        const shown = diceOwner + ":" + (dice || []).map(d => d.value).join(",")
        if (shown !== rollShown) {
            rollShown = shown
            rollNew = true
        }
        focusOnNewRoll()
    }
    onDiceChanged: noteDice()
    onDiceOwnerChanged: noteDice()
    onDraggableLocationsChanged: focusOnNewRoll()
    // Keys the board uses are taken before the window's shortcuts (Space rolls, Enter ends
    // the turn, Left and Right step a lesson) only while the board has a use for them.
    Keys.onShortcutOverride: event => { event.accepted = board.claimsKey(event) }
    Keys.onPressed: event => {
        if (!board.claimsKey(event)) return
        switch (event.key) {
        case Qt.Key_Left: board.moveFocus(-1, 0, false); break
        case Qt.Key_Right: board.moveFocus(1, 0, false); break
        case Qt.Key_Up: board.moveFocus(0, -1, false); break
        case Qt.Key_Down: board.moveFocus(0, 1, false); break
        case Qt.Key_Home: board.moveFocus(-1, 0, true); break
        case Qt.Key_End: board.moveFocus(1, 0, true); break
        case Qt.Key_Escape: board.locationClicked(board.selectedLocation); break
        default:
            if (board.focusLocation >= 0) board.locationClicked(board.focusLocation)
        }
        event.accepted = true
    }

    // A checker flying from one location to another (computer moves, animated steps).
    property int flyingTo: -1
    function animateStep(fromLocation, toLocation, player, duration) {
        if (duration <= 0)
            return
        const a = checkerCentre(fromLocation, Math.max(0, visibleCount(fromLocation)))
        const b = checkerCentre(toLocation, Math.max(0, visibleCount(toLocation) - 1))
        flyer.player = player
        flyer.x = a.x - checkerD / 2
        flyer.y = a.y - checkerD / 2
        flyAnimX.to = b.x - checkerD / 2
        flyAnimY.to = b.y - checkerD / 2
        flyAnimX.duration = duration
        flyAnimY.duration = duration
        flyingTo = toLocation
        flyer.visible = true
        flight.restart()
    }

    // -- inline components --------------------------------------------------------------------
    component Checker: Item {
        id: checker
        property int player: 0
        property string label: ""
        property bool ringed: false
        property bool lifted: false
        width: board.checkerD
        height: board.checkerD
        rotation: -table.rotation  // round, but its light and shadow keep their side
        Rectangle {  // shadow
            x: board.u * 0.04; y: board.u * 0.06
            width: parent.width; height: parent.height; radius: width / 2
            color: "#50000000"
        }
        Rectangle {
            anchors.fill: parent
            radius: width / 2
            color: checker.player === 0 ? board.colors.checker0 : board.colors.checker1
            border.color: checker.player === 0 ? board.colors.rim0 : board.colors.rim1
            border.width: Math.max(1, board.u * 0.05)
            Rectangle {
                anchors.centerIn: parent
                width: parent.width * 0.66; height: width; radius: width / 2
                color: "transparent"
                border.color: checker.player === 0 ? board.colors.inner0 : board.colors.inner1
                border.width: Math.max(1, board.u * 0.05)
            }
            Rectangle {  // highlight, for a turned piece of wood look
                x: parent.width * 0.22; y: parent.height * 0.14
                width: parent.width * 0.36; height: parent.height * 0.18; radius: height / 2
                color: checker.player === 0 ? board.colors.shine0 : board.colors.shine1
            }
            Rectangle {  // the mark of the dark side (a dot), not only its colour
                objectName: "checkerMark"
                visible: board.marks && checker.player === 1 && checker.label === ""
                anchors.centerIn: parent
                width: parent.width * 0.3; height: width; radius: width / 2
                color: board.colors.mark1
            }
        }
        Text {
            textFormat: Text.PlainText
            anchors.centerIn: parent
            text: checker.label
            font.pixelSize: board.checkerD * 0.46
            font.bold: true
            color: checker.player === 0 ? board.colors.text0 : board.colors.text1
        }
        Rectangle {
            visible: checker.ringed || checker.lifted
            anchors.centerIn: parent
            width: parent.width + board.u * 0.16; height: width; radius: width / 2
            color: "transparent"
            border.color: checker.lifted ? board.colors.lifted : board.colors.ring
            border.width: Math.max(2, board.u * 0.09)
        }
    }

    component Die: Rectangle {
        id: die
        property int value: 1
        property int player: 0
        property bool used: false
        width: board.u * 0.86
        height: width
        radius: width * 0.18
        color: player === 0 ? board.colors.die0 : board.colors.die1
        border.color: player === 0 ? board.colors.dieEdge0 : board.colors.dieEdge1
        border.width: Math.max(1, board.u * 0.03)
        opacity: used ? 0.35 : 1.0
        readonly property var pips: [[], [[0.5, 0.5]], [[0.25, 0.25], [0.75, 0.75]],
            [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
            [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]],
            [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
            [[0.25, 0.22], [0.75, 0.22], [0.25, 0.5], [0.75, 0.5], [0.25, 0.78], [0.75, 0.78]]]
        Repeater {
            model: die.value >= 1 && die.value <= 6 ? die.pips[die.value] : []
            Rectangle {
                required property var modelData
                width: die.width * 0.19; height: width; radius: width / 2
                x: modelData[0] * die.width - width / 2
                y: modelData[1] * die.height - height / 2
                color: die.player === 0 ? board.colors.pip0 : board.colors.pip1
            }
        }
    }

    // -- the table ----------------------------------------------------------------------------
    Item {
        id: table
        objectName: "boardTable"
        width: board.tableW
        height: board.tableH
        anchors.centerIn: parent
        rotation: board.turned ? 180 : 0
        Behavior on rotation {
            enabled: board.animateTurning
            NumberAnimation { duration: board.turnDuration; easing.type: Easing.InOutCubic }
        }
        // Shrink while turning so the corners stay inside the board's area.
        scale: {
            const a = rotation * Math.PI / 180
            const c = Math.abs(Math.cos(a)), s = Math.abs(Math.sin(a))
            const w = width * c + height * s, h = width * s + height * c
            return Math.min(1, board.width / Math.max(1, w), board.height / Math.max(1, h))
        }

        Rectangle {  // wooden frame
            anchors.fill: parent
            radius: board.u * 0.18
            gradient: Gradient {
                GradientStop { position: 0.0; color: board.colors.frameLight }
                GradientStop { position: 0.5; color: board.colors.frameMid }
                GradientStop { position: 1.0; color: board.colors.frameDark }
            }
            border.color: board.colors.frameEdge
            border.width: Math.max(1, board.u * 0.04)
        }
        // Felt of the two fields
        Repeater {
            model: [board.leftFieldX, board.rightFieldX]
            Rectangle {
                required property real modelData
                x: modelData
                y: board.stripH
                width: 6 * board.u
                height: board.tableH - 2 * board.stripH
                gradient: Gradient {
                    GradientStop { position: 0.0; color: board.colors.feltLight }
                    GradientStop { position: 0.5; color: board.colors.feltDark }
                    GradientStop { position: 1.0; color: board.colors.feltLight }
                }
                border.color: board.colors.feltEdge
                border.width: Math.max(1, board.u * 0.03)
            }
        }
        // The bar
        Rectangle {
            x: board.barX
            y: 0
            width: board.barW
            height: board.tableH
            gradient: Gradient {
                orientation: Gradient.Horizontal
                GradientStop { position: 0.0; color: board.colors.barEdge }
                GradientStop { position: 0.5; color: board.colors.barMiddle }
                GradientStop { position: 1.0; color: board.colors.barEdge }
            }
            border.color: board.colors.frameEdge
            border.width: Math.max(1, board.u * 0.03)
        }
        // Trays
        Repeater {
            model: [27, 0]
            Rectangle {
                required property int modelData
                readonly property bool target: board.contains(board.ringPoints, modelData)
                objectName: "tray_" + modelData
                x: board.trayX
                y: modelData === 27 ? board.stripH : board.tableH - board.stripH - board.trayH
                width: board.trayW
                height: board.trayH
                radius: board.u * 0.08
                color: target ? board.colors.trayTarget : board.colors.tray
                border.color: target ? board.colors.trayTargetEdge : board.colors.trayEdge
                border.width: target ? Math.max(2, board.u * 0.08) : Math.max(1, board.u * 0.04)
            }
        }
        // Points
        Repeater {
            model: 24
            Shape {
                id: tri
                required property int index
                readonly property int location: index + 1
                readonly property bool upper: board.isTop(location)
                readonly property real baseY: upper ? board.stripH : board.tableH - board.stripH
                readonly property real tipY: upper ? baseY + board.pointH : baseY - board.pointH
                x: board.pointX(location)
                width: board.u
                height: board.tableH
                preferredRendererType: Shape.CurveRenderer
                ShapePath {
                    strokeWidth: 1
                    strokeColor: board.colors.pointEdge
                    fillColor: tri.location % 2 === 0 ? board.colors.pointEven : board.colors.pointOdd
                    startX: board.u * 0.03; startY: tri.baseY
                    PathLine { x: board.u * 0.97; y: tri.baseY }
                    PathLine { x: board.u * 0.5; y: tri.tipY }
                    PathLine { x: board.u * 0.03; y: tri.baseY }
                }
            }
        }
        // Point numbers on the frame, from the view of the player at the bottom
        Repeater {
            model: board.showPointNumbers ? 24 : 0
            Text {
                required property int index
                textFormat: Text.PlainText
                readonly property int location: index + 1
                objectName: "pointNumber_" + location
                x: board.pointX(location)
                y: board.isTop(location) ? 0 : board.tableH - board.stripH
                width: board.u
                height: board.stripH
                rotation: -table.rotation
                horizontalAlignment: Text.AlignHCenter
                verticalAlignment: Text.AlignVCenter
                text: board.numberedFor === 1 ? 25 - location : location
                color: board.colors.numbers
                font.pixelSize: board.numberSize
            }
        }
        // Hit areas of every location (also found by tests, by objectName); the one in keyboard
        // focus holds the focus, so that a screen reader says its name.
        Repeater {
            model: 28
            Item {
                required property int index
                readonly property rect area: board.locationRect(index)
                objectName: "location_" + index
                x: area.x; y: area.y; width: area.width; height: area.height
                focus: index === board.focusLocation
                Accessible.role: Accessible.Button
                Accessible.name: (board.speech.locations || [])[index] || ""
                Accessible.description: (board.speech.hints || [])[index] || ""
                Accessible.focusable: true
                Accessible.onPressAction: board.locationClicked(index)
            }
        }
        // Checkers on points and bars
        Repeater {
            model: 27
            Item {
                id: stack
                required property int index
                readonly property int location: index
                readonly property int n: Math.abs(board.count(location))
                readonly property int player: board.ownerAt(location)
                visible: location >= 1 && location <= 26
                Repeater {
                    model: stack.visible ? Math.min(stack.n, 5) : 0
                    Checker {
                        required property int index
                        readonly property point c: board.checkerCentre(stack.location, index)
                        readonly property bool isTopChecker: index === Math.min(stack.n, 5) - 1
                        objectName: "checker_" + stack.location + "_" + index
                        player: stack.player
                        x: c.x - width / 2
                        y: c.y - height / 2 - (lifted ? board.u * 0.12 : 0)
                        label: isTopChecker && stack.n > 5 ? String(stack.n) : ""
                        ringed: isTopChecker && board.contains(board.ringCheckers, stack.location)
                        lifted: isTopChecker && board.selectedLocation === stack.location
                        visible: !(isTopChecker && (mouse.dragFrom === stack.location
                                                    || board.flyingTo === stack.location))
                    }
                }
            }
        }
        // Destination marks: a glowing disc where the checker would land
        Repeater {
            model: board.ringPoints
            Rectangle {
                required property int modelData
                readonly property point c: board.landingCentre(modelData)
                visible: modelData >= 1 && modelData <= 26
                objectName: "destination_" + modelData
                x: c.x - width / 2; y: c.y - height / 2
                width: board.checkerD * 0.96; height: width; radius: width / 2
                color: board.colors.destination
                border.color: board.colors.destinationEdge
                border.width: Math.max(2, board.u * 0.07)
            }
        }
        // Empty points a lesson marks: a ring of the marks' colour where a checker would stand
        // (the destination's disc there read as a legal move where none was)
        Repeater {
            model: board.markedPoints
            Rectangle {
                required property int modelData
                readonly property point c: board.checkerCentre(modelData, 0)
                visible: modelData >= 1 && modelData <= 24
                objectName: "markedPoint_" + modelData
                x: c.x - width / 2; y: c.y - height / 2
                width: board.checkerD + board.u * 0.16; height: width; radius: width / 2
                color: "transparent"
                border.color: board.colors.ring
                border.width: Math.max(2, board.u * 0.09)
            }
        }
        // Borne-off checkers: thin slabs in the trays
        Repeater {
            model: [0, 27]
            Item {
                id: tray
                required property int modelData
                readonly property int n: Math.abs(board.count(modelData))
                Repeater {
                    model: tray.n
                    Rectangle {
                        required property int index
                        readonly property point c: board.checkerCentre(tray.modelData, index)
                        objectName: "off_" + tray.modelData + "_" + index
                        x: c.x - width / 2
                        y: c.y - height / 2
                        width: board.trayW * 0.8
                        height: board.u * 0.27
                        radius: height * 0.35
                        color: tray.modelData === 0 ? board.colors.checker0 : board.colors.checker1
                        border.color: tray.modelData === 0 ? board.colors.rim0 : board.colors.rim1
                        border.width: 1
                        Rectangle {  // the dark side's mark
                            visible: board.marks && tray.modelData === 27
                            anchors.centerIn: parent
                            width: parent.height * 0.6; height: width; radius: width / 2
                            color: board.colors.mark1
                        }
                    }
                }
            }
        }
        // The keyboard focus: a ring around the location, in two colours so that it shows on
        // any board; over the checkers, under the dice and the cube (declared after it), which
        // stand where a point's ring ends at the middle of the board.
        Rectangle {
            objectName: "focusRing"
            readonly property rect area: board.locationRect(Math.max(0, board.focusLocation))
            visible: board.activeFocus && board.focusLocation >= 0 && board.keysInUse
            x: area.x - board.u * 0.04; y: area.y - board.u * 0.04
            width: area.width + board.u * 0.08; height: area.height + board.u * 0.08
            radius: board.u * 0.12
            color: "transparent"
            border.color: board.colors.focusOutline
            border.width: Math.max(4, board.u * 0.16)
            Rectangle {
                anchors.fill: parent
                anchors.margins: Math.max(1, board.u * 0.04)
                radius: parent.radius
                color: "transparent"
                border.color: board.colors.focus
                border.width: Math.max(2, board.u * 0.08)
            }
        }
        // Arrows (lessons, last move, hints); a hit is ringed at its end. Under the dice and the
        // cube (declared after them), which an arrow across the board hid (found by a tester).
        Repeater {
            model: board.arrows
            Shape {
                id: arrow
                required property var modelData
                required property int index
                objectName: "arrow_" + index
                readonly property var ends: board.arrowPlaces[index] || { a: Qt.point(0, 0),
                                                                         b: Qt.point(0, 0) }
                readonly property point a: ends.a
                readonly property point b: ends.b
                readonly property var bend: board.arrowBends[index] || board.arrowBend(modelData.from, modelData.to, a, b)
                readonly property point c1: bend[0]
                readonly property point c2: bend[1]
                readonly property point c: Math.hypot(b.x - c2.x, b.y - c2.y) > 1 ? c2 : c1
                readonly property real ang: Math.atan2(b.y - c.y, b.x - c.x)  // the end's way
                readonly property real head: board.u * 0.4
                anchors.fill: parent
                preferredRendererType: Shape.CurveRenderer
                ShapePath {
                    strokeColor: arrow.modelData.color || board.colors.arrow
                    strokeWidth: Math.max(2, board.u * 0.12)
                    fillColor: "transparent"
                    capStyle: ShapePath.RoundCap
                    startX: arrow.a.x; startY: arrow.a.y
                    PathCubic {
                        x: arrow.b.x - Math.cos(arrow.ang) * arrow.head * 0.8
                        y: arrow.b.y - Math.sin(arrow.ang) * arrow.head * 0.8
                        control1X: arrow.c1.x; control1Y: arrow.c1.y
                        control2X: arrow.c2.x; control2Y: arrow.c2.y
                    }
                }
                ShapePath {
                    strokeWidth: -1
                    fillColor: arrow.modelData.color || board.colors.arrow
                    startX: arrow.b.x; startY: arrow.b.y
                    PathLine {
                        x: arrow.b.x - Math.cos(arrow.ang - 0.45) * arrow.head
                        y: arrow.b.y - Math.sin(arrow.ang - 0.45) * arrow.head
                    }
                    PathLine {
                        x: arrow.b.x - Math.cos(arrow.ang + 0.45) * arrow.head
                        y: arrow.b.y - Math.sin(arrow.ang + 0.45) * arrow.head
                    }
                    PathLine { x: arrow.b.x; y: arrow.b.y }
                }
                Rectangle {
                    objectName: "hitMark_" + arrow.index
                    visible: arrow.modelData.hit === true
                    x: arrow.b.x - width / 2; y: arrow.b.y - height / 2
                    width: board.checkerD * 1.1; height: width; radius: width / 2
                    color: "transparent"
                    border.color: "#ff5a3c"
                    border.width: Math.max(2, board.u * 0.1)
                }
            }
        }
        // Dice
        Row {
            id: diceRow
            objectName: "diceRow"
            Accessible.role: Accessible.StaticText
            Accessible.name: board.speech.dice || ""
            visible: board.dice && board.dice.length > 0 && board.openingDice.length === 0
            spacing: board.u * 0.25
            readonly property real fieldX: board.diceOwner === 1 ? board.leftFieldX
                                                                 : board.rightFieldX
            x: fieldX + 3 * board.u - width / 2
            y: board.tableH / 2 - height / 2
            rotation: -table.rotation
            Repeater {
                model: board.dice
                Die {
                    required property var modelData
                    value: modelData.value
                    used: modelData.used
                    player: board.diceOwner
                }
            }
        }
        Repeater {  // the opening roll: each player's die in their own right-hand half
            model: board.openingDice.length === 2 ? board.openingDice : []
            Die {
                required property int index
                required property int modelData
                objectName: "openingDie_" + index
                Accessible.role: Accessible.StaticText
                Accessible.name: board.speech.dice || ""
                Accessible.ignored: index === 1  // the first die says both
                value: modelData
                player: index
                rotation: -table.rotation
                x: (index === 0 ? board.rightFieldX : board.leftFieldX) + 3 * board.u - width / 2
                y: board.tableH / 2 - height / 2
            }
        }
        // The doubling cube
        Rectangle {
            id: cube
            objectName: "cube"
            visible: board.cubeVisible
            Accessible.role: Accessible.StaticText
            Accessible.name: board.speech.cube || ""
            width: board.u * 0.92
            height: width
            radius: width * 0.14
            // The cube slides from the place it leaves to the one it goes to (offered, taken,
            // turned back), both worked out from the board's size as it is now: a resized
            // window moves it at once, never on a slide across the window.
            // Centred, on the bar's middle; owned, at the end of the bar on its owner's side
            // (between the trays it stood a little above or below the middle, and only the
            // panel's words told whose it was: found by a tester); offered, in the doubler's
            // field. A bar's checkers stack from the middle: five on one side reach the end.
            function centreOf(place) {
                const end = board.stripH + 0.6 * board.u
                const y = place.offered ? board.tableH / 2
                    : place.owner === 0 ? board.tableH - end
                    : place.owner === 1 ? end
                    : board.tableH / 2
                const x = place.offered
                    ? (place.dice === 1 ? board.leftFieldX : board.rightFieldX) + 3 * board.u
                    : board.barX + board.barW / 2
                return Qt.point(x, y)
            }
            readonly property var place: ({ offered: board.cubeOffered, owner: board.cubeOwner,
                                            dice: board.diceOwner })
            property var leaving: null
            property var going: null
            property real moved: 1
            Component.onCompleted: going = place
            onPlaceChanged: {
                leaving = going
                going = place
                moved = 0
                slide.restart()
            }
            NumberAnimation { id: slide; target: cube; property: "moved"; to: 1; duration: 300 }
            readonly property point endCentre: centreOf(going || place)
            readonly property point startCentre: leaving ? centreOf(leaving) : endCentre
            x: startCentre.x + (endCentre.x - startCentre.x) * moved - width / 2
            y: startCentre.y + (endCentre.y - startCentre.y) * moved - height / 2
            color: board.colors.cube
            border.color: board.cubeOffered ? board.colors.ring : board.colors.cubeEdge
            border.width: board.cubeOffered ? Math.max(2, board.u * 0.08) : Math.max(1, board.u * 0.04)
            Text {
                textFormat: Text.PlainText
                anchors.centerIn: parent
                rotation: -table.rotation
                text: board.cubeOffered ? String(board.cubeValue * 2)
                      : board.cubeOwner === -1 && board.cubeValue <= 1 ? "64"
                      : String(board.cubeValue)
                font.pixelSize: parent.width * 0.5
                font.bold: true
                color: board.colors.cubeText
            }
        }
        // Text badges (lessons)
        Repeater {
            model: board.labels
            Rectangle {
                required property var modelData
                readonly property rect area: board.locationRect(modelData.location)
                readonly property bool point: modelData.location >= 1 && modelData.location <= 24
                objectName: "badge_" + modelData.location
                // on a point, just past its checkers (at the tip of a point near the middle it
                // lay over the dice); on a bar or in a tray, at the end towards the middle
                readonly property real past: board.checkerD
                    * Math.min(board.stackUnderBadge(modelData.location, width > area.width), 5)
                x: area.x + area.width / 2 - width / 2
                y: point ? (board.isTop(modelData.location) ? area.y + past + board.u * 0.1
                                                             : area.y + area.height - past - height - board.u * 0.1)
                   : board.isTop(modelData.location) || modelData.location === 25
                   || modelData.location === 27
                   ? area.y + area.height - height - board.u * 0.1 : area.y + board.u * 0.1
                width: badge.implicitWidth + board.u * 0.3
                height: badge.implicitHeight + board.u * 0.1
                radius: height / 2
                color: board.colors.badge
                rotation: -table.rotation
                Text {
                    id: badge
                    textFormat: Text.PlainText
                    anchors.centerIn: parent
                    text: parent.modelData.text
                    color: board.colors.badgeText
                    font.pixelSize: board.u * 0.36
                    font.bold: true
                }
            }
        }
        // A note at a location (the shot counter of a blot under the pointer)
        Rectangle {
            objectName: "locationNote"
            readonly property rect area: board.locationRect(Math.max(0, board.noteLocation))
            visible: board.noteLocation >= 1 && board.noteLocation <= 24 && board.noteText !== ""
            // beside the blot, inside the fields (at the tip of the point it stood far from the
            // blot, over the cube and the dice; at an edge point it reached over the frame)
            x: Math.max(board.leftFieldX, Math.min(board.trayX - board.frameW - width,
                                                   area.x + area.width / 2 - width / 2))
            y: board.isTop(board.noteLocation) ? area.y + board.checkerD + board.u * 0.1
                                               : area.y + area.height - board.checkerD - height - board.u * 0.1
            width: noteLabel.implicitWidth + board.u * 0.4
            height: noteLabel.implicitHeight + board.u * 0.2
            radius: height / 2
            color: "#f0202020"
            border.color: "#fff3c4"
            rotation: -table.rotation
            z: 11
            Text {
                id: noteLabel
                objectName: "locationNoteText"
                anchors.centerIn: parent
                text: board.noteText
                textFormat: Text.PlainText
                color: "#fff3c4"
                font.pixelSize: board.u * 0.34
                font.bold: true
            }
        }
        HoverHandler {
            id: hover
            onPointChanged: board.locationHovered(hovered ? board.locationAt(point.position.x, point.position.y) : -1)
            onHoveredChanged: if (!hovered) board.locationHovered(-1)
        }
        // The checker being dragged, and the one flying during animated steps
        Checker {
            id: dragged
            visible: mouse.dragging
            player: mouse.dragFrom >= 0 ? Math.max(0, board.ownerAt(mouse.dragFrom)) : 0
            x: mouse.mouseX - width / 2
            y: mouse.mouseY - height / 2
            z: 10
            lifted: true
        }
        Checker {
            id: flyer
            visible: false
            z: 10
        }
        ParallelAnimation {
            id: flight
            NumberAnimation { id: flyAnimX; target: flyer; property: "x"; easing.type: Easing.InOutQuad }
            NumberAnimation { id: flyAnimY; target: flyer; property: "y"; easing.type: Easing.InOutQuad }
            onFinished: {
                flyer.visible = false
                board.flyingTo = -1
            }
        }

        MouseArea {
            id: mouse
            objectName: "boardMouseArea"
            anchors.fill: parent
            enabled: board.interactive
            property int pressedAt: -1
            property int dragFrom: -1
            property bool dragging: false
            property point pressPoint
            onPressed: event => {
                pressedAt = board.locationAt(event.x, event.y)
                pressPoint = Qt.point(event.x, event.y)
                dragFrom = -1
                dragging = false
            }
            onPositionChanged: event => {
                if (!pressed || dragging) return
                const dx = event.x - pressPoint.x, dy = event.y - pressPoint.y
                if (dx * dx + dy * dy > (board.u * 0.25) * (board.u * 0.25)
                        && board.contains(board.draggableLocations, pressedAt)) {
                    dragFrom = pressedAt
                    dragging = true
                }
            }
            onReleased: event => {
                if (dragging) {
                    const from = dragFrom
                    const to = board.locationAt(event.x, event.y)
                    dragging = false
                    dragFrom = -1
                    if (to >= 0 && to !== from)
                        board.checkerDropped(from, to)
                    pressedAt = -2  // no click after a drag
                }
            }
            onClicked: event => {
                if (pressedAt === -2) return
                const onDice = diceRow.mapFromItem(mouse, event.x, event.y)
                if (diceRow.visible && diceRow.contains(onDice)) {
                    board.diceClicked()
                    return
                }
                const loc = board.locationAt(event.x, event.y)
                if (loc >= 0) board.locationClicked(loc)
            }
            onDoubleClicked: event => {
                const loc = board.locationAt(event.x, event.y)
                if (loc >= 0) board.locationDoubleClicked(loc)
            }
            onCanceled: {
                dragging = false
                dragFrom = -1
            }
        }
    }
}
