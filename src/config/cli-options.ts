// Validated command-line options. Kept free of heavy imports: cli.ts loads it on every start.
import type { UserRules } from "../engine/index.js";
import { isName, THINKING_LEVELS } from "../engine/protocol/field-values.js";
import type { ScopedMcpServer } from "../engine/index.js";

/** The flags that shape a session, shared by the CLI, `rpc` and `acp` (node:util parseArgs options). */
export const SESSION_FLAGS = {
  provider: { type: "string" },
  model: { type: "string" },
  thinking: { type: "string" },
  "max-rounds": { type: "string" },
  sandbox: { type: "boolean" },
  "no-sandbox": { type: "boolean" },
  agent: { type: "string" },
  "trust-project": { type: "boolean" },
} as const;
/**
 * 3: the turn hit --max-rounds before the model finished (docs/adr/0008-max-rounds-exit-code.md).
 * 128 + signal number for interruptions, as shells report them (SIGHUP 1, SIGINT 2, SIGPIPE 13, SIGTERM 15).
 */
export const EXIT = { ok: 0, runtime: 1, usage: 2, maxRounds: 3, hangup: 129, interrupted: 130, brokenPipe: 141, terminated: 143 } as const;

/** A usage or configuration problem: the message names the flag, file or value; exit 2. */
export class UsageError extends Error {
  readonly exitCode: number = EXIT.usage;
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

export type OutputFormat = "text" | "json" | "stream-json";
export type ThinkingFlag = "off" | "low" | "medium" | "high" | "max";

export interface CliOptions {
  prompt: string;
  yes: boolean;
  outputFormat: OutputFormat;
  /** `--include-partial-messages`: stream-json also prints the live-only events (deltas, output chunks). */
  includePartialMessages?: boolean;
  session: { mode: "new" } | { mode: "continue" } | { mode: "resume"; id: string } | { mode: "fork"; id: string };
  provider?: string;
  model?: string;
  thinking?: ThinkingFlag;
  maxRounds?: number;
  sandbox: boolean;
  /** --no-sandbox: commands run unconfined, also under --yes (said once as a warning). */
  noSandbox?: boolean;
  /** `--agent`: default | plan | review | a variant from config. */
  agent?: string;
  /** `--trust-project`: trust this project's hooks and MCP servers (recorded in the agent home). */
  trustProject?: boolean;
  /** Rules added to the config's (the Claude-compatible face's --allowedTools / --disallowedTools). */
  extraPermissions?: UserRules;
  /**
   * MCP servers the caller names (the Claude-compatible face's --mcp-config or initialize request):
   * they run like a flag's choice, before the config's servers; `only` (--strict-mcp-config) drops those.
   */
  extraMcpServers?: { servers: ScopedMcpServer[]; only: boolean };
  /**
   * The caller's own system prompt (the Claude-compatible face's --system-prompt and
   * --append-system-prompt, or the initialize request's): `replace` stands in for the base
   * prompt (system_prompt_file, .agent.md, the built-in one), `append` goes after everything.
   */
  callerPrompt?: { replace?: string; append?: string };
}

const OUTPUT_FORMATS = ["text", "json", "stream-json"] as const;

/**
 * A count given on the command line: digits only, at least 1, and exact as a JavaScript number
 * (past 2^53 the value read is not the value given: 99999999999999999999 would become 1e20).
 */
export function wholeNumberFlag(flag: string, value: string): number {
  const number = /^[0-9]+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < 1) {
    throw new UsageError(`invalid value ${JSON.stringify(value)} for ${flag}; expected a whole number from 1 to ${Number.MAX_SAFE_INTEGER}`);
  }
  return number;
}

/** A name given on the command line: an empty one would be dropped later as if the flag were absent. */
function named(flag: string, value: string | undefined): string | undefined {
  if (value !== undefined && !isName(value)) throw new UsageError(`${flag} needs a value; got an empty one`);
  return value?.trim();
}

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`invalid value ${JSON.stringify(value)} for ${flag}; expected one of: ${allowed.join(", ")}`);
}

interface RawValues {
  yes?: boolean;
  "output-format"?: string;
  "include-partial-messages"?: boolean;
  continue?: boolean;
  resume?: string;
  new?: boolean;
  fork?: string;
  provider?: string;
  model?: string;
  thinking?: string;
  "max-rounds"?: string;
  sandbox?: boolean;
  "no-sandbox"?: boolean;
  agent?: string;
  "trust-project"?: boolean;
}

/** `interactive`: the TUI may start without a task (the person types one). */
export function buildCliOptions(values: RawValues, prompt: string, mode: "print" | "interactive" = "print"): CliOptions {
  if (values.sandbox && values["no-sandbox"]) throw new UsageError("--sandbox and --no-sandbox cannot be used together");
  const chosen = [
    values.continue && "--continue",
    values.resume !== undefined && "--resume",
    values.new && "--new",
    values.fork !== undefined && "--fork",
  ].filter(Boolean);
  if (chosen.length > 1) throw new UsageError(`${chosen.join(" and ")} cannot be used together`);
  for (const [flag, id] of [["--resume", values.resume], ["--fork", values.fork]] as const) {
    if (id !== undefined && !/^[A-Za-z0-9_-]+$/.test(id)) throw new UsageError(`invalid session id ${JSON.stringify(id)} for ${flag}`);
  }
  const maxRounds = values["max-rounds"] !== undefined ? wholeNumberFlag("--max-rounds", values["max-rounds"]) : undefined;
  const provider = named("--provider", values.provider);
  const model = named("--model", values.model);
  const agent = named("--agent", values.agent);
  if (!prompt && mode === "print") throw new UsageError('no task given; start with mini-agent -p "task"');
  const outputFormat = oneOf("--output-format", values["output-format"] ?? "text", OUTPUT_FORMATS);
  if (values["include-partial-messages"] && (outputFormat !== "stream-json" || mode !== "print")) {
    throw new UsageError("--include-partial-messages needs --print and --output-format stream-json");
  }
  return {
    prompt,
    yes: values.yes ?? false,
    outputFormat,
    ...(values["include-partial-messages"] ? { includePartialMessages: true } : {}),
    session: sessionChoice(values),
    ...(provider !== undefined ? { provider } : {}),
    ...(model !== undefined ? { model } : {}),
    ...(values.thinking !== undefined ? { thinking: oneOf("--thinking", values.thinking, THINKING_LEVELS) } : {}),
    ...(maxRounds !== undefined ? { maxRounds } : {}),
    sandbox: values.sandbox ?? false,
    ...(values["no-sandbox"] ? { noSandbox: true } : {}),
    ...(agent !== undefined ? { agent } : {}),
    ...(values["trust-project"] ? { trustProject: true } : {}),
  };
}

function sessionChoice(values: RawValues): CliOptions["session"] {
  if (values.continue) return { mode: "continue" };
  if (values.resume !== undefined) return { mode: "resume", id: values.resume };
  if (values.fork !== undefined) return { mode: "fork", id: values.fork };
  return { mode: "new" };
}
