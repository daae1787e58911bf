// Durable per-project notes: $MINI_AGENT_HOME/memory/<workspace-key>.jsonl, append-only.
// A note is one `add` line; `forget` appends a tombstone, so two sessions writing at once
// never lose each other's lines (no read-modify-write of the whole file). Each line says who
// wrote it (the model in a session, or the user through `mini-agent memory`): a note planted
// by a misled session can be traced and removed. Lines from before provenance still load.
import { randomBytes } from "node:crypto";
import { appendFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { readUserFile } from "../../bounded-read.js";
import { workspaceKey } from "../../session/session.js";

/** Who wrote a note: the model (`remember`) or the user (`mini-agent memory add`). */
export type NoteSource = "model" | "user";

/** Where a change came from; every field is absent in files written before provenance. */
export interface NoteOrigin {
  source?: NoteSource;
  /** The session whose model wrote it. */
  sessionId?: string;
  /** The turn of that session (its `turn.started` id). */
  turnId?: string;
}

export interface MemoryNote extends NoteOrigin {
  id: string;
  note: string;
  /** ISO time it was remembered. */
  at: string;
}

type Line = ({ op: "add"; id: string; note: string; at: string } | { op: "forget"; id: string; at: string }) & NoteOrigin;

export const MAX_NOTE_CHARS = 2000;
/**
 * Thousands of notes fit in far less; a larger file is damaged or not ours, and is never read
 * whole (a 3 GB one made every session fail to start with a stack trace).
 */
export const MAX_MEMORY_FILE_BYTES = 16 * 1024 * 1024;

/** The memory file is there but cannot be read (a directory, too large, unreadable); names it. */
export class MemoryFileError extends Error {}

/** A note's id as `add` makes it: "m" and six hex digits. */
export const NOTE_ID = /^m[0-9a-f]{6}$/;

export class MemoryStore {
  readonly file: string;

  constructor(home: string, workspace: string, private readonly redact: (text: string) => string = (text) => text) {
    this.file = path.join(home, "memory", `${workspaceKey(workspace)}.jsonl`);
  }

  /** Live notes, oldest first. A damaged line (a crash mid-append) is skipped, not fatal. */
  list(): MemoryNote[] {
    const read = readUserFile(this.file, { maxBytes: MAX_MEMORY_FILE_BYTES, what: "memory file" });
    if (!read.ok) {
      if (read.kind === "missing") return [];
      throw new MemoryFileError(read.message);
    }
    const text = read.text;
    const notes = new Map<string, MemoryNote>();
    for (const raw of text.split("\n")) {
      const line = parseLine(raw);
      if (line?.op === "add") notes.set(line.id, { id: line.id, note: line.note, at: line.at, ...originOf(line) });
      else if (line?.op === "forget") notes.delete(line.id);
    }
    return [...notes.values()];
  }

  add(note: string, origin: NoteOrigin, now = new Date()): MemoryNote {
    const entry: MemoryNote = { id: `m${randomBytes(3).toString("hex")}`, note: this.redact(note.trim()), at: now.toISOString(), ...originOf(origin) };
    this.append({ op: "add", ...entry });
    return entry;
  }

  /** The note dropped, or undefined when no live note has this id. The tombstone records who dropped it. */
  forget(id: string, origin: NoteOrigin, now = new Date()): MemoryNote | undefined {
    const note = this.list().find((candidate) => candidate.id === id);
    if (!note) return undefined;
    this.append({ op: "forget", id, at: now.toISOString(), ...originOf(origin) });
    return note;
  }

  private append(line: Line): void {
    mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    appendFileSync(this.file, `${JSON.stringify(line)}\n`, { mode: 0o600 });
  }
}

/** Only well-formed provenance fields; an unknown source is unknown provenance, not an error. */
function originOf(value: NoteOrigin): NoteOrigin {
  return {
    ...(value.source === "model" || value.source === "user" ? { source: value.source } : {}),
    ...(typeof value.sessionId === "string" ? { sessionId: value.sessionId } : {}),
    ...(typeof value.turnId === "string" ? { turnId: value.turnId } : {}),
  };
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

/** How a note's provenance reads in a listing: `model (session 20260101T…-ab12cd)`, `user`, `unknown`. */
export function provenance(note: NoteOrigin, shortSession = false): string {
  if (!note.source) return "unknown";
  if (!note.sessionId) return note.source;
  return `${note.source} ${shortSession ? shortSessionId(note.sessionId) : `(session ${note.sessionId})`}`;
}

/** A session id's random tail (`20261130T012457-ab12cd` → `ab12cd`): enough to tell sessions apart. */
export function shortSessionId(sessionId: string): string {
  return sessionId.slice(sessionId.lastIndexOf("-") + 1).slice(0, 12);
}
