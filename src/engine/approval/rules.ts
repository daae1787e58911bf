// Pure rules: allow / confirm / deny for one validated tool call, before anyone is asked.
import type { Jail } from "../tools/jail.js";
import type { ToolKind } from "../tools/tool.js";
import { ToolError } from "../tools/tool.js";
import type { Verdict } from "./verdict.js";

export interface RuleContext {
  jail: Jail;
  /** Command policy; a `parts` list (one line per parsed part) becomes the preview detail. */
  classifyCommand(command: string): Verdict & { parts?: string[] };
  /** Files that always ask, even after "always allow" (package.json, CI configs, …). */
  isCriticalFile?(relativePosixPath: string): boolean;
  /** How many hard links a resolved file has (0 when missing): more than one always asks. */
  hardLinks?(absolutePath: string): number;
  /** User rules from config, e.g. `run_command(npm run lint:*)`; deny beats allow. */
  matchUserRules?(toolName: string, subject: string): "allow" | "deny" | undefined;
}

export interface RuleInput {
  name: string;
  kind: ToolKind;
  input: Record<string, unknown>;
}

/** The string a user rule's pattern is matched against: the command, or the path. */
export function ruleSubject(call: RuleInput): string {
  const value = call.kind === "command" ? call.input.command : call.input.path;
  return typeof value === "string" ? value : "";
}

function writeVerdict(call: RuleInput, context: RuleContext): Verdict {
  const target = call.input.path;
  if (typeof target !== "string") return { decision: "deny", reason: `${call.name} needs a path` };
  let resolved: string;
  try {
    resolved = context.jail.resolveWrite(target);
  } catch (error) {
    if (error instanceof ToolError) return { decision: "deny", reason: error.message };
    throw error;
  }
  const relative = context.jail.display(resolved);
  const links = context.hardLinks?.(resolved) ?? 0;
  if (links > 1) {
    const reason = `${relative} has ${links} hard links: the write replaces this name only, the other ${links - 1} keep the old content`;
    return { decision: "confirm", reason, critical: true };
  }
  if (context.isCriticalFile?.(relative)) {
    return { decision: "confirm", reason: `${relative} is a critical file: every change to it is confirmed`, critical: true };
  }
  return { decision: "confirm", reason: `${call.name} changes ${relative}` };
}

export function evaluateRules(call: RuleInput, context: RuleContext): Verdict {
  const base = baseVerdict(call, context);
  // Commands get user rules per parsed part inside the command policy, never for the whole line.
  if (base.decision === "deny" || call.kind === "command" || !context.matchUserRules) return base;
  const user = context.matchUserRules(call.name, ruleSubject(call));
  if (user === "deny") return { ...base, decision: "deny", reason: "denied by a rule in your configuration" };
  // A user allow rule never overrides a critical file: those always ask.
  if (user === "allow" && !base.critical) return { ...base, decision: "allow", reason: "allowed by a rule in your configuration" };
  return base;
}

function baseVerdict(call: RuleInput, context: RuleContext): Verdict {
  switch (call.kind) {
    case "read":
      return { decision: "allow", reason: `${call.name} only reads` };
    case "write":
      return writeVerdict(call, context);
    case "command": {
      const command = call.input.command;
      if (typeof command !== "string") return { decision: "deny", reason: "run_command needs a command string" };
      const { parts, ...verdict } = context.classifyCommand(command);
      return parts && parts.length > 0 ? { ...verdict, detail: parts } : verdict;
    }
  }
}
