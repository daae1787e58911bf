// `--fork <id>`: a new session whose history is a byte copy of another's up to the end of
// its last finished turn. The original is only read (no lock needed: finished turns never
// change), so it stays untouched, even while another process continues it.
import { closeSync, openSync, readSync, writeSync } from "node:fs";
import { WIRE_FORMAT, WIRE_VERSION } from "./wire-format.js";
import { scanWire } from "./wire-reader.js";

export interface ForkFacts {
  /** Events copied (0 when the original never finished a turn). */
  events: number;
  warnings: string[];
}

/** Writes `target` (which must not exist) as the fork of `source`. */
export function forkSessionFile(source: string, target: string, header: { sessionId: string; cwd: string; forkedFrom: string }): ForkFacts {
  let cut = 0;
  let events = 0;
  let counted = 0;
  const scan = scanWire(source, (event, endOffset) => {
    counted += 1;
    if (event.type === "turn.ended") {
      cut = endOffset;
      events = counted;
    }
  });
  const out = openSync(target, "wx", 0o600);
  try {
    const line = { format: WIRE_FORMAT, version: WIRE_VERSION, ...header, created: new Date().toISOString() };
    writeSync(out, `${JSON.stringify(line)}\n`);
    if (cut > scan.headerBytes) copyRange(source, out, scan.headerBytes, cut);
  } finally {
    closeSync(out);
  }
  return { events, warnings: scan.warnings };
}

function copyRange(source: string, out: number, from: number, to: number): void {
  const fd = openSync(source, "r");
  try {
    const chunk = Buffer.allocUnsafe(1024 * 1024);
    for (let position = from; position < to; ) {
      const read = readSync(fd, chunk, 0, Math.min(chunk.length, to - position), position);
      if (read === 0) break;
      writeSync(out, chunk, 0, read);
      position += read;
    }
  } finally {
    closeSync(fd);
  }
}
