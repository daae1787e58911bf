// Classifies a shell command line as allow / confirm / deny. The line is parsed with a real
// bash parser into every simple command that may run; the call is allowed only if every
// part is known to be safe, denied if any part is dangerous, and confirmed otherwise.
// Anything the parser cannot see through is confirm at best, never allow.
import path from "node:path";
import type { PathContext } from "./command-paths.js";
import { pathScope } from "./command-paths.js";
import { classifySimpleCommand, type PartVerdict } from "./command-rules.js";
import { isCriticalFile } from "./critical-files.js";
import { parseCommandLine, type SimpleCommand } from "./shell-parse.js";
import { matchUserRules, type UserRules } from "./user-rules.js";
import type { Verdict } from "./verdict.js";

export interface CommandPolicyOptions {
  /** Absolute workspace root, for judging where writes land. */
  root: string;
  /** Commands really run in the bubblewrap sandbox: workspace-only writes need no question. */
  sandbox?: boolean;
  /** `permissions` from .agent.json; applied to each part. Built-in denials always win. */
  userRules?: UserRules;
}

export interface CommandVerdict extends Verdict {
  /** One line per part, "text → decision: reason", for the approval preview. */
  parts: string[];
}

const WRITE_REDIRECTS = new Set([">", ">>", ">|", "&>", "&>>", "<>"]);
const CHANGES_DIRECTORY = new Set(["cd", "pushd", "popd"]);

function redirectVerdicts(command: SimpleCommand, context: PathContext): PartVerdict[] {
  const verdicts: PartVerdict[] = [];
  for (const redirect of command.redirects) {
    const target = redirect.target;
    // `>&2` duplicates a descriptor; `>&file` (no digits) writes a file like `&>`.
    const writes = WRITE_REDIRECTS.has(redirect.op) || (redirect.op === ">&" && !/^(\d+|-)$/.test(target?.value ?? ""));
    if (!writes || !target) continue;
    const scope = pathScope(target, context);
    if (scope === "device") continue;
    if (scope === "outside") verdicts.push({ decision: "deny", reason: `writes ${target.value} outside the workspace` });
    else if (scope === "unknown") verdicts.push({ decision: "confirm", reason: "writes to a path known only at run time" });
    else verdicts.push({ decision: "confirm", reason: `writes ${target.value}`, writesInside: true, written: [target.value] });
  }
  return verdicts;
}

function userRuleVerdict(command: SimpleCommand, rules: UserRules | undefined): PartVerdict | undefined {
  if (!rules || command.name === "") return undefined;
  // A word known only at run time reads as "…" (which `*` matches), so a deny rule for
  // `curl *` still catches `curl "$URL"`; an allow rule needs every word literal.
  const literal = command.args.every((word) => word.literal) && !command.extraArgs;
  const words = [command.name, ...command.args.map((word) => (word.literal ? word.value : "…"))];
  const subject = (command.extraArgs ? [...words, "…"] : words).join(" "); // xargs adds words
  const match = matchUserRules(rules, "run_command", subject);
  if (match === "deny") return { decision: "deny", reason: "denied by a rule in your configuration" };
  if (match === "allow" && literal) return { decision: "allow", reason: "allowed by a rule in your configuration" };
  return undefined;
}

/**
 * A critical file (manifests, CI, agent config) or anything inside a `.git` directory: hooks
 * and config there run programs on the user's next git command, outside any sandbox, so a
 * sandboxed command may not write them unasked. Any `.git` component, in any case, as the
 * file tools refuse them.
 */
function writesCriticalFile(file: string, context: PathContext): boolean {
  if (pathScope({ value: file, literal: true, glob: false, unsafe: false, procSubst: false }, context) !== "inside") return false;
  const relative = path.posix.relative(context.root, path.posix.resolve(context.root, file));
  return isCriticalFile(relative) || relative.split("/").some((part) => part.toLowerCase() === ".git");
}

function describe(text: string, verdict: PartVerdict): string {
  return `${text} → ${verdict.decision}: ${verdict.reason}`;
}

export function classifyCommand(command: string, options: CommandPolicyOptions): CommandVerdict {
  const parsed = parseCommandLine(command);
  const root = path.resolve(options.root).split(path.sep).join("/");
  // `env -C dir cmd` changes directory for its command just as `cd dir; cmd` does.
  const movesAway = (part: SimpleCommand) => CHANGES_DIRECTORY.has(part.name) || part.via.includes("env -C");
  const context: PathContext = { root, cwdUncertain: parsed.commands.some(movesAway) };
  const parts: string[] = [];
  const verdicts: PartVerdict[] = [];
  let critical = false;

  for (const part of parsed.commands) {
    let verdict = classifySimpleCommand(part, context);
    const user = userRuleVerdict(part, options.userRules);
    // Deny beats allow, and the built-in denials hold even against a user's allow rule.
    if (user && verdict.decision !== "deny" && (user.decision === "deny" || verdict.decision === "confirm")) verdict = user;
    const all = [verdict, ...redirectVerdicts(part, context)];
    for (const item of all) {
      if (item.written?.some((file) => writesCriticalFile(file, context))) critical = true;
      verdicts.push(item);
      parts.push(describe(part.text || part.name, item));
    }
  }
  for (const opaque of parsed.opaque) {
    verdicts.push({ decision: "confirm", reason: opaque.reason });
    parts.push(describe(opaque.text, { decision: "confirm", reason: opaque.reason }));
  }

  const denied = verdicts.find((item) => item.decision === "deny");
  if (denied) return { decision: "deny", reason: denied.reason, parts };
  if (critical) return { decision: "confirm", reason: "writes a critical file: every change to it is confirmed", critical: true, parts };
  const blocking = verdicts.filter((item) => item.decision === "confirm" && !(options.sandbox && item.writesInside));
  if (verdicts.length === 0) return { decision: "confirm", reason: "nothing recognisable to run", parts };
  if (blocking.length > 0) return { decision: "confirm", reason: [...new Set(blocking.map((item) => item.reason))].join("; "), parts };
  const sandboxed = options.sandbox && verdicts.some((item) => item.writesInside);
  return { decision: "allow", reason: sandboxed ? "writes only inside the workspace, in the sandbox" : "every part only reads or runs tests", parts };
}
