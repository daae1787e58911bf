// One tool call as a frame: status glyph, name, key argument; unfolded, the live output of a
// command (its last lines), the diff of a write or edit, or the start of the result.
import { truncateToWidth, type Component } from "@mariozechner/pi-tui";
import type { Theme } from "../../theme/theme.js";
import type { Token } from "../../theme/tokens.js";
import { sanitizeForTerminal } from "./sanitize.js";
import { diffLineToken, extractDiff, keyArgument } from "./tool-summary.js";

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

  constructor(
    private readonly theme: Theme,
    readonly callId: string,
    readonly name: string,
    private readonly argumentsJson: string,
    options: { folded?: boolean } = {},
  ) {
    this.folded = options.folded ?? false;
  }

  appendOutput(chunk: string): void {
    this.output += sanitizeForTerminal(chunk);
  }

  /** A diff known before the call runs (from the approval preview). */
  setDiff(diff: string): void {
    this.diff = sanitizeForTerminal(diff);
  }

  finish(status: "ok" | "error" | "denied", content: string): void {
    this.status = status;
    this.result = sanitizeForTerminal(content);
    this.diff = extractDiff(this.result) ?? this.diff;
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
      return { lines: this.diff.split("\n").slice(0, BODY_LINES), colour: (line) => this.theme.fg(diffLineToken(line), line) };
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
    const argument = sanitizeForTerminal(keyArgument(this.argumentsJson));
    const header =
      ` ${this.theme.fg(status.token, status.glyph)} ${this.theme.bold(this.theme.fg("toolName", this.name))}` +
      (argument ? ` ${this.theme.fg("toolArg", argument)}` : "") +
      `  ${this.theme.fg(status.token, status.label)}`;
    const lines = ["", truncateToWidth(header, width)];
    // Waiting for approval: the approval frame below shows what would happen.
    if (this.folded || this.status === "pending") return lines;
    const body = this.bodyLines();
    for (const line of body.lines) lines.push(truncateToWidth(`   ${this.theme.fg("border", "│")} ${body.colour(line)}`, width));
    return lines;
  }
}
