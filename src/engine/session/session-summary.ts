// What a session listing shows (title, turns, model) without folding the session: a scan
// that parses only the few lines that matter, cached beside the session file and resumed
// from where it stopped, so listing a long session reads only what was appended since.
import { closeSync, openSync, readFileSync, readSync, statSync, writeFileSync } from "node:fs";
import { checkWireHeader, OLDEST_WIRE_VERSION, UnsupportedWireVersion, WIRE_FORMAT, WIRE_VERSION } from "../wire/wire-format.js";

export interface SessionSummary {
  id: string;
  file: string;
  /** The workspace the session belongs to (from the header). */
  cwd: string;
  /** The first prompt, whitespace collapsed, cut to a line. */
  title: string;
  created: string;
  /** Last write to the session file (epoch ms). */
  lastActivityMs: number;
  turns: number;
  bytes: number;
  provider: string;
  model: string;
  /** Set when the file cannot be read as a session (the listing still shows it). */
  damaged?: string;
}

/** The cached part: everything a scan of the first `scanned` bytes found. */
interface ScanState {
  /** 2: a subagent's turns are not counted (a version 1 cache counted them: scanned again). */
  version: 2;
  scanned: number;
  cwd: string;
  created: string;
  title: string;
  turns: number;
  provider: string;
  model: string;
  damaged?: string;
}

const TITLE_CHARS = 80;
const CHUNK = 256 * 1024;
// `"` inside a JSON string is always escaped, so these byte runs only match real keys.
const TURN_MARK = Buffer.from('"type":"turn.started"');
const SESSION_MARK = Buffer.from('"type":"session.started"');

export function summaryFileFor(sessionFile: string): string {
  return sessionFile.replace(/\.jsonl$/, ".summary.json");
}

export function titleOf(prompt: string): string {
  const flat = prompt.replace(/\s+/g, " ").trim();
  return flat.length > TITLE_CHARS ? `${flat.slice(0, TITLE_CHARS - 1)}…` : flat;
}

function emptyScan(): ScanState {
  return { version: 2, scanned: 0, cwd: "", created: "", title: "", turns: 0, provider: "", model: "" };
}

function readCache(file: string): ScanState | undefined {
  try {
    const cached = JSON.parse(readFileSync(summaryFileFor(file), "utf8")) as ScanState;
    return cached.version === 2 && Number.isInteger(cached.scanned) ? cached : undefined;
  } catch {
    return undefined;
  }
}

function applyLine(scan: ScanState, line: Buffer, isHeader: boolean): void {
  if (isHeader) {
    const problem = headerProblem(scan, line);
    if (problem !== undefined) scan.damaged = problem;
    return;
  }
  const isTurn = line.includes(TURN_MARK);
  if (!isTurn && !line.includes(SESSION_MARK)) return;
  let event: { prompt?: unknown; provider?: unknown; model?: unknown; agentId?: unknown };
  try {
    event = JSON.parse(line.toString("utf8")) as typeof event;
  } catch {
    return; // A damaged line: the resume warns about it, the listing just skips it.
  }
  // A subagent's turns and model are its own (agentId set), not the session's.
  if (event.agentId !== undefined) return;
  if (isTurn) {
    scan.turns += 1;
    if (!scan.title && typeof event.prompt === "string") scan.title = titleOf(event.prompt);
  } else {
    scan.provider = String(event.provider ?? "");
    scan.model = String(event.model ?? "");
  }
}

/**
 * Why a header makes the file one that cannot be resumed, in the words a resume refuses it with
 * (the same check, checkWireHeader), if it does. A header naming another session id is no such
 * reason: that is a copied or renamed file, and it resumes under its file's name.
 */
function headerProblem(scan: ScanState, line: Buffer): string | undefined {
  let header: unknown;
  try {
    header = JSON.parse(line.toString("utf8"));
  } catch {
    return "the first line is not a session header";
  }
  if (header !== null && typeof header === "object" && (header as { format?: unknown }).format === WIRE_FORMAT) {
    const { cwd, created } = header as { cwd?: unknown; created?: unknown };
    scan.cwd = String(cwd ?? "");
    scan.created = String(created ?? "");
  }
  try {
    checkWireHeader(header);
    return undefined;
  } catch (error) {
    if (error instanceof UnsupportedWireVersion) return `unsupported version ${error.version} (this mini-agent reads ${OLDEST_WIRE_VERSION} to ${WIRE_VERSION})`;
    return `the first line is not a session header (${(error as Error).message})`;
  }
}

/** Scans complete lines from `scan.scanned` to `size`; a torn tail is left for next time. */
function scanFrom(file: string, scan: ScanState, size: number): void {
  const fd = openSync(file, "r");
  try {
    let carry: Buffer = Buffer.alloc(0);
    let position = scan.scanned;
    while (position < size) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK, size - position));
      const read = readSync(fd, chunk, 0, chunk.length, position);
      if (read === 0) break;
      position += read;
      const buffer = carry.length > 0 ? Buffer.concat([carry, chunk.subarray(0, read)]) : chunk.subarray(0, read);
      let start = 0;
      for (let end = buffer.indexOf(10); end >= 0; end = buffer.indexOf(10, start)) {
        applyLine(scan, buffer.subarray(start, end), scan.scanned === 0);
        scan.scanned += end - start + 1;
        start = end + 1;
      }
      // Only the unfinished line is carried (copied, so the chunk can go).
      carry = Buffer.from(buffer.subarray(start));
    }
  } finally {
    closeSync(fd);
  }
}

/** The listing entry for one session file; undefined when the file vanished meanwhile. */
export function summarizeSession(id: string, file: string): SessionSummary | undefined {
  let stat;
  try {
    stat = statSync(file);
  } catch {
    return undefined;
  }
  const cached = readCache(file);
  // A resume cuts a torn tail, so a file shorter than the cache was rewritten: start over.
  let scan = cached && cached.scanned <= stat.size ? cached : emptyScan();
  if (scan.scanned < stat.size) {
    const before = scan.scanned;
    try {
      scanFrom(file, scan, stat.size);
    } catch (error) {
      scan = { ...emptyScan(), damaged: `unreadable: ${(error as Error).message}` };
    }
    if (scan.scanned !== before && !scan.damaged) {
      try {
        writeFileSync(summaryFileFor(file), JSON.stringify(scan), { mode: 0o600 });
      } catch {
        // A read-only home still lists; the next listing scans again.
      }
    }
  }
  return {
    id,
    file,
    cwd: scan.cwd,
    title: scan.title,
    created: scan.created,
    lastActivityMs: stat.mtimeMs,
    turns: scan.turns,
    bytes: stat.size,
    provider: scan.provider,
    model: scan.model,
    ...(scan.damaged ? { damaged: scan.damaged } : {}),
  };
}
