// Which command lines are the project's own test, check and build commands, and which runner
// options leave them that (filters, reporters) rather than pointing them at other code. Plain
// strings and no imports: the gate's "always" scopes read it too (always-scope.ts), and it
// must not pull the command policy into start-up (ADR 0027).

const PACKAGE_MANAGERS = new Set(["npm", "pnpm", "yarn", "bun"]);

/** package.json scripts that check or build the project, by the names projects give them (`lint:fix`, `build:prod` too). */
const PROJECT_SCRIPT = /^(test|lint|build|typecheck|type-check|check|format|fmt|compile)(:[\w:.-]+)?$/;
const CARGO_SUBCOMMANDS = new Set(["test", "build", "check", "clippy", "fmt", "doc", "bench"]);
const GO_SUBCOMMANDS = new Set(["test", "build", "vet"]);

export type Runner = "packageManager" | "go" | "cargo" | "pytest" | "make";

/**
 * Runner options (before any `--`) that only select, filter or change reporting, by name
 * without `=value`. Anything else asks. Arguments after `--` go to the project's test
 * framework, which we cannot know; only their paths are checked.
 */
const RUNNER_OPTIONS: Record<Runner, RegExp> = {
  packageManager: /^(-s|--silent|-q|--quiet|--if-present|-ws|--workspaces?|-w|--include-workspace-root|-r|--recursive|--parallel|--stream|--filter|-F|--reporter|-t|--test-name-pattern|--timeout|--bail|--only|--todo|--coverage|--rerun-each|-u|--update-snapshots)$/,
  go: /^-(v|o|run|skip|count|short|race|cover|covermode|coverpkg|timeout|bench|benchtime|benchmem|failfast|parallel|cpu|tags|list|shuffle|json|vet|p|mod|trimpath|fullpath|test\.[a-z]+)$/,
  cargo: /^(--lib|--bins?|--tests?|--doc|--examples?|--benches|--bench|--all-targets|--all|--workspace|-p|--package|--exclude|--release|-r|--profile|--features|-F|--all-features|--no-default-features|-q|--quiet|-v+|--verbose|--no-fail-fast|--no-run|-j|--jobs|--locked|--offline|--frozen|--color|--message-format|--check|--target)$/,
  // -p loads a plugin (any importable module), so it is not here.
  pytest: /^(-[qvxsl]+|-[kmrn].*|--(lf|ff|nf|sw|last-failed|failed-first|new-first|stepwise|co|collect-only|tb|maxfail|durations|no-header|disable-warnings|strict-markers|showlocals|exitfirst|verbose|quiet|capture|color))$/,
  // -f/-C/-I/--eval/-E pick another makefile, directory or code; -j's count is attached (-j4).
  make: /^(-[ksinqBw]+|-j\d*|--jobs(=\d+)?|--keep-going|--silent|--quiet|--dry-run|--just-print|--always-make|--print-directory|--no-print-directory|--question)$/,
};

export interface RunnerForm {
  runner: Runner;
  /** Index in the argument list where the runner's own arguments start. */
  argsFrom: number;
  /** What stays the same thing across runs: `npm test`, `npm run lint`, `cargo test`, `pytest`, `python3 -m pytest`, `make`. */
  identity: string;
}

/** Which runner a program and its (literal) arguments are, or undefined for no test command. */
export function recogniseRunner(name: string, args: readonly string[]): RunnerForm | undefined {
  const [first, second] = args;
  if (PACKAGE_MANAGERS.has(name)) {
    // `npm t` and `npm tst` are npm's own aliases of `npm test`.
    if (first === "test" || first === "t" || first === "tst") return { runner: "packageManager", argsFrom: 1, identity: `${name} test` };
    if ((first === "run" || first === "run-script") && second !== undefined && PROJECT_SCRIPT.test(second)) {
      // `npm run test` runs the same script as `npm test`.
      return { runner: "packageManager", argsFrom: 2, identity: second === "test" ? `${name} test` : `${name} run ${second}` };
    }
    return undefined;
  }
  if (name === "cargo" && first !== undefined && CARGO_SUBCOMMANDS.has(first)) return { runner: "cargo", argsFrom: 1, identity: `cargo ${first}` };
  if (name === "go" && first !== undefined && GO_SUBCOMMANDS.has(first)) return { runner: "go", argsFrom: 1, identity: `go ${first}` };
  if (name === "pytest") return { runner: "pytest", argsFrom: 0, identity: "pytest" };
  if ((name === "python" || name === "python3") && first === "-m" && second === "pytest") return { runner: "pytest", argsFrom: 2, identity: `${name} -m pytest` };
  if (name === "make") return { runner: "make", argsFrom: 0, identity: "make" };
  return undefined;
}

/** Whether a word starts the pass-through part (`--`, go's `-args`): what follows belongs to the test framework. */
export function startsPassThrough(runner: Runner, word: string): boolean {
  return word === "--" || (runner === "go" && /^--?args$/.test(word));
}

/** The option's name when the runner does not allow it, undefined when it does (or the word is no option). */
export function refusedRunnerOption(runner: Runner, word: string): string | undefined {
  if (!word.startsWith("-") || word === "-") return undefined;
  const option = runner === "go" ? word.replace(/^--/, "-").split("=", 1)[0]! : word.split("=", 1)[0]!;
  return RUNNER_OPTIONS[runner].test(option) ? undefined : option;
}
