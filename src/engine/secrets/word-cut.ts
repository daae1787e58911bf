// Where mini-agent's own truncation cuts text (a tool result's cap, a line too long to show,
// the head and tail a command's output keeps): at the edge of a word, never inside one. The
// redactor matches a secret whole; a cut through one keeps its first or last part, which no
// value form or key shape matches, and that part would be stored and sent as it stands. Keys
// and encoded values hold no whitespace, so a cut at a word's edge keeps or drops them whole.

/**
 * How far a cut moves at most: past this a run (a base64 blob, a minified line) is cut where it
 * falls, so a long line still shows its start. Longer than an API key or token; a longer value
 * (an AWS session token) cut there keeps a part.
 */
const REACH = 256;
/**
 * The characters of a key and of every encoded form of a known value (base64, hex, percent- and
 * JSON-escaped): inside a long run, a cut moves to the nearest character outside them (`"`, `,`).
 */
const TOKEN_CHAR = /[A-Za-z0-9+/=_.~%\\-]/;

function isSpace(code: number): boolean {
  return (code >= 9 && code <= 13) || code === 32 || code === 0xa0 || code === 0x2028 || code === 0x2029 || code === 0x3000 || code === 0xfeff;
}

/** `at` or the nearest edge before it: a space, else (within a long run) a character no secret form holds. */
function edgeBefore(text: string, at: number): number {
  const floor = Math.max(0, at - REACH);
  for (let i = at; i > floor; i -= 1) if (isSpace(text.charCodeAt(i - 1))) return i;
  for (let i = at; i > floor; i -= 1) if (!TOKEN_CHAR.test(text[i - 1]!)) return i;
  return at;
}

/** `at` or the nearest edge after it. */
function edgeAfter(text: string, at: number): number {
  const ceiling = Math.min(text.length, at + REACH);
  for (let i = at; i < ceiling; i += 1) if (isSpace(text.charCodeAt(i))) return i;
  for (let i = at; i < ceiling; i += 1) if (!TOKEN_CHAR.test(text[i]!)) return i;
  return at;
}

/**
 * Where to end a head kept of `text` (at most `at` characters): `at`, moved back out of the word
 * it would split. `continues`: the text went on past its end (a kept head whose rest is gone).
 */
export function headCut(text: string, at: number, continues = false): number {
  if (at <= 0) return 0;
  if (at >= text.length && !continues) return text.length;
  const end = Math.min(at, text.length);
  if (end < text.length && isSpace(text.charCodeAt(end))) return end;
  return edgeBefore(text, end);
}

/**
 * Where to start a tail kept of `text` (from `at` on): `at`, moved on out of the word it would
 * split. `continued`: text came before its start (a kept tail whose beginning is gone).
 */
export function tailCut(text: string, at: number, continued = false): number {
  if (at >= text.length) return text.length;
  if (at <= 0 && !continued) return 0;
  const start = Math.max(0, at);
  if (start > 0 && isSpace(text.charCodeAt(start - 1))) return start;
  return edgeAfter(text, start);
}

/**
 * At most `max` characters of `text` from its start, cut at a word's edge and marked with `mark`
 * (counted in `max`): for untrusted or provider text shortened before the redactor sees it (an
 * error body, a retry's reason, a hook's reason, a description).
 */
export function clipHead(text: string, max: number, mark = "…"): string {
  if (text.length <= max) return text;
  return `${text.slice(0, headCut(text, Math.max(0, max - mark.length), true))}${mark}`;
}

/** At most `max` characters of `text` from its end, begun at a word's edge (a kept stderr tail). */
export function clipTail(text: string, max: number): string {
  if (text.length <= max) return text;
  return text.slice(tailCut(text, text.length - max, true));
}
