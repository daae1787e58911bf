// pi-tui's ProcessTerminal, with two additions:
// - start() schedules a 150 ms timer that turns on xterm's modifyOtherKeys when no Kitty
//   keyboard reply came; if the app stops within those 150 ms (a config error, a quick ctrl-c)
//   the timer still fires and leaves the person's shell with modified keys on. Marking the mode
//   as already on once stopped makes the timer a no-op. (It reads a field pi-tui keeps private;
//   tests in test/cli/tui-pty.test.ts watch the bytes.)
// - `writing` says when a frame is being written, so OutputCapture lets it through and takes
//   every other write to stdout (test/cli/tui-tmux.test.ts).
import { ProcessTerminal } from "@mariozechner/pi-tui";

export class SafeProcessTerminal extends ProcessTerminal {
  writing = false;

  override write(data: string): void {
    this.writing = true;
    try {
      super.write(data);
    } finally {
      this.writing = false;
    }
  }

  override stop(): void {
    super.stop();
    (this as unknown as { _modifyOtherKeysActive: boolean })._modifyOtherKeysActive = true;
  }
}
