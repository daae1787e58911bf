// A user's run_command rules meet one simple command in every form it could be written in,
// so a deny rule holds however the model spells the command: the program as written
// (`./deploy.sh`, `/usr/bin/curl`) and path-stripped (`deploy.sh`, `curl`); the script an
// interpreter runs (`bash deploy.sh`, `. ./deploy.sh`); the canonical subcommand (`git -c x=y
// commit` is `git commit`, `npm i` is `npm install`: canonical-command.ts); and the path
// operands normalised (`cat ./README.md`, `cat README*`, `cat < README.md`). An allow rule is
// held to the forms that are surely the same command, and never covers an option that swaps
// what runs, a variable that does, or a word known only at run time.
import path from "node:path";
import { positionals } from "../shell/command-paths.js";
import { SYSTEM_DIRS } from "../shell/command-unwrap.js";
import { readShellLaunch, SHELLS } from "../shell/shell-launch.js";
import type { SimpleCommand } from "../shell/shell-parse.js";
import type { ShellWord } from "../shell/shell-words.js";
import { canonicalForms } from "./canonical-command.js";
import type { PartVerdict } from "./command-rules.js";
import { deniedPrograms, matchCommandForms, type UserRules } from "./user-rules.js";

export interface RuleFormsContext {
  /** Absolute workspace root (POSIX form). */
  root: string;
  /** The words a glob operand becomes against the real tree; undefined when not knowable. */
  expand?(value: string): string[] | undefined;
}

/** Programs that run the file named by their first operand. */
const SCRIPT_RUNNERS = new Set([...SHELLS, "source", "."]);
/** Variables that change which program runs or what it loads (command-rules.ts keeps the full list for the allowlist). */
const SWAPPING_VARIABLE = /^(PATH|IFS|ENV|BASH_ENV|BASH_.*|SHELLOPTS|LD_.*|DYLD_.*|GIT_.*|NODE_OPTIONS|NODE_PATH|PYTHON.*|PERL5.*|RUBY.*|NPM_CONFIG_.*|MAKEFLAGS|SHELL)$/i;

const shown = (word: ShellWord) => (word.literal ? word.value : "…");

/** The names a program or script path goes by: as written, its file name, and (for a path) where it lands. */
function namesOf(value: string, root: string, isPath: boolean): string[] {
  const names = new Set([value]);
  const slash = value.lastIndexOf("/");
  if (slash >= 0) names.add(value.slice(slash + 1));
  if (slash >= 0 || isPath) {
    const absolute = path.posix.resolve(root, value);
    names.add(absolute);
    const relative = path.posix.relative(root, absolute);
    if (relative !== "" && !relative.startsWith("..") && !path.posix.isAbsolute(relative)) {
      names.add(relative);
      names.add(`./${relative}`);
    }
  }
  return [...names];
}

