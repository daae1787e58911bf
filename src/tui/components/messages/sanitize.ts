// Model output and command output are untrusted: an escape sequence in them could move the
// cursor, retitle the window or hide text. Strip every control sequence before drawing;
// tabs become spaces so widths stay measurable.
// eslint-disable-next-line no-control-regex
const ESCAPES = /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[PX^_][^\x1b]*(?:\x1b\\)?|[@-Z\\-_])|\x9b[0-?]*[ -/]*[@-~]/g;
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

export function sanitizeForTerminal(text: string): string {
  return text.replace(/\r\n/g, "\n").replace(ESCAPES, "").replace(/\t/g, "    ").replace(CONTROLS, "");
}
