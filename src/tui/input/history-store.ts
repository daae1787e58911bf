// Prompt history per workspace, kept across sessions: one JSON array file, newest last,
// capped. A damaged or unreadable file means an empty history, never a failed start.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

const MAX_ENTRIES = 200;

export class HistoryStore {
  constructor(readonly file: string) {}

  /** `<home>/history/<workspace-key>.json`. */
  static forWorkspace(home: string, workspaceKey: string): HistoryStore {
    return new HistoryStore(path.join(home, "history", `${workspaceKey}.json`));
  }

  load(): string[] {
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.file, "utf8"));
      return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === "string").slice(-MAX_ENTRIES) : [];
    } catch {
      return [];
    }
  }

  add(entry: string): void {
    if (!entry.trim()) return;
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
