// One line with a spinning glyph and a message ("waiting for the model", "retrying in 4s
// (429)"). Hidden (zero lines) when stopped, so it takes no room between turns.
import type { Component } from "@mariozechner/pi-tui";
import type { Theme } from "../../theme/theme.js";
import { truncateToWidth } from "../../text-width.js";

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const INTERVAL_MS = 80;

export class Spinner implements Component {
  private frame = 0;
  private timer: NodeJS.Timeout | undefined;
  private message = "";

  constructor(
    private readonly theme: Theme,
    private readonly requestRender: () => void,
  ) {}

  get running(): boolean {
    return this.timer !== undefined;
  }

  getMessage(): string {
    return this.running ? this.message : "";
  }

  start(message: string): void {
    this.message = message;
    if (!this.timer) {
      this.timer = setInterval(() => {
        this.frame = (this.frame + 1) % FRAMES.length;
        this.requestRender();
      }, INTERVAL_MS);
      // A spinner never keeps the process alive on its own.
      this.timer.unref();
    }
    this.requestRender();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.requestRender();
  }

  invalidate(): void {}

  render(width: number): string[] {
    if (!this.timer) return [];
    return ["", truncateToWidth(` ${this.theme.fg("accent", FRAMES[this.frame]!)} ${this.theme.fg("muted", this.message)}`, width)];
  }
}
