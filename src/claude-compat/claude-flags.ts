// The command line the Claude Agent SDK starts us with (`--output-format stream-json --verbose
// --input-format stream-json` and the options its `query()` takes), parsed into our options.
// Flags whose meaning we honour map onto ours; a few the SDK may pass are accepted and ignored
// for a stated reason (said once on stderr); anything else is still a usage error. Pure.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { buildCliOptions, UsageError, wholeNumberFlag, type CliOptions, type ThinkingFlag } from "../config/cli-options.js";
import { promptFromFlags } from "./caller-prompt.js";
import { keptTools, PERMISSION_MODES, toolPolicy, type PermissionMode, type ToolPolicy } from "./permission-flags.js";

const FLAGS = {
  // The protocol.
  "input-format": { type: "string" },
  "output-format": { type: "string" },
  verbose: { type: "boolean" },
  print: { type: "boolean", short: "p" },
  "include-partial-messages": { type: "boolean" },
  "permission-prompt-tool": { type: "string" },
  "await-initialize": { type: "boolean" },
  // Claude Code's options with a meaning here.
  "max-turns": { type: "string" },
  model: { type: "string" },
  resume: { type: "string", short: "r" },
  continue: { type: "boolean", short: "c" },
  "fork-session": { type: "boolean" },
  allowedTools: { type: "string" },
  "allowed-tools": { type: "string" },
  disallowedTools: { type: "string" },
  "disallowed-tools": { type: "string" },
  tools: { type: "string" },
  "permission-mode": { type: "string" },
  "mcp-config": { type: "string", multiple: true },
  "strict-mcp-config": { type: "boolean" },
  "setting-sources": { type: "string" },
  effort: { type: "string" },
  thinking: { type: "string" },
  agent: { type: "string" },
  "system-prompt": { type: "string" },
  "system-prompt-file": { type: "string" },
  "append-system-prompt": { type: "string" },
  "append-system-prompt-file": { type: "string" },
  // Ours, as in print mode.
  provider: { type: "string" },
  yes: { type: "boolean", short: "y" },
  sandbox: { type: "boolean" },
  "no-sandbox": { type: "boolean" },
  "trust-project": { type: "boolean" },
  // Accepted and ignored; IGNORED says why.
  debug: { type: "boolean" },
  "debug-file": { type: "string" },
  "debug-to-stderr": { type: "boolean" },
  "max-thinking-tokens": { type: "string" },
  "thinking-display": { type: "string" },
  "fallback-model": { type: "string" },
  betas: { type: "string" },
  "include-hook-events": { type: "boolean" },
  "add-dir": { type: "string", multiple: true },
  "max-budget-usd": { type: "string" },
  "no-session-persistence": { type: "boolean" },
  "allow-dangerously-skip-permissions": { type: "boolean" },
  settings: { type: "string" },
} as const satisfies ParseArgsConfig["options"];

/** Why each accepted-but-ignored flag changes nothing (said once on stderr when given). */
export const IGNORED: Readonly<Record<string, string>> = {
  debug: "mini-agent has no debug log; stderr carries its notices",
  "debug-file": "mini-agent has no debug log; stderr carries its notices",
  "debug-to-stderr": "stderr already carries mini-agent's notices",
  "max-thinking-tokens": "thinking is set by level (--effort, or thinking in config)",
  "thinking-display": "thinking is always streamed as thinking blocks",
  "fallback-model": "mini-agent retries the same model; configure another with --model",
  betas: "Anthropic beta headers are chosen by mini-agent's Anthropic adapter",
  "include-hook-events": "hook runs are not reported as messages",
  "add-dir": "files outside the workspace are read through read_roots in config",
  "max-budget-usd": "mini-agent has no spending limit; --max-turns bounds a turn",
  "no-session-persistence": "every session is kept on disk so it can be resumed",
  "allow-dangerously-skip-permissions": "only --permission-mode bypassPermissions changes approvals",
  settings: "Claude Code settings files are not read; mini-agent reads its own config",
};

/** `--effort` (Claude Code's levels) as our thinking level. */
const EFFORT: Readonly<Record<string, ThinkingFlag>> = { low: "low", medium: "medium", high: "high", xhigh: "max", max: "max" };

export interface ClaudeStreamOptions {
  cli: CliOptions;
  /** --permission-prompt-tool stdio: approvals become `can_use_tool` control requests. */
  askOverStdio: boolean;
  permissionMode: PermissionMode;
  /** --include-partial-messages: `stream_event` messages as the model streams. */
  partial: boolean;
  /** --await-initialize: the engine opens only after the `initialize` request (it may carry MCP servers). */
  awaitInitialize: boolean;
  /** --mcp-config values: JSON text or a file holding it. */
  mcpConfigs: string[];
  strictMcpConfig: boolean;
  /** --tools: the only built-in tools to offer (our names). */
  keepTools?: string[];
  tools: ToolPolicy;
  /** Lines for stderr: flags accepted without effect, and why. */
  notices: string[];
}

/** `--input-format stream-json` (either spelling) selects this face. */
export function wantsClaudeStream(argv: readonly string[]): boolean {
  return argv.some((arg, i) => arg === "--input-format=stream-json" || (arg === "--input-format" && argv[i + 1] === "stream-json"));
}

