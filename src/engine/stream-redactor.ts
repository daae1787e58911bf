// Redaction for text that arrives in pieces (a command's output chunks, a model's text
// deltas). Redacting each piece alone lets a secret split across two pieces through whole,
// so each stream holds back a tail that might still be the start of a secret, and lets it go
// with the next piece or at the stream's end, or when the stream pauses (`flush`: then only
// what provably begins no secret goes). Pure: no I/O, one instance per stream.
import type { Redactor } from "./redact.js";

/** A PEM block is long and multi-line: hold from its BEGIN line until its END line arrives. */
const OPEN_PEM = /-----BEGIN [A-Z ]*PRIVATE KEY-----(?![\s\S]*-----END [A-Z ]*PRIVATE KEY-----)/;
/** Past this, a held tail is let go (redacted as it stands) so a stream never stalls for good. */
const MAX_HOLD = 64 * 1024;

/**
 * How the single-word key shapes of redact.ts begin (lower case). A paused stream keeps back a
 * trailing word that begins, at a word boundary, with one of these or with the start of one.
 */
const KEY_STARTS = [
  "sk-", "sk_live_", "sk_test_", "rk_live_", "rk_test_", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_",
  "akia", "asia", "aws_", "aiza", "xoxa-", "xoxb-", "xoxe-", "xoxp-", "xoxr-", "xoxs-", "xapp-", "glpat-", "npm_",
  "hf_", "eyj", "bearer", "-----begin", "x_security_token",
];

/** Could this whitespace-free run be (the start of) a key shape? Credential lines (`:`, `=`) too. */
export function mayBeginKey(run: string): boolean {
  if (/[:=@]/.test(run)) return true;
  const lower = run.toLowerCase();
  for (let at = 0; at < lower.length; at += 1) {
    if (at > 0 && !(/\W/.test(lower[at - 1]!) && /\w/.test(lower[at]!))) continue;
    const rest = lower.slice(at);
    if (KEY_STARTS.some((start) => rest.startsWith(start) || start.startsWith(rest))) return true;
  }
  return false;
}

export interface StreamRedactor {
  /** Takes the next piece; returns the redacted text that is safe to hand on now (maybe ""). */
  push(chunk: string): string;
  /**
   * The stream paused: lets go what it held back, except a tail that may begin a secret (an
   * exact secret's first part, a key shape's, an open private key block). Returns it redacted.
   */
  flush(): string;
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

  /** Where a paused stream may cut: before any tail that could still grow into a secret. */
  function pauseCutPoint(text: string): number {
    let cut = text.length;
    const pem = OPEN_PEM.exec(text);
    if (pem) cut = pem.index;
    const run = /\S*$/.exec(text)![0];
    if (mayBeginKey(run)) cut = Math.min(cut, text.length - run.length);
    if (longestSecret > 0) {
      const from = Math.max(0, text.length - (longestSecret - 1));
      if (!redact.beginsSecret) cut = Math.min(cut, from);
      else for (let at = from; at < cut; at += 1) if (redact.beginsSecret(text.slice(at))) cut = at;
    }
    return cut;
  }

  /** Hands on the text before `cut` (redacted) and holds the rest. */
  function release(text: string, cut: number): string {
    if (cut <= 0) {
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
  }

  return {
    push(chunk) {
      const text = held + chunk;
      return release(text, cutPoint(text));
    },
    flush() {
      return held ? release(held, pauseCutPoint(held)) : "";
    },
    end() {
      const rest = held;
      held = "";
      return rest ? redact(rest) : "";
    },
  };
}
