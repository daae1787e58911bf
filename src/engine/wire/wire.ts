// The append-only wire: one JSON event per line after a header line, completed items only
// (wire-policy.ts: no deltas, no output chunks). Writes are synchronous so the order on disk
// is the order of events, and a killed process loses at most the message being streamed.
import { closeSync, fsyncSync, ftruncateSync, openSync, readSync, writeSync } from "node:fs";
import type { AgentEvent } from "../events.js";
import { WIRE_FORMAT, WIRE_VERSION, type WireHeader } from "./wire-format.js";
import { scanWire, type WireScan } from "./wire-reader.js";

export { WIRE_FORMAT, WIRE_VERSION, WireFormatError, type WireHeader } from "./wire-format.js";
export { scanWire, type WireScan } from "./wire-reader.js";

export interface WireContents extends WireScan {
  events: AgentEvent[];
}

/** The whole file as an event array: for tests and tools. A resume folds with scanWire instead. */
export function readWire(file: string): WireContents {
  const events: AgentEvent[] = [];
  const scan = scanWire(file, (event) => events.push(event));
  return { ...scan, events };
}

/** `fs.writeSync`'s positional form: the writer's one way to the disk (a test's seam for a full one). */
export type WriteAt = (fd: number, buffer: Buffer, offset: number, length: number, position: number) => number;

export interface WireWriterOptions {
  /** Called when a write fails after the previous one succeeded (once per run of failures). */
  onWriteError?: (message: string) => void;
  /** Called when the events held back after a failure have all been written. */
  onRecovered?: (message: string) => void;
  write?: WriteAt;
  /** Bytes of events held in memory while the file takes none (default 64 MiB). */
  maxHeldBytes?: number;
}

/** Events the file could not take: how many, and the last error. */
export interface Unwritten {
  events: number;
  reason: string;
}

const MAX_HELD_BYTES = 64 * 1024 * 1024;

/**
 * Appends whole lines only. A failed or short write (a full disk) is cut back to the last whole
 * line, and that line and every later one are held, in order, until a write succeeds again; so
 * the file is always a resumable prefix of the session, never a torn line with more after it.
 */
export class WireWriter {
  private fd: number | undefined;
  /** Bytes of whole lines on disk: every write goes exactly here (positional, no O_APPEND). */
  private length: number;
  private readonly held: { bytes: Buffer; events: number }[] = [];
  private heldBytes = 0;
  /** Events given up on once the held ones passed the limit; later ones would leave a gap. */
  private dropped = 0;
  private failing: string | undefined;
  private readonly write: WriteAt;

  private constructor(
    readonly file: string,
    fd: number,
    length: number,
    private readonly options: WireWriterOptions,
  ) {
    this.fd = fd;
    this.length = length;
    this.write = options.write ?? writeSync;
  }

  /** Creates a new session file (0600) and writes its header. */
  static create(file: string, header: Omit<WireHeader, "format" | "version">, options: WireWriterOptions = {}): WireWriter {
    const fd = openSync(file, "wx", 0o600);
    const writer = new WireWriter(file, fd, 0, options);
    writer.enqueue(`${JSON.stringify({ format: WIRE_FORMAT, version: WIRE_VERSION, ...header })}\n`, 0);
    return writer;
  }

  /** Reopens an existing session file, cutting off a torn tail so new lines start clean. */
  static resume(file: string, contents: Pick<WireScan, "intactBytes">, options: WireWriterOptions = {}): WireWriter {
    const fd = openSync(file, "r+");
    let endsWithNewline = true;
    try {
      ftruncateSync(fd, contents.intactBytes);
      // Only the last byte matters; re-reading a long session whole would double resume time.
      if (contents.intactBytes > 0) {
        const last = Buffer.alloc(1);
        readSync(fd, last, 0, 1, contents.intactBytes - 1);
        endsWithNewline = last[0] === 0x0a;
      }
    } catch (error) {
      closeSync(fd);
      throw error;
    }
    const writer = new WireWriter(file, fd, contents.intactBytes, options);
    if (!endsWithNewline) writer.enqueue("\n", 0);
    return writer;
  }

