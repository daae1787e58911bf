// The scrollback belongs to the person: their shell's history above mini-agent, and what it
// printed earlier. pi-tui's full redraw (a width or height change, ctrl-l, or a line that
// changed after it scrolled out of view) sends ESC[2J ESC[H ESC[3J: clear the screen, home,
// and erase the scrollback, then prints every line again. This terminal passes pi-tui's
// bytes on without ESC[3J, so a full redraw clears only the screen: what scrolled off stays
// (a repaint may then repeat some lines there, never lose any). The app also keeps full
// redraws from happening in the first place (live-area.ts, a session switch printed below);
// this is the guarantee under that. test/tui/app-scrollback.test.ts watches the bytes.
import type { Terminal } from "@mariozechner/pi-tui";

const ERASE_SCROLLBACK = "\x1b[3J";

export class KeepScrollback implements Terminal {
  constructor(private readonly inner: Terminal) {}

  write(data: string): void {
    this.inner.write(data.includes(ERASE_SCROLLBACK) ? data.replaceAll(ERASE_SCROLLBACK, "") : data);
  }

  start(onInput: (data: string) => void, onResize: () => void): void {
    this.inner.start(onInput, onResize);
  }
  stop(): void {
    this.inner.stop();
  }
  drainInput(maxMs?: number, idleMs?: number): Promise<void> {
    return this.inner.drainInput(maxMs, idleMs);
  }
  get columns(): number {
    return this.inner.columns;
  }
  get rows(): number {
    return this.inner.rows;
  }
  get kittyProtocolActive(): boolean {
    return this.inner.kittyProtocolActive;
  }
  moveBy(lines: number): void {
    this.inner.moveBy(lines);
  }
  hideCursor(): void {
    this.inner.hideCursor();
  }
  showCursor(): void {
    this.inner.showCursor();
  }
  clearLine(): void {
    this.inner.clearLine();
  }
  clearFromCursor(): void {
    this.inner.clearFromCursor();
  }
  clearScreen(): void {
    this.inner.clearScreen();
  }
  setTitle(title: string): void {
    this.inner.setTitle(title);
  }
  setProgress(active: boolean): void {
    this.inner.setProgress(active);
  }
}
