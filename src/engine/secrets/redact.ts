// Secrets never reach an event: the bus runs every payload through this before anyone
// (wire, renderer, model history) sees it. Known values (the configured key, secret-named
// environment variables, the user's credential files) are replaced in every form listed in
// secrets/value-forms.ts; well-known key and credential-line shapes are caught by pattern
// (secrets/secret-shapes.ts).
import { KEY_PATTERNS, MAY_HOLD_KEY } from "./secret-shapes.js";
import { valueMatcher } from "./value-forms.js";

export { KEY_PATTERNS } from "./secret-shapes.js";
export { isSecretName, secretsFromEnv, secretsFromSettings } from "./env-secrets.js";

export const REDACTED = "[redacted]";

/** Where in a text something will be redacted: [start, end) of each match, shapes with their context. */
export type SecretRange = readonly [start: number, end: number];

export interface Redactor {
  (text: string): string;
  /**
   * How much a streaming redactor must hold back for known values: the longest form with
   * whitespace in it (others lie in one word, which is held anyway).
   */
  longestSecret?: number;
  /** The longest form of any known value: what a run no key shape can begin in must still hold back. */
  longestForm?: number;
  /** Every match in `text`, so a streaming redactor never cuts a piece inside one. */
  ranges?(text: string): SecretRange[];
  /** Could `text` still grow into a known value (is it the start of one of its forms)? A paused stream asks. */
  beginsSecret?(text: string): boolean;
  /**
   * Learns more known values: a credential the session reaches later (a provider chosen by a
   * model switch) is known before anything it answers is published. Streams read the new
   * hold-back figures on their next piece.
   */
  add?(secrets: Iterable<string>): void;
  /** Counts the values added after creation: a cache of redacted text is stale once it moves. */
  generation?: number;
}

export function createRedactor(secrets: Iterable<string>): Redactor {
  const known = new Set(secrets);
  let matcher = valueMatcher(known);
  let lowered = matcher.forms.map((form) => form.toLowerCase());
  const redactor: Redactor = (text) => {
    const exact = matcher.pattern;
    let out = exact ? text.replace(exact, REDACTED) : text;
    if (!MAY_HOLD_KEY.test(out)) return out;
    for (const [pattern, keep = ""] of KEY_PATTERNS) out = out.replace(pattern, keep + REDACTED);
    return out;
  };
  const measure = () => {
    redactor.longestSecret = matcher.holdBack;
    redactor.longestForm = matcher.forms[0]?.length ?? 0;
  };
  measure();
  redactor.generation = 0;
  redactor.ranges = (text) => {
    const ranges: SecretRange[] = [];
    if (matcher.pattern) collectRanges(matcher.pattern, text, ranges);
    if (MAY_HOLD_KEY.test(text)) for (const [pattern] of KEY_PATTERNS) collectRanges(pattern, text, ranges);
    return ranges;
  };
  redactor.beginsSecret = (text) => text !== "" && lowered.some((form) => form.startsWith(text.toLowerCase()));
  redactor.add = (more) => {
    const before = known.size;
    for (const secret of more) known.add(secret);
    if (known.size === before) return;
    matcher = valueMatcher(known);
    lowered = matcher.forms.map((form) => form.toLowerCase());
    measure();
    redactor.generation = (redactor.generation ?? 0) + 1;
  };
  return redactor;
}

/**
 * The matches of a global pattern, through its own lastIndex: matchAll would copy the pattern
 * on every call, and a stream asks for every piece. Synchronous, so nothing else sees it moved.
 */
function collectRanges(pattern: RegExp, text: string, into: SecretRange[]): void {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    into.push([match.index, match.index + match[0].length]);
    if (match[0].length === 0) pattern.lastIndex += 1;
  }
  pattern.lastIndex = 0;
}

/**
 * Opaque provider blobs (thinking signatures, redacted thinking, image bytes) are passed
 * through untouched: they are base64 that may look like a key by chance, and a changed
 * byte would make the provider reject the next request.
 */
const OPAQUE_FIELDS = new Set(["signature", "data", "base64"]);

/** Applies a redactor to every string inside a payload, returning a new object. */
export function redactPayload<T>(payload: T, redact: Redactor): T {
  if (typeof payload === "string") return redact(payload) as T;
  if (Array.isArray(payload)) return payload.map((item) => redactPayload(item, redact)) as T;
  if (payload && typeof payload === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(payload)) {
      out[key] = OPAQUE_FIELDS.has(key) && typeof value === "string" ? value : redactPayload(value, redact);
    }
    return out as T;
  }
  return payload;
}
