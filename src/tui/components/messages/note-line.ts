// A one-off line in the conversation: a command's answer, an error, "stopped", a divider.
import type { Component } from "@mariozechner/pi-tui";
import type { Theme } from "../../theme/theme.js";
import type { Token } from "../../theme/tokens.js";
import { exactForConsent, sanitizeForTerminal } from "./sanitize.js";
import { truncateToWidth, wrapTextWithAnsi } from "../../text-width.js";

export class NoteLine implements Component {
  constructor(
    private readonly theme: Theme,
    private text: string,
    private readonly token: Token = "muted",
    /** A question put to the person (trust the project? go ahead?): every character shown. */
    private readonly consent = false,
  ) {}

  /** A question's line shows its answer once given. */
  setText(text: string): void {
    this.text = text;
  }

  invalidate(): void {}

  render(width: number): string[] {
    const lines = [""];
    const text = this.consent ? exactForConsent(this.text) : sanitizeForTerminal(this.text);
    for (const paragraph of text.split("\n")) {
      for (const line of wrapTextWithAnsi(paragraph, Math.max(1, width - 1))) lines.push(truncateToWidth(` ${this.theme.fg(this.token, line)}`, width));
    }
    return lines;
  }
}
