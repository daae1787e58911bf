// Pure helpers for tool frames: the one argument worth showing in a frame's title, how a line
// of a unified diff is coloured, how long a call took.
import type { Token } from "../../theme/tokens.js";

const KEY_ARGUMENTS = ["path", "command", "pattern", "url", "query", "id", "file_path", "description"] as const;

/** The argument that says what a call does (a path, a command, a pattern), or "". */
export function keyArgument(argumentsJson: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(argumentsJson);
  } catch {
    return "";
  }
  if (parsed === null || typeof parsed !== "object") return "";
  const record = parsed as Record<string, unknown>;
  for (const key of KEY_ARGUMENTS) {
    const value = record[key];
    if (typeof value === "string" && value.trim()) return value.split("\n")[0]!;
  }
  return "";
}

/** Is this text a unified diff (what writes and edits return and preview)? */
export function looksLikeDiff(text: string): boolean {
  return /^(---|\+\+\+|@@) /m.test(text) && /^@@ /m.test(text);
}

export function diffLineToken(line: string): Token {
  if (line.startsWith("+++") || line.startsWith("---")) return "muted";
  if (line.startsWith("+")) return "diffAdded";
  if (line.startsWith("-")) return "diffRemoved";
  if (line.startsWith("@@")) return "accent";
  return "diffContext";
}

/** The diff inside a write/edit result (which may have a summary line before it). */
export function extractDiff(text: string): string | undefined {
  const start = text.search(/^(--- |@@ )/m);
  return start >= 0 && looksLikeDiff(text) ? text.slice(start) : undefined;
}

/** "0.4s", "12s", "2m 05s": how long a call ran, as a frame's title says it. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, ms) / 1000;
  if (seconds < 10) return `${seconds.toFixed(1)}s`;
  if (seconds < 60) return `${Math.round(seconds)}s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}m ${String(whole % 60).padStart(2, "0")}s`;
}

/** "+3 −1": lines a diff adds and removes (its ---/+++ headers not counted); undefined for no diff. */
export function diffCounts(text: string): string | undefined {
  const diff = extractDiff(text);
  if (diff === undefined) return undefined;
  let added = 0;
  let removed = 0;
  for (const line of diff.split("\n")) {
    if (line.startsWith("+++ ") || line.startsWith("--- ")) continue;
    if (line.startsWith("+")) added += 1;
    else if (line.startsWith("-")) removed += 1;
  }
  return `+${added} −${removed}`;
}
