// Untrusted text shown to a person who decides on it (the trust question's commands, a model
// name in the settings report, the sessions table) must show what it is, all of it. Stripping
// is not enough: 80 line breaks push a command's dangerous part off the screen, a bidi override
// shows `hs| lruc` for `curl |sh`, a zero-width space hides inside a word. So every such
// character is written as a visible escape (`\n`, `\x1b`, `\u{202e}`), and then a backslash as
// `\\` (an escape in the text cannot pass for one of ours), and a long value is cut with its
// full length said. Like redaction, this is about what text may carry that the reader cannot see.

// C0 and C1 controls and DEL; line and paragraph separators; bidi marks, embeddings, overrides
// and isolates; zero-width characters, word joiner, invisible operators, BOM; soft hyphen; the
// Hangul and Khmer fillers and the Mongolian separator that render as nothing.
// eslint-disable-next-line no-control-regex
const HIDDEN = /[\x00-\x1f\x7f-\x9f\u00ad\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb]|[\u{e0000}-\u{e007f}]/gu;

const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** Default cap of a shown value, in characters (before escaping). */
export const VISIBLE_MAX_CHARS = 300;

/**
 * `text` on one line with every invisible or line-breaking character escaped; longer than
 * `max` characters, cut with `… (N characters in all)`.
 */
export function visibleText(text: string, max = VISIBLE_MAX_CHARS): string {
  const chars = [...text];
  const shown = chars.length > max ? chars.slice(0, max).join("") : text;
  HIDDEN.lastIndex = 0;
  // Plain text (a Windows path too) is shown as it is; once anything is escaped, so are backslashes.
  const escaped = HIDDEN.test(shown) ? shown.replace(/\\/g, "\\\\").replace(HIDDEN, escapeOne) : shown;
  return chars.length > max ? `${escaped}… (${chars.length} characters in all)` : escaped;
}

function escapeOne(char: string): string {
  const named = NAMED[char];
  if (named) return named;
  const code = char.codePointAt(0)!;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u{${code.toString(16)}}`;
}
