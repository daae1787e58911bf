// How an editor shows one of our tool calls: ACP's kind (its icon), a title, the files it
// touches ("follow the agent") and, for writes and edits, the change as diff content. Pure:
// it reads the call's name and JSON arguments, nothing on disk.
import path from "node:path";
import type { ToolCallContent, ToolCallLocation, ToolKind } from "@agentclientprotocol/sdk";

export interface ToolCallView {
  kind: ToolKind;
  title: string;
  locations: ToolCallLocation[];
  /** Diff content for a write or an edit, from the arguments (the result adds nothing to it). */
  diffs: ToolCallContent[];
  /** The arguments as parsed, or the raw text when the model sent invalid JSON. */
  rawInput: unknown;
}

const KINDS: Record<string, ToolKind> = {
  read_file: "read",
  list_files: "search",
  glob: "search",
  grep: "search",
  git_status: "read",
  git_diff: "read",
  git_log: "read",
  write_file: "edit",
  edit_file: "edit",
  run_command: "execute",
  task_status: "execute",
  task_stop: "execute",
  web_fetch: "fetch",
  web_search: "fetch",
  todo_write: "think",
  recall: "read",
  load_skill: "read",
};

function parsed(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** A title line, kept short: an editor shows it on one row. */
function shorten(text: string, max = 120): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function titleOf(name: string, input: Record<string, unknown>): string {
  const target = str(input["path"]);
  switch (name) {
    case "read_file":
      return `Read ${target ?? "file"}`;
    case "write_file":
      return `Write ${target ?? "file"}`;
    case "edit_file":
      return `Edit ${target ?? "file"}`;
    case "list_files":
      return `List ${target ?? "."}`;
    case "glob":
      return `Find ${str(input["pattern"]) ?? ""}${target ? ` in ${target}` : ""}`;
    case "grep":
      return `Search for ${str(input["pattern"]) ?? ""}${target ? ` in ${target}` : ""}`;
    case "run_command":
      return shorten(`\`${str(input["command"]) ?? ""}\``);
    case "web_fetch":
      return `Fetch ${str(input["url"]) ?? ""}`;
    case "web_search":
      return `Search the web for ${str(input["query"]) ?? ""}`;
    case "todo_write":
      return "Update the plan";
    case "task":
      return shorten(`Subagent: ${str(input["description"]) ?? str(input["prompt"]) ?? ""}`);
    default:
      return name;
  }
}

function diffsOf(name: string, file: string, input: Record<string, unknown>): ToolCallContent[] {
  if (name === "write_file") {
    return [{ type: "diff", path: file, oldText: null, newText: str(input["content"]) ?? "" }];
  }
  if (name !== "edit_file") return [];
  const edits = Array.isArray(input["edits"]) ? (input["edits"] as Record<string, unknown>[]) : [input];
  return edits
    .filter((edit) => typeof edit["old_string"] === "string" && typeof edit["new_string"] === "string")
    .map((edit) => ({ type: "diff" as const, path: file, oldText: edit["old_string"] as string, newText: edit["new_string"] as string }));
}

/** The view of a `tool.call` (name, raw JSON arguments) in a workspace `cwd`. */
export function toolCallView(name: string, argumentsText: string, cwd: string): ToolCallView {
  const input = parsed(argumentsText);
  const kind: ToolKind = KINDS[name] ?? (name.startsWith("mcp__") ? "other" : name === "task" ? "think" : "other");
  if (!input) return { kind, title: name, locations: [], diffs: [], rawInput: argumentsText };
  const relative = str(input["path"]);
  const file = relative !== undefined ? path.resolve(cwd, relative) : undefined;
  const line = typeof input["offset"] === "number" ? input["offset"] : undefined;
  return {
    kind,
    title: titleOf(name, input),
    locations: file ? [{ path: file, ...(line !== undefined ? { line } : {}) }] : [],
    diffs: file ? diffsOf(name, file, input) : [],
    rawInput: input,
  };
}
