// The composition root: config → provider → session → tools → approval → engine → renderer.
// Nothing else in the codebase decides which concrete pieces are used.
import os from "node:os";
import path from "node:path";
import { EXIT, UsageError, type CliOptions } from "./cli-options.js";
import { classifyCommand } from "./engine/approval/command-policy.js";
import { isCriticalFile } from "./engine/approval/critical-files.js";
import { createDirtyCheck } from "./engine/approval/git-dirty.js";
import { matchUserRules } from "./engine/approval/user-rules.js";
import { createApprovalGate, type Approver } from "./engine/approval/gate.js";
import { createLoop, type TurnOutcome } from "./engine/loop.js";
import { openSession, SessionNotFoundError } from "./engine/open-session.js";
import { createRedactor, secretsFromEnv } from "./engine/redact.js";
import { createCommandTools } from "./engine/tools/command-tools.js";
import { createJail } from "./engine/tools/jail.js";
import { ToolRegistry } from "./engine/tools/registry.js";
import { createWorkspaceTools } from "./engine/tools/workspace-tools.js";
import { WireFormatError } from "./engine/wire.js";
import { resolveModel } from "./model-setup.js";
import { createJsonRenderer } from "./print/json.js";
import type { PrintOutput, PrintRenderer } from "./print/renderer.js";
import { createStreamJsonRenderer } from "./print/stream-json.js";
import { createTextRenderer } from "./print/text.js";

export interface RunContext {
  version: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  output?: PrintOutput;
  /** Aborts the turn (SIGINT in the CLI). */
  signal?: AbortSignal;
}

const processOutput: PrintOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

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

export function miniAgentHome(env: NodeJS.ProcessEnv): string {
  return env.MINI_AGENT_HOME ? path.resolve(env.MINI_AGENT_HOME) : path.join(os.homedir(), ".mini-agent");
}

export async function runPrint(options: CliOptions, context: RunContext): Promise<number> {
  const env = context.env ?? process.env;
  const cwd = context.cwd ?? process.cwd();
  const output = context.output ?? processOutput;
  const warn = (message: string) => output.stderr(`mini-agent: ${message}\n`);
  const home = miniAgentHome(env);

  const model = await resolveModel({ options, env, cwd, home, version: context.version, warn });

  let session;
  try {
    const redact = createRedactor([...secretsFromEnv(env), ...(model.secrets ?? [])]);
    session = openSession({ home, cwd, choice: options.session, warn, redact });
  } catch (error) {
    if (error instanceof SessionNotFoundError || error instanceof WireFormatError) throw new UsageError(error.message);
    throw error;
  }
  const { bus, state } = session;
  const renderer = createRenderer(options.outputFormat, output);
  bus.subscribe((event) => renderer.onEvent(event));

  const jail = createJail(cwd);
  const commandTools = createCommandTools({
    root: jail.root,
    tasksDir: path.join(session.sideDir, "tasks"),
    ...(options.sandbox || model.sandbox === "workspace-write" ? { sandbox: "workspace-write" as const } : {}),
  });
  if (commandTools.sandbox.notice) warn(commandTools.sandbox.notice);
  const registry = new ToolRegistry([
    ...createWorkspaceTools({
      root: jail.root,
      ...(model.readRoots ? { readRoots: model.readRoots } : {}),
      onTodos: (todos) => bus.publish("todo.updated", { todos }),
    }),
    ...commandTools.tools,
  ]);
  const gate = createApprovalGate({
    rules: {
      jail,
      classifyCommand: (command) =>
        classifyCommand(command, {
          root: jail.root,
          sandbox: commandTools.sandbox.active,
          ...(model.permissions ? { userRules: model.permissions } : {}),
        }),
      isCriticalFile,
      matchUserRules: (tool, subject) => matchUserRules(model.permissions, tool, subject),
    },
    isDirty: createDirtyCheck(jail.root),
    approver: printApprover(options.yes),
    publish: bus.publish,
    alwaysAllowed: () => state.alwaysAllowed,
  });
  const loop = createLoop({
    provider: model.provider,
    registry,
    gate,
    publish: bus.publish,
    state: () => state,
    systemPrompt: (current) => model.systemPrompt(registry.specs(), current),
    maxRounds: options.maxRounds ?? model.maxRounds,
    ...(model.thinking ? { thinking: model.thinking } : {}),
    ...(model.priceUsage ? { priceUsage: model.priceUsage } : {}),
  });

  const controller = new AbortController();
  context.signal?.addEventListener("abort", () => controller.abort(), { once: true });
  const onSigint = () => controller.abort();
  process.on("SIGINT", onSigint);
  try {
    bus.publish("session.started", {
      sessionId: session.sessionId,
      cwd,
      provider: model.provider.name,
      model: model.provider.model,
      resumed: session.resumed,
    });
    const outcome = await loop.runTurn(options.prompt, controller.signal);
    renderer.finish(outcome, state);
    return exitCodeFor(outcome);
  } finally {
    process.off("SIGINT", onSigint);
    await commandTools.closeAll();
    session.close();
  }
}
