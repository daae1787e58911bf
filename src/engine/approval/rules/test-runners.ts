// The project's own test, check and build commands: `npm test`, `npm run lint`, `npm run build`,
// `make`, `go test ./...`, `go vet`, `cargo build`, `pytest`, `python -m pytest`. They run the
// project's code by design, so they run unasked inside the sandbox (and ask outside it: the
// code is the repository's, command-rules.ts), where what they can reach is the workspace,
// the allowed hosts and nothing of the user's credentials; but an option can point the runner at
// another program (`go test -exec`, `npm test --script-shell`, `cargo test --config` with a
// runner), another project (`npm test --prefix`, `cd /tmp/x && npm test`) or a path outside
// the workspace that it writes or wipes (`pytest --basetemp=~`, vitest's
// `--coverage.reportsDirectory=/`). Those are no longer "the project's tests", so they ask.
import { pathScope, type PathContext } from "../shell/command-paths.js";
import type { SimpleCommand } from "../shell/shell-parse.js";
import type { ShellWord } from "../shell/shell-words.js";

export interface TestCommandVerdict {
  allowed: boolean;
  reason: string;
}

const PACKAGE_MANAGERS = new Set(["npm", "pnpm", "yarn", "bun"]);

/** package.json scripts that check or build the project, by the names projects give them (`lint:fix`, `build:prod` too). */
const PROJECT_SCRIPT = /^(test|lint|build|typecheck|type-check|check|format|fmt|compile)(:[\w:.-]+)?$/;
const CARGO_SUBCOMMANDS = new Set(["test", "build", "check", "clippy", "fmt", "doc", "bench"]);
const GO_SUBCOMMANDS = new Set(["test", "build", "vet"]);

/**
 * Runner options (before any `--`) that only select, filter or change reporting, by name
 * without `=value`. Anything else asks. Arguments after `--` go to the project's test
 * framework, which we cannot know; only their paths are checked.
 */
const RUNNER_OPTIONS: Record<string, RegExp> = {
  packageManager: /^(-s|--silent|-q|--quiet|--if-present|-ws|--workspaces?|-w|--include-workspace-root|-r|--recursive|--parallel|--stream|--filter|-F|--reporter|-t|--test-name-pattern|--timeout|--bail|--only|--todo|--coverage|--rerun-each|-u|--update-snapshots)$/,
  go: /^-(v|o|run|skip|count|short|race|cover|covermode|coverpkg|timeout|bench|benchtime|benchmem|failfast|parallel|cpu|tags|list|shuffle|json|vet|p|mod|trimpath|fullpath|test\.[a-z]+)$/,
  cargo: /^(--lib|--bins?|--tests?|--doc|--examples?|--benches|--bench|--all-targets|--all|--workspace|-p|--package|--exclude|--release|-r|--profile|--features|-F|--all-features|--no-default-features|-q|--quiet|-v+|--verbose|--no-fail-fast|--no-run|-j|--jobs|--locked|--offline|--frozen|--color|--message-format|--check|--target)$/,
  // -p loads a plugin (any importable module), so it is not here.
  pytest: /^(-[qvxsl]+|-[kmrn].*|--(lf|ff|nf|sw|last-failed|failed-first|new-first|stepwise|co|collect-only|tb|maxfail|durations|no-header|disable-warnings|strict-markers|showlocals|exitfirst|verbose|quiet|capture|color))$/,
  // -f/-C/-I/--eval/-E pick another makefile, directory or code; -j's count is attached (-j4).
  make: /^(-[ksinqBw]+|-j\d*|--jobs(=\d+)?|--keep-going|--silent|--quiet|--dry-run|--just-print|--always-make|--print-directory|--no-print-directory|--question)$/,
};

/** Which runner this is and where its own arguments start, or undefined for no test command. */
function recognise(command: SimpleCommand): { runner: string; args: ShellWord[] } | undefined {
  const values = command.args.map((word) => (word.literal ? word.value : ""));
  const [first, second] = values;
  if (PACKAGE_MANAGERS.has(command.name)) {
    if (first === "test" || first === "t" || first === "tst") return { runner: "packageManager", args: command.args.slice(1) };
    if ((first === "run" || first === "run-script") && second !== undefined && PROJECT_SCRIPT.test(second)) {
      return { runner: "packageManager", args: command.args.slice(2) };
    }
    return undefined;
  }
  if (command.name === "cargo" && first !== undefined && CARGO_SUBCOMMANDS.has(first)) return { runner: "cargo", args: command.args.slice(1) };
  if (command.name === "go" && first !== undefined && GO_SUBCOMMANDS.has(first)) return { runner: "go", args: command.args.slice(1) };
  if (command.name === "pytest") return { runner: "pytest", args: command.args };
  if ((command.name === "python" || command.name === "python3") && first === "-m" && second === "pytest") return { runner: "pytest", args: command.args.slice(2) };
  if (command.name === "make") return { runner: "make", args: command.args };
  return undefined;
}

/** A word, or the value of `--flag=value`, that names a path outside the workspace. */
function pointsOutside(word: ShellWord, context: PathContext): boolean {
  const value = /^-[\w.-]*=/.test(word.value) ? word.value.slice(word.value.indexOf("=") + 1) : word.value;
  if (!/^[/~]|(^|\/)\.\.(\/|$)/.test(value)) return false;
  return pathScope({ ...word, value }, { ...context, cwdUncertain: false }) === "outside";
}

/** undefined when the command is not a test command at all. */
export function testCommandVerdict(command: SimpleCommand, context: PathContext): TestCommandVerdict | undefined {
  const found = recognise(command);
  if (!found) return undefined;
  const name = command.name;
  if (!command.args.every((word) => word.literal && !word.unsafe && !word.glob)) {
    return { allowed: false, reason: "test command with arguments known only at run time" };
  }
  if (context.cwdUncertain) return { allowed: false, reason: `${name} runs the tests of a directory known only at run time (after cd)` };
  const allowedOption = RUNNER_OPTIONS[found.runner]!;
  let passThrough = false;
  for (const word of found.args) {
    if (pointsOutside(word, context)) return { allowed: false, reason: `${name} test with a path outside the workspace (${word.value})` };
    if (passThrough) continue;
    // After `--` (or go's -args) the words belong to the test framework or test binary.
    if (word.value === "--" || (found.runner === "go" && /^--?args$/.test(word.value))) {
      passThrough = true;
      continue;
    }
    if (!word.value.startsWith("-") || word.value === "-") continue;
    const option = found.runner === "go" ? word.value.replace(/^--/, "-").split("=", 1)[0]! : word.value.split("=", 1)[0]!;
    if (!allowedOption.test(option)) return { allowed: false, reason: `${name} test with ${option}, which can run other programs or change where it works` };
  }
  return { allowed: true, reason: `${name} runs the project's own ${found.runner === "make" ? "makefile" : "commands"}` };
}
