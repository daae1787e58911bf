// The status line under the editor: model, thinking, context used, cost (from the first reply on), directory, branch,
// background tasks; and above it, dim, the latest engine notice (every line of it).
import type { Component } from "@mariozechner/pi-tui";
import type { Theme } from "../../theme/theme.js";
import { graphemes, worstWidth } from "../../graphemes.js";
import { oneLineForTerminal, sanitizeForTerminal } from "../messages/sanitize.js";
import { truncateToWidth, wrapTextWithAnsi } from "../../text-width.js";

/** A notice longer than this (a missing key's advice is seven lines) ends with "… N more lines". */
const NOTICE_LINES = 10;

export interface FooterInfo {
  model: string;
  thinking: string;
  /** Tokens the last request sent (the context as the model saw it). */
  contextTokens: number;
  /** The session's context budget (the engine's, for the current model): then `used/budget (%)` shows. */
  contextWindow?: number | undefined;
  /**
   * What the session's requests cost so far; undefined until the first one reports its usage.
   * Before a reply there is nothing to price, and whether this model has a price is not known
   * yet: "$0.0000" there would turn into "$—" after the first reply for a model without one.
   */
  costUsd?: number | undefined;
  /** A request whose price is unknown (a model without a price list): the cost is not a sum. */
  costUnknown?: boolean | undefined;
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

/** A path cut from the left to fit: "…/project/src" keeps the end that says where one is. */
export function fitPath(cwd: string, width: number): string {
  if (worstWidth(cwd) <= width) return cwd;
  if (width <= 1) return width === 1 ? "…" : "";
  // By grapheme: a family emoji in a folder name is kept whole or left out whole.
  const parts = graphemes(cwd);
  let tail = "";
  for (let i = parts.length - 1; i >= 0 && worstWidth(parts[i] + tail) <= width - 1; i--) tail = parts[i] + tail;
  return `…${tail}`;
}

/** "$0.0123"; "$—" when no price is known; "≥$0.0123" when some requests had none. */
export function formatCost(costUsd: number, unknown: boolean | undefined): string {
  if (unknown && costUsd === 0) return "$—";
  const sum = `$${costUsd.toFixed(costUsd < 1 ? 4 : 2)}`;
  return unknown ? `≥${sum}` : sum;
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
      ...(info.costUsd !== undefined ? [formatCost(info.costUsd, info.costUnknown)] : []),
    ];
    if (info.backgroundTasks > 0) parts.push(t.fg("toolRunning", `${info.backgroundTasks} background task${info.backgroundTasks === 1 ? "" : "s"}`));
    // The directory goes last and gives way first, from its left: the branch always shows.
    // Both are text from the disk (a HEAD file or a folder name a tarball brought): one line, nothing that acts.
    const shownBranch = info.branch ? oneLineForTerminal(info.branch) : "";
    const branch = shownBranch ? ` (${shownBranch})` : "";
    const room = width - 1 - worstWidth(parts.join(" · ")) - 3 - worstWidth(branch);
    const place = room >= 8 ? fitPath(oneLineForTerminal(shortenPath(info.cwd, process.env.HOME)), room) + branch : shownBranch;
    if (place) parts.push(place);
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
