// Classifies a shell command line as allow / confirm / deny. The line is parsed with a real
// bash parser into every simple command that may run; the call is allowed only if every
// part is known to be safe, denied if any part is dangerous, and confirmed otherwise.
// Anything the parser cannot see through is confirm at best, never allow.
import { existsSync } from "node:fs";
import path from "node:path";
import { createJail, type Jail } from "../../tools/jail/jail.js";
import { hardLinkCount } from "../../tools/jail/hard-links.js";
import { gitDirProblem } from "../../tools/jail/jail-git-dirs.js";
import { resolveSymlinks } from "../../tools/jail/jail-symlinks.js";
import type { PathContext } from "../shell/command-paths.js";
import { pathScope } from "../shell/command-paths.js";
import { classifySimpleCommand, type PartVerdict } from "./command-rules.js";
import { gitVerdict } from "./git-rules.js";
import { createPathOracle } from "../allowlist/path-oracle.js";
import { strictAllow } from "../allowlist/strict-allow.js";
import { testCommandVerdict } from "./test-runners.js";
import { isCriticalFile } from "./critical-files.js";
import { parseCommandLine, type SimpleCommand } from "../shell/shell-parse.js";
import type { ShellWord } from "../shell/shell-words.js";
import type { UserRules } from "./user-rules.js";
import { hiddenProgramProblem, userRuleVerdict, type RuleFormsContext } from "./user-command-rules.js";
import { commandPathVerdicts, withUserPathRules } from "./user-path-rules.js";
import { writtenWords } from "./file-writers.js";
import type { PathOracle } from "../allowlist/path-oracle.js";
import type { Verdict } from "./verdict.js";

export interface CommandPolicyOptions {
  /** Absolute workspace root, for judging where writes land. */
  root: string;
  /** Commands really run in the bubblewrap sandbox: workspace-only writes need no question. */
  sandbox?: boolean;
  /** `permissions` from .agent.json; applied to each part. Built-in denials always win. */
  userRules?: UserRules;
  /**
   * The session's jail (read roots, the agent's home and credential set); built from `root`
   * when absent. The allowlist resolves every path operand through it.
   */
  jail?: Jail;
  /** Why an absolute (resolved) write target is what a critical name links to (composition: sandbox/critical-links.ts). */
  criticalLink?(absolute: string): string | undefined;
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
    else if (hardLinked(target.value, context)) verdicts.push({ decision: "deny", reason: `${target.value} has more than one hard link: writing it changes every linked copy` });
    else verdicts.push({ decision: "confirm", reason: `writes ${target.value}`, writesInside: true, written: [target.value] });
  }
  return verdicts;
}

function hardLinked(file: string, context: PathContext): boolean {
  return (context.linkCount?.(path.posix.resolve(context.root, file)) ?? 0) > 1;
}

/**
 * A critical file (manifests, CI, agent config) or anything inside a `.git` directory: hooks
 * and config there run programs on the user's next git command, outside any sandbox, so a
 * sandboxed command may not write them unasked. Any `.git` component, in any case, as the
 * file tools refuse them.
 */
function writesCriticalFile(file: string, context: PathContext, criticalLink?: CommandPolicyOptions["criticalLink"]): boolean {
  if (pathScope({ value: file, literal: true, glob: false, unsafe: false, procSubst: false }, context) !== "inside") return false;
  const lexical = path.posix.resolve(context.root, file);
  const real = context.realPath?.(lexical) ?? lexical;
  // The name as written and where it leads (a link to a critical file, a critical link to a plain one).
  for (const absolute of new Set([lexical, real])) {
    const relative = path.posix.relative(context.root, absolute);
    if (relative.startsWith("..")) continue;
    if (isCriticalFile(relative) || relative.split("/").some((part) => part.toLowerCase() === ".git")) return true;
  }
  // A git dir under another name (a bare repository, a pointer's target) is a `.git` too.
  if (gitDirProblem(context.root, real) !== undefined) return true;
  return criticalLink?.(real) !== undefined;
}

function describe(text: string, verdict: PartVerdict): string {
  return `${text} → ${verdict.decision}: ${verdict.reason}`;
}

export function classifyCommand(command: string, options: CommandPolicyOptions): CommandVerdict {
  const verdict = classifyByRules(command, options);
  if (verdict.decision !== "allow") return verdict;
  // Allow needs both: no rule objects, and every node of the tree is in the harmless subset.
  const strict = strictCheck(command, options);
  if (strict.ok) return strict.readOnly ? { ...verdict, readOnly: true } : verdict;
  const reason = `not provably harmless: ${strict.reason}`;
  return { decision: "confirm", reason, parts: [...verdict.parts, `${command} → confirm: ${reason}`] };
}

