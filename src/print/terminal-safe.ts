// Text from the model, the repository and commands is untrusted, and print mode writes it to a
// terminal: an escape sequence in it could retitle the window, write the clipboard (OSC 52),
// clear the screen or hide text. Every control sequence and control character goes, but for
// line ends and tabs; a sequence cut across two writes is defused too, since each needs its ESC
// (or a C1 character). The TUI draws through the same function.
const ESCAPES = /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[PX^_][^\x1b]*(?:\x1b\\)?|[@-Z\\-_])|\x9b[0-?]*[ -/]*[@-~]/g;
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

/** `text` with every terminal control sequence and control character removed; `\n` and `\t` kept, `\r\n` made `\n`. */
export function stripTerminalControls(text: string): string {
  return text.replace(/\r\n/g, "\n").replace(ESCAPES, "").replace(CONTROLS, "");
}
