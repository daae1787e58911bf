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

export interface WireWriterOptions {
  /** Called once on the first write failure; later failures are silent. */
  onWriteError?: (message: string) => void;
}

export class WireWriter {
  private fd: number | undefined;
  private failed = false;

  private constructor(
    readonly file: string,
    fd: number,
    private readonly options: WireWriterOptions,
  ) {
    this.fd = fd;
  }

  /** Creates a new session file (0600) and writes its header. */
  static create(file: string, header: Omit<WireHeader, "format" | "version">, options: WireWriterOptions = {}): WireWriter {
    const fd = openSync(file, "wx", 0o600);
    const writer = new WireWriter(file, fd, options);
    writer.writeLine(JSON.stringify({ format: WIRE_FORMAT, version: WIRE_VERSION, ...header }));
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
    } finally {
      closeSync(fd);
    }
    const writer = new WireWriter(file, openSync(file, "a", 0o600), options);
    if (!endsWithNewline) writer.writeRaw("\n");
    return writer;
  }

  append(event: AgentEvent): void {
    this.writeLine(JSON.stringify(event));
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
    try {
      closeSync(this.fd);
    } catch {
      // Closing is best effort: every line was already written synchronously.
    }
    this.fd = undefined;
  }

  private writeLine(line: string): void {
    this.writeRaw(`${line}\n`);
  }

  private writeRaw(text: string): void {
    if (this.fd === undefined) return;
    try {
      writeSync(this.fd, text);
    } catch (error) {
      if (!this.failed) {
        this.failed = true;
        this.options.onWriteError?.(`could not write the session file ${this.file}: ${(error as Error).message}; the turn goes on but may not be resumable`);
      }
    }
  }
}
