// `mini-agent rpc`'s flags: the session and model choices of the agent's own flags, minus the
// ones about a task and its printing (the task comes as ops on stdin, the output is events).
import { parseArgs, type ParseArgsConfig } from "node:util";
import { buildCliOptions, SESSION_FLAGS, UsageError, type CliOptions } from "../config/cli-options.js";

export const RPC_HELP = `mini-agent rpc — the engine's protocol over stdio (docs/protocol.md)

Usage:
  mini-agent rpc [options]

stdin: one JSON op per line, e.g. {"id":"1","op":"submit","text":"hi"}
stdout: one JSON event per line and nothing else; each op is answered by an
        {"type":"op.result","id":"1","ok":true,…} event. Diagnostics go to stderr.
Approvals arrive as approval.request events and wait for {"op":"answerApproval",…}
(unless --yes). EOF on stdin: the work queued so far finishes, requests nobody can
answer any more are denied, then the session closes (exit 0). {"op":"shutdown"} stops
at once (exit 0).

Options:
  -y, --yes                   approve calls that need confirmation (refusals still apply)
  -c, --continue              resume the newest session of this workspace
  -r, --resume <id>           resume the session with this id
      --new                   start a new session (the default)
      --fork <id>             start a new session from a copy of session <id>'s finished turns
      --provider <name>       the provider or preset
      --model <name>          the model to use
      --thinking <level>      off | low | medium | high | max
      --max-rounds <n>        stop a turn after n model requests (default 50)
      --sandbox | --no-sandbox
      --agent <name>          default | plan | review | a variant from config
      --trust-project         run this project's hooks and MCP servers
  -h, --help                  print this help
`;

const FLAGS = {
  yes: { type: "boolean", short: "y" },
  continue: { type: "boolean", short: "c" },
  resume: { type: "string", short: "r" },
  new: { type: "boolean" },
  fork: { type: "string" },
  ...SESSION_FLAGS,
  help: { type: "boolean", short: "h" },
} as const satisfies ParseArgsConfig["options"];

/** The options for openEngine, or `help` when asked; a wrong flag is a UsageError naming it. */
export function parseRpcFlags(argv: string[]): CliOptions | "help" {
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof FLAGS; allowPositionals: true; strict: true }>>["values"];
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: argv, options: FLAGS, allowPositionals: true, strict: true }));
  } catch (error) {
    throw new UsageError(`rpc: ${(error as Error).message}. Run mini-agent rpc --help for its options.`);
  }
  if (values.help) return "help";
  if (positionals.length > 0) {
    throw new UsageError(`rpc takes no task argument (got ${JSON.stringify(positionals[0])}); send it as {"id":"1","op":"submit","text":"…"} on stdin`);
  }
  return buildCliOptions(values, "", "interactive");
}
