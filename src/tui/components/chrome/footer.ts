// The status line under the editor: model, thinking, context used, cost, directory, branch,
// background tasks; and above it, dim, the latest engine notice (every line of it).
import { truncateToWidth, wrapTextWithAnsi, type Component } from "@mariozechner/pi-tui";
import type { Theme } from "../../theme/theme.js";
import { sanitizeForTerminal } from "../messages/sanitize.js";

/** A notice longer than this (a missing key's advice is seven lines) ends with "… N more lines". */
const NOTICE_LINES = 10;

export interface FooterInfo {
  model: string;
  thinking: string;
  /** Tokens the last request sent (the context as the model saw it). */
  contextTokens: number;
  /** The session's context budget (the engine's, for the current model): then `used/budget (%)` shows. */
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
      (info.contextWindow
        ? `/${formatTokens(info.contextWindow)} (${Math.min(100, Math.round((info.contextTokens / info.contextWindow) * 100))}%)`
        : "");
    const parts = [
      ...(info.model ? [t.fg("accent", info.model)] : []),
      `thinking ${info.thinking}`,
      context,
      `$${info.costUsd.toFixed(info.costUsd < 1 ? 4 : 2)}`,
      shortenPath(info.cwd, process.env.HOME) + (info.branch ? ` (${info.branch})` : ""),
    ];
    if (info.backgroundTasks > 0) parts.push(t.fg("toolRunning", `${info.backgroundTasks} background task${info.backgroundTasks === 1 ? "" : "s"}`));
    const lines: string[] = [];
    if (info.notice) lines.push(...this.noticeLines(info.notice, width));
    lines.push(truncateToWidth(` ${t.fg("muted", parts.join(" · "))}`, width));
    return lines;
  }

  /**
   * A notice may hold several lines; each is wrapped and drawn as rows of its own. A newline
   * left inside one row would move the terminal's cursor behind pi-tui's back and break every
   * later frame (stray borders, a frozen spinner line).
   */
  private noticeLines(notice: string, width: number): string[] {
    const rows: string[] = [];
    for (const paragraph of sanitizeForTerminal(notice).trimEnd().split("\n")) {
      for (const line of wrapTextWithAnsi(paragraph, Math.max(1, width - 1))) rows.push(line);
    }
    const shown = rows.length > NOTICE_LINES ? [...rows.slice(0, NOTICE_LINES - 1), `… ${rows.length - NOTICE_LINES + 1} more lines`] : rows;
    return shown.map((line) => truncateToWidth(` ${this.theme.fg("dim", line)}`, width));
  }
}
