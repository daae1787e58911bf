// How `mini-agent sessions` shows things: ages, sizes, the table, and `--older-than` values.
import { UsageError } from "../config/cli-options.js";
import { visibleText, type SessionSummary } from "../engine/subcommands.js";

const UNITS: readonly [string, number][] = [
  ["w", 7 * 24 * 3600_000],
  ["d", 24 * 3600_000],
  ["h", 3600_000],
  ["m", 60_000],
  ["s", 1000],
];

/** The largest whole unit: 45s, 12m, 3h, 9d, 2w. */
export function formatAge(ms: number): string {
  for (const [unit, size] of UNITS) if (ms >= size) return `${Math.floor(ms / size)}${unit}`;
  return "0s";
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** `30d`, `12h`, `2w`, `90m` → milliseconds; anything else is a usage error naming the value. */
export function parseDuration(text: string): number {
  const match = /^(\d+)\s*([wdhm])$/.exec(text.trim());
  const size = match && UNITS.find(([unit]) => unit === match[2])?.[1];
  // Past 2^53 ms the age read is not the age given (and no session is that old anyway).
  const ms = match && size ? Number(match[1]) * size : Number.NaN;
  if (!Number.isSafeInteger(ms) || ms <= 0) {
    throw new UsageError(`invalid value ${JSON.stringify(text)} for --older-than; expected a number and a unit, such as 30d, 12h, 2w or 90m`);
  }
  return ms;
}

/** One row per session: the model (a project may have named it), the folder and the title are shown escaped, so none can break its row. */
export function sessionTable(sessions: readonly SessionSummary[], now: number, showWorkspace: boolean): string {
  const rows = sessions.map((s) => [
    s.id,
    formatAge(Math.max(0, now - s.lastActivityMs)),
    String(s.turns),
    formatSize(s.bytes),
    visibleText(s.model || "-", 80),
    ...(showWorkspace ? [visibleText(s.cwd || "-")] : []),
    s.damaged ? `(damaged: ${visibleText(s.damaged)})` : visibleText(s.title || "(no prompt yet)"),
  ]);
  const head = ["ID", "AGE", "TURNS", "SIZE", "MODEL", ...(showWorkspace ? ["WORKSPACE"] : []), "TITLE"];
  const widths = head.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const right = new Set([1, 2, 3]);
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : right.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join("  ");
  return `${[head, ...rows].map(line).join("\n")}\n`;
}
