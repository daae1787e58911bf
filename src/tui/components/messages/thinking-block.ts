// The model's reasoning: one collapsed line with a token estimate; ctrl-r expands it.
import type { Component } from "@mariozechner/pi-tui";
import type { Theme } from "../../theme/theme.js";
import { sanitizeForTerminal } from "./sanitize.js";
import { truncateToWidth, wrapTextWithAnsi } from "../../text-width.js";

/** About four characters a token: good enough for "how much did it think". */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export class ThinkingBlock implements Component {
  private text = "";
  expanded = false;

  constructor(private readonly theme: Theme) {}

  append(delta: string): void {
    this.text += sanitizeForTerminal(delta);
  }

  getText(): string {
    return this.text;
  }

  invalidate(): void {}

  render(width: number): string[] {
    const tokens = estimateTokens(this.text);
    const hint = this.expanded ? "ctrl-r to collapse" : "ctrl-r to expand";
    const header = ` ${this.theme.fg("thinking", this.theme.italic(`∴ thinking · ~${tokens} tokens`))} ${this.theme.fg("dim", `(${hint})`)}`;
    const lines = ["", truncateToWidth(header, width)];
    if (!this.expanded) return lines;
    const inner = Math.max(1, width - 3);
    for (const paragraph of this.text.split("\n")) {
      for (const line of wrapTextWithAnsi(paragraph, inner)) lines.push(`   ${this.theme.fg("thinking", line)}`);
    }
    return lines;
  }
}
