// The append-only wire: one JSON event per line after a header line. Writes are
// synchronous so the order on disk is the order of events, and a killed process loses
// at most the line it was writing.
import { closeSync, ftruncateSync, openSync, readFileSync, readSync, writeSync } from "node:fs";
import { z } from "zod";
import { agentEventSchema, type AgentEvent } from "./events.js";

export const WIRE_FORMAT = "mini-agent-wire";
export const WIRE_VERSION = 1;

export const wireHeaderSchema = z.object({
  format: z.literal(WIRE_FORMAT),
  version: z.number().int(),
  sessionId: z.string(),
  cwd: z.string(),
  created: z.string(),
});
export type WireHeader = z.infer<typeof wireHeaderSchema>;

export class WireFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WireFormatError";
  }
}

export interface WireContents {
  header: WireHeader;
  events: AgentEvent[];
  warnings: string[];
  /** Bytes up to the end of the last intact line; a writer resuming truncates to this. */
  intactBytes: number;
}

export function readWire(file: string): WireContents {
  const buffer = readFileSync(file);
  const text = buffer.toString("utf8");
  const warnings: string[] = [];
  const lines = text.split("\n");
  const firstLine = lines[0] ?? "";
  let header: WireHeader;
  try {
    const raw = JSON.parse(firstLine) as { format?: unknown; version?: unknown };
    if (raw.format !== WIRE_FORMAT) throw new Error("not a mini-agent session file");
    if (raw.version !== WIRE_VERSION) {
      throw new WireFormatError(
        `${file}: session format version ${String(raw.version)} is not supported by this mini-agent (it reads version ${WIRE_VERSION}); use the mini-agent that wrote it`,
      );
    }
    header = wireHeaderSchema.parse(raw);
  } catch (error) {
    if (error instanceof WireFormatError) throw error;
    throw new WireFormatError(
      `${file}: first line is not a session header (${(error as Error).message}); start a new session with --new, or move the file away`,
    );
  }

  const events: AgentEvent[] = [];
  let intactBytes = Buffer.byteLength(firstLine, "utf8") + 1;
  // The text after the final newline is either empty or a torn write.
  const complete = lines.slice(1, -1);
  const tail = lines[lines.length - 1] ?? "";
  complete.forEach((line, index) => {
    const lineBytes = Buffer.byteLength(line, "utf8") + 1;
    const parsed = parseEventLine(line);
    if (parsed) events.push(parsed);
    else if (line.trim() !== "") warnings.push(`${file}:${index + 2}: skipped an unreadable event line`);
    intactBytes += lineBytes;
  });
  if (tail.trim() !== "") {
    const parsed = lines.length > 1 ? parseEventLine(tail) : undefined;
    if (parsed) {
      // A complete event whose newline never reached the disk: keep it, the writer adds "\n".
      events.push(parsed);
      intactBytes += Buffer.byteLength(tail, "utf8");
    } else {
      warnings.push(`${file}: dropped a torn last line (${tail.length} characters) left by an interrupted write`);
    }
  }
  if (lines.length === 1) intactBytes = Buffer.byteLength(firstLine, "utf8");
  return { header, events, warnings, intactBytes };
}

function parseEventLine(line: string): AgentEvent | undefined {
  try {
    const result = agentEventSchema.safeParse(JSON.parse(line));
    return result.success ? (result.data as AgentEvent) : undefined;
  } catch {
    return undefined;
  }
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
  static resume(file: string, contents: WireContents, options: WireWriterOptions = {}): WireWriter {
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
