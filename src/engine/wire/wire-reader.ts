// Reading a wire file back: the header, then each event handed to the caller as its chunk of
// lines is parsed. Nothing keeps the events: a resume folds while it reads, so memory is
// bounded by the folded state and one chunk, not by the file. A torn last line (a write cut
// by a crash) is reported and left for the writer to cut off.
import { closeSync, openSync, readSync } from "node:fs";
import { EVENT_CHECKS } from "./event-checks.generated.js";
import type { AgentEvent } from "../events.js";
import { REJECTED } from "./lean-parse.js";
import { checkWireHeader, UnsupportedWireVersion, WireFormatError, type WireHeader } from "./wire-format.js";

export interface WireScan {
  header: WireHeader;
  /** Bytes of the header line with its newline: where the events start. */
  headerBytes: number;
  warnings: string[];
  /** Bytes up to the end of the last intact line; a writer resuming truncates to this. */
  intactBytes: number;
}

/** Called per event with its line number in the file (the header is line 1). */
export type EventSink = (event: AgentEvent, lineNumber: number) => void;

/**
 * 64 KiB, not more: each read is decoded into one string, and a string over ~128 KiB is a
 * large object, promoted to the old generation whole if a collection finds it in use. With
 * 1 MiB reads a resume of 100,000 events ran mark-compacts and peaked 6 MiB higher (ADR 0024).
 */
const CHUNK = 64 * 1024;

function parseHeader(file: string, line: string): WireHeader {
  try {
    return checkWireHeader(JSON.parse(line));
  } catch (error) {
    if (error instanceof UnsupportedWireVersion) throw new WireFormatError(`${file}: ${error.message}; use the mini-agent that wrote it`);
    throw new WireFormatError(
      `${file}: first line is not a session header (${(error as Error).message}); start a new session with --new, or move the file away`,
    );
  }
}

/**
 * A check per event type, generated at build time from its JSON Schema (event-checks.generated.ts,
 * from events.ts through lean-check.ts; ADR 0030): no zod on a resume, no copy per line, and
 * nothing compiled at run time. On a resume, zod's safeParse of every line cost as much as
 * JSON.parse itself; checks compiled on first sight cost ~3 ms per process. A test holds every
 * check to lean-parse's verdicts and to zod's.
 */
type Check = (value: unknown) => unknown;
/** Events come in runs of one type (a stream of deltas): the last lookup is kept. */
let lastType: string | undefined;
let lastCheck: Check | undefined;

function checkFor(type: string): Check | undefined {
  if (type !== lastType) {
    lastType = type;
    lastCheck = EVENT_CHECKS.get(type);
  }
  return lastCheck;
}

/** A parsed line that is an event its type's check accepts. */
function isEvent(raw: unknown): raw is AgentEvent {
  if (typeof raw !== "object" || raw === null) return false;
  const type = (raw as { type?: unknown }).type;
  const check = typeof type === "string" ? checkFor(type) : undefined;
  return check !== undefined && check(raw) !== REJECTED;
}

export function parseEventLine(line: string): AgentEvent | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return undefined;
  }
  return isEvent(raw) ? raw : undefined;
}

/**
 * The whole lines of `text` from `start`, parsed as one JSON array (a newline never occurs
 * inside a JSON line, so newlines become commas) and each checked: one JSON.parse per chunk
 * rather than one per line, and no string cut out per line. Undefined unless every line is
 * one valid event (a damaged or empty line; two values on one line): the caller then reads
 * the chunk line by line, which names the line it skips.
 */
function parseChunk(text: string, start: number): AgentEvent[] | undefined {
  let values: unknown[];
  try {
    values = JSON.parse(`[${text.slice(start, -1).replaceAll("\n", ",")}]`) as unknown[];
  } catch {
    return undefined;
  }
  let lines = 0;
  for (let at = text.indexOf("\n", start); at >= 0; at = text.indexOf("\n", at + 1)) lines += 1;
  if (values.length !== lines) return undefined;
  for (let i = 0; i < values.length; i += 1) if (!isEvent(values[i])) return undefined;
  return values as AgentEvent[];
}

