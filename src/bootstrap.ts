// The composition root: config → provider → session → tools → approval → engine → renderer.
// Nothing else in the codebase decides which concrete pieces are used.
import { existsSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { EXIT, UsageError, type CliOptions } from "./cli-options.js";
import { agentHome } from "./config/home.js";
import { createAgent } from "./engine/agent.js";
import type { Approver } from "./engine/approval/gate.js";
import type { TurnOutcome } from "./engine/loop.js";
import { openSession, SessionAccessError, SessionNotFoundError } from "./engine/open-session.js";
import { SessionLockedError } from "./engine/session-lock.js";
import { createRedactor, secretsFromEnv } from "./engine/redact.js";
import { WireFormatError } from "./engine/wire.js";
import { resolveModel } from "./model-setup.js";
import { chooseSandbox } from "./sandbox-choice.js";
import { createJsonRenderer } from "./print/json.js";
import type { PrintOutput, PrintRenderer } from "./print/renderer.js";
import { createStreamJsonRenderer } from "./print/stream-json.js";
import { watchInterrupts, type Interrupts } from "./print/interrupts.js";
import { createTextRenderer } from "./print/text.js";

export interface RunContext {
  version: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  output?: PrintOutput;
  /** Aborts the turn (besides SIGINT, SIGTERM, SIGHUP and a closed stdout). */
  signal?: AbortSignal;
}

/** Writes to the real stdout/stderr; once stdout's reader is gone, stdout writes stop. */
function processOutput(interrupts: Interrupts): PrintOutput {
  return {
    stdout: (text) => {
      if (!interrupts.stdoutClosed) process.stdout.write(text);
    },
    stderr: (text) => {
      process.stderr.write(text);
    },
  };
}

function createRenderer(format: CliOptions["outputFormat"], output: PrintOutput): PrintRenderer {
  if (format === "json") return createJsonRenderer(output);
  if (format === "stream-json") return createStreamJsonRenderer(output);
  return createTextRenderer(output);
}

/** Print mode cannot ask anyone: --yes approves, otherwise the model hears why not. */
function printApprover(yes: boolean): Approver {
  return async () =>
    yes
      ? { decision: "allow", by: "flag", reason: "approved by --yes" }
      : { decision: "deny", by: "flag", reason: "needs approval: rerun with --yes" };
}

function exitCodeFor(outcome: TurnOutcome): number {
  if (outcome.stopReason === "aborted") return EXIT.interrupted;
  if (outcome.stopReason === "error") return EXIT.runtime;
  return EXIT.ok;
}

/** `{ key: value }` when the value is set, `{}` otherwise (exactOptional-friendly spreading). */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return value === undefined ? {} : ({ [key]: value } as { [P in K]?: V });
}

export async function runPrint(options: CliOptions, context: RunContext): Promise<number> {
  // Watched from the start, so an interruption during set-up still ends the run cleanly.
  const interrupts = watchInterrupts();
  try {
    return await run(options, context, interrupts);
  } finally {
    interrupts.dispose();
  }
}

async function run(options: CliOptions, context: RunContext, interrupts: Interrupts): Promise<number> {
  const env = context.env ?? process.env;
  const cwd = context.cwd ?? process.cwd();
  const output = context.output ?? processOutput(interrupts);
  const warn = (message: string) => output.stderr(`mini-agent: ${message}\n`);
  const home = path.resolve(agentHome(env, os.homedir()));
  if (existsSync(home) && !statSync(home).isDirectory()) {
    const source = env.MINI_AGENT_HOME?.trim() ? "MINI_AGENT_HOME" : "the default agent home";
    throw new UsageError(`${source} ${home} is not a directory; point MINI_AGENT_HOME at a folder for sessions and config`);
  }

  const model = await resolveModel({ options, env, cwd, version: context.version, warn, info: (line) => output.stderr(`${line}\n`) });

  let session;
  try {
    const redact = createRedactor([...secretsFromEnv(env), ...(model.secrets ?? [])]);
    session = openSession({ home, cwd, choice: options.session, warn, redact });
  } catch (error) {
    const userFacing = [SessionNotFoundError, SessionAccessError, SessionLockedError, WireFormatError];
    if (userFacing.some((kind) => error instanceof kind)) throw new UsageError((error as Error).message);
    throw error;
  }
  const renderer = createRenderer(options.outputFormat, output);
  session.bus.subscribe((event) => renderer.onEvent(event));

  const sandboxChoice = chooseSandbox({
    ...(options.sandbox ? { flag: "on" as const } : options.noSandbox ? { flag: "off" as const } : {}),
    ...optional("config", model.sandbox),
    yes: options.yes,
  });
  if (sandboxChoice.warning) warn(sandboxChoice.warning);
  const agent = createAgent({
    session,
    cwd,
    provider: model.provider,
    approver: printApprover(options.yes),
    systemPrompt: model.systemPrompt,
    warn,
    sandbox: sandboxChoice.mode,
    ...optional("maxRounds", options.maxRounds ?? model.maxRounds),
    ...optional("thinking", options.thinking ?? model.thinking),
    ...optional("readRoots", model.readRoots),
    ...optional("permissions", model.permissions),
    ...optional("webSearch", model.webSearch),
    deniedDirs: [home],
  });
  // A second Ctrl-C exits at once; no command may outlive the process that started it.
  interrupts.beforeForcedExit(() => agent.killCommandsNow());

  const controller = new AbortController();
  for (const source of [context.signal, interrupts.signal]) {
    if (source?.aborted) controller.abort();
    source?.addEventListener("abort", () => controller.abort(), { once: true });
  }
  let code: number;
  try {
    const outcome = await agent.runTurn(options.prompt, controller.signal);
    renderer.finish(outcome, session.state);
    code = exitCodeFor(outcome);
  } finally {
    await agent.close();
  }
  // A signal or a closed stdout says why the turn stopped better than "aborted" does;
  // a write that failed while closing (the final answer into a closed pipe) counts too.
  return interrupts.exitCode() ?? code;
}
