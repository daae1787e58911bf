// The live area: what is drawn under the conversation (queued prompts, the spinner, the input,
// the footer) and the frame at the conversation's end still waiting for an answer. Those lines
// change; everything above them is finished and only scrolls. pi-tui can rewrite a line only
// while it is on screen: a change to one that has scrolled off makes it clear the screen and
// print everything again (keep-scrollback.ts keeps that from erasing the scrollback). So a
// waiting frame is given only the room that keeps its first line on screen, with the lines a
// tool frame's title takes above it (answering changes that title too). On exit the live area
// goes, so the screen left behind reads as a transcript.
import { Spacer, type Component, type TUI } from "@mariozechner/pi-tui";

/** A tool frame's title (and the blank line before it) right above an approval frame. */
const ABOVE_FRAME = 3;

export class LiveArea {
  constructor(
    private readonly tui: TUI,
    /** What is drawn under the conversation, top to bottom. */
    private readonly below: readonly Component[],
  ) {}

  /**
   * Takes away everything under the conversation (input, footer and its notice, spinner,
   * queued prompts) and draws at once, before the terminal is handed back.
   */
  clear(): void {
    for (const component of this.below) this.tui.removeChild(component);
    drawNow(this.tui);
  }

  /** Lines a waiting frame at the conversation's end may take and stay wholly on screen. */
  roomForFrame(): number {
    const width = this.tui.terminal.columns;
    const under = this.below.reduce((lines, component) => lines + component.render(width).length, 0);
    return this.tui.terminal.rows - under - ABOVE_FRAME;
  }
}

/**
 * Draws a frame now. pi-tui draws on a timer and offers no synchronous draw, and a quit must
 * not wait for one: its own (private) doRender is called, as SafeProcessTerminal reads a
 * private field; test/tui/app-exit.test.ts and app-notice.test.ts watch the screen.
 */
export function drawNow(tui: TUI): void {
  (tui as unknown as { doRender(): void }).doRender();
}

/** Draws an empty frame now, which clears every row drawn so far (opening failed: nothing to keep). */
export function eraseEverything(tui: TUI): void {
  tui.clear();
  // One empty row, not none: pi-tui clears the rows after the last one it draws.
  tui.addChild(new Spacer(1));
  drawNow(tui);
}
