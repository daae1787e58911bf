// Reading a wire file back: the header, then each event handed to the caller as its line is
// parsed. Nothing keeps the events: a resume folds while it reads, so memory is bounded by
// the folded state, not by the file. A torn last line (a write cut by a crash) is reported
// and left for the writer to cut off.
import { closeSync, openSync, readSync } from "node:fs";
import { agentEventSchema, type AgentEvent } from "./events.js";
import { WIRE_FORMAT, WIRE_VERSION, WireFormatError, wireHeaderSchema, type WireHeader } from "./wire-format.js";

export interface WireScan {
  header: WireHeader;
  /** Bytes of the header line with its newline: where the events start. */
  headerBytes: number;
  warnings: string[];
  /** Bytes up to the end of the last intact line; a writer resuming truncates to this. */
  intactBytes: number;
}

/** Called per event with the byte offset just past its line (what a fork copies up to). */
export type EventSink = (event: AgentEvent, endOffset: number) => void;

const CHUNK = 1024 * 1024;

function parseHeader(file: string, line: string): WireHeader {
  try {
    const raw = JSON.parse(line) as { format?: unknown; version?: unknown };
    if (raw.format !== WIRE_FORMAT) throw new Error("not a mini-agent session file");
    if (raw.version !== WIRE_VERSION) {
      throw new WireFormatError(
        `${file}: session format version ${String(raw.version)} is not supported by this mini-agent (it reads version ${WIRE_VERSION}); use the mini-agent that wrote it`,
      );
    }
    return wireHeaderSchema.parse(raw);
  } catch (error) {
    if (error instanceof WireFormatError) throw error;
    throw new WireFormatError(
      `${file}: first line is not a session header (${(error as Error).message}); start a new session with --new, or move the file away`,
    );
  }
}

export function parseEventLine(line: string): AgentEvent | undefined {
  try {
    const result = agentEventSchema.safeParse(JSON.parse(line));
    return result.success ? (result.data as AgentEvent) : undefined;
  } catch {
    return undefined;
  }
}

/** Streams the file's events into `sink`, one chunk in memory at a time. */
export function scanWire(file: string, sink: EventSink): WireScan {
  const fd = openSync(file, "r");
  const warnings: string[] = [];
  let header: WireHeader | undefined;
  let lineNumber = 0;
  let intactBytes = 0;
  let headerBytes = 0;
  let carry: Buffer = Buffer.alloc(0);
  try {
    const chunk = Buffer.allocUnsafe(CHUNK);
    for (;;) {
      const read = readSync(fd, chunk, 0, CHUNK, null);
      if (read === 0) break;
      const buffer = carry.length > 0 ? Buffer.concat([carry, chunk.subarray(0, read)]) : chunk.subarray(0, read);
      let start = 0;
      for (let end = buffer.indexOf(10, start); end >= 0; end = buffer.indexOf(10, start)) {
        const line = buffer.toString("utf8", start, end);
        lineNumber += 1;
        intactBytes += end - start + 1;
        start = end + 1;
        if (lineNumber === 1) {
          header = parseHeader(file, line);
          headerBytes = intactBytes;
          continue;
        }
        const event = parseEventLine(line);
        if (event) sink(event, intactBytes);
        else if (line.trim() !== "") warnings.push(`${file}:${lineNumber}: skipped an unreadable event line`);
      }
      // The unfinished line is copied: the chunk buffer is reused by the next read.
      carry = Buffer.from(buffer.subarray(start));
    }
  } finally {
    closeSync(fd);
  }
  const tail = carry.toString("utf8");
  if (!header) {
    // No newline at all: the header alone (a crash right after creating the file), or junk.
    header = parseHeader(file, tail);
    return { header, headerBytes: carry.length, warnings, intactBytes: carry.length };
  }
  if (tail.trim() !== "") {
    const event = parseEventLine(tail);
    if (event) {
      // A complete event whose newline never reached the disk: keep it, the writer adds "\n".
      intactBytes += carry.length;
      sink(event, intactBytes);
    } else {
      warnings.push(`${file}: dropped a torn last line (${tail.length} characters) left by an interrupted write`);
    }
  }
  return { header, headerBytes, warnings, intactBytes };
}
