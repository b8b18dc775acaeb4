// The text of a menu entry or menu title written with "&" as styled text with that letter
// underlined: "&New game" as "<u>N</u>ew game"; "&&" is a plain "&". Every "<", ">" and "&" of
// the text is escaped, so that the underline is the only markup (our own texts only).
.pragma library

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
