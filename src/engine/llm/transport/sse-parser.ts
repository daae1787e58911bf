// Server-sent events from raw body bytes. We parse the stream ourselves (instead of the SDKs'
// iterators) because they end quietly on truncation, crash on data-only keep-alives and
// cannot tell us whether the final event was terminated (docs/providers.md §1.2, §7.9–7.12, §7.17).
import { WireError } from "../failures/wire-error.js";

export interface SseEvent {
  /** Value of the `event:` line, if any. */
  event?: string;
  /** All `data:` lines joined with "\n". */
  data: string;
  /** True for a final event the body ended without a blank line after. */
  unterminated?: boolean;
}

export interface SseOptions {
  /** Longest wait for the next data event; comments and keep-alive events (`isKeepAlive`) do not extend it (§7.9). */
  idleTimeoutMs?: number;
  /** Until the first bytes arrive (any, even a comment), wait no later than `deadline`. */
  firstByte?: { deadline: number; error: () => Error };
  /** Longest event (its data and the unfinished line), in characters; default `MAX_EVENT_CHARS`. */
  maxEventChars?: number;
}

/**
 * No real event comes near this (the largest, a Responses `response.completed`, repeats the
 * answer); a body that keeps one line open for ever would otherwise grow until the process
 * runs out of memory (a 200 MB line cost 1.1 GB).
 */
export const MAX_EVENT_CHARS = 16 * 1024 * 1024;

/** Splits decoded text into lines, accepting \n, \r\n and bare \r (a \r at a chunk's end may pair with a \n in the next). */
class LineSplitter {
  private buffer = "";
  private pendingCr = false;

  push(text: string): string[] {
    const lines: string[] = [];
    let start = 0;
    let i = 0;
    if (this.pendingCr && text.startsWith("\n")) {
      start = 1;
      i = 1;
    }
    this.pendingCr = false;
    for (; i < text.length; i++) {
      const ch = text[i];
      if (ch !== "\n" && ch !== "\r") continue;
      lines.push(this.buffer + text.slice(start, i));
      this.buffer = "";
      if (ch === "\r") {
        if (i + 1 === text.length) this.pendingCr = true;
        else if (text[i + 1] === "\n") i++;
      }
      start = i + 1;
    }
    this.buffer += text.slice(start);
    return lines;
  }

  /** Text after the last line terminator. */
  rest(): string {
    return this.buffer;
  }

  get pending(): number {
    return this.buffer.length;
  }
}

/** Accumulates field lines into events (WHATWG rules as the SDKs implement them). */
class EventBuilder {
  private event: string | undefined;
  private data: string[] = [];
  private hasFields = false;
  /** Characters of data gathered for the event being built. */
  size = 0;

  line(line: string): SseEvent | undefined {
    if (line === "") return this.take();
    if (line.startsWith(":")) return undefined; // comment / keep-alive
    const colon = line.indexOf(":");
    const name = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (name === "data") {
      this.data.push(value);
      this.size += value.length + 1;
      this.hasFields = true;
    } else if (name === "event") {
      this.event = value;
      this.hasFields = true;
    }
    // id: and retry: are ignored, as the SDKs do.
    return undefined;
  }

  take(): SseEvent | undefined {
    if (!this.hasFields) return undefined;
    const out: SseEvent = { data: this.data.join("\n") };
    if (this.event !== undefined) out.event = this.event;
    this.event = undefined;
    this.data = [];
    this.size = 0;
    this.hasFields = false;
    // An event with only an `event:` line and no data carries nothing we use.
    return out.data === "" && out.event === undefined ? undefined : out;
  }
}

/**
 * Yields events as they complete. A final unterminated event is yielded with
 * `unterminated: true` so the adapter decides (we flush it, like openai@7, but callers know).
 */
export async function* parseSse(
  body: ReadableStream<Uint8Array>,
  options: SseOptions = {},
): AsyncGenerator<SseEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder("utf-8", { ignoreBOM: false }); // strips a leading BOM
  const splitter = new LineSplitter();
  const builder = new EventBuilder();
  const idle = options.idleTimeoutMs;
  const maxEvent = options.maxEventChars ?? MAX_EVENT_CHARS;
  let lastData = Date.now();
  let finished = false;
  let firstByte = options.firstByte;
  try {
    for (;;) {
      const chunk = firstByte
        ? await readWithDeadline(reader, idle === undefined ? firstByte.deadline : Math.min(firstByte.deadline, lastData + idle), firstByte.error)
        : idle === undefined
          ? await reader.read()
          : await readWithDeadline(reader, lastData + idle, () => idleError(idle));
      firstByte = undefined;
      if (chunk.done) break;
      for (const line of splitter.push(decoder.decode(chunk.value, { stream: true }))) {
        const event = builder.line(line);
        if (event) {
          // Only progress re-arms the watchdog: a proxy that pings over a dead upstream would keep it open for ever (§7.9).
          if (!isKeepAlive(event)) lastData = Date.now();
          yield event;
        }
      }
      if (builder.size + splitter.pending > maxEvent) throw oversized(maxEvent);
    }
    finished = true;
    const tail = decoder.decode();
    const lines = splitter.push(tail);
    const rest = splitter.rest();
    if (rest !== "") lines.push(rest);
    for (const line of lines) builder.line(line);
    const last = builder.take();
    if (last) yield { ...last, unterminated: true };
  } finally {
    // Left early (an error, a timeout, a consumer that stopped): the body is cancelled. The
    // lock is not released: nothing reads this body again, and Node builds an error (a whole
    // new context, ~3 ms) the first time a reader lets go.
    if (!finished) await reader.cancel().catch(() => undefined);
  }
}

/**
 * A keep-alive that arrives as an event: Anthropic's `event: ping`, the Responses API's
 * `keepalive`, a data-only ping (`data: :ping`, a bare `data:`) from a gateway (§1.1).
 * Callers still see it (and skip it); it only does not count as data for the idle timeout.
 */
export function isKeepAlive(event: SseEvent): boolean {
  if (event.event === "ping" || event.event === "keepalive") return true;
  const text = event.data.trim();
  if (text === "[DONE]") return false;
  if (!(text.startsWith("{") || text.startsWith("["))) return true;
  // Named only in the data (no `event:` line): the type comes first in both APIs' payloads.
  return KEEP_ALIVE_DATA.test(text);
}

const KEEP_ALIVE_DATA = /^\{\s*"type"\s*:\s*"(?:ping|keepalive)"\s*[,}]/;

function oversized(maxChars: number): WireError {
  return new WireError(`the provider sent an event longer than ${Math.round(maxChars / (1024 * 1024))} MiB; its stream was dropped`, { malformed: true });
}

function idleError(idleMs: number): WireError {
  return new WireError(`no data from the provider for ${Math.round(idleMs / 1000)}s (idle-stream timeout)`, { incomplete: true });
}

async function readWithDeadline(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  deadline: number,
  error: () => Error,
): Promise<Awaited<ReturnType<ReadableStreamDefaultReader<Uint8Array>["read"]>>> {
  const wait = Math.max(0, deadline - Date.now());
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(error()), wait);
  });
  try {
    return await Promise.race([reader.read(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
