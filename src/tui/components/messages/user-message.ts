// A prompt the person sent: a coloured marker, then the text wrapped to the width. Queued
// prompts (sent while a turn runs) show as queued until the engine takes them.
import type { Component } from "@mariozechner/pi-tui";
import type { Theme } from "../../theme/theme.js";
import { sanitizeForTerminal } from "./sanitize.js";
import { wrapTextWithAnsi } from "../../text-width.js";

export class UserMessage implements Component {
  private queued: boolean;

  constructor(
    private readonly theme: Theme,
    readonly text: string,
    options: { queued?: boolean } = {},
  ) {
    this.queued = options.queued ?? false;
  }

  setQueued(queued: boolean): void {
    this.queued = queued;
  }

  invalidate(): void {}

  render(width: number): string[] {
    const marker = this.theme.fg("userLabel", this.theme.bold("› "));
    const inner = Math.max(1, width - 2);
    const lines: string[] = [""];
    sanitizeForTerminal(this.text).split("\n").forEach((paragraph) => {
      for (const line of wrapTextWithAnsi(paragraph, inner)) {
        lines.push((lines.length === 1 ? marker : "  ") + this.theme.fg("userText", line));
      }
    });
    if (this.queued) lines.push(`  ${this.theme.fg("queued", "(queued: sent when the current turn ends)")}`);
    return lines;
  }
}
