// Redaction for text that arrives in pieces (a command's output chunks, a model's text
// deltas, a background task's log). Redacting each piece alone lets a secret split across
// two pieces through, so each stream holds back a tail that might still be part of a secret
// and lets it go with the next piece or at the stream's end. Pure: no I/O, one per stream.
//
// A piece is let go only up to a cut that no secret can straddle, now or once more text
// arrives: never inside a match (its context included), never inside the trailing word (a
// key shape has no whitespace), never after an unfinished context (`Bearer `, a netrc entry,
// a PEM block without its END line), never within the longest spaced known value's reach.
import type { Redactor } from "./redact.js";
import { OPEN_CONTEXT } from "./secrets/secret-shapes.js";

/** A PEM block is long and multi-line: hold from its BEGIN line until its END line arrives. */
const OPEN_PEM = /-----BEGIN [A-Z ]*PRIVATE KEY-----(?![\s\S]*-----END [A-Z ]*PRIVATE KEY-----)/;
/** How far back an unfinished context is looked for: longer than any shape's bounded context. */
const CONTEXT_REACH = 2048;
/** Past this, a held tail is let go (redacted as it stands) so a stream never stalls for good. */
const MAX_HOLD = 64 * 1024;

export interface StreamRedactor {
  /** Takes the next piece; returns the redacted text that is safe to hand on now (maybe ""). */
  push(chunk: string): string;
  /** The stream ended: the redacted rest. */
  end(): string;
}

function isSpace(code: number): boolean {
  return (code >= 9 && code <= 13) || code === 32 || code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

/** The start of the whitespace-free run that `at` falls inside (or `at` itself at a boundary). */
function wordStart(text: string, at: number): number {
  let start = at;
  while (start > 0 && start < text.length && !isSpace(text.charCodeAt(start - 1)) && !isSpace(text.charCodeAt(start))) start -= 1;
  return start;
}

/** Where `text` may be cut: everything before is final, however the stream goes on. */
export function safeCut(text: string, redact: Redactor): number {
  let cut = text.length - Math.max(0, (redact.longestSecret ?? 0) - 1);
  // The trailing word may be the first part of a key shape.
  let end = text.length;
  while (end > 0 && !isSpace(text.charCodeAt(end - 1))) end -= 1;
  cut = Math.min(cut, end);
  const from = Math.max(0, text.length - CONTEXT_REACH);
  const open = OPEN_CONTEXT.exec(from > 0 ? text.slice(from) : text);
  if (open) cut = Math.min(cut, from + open.index);
  const pem = OPEN_PEM.exec(text);
  if (pem) cut = Math.min(cut, pem.index);
  const forced = text.length - cut > MAX_HOLD;
  if (forced) cut = text.length - MAX_HOLD;
  else cut = wordStart(text, Math.max(0, cut));
  // A match already complete in the text: cut before it (or, forced, after it, redacted whole).
  const ranges = redact.ranges?.(text) ?? [];
  for (let moved = true; moved; ) {
    moved = false;
    for (const [start, stop] of ranges) {
      if (start < cut && cut < stop) {
        cut = forced ? stop : start;
        moved = true;
      }
    }
  }
  return Math.max(0, cut);
}

export function createStreamRedactor(redact: Redactor): StreamRedactor {
  let held = "";
  return {
    push(chunk) {
      const text = held + chunk;
      const cut = safeCut(text, redact);
      held = text.slice(cut);
      return cut === 0 ? "" : redact(text.slice(0, cut));
    },
    end() {
      const rest = held;
      held = "";
      return rest ? redact(rest) : "";
    },
  };
}
