// Text from the model, the repository and commands is untrusted, and print mode writes it to a
// terminal: an escape sequence in it could retitle the window, write the clipboard (OSC 52),
// clear the screen or hide text. Nothing in it is interpreted (the TUI draws through the same
// functions). A sequence that only styles or moves (CSI, ESC x) goes; one that carries text
// (OSC, DCS, APC, PM, SOS) is shown with its text, so nothing the text says is hidden; a sequence
// cut across two writes is defused too, since each needs its ESC (or a C1 character).
const STYLING = /\x1b(?:\[[0-?]*[ -/]*[@-~]|[@-Z\\-_])|\x9b[0-?]*[ -/]*[@-~]/g;
const CARRIES_TEXT = /\x1b(?:\][^\x07\x1b]*(?:\x07|\x1b\\)?|[PX^_][^\x1b]*(?:\x1b\\)?)/g;
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;
/** What a consent view shows visibly: every control character but `\n`, and the invisible
 * characters that reorder or hide text (bidi overrides and isolates, zero-width space, BOM). */
const SHOWN = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** `text` with no terminal control left: styling removed, text-carrying sequences shown; `\n` and `\t` kept, `\r\n` made `\n`. */
export function stripTerminalControls(text: string): string {
  return text
    .replace(/\r\n/g, "\n")
    .replace(CARRIES_TEXT, (sequence) => showTerminalControls(sequence))
    .replace(STYLING, "")
    .replace(CONTROLS, "");
}

/**
 * Every control character as a visible symbol, `\n` kept: ESC is ␛, BEL ␇, CR ␍, tab `tab`
 * (␉ unless told), C1 and invisible format characters as `\x9b` / `\u202e`. For text a person
 * is asked to approve: every character that will run or be written is on screen, none acts.
 */
export function showTerminalControls(text: string, tab = "\u2409"): string {
  return text.replace(SHOWN, (char) => {
    const code = char.charCodeAt(0);
    if (code === 0x09) return tab;
    if (code < 0x20) return String.fromCharCode(0x2400 + code);
    if (code === 0x7f) return "\u2421";
    if (code <= 0x9f) return `\\x${code.toString(16)}`;
    return `\\u${code.toString(16).padStart(4, "0")}`;
  });
}