function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: FLAGS, allowPositionals: false, strict: true }).values;
  } catch (error) {
    const message = (error as Error).message.replace(/\. To specify a positional argument.*$/s, "");
    throw new UsageError(`${message} (with --input-format stream-json mini-agent takes the Claude Agent SDK's options; see README "Claude Agent SDK")`);
  }
}

function thinkingLevel(values: { effort?: string; thinking?: string }): ThinkingFlag | undefined {
  if (values.effort !== undefined) {
    const level = EFFORT[values.effort];
    if (!level) throw new UsageError(`invalid value ${JSON.stringify(values.effort)} for --effort; expected one of: ${Object.keys(EFFORT).join(", ")}`);
    return level;
  }
  if (values.thinking === undefined || values.thinking === "adaptive" || values.thinking === "enabled") return undefined;
  if (values.thinking === "disabled") return "off";
  return values.thinking as ThinkingFlag; // ours (off … max); buildCliOptions checks it
}

export function parseClaudeFlags(argv: string[]): ClaudeStreamOptions {
  const values = parse(argv);
  if (values["input-format"] !== "stream-json") throw new UsageError(`--input-format ${JSON.stringify(values["input-format"])} is not supported; only stream-json is`);
  if ((values["output-format"] ?? "stream-json") !== "stream-json") {
    throw new UsageError(`--input-format stream-json needs --output-format stream-json, not ${JSON.stringify(values["output-format"])}`);
  }
  const prompter = values["permission-prompt-tool"];
  if (prompter !== undefined && prompter !== "stdio") {
    throw new UsageError(`--permission-prompt-tool ${JSON.stringify(prompter)} is not supported; only stdio (approvals as can_use_tool control requests) is`);
  }
  const mode = values["permission-mode"] ?? "default";
  if (!(PERMISSION_MODES as readonly string[]).includes(mode)) {
    throw new UsageError(`invalid value ${JSON.stringify(mode)} for --permission-mode; expected one of: ${PERMISSION_MODES.join(", ")}`);
  }
  const permissionMode = mode as PermissionMode;
  if (values["fork-session"] && values.resume === undefined) throw new UsageError("--fork-session needs --resume <id>");
  // Checked under its own name here; our --max-rounds then takes it as read.
  if (values["max-turns"] !== undefined) wholeNumberFlag("--max-turns", values["max-turns"]);
  if (values.agent !== undefined && permissionMode === "plan") throw new UsageError("--agent and --permission-mode plan cannot be used together");
  const tools = toolPolicy({ allowed: joined(values.allowedTools, values["allowed-tools"]), disallowed: joined(values.disallowedTools, values["disallowed-tools"]) });
  if (tools.problems.length > 0) throw new UsageError(tools.problems.join("; "));
  const thinking = thinkingLevel(values);
  const cli = buildCliOptions(
    {
      "output-format": "stream-json",
      ...(values.resume !== undefined && !values["fork-session"] ? { resume: values.resume } : {}),
      ...(values.resume !== undefined && values["fork-session"] ? { fork: values.resume } : {}),
      ...(values.continue ? { continue: true } : {}),
      ...(values.model !== undefined ? { model: values.model } : {}),
      ...(values.provider !== undefined ? { provider: values.provider } : {}),
      ...(thinking !== undefined ? { thinking } : {}),
      ...(values["max-turns"] !== undefined ? { "max-rounds": values["max-turns"] } : {}),
      // bypassPermissions answers as --yes does, so the sandbox default under --yes applies too.
      ...(values.yes || permissionMode === "bypassPermissions" ? { yes: true } : {}),
      ...(values.sandbox ? { sandbox: true } : {}),
      ...(values["no-sandbox"] ? { "no-sandbox": true } : {}),
      ...(values["trust-project"] ? { "trust-project": true } : {}),
      ...(permissionMode === "plan" ? { agent: "plan" } : values.agent !== undefined ? { agent: values.agent } : {}),
    },
    "",
    "interactive", // the prompts come on stdin, later
  );
  const notices = Object.keys(IGNORED)
    .filter((flag) => (values as Record<string, unknown>)[flag] !== undefined)
    .map((flag) => `--${flag} is accepted and ignored: ${IGNORED[flag]}`);
  const keepTools = keptTools(values.tools);
  const callerPrompt = promptFromFlags(values);
  return {
    cli: {
      ...cli,
      ...(tools.rules.allow || tools.rules.deny ? { extraPermissions: tools.rules } : {}),
      ...(callerPrompt.replace !== undefined || callerPrompt.append !== undefined ? { callerPrompt } : {}),
    },
    askOverStdio: prompter === "stdio",
    permissionMode,
    partial: values["include-partial-messages"] ?? false,
    awaitInitialize: values["await-initialize"] ?? false,
    mcpConfigs: values["mcp-config"] ?? [],
    strictMcpConfig: values["strict-mcp-config"] ?? false,
    ...(keepTools ? { keepTools } : {}),
    tools,
    notices,
  };
}

function joined(...values: (string | undefined)[]): string | undefined {
  const given = values.filter((value): value is string => value !== undefined);
  return given.length > 0 ? given.join(",") : undefined;
}
