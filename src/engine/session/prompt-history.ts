// The prompts a person typed in this workspace, newest last, across sessions and restarts:
// what a face's up-arrow walks through. One JSON string per line (a prompt may span lines),
// appended as prompts are submitted, trimmed to the newest entries now and then. Stored
// redacted, like the session file: a key pasted into a prompt is not kept on disk in clear.
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";

export const PROMPT_HISTORY_LIMIT = 500;

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
    let text: string;
    try {
      text = readFileSync(this.file, "utf8");
    } catch {
      return [];
    }
    const prompts: string[] = [];
    let raw = false;
    for (const line of text.split("\n")) {
      if (!line) continue;
      try {
        const value: unknown = JSON.parse(line);
        if (typeof value !== "string") continue;
        const clean = this.redact(value);
        raw ||= clean !== value;
        prompts.push(clean);
      } catch {
        // A torn last write loses that one prompt, not the history.
      }
    }
    this.lines = prompts.length;
    this.last = prompts.at(-1);
    // Written before prompts were redacted, or before a value was known to be secret: rewritten clean.
    if (raw) {
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
    const clean = this.redact(prompt);
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
