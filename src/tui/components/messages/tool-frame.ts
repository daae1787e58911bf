// One tool call as a frame: status glyph, name, key argument, how the person answered (when
// asked) and how long it ran; unfolded, the live output of a command (its last lines), the
// diff of a write or edit, or the start of the result.
import type { Component } from "@mariozechner/pi-tui";
import type { Theme } from "../../theme/theme.js";
import type { Token } from "../../theme/tokens.js";
import { exactForConsent, sanitizeForTerminal } from "./sanitize.js";
import { SubagentProgress } from "./subagent-progress.js";
import { diffLineToken, extractDiff, formatElapsed, keyArgument } from "./tool-summary.js";
import { truncateToWidth } from "../../text-width.js";

export type ToolStatus = "pending" | "running" | "ok" | "error" | "denied";

const STATUS: Record<ToolStatus, { glyph: string; token: Token; label: string }> = {
  pending: { glyph: "○", token: "approval", label: "waiting for approval" },
  running: { glyph: "●", token: "toolRunning", label: "running" },
  ok: { glyph: "✓", token: "toolOk", label: "ok" },
  error: { glyph: "✗", token: "toolError", label: "error" },
  denied: { glyph: "⊘", token: "toolDenied", label: "denied" },
};

const LIVE_LINES = 10;
const BODY_LINES = 40;

export class ToolFrame implements Component {
  status: ToolStatus = "running";
  folded: boolean;
  private output = "";
  private result = "";
  private diff: string | undefined;
  private note = "";
  /** How the person answered the approval ("allowed once"); shown in the title. */
  approval: string | undefined;
  /** When it started running and finished (event times, so a replayed frame says the same). */
  startedAt: number | undefined;
  private endedAt: number | undefined;
  /** A `task` call: what its subagent has done (from the child's events). */
  readonly subagent: SubagentProgress | undefined;

  constructor(
    private readonly theme: Theme,
    readonly callId: string,
    readonly name: string,
    private readonly argumentsJson: string,
    options: { folded?: boolean } = {},
  ) {
    this.subagent = name === "task" ? new SubagentProgress() : undefined;
    // A subagent's work is one folded frame (ctrl-o unfolds it), not a second conversation.
    this.folded = (options.folded ?? false) || this.subagent !== undefined;
  }

  appendOutput(chunk: string): void {
    this.output += sanitizeForTerminal(chunk);
  }

  /** A diff known before the call runs (from the approval preview). */
  setDiff(diff: string): void {
    // What is (or was) written, like the command in the title: every character shown.
    this.diff = exactForConsent(diff);
  }

  finish(status: "ok" | "error" | "denied", content: string, endedAt?: number): void {
    this.status = status;
    this.endedAt = endedAt;
    this.result = sanitizeForTerminal(content);
    const diff = extractDiff(content);
    if (diff !== undefined) this.diff = exactForConsent(diff);
  }

  deny(reason: string): void {
    this.status = "denied";
    this.note = sanitizeForTerminal(reason);
  }

  invalidate(): void {}

  private bodyLines(): { lines: string[]; colour: (line: string) => string } {
    const dim = (line: string) => this.theme.fg("muted", line);
    if (this.status === "denied") return { lines: this.note ? [this.note] : [], colour: dim };
    if (this.diff && this.status !== "error") {
      // Running, the frame is still live (its title changes when the call ends): kept short, so
      // the title is still on screen then (live-area.ts); the whole diff comes with the result.
      const shown = this.status === "running" ? LIVE_LINES : BODY_LINES;
      return { lines: this.diff.split("\n").slice(0, shown), colour: (line) => this.theme.fg(diffLineToken(line), line) };
    }
    if (this.status === "running" || this.status === "pending") {
      const lines = this.output.replace(/\n$/, "").split("\n").filter((line, i, all) => line !== "" || i < all.length - 1);
      return { lines: lines.slice(-LIVE_LINES), colour: dim };
    }
    const lines = this.result.replace(/\n$/, "").split("\n");
    const shown = lines.slice(0, this.status === "error" ? BODY_LINES : LIVE_LINES);
    if (lines.length > shown.length) shown.push(`… ${lines.length - shown.length} more lines`);
    return { lines: shown, colour: this.status === "error" ? (line) => this.theme.fg("toolError", line) : dim };
  }

  render(width: number): string[] {
    const status = STATUS[this.status];
    const argument = exactForConsent(keyArgument(this.argumentsJson));
    const header =
      ` ${this.theme.fg(status.token, status.glyph)} ${this.theme.bold(this.theme.fg("toolName", this.name))}` +
      (argument ? ` ${this.theme.fg("toolArg", argument)}` : "") +
      `  ${this.theme.fg(status.token, status.label)}` +
      this.theme.fg("muted", [this.approval, this.elapsed()].map((part) => (part ? ` · ${part}` : "")).join(""));
    const lines = ["", truncateToWidth(header, width)];
    const bar = (line: string) => truncateToWidth(`   ${this.theme.fg("border", "│")} ${line}`, width);
    if (this.subagent) return [...lines, ...this.subagentLines().map(bar)];
    // Waiting for approval: the approval frame below shows what would happen.
    if (this.folded || this.status === "pending") return lines;
    const body = this.bodyLines();
    for (const line of body.lines) lines.push(bar(body.colour(line)));
    return lines;
  }

  /** How long it ran: once finished; while running, from a second on (the spinner redraws it). */
  private elapsed(): string | undefined {
    if (this.startedAt === undefined || this.status === "pending" || this.status === "denied") return undefined;
    if (this.endedAt !== undefined) return formatElapsed(this.endedAt - this.startedAt);
    if (this.status !== "running") return undefined;
    const ms = Date.now() - this.startedAt;
    return ms >= 1000 ? formatElapsed(ms) : undefined;
  }

  /** Folded: the progress line, and the report once done. Unfolded: every call, the whole report. */
  private subagentLines(): string[] {
    const progress = this.subagent!;
    const dim = (line: string) => this.theme.fg("muted", line);
    const out = [dim(progress.summary())];
    if (!this.folded) out.push(...progress.lines(this.theme));
    if (this.status === "denied" && this.note) out.push(dim(this.note));
    if (this.status === "ok" || this.status === "error") {
      const report = this.result.replace(/\n$/, "").split("\n");
      const shown = report.slice(0, this.folded ? LIVE_LINES : BODY_LINES);
      if (report.length > shown.length) shown.push(`… ${report.length - shown.length} more lines (ctrl-o)`);
      const colour = this.status === "error" ? (line: string) => this.theme.fg("toolError", line) : (line: string) => line;
      out.push(...shown.map(colour));
    }
    return out;
  }
}
