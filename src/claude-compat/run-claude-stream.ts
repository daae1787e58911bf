// The Claude-compatible headless face (`--input-format stream-json`, as the Claude Agent SDK
// starts Claude Code): user messages and control requests in on stdin, SDK messages out on
// stdout, one JSON object per line. It drives the engine only through EngineSession.
import { randomUUID } from "node:crypto";
import { openEngine } from "../bootstrap.js";
import { EXIT, UsageError } from "../config/cli-options.js";
import { describeMemoryChange } from "../engine/index.js";
import type { EngineSession } from "../engine/index.js";
import { watchInterrupts, type Interrupts } from "../print/interrupts.js";
import { parseClaudeFlags, type ClaudeStreamOptions } from "./claude-flags.js";
import { promptFromInitialize } from "./caller-prompt.js";
import { asControlResponse, createControlChannel, type ControlChannel } from "./control-channel.js";
import { handleControlRequest, type ControlState } from "./control-requests.js";
import { loadMcpConfig, serversFrom } from "./mcp-config.js";
import { SdkTranslator, type SdkMessage } from "./sdk-messages.js";
import { readJsonLines } from "./stdin-lines.js";
import { answerApprovals } from "./stdio-approvals.js";
import { initMessage, promptOf } from "./session-messages.js";
import { ResultOrder } from "./result-order.js";

export interface ClaudeStreamContext {
  version: string;
  cwd: string;
}

export async function runClaudeStream(argv: string[], context: ClaudeStreamContext): Promise<number> {
  const flags = parseClaudeFlags(argv);
  const interrupts = watchInterrupts();
  try {
    return await run(flags, context, interrupts);
  } finally {
    interrupts.dispose();
  }
}

