// `--fork <id>`: a new session whose history is a byte copy of another's up to the end of
// its last finished turn. The original is only read (no lock needed: finished turns never
// change), so it stays untouched, even while another process continues it.
import { closeSync, openSync, readSync, writeSync } from "node:fs";
import { WIRE_FORMAT, WIRE_VERSION } from "../wire/wire-format.js";
import { scanWire } from "../wire/wire-reader.js";

export interface ForkFacts {
  /** Events copied (0 when the original never finished a turn). */
  events: number;
  warnings: string[];
}

/** Writes `target` (which must not exist) as the fork of `source`; nothing when it has no finished turn. */
export function forkSessionFile(source: string, target: string, header: { sessionId: string; cwd: string; forkedFrom: string }): ForkFacts {
  let lastLine = 0;
  let events = 0;
  let counted = 0;
  const scan = scanWire(source, (event, lineNumber) => {
    counted += 1;
    if (event.type === "turn.ended") {
      lastLine = lineNumber;
      events = counted;
    }
  });
  // Nothing to copy: no file, so the caller can refuse without leaving an empty session behind.
  if (events === 0) return { events, warnings: scan.warnings };
  const out = openSync(target, "wx", 0o600);
  try {
    const line = { format: WIRE_FORMAT, version: WIRE_VERSION, ...header, created: new Date().toISOString() };
    writeSync(out, `${JSON.stringify(line)}\n`);
    if (lastLine > 1) copyLines(source, out, scan.headerBytes, lastLine - 1);
  } finally {
    closeSync(out);
  }
  return { events, warnings: scan.warnings };
}

/** Copies `count` lines (raw bytes, newline included) starting at byte `from`. */
function copyLines(source: string, out: number, from: number, count: number): void {
  const fd = openSync(source, "r");
  try {
    const chunk = Buffer.allocUnsafe(1024 * 1024);
    let position = from;
    let left = count;
    while (left > 0) {
      const read = readSync(fd, chunk, 0, chunk.length, position);
      if (read === 0) {
        writeSync(out, "\n"); // The last line had no newline on disk (a torn-tail event kept by the reader).
        break;
      }
      let end = 0;
      while (left > 0) {
        const newline = chunk.indexOf(10, end);
        if (newline < 0 || newline >= read) {
          end = read;
          break;
        }
        end = newline + 1;
        left -= 1;
      }
      writeSync(out, chunk, 0, end);
      position += end;
    }
  } finally {
    closeSync(fd);
  }
}
