// The model's answer: markdown rendered as it streams (see streaming-markdown.ts).
import type { Component } from "@mariozechner/pi-tui";
import type { Theme } from "../../theme/theme.js";
import { sanitizeForTerminal } from "./sanitize.js";
import { StreamingMarkdown } from "./streaming-markdown.js";

export class AssistantMessage implements Component {
  private readonly body: StreamingMarkdown;

  constructor(theme: Theme, text = "") {
    this.body = new StreamingMarkdown(theme.markdown, 1);
    if (text) this.body.append(sanitizeForTerminal(text));
  }

  append(delta: string): void {
    this.body.append(sanitizeForTerminal(delta));
  }

  getText(): string {
    return this.body.getText();
  }

  invalidate(): void {
    this.body.invalidate();
  }

  render(width: number): string[] {
    const lines = this.body.render(width);
    return lines.length > 0 ? ["", ...lines] : [];
  }
}