async function run(flags: ClaudeStreamOptions, context: ClaudeStreamContext, interrupts: Interrupts): Promise<number> {
  const write = (message: Record<string, unknown>) => {
    if (!interrupts.stdoutClosed) process.stdout.write(`${JSON.stringify(message)}\n`);
  };
  const warn = (message: string) => process.stderr.write(`mini-agent: ${message}\n`);
  for (const notice of flags.notices) warn(notice);
  const control = createControlChannel(write);
  const translator = new SdkTranslator({ partial: flags.partial, now: Date.now, uuid: randomUUID });
  const state: ControlState = { mode: flags.permissionMode, initialize: undefined };
  // Every user message is answered by one result, in order, whether or not it became a turn.
  const results = new ResultOrder(write);
  const refuse = (reason: string) => {
    warn(reason);
    results.refused(translator.refusal(reason));
  };
  const inbox: Record<string, unknown>[] = [];
  let engine: EngineSession | undefined;
  let initialized: () => void = () => {};
  const initialize = new Promise<void>((resolve) => (initialized = resolve));
  let arrived: () => void = () => {};
  const firstMessage = new Promise<void>((resolve) => (arrived = resolve));
  let ended: () => void = () => {};
  const stdinEnded = new Promise<void>((resolve) => (ended = resolve));
  interrupts.signal.addEventListener("abort", () => ended(), { once: true });

  const dispatch = (message: Record<string, unknown>) => {
    arrived();
    if (message["type"] === "control_response") {
      const response = asControlResponse(message);
      if (!response || !control.settle(response)) warn(`a control_response answers no open request: ${JSON.stringify(message).slice(0, 200)}`);
      return;
    }
    if (message["type"] === "control_cancel_request" || message["type"] === "keep_alive" || message["type"] === "update_environment_variables") return;
    const request = message["request"] as { subtype?: unknown } | undefined;
    if (message["type"] === "control_request" && request?.subtype === "initialize" && !state.initialize) {
      state.initialize = { requestId: String(message["request_id"]), body: request as Record<string, unknown> };
      initialized();
      if (!engine) return; // answered once the engine is open
    }
    if (!engine) return void inbox.push(message);
    handle(engine, message);
  };

  // User messages too long to read, kept in line with the others so their results stay in order.
  const unread = new WeakMap<object, string>();
  const handle = (open: EngineSession, message: Record<string, unknown>) => {
    const lost = unread.get(message);
    if (lost !== undefined) return refuse(`a user message was not run: ${lost}`);
    if (message["type"] === "user") {
      const prompt = promptOf(message["message"], warn);
      if ("problem" in prompt) return refuse(`a user message was not run: ${prompt.problem}`);
      try {
        results.accepted(open.submit(prompt.text, prompt.images).id);
      } catch (error) {
        // A bad image (the engine named it) or a closed session: no turn started.
        refuse(`a user message was not run: ${(error as Error).message ?? String(error)}`);
      }
    } else if (message["type"] === "control_request") {
      handleControlRequest(message, { engine: open, control, state, translator, version: context.version, warn });
    } else warn(`a message of type ${JSON.stringify(message["type"])} is not understood; ignored`);
  };

  readJsonLines(
    process.stdin,
    {
      onMessage: dispatch,
      onBadLine: (line, problem) => warn(`stdin line ${line} is ${problem}; ignored`),
      onLostUserMessage: (problem) => {
        const message = { type: "user" };
        unread.set(message, problem);
        dispatch(message);
      },
      onEnd: () => ended(),
    },
    interrupts.signal,
  );

  const notices: string[] = [];
  if (flags.awaitInitialize) {
    await Promise.race([initialize, stdinEnded]);
    if (!state.initialize) throw new UsageError("stdin closed before the initialize request that --await-initialize waits for");
  } else {
    // Nothing happens before the first line anyway; the SDK's first line is initialize, whose
    // system prompt then shapes the session from its first request.
    await Promise.race([firstMessage, stdinEnded]);
  }
  const servers = [
    ...flags.mcpConfigs.flatMap((value) => loadMcpConfig(value, context.cwd, notices)),
    // Only under --await-initialize does the SDK put its servers there (and wait for us to read them).
    ...(flags.awaitInitialize && state.initialize?.body["mcpServers"] !== undefined ? serversFrom(state.initialize.body["mcpServers"], "initialize.mcpServers", notices) : []),
  ];
  // An initialize that came first shapes the session's system prompt; it wins over the flags.
  const asked = state.initialize ? promptFromInitialize(state.initialize.body) : undefined;
  notices.push(...(asked?.problems ?? []));
  for (const notice of notices) warn(notice);
  const callerPrompt = { ...flags.cli.callerPrompt, ...(asked?.replace !== undefined ? { replace: asked.replace } : {}), ...(asked?.append !== undefined ? { append: asked.append } : {}) };
  const options = {
    ...flags.cli,
    ...(servers.length > 0 || flags.strictMcpConfig ? { extraMcpServers: { servers, only: flags.strictMcpConfig } } : {}),
    ...(callerPrompt.replace !== undefined || callerPrompt.append !== undefined ? { callerPrompt } : {}),
  };
  const emit = (messages: SdkMessage[]) => {
    for (const message of messages) {
      if (message.type === "result") results.turnEnded(message);
      else write(message);
    }
  };
  try {
    engine = await openEngine(options, {
      version: context.version,
      // Disallowed tools, and under --tools everything not named, are never offered to the model.
      removeTools: (offered) => [...flags.tools.removed, ...(flags.keepTools ? offered.filter((tool) => !tool.startsWith("mcp__") && !flags.keepTools!.includes(tool)) : [])],
      cwd: context.cwd,
      report: { warn, info: (line) => process.stderr.write(`${line}\n`) },
      listener: (event) => {
        if (event.type === "notice") warn(event.message);
        else if (event.type === "memory.changed") warn(describeMemoryChange(event));
        emit(translator.onEvent(event));
        // A queued message an interrupt (or the end) dropped never runs; its result says so.
        if (event.type === "prompt.dropped") results.dropped(event.id, translator.refusal(`the message did not run: ${event.reason}`));
      },
      onSubscriberError: (error) => warn(`a subscriber failed: ${String(error)}`),
    });
  } catch (error) {
    // Claude Code writes a zeroed error result for a start-up failure; the SDK shows its text.
    write({ type: "result", subtype: "error_during_execution", is_error: true, duration_ms: 0, duration_api_ms: 0, num_turns: 0, errors: [(error as Error).message], stop_reason: null, session_id: "", total_cost_usd: 0, usage: { input_tokens: 0, output_tokens: 0 }, modelUsage: {}, permission_denials: [], uuid: randomUUID() });
    throw error;
  }
  const session = engine;
  interrupts.beforeForcedExit(() => session.killCommandsNow());
  interrupts.signal.addEventListener("abort", () => session.abortTurn(), { once: true });
  answerApprovals({ engine: session, control, askOverStdio: flags.askOverStdio, mode: () => state.mode, callInput: (id) => translator.calls.get(id)?.input ?? {}, warn });
  const { tools } = await session.snapshot();
  write(initMessage({ engine: session, tools, model: translator.model, cwd: context.cwd, mode: state.mode, version: context.version, servers: servers.map((server) => server.name) }));
  for (const message of inbox.splice(0)) handle(session, message);
  if (state.initialize) handleControlRequest({ type: "control_request", request_id: state.initialize.requestId, request: state.initialize.body }, { engine: session, control, state, translator, version: context.version, warn, appliedServers: servers.length > 0, appliedPrompt: asked !== undefined });
  try {
    await stdinEnded;
    // Nobody is left to answer a can_use_tool: what is still asked is denied, the turn finishes.
    control.abandon("stdin closed before the answer");
    await session.idle();
  } finally {
    await session.shutdown();
    results.close();
  }
  // Each turn's outcome went out as its `result`; a non-zero exit would make the SDK throw
  // after it. Only a signal (or start-up, above) sets the exit code (ADR 0046).
  return interrupts.exitCode() ?? EXIT.ok;
}

export type { ControlChannel };
