// Our tools as Claude Code names them, so hooks written for Claude Code work unchanged: a
// matcher "Bash" or "Edit|Write" matches run_command or write_file, and the payload carries
// Claude Code's tool_name and input fields (`command`, `file_path`, `old_string`, …) beside
// ours (`path`, `timeout_ms`, …), which existing hooks of ours read. Pure.
import path from "node:path";

/** Claude Code's permission modes, which hooks read as `permission_mode`. */
export type PermissionMode = "default" | "acceptEdits" | "bypassPermissions" | "plan";

type Input = Record<string, unknown>;

interface Equivalent {
  /** Claude Code's name for the call; `edit_file` with `edits` is MultiEdit. */
  name(input: Input): string;
  /** Every Claude Code name a matcher may use for the tool. */
  names: readonly string[];
  /** Claude Code's input fields, from ours. */
  fields(input: Input, absolute: (file: unknown) => string | undefined): Input;
}

const EQUIVALENTS: Record<string, Equivalent> = {
  run_command: {
    name: () => "Bash",
    names: ["Bash"],
    fields: (input) => ({ command: input.command, timeout: input.timeout_ms, run_in_background: input.background }),
  },
  read_file: {
    name: () => "Read",
    names: ["Read"],
    fields: (input, absolute) => ({ file_path: absolute(input.path), offset: input.offset, limit: input.limit }),
  },
  write_file: {
    name: () => "Write",
    names: ["Write"],
    fields: (input, absolute) => ({ file_path: absolute(input.path), content: input.content }),
  },
  edit_file: {
    name: (input) => (Array.isArray(input.edits) ? "MultiEdit" : "Edit"),
    names: ["Edit", "MultiEdit"],
    fields: (input, absolute) => ({ file_path: absolute(input.path) }),
  },
  glob: { name: () => "Glob", names: ["Glob"], fields: () => ({}) },
  grep: { name: () => "Grep", names: ["Grep"], fields: (input) => ({ glob: input.include, "-i": input.ignore_case }) },
  list_files: { name: () => "LS", names: ["LS"], fields: () => ({}) },
  web_fetch: { name: () => "WebFetch", names: ["WebFetch"], fields: () => ({}) },
  web_search: { name: () => "WebSearch", names: ["WebSearch"], fields: () => ({}) },
  task: { name: () => "Task", names: ["Task"], fields: (input) => ({ subagent_type: input.kind }) },
  todo_write: { name: () => "TodoWrite", names: ["TodoWrite"], fields: () => ({}) },
  task_status: { name: () => "BashOutput", names: ["BashOutput"], fields: (input) => ({ bash_id: input.id }) },
  task_stop: { name: () => "KillShell", names: ["KillShell"], fields: (input) => ({ shell_id: input.id }) },
};

/** Claude Code's name for one of our tools (`run_command` → `Bash`); ours when it has none (`mcp__…` is shared). */
export function claudeToolName(tool: string): string {
  return EQUIVALENTS[tool]?.name({}) ?? tool;
}

/** Our tool for a Claude Code name (`Bash` → `run_command`, `MultiEdit` → `edit_file`); our own and `mcp__…` names pass. */
export function ourToolName(name: string): string {
  return Object.keys(EQUIVALENTS).find((tool) => EQUIVALENTS[tool]!.names.includes(name)) ?? name;
}

/** The names a matcher is tested against: ours first, then Claude Code's (mcp__… are the same in both). */
export function matchableNames(tool: string): string[] {
  return [tool, ...(EQUIVALENTS[tool]?.names ?? [])];
}

/**
 * The tool fields of a hook payload: Claude Code's `tool_name` and input fields, with ours kept
 * (our own name as `mini_agent_tool_name`, our input fields as they are). Where both name a
 * field the same (`path` for Glob and Grep, `content` for Write) it means the same and ours is kept.
 */
export function claudeToolFields(tool: string, input: unknown, cwd: string): { tool_name: string; mini_agent_tool_name: string; tool_input: unknown } {
  const equivalent = EQUIVALENTS[tool];
  if (!equivalent || typeof input !== "object" || input === null || Array.isArray(input)) {
    return { tool_name: equivalent?.name({}) ?? tool, mini_agent_tool_name: tool, tool_input: input };
  }
  const ours = input as Input;
  const absolute = (file: unknown) => (typeof file === "string" ? path.resolve(cwd, file) : undefined);
  const theirs = Object.entries(equivalent.fields(ours, absolute)).filter(([, value]) => value !== undefined);
  const added = Object.fromEntries(theirs.filter(([key]) => !Object.hasOwn(ours, key)));
  return { tool_name: equivalent.name(ours), mini_agent_tool_name: tool, tool_input: { ...ours, ...added } };
}
