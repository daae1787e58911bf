// Markdown that grows as it streams. Finished blocks (see markdown-blocks.ts) are parsed and
// wrapped once and cached per width; only the last, still-growing block is re-parsed, so a
// long answer costs the same per frame as a short one.
import { Markdown, type Component, type MarkdownTheme } from "@mariozechner/pi-tui";
import { splitStableBlocks } from "./markdown-blocks.js";

export class StreamingMarkdown implements Component {
  private text = "";
  /** How much of `text` has been split into blocks; the rest waits for the next render. */
  private consumed = 0;
  private readonly blocks: Markdown[] = [];
  private readonly tail: Markdown;
  private tailText = "";
  private dirty = false;

  constructor(
    private readonly theme: MarkdownTheme,
    private readonly paddingX = 1,
  ) {
    this.tail = new Markdown("", paddingX, 0, theme);
  }

  /** Adds streamed text; parsing waits for the next render, so many deltas cost one parse. */
  append(delta: string): void {
    this.text += delta;
    this.dirty = true;
  }

  getText(): string {
    return this.text;
  }

  private sync(): void {
    if (!this.dirty) return;
    this.dirty = false;
    const pending = this.text.slice(this.consumed);
    const { stable, tail } = splitStableBlocks(pending);
    for (const block of stable) this.blocks.push(new Markdown(block, this.paddingX, 0, this.theme));
    this.consumed = this.text.length - tail.length;
    if (tail !== this.tailText) {
      this.tailText = tail;
      this.tail.setText(tail);
    }
  }

  invalidate(): void {
    for (const block of this.blocks) block.invalidate();
    this.tail.invalidate();
  }

  render(width: number): string[] {
    this.sync();
    const lines: string[] = [];
    for (const block of this.blocks) {
      if (lines.length > 0) lines.push("");
      for (const line of block.render(width)) lines.push(line);
    }
    if (this.tailText.trim() !== "") {
      if (lines.length > 0) lines.push("");
      for (const line of this.tail.render(width)) lines.push(line);
    }
    return lines;
  }
}
