// Streaming sends many small events a second; drawing each would cost a frame per token.
// Streamed events ask for a frame "soon" (at most one per interval); everything else (a
// prompt, an approval, the end of a turn) asks for one now.
import type { TUI } from "@mariozechner/pi-tui";

export const STREAM_FRAME_MS = 50;

export class RenderScheduler {
  private timer: NodeJS.Timeout | undefined;
  /** Frames asked for, for the bench. */
  frames = 0;

  constructor(
    private readonly tui: TUI,
    private readonly intervalMs = STREAM_FRAME_MS,
  ) {}

  now(): void {
    this.cancel();
    this.frames++;
    this.tui.requestRender();
  }

  soon(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.frames++;
      this.tui.requestRender();
    }, this.intervalMs);
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
