// Model output and command output are untrusted: an escape sequence in them could move the
// cursor, retitle the window or hide text. Nothing in them is interpreted before drawing
// (print/terminal-safe.ts); tabs become spaces so widths stay measurable.
import { showTerminalControls, stripTerminalControls } from "../../../print/terminal-safe.js";

/** Ordinary output (the model's text, a command's output): styling removed, nothing acts. */
export function sanitizeForTerminal(text: string): string {
  return stripTerminalControls(text).replace(/\t/g, "    ");
}

/** Text from the disk for a single row (a branch name, a folder, a skill's description): nothing acts, no line break moves the cursor. */
export function oneLineForTerminal(text: string): string {
  return sanitizeForTerminal(text).replace(/\n/g, " ");
}

/**
 * What a person is asked to approve (a command, a diff, a question, the project's settings):
 * every character shown as it is, control characters as visible symbols (␛]0;…␇), never
 * removed, so what runs or is written is what the person read. A tab keeps its 4 columns.
 */
export function exactForConsent(text: string): string {
  return showTerminalControls(text, "\u2409   ");
}
