// Prompt history per workspace, kept across sessions: one JSON array file, newest last,
// capped. A damaged or unreadable file means an empty history, never a failed start. Every
// submit reads and writes the file, so it stays small: an entry keeps what the engine's
// history keeps of a prompt (a huge paste is cut, with a note), and a file grown past
// MAX_FILE_BYTES (one written before entries were cut) is not read at all.
import { mkdirSync, openSync, closeSync, fstatSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { historyEntry } from "../../engine/index.js";

const MAX_ENTRIES = 200;
/** Room for MAX_ENTRIES entries of ordinary prompts and a few cut pastes. */
export const MAX_FILE_BYTES = 8 * 1024 * 1024;

/** The file's text, unless it is too large to read on every submit. */
function readBounded(file: string): string | undefined {
  const fd = openSync(file, "r");
  try {
    return fstatSync(fd).size > MAX_FILE_BYTES ? undefined : readFileSync(fd, "utf8");
  } finally {
    closeSync(fd);
  }
}

export class HistoryStore {
  constructor(readonly file: string) {}

  /** `<home>/history/<workspace-key>.json`. */
  static forWorkspace(home: string, workspaceKey: string): HistoryStore {
    return new HistoryStore(path.join(home, "history", `${workspaceKey}.json`));
  }

  load(): string[] {
    try {
      const text = readBounded(this.file);
      if (text === undefined) return [];
      const parsed: unknown = JSON.parse(text);
      return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === "string").slice(-MAX_ENTRIES) : [];
    } catch {
      return [];
    }
  }

  add(prompt: string): void {
    if (!prompt.trim()) return;
    const entry = historyEntry(prompt);
    const entries = this.load().filter((existing) => existing !== entry);
    entries.push(entry);
    try {
      mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
      // Write then rename, so a crash mid-write leaves the old history, not half a file.
      const temp = `${this.file}.${process.pid}.tmp`;
      writeFileSync(temp, JSON.stringify(entries.slice(-MAX_ENTRIES)), { mode: 0o600 });
      renameSync(temp, this.file);
    } catch {
      // History is a convenience: a read-only home must not break the session.
    }
  }
}