/** A path operand as a rule names it: `./a` is `a`, a workspace path absolute or relative alike, a glob what it matches. */
function normalisedOperands(word: ShellWord, context: RuleFormsContext): string[] {
  if (!word.literal) return ["…"];
  const values = word.glob ? (context.expand?.(word.value) ?? [word.value]) : [word.value];
  return values.map((value) => {
    if (!value.startsWith("./") && !value.startsWith("/") && !value.includes("/./") && !value.includes("//")) return value;
    if (/^[a-z][\w+.-]*:\/\//i.test(value)) return value;
    const relative = path.posix.relative(context.root, path.posix.resolve(context.root, value));
    return relative === "" ? "." : relative.startsWith("..") ? path.posix.normalize(value) : relative;
  });
}

/** Every form of the command a deny rule is tried against, and the ones an allow rule may match. */
export function commandForms(command: SimpleCommand, context: RuleFormsContext): { deny: string[]; allow: string[]; swap?: string; certain: boolean; names: string[] } {
  const raw = command.args.map(shown);
  const tail = command.extraArgs ? ["…"] : []; // xargs adds words
  const spelled = command.spelled ?? command.name;
  // `curl` and `/usr/bin/curl` are one program (the unwrapper judges them alike), so a rule may name either.
  const names = [...namesOf(spelled, context.root, false), ...(command.localProgram ? [] : [...SYSTEM_DIRS].map((dir) => `${dir}/${command.name}`))];
  const deny = new Set<string>();
  const allow = new Set<string>();
  const join = (...parts: string[][]) => parts.flat().join(" ");
  for (const name of names) deny.add(join([name], raw, tail));
  allow.add(join([spelled], raw, tail));
  if (!command.localProgram) allow.add(join([command.name], raw, tail));

  const canonical = canonicalForms(command.name, command.args);
  if (canonical) {
    for (const form of canonical.forms) {
      for (const name of names) deny.add(join([name], form.slice(1), tail));
      if (canonical.certain && !command.localProgram) allow.add(join(form, tail));
    }
  } else {
    // Operands as paths: `cat ./README.md`, `cat README*`, `cat < README.md`, each operand alone too.
    const reads = command.redirects.filter((redirect) => redirect.op === "<" && redirect.target).map((redirect) => redirect.target!);
    const normalised = [...command.args, ...reads].flatMap((word) => (word.literal && word.value.startsWith("-") ? [word.value] : normalisedOperands(word, context)));
    const operands = [...positionals(command.args), ...reads].flatMap((word) => normalisedOperands(word, context));
    for (const name of names) {
      deny.add(join([name], normalised, tail));
      for (const operand of operands) deny.add(join([name, operand]));
    }
  }

  // `bash deploy.sh`, `sh -e ./deploy.sh x`, `. deploy.sh`: judged as the script they run.
  if (!command.localProgram && SCRIPT_RUNNERS.has(command.name)) {
    const operands = SHELLS.has(command.name) ? readShellLaunch(command.name, command.args).operands : positionals(command.args);
    const [script, ...rest] = operands;
    if (script?.literal) {
      for (const name of namesOf(script.value, context.root, true)) deny.add(join([name], rest.map(shown), tail));
    }
  }
  return { deny: [...deny], allow: [...allow], certain: canonical?.certain ?? true, names, ...(canonical?.swap ? { swap: canonical.swap } : {}) };
}

export function userRuleVerdict(command: SimpleCommand, rules: UserRules | undefined, context: RuleFormsContext): PartVerdict | undefined {
  if (!rules || command.name === "") return undefined;
  const forms = commandForms(command, context);
  const match = matchCommandForms(rules, forms.deny, forms.allow);
  if (match === "deny") return { decision: "deny", reason: "denied by a rule in your configuration" };
  const programs = deniedPrograms(rules);
  if (!forms.certain && forms.names.some((name) => programs.includes(name))) {
    return { decision: "confirm", reason: `which ${command.name} subcommand runs is not known for sure, and a rule in your configuration denies some` };
  }
  if (match !== "allow") return undefined;
  // An allow rule covers the command it names, not one an option or variable turns into another.
  if (forms.swap) return { decision: "confirm", reason: `${command.name} ${forms.swap} changes what runs: no allow rule covers it` };
  const swapping = command.assigns.find((name) => SWAPPING_VARIABLE.test(name));
  if (swapping) return { decision: "confirm", reason: `sets ${swapping}, which changes what runs: no allow rule covers it` };
  const literal = command.args.every((word) => word.literal) && !command.extraArgs;
  return literal ? { decision: "allow", reason: "allowed by a rule in your configuration", byRule: true } : undefined;
}

/** Why a command whose program is hidden from the text is refused while deny rules name programs; undefined otherwise. */
export function hiddenProgramProblem(rules: UserRules | undefined, reason: string): string | undefined {
  if (deniedPrograms(rules).length === 0) return undefined;
  if (!/computed at run time|expanded at run time|known only at run time|is a glob pattern/.test(reason)) return undefined;
  return `${reason}, and rules in your configuration deny programs by name: refused, since which program runs cannot be checked`;
}
