// What an "always" on a command covers. The rule: the person saw one command; a later one is
// covered only when it is the same thing. Options change what a program runs or where
// (`git -c core.fsmonitor=x`, `node -r ./x.js`, `git branch -D`), so a later command may use
// only options the person saw; operands are the thing's objects (`git add a.ts` → `git add
// b.ts`), except where an operand names what is fetched or run (a package, a host).
// Three kinds of scope, all plain `<words>` strings in `approval.decision.scope` (ADR 0058):
//   - the project's own test command (runner-forms.ts): `npm test`, `pytest`, `make test`;
//     any later form of it that stays the project's tests is covered;
//   - program + subcommand + the options used: `git commit -m`, `git branch`; covers the same
//     subcommand with any operands and a subset of those options;
//   - the exact line, for everything else: an option before the subcommand (`git --version`,
//     `npx -y x`), a program whose operand is a destination (`curl`, `ssh`), an install.
import { recogniseRunner, refusedRunnerOption, startsPassThrough } from "../rules/runner-forms.js";
import { quoteWord, scopedCommandWords } from "./scoped-line.js";

/** Programs whose every operand is a destination or code: only the exact line is the same thing. */
const EXACT_PROGRAMS = new Set([
  "curl", "wget", "ssh", "scp", "sftp", "rsync", "nc", "ncat", "netcat", "socat", "telnet", "ftp", "http", "https", "xh",
  "make",
]);

/** Subcommands whose operands name what is installed, fetched or run: exact line. */
const OPERAND_IS_THE_THING: Record<string, RegExp> = {
  npm: /^(install|i|add|ci|update|up|create|init|exec|x|publish)$/,
  pnpm: /^(install|i|add|update|up|create|dlx|exec|publish)$/,
  yarn: /^(install|add|up|upgrade|create|dlx|exec|publish)$/,
  bun: /^(install|i|add|update|create|x|publish)$/,
  pip: /^(install|download)$/, pip3: /^(install|download)$/, uv: /^(add|pip|run|tool)$/, pipx: /^(install|run)$/,
  cargo: /^(install|add|run)$/, go: /^(install|get|run)$/, gem: /^install$/, brew: /^install$/,
  docker: /^(run|pull|exec|create|build|push|login)$/, podman: /^(run|pull|exec|create|build|push|login)$/,
  git: /^(clone|fetch|pull|push|ls-remote|submodule)$/,
};

/** Subcommands with subcommands of their own: `git remote add` is not `git remote set-url`. */
const NESTED: Record<string, RegExp> = {
  git: /^(remote|stash|worktree|notes|reflog|bisect|sparse-checkout|lfs|maintenance|config)$/,
  docker: /^(container|image|volume|network|compose|system|builder|buildx|context|plugin|secret|service|stack|node|swarm|trust|manifest)$/,
  podman: /^(container|image|volume|network|compose|system|pod|secret|machine|manifest)$/,
  npm: /^(run|run-script|cache|config|pkg|team|token|access|owner|dist-tag|profile|hook)$/,
  pnpm: /^(run|store|config)$/, yarn: /^(run|cache|config|workspace)$/, bun: /^(run|pm)$/,
  gh: /./, kubectl: /./, aws: /./, gcloud: /./, az: /./,
};

const isOption = (word: string) => word.startsWith("-") && word !== "-";

/** The scope's words joined so that they read back as the same words; undefined if one cannot be. */
function join(words: readonly string[]): string | undefined {
  const quoted = words.map(quoteWord);
  return quoted.every((word) => word !== undefined) ? quoted.join(" ") : undefined;
}

/** A test runner's identity when every option keeps it the project's own tests and no word leaves the workspace. */
function runnerScope(words: readonly string[]): string | undefined {
  const [name, ...args] = words;
  const form = name ? recogniseRunner(name, args) : undefined;
  if (!form) return undefined;
  const own = args.slice(form.argsFrom);
  // Without the workspace's path here, any absolute, home or parent path is asked about.
  if (own.some((word) => /^[/~]|(^|[/=])\.\.(\/|$)|=[/~]/.test(word))) return undefined;
  const passAt = own.findIndex((word) => startsPassThrough(form.runner, word));
  const before = passAt < 0 ? own : own.slice(0, passAt);
  if (before.some((word) => refusedRunnerOption(form.runner, word) !== undefined)) return undefined;
  if (form.runner !== "make") return form.identity;
  // make's operands are targets, which are what runs (`make test` is not `make deploy`);
  // `VAR=value` overrides a variable, which can swap the compiler or shell.
  const targets = before.filter((word) => !isOption(word));
  if (targets.some((word) => word.includes("="))) return undefined;
  return join(["make", ...targets]);
}

interface SubcommandShape {
  /** Program, subcommand and (for nested ones) the sub-subcommand. */
  head: string[];
  /** The options used, each as written (`--prune=now`, `-D`), sorted, once each. */
  options: string[];
}

/** Program + subcommand + options, or undefined when only the exact line is the same thing. */
function subcommandShape(words: readonly string[]): SubcommandShape | undefined {
  const [program, sub] = words;
  if (!program || !sub || isOption(sub) || EXACT_PROGRAMS.has(program) || OPERAND_IS_THE_THING[program]?.test(sub)) return undefined;
  const head = [program, sub];
  let rest = words.slice(2);
  if (NESTED[program]?.test(sub)) {
    // An option before the sub-subcommand may take it as its value: exact line.
    const next = rest[0];
    if (next !== undefined && isOption(next)) {
      if (rest.some((word) => !isOption(word))) return undefined;
    } else if (next !== undefined) {
      head.push(next);
      rest = rest.slice(1);
    }
  }
  // `--` counts as an option too: not every program reads it as the end of options (npx).
  const options = rest.filter(isOption);
  return { head, options: [...new Set(options)].sort() };
}

/**
 * The scope "always" on this line remembers, or undefined (no "always" offered): lines with
 * anything but one command and harmless plumbing.
 * `npm test 2>&1 | tail -20` → "npm test"; `git branch feat` → "git branch";
 * `git branch -D old` → "git branch -D"; `git --version` → "git --version".
 */
export function commandScope(line: string): string | undefined {
  const words = scopedCommandWords(line);
  if (!words) return undefined;
  const runner = runnerScope(words);
  if (runner !== undefined) return runner;
  const shape = subcommandShape(words);
  return join(shape ? [...shape.head, ...shape.options] : words);
}

/** Whether a remembered command scope covers this line. */
export function commandCovered(pattern: string, line: string): boolean {
  const words = scopedCommandWords(line);
  if (!words) return false;
  if (runnerScope(words) === pattern) return true;
  const shape = subcommandShape(words);
  if (!shape) return join(words) === pattern;
  // The pattern must be a subcommand scope with this head and every option this line uses.
  const wanted = scopedCommandWords(pattern);
  if (!wanted || wanted.length < shape.head.length) return false;
  if (shape.head.some((word, index) => wanted[index] !== word)) return false;
  const allowed = wanted.slice(shape.head.length);
  return allowed.every(isOption) && shape.options.every((option) => allowed.includes(option));
}
