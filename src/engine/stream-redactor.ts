// Redaction for text that arrives in pieces (a command's output chunks, a model's text
// deltas). Redacting each piece alone lets a secret split across two pieces through whole,
// so each stream holds back a tail that might still be the start of a secret, and lets it go
// with the next piece or at the stream's end. Pure: no I/O, one instance per stream.
import type { Redactor } from "./redact.js";

/** A PEM block is long and multi-line: hold from its BEGIN line until its END line arrives. */
const OPEN_PEM = /-----BEGIN [A-Z ]*PRIVATE KEY-----(?![\s\S]*-----END [A-Z ]*PRIVATE KEY-----)/;
/** Past this, a held tail is let go (redacted as it stands) so a stream never stalls for good. */
const MAX_HOLD = 64 * 1024;

export interface StreamRedactor {
  /** Takes the next piece; returns the redacted text that is safe to hand on now (maybe ""). */
  push(chunk: string): string;
  /** The stream ended: the redacted rest. */
  end(): string;
}

/**
 * `longestSecret` is the length of the longest exact secret value. Key shapes (sk-…, ghp_…)
 * have no fixed length and no whitespace, so the last whitespace-free run is held as well.
 */
export function createStreamRedactor(redact: Redactor, longestSecret: number): StreamRedactor {
  let held = "";

  function cutPoint(text: string): number {
    let cut = text.length - Math.max(0, longestSecret - 1);
    // Keep the trailing word back: it may be the first half of a key shape.
    const lastSpace = Math.max(text.lastIndexOf(" "), text.lastIndexOf("\n"), text.lastIndexOf("\t"));
    cut = Math.min(cut, lastSpace + 1);
    const pem = OPEN_PEM.exec(text);
    if (pem) cut = Math.min(cut, pem.index);
    if (text.length - cut > MAX_HOLD) cut = text.length - MAX_HOLD;
    return Math.max(0, cut);
  }

  return {
    push(chunk) {
      const text = held + chunk;
      let cut = cutPoint(text);
      if (cut === 0) {
        held = text;
        return "";
      }
      // A secret that straddles the cut would be emitted half raw: move the cut back until
      // the redacted head is exactly the start of the redacted whole.
      const whole = redact(text);
      let head = redact(text.slice(0, cut));
      while (cut > 0 && !whole.startsWith(head)) {
        cut -= 1;
        head = redact(text.slice(0, cut));
      }
      held = text.slice(cut);
      return head;
    },
    end() {
      const rest = held;
      held = "";
      return rest ? redact(rest) : "";
    },
  };
}
