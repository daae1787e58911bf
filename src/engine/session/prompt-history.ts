// The prompts a person typed in this workspace, newest last, across sessions and restarts:
// what a face's up-arrow walks through. One JSON string per line (a prompt may span lines),
// appended as prompts are submitted, trimmed to the newest entries now and then. Stored
// redacted, like the session file: a key pasted into a prompt is not kept on disk in clear.
// Bounded both ways: an entry keeps at most MAX_ENTRY_CHARS (a 50 MB paste is cut, with a
// note saying so), and a read takes only the file's last MAX_READ_BYTES, so one huge prompt
// cannot make every later start read and parse it again.
import { appendFileSync, closeSync, fstatSync, openSync, readSync, writeFileSync } from "node:fs";

export const PROMPT_HISTORY_LIMIT = 500;
/** What one entry keeps: far more than anyone types, far less than a pasted log. */
export const MAX_ENTRY_CHARS = 64 * 1024;
/** What a read takes from the end of the file: the newest entries, whole ones only. */
export const MAX_READ_BYTES = 4 * 1024 * 1024;

/**
 * The prompt as the history keeps it: whole, or its start and a note of how long it was, the
 * two together within MAX_ENTRY_CHARS (so an entry read back is kept as it is).
 */
export function historyEntry(prompt: string): string {
  if (prompt.length <= MAX_ENTRY_CHARS) return prompt;
  const note = (kept: number) => `\n[prompt history: cut here; the prompt was ${prompt.length} characters, the history keeps the first ${kept}]`;
  let kept = MAX_ENTRY_CHARS - note(MAX_ENTRY_CHARS).length;
  // Never half a surrogate pair: that would not survive the round trip through UTF-8.
  const last = prompt.charCodeAt(kept - 1);
  if (last >= 0xd800 && last <= 0xdbff) kept -= 1;
  return `${prompt.slice(0, kept)}${note(kept)}`;
}

/** The file's last `MAX_READ_BYTES`, from the first whole line on; whether anything was left out. */
function readTail(file: string): { text: string; partial: boolean } {
  const fd = openSync(file, "r");
  try {
    const size = fstatSync(fd).size;
    const start = Math.max(0, size - MAX_READ_BYTES);
    const buffer = Buffer.alloc(size - start);
    let read = 0;
    while (read < buffer.length) {
      const got = readSync(fd, buffer, read, buffer.length - read, start + read);
      if (got === 0) break;
      read += got;
    }
    const bytes = buffer.subarray(0, read);
    if (start === 0) return { text: bytes.toString("utf8"), partial: false };
    // The first line is likely a piece of one; it goes with what came before it.
    const newline = bytes.indexOf(0x0a);
    return { text: newline < 0 ? "" : bytes.subarray(newline + 1).toString("utf8"), partial: true };
  } finally {
    closeSync(fd);
  }
}

export class PromptHistory {
  private last: string | undefined;
  private lines: number | undefined;

  constructor(
    readonly file: string,
    private readonly limit = PROMPT_HISTORY_LIMIT,
    private readonly redact: (text: string) => string = (text) => text,
  ) {}

  /** The newest `limit` prompts, oldest first; unreadable lines are skipped. */
  load(): string[] {
    let tail: { text: string; partial: boolean };
    try {
      tail = readTail(this.file);
    } catch {
      return [];
    }
    const prompts: string[] = [];
    // The file is rewritten when what it holds is not what is shown: written before prompts were
    // redacted or cut, before a value was known to be secret, or grown past what a read takes.
    let stale = tail.partial;
    for (const line of tail.text.split("\n")) {
      if (!line) continue;
      try {
        const value: unknown = JSON.parse(line);
        if (typeof value !== "string") continue;
        const clean = historyEntry(this.redact(value));
        stale ||= clean !== value;
        prompts.push(clean);
      } catch {
        // A torn last write loses that one prompt, not the history.
      }
    }
    this.lines = prompts.length;
    this.last = prompts.at(-1);
    if (stale) {
      try {
        this.rewrite(prompts.slice(-this.limit));
      } catch {
        // A read-only home: what is shown is clean, the file stays as it was.
      }
    }
    return prompts.slice(-this.limit);
  }

  private rewrite(prompts: string[]): void {
    writeFileSync(this.file, prompts.map((entry) => `${JSON.stringify(entry)}\n`).join(""), { mode: 0o600 });
    this.lines = prompts.length;
  }

  /** Appends a prompt (not a repeat of the one before); best effort, a history is no reason to fail a turn. */
  add(prompt: string): void {
    if (this.lines === undefined) this.load();
    const clean = historyEntry(this.redact(prompt));
    if (!clean.trim() || clean === this.last) return;
    try {
      appendFileSync(this.file, `${JSON.stringify(clean)}\n`, { mode: 0o600 });
      this.last = clean;
      this.lines = (this.lines ?? 0) + 1;
      // Rewritten only when twice the limit, so appends stay cheap.
      if (this.lines > this.limit * 2) this.rewrite(this.load());
    } catch {
      // A read-only home: the session still works, only the history is not kept.
    }
  }
}
