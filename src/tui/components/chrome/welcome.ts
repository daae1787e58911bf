// The first lines of a session: name, version, where it works, and the few keys worth knowing.
import { truncateToWidth, type Component } from "@mariozechner/pi-tui";
import type { Theme } from "../../theme/theme.js";

export interface WelcomeInfo {
  version: string;
  cwd: string;
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
      ` ${t.fg("muted", this.info.cwd)}`,
      ` ${t.fg("dim", "enter send · shift+enter newline · / commands · @ files")}`,
      ` ${t.fg("dim", "esc stop · ctrl-c twice quit · /help")}`,
    ];
    return lines.map((line) => truncateToWidth(line, width));
  }
}
