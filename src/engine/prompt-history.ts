// The prompts a person typed in this workspace, newest last, across sessions and restarts:
// what a face's up-arrow walks through. One JSON string per line (a prompt may span lines),
// appended as prompts are submitted, trimmed to the newest entries now and then.
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";

export const PROMPT_HISTORY_LIMIT = 500;

export class PromptHistory {
  private last: string | undefined;
  private lines: number | undefined;

  constructor(
    readonly file: string,
    private readonly limit = PROMPT_HISTORY_LIMIT,
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
    for (const line of text.split("\n")) {
      if (!line) continue;
      try {
        const value: unknown = JSON.parse(line);
        if (typeof value === "string") prompts.push(value);
      } catch {
        // A torn last write loses that one prompt, not the history.
      }
    }
    this.lines = prompts.length;
    this.last = prompts.at(-1);
    return prompts.slice(-this.limit);
  }

  /** Appends a prompt (not a repeat of the one before); best effort, a history is no reason to fail a turn. */
  add(prompt: string): void {
    if (this.lines === undefined) this.load();
    if (!prompt.trim() || prompt === this.last) return;
    try {
      appendFileSync(this.file, `${JSON.stringify(prompt)}\n`, { mode: 0o600 });
      this.last = prompt;
      this.lines = (this.lines ?? 0) + 1;
      // Rewritten only when twice the limit, so appends stay cheap.
      if (this.lines > this.limit * 2) {
        const kept = this.load();
        writeFileSync(this.file, kept.map((entry) => `${JSON.stringify(entry)}\n`).join(""), { mode: 0o600 });
        this.lines = kept.length;
      }
    } catch {
      // A read-only home: the session still works, only the history is not kept.
    }
  }
}
