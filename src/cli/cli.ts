#!/usr/bin/env node
// argv → options, exit codes, mode selection; nothing else. Everything heavy (zod, the
// engine, provider SDKs) is imported lazily so `--version` and `--help` start instantly.
import { readFileSync } from "node:fs";
import { isatty } from "node:tty";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { composeTask, HOW_TO_START, MAX_TASK_BYTES, startDirectory, stdinKind, taskSource, tooLargeTask } from "./cli-input.js";
import { exitWhenFlushed } from "./exit-when-flushed.js";
import { buildCliOptions, EXIT, SESSION_FLAGS, UsageError, type CliOptions } from "../config/cli-options.js";
import { ConfigError } from "../config/config-error.js";

const HELP = `mini-agent — a terminal coding agent

Usage:
  mini-agent                      open the interactive UI (offers earlier sessions)
  mini-agent "task"               open it with the task submitted
  mini-agent -p "task"            run one turn headless and exit
  echo "task" | mini-agent        the task may come on stdin (so may -p -)
  cat log | mini-agent -p "why?"  piped text is added to the task, after a blank line
  mini-agent undo [--to <turn>]   restore the workspace to before the last turn (undo --help)
  mini-agent sessions             list this workspace's sessions (see mini-agent sessions --help)
  mini-agent memory               list this workspace's notes; memory add|rm|clear (memory --help)
  mini-agent registry search|show|install|remove …   skills and guard plugins from a registry
  mini-agent acp                  serve the Agent Client Protocol on stdio, for editors (acp --help)
  mini-agent rpc                  the engine's protocol over stdio: JSON ops in, events out (rpc --help)

Options:
  -p, --print                 headless mode: run the task, print the answer, exit
  -y, --yes                   approve calls that need confirmation (refusals still apply)
      --output-format <fmt>   text (default) | json | stream-json (the session file's lines)
      --include-partial-messages  stream-json: also the deltas and output chunks as they arrive
  -c, --continue              resume the newest session of this workspace
  -r, --resume <id>           resume the session with this id
      --new                   start a new session (the default)
      --fork <id>             start a new session from a copy of session <id>'s finished turns
      --provider <name>       kimi | openai | anthropic | a preset or custom provider
      --model <name>          the model to use
      --thinking <level>      off | low | medium | high | max
      --max-rounds <n>        stop after n model requests in one turn (default 50)
      --sandbox               commands must run under bubblewrap (Linux); --yes uses it where it works
      --no-sandbox            run commands unconfined, even with --yes
      --agent <name>          default | plan | review (look only) | a variant from config
      --trust-project         run this project's hooks and MCP servers (recorded once per workspace)
      --input-format stream-json   speak the Claude Agent SDK's protocol on stdin/stdout (README)
  -v, --version               print the version
  -h, --help                  print this help

Environment:
  FAKE_LLM=1                  a scripted model: the credential-free demo
  FAKE_LLM=path/script.json   a scripted model from a file (see README)
  MINI_AGENT_HOME             where sessions and config live (default ~/.mini-agent)

Exit codes: 0 ok, 1 runtime or provider error, 2 usage or config error (also: the session
is in use), 3 stopped at --max-rounds (unfinished; continue with -c), 130 interrupted
(Ctrl-C), 143 terminated (SIGTERM), 129 hang-up, 141 stdout closed.
`;

const FLAGS = {
  print: { type: "boolean", short: "p" },
  yes: { type: "boolean", short: "y" },
  "output-format": { type: "string" },
  "include-partial-messages": { type: "boolean" },
  continue: { type: "boolean", short: "c" },
  resume: { type: "string", short: "r" },
  new: { type: "boolean" },
  fork: { type: "string" },
  ...SESSION_FLAGS,
  version: { type: "boolean", short: "v" },
  help: { type: "boolean", short: "h" },
} as const satisfies ParseArgsConfig["options"];

// Defined at build time in the bundle and the standalone binary; tsc's dist/cli/cli.js reads package.json.
declare const __MINI_AGENT_VERSION__: string | undefined;

function version(): string {
  if (typeof __MINI_AGENT_VERSION__ === "string") return __MINI_AGENT_VERSION__;
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
  return pkg.version;
}

function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: FLAGS, allowPositionals: true, strict: true });
  } catch (error) {
    // Node's messages name the flag ("Unknown option '--frob'"); keep them, add the way out.
    // Its unknown-option advice has unbalanced quotes ('-- "--frob"): said again, whole.
    const unknown = /^Unknown option '([^']+)'/.exec((error as Error).message)?.[1];
    if (unknown) {
      throw new UsageError(`unknown option '${unknown}'. Run mini-agent --help for the options; a task that starts with "-" goes after --, as in: mini-agent -- "${unknown}"`);
    }
    throw new UsageError(`${(error as Error).message}. Run mini-agent --help for the options.`);
  }
}

async function readStdin(hint: string): Promise<string> {
  // Nothing has arrived for a while: say what we are waiting for, instead of looking hung.
  const waiting = setTimeout(() => process.stderr.write(`mini-agent: ${hint}\n`), 3_000);
  waiting.unref();
  try {
    const chunks: Buffer[] = [];
    let bytes = 0;
    for await (const chunk of process.stdin) {
      clearTimeout(waiting);
      chunks.push(chunk as Buffer);
      bytes += (chunk as Buffer).length;
      // Stopped here, before the rest is held in memory: no prompt this large can be sent.
      if (bytes > MAX_TASK_BYTES) throw tooLargeTask("stdin");
    }
    return Buffer.concat(chunks).toString("utf8");
  } finally {
    clearTimeout(waiting);
  }
}

