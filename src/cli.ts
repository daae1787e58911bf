#!/usr/bin/env node
// argv → options, exit codes, mode selection; nothing else. Everything heavy (zod, the
// engine, provider SDKs) is imported lazily so `--version` and `--help` start instantly.
import { readFileSync } from "node:fs";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { buildCliOptions, EXIT, UsageError, type CliOptions } from "./cli-options.js";

const HELP = `mini-agent — a terminal coding agent

Usage:
  mini-agent -p "task"            run one turn headless and exit
  echo "task" | mini-agent -p     the task may come on stdin
  mini-agent undo [--to <turn>]   restore the workspace to before the last turn (undo --help)

Options:
  -p, --print                 headless mode: run the task, print the answer, exit
  -y, --yes                   approve calls that need confirmation (refusals still apply)
      --output-format <fmt>   text (default) | json | stream-json
  -c, --continue              resume the newest session of this workspace
  -r, --resume <id>           resume the session with this id
      --new                   start a new session (the default)
      --provider <name>       kimi | openai | anthropic | a preset or custom provider
      --model <name>          the model to use
      --thinking <level>      off | low | medium | high | max
      --max-rounds <n>        stop after n model requests in one turn (default 50)
      --sandbox               commands must run under bubblewrap (Linux); --yes uses it where it works
      --no-sandbox            run commands unconfined, even with --yes
  -v, --version               print the version
  -h, --help                  print this help

Environment:
  FAKE_LLM=1                  a scripted model: the credential-free demo
  FAKE_LLM=path/script.json   a scripted model from a file (see README)
  MINI_AGENT_HOME             where sessions and config live (default ~/.mini-agent)

Exit codes: 0 ok, 1 runtime or provider error, 2 usage or config error (also: the session
is in use), 130 interrupted (Ctrl-C), 143 terminated (SIGTERM), 129 hang-up, 141 stdout closed.
`;

const FLAGS = {
  print: { type: "boolean", short: "p" },
  yes: { type: "boolean", short: "y" },
  "output-format": { type: "string" },
  continue: { type: "boolean", short: "c" },
  resume: { type: "string", short: "r" },
  new: { type: "boolean" },
  provider: { type: "string" },
  model: { type: "string" },
  thinking: { type: "string" },
  "max-rounds": { type: "string" },
  sandbox: { type: "boolean" },
  "no-sandbox": { type: "boolean" },
  version: { type: "boolean", short: "v" },
  help: { type: "boolean", short: "h" },
} as const satisfies ParseArgsConfig["options"];

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
  return pkg.version;
}

function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: FLAGS, allowPositionals: true, strict: true });
  } catch (error) {
    // Node's messages name the flag ("Unknown option '--frob'"); keep them, add the way out.
    throw new UsageError(`${(error as Error).message}. Run mini-agent --help for the options.`);
  }
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) return "";
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function main(argv: string[]): Promise<number> {
  if (argv[0] === "undo") return (await import("./undo-command.js")).runUndo(argv.slice(1), (text) => process.stdout.write(text));
  const { values, positionals } = parse(argv);
  if (values.help) {
    process.stdout.write(HELP);
    return EXIT.ok;
  }
  if (values.version) {
    process.stdout.write(`${version()}\n`);
    return EXIT.ok;
  }
  let prompt = positionals.join(" ").trim();
  // A task that is only whitespace is a mistake, not a request to read stdin (which may never end).
  if (values.print && positionals.length > 0 && !prompt) {
    throw new UsageError('the task is empty (only whitespace); pass it as mini-agent -p "task" or on stdin');
  }
  if (values.print && !prompt) prompt = (await readStdin()).trim();
  const options: CliOptions = buildCliOptions(values, prompt);
  if (!values.print) {
    throw new UsageError('the interactive terminal UI is not part of this build yet; run a task headless with mini-agent -p "task"');
  }
  const { runPrint } = await import("./bootstrap.js");
  return runPrint(options, { version: version() });
}

main(process.argv.slice(2)).then(
  (code) => {
    // A closed stdout found while the run wound down has already set 141; keep it.
    if (process.exitCode !== EXIT.brokenPipe) process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`mini-agent: ${error.message}\n`);
      process.exitCode = error.exitCode;
      return;
    }
    process.stderr.write(`mini-agent: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = EXIT.runtime;
  },
);
