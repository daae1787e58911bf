// A real terminal emulator (xterm.js, headless) behind pi-tui's Terminal interface, so TUI
// tests assert what a person would see. Input goes through pi-tui's own StdinBuffer, exactly
// as ProcessTerminal splits real keyboard bytes, so tests type real key sequences.
import { StdinBuffer, type Terminal } from "@mariozechner/pi-tui";
import xterm from "@xterm/headless";
import { waitFor } from "./processes.js";

export class VirtualTerminal implements Terminal {
  readonly xterm: xterm.Terminal;
  /** Every byte the app wrote, in order (for redraw and byte-count assertions). */
  written = "";
  private onInput: ((data: string) => void) | undefined;
  private onResize: (() => void) | undefined;
  private readonly buffer = new StdinBuffer({ timeout: 10 });
  started = false;
  stopped = false;

  constructor(cols = 80, rows = 24) {
    this.xterm = new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback: 5000 });
    this.buffer.on("data", (sequence) => this.onInput?.(sequence));
    this.buffer.on("paste", (content) => this.onInput?.(`\x1b[200~${content}\x1b[201~`));
  }

  start(onInput: (data: string) => void, onResize: () => void): void {
    this.onInput = onInput;
    this.onResize = onResize;
    this.started = true;
  }
  stop(): void {
    this.stopped = true;
    this.onInput = undefined;
  }
  async drainInput(): Promise<void> {}
  write(data: string): void {
    this.written += data;
    this.xterm.write(data);
  }
  get columns(): number {
    return this.xterm.cols;
  }
  get rows(): number {
    return this.xterm.rows;
  }
  get kittyProtocolActive(): boolean {
    return true;
  }
  moveBy(lines: number): void {
    if (lines > 0) this.write(`\x1b[${lines}B`);
    else if (lines < 0) this.write(`\x1b[${-lines}A`);
  }
  hideCursor(): void {
    this.write("\x1b[?25l");
  }
  showCursor(): void {
    this.write("\x1b[?25h");
  }
  clearLine(): void {
    this.write("\x1b[K");
  }
  clearFromCursor(): void {
    this.write("\x1b[J");
  }
  clearScreen(): void {
    this.write("\x1b[2J\x1b[H");
  }
  setTitle(): void {}
  setProgress(): void {}

  /** Bytes as a keyboard would send them (several keys at once are split like on a tty). */
  send(data: string): void {
    this.buffer.process(data);
  }
  /** A bracketed paste, as a terminal sends it when bracketed paste mode is on. */
  paste(text: string): void {
    this.buffer.process(`\x1b[200~${text}\x1b[201~`);
  }
  resize(cols: number, rows: number): void {
    this.xterm.resize(cols, rows);
    this.onResize?.();
  }
  /** Resolves once xterm has parsed everything written so far. */
  flush(): Promise<void> {
    return new Promise((resolve) => this.xterm.write("", resolve));
  }
  /** The visible screen, one trimmed string per row. */
  viewport(): string[] {
    const buffer = this.xterm.buffer.active;
    const lines: string[] = [];
    for (let y = 0; y < this.xterm.rows; y++) lines.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? "");
    return lines;
  }
  /** Scrollback plus screen. */
  allLines(): string[] {
    const buffer = this.xterm.buffer.active;
    const lines: string[] = [];
    for (let y = 0; y < buffer.length; y++) lines.push(buffer.getLine(y)?.translateToString(true) ?? "");
    return lines;
  }
  screenText(): string {
    return this.viewport().join("\n");
  }

  /** Waits (render is deferred and throttled) until the screen shows what `check` wants. */
  async waitForScreen(check: (screen: string) => boolean, what: string): Promise<void> {
    let last = "";
    try {
      await waitFor(() => {
        // xterm parses synchronously for small writes; flush() is for the asynchronous rest.
        void this.flush();
        last = this.allLines().join("\n");
        return check(last);
      }, 10_000, what);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n--- screen ---\n${last}`);
    }
  }
  async waitForText(text: string): Promise<void> {
    await this.waitForScreen((screen) => screen.includes(text), `screen to show ${JSON.stringify(text)}`);
  }
}
