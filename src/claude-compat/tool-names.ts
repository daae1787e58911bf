// Claude Code's tool names and input fields for ours, both ways. An Agent SDK user's
// `canUseTool` and the `tool_use` blocks they read expect `Bash` / `command`, `Write` /
// `file_path`; mini-agent's own names stay what the model sees (ADR 0046). Pure.

/** Ours → Claude Code's, for the tools that have an equivalent. */
const CLAUDE_NAME: Readonly<Record<string, string>> = {
  run_command: "Bash",
  read_file: "Read",
  write_file: "Write",
  edit_file: "Edit",
  glob: "Glob",
  grep: "Grep",
  list_files: "LS",
  web_fetch: "WebFetch",
  web_search: "WebSearch",
  todo_write: "TodoWrite",
  task: "Task",
  task_status: "BashOutput",
  task_stop: "KillShell",
};

const OUR_NAME: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(CLAUDE_NAME).map(([ours, claude]) => [claude, ours]));

/** The name an SDK user sees: Claude Code's where one exists, else ours (`mcp__…` is shared). */
export function claudeToolName(ours: string): string {
  return CLAUDE_NAME[ours] ?? ours;
}

/** Our tool for a Claude Code name (`Bash` → run_command); our own and `mcp__…` names pass. */
export function ourToolName(name: string): string {
  return OUR_NAME[name] ?? name;
}

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
