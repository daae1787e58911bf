// The composition root: config → model → session → tools → gate → agent → EngineSession.
// Nothing else in the codebase decides which concrete pieces are used. Every face gets its
// session from `openEngine`; print mode (src/print/run-print.ts) is one such face.
import os from "node:os";
import { UsageError, type CliOptions } from "./config/cli-options.js";
import { usableAgentHome } from "./config/home.js";
import { createAgent } from "./engine/turn/agent.js";
import { createApprovalBroker } from "./engine/approval/gate/approval-broker.js";
import type { Guard } from "./engine/approval/gate/gate.js";
import { createQuestionBroker } from "./engine/ask/ask-tool.js";
import { createEngineSession } from "./engine/session/engine-session.js";
import type { AgentEvent } from "./engine/events.js";
import type { ModelProvider } from "./engine/llm/provider.js";
import { openSession, SessionAccessError, SessionNotFoundError, type OpenSession } from "./engine/session/open-session.js";
import { createRedactor, secretsFromEnv, type Redactor } from "./engine/secrets/redact.js";
import { secretsFromCredentialFiles } from "./engine/secrets/credential-files.js";
import { SessionLockedError } from "./engine/wire/session-lock.js";
import type { EngineHost, EngineSession } from "./engine/surface.js";
import { WireFormatError } from "./engine/wire/wire.js";
import { setUpExtensions } from "./composition/extensions.js";
import { resolveModel, type ModelSetup } from "./composition/model-setup.js";
import { decideProjectTrust, type TrustDecision, type TrustInput } from "./composition/project-trust-decision.js";
import { ConfigError } from "./config/config-error.js";
import { permissionModeOf, preCompactHooks, startSessionHooks, withTurnHooks } from "./composition/session-hooks.js";
import { addSessionOnlyTools, extendedPrompt, sessionGuards, type SessionExtensions } from "./composition/session-tools.js";
import { createSessionGate } from "./composition/session-gate.js";
import { createToolset } from "./composition/session-toolset.js";

