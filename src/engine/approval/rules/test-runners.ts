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
import { recogniseRunner, refusedRunnerOption, startsPassThrough } from "./runner-forms.js";

export interface TestCommandVerdict {
  allowed: boolean;
  reason: string;
}

/** A word, or the value of `--flag=value`, that names a path outside the workspace. */
function pointsOutside(word: ShellWord, context: PathContext): boolean {
  const value = /^-[\w.-]*=/.test(word.value) ? word.value.slice(word.value.indexOf("=") + 1) : word.value;
  if (!/^[/~]|(^|\/)\.\.(\/|$)/.test(value)) return false;
  return pathScope({ ...word, value }, { ...context, cwdUncertain: false }) === "outside";
}

/** undefined when the command is not a test command at all. */
export function testCommandVerdict(command: SimpleCommand, context: PathContext): TestCommandVerdict | undefined {
  const found = recogniseRunner(command.name, command.args.map((word) => (word.literal ? word.value : "")));
  if (!found) return undefined;
  const name = command.name;
  if (!command.args.every((word) => word.literal && !word.unsafe && !word.glob)) {
    return { allowed: false, reason: "test command with arguments known only at run time" };
  }
  if (context.cwdUncertain) return { allowed: false, reason: `${name} runs the tests of a directory known only at run time (after cd)` };
  let passThrough = false;
  for (const word of command.args.slice(found.argsFrom)) {
    if (pointsOutside(word, context)) return { allowed: false, reason: `${name} test with a path outside the workspace (${word.value})` };
    if (passThrough) continue;
    // After `--` (or go's -args) the words belong to the test framework or test binary.
    if (startsPassThrough(found.runner, word.value)) {
      passThrough = true;
      continue;
    }
    const option = refusedRunnerOption(found.runner, word.value);
    if (option !== undefined) return { allowed: false, reason: `${name} test with ${option}, which can run other programs or change where it works` };
  }
  return { allowed: true, reason: `${name} runs the project's own ${found.runner === "make" ? "makefile" : "commands"}` };
}