  append(event: AgentEvent): void {
    this.enqueue(`${JSON.stringify(event)}\n`, 1);
  }

  /** What the file is missing now (undefined when every event so far is on it). */
  unwritten(): Unwritten | undefined {
    const events = this.dropped + this.held.reduce((sum, line) => sum + line.events, 0);
    if (events === 0 && this.held.length === 0) return undefined;
    // Lines are held only after a failed write, so `failing` names it.
    const gaveUp = this.dropped > 0 ? `; the events held in memory reached the limit of ${this.options.maxHeldBytes ?? MAX_HELD_BYTES} bytes, so the later ones were given up` : "";
    return { events, reason: `${this.failing ?? "a write failed"}${gaveUp}` };
  }

  /**
   * Flushes to the disk itself. Written lines survive a killed process without it; this is for
   * a power cut or a crashed machine, so it runs at turn boundaries, not per line.
   */
  sync(): void {
    if (this.fd === undefined) return;
    try {
      fsyncSync(this.fd);
    } catch {
      // Some file systems (and Windows pipes) refuse fsync; the lines are written all the same.
    }
  }

  close(): void {
    if (this.fd === undefined) return;
    this.flush();
    try {
      // A failed cut-back (rare: shrinking needs no space) is retried: the file ends on a whole line.
      if (this.failing !== undefined) ftruncateSync(this.fd, this.length);
    } catch {
      // The reader drops a torn last line with a warning; nothing follows it.
    }
    try {
      closeSync(this.fd);
    } catch {
      // Closing is best effort: every line was already written synchronously.
    }
    this.fd = undefined;
  }

  /**
   * The limit bounds what is held while the file takes nothing, never one write: a line of any
   * size is tried when nothing is held before it (and kept, alone, if that write fails). Once
   * held lines would pass the limit the rest of the run is given up, so the file stays a prefix
   * of the session with no gap; the reason given is the write failure that caused the holding.
   */
  private enqueue(text: string, events: number): void {
    if (this.fd === undefined) return;
    const bytes = Buffer.from(text);
    const max = this.options.maxHeldBytes ?? MAX_HELD_BYTES;
    // Before giving up, try the disk again: what is held may go now and leave room for this line.
    if (this.dropped === 0 && this.held.length > 0 && this.heldBytes + bytes.length > max) this.flush();
    if (this.dropped > 0 || (this.held.length > 0 && this.heldBytes + bytes.length > max)) {
      this.dropped += events;
      return;
    }
    this.held.push({ bytes, events });
    this.heldBytes += bytes.length;
    this.flush();
  }

  /** Writes the held lines in order, stopping at the first that fails. */
  private flush(): void {
    const fd = this.fd;
    if (fd === undefined) return;
    const recovering = this.failing !== undefined;
    let written = 0;
    while (this.held.length > 0) {
      const line = this.held[0]!;
      let done = 0;
      try {
        while (done < line.bytes.length) {
          const wrote = this.write(fd, line.bytes, done, line.bytes.length - done, this.length + done);
          if (wrote <= 0) throw new Error("the disk took no bytes");
          done += wrote;
        }
      } catch (error) {
        this.fail(fd, done, (error as Error).message);
        return;
      }
      this.length += line.bytes.length;
      this.heldBytes -= line.bytes.length;
      written += line.events;
      this.held.shift();
    }
    if (recovering && this.dropped === 0) {
      this.failing = undefined;
      this.options.onRecovered?.(`the session file ${this.file} is written again: the ${written} events held back were written`);
    }
  }

  private fail(fd: number, partial: number, reason: string): void {
    if (partial > 0) {
      try {
        ftruncateSync(fd, this.length);
      } catch {
        // The next write goes to this.length all the same, over the torn bytes; close cuts again.
      }
    }
    const first = this.failing === undefined;
    this.failing = reason;
    if (first) {
      this.options.onWriteError?.(
        `could not write the session file ${this.file}: ${reason}; the events since are held in memory and written once it can take them (the file keeps the session up to the last event written)`,
      );
    }
  }
}