/** Set when a print run has finished: the process then exits once its output is flushed. */
let printRunEnded = false;

async function main(argv: string[]): Promise<number> {
  // Subcommands have their own flags and module; the agent's flags are parsed below.
  if (argv[0] === "sessions") {
    const { runSessionsCommand } = await import("./commands.js");
    return runSessionsCommand(argv.slice(1));
  }
  if (argv[0] === "memory") return (await import("./commands.js")).runMemoryCommand(argv.slice(1));
  if (argv[0] === "acp") {
    // An editor's agent server: the ACP library and its face load only here (ADR 0045).
    const { runAcp } = await import("../acp/run-acp.js");
    return runAcp(argv.slice(1), { version: version() });
  }
  if (argv[0] === "undo") return (await import("./commands.js")).runUndo(argv.slice(1), (text) => process.stdout.write(text), startDirectory("undo"));
  // The Claude Agent SDK starts Claude Code with `--input-format stream-json`: its protocol's face,
  // with its own options (src/claude-compat, ADR 0046).
  const inputFormat = argv.findIndex((arg) => arg === "--input-format" || arg.startsWith("--input-format="));
  if (inputFormat >= 0) {
    const value = argv[inputFormat]!.includes("=") ? argv[inputFormat]!.slice("--input-format=".length) : argv[inputFormat + 1];
    if (value !== "stream-json") throw new UsageError(`invalid value ${JSON.stringify(value ?? "")} for --input-format; expected stream-json (the Claude Agent SDK's protocol)`);
    const cwd = startDirectory();
    const { runClaudeStream } = await import("../claude-compat/run-claude-stream.js");
    return runClaudeStream(argv, { version: version(), cwd });
  }
  if (argv[0] === "rpc") {
    // The protocol over stdio (ADR 0039).
    return (await import("./commands.js")).runRpc(argv.slice(1), { version: version(), cwd: startDirectory("rpc") });
  }
  const { values, positionals } = parse(argv);
  if (values.help) {
    process.stdout.write(HELP);
    return EXIT.ok;
  }
  if (values.version) {
    process.stdout.write(`${version()}\n`);
    return EXIT.ok;
  }
  // `mini-agent registry …` is a subcommand (with -p, "registry" is just the task's first word).
  if (!values.print && positionals[0] === "registry") {
    const { runRegistry, terminalConfirm, stripTerminalControls } = await import("./commands.js");
    const confirm = terminalConfirm();
    return runRegistry(positionals.slice(1), { yes: values.yes ?? false }, {
      env: process.env,
      cwd: startDirectory("registry"),
      // An index and its entries come from a server: no control sequence of theirs reaches the terminal.
      stdout: (text) => process.stdout.write(stripTerminalControls(text)),
      stderr: (text) => process.stderr.write(stripTerminalControls(text)),
      ...(confirm ? { confirm } : {}),
    });
  }
  const cwd = startDirectory();
  // isatty, not process.stdin.isTTY: making process.stdin loads Node's stream and socket
  // modules (~5 ms), which a run whose task is in its arguments never reads.
  const stdin = stdinKind(isatty(0));
  // Without -p, a task piped in is still a headless run: there is no one at a terminal to ask.
  const headless = values.print === true || stdin !== "tty";
  const source = taskSource(positionals, stdin);
  if (!headless && source.kind !== "stdin") {
    // A person at a terminal: the TUI, with the task (if any) submitted. It is a chunk of its
    // own (pi-tui and its dependencies): print mode never loads it.
    const options = buildCliOptions(values, source.kind === "args" ? source.task : "", "interactive");
    const { runInteractive } = await import("../tui/launch.js");
    return runInteractive(options, { version: version(), cwd });
  }
  if (source.kind === "none") throw new UsageError(`no task given; ${HOW_TO_START}`);
  let prompt = "";
  if (source.kind === "args") prompt = source.task;
  else if (source.kind === "args+stdin") {
    prompt = composeTask(source.task, await readStdin("reading stdin to add to the task (it is still open; use </dev/null to send the task alone)"));
  } else if (source.kind === "stdin") {
    prompt = (await readStdin("waiting for the task on stdin (end it with Ctrl-D)")).trim();
  }
  if (!prompt) throw new UsageError(`no task given (stdin was empty); ${HOW_TO_START}`);
  if (Buffer.byteLength(prompt) > MAX_TASK_BYTES) throw tooLargeTask(source.kind === "args" ? "the arguments" : "the arguments and stdin");
  const options: CliOptions = buildCliOptions(values, prompt);
  const { runPrint } = await import("./commands.js");
  const code = await runPrint(options, { version: version(), cwd });
  printRunEnded = true;
  return code;
}

main(process.argv.slice(2)).then(
  (code) => {
    // A closed stdout found while the run wound down has already set 141; keep it.
    if (process.exitCode !== EXIT.brokenPipe) process.exitCode = code;
    if (printRunEnded) exitWhenFlushed();
  },
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof ConfigError) {
      process.stderr.write(`mini-agent: ${error.message}\n`);
      process.exitCode = error.exitCode;
      return;
    }
    process.stderr.write(`mini-agent: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = EXIT.runtime;
  },
);
