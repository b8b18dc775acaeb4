// What the window's texts share: the places where a line must not break.
.pragma library

// A move stays whole ("6/off" broke after its "/"): a word joiner after each "/".
function wholeMoves(text) { return text.replace(/\//g, "/\u2060") }

// A number stays with its per cent sign ("25 %" broke before its "%", where a language writes a
// space there): a no-break space.
function wholePercents(text) { return text.replace(/(\d) %/g, "$1\u00a0%") }

// Both: a lesson's texts, which speak of moves and chances.
function unbroken(text) { return wholePercents(wholeMoves(text)) }
