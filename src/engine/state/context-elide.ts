// When the tail compaction keeps holds a tool result nearly as large as the whole budget,
// summarising the older part cannot make the request fit: every later request would still
// overflow, and every step would ask for another summary. So the kept tail is "the widest
// recent tool tail that fits": the largest results in it are cut down to a common length
// (their start and end kept, the middle elided) until the request fits. The cut is recorded
// in the `context.compacted` event as (callId, characters kept) and re-applied by the fold
// with the same function, so a resumed session sends the same view. Pure.
import type { Message } from "../messages.js";

/** What the compactor records for one shortened result. */
export interface Elision {
  callId: string;
  /** Characters of the original content kept (start and end together). */
  chars: number;
}

/** Below this a result is useless to the model; never cut one shorter. */
export const MIN_KEPT_CHARS = 1_000;
/** Characters per token, as the estimate counts them (context.ts). */
const CHARS_PER_TOKEN = 4;
/** Room for the elision note itself, counted so a cut result really ends up smaller. */
const NOTE_CHARS = 140;

/** The content with its middle cut so `keep` characters of the original remain (two thirds from the start). */
export function elideText(content: string, keep: number): string {
  if (content.length <= keep) return content;
  const head = Math.ceil((keep * 2) / 3);
  const tail = keep - head;
  const cut = content.length - keep;
  const note = `\n[… ${cut} characters elided to fit the context window; read the source again in smaller parts if you need them …]\n`;
  return `${content.slice(0, head)}${note}${tail > 0 ? content.slice(content.length - tail) : ""}`;
}

/**
 * Which results of `tail` to cut, and to how many characters, so the tail's estimate drops by
 * at least `excessTokens` (uncalibrated). A water level: every result longer than it is cut to
 * it, the level as high as the excess allows and never below MIN_KEPT_CHARS (then the cut is
 * as deep as allowed and the request may still not fit). Empty when nothing needs cutting.
 */
export function planElisions(tail: readonly Message[], excessTokens: number): Elision[] {
  if (excessTokens <= 0) return [];
  const results = tail.flatMap((message) =>
    message.role === "tool" && message.content.length > MIN_KEPT_CHARS + NOTE_CHARS ? [{ callId: message.callId, length: message.content.length }] : [],
  );
  if (results.length === 0) return [];
  const excessChars = excessTokens * CHARS_PER_TOKEN;
  // What cutting every result to `level` saves, the note each cut result gains counted against it.
  const saved = (level: number) => results.reduce((sum, result) => sum + Math.max(0, result.length - level - NOTE_CHARS), 0);
  let low = MIN_KEPT_CHARS;
  let high = Math.max(...results.map((result) => result.length));
  if (saved(low) < excessChars) high = low;
  // The highest level that still saves enough (saved() falls as the level rises).
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (saved(mid) >= excessChars) low = mid;
    else high = mid - 1;
  }
  return results.filter((result) => result.length - low > NOTE_CHARS).map((result) => ({ callId: result.callId, chars: low }));
}

/** `messages` with each elided result cut as recorded (a callId not found is ignored: a damaged file). */
export function applyElisions(messages: readonly Message[], elisions: readonly Elision[] | undefined): Message[] {
  if (!elisions || elisions.length === 0) return [...messages];
  const byCall = new Map(elisions.map((elision) => [elision.callId, elision.chars]));
  return messages.map((message) => {
    if (message.role !== "tool") return message;
    const keep = byCall.get(message.callId);
    return keep === undefined ? message : { ...message, content: elideText(message.content, keep) };
  });
}
