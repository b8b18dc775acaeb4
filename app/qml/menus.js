// What the window's menus share: the text of an entry or a title with its Alt letter
// underlined, and the entry that keys can go to next.
.pragma library

// The text of a menu entry or menu title written with "&" as styled text with that letter
// underlined: "&New game" as "<u>N</u>ew game"; "&&" is a plain "&". Every "<", ">" and "&" of
// the text is escaped, so that the underline is the only markup (our own texts only).
function styled(text) {
    let out = ""
    for (let i = 0; i < text.length; ++i) {
        let c = text[i]
        let underline = false
        if (c === "&" && i + 1 < text.length) {
            c = text[++i]
            underline = c !== "&"
        }
        const safe = c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === "&" ? "&amp;" : c
        out += underline ? "<u>" + safe + "</u>" : safe
    }
    return out
}

// The index of the entry of ``menu`` that can be chosen next from index ``from`` in direction
// ``step`` (1 down, -1 up): enabled and shown; -1 when there is none that way.
function nextEntry(menu, from, step) {
    for (let i = from + step; menu && i >= 0 && i < menu.count; i += step) {
        const entry = menu.itemAt(i)
        if (entry && entry.enabled && entry.visible)
            return i
    }
    return -1
}
