// While the TUI owns the terminal nothing else may write to it: a provider SDK's console.warn
// or a process warning printed between two frames moves the cursor behind pi-tui's back, and
// every later frame lands on the wrong rows (a frozen spinner, a duplicated frame). While
// capturing, what is written to stdout or stderr (or through the console) other than by the
// terminal itself is collected and handed to `report` once per tick, as text the app shows as a
// notice. stop() puts every stream and console method back as it was.
import { format } from "node:util";

type Report = (text: string) => void;
type Stream = NodeJS.WriteStream;

const CONSOLE_METHODS = ["log", "info", "warn", "error", "debug", "trace", "dir"] as const;

/**
 * Nothing but escape sequences: pi-tui writes a few mode switches itself from timers and input
 * handlers, outside Terminal.write (the Kitty keyboard reply, the modifyOtherKeys fallback).
 * They hold no text, so they pass; anything with text in it is not the terminal's.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_ONLY = /^(?:\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_]))+$/;

export class OutputCapture {
  private readonly undo: (() => void)[] = [];
  private pending = "";
  private flushing = false;

  /** `owns()`: is the terminal writing right now (its frames pass untouched)? */
  constructor(private readonly owns: () => boolean) {}

  get active(): boolean {
    return this.undo.length > 0;
  }

  start(report: Report): void {
    if (this.active) return;
    const take = (text: string) => this.collect(text, report);
    for (const stream of [process.stdout, process.stderr]) this.replaceWrite(stream, take);
    const target = console as unknown as Record<string, unknown>;
    for (const name of CONSOLE_METHODS) {
      this.replace(target, name, (...args: unknown[]) => take(`${name === "trace" ? "Trace: " : ""}${format(...args)}\n`));
    }
  }

  stop(): void {
    for (const restore of this.undo.splice(0).reverse()) restore();
    // Written in the last tick of the TUI: the terminal is the person's again, so it goes there.
    const left = this.pending;
    this.pending = "";
    if (left) process.stderr.write(left);
  }

  private replaceWrite(stream: Stream, take: (text: string) => void): void {
    const original = stream.write;
    const owns = this.owns;
    const write = function (this: Stream, chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
      const text = typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8");
      if (owns() || (stream === process.stdout && CONTROL_ONLY.test(text))) {
        return (original as (...args: unknown[]) => boolean).call(stream, chunk, encoding, callback);
      }
      take(text);
      // The writer may wait for its callback: the write is done (it is held, not lost).
      const done = typeof encoding === "function" ? encoding : callback;
      if (typeof done === "function") process.nextTick(done as () => void);
      return true;
    };
    this.replace(stream as unknown as Record<string, unknown>, "write", write);
  }

  /** Sets `target[key]`, remembering how to put back exactly what was there (own or inherited). */
  private replace(target: Record<string, unknown>, key: string, value: unknown): void {
    const own = Object.getOwnPropertyDescriptor(target, key);
    target[key] = value;
    this.undo.push(() => {
      if (own) Object.defineProperty(target, key, own);
      else delete target[key];
    });
  }

  /** Several writes in one tick (a warning and its hint, a message and a stack) are one notice. */
  private collect(text: string, report: Report): void {
    this.pending += text;
    if (this.flushing) return;
    this.flushing = true;
    setImmediate(() => {
      this.flushing = false;
      const collected = this.pending.trim();
      this.pending = "";
      if (collected && this.active) report(collected);
    });
  }
}
