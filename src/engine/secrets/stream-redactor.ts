// Redaction for text that arrives in pieces (a command's output chunks, a model's text
// deltas, a background task's log). Redacting each piece alone lets a secret split across
// two pieces through, so each stream holds back a tail that might still be part of a secret
// and lets it go with the next piece, at the stream's end, or when the stream pauses (`flush`:
// then only what provably begins no secret goes). Pure: no I/O, one per stream.
//
// A piece is let go only up to a cut that no secret can straddle, now or once more text
// arrives: never inside a match (its context included), never inside the trailing word (a
// key shape has no whitespace), never after an unfinished context (`Bearer `, a netrc entry,
// a PEM block without its END line), never within the longest spaced known value's reach.
import type { Redactor } from "./redact.js";
import { openContextAt } from "./secret-shapes.js";

/** A PEM block is long and multi-line: hold from its BEGIN line until its END line arrives. */
const OPEN_PEM = /-----BEGIN [A-Z ]*PRIVATE KEY-----(?![\s\S]*-----END [A-Z ]*PRIVATE KEY-----)/;
/** How far back an unfinished context is looked for: longer than any shape's bounded context. */
const CONTEXT_REACH = 2048;
/** Past this, a held tail is let go (redacted as it stands) so a stream never stalls for good. */
const MAX_HOLD = 64 * 1024;
/**
 * A whitespace-free run longer than this (a base64 blob, a minified line) is let go but for its
 * end: longer than any shape needs from its start to its first match (a JWT with a large
 * payload is the longest, a few KiB), far shorter than the whole run.
 */
const LONG_RUN = 8 * 1024;

/**
 * How the single-word key shapes of secrets/secret-shapes.ts begin (lower case). A paused stream
 * keeps back a trailing word that begins, at a word boundary, with one of these or the start of one.
 */
const KEY_STARTS = [
  "sk-", "sk_live_", "sk_test_", "rk_live_", "rk_test_", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_",
  "akia", "asia", "aws_", "aiza", "xoxa-", "xoxb-", "xoxe-", "xoxp-", "xoxr-", "xoxs-", "xapp-", "glpat-", "npm_",
  "hf_", "eyj", "bearer", "-----begin", "x_security_token", "sg.", "dop_v1_", "doo_v1_", "dor_v1_", "shpat_", "shpca_", "shppa_",
  "shpss_", "hvs.", "hvb.", "pypi-", "dapi", "pmak-", "lin_api_", "glsa_", "glc_", "xai-", "gsk_", "r8_", "tvly-", "age-secret-key-",
  "ya29.", "1//0",
];

const LONGEST_KEY_START = Math.max(...KEY_STARTS.map((start) => start.length));

/** A word a paused stream may let go: letters ending a sentence or clause (`arrives.`, `done!`, `it),`). */
const ENDS_SENTENCE = /^[\p{L}\p{N}'’-]+[.!?…,;)\]]+$/u;

/** Could this whitespace-free run be (the start of) a key shape? Credential lines (`:`, `=`, `@`) too. */
export function mayBeginKey(run: string): boolean {
  if (/[:=@]/.test(run)) return true;
  const lower = run.toLowerCase();
  for (let at = 0; at < lower.length; at += 1) {
    if (at > 0 && !(/\W/.test(lower[at - 1]!) && /\w/.test(lower[at]!))) continue;
    // As far as the longest start reaches: a longer rest decides nothing more (and slicing the
    // whole rest at every boundary of a long run is quadratic).
    const rest = lower.slice(at, at + LONGEST_KEY_START);
    if (KEY_STARTS.some((start) => rest.startsWith(start) || start.startsWith(rest))) return true;
  }
  return false;
}

export interface StreamRedactor {
  /** Takes the next piece; returns the redacted text that is safe to hand on now (maybe ""). */
  push(chunk: string): string;
  /**
   * The stream paused: lets go what it held back, except a tail that may begin a secret (a
   * known value's first part, a key shape's, an open context or private key block).
   */
  flush(): string;
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
  // The trailing word may be the first part of a key shape; a run no key can begin in (a
  // base64 blob, a minified line) need not wait for its end, or a megabyte of it is held and
  // scanned again with every piece.
  let end = text.length;
  while (end > 0 && !isSpace(text.charCodeAt(end - 1))) end -= 1;
  // Past LONG_RUN characters only a run's end need wait: a key that began earlier has matched
  // by now (and the ranges below keep the cut out of it) or never will; the same for a
  // credential name. A known value's form may still begin within the last stretch.
  const trailingRunIsShort = text.length - end <= LONG_RUN;
  const margin = Math.max(LONG_RUN, (redact.longestForm ?? 0) - 1);
  cut = Math.min(cut, trailingRunIsShort ? end : text.length - margin);
  const from = Math.max(0, text.length - CONTEXT_REACH);
  const open = openContextAt(from > 0 ? text.slice(from) : text);
  if (open >= 0) cut = Math.min(cut, from + open);
  const pem = OPEN_PEM.exec(text);
  if (pem) cut = Math.min(cut, pem.index);
  const forced = text.length - cut > MAX_HOLD;
  if (forced) cut = text.length - MAX_HOLD;
  else {
    // A cut inside a word moves to its start, unless no key can begin anywhere in that word.
    const start = wordStart(text, Math.max(0, cut));
    if (start < cut && (start < end || trailingRunIsShort)) cut = start;
  }
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

/** Where a paused stream may cut: the trailing word goes too, unless it (or a spaced value) may still grow into a secret. */
export function pauseCut(text: string, redact: Redactor): number {
  let cut = text.length;
  const from = Math.max(0, text.length - CONTEXT_REACH);
  const open = openContextAt(from > 0 ? text.slice(from) : text);
  if (open >= 0) cut = Math.min(cut, from + open);
  const pem = OPEN_PEM.exec(text);
  if (pem) cut = Math.min(cut, pem.index);
  // A private key's header may still be arriving (`-----BEGIN RSA PRIV`): its whole line waits.
  const lineFrom = text.lastIndexOf("\n") + 1;
  if (/^\s*-|--/.test(text.slice(lineFrom))) cut = Math.min(cut, lineFrom);
  let wordFrom = text.length;
  while (wordFrom > 0 && !isSpace(text.charCodeAt(wordFrom - 1))) wordFrom -= 1;
  // Only a word that ends a sentence goes: any other may be the first part of a credential
  // context (`npmAuth|Token: …`, `mac|hine h login u password …`) that a later piece completes.
  const run = text.slice(wordFrom);
  if (!ENDS_SENTENCE.test(run) || mayBeginKey(run)) cut = Math.min(cut, wordFrom);
  // A known value may begin anywhere in the trailing word, or within a spaced form's reach.
  const reach = Math.min(wordFrom, text.length - Math.max(0, (redact.longestSecret ?? 0) - 1));
  for (let at = Math.max(0, reach); at < cut; at += 1) {
    if (redact.beginsSecret ? redact.beginsSecret(text.slice(at)) : true) {
      cut = at;
      break;
    }
  }
  const ranges = redact.ranges?.(text) ?? [];
  for (let moved = true; moved; ) {
    moved = false;
    for (const [start, stop] of ranges) {
      if (start < cut && cut < stop) {
        cut = start;
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
    flush() {
      if (!held) return "";
      const cut = pauseCut(held, redact);
      const out = cut === 0 ? "" : redact(held.slice(0, cut));
      held = held.slice(cut);
      return out;
    },
    end() {
      const rest = held;
      held = "";
      return rest ? redact(rest) : "";
    },
  };
}
