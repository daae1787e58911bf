// --allowedTools / --disallowedTools / --tools / --permission-mode in Claude Code's terms,
// turned into mini-agent's permission rules and approval policy (ADR 0046). Pure.
import type { UserRules } from "../engine/index.js";
import { ourToolName } from "./tool-names.js";

/** Claude Code's permission modes (`--permission-mode`). */
export const PERMISSION_MODES = ["default", "acceptEdits", "bypassPermissions", "plan", "dontAsk", "auto"] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];

/** Splits `Bash(npm test:*),Read Write(src/**)` at commas and spaces outside parentheses. */
export function splitToolList(value: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of value) {
    if (char === "(") depth += 1;
    if (char === ")") depth = Math.max(0, depth - 1);
    if (depth === 0 && (char === "," || char === " ")) {
      if (current.trim()) items.push(current.trim());
      current = "";
    } else current += char;
  }
  if (current.trim()) items.push(current.trim());
  return items;
}

const ENTRY = /^([A-Za-z_][\w-]*)(?:\((.*)\))?$/s;

/**
 * One Claude Code rule as ours: `Bash(npm test:*)` is Claude Code's prefix form, so it becomes
 * `run_command(npm test)` and `run_command(npm test *)` (the command alone or with arguments,
 * never `npm testing`); `Read(src/**)` → `read_file(src/**)`; `Bash` → `run_command`.
 */
export function ourRules(entry: string): string[] | { problem: string } {
  const match = ENTRY.exec(entry.trim());
  if (!match) return { problem: `${JSON.stringify(entry)} is not a tool rule like Bash(npm test:*) or Read` };
  const tool = ourToolName(match[1]!);
  const pattern = match[2];
  if (pattern === undefined || pattern === "" || pattern === "*") return [tool];
  if (tool === "run_command" && pattern.endsWith(":*")) {
    const prefix = pattern.slice(0, -2).trimEnd();
    return [`${tool}(${prefix})`, `${tool}(${prefix} *)`];
  }
  return [`${tool}(${pattern})`];
}

export interface ToolFlags {
  allowed?: string;
  disallowed?: string;
}

export interface ToolPolicy {
  rules: UserRules;
  /** Whole tools disallowed (no pattern): removed from what the model is offered. */
  removed: string[];
  problems: string[];
}

export function toolPolicy(flags: ToolFlags): ToolPolicy {
  const allow: string[] = [];
  const deny: string[] = [];
  const removed: string[] = [];
  const problems: string[] = [];
  for (const [flag, value, into] of [["--allowedTools", flags.allowed, allow], ["--disallowedTools", flags.disallowed, deny]] as const) {
    for (const entry of splitToolList(value ?? "")) {
      const rules = ourRules(entry);
      if ("problem" in rules) {
        problems.push(`${flag}: ${rules.problem}`);
        continue;
      }
      into.push(...rules);
      if (into === deny && rules.length === 1 && !rules[0]!.includes("(")) removed.push(rules[0]!);
    }
  }
  return { rules: { ...(allow.length ? { allow } : {}), ...(deny.length ? { deny } : {}) }, removed, problems };
}

/** `--tools Bash,Read`: the built-in tools to keep (undefined: all; `default` is all too). */
export function keptTools(value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === "default") return undefined;
  return splitToolList(value).map(ourToolName);
}

/** How an approval the rules ask for is answered under a permission mode. */
export type ApprovalRoute = "allow" | "deny" | "ask";

const EDIT_TOOLS = new Set(["write_file", "edit_file"]);

/**
 * default / auto: ask (through `can_use_tool` when --permission-prompt-tool stdio, else denied);
 * acceptEdits: file edits are allowed, the rest asked; bypassPermissions: allowed, as --yes
 * (our hard refusals still apply); dontAsk: denied; plan: the look-only variant, so asking is rare.
 */
export function routeApproval(mode: PermissionMode, tool: string): ApprovalRoute {
  if (mode === "bypassPermissions") return "allow";
  if (mode === "dontAsk") return "deny";
  if (mode === "acceptEdits" && EDIT_TOOLS.has(tool)) return "allow";
  return "ask";
}
