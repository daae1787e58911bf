// Claude Code's tool names and input fields for ours, both ways. An Agent SDK user's
// `canUseTool` and the `tool_use` blocks they read expect `Bash` / `command`, `Write` /
// `file_path`; mini-agent's own names stay what the model sees (ADR 0046). Pure.
import { claudeToolName, ourToolName } from "../engine/index.js";

// One table of names for hooks and this face: the engine's (hooks/claude-tools.ts).
export { claudeToolName, ourToolName };

/** Whether a Claude Code name (or one of ours) names a tool mini-agent has. */
export function knownToolName(name: string, ours: readonly string[]): boolean {
  return ours.includes(ourToolName(name));
}

/** Fields renamed per tool: ours → Claude Code's. */
const FIELD_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  read_file: { path: "file_path" },
  write_file: { path: "file_path" },
  edit_file: { path: "file_path" },
  grep: { include: "glob", ignore_case: "-i" },
  task_status: { id: "bash_id" },
  task_stop: { id: "shell_id" },
};

/** A call's input as Claude Code would have named it (what `canUseTool` and `tool_use` show). */
export function claudeToolInput(ours: string, input: unknown): unknown {
  const renames = FIELD_NAMES[ours];
  if (!renames || typeof input !== "object" || input === null || Array.isArray(input)) return input;
  return Object.fromEntries(Object.entries(input as Record<string, unknown>).map(([key, value]) => [renames[key] ?? key, value]));
}

/** Parses a call's raw arguments; invalid JSON is shown as the text the model wrote. */
export function parseArguments(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return { _raw: raw };
  }
}