function strictCheck(command: string, options: CommandPolicyOptions) {
  let jail = options.jail;
  if (!jail) {
    try {
      jail = createJail(options.root);
    } catch {
      return { ok: false as const, reason: `the workspace ${options.root} cannot be resolved` };
    }
  }
  const root = jail.root.split(path.sep).join("/");
  const context: PathContext = { root, cwdUncertain: false };
  const asCommand = (name: string, args: ShellWord[]): SimpleCommand =>
    ({ name, localProgram: false, args, assigns: [], redirects: [], pipedInput: false, extraArgs: false, via: [], text: "" });
  const forms: RuleFormsContext = { root };
  return strictAllow(command, {
    oracle: withUserPathRules(createPathOracle(jail), options.userRules, jail.root),
    sandbox: options.sandbox ?? false,
    vouched: (name, args) => {
      if (!args.every((word) => word.literal && !word.glob)) return false;
      const part = asCommand(name, args);
      return testCommandVerdict(part, context)?.allowed === true || userRuleVerdict(part, options.userRules, forms)?.decision === "allow";
    },
    gitAllowed: (args) => gitVerdict(asCommand("git", args)).decision === "allow",
  });
}

function classifyByRules(command: string, options: CommandPolicyOptions): CommandVerdict {
  const parsed = parseCommandLine(command);
  const root = path.resolve(options.root).split(path.sep).join("/");
  // `env -C dir cmd` changes directory for its command just as `cd dir; cmd` does.
  const movesAway = (part: SimpleCommand) => CHANGES_DIRECTORY.has(part.name) || part.via.includes("env -C");
  const context: PathContext = {
    root,
    cwdUncertain: parsed.commands.some(movesAway),
    exists: (relative) => existsSync(path.resolve(options.root, relative)),
    realPath: (absolute) => {
      try {
        return resolveSymlinks(absolute).split(path.sep).join("/");
      } catch {
        return absolute;
      }
    },
    linkCount: hardLinkCount,
  };
  const parts: string[] = [];
  const verdicts: PartVerdict[] = [];
  let critical = false;
  const forms: RuleFormsContext = { root, ...(options.userRules ? { expand: ruleExpander(options) } : {}) };

  for (const part of parsed.commands) {
    let verdict = classifySimpleCommand(part, context);
    const user = userRuleVerdict(part, options.userRules, forms);
    // Deny beats allow, and the built-in denials hold even against a user's allow rule; a
    // rule's doubt (an option that swaps the program, an unknowable subcommand) asks. What the
    // part writes stays known under the user's verdict: an allow rule for `cp *` must not make
    // `cp a package.json` stop asking (the gate keeps a critical file's question).
    const keepWritten = (next: typeof verdict) => (verdict.written ? { ...next, written: verdict.written } : next);
    if (user && verdict.decision !== "deny") {
      if (user.decision === "deny" || (user.decision === "confirm" && verdict.decision === "allow")) verdict = keepWritten(user);
      else if (user.decision === "allow" && verdict.decision === "confirm") verdict = keepWritten(user);
      else if (user.decision === "confirm" && verdict.decision === "confirm") verdict = { ...verdict, reason: `${verdict.reason}; ${user.reason}` };
    }
    const all = [verdict, ...redirectVerdicts(part, context)];
    const written = [...all.flatMap((item) => item.written ?? []), ...writtenWords(part).map((word) => word.value)];
    all.push(...commandPathVerdicts(part, written, context, options.userRules, forms.expand));
    for (const item of all) {
      // A guessed command start (wrapper options misread) may refuse, never allow or ask.
      if (part.speculative && item.decision !== "deny") continue;
      if (item.written?.some((file) => writesCriticalFile(file, context, options.criticalLink))) critical = true;
      verdicts.push(item);
      parts.push(describe(part.text || part.name, item));
    }
  }
  for (const opaque of parsed.opaque) {
    // A program hidden from the text (`$(echo rm) x`) cannot be checked against deny rules.
    const hidden = hiddenProgramProblem(options.userRules, opaque.reason);
    const item: PartVerdict = hidden ? { decision: "deny", reason: hidden } : { decision: "confirm", reason: opaque.reason };
    verdicts.push(item);
    parts.push(describe(opaque.text, item));
  }

  const denied = verdicts.find((item) => item.decision === "deny");
  if (denied) return { decision: "deny", reason: denied.reason, parts };
  if (critical) return { decision: "confirm", reason: "writes a critical file: every change to it is confirmed", critical: true, parts };
  const blocking = verdicts.filter((item) => item.decision === "confirm" && !(options.sandbox && item.writesInside));
  if (verdicts.length === 0) return { decision: "confirm", reason: "nothing recognisable to run", parts };
  if (blocking.length > 0) return { decision: "confirm", reason: [...new Set(blocking.map((item) => item.reason))].join("; "), parts };
  const sandboxed = options.sandbox && verdicts.some((item) => item.writesInside);
  // A rule-allowed part may do anything its program does: never reported as only reading.
  const reason = verdicts.some((item) => item.byRule) ? "allowed by a rule in your configuration"
    : sandboxed ? "in the sandbox: writes only inside the workspace, runs only the project's tests" : "every part only reads";
  return { decision: "allow", reason, parts };
}

/** Globs in operands expanded against the real tree, for rules that name files (`cat README*` is `cat README.md`). */
function ruleExpander(options: CommandPolicyOptions): (value: string) => string[] | undefined {
  let oracle: PathOracle | undefined;
  return (value) => {
    try {
      oracle ??= createPathOracle(options.jail ?? createJail(options.root));
      return oracle.expand(value, true);
    } catch {
      return undefined;
    }
  };
}