export interface EngineContext {
  version: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Lines from before the session exists (config warnings, the settings' sources). */
  report?: { warn(message: string): void; info(line: string): void };
  /** Subscribed before the first event (session.started, startup notices) is published. */
  listener?: (event: AgentEvent) => void;
  /** Where a throwing subscriber's error goes; default: a `notice` event. */
  onSubscriberError?: (error: unknown) => void;
  /** Guards every call meets before the rules (hooks, policies); --yes never skips them. */
  guards?: readonly Guard[];
  /** The face can put a question to a person (the TUI): the `ask` tool is offered. */
  canAsk?: boolean;
  /**
   * Asked (once, before the session opens) when the project asks for settings that move data
   * or widen power and is not trusted yet; the question lists each one. True trusts it.
   */
  askTrust?(question: string): Promise<boolean>;
  /** Tools the face takes away from the model (the Agent SDK's tool restrictions): given the names offered, the ones to remove. */
  removeTools?(offered: readonly string[]): readonly string[];
  /** Aborted (Ctrl-C during start-up): MCP servers still starting are given up at once. */
  signal?: AbortSignal;
}

/** The pieces `assembleEngine` needs once a model is chosen and a session is open. */
export interface EngineAssembly {
  session: OpenSession;
  cwd: string;
  home: string;
  model: ModelSetup;
  options: Pick<CliOptions, "sandbox" | "maxRounds" | "thinking"> & Partial<Pick<CliOptions, "noSandbox" | "yes">>;
  guards?: readonly Guard[];
  /** Skills, memory, the variant, guard plugins, MCP servers (extensions.ts) and the session's hooks. */
  extensions?: SessionExtensions;
  canAsk?: boolean;
  createModel?(choice: { provider?: string; model: string }): Promise<ModelProvider>;
  /** Workspace files that hooks and MCP servers run (project-trust-decision.ts). */
  protectedPaths?: readonly string[];
}

/** tools → gate → agent → EngineSession over an open session. */
export function assembleEngine(input: EngineAssembly): EngineHost {
  const { session, model, options } = input;
  const { bus, state } = session;
  const toolset = createToolset({
    cwd: input.cwd,
    home: input.home,
    sideDir: session.sideDir,
    bus,
    ...(session.redact ? { redact: session.redact } : {}),
    model,
    options,
    ...(input.extensions ? { extensions: input.extensions } : {}),
    // Scripts hooks and MCP servers run: a sandboxed command must not rewrite what the host runs.
    ...(input.protectedPaths?.length ? { protectedPaths: input.protectedPaths } : {}),
  });
  const { jail, commands, tools } = toolset;
  const extensions = input.extensions?.base;
  const hooks = input.extensions?.hooks;
  extensions?.attachMemory(session.sessionId, bus);
  const broker = createApprovalBroker();
  const questions = createQuestionBroker();
  const judged = createSessionGate({
    toolset,
    home: input.home,
    sideDir: session.sideDir,
    bus,
    state,
    broker,
    guards: sessionGuards(input.guards, input.extensions),
    ...(model.permissions ? { permissions: model.permissions } : {}),
  });
  // A flag wins; then what this session chose with setThinking (folded from its file); then the variant; then config.
  const current = { current: model.provider, thinking: options.thinking ?? state.thinking ?? extensions?.variant.thinking ?? model.thinking };
  const systemPrompt = extendedPrompt(model.systemPrompt, input.extensions);
  const ownCommands = { interruptCommand: commands.interruptCommand, closeAll: commands.closeAll, killAllNow: commands.killAllNow };
  const agent = createAgent({
    publish: bus.publish,
    state: () => state,
    tools,
    gate: judged,
    provider: () => current.current,
    thinking: () => current.thinking,
    // Everything the session started ends with it: commands, hooks still running, MCP servers.
    commands: {
      ...ownCommands,
      closeAll: async () => {
        await commands.closeAll();
        hooks?.killAllNow();
        await extensions?.close();
      },
      killAllNow: () => {
        commands.killAllNow();
        hooks?.killAllNow();
      },
    },
    systemPrompt,
    ...(options.maxRounds ?? model.maxRounds ? { maxRounds: options.maxRounds ?? model.maxRounds } : {}),
    ...(model.contextBudget !== undefined ? { contextBudget: model.contextBudget } : {}),
    ...(hooks?.has("PreCompact") ? { beforeCompact: preCompactHooks(hooks) } : {}),
  });
  const maxRounds = options.maxRounds ?? model.maxRounds;
  // The engine session exists only at the end; a task call runs long after, through it.
  let engine: EngineHost | undefined;
  addSessionOnlyTools({
    tools,
    extensions: input.extensions,
    cwd: input.cwd,
    ...(maxRounds ? { maxRounds } : {}),
    spawn: (childOptions) => (engine as EngineHost).spawnAgent(childOptions),
    ...(input.canAsk ? { ask: { questions, publish: bus.publish } } : {}),
  });
  bus.publish("session.started", {
    sessionId: session.sessionId,
    cwd: input.cwd,
    provider: model.provider.name,
    model: model.provider.model,
    resumed: session.resumed,
  });
  for (const message of session.startupNotices.splice(0)) bus.publish("notice", { level: "warn", message });
  if (toolset.sandboxWarning) bus.publish("notice", { level: "warn", message: toolset.sandboxWarning });
  for (const message of extensions?.notices.splice(0) ?? []) bus.publish("notice", { level: "warn", message });
  engine = createEngineSession({
    session,
    agent: hooks ? withTurnHooks(agent, hooks, bus.publish) : agent,
    broker,
    gate: judged,
    systemPrompt,
    questions,
    ...(extensions ? { skills: extensions.skills } : {}),
    model: current,
    ...(input.createModel ? { createModel: input.createModel } : {}),
    ...(model.contextBudget !== undefined ? { contextBudget: model.contextBudget } : {}),
    checkpoints: { root: jail.root, exclude: [input.home] },
  });
  return engine;
}

/** Everything a face needs: the chosen model, the opened session, the assembled engine. */
export async function openEngine(options: CliOptions, context: EngineContext): Promise<EngineSession> {
  const env = context.env ?? process.env;
  const cwd = context.cwd ?? process.cwd();
  const report = context.report ?? { warn: () => {}, info: () => {} };
  const home = usableAgentHome(env, os.homedir(), cwd);
  // Before any project setting is used: which of them this project may use (ADR 0033).
  const trust = await decideTrust({ env, home, workspace: cwd, trust: options.trustProject ?? false, ...(context.askTrust ? { askTrust: context.askTrust } : {}) });
  const projectTrusted = trust.trusted;
  const model = await resolveModel({ options, env, cwd, version: context.version, projectTrusted, configFiles: trust.files, warn: report.warn, info: report.info });
  // Known values: the configured keys, secret-named variables and URL passwords, the user's credential files.
  const fileSecrets = secretsFromCredentialFiles({ env, home: userHomeOf(env) });
  const redact = createRedactor([...secretsFromEnv(env), ...fileSecrets, ...(model.secrets ?? [])]);
  const extensions = await setUpExtensions({
    workspace: cwd,
    home,
    version: context.version,
    ...(options.agent !== undefined ? { agent: options.agent } : {}),
    ...(model.variants ? { variants: model.variants } : {}),
    ...(model.codeRunning ? { codeRunning: model.codeRunning } : {}),
    projectTrusted,
    redact,
    ...(context.signal ? { signal: context.signal } : {}),
    env,
  });
  let session: OpenSession;
  try {
    session = openSession({
      home,
      cwd,
      choice: options.session,
      redact,
      ...(context.onSubscriberError ? { onSubscriberError: context.onSubscriberError } : {}),
    });
  } catch (error) {
    await extensions.close();
    const userFacing = [SessionNotFoundError, SessionAccessError, SessionLockedError, WireFormatError];
    if (userFacing.some((kind) => error instanceof kind)) throw new UsageError((error as Error).message);
    throw error;
  }
  if (context.listener) session.bus.subscribe(context.listener);
  session.startupNotices.push(...trust.notices);
  const createModel = async (choice: { provider?: string; model: string }) => {
    const next = { ...options, model: choice.model, ...(choice.provider ? { provider: choice.provider } : {}) };
    const chosen = await resolveModel({ options: next, env, cwd, version: context.version, projectTrusted, warn: report.warn, info: () => {} });
    // Known before the new provider's first request: its key (the files are read afresh) may be echoed.
    redact.add?.(chosen.secrets ?? []);
    return chosen.provider;
  };
  let engine: EngineHost;
  try {
    const resumedModel = await modelChosenBefore(session, options, createModel);
    const permissionMode = permissionModeOf({ yes: options.yes, ...(options.agent !== undefined ? { agent: options.agent } : {}) });
    const hooks = await startSessionHooks(extensions, session, { cwd, env, permissionMode: () => permissionMode });
    engine = assembleEngine({
      session,
      cwd,
      home,
      model: { ...model, ...(resumedModel ? { provider: resumedModel } : {}), systemPrompt: redactedPrompt(model.systemPrompt, redact) },
      options,
      createModel,
      extensions: { base: extensions, ...(hooks ? { hooks } : {}) },
      protectedPaths: trust.protectedFiles,
      ...(context.guards ? { guards: context.guards } : {}),
      ...(context.canAsk ? { canAsk: true } : {}),
    });
  } catch (error) {
    // Started MCP servers would keep the process alive after the error is reported.
    await extensions.close();
    throw error;
  }
  for (const name of context.removeTools?.(engine.tools.names()) ?? []) engine.tools.remove(name);
  return engine;
}

/**
 * The system prompt as the model gets it, with secrets redacted: its parts come from files
 * (AGENTS.md, .agent.md, the prompt file) that may hold a key. Redacted once per new text.
 */
function redactedPrompt(prompt: ModelSetup["systemPrompt"], redact: Redactor): ModelSetup["systemPrompt"] {
  let last: { text: string; redacted: string } | undefined;
  let learned = redact.generation;
  return (tools, state) => {
    const text = prompt(tools, state);
    // Redone when the redactor learned a value (a model switch's key) the text may hold.
    if (last?.text !== text || learned !== redact.generation) {
      last = { text, redacted: redact(text) };
      learned = redact.generation;
    }
    return last.redacted;
  };
}

/** The user's home directory (not the agent's): where their credential stores are. */
function userHomeOf(env: NodeJS.ProcessEnv): string {
  return env["HOME"] ?? env["USERPROFILE"] ?? os.homedir();
}

/** The trust decision, with a mistake in the user's own config as a usage error (exit 2). */
async function decideTrust(input: Omit<TrustInput, "userHome">): Promise<TrustDecision> {
  try {
    return await decideProjectTrust({ ...input, userHome: userHomeOf(input.env) });
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * A resumed session goes on with the model it last chose with setModel (folded from its file),
 * unless a flag names one now. If that model cannot be had any more, the configured one is
 * used and a notice says so.
 */
async function modelChosenBefore(
  session: OpenSession,
  options: CliOptions,
  createModel: (choice: { provider?: string; model: string }) => Promise<ModelProvider>,
): Promise<ModelProvider | undefined> {
  const chosen = session.state.model;
  if (!session.resumed || !chosen || options.model !== undefined || options.provider !== undefined) return undefined;
  try {
    return await createModel(chosen);
  } catch (error) {
    session.startupNotices.push(`cannot go on with ${chosen.provider}/${chosen.model} chosen earlier in this session (${(error as Error).message}); using the configured model`);
    return undefined;
  }
}
