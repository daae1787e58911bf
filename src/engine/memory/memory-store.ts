// Durable per-project notes: $MINI_AGENT_HOME/memory/<workspace-key>.jsonl, append-only.
// A note is one `add` line; `forget` appends a tombstone, so two sessions writing at once
// never lose each other's lines (no read-modify-write of the whole file).
import { randomBytes } from "node:crypto";
import { appendFileSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { workspaceKey } from "../session.js";

export interface MemoryNote {
  id: string;
  note: string;
  /** ISO time it was remembered. */
  at: string;
}

type Line = { op: "add"; id: string; note: string; at: string } | { op: "forget"; id: string; at: string };

export const MAX_NOTE_CHARS = 2000;

export class MemoryStore {
  readonly file: string;

  constructor(home: string, workspace: string, private readonly redact: (text: string) => string = (text) => text) {
    this.file = path.join(home, "memory", `${workspaceKey(workspace)}.jsonl`);
  }

  /** Live notes, oldest first. A damaged line (a crash mid-append) is skipped, not fatal. */
  list(): MemoryNote[] {
    let text: string;
    try {
      text = readFileSync(this.file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const notes = new Map<string, MemoryNote>();
    for (const raw of text.split("\n")) {
      const line = parseLine(raw);
      if (line?.op === "add") notes.set(line.id, { id: line.id, note: line.note, at: line.at });
      else if (line?.op === "forget") notes.delete(line.id);
    }
    return [...notes.values()];
  }

  add(note: string, now = new Date()): MemoryNote {
    const entry = { id: `m${randomBytes(3).toString("hex")}`, note: this.redact(note.trim()), at: now.toISOString() };
    this.append({ op: "add", ...entry });
    return entry;
  }

  /** False when no live note has this id. */
  forget(id: string, now = new Date()): boolean {
    if (!this.list().some((note) => note.id === id)) return false;
    this.append({ op: "forget", id, at: now.toISOString() });
    return true;
  }

  private append(line: Line): void {
    mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    appendFileSync(this.file, `${JSON.stringify(line)}\n`, { mode: 0o600 });
  }
}

function parseLine(raw: string): Line | undefined {
  if (raw.trim() === "") return undefined;
  try {
    const value = JSON.parse(raw) as Partial<Line> & { note?: unknown };
    if (typeof value.id !== "string" || typeof value.at !== "string") return undefined;
    if (value.op === "add" && typeof value.note === "string") return value as Line;
    if (value.op === "forget") return value as Line;
  } catch {
    // A torn last line from a crash: ignore it.
  }
  return undefined;
}

/** Newest first; every word of the query must appear (case-insensitive). */
export function searchNotes(notes: readonly MemoryNote[], query: string | undefined): MemoryNote[] {
  const words = (query ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  return [...notes].reverse().filter((note) => words.every((word) => note.note.toLowerCase().includes(word)));
}

/** The newest notes for the system prompt, capped in count and size; "" for none. */
export function memorySection(notes: readonly MemoryNote[], maxNotes = 20, maxChars = 4000): string {
  if (notes.length === 0) return "";
  const lines: string[] = [];
  let used = 0;
  for (const note of [...notes].reverse().slice(0, maxNotes)) {
    const text = note.note.replace(/\s+/g, " ");
    const line = `- [${note.id}] ${text.length > 300 ? `${text.slice(0, 299)}…` : text}`;
    if (used + line.length > maxChars) break;
    lines.push(line);
    used += line.length;
  }
  const more = notes.length - lines.length;
  return [
    "# Memory",
    "Notes you kept about this project in earlier sessions (newest first). Use recall to search them, forget to drop a wrong one.",
    ...lines,
    ...(more > 0 ? [`(${more} older notes not shown; recall finds them)`] : []),
  ].join("\n");
}
