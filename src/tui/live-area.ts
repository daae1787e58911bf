// The live area: what is drawn under the conversation (queued prompts, the spinner, the input,
// the footer) and the frame at the conversation's end still waiting for an answer. Those lines
// change; everything above them is finished and only scrolls. pi-tui can rewrite a line only
// while it is on screen: a change to one that has scrolled off makes it clear the screen and
// print everything again (keep-scrollback.ts keeps that from erasing the scrollback). So a
// waiting frame is given only the room that keeps its first line on screen, with the lines a
// tool frame's title takes above it (answering changes that title too).
import type { Component, TUI } from "@mariozechner/pi-tui";

/** A tool frame's title (and the blank line before it) right above an approval frame. */
const ABOVE_FRAME = 3;

export class LiveArea {
  constructor(
    private readonly tui: TUI,
    /** What is drawn under the conversation, top to bottom. */
    private readonly below: readonly Component[],
  ) {}

  /** Lines a waiting frame at the conversation's end may take and stay wholly on screen. */
  roomForFrame(): number {
    const width = this.tui.terminal.columns;
    const under = this.below.reduce((lines, component) => lines + component.render(width).length, 0);
    return this.tui.terminal.rows - under - ABOVE_FRAME;
  }
}
