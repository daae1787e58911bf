// The status line under the editor: model, thinking, context used, cost, directory, branch,
// background tasks; and above it one dim line for the latest engine notice.
import { truncateToWidth, type Component } from "@mariozechner/pi-tui";
import type { Theme } from "../../theme/theme.js";

export interface FooterInfo {
  model: string;
  thinking: string;
  /** Tokens the last request sent (the context as the model saw it). */
  contextTokens: number;
  /** The model's context window, when known: then a percentage shows. */
  contextWindow?: number | undefined;
  costUsd: number;
  cwd: string;
  branch?: string | undefined;
  backgroundTasks: number;
  notice?: string | undefined;
}

export function formatTokens(tokens: number): string {
  if (tokens < 1000) return String(tokens);
  if (tokens < 1_000_000) return `${(tokens / 1000).toFixed(tokens < 10_000 ? 1 : 0)}k`;
  return `${(tokens / 1_000_000).toFixed(1)}M`;
}

/** Home becomes ~, so the interesting end of the path survives truncation. */
export function shortenPath(cwd: string, home: string | undefined): string {
  return home && (cwd === home || cwd.startsWith(`${home}/`)) ? `~${cwd.slice(home.length)}` : cwd;
}

export class Footer implements Component {
  constructor(
    private readonly theme: Theme,
    public info: FooterInfo,
  ) {}

  update(patch: Partial<FooterInfo>): void {
    this.info = { ...this.info, ...patch };
  }

  invalidate(): void {}

  render(width: number): string[] {
    const t = this.theme;
    const info = this.info;
    const context =
      `ctx ${formatTokens(info.contextTokens)}` +
      (info.contextWindow ? ` (${Math.min(100, Math.round((info.contextTokens / info.contextWindow) * 100))}%)` : "");
    const parts = [
      ...(info.model ? [t.fg("accent", info.model)] : []),
      `thinking ${info.thinking}`,
      context,
      `$${info.costUsd.toFixed(info.costUsd < 1 ? 4 : 2)}`,
      shortenPath(info.cwd, process.env.HOME) + (info.branch ? ` (${info.branch})` : ""),
    ];
    if (info.backgroundTasks > 0) parts.push(t.fg("toolRunning", `${info.backgroundTasks} background task${info.backgroundTasks === 1 ? "" : "s"}`));
    const lines: string[] = [];
    if (info.notice) lines.push(truncateToWidth(` ${t.fg("dim", info.notice)}`, width));
    lines.push(truncateToWidth(` ${t.fg("muted", parts.join(" · "))}`, width));
    return lines;
  }
}
