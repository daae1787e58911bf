// Model output and command output are untrusted: an escape sequence in them could move the
// cursor, retitle the window or hide text. Every control sequence goes before drawing
// (print/terminal-safe.ts); tabs become spaces so widths stay measurable.
import { stripTerminalControls } from "../../../print/terminal-safe.js";

export function sanitizeForTerminal(text: string): string {
  return stripTerminalControls(text).replace(/\t/g, "    ");
}
