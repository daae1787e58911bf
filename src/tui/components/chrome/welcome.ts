// The first lines of a session: name, version, where it works, the few keys worth knowing, and
// how to go back to an earlier session of this workspace when there is one.
import type { Component } from "@mariozechner/pi-tui";
import type { Theme } from "../../theme/theme.js";
import { truncateToWidth } from "../../text-width.js";
import { oneLineForTerminal } from "../messages/sanitize.js";

export interface WelcomeInfo {
  version: string;
  cwd: string;
  /** Earlier sessions of this workspace (a new one is open): say how to go back to one. */
  earlierSessions?: number;
}

export class Welcome implements Component {
  constructor(
    private readonly theme: Theme,
    private readonly info: WelcomeInfo,
  ) {}

  invalidate(): void {}

  render(width: number): string[] {
    const t = this.theme;
    const lines = [
      ` ${t.bold(t.fg("accent", "mini-agent"))} ${t.fg("muted", `v${this.info.version}`)}`,
      // A folder name can come from an archive: drawn as text, never as a sequence.
      ` ${t.fg("muted", oneLineForTerminal(this.info.cwd))}`,
      ` ${t.fg("dim", "enter send · shift+enter newline · / commands · @ files")}`,
      ` ${t.fg("dim", "esc stop · ctrl-c twice quit · /help")}`,
    ];
    const earlier = this.info.earlierSessions ?? 0;
    if (earlier > 0) {
      const sessions = `${earlier} earlier session${earlier === 1 ? "" : "s"} here`;
      lines.push(` ${t.fg("muted", `${sessions}: /resume continues one (mini-agent -c: the newest)`)}`);
    }
    return lines.map((line) => truncateToWidth(line, width));
  }
}
