// Pure rules: allow / confirm / deny for one validated tool call, before anyone is asked.
// A call is judged by the subject its tool declares (paths, command, URL), never by reading
// `input.path` or `input.command` by name.
import path from "node:path";
import type { Jail } from "../../tools/jail/jail.js";
import type { ToolKind, ToolSubject } from "../../tools/tool.js";
import { ToolError } from "../../tools/tool.js";
import type { Verdict } from "./verdict.js";

/** What the rules read to judge a call of any kind but a command. */
export interface RuleContext {
  jail: Jail;
  /** Files that always ask, even after "always allow" (package.json, CI configs, …). */
  isCriticalFile?(relativePosixPath: string): boolean;
  /** Why a resolved write target is what a critical name shows through a symlink, or undefined. */
  criticalLink?(absolutePath: string): string | undefined;
  /** How many hard links a resolved file has (0 when missing): more than one always asks. */
  hardLinks?(absolutePath: string): number;
  /** User rules from config, e.g. `run_command(npm run lint:*)`; deny beats allow. */
  matchUserRules?(toolName: string, subject: string): "allow" | "deny" | undefined;
  /** The user's file rules across tools (`write_file(x/**)` also stops edit_file): a deny, an ask, or nothing. */
  pathRules?(call: RuleInput): Verdict | undefined;
}

/** The command policy's judgement of one command line; a `parts` list (one line per parsed part) becomes the preview detail. */
export type CommandClassifier = (command: string) => Verdict & { parts?: string[] };

/**
 * The rules with the command policy. The policy loads with the first command call (ADR 0027);
 * the composition root builds this context only from the loaded policy, and a command call is
 * judged only with this context (the overloads below), so no command meets an unloaded policy.
 */
export interface CommandRules extends RuleContext {
  classifyCommand: CommandClassifier;
}

export interface RuleInput {
  name: string;
  kind: ToolKind;
  /** What the tool says the call is about (`tool.subject(input)`); `{}` when it declares nothing. */
  subject: ToolSubject;
}

/** A call that needs no command policy: anything but a command. */
export type NonCommandInput = RuleInput & { kind: Exclude<ToolKind, "command"> };

/** The string a user rule's pattern is matched against: the command, the first path, or the URL. */
export function ruleSubject(call: RuleInput): string {
  const { subject } = call;
  return (call.kind === "command" ? subject.command : (subject.paths?.[0] ?? subject.url)) ?? "";
}

/** Workspace-relative display paths of a write's targets, or the jail's refusal. */
export function writeTargets(paths: readonly string[], jail: Jail): { relative: string[]; absolute: string[] } | { refused: string } {
  const relative: string[] = [];
  const absolute: string[] = [];
  for (const target of paths) {
    try {
      const resolved = jail.resolveWrite(target);
      absolute.push(resolved);
      relative.push(jail.display(resolved));
    } catch (error) {
      if (error instanceof ToolError) return { refused: error.message };
      throw error;
    }
  }
  return { relative, absolute };
}

function writeVerdict(call: RuleInput, context: RuleContext): Verdict {
  const paths = call.subject.paths ?? [];
  if (paths.length === 0) return { decision: "deny", reason: `${call.name} declares no path it writes` };
  const targets = writeTargets(paths, context.jail);
  if ("refused" in targets) return { decision: "deny", reason: targets.refused };
  // The name as given and where it leads: a critical name that is a link to a plain file, and a
  // plain name that is a link to a critical file, are both critical.
  const given = paths.map((target) => context.jail.display(path.resolve(context.jail.root, target)));
  const critical = [...targets.relative, ...given].find((relative) => context.isCriticalFile?.(relative));
  if (critical !== undefined) {
    return { decision: "confirm", reason: `${critical} is a critical file: every change to it is confirmed`, critical: true };
  }
  // And a plain file some critical name links to (`.github/workflows/ci.yml` → `docs/ci.yml`).
  for (const [index, absolute] of targets.absolute.entries()) {
    const link = context.criticalLink?.(absolute);
    if (link) return { decision: "confirm", reason: `${targets.relative[index]} is critical: ${link}; every change to it is confirmed`, critical: true };
  }
  const links = targets.absolute.map((absolute) => context.hardLinks?.(absolute) ?? 0);
  const linked = links.findIndex((count) => count > 1);
  if (linked >= 0) {
    const count = links[linked]!;
    const reason = `${targets.relative[linked]} has ${count} hard links: the write replaces this name only, the other ${count - 1} keep the old content`;
    return { decision: "confirm", reason, critical: true };
  }
  return { decision: "confirm", reason: `${call.name} changes ${targets.relative.join(", ")}` };
}

export function evaluateRules(call: RuleInput, context: CommandRules): Verdict;
export function evaluateRules(call: NonCommandInput, context: RuleContext): Verdict;
export function evaluateRules(call: RuleInput, context: RuleContext): Verdict {
  const base = baseVerdict(call, context);
  // Commands get user rules per parsed part inside the command policy, never for the whole line.
  if (base.decision === "deny" || call.kind === "command" || !context.matchUserRules) return base;
  const user = context.matchUserRules(call.name, ruleSubject(call));
  if (user === "deny") return { ...base, decision: "deny", reason: "denied by a rule in your configuration" };
  const byPath = context.pathRules?.(call);
  if (byPath) return { ...base, ...byPath };
  // A user allow rule never overrides a critical file: those always ask.
  if (user === "allow" && !base.critical) return { ...base, decision: "allow", reason: "allowed by a rule in your configuration" };
  return base;
}

/**
 * A call that changes no file: a reading tool, or a command the rules allow because the
 * allowlist proved it read-only (Verdict.readOnly). It needs no checkpoint (ADR 0022).
 */
export function changesNoFile(call: RuleInput, context: CommandRules): boolean;
export function changesNoFile(call: NonCommandInput, context: RuleContext): boolean;
export function changesNoFile(call: RuleInput, context: RuleContext): boolean {
  if (call.kind === "read") return true;
  if (call.kind !== "command") return false;
  const verdict = baseVerdict(call, context);
  return verdict.decision === "allow" && verdict.readOnly === true;
}

function baseVerdict(call: RuleInput, context: RuleContext): Verdict {
  switch (call.kind) {
    case "read":
      // A URL is a channel out: its path and query can carry whatever the session has read
      // (a prompt-injected model's favourite exfiltration), so each host is asked once.
      if (call.subject.url !== undefined) {
        return { decision: "confirm", reason: `${call.name} sends a request to ${urlHost(call.subject.url)}: the address itself can carry data out` };
      }
      return { decision: "allow", reason: `${call.name} only reads` };
    case "write":
      return writeVerdict(call, context);
    case "external":
      return { decision: "confirm", reason: `${call.name} acts on another system` };
    case "command": {
      const command = call.subject.command;
      if (typeof command !== "string") return { decision: "deny", reason: `${call.name} declares no command it runs` };
      // The overloads let a command call in only with CommandRules.
      const { parts, ...verdict } = (context as CommandRules).classifyCommand(command);
      return parts && parts.length > 0 ? { ...verdict, detail: parts } : verdict;
    }
  }
}

/** The host an "always" for a URL covers (`example.com:8080`); the text itself when it is no URL. */
export function urlHost(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}