/**
 * Hands each line of `text` from `start` (whole lines, each ending in a newline) to the sink;
 * returns the number of the last. Its own function, called once per chunk: V8 optimises it as
 * a hot function after a few chunks, where the same loop inside the one long scanWire call ran
 * unoptimised until on-stack replacement compiled all of scanWire (ADR 0024).
 */
function scanLines(text: string, start: number, lineNumber: number, file: string, sink: EventSink, warnings: string[]): number {
  const events = start < text.length ? parseChunk(text, start) : [];
  if (events) {
    for (let i = 0; i < events.length; i += 1) sink(events[i]!, lineNumber + i + 1);
    return lineNumber + events.length;
  }
  for (let stop = text.indexOf("\n", start); stop >= 0; stop = text.indexOf("\n", start)) {
    const line = text.slice(start, stop);
    start = stop + 1;
    lineNumber += 1;
    const event = parseEventLine(line);
    if (event) sink(event, lineNumber);
    else if (line.trim() !== "") warnings.push(`${file}:${lineNumber}: skipped an unreadable event line`);
  }
  return lineNumber;
}

/** Streams the file's events into `sink`, a chunk of whole lines in memory at a time. */
export function scanWire(file: string, sink: EventSink): WireScan {
  const fd = openSync(file, "r");
  const warnings: string[] = [];
  let header: WireHeader | undefined;
  let headerBytes = 0;
  let lineNumber = 0;
  let bytesRead = 0;
  /** Bytes up to the last newline: counted in raw bytes, never from decoded text (a torn character decodes to 3 bytes). */
  let completeBytes = 0;
  let chunk = Buffer.allocUnsafe(CHUNK);
  /** Bytes of an unfinished line kept at the start of `chunk`. */
  let kept = 0;
  try {
    for (;;) {
      if (kept === chunk.length) {
        // One line longer than the buffer (a large tool result): room for it, and no more.
        const larger = Buffer.allocUnsafe(chunk.length * 2);
        chunk.copy(larger, 0, 0, kept);
        chunk = larger;
      }
      const read = readSync(fd, chunk, kept, chunk.length - kept, null);
      if (read === 0) break;
      bytesRead += read;
      const end = kept + read;
      const newline = chunk.lastIndexOf(10, end - 1);
      if (newline < 0) {
        kept = end;
        continue;
      }
      completeBytes = bytesRead - (end - newline - 1);
      // Whole lines only: a newline byte never occurs inside a UTF-8 character, so no
      // character is cut, and the text is decoded once, without a carried-over string.
      const text = chunk.toString("utf8", 0, newline + 1);
      let start = 0;
      if (lineNumber === 0) {
        const line = text.slice(0, text.indexOf("\n"));
        header = parseHeader(file, line);
        headerBytes = Buffer.byteLength(line) + 1;
        lineNumber = 1;
        start = line.length + 1;
      }
      lineNumber = scanLines(text, start, lineNumber, file, sink, warnings);
      kept = end - newline - 1;
      chunk.copy(chunk, 0, newline + 1, end);
    }
  } finally {
    closeSync(fd);
  }
  const carry = chunk.toString("utf8", 0, kept);
  if (!header) {
    // No newline at all: the header alone (a crash right after creating the file), or junk.
    header = parseHeader(file, carry);
    return { header, headerBytes: bytesRead, warnings, intactBytes: bytesRead };
  }
  let intactBytes = completeBytes;
  if (carry.trim() !== "") {
    const event = parseEventLine(carry);
    if (event) {
      // A complete event whose newline never reached the disk: keep it, the writer adds "\n".
      intactBytes = bytesRead;
      sink(event, lineNumber + 1);
    } else {
      warnings.push(`${file}: dropped a torn last line (${carry.length} characters) left by an interrupted write`);
    }
  }
  return { header, headerBytes, warnings, intactBytes };
}
