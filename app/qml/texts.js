// What the window's texts share: the places where a line must not break.
.pragma library

// A move stays whole ("6/off" broke after its "/"): a word joiner after each "/".
function wholeMoves(text) { return text.replace(/\//g, "/\u2060") }

// A number stays with its per cent sign ("25 %" broke before its "%", where a language writes a
// space there): a no-break space.
function wholePercents(text) { return text.replace(/(\d) %/g, "$1\u00a0%") }

// A roll stays with its play, and a play's moves together ("3-2" ended a line and "24/21 13/11"
// began the next, read as the next roll's play: found by a tester in the fifteen opening rolls):
// no-break spaces between a roll ("6-4") or a move ("24/18", "bar/22*", "13/7(2)", "6/off") and
// the move after it. A move followed by a punctuation mark ends its play.
const roll = /^[1-6]-[1-6]$/
const moveText = "\\(?(?:bar|\\d{1,2})(?:/(?:\\d{1,2}|off)\\*?)+(?:\\(\\d\\))?"
const openMove = new RegExp("^" + moveText + "$")  // a move the play may go on from
const move = new RegExp("^" + moveText + "[,.;:)]*$")  // the next move, perhaps ending it
function wholePlays(text) {
    const words = text.split(" ")
    const out = [words[0]]
    for (let i = 1; i < words.length; ++i) {
        const joined = out[out.length - 1].split("\u00a0")
        const last = joined[joined.length - 1]
        if ((roll.test(last) || openMove.test(last)) && move.test(words[i]))
            out[out.length - 1] += "\u00a0" + words[i]
        else
            out.push(words[i])
    }
    return out.join(" ")
}

// A point's name stays whole ("2-punt" broke after its hyphen at 150%: found by a tester): a
// word joiner after the hyphen between a number and a word.
function wholePoints(text) { return text.replace(/(\d)-(?=[A-Za-zÀ-ÿ])/g, "$1-\u2060") }

// A file's name and an ID stay whole ("gnubg-match-7-point.mat" broke after a hyphen at the end
// of a line, an ID pair after its colon, a Position ID after its "/": a tester): a word joiner
// after each "-" and ":" of a word that names a file (it ends in an extension such as ".mat"),
// and after each "/" and ":" of an ID (14 letters, digits, "+" or "/", a Match ID of 12 after
// a colon). A path still breaks at its "/"s; quotes and a closing mark stay outside.
const fileName = /^[“"«(]?\S*[^\s/]\.[A-Za-z0-9]{1,5}[”"»)]?[.,:;!?]?$/
const idWord = /^[“"«(]?[A-Za-z0-9+/]{14}(:[A-Za-z0-9+/]{12})?[”"»)]?[.,:;!?]?$/
function wholeNames(text) {
    return text.replace(/\S+/g, word => fileName.test(word) ? word.replace(/([-:])(?=\S)/g, "$1\u2060")
                                    : idWord.test(word) ? word.replace(/([/:])(?=\S)/g, "$1\u2060")
                                    : word)
}

// All four: a lesson's texts, which speak of rolls, plays, points and chances.
function unbroken(text) { return wholePercents(wholeMoves(wholePlays(wholePoints(text)))) }
