// When the tail compaction keeps holds a tool result (or a call's arguments, a large
// write_file content) nearly as large as the whole budget, summarising the older part cannot
// make the request fit: every later request would still overflow, and every step would ask
// for another summary. So the kept tail is "the widest recent tool tail that fits": its
// largest results and arguments are cut down to a common length (their start and end kept,
// the middle elided) until the request fits. The cut is recorded in the `context.compacted`
// event as (callId, characters kept, which part) and re-applied by the fold with the same
// function, so a resumed session sends the same view. Pure.
import type { AssistantToolCall, Message } from "../messages.js";

/** What the compactor records for one shortened result or call. */
export interface Elision {
  callId: string;
  /** Characters of the original content kept (start and end together); for arguments, of each long string value. */
  chars: number;
  /** `arguments`: the call's own arguments were cut, not its result. */
  part?: "arguments";
}

/** Below this a result is useless to the model; never cut one shorter. */
export const MIN_KEPT_CHARS = 1_000;
/** Characters per token, as the estimate counts them (context.ts). */
const CHARS_PER_TOKEN = 4;
/** Room for the elision note itself, counted so a cut result really ends up smaller. */
const NOTE_CHARS = 160;

const RESULT_NOTE = "elided to fit the context window; read the source again in smaller parts if you need them";
const ARGUMENT_NOTE = "of this argument elided from the conversation to fit the context window; the call ran with the whole text";

/** `text` with its middle cut so `keep` characters remain (two thirds from the start), and a note saying how much went. */
export function headTail(text: string, keep: number, note: string): string {
  if (text.length <= keep) return text;
  const head = Math.ceil((keep * 2) / 3);
  const tail = keep - head;
  return `${text.slice(0, head)}\n[… ${text.length - keep} characters ${note} …]\n${tail > 0 ? text.slice(text.length - tail) : ""}`;
}

/**
 * `text` cut to at most `max` characters in all, note included, its start and end kept: a text
 * already within `max` comes back as it is, so cutting twice changes nothing.
 */
export function capText(text: string, max: number, note: string): string {
  if (text.length <= max) return text;
  const marker = `\n[… ${text.length} characters ${note} …]\n`.length;
  return headTail(text, Math.max(0, max - marker), note);
}

/** The content with its middle cut so `keep` characters of the original remain. */
export function elideText(content: string, keep: number): string {
  return headTail(content, keep, RESULT_NOTE);
}

/**
 * A call's arguments with every string value longer than `keep` cut to it. The JSON stays
 * valid (a provider parses it back into an object); unparseable arguments are cut as text.
 */
export function elideArguments(raw: string, keep: number): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return headTail(raw, keep, ARGUMENT_NOTE);
  }
  const cut = (value: unknown): unknown => {
    if (typeof value === "string") return headTail(value, keep, ARGUMENT_NOTE);
    if (Array.isArray(value)) return value.map(cut);
    if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, cut(inner)]));
    return value;
  };
  return JSON.stringify(cut(parsed));
}

/**
 * Which results and call arguments of `tail` to cut, and to how many characters, so the
 * tail's estimate drops by at least `excessTokens` (uncalibrated). A water level: every one
 * longer than it is cut to it, the level as high as the excess allows and never below
 * MIN_KEPT_CHARS (then the cut is as deep as allowed and the request may still not fit).
 */
export function planElisions(tail: readonly Message[], excessTokens: number): Elision[] {
  if (excessTokens <= 0) return [];
  const big = (length: number) => length > MIN_KEPT_CHARS + NOTE_CHARS;
  const items = tail.flatMap((message): { elision: Omit<Elision, "chars">; length: number }[] => {
    if (message.role === "tool") return big(message.content.length) ? [{ elision: { callId: message.callId }, length: message.content.length }] : [];
    if (message.role !== "assistant") return [];
    return message.toolCalls.filter((call) => big(call.arguments.length)).map((call) => ({ elision: { callId: call.id, part: "arguments" as const }, length: call.arguments.length }));
  });
  if (items.length === 0) return [];
  const excessChars = excessTokens * CHARS_PER_TOKEN;
  // What cutting every item to `level` saves, the note each cut one gains counted against it.
  const saved = (level: number) => items.reduce((sum, item) => sum + Math.max(0, item.length - level - NOTE_CHARS), 0);
  let low = MIN_KEPT_CHARS;
  let high = Math.max(...items.map((item) => item.length));
  if (saved(low) < excessChars) high = low;
  // The highest level that still saves enough (saved() falls as the level rises).
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (saved(mid) >= excessChars) low = mid;
    else high = mid - 1;
  }
  return items.filter((item) => item.length - low > NOTE_CHARS).map((item) => ({ ...item.elision, chars: low }));
}

/** `messages` with each elision applied as recorded (a callId not found is ignored: a damaged file). */
export function applyElisions(messages: readonly Message[], elisions: readonly Elision[] | undefined): Message[] {
  if (!elisions || elisions.length === 0) return [...messages];
  const results = new Map<string, number>();
  const calls = new Map<string, number>();
  for (const elision of elisions) (elision.part === "arguments" ? calls : results).set(elision.callId, elision.chars);
  return messages.map((message) => {
    if (message.role === "tool") {
      const keep = results.get(message.callId);
      return keep === undefined ? message : { ...message, content: elideText(message.content, keep) };
    }
    if (message.role !== "assistant" || calls.size === 0 || !message.toolCalls.some((call) => calls.has(call.id))) return message;
    const toolCalls = message.toolCalls.map((call): AssistantToolCall => {
      const keep = calls.get(call.id);
      return keep === undefined ? call : { ...call, arguments: elideArguments(call.arguments, keep) };
    });
    return { ...message, toolCalls };
  });
}
