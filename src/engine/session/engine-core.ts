// What the engine's operations do, over an open session, an agent and an approval broker.
// Only the op dispatcher (protocol/op-dispatch.ts) calls it: faces reach it through ops and see
// its work as events. Turns run one at a time; a prompt submitted meanwhile waits in a visible
// queue. Every state change is an event, so the wire and a resumed session agree. An operation
// that cannot run throws (the dispatcher turns that into an `op.result` with `ok: false`).
import { randomUUID } from "node:crypto";
import { createAgent, type Agent } from "../turn/agent.js";
import type { ApprovalBroker } from "../approval/approval-broker.js";
import type { ApprovalGate } from "../approval/gate.js";
import type { QuestionBroker } from "../ask/ask-tool.js";
import { undo, UndoError } from "../checkpoint/undo.js";
import { contextBudget } from "../state/context.js";
import { childPublish } from "../event-bus.js";
import type { ModelProvider, ThinkingLevel, ToolSpec } from "../llm/provider.js";
import type { Skill } from "../extensions/skills/skill-file.js";
import type { TurnOutcome } from "../turn/loop.js";
import type { OpenSession } from "./open-session.js";
import { initialState, reduce, type SessionState } from "../state/state.js";
import type { ApprovalReply } from "../approval/approval-broker.js";
import type { QuestionReply } from "../ask/ask-tool.js";
import type { UndoResult } from "../checkpoint/undo.js";
import type { ChildAgent, ChildAgentOptions, CompactResult, ModelChoice, QueuedPrompt, SkillInfo, Snapshot } from "../surface.js";
import type { AgentEvent } from "../events.js";
import type { ToolRegistry } from "../tools/registry.js";
import { readWire } from "../wire/wire.js";
import { closeInterruptedTurn } from "./interrupted-turn.js";
import { replayEvents } from "../wire/wire-items.js";

export interface EngineCoreParts {
  session: OpenSession;
  agent: Agent;
  broker: ApprovalBroker;
  /** Pending `ask` questions (only when the face can ask a person). */
  questions?: QuestionBroker;
  /** Skills found for this session (a face's `/<name>`). */
  skills?: readonly Skill[];
  /** The model turns use until setModel changes it. */
  model: { current: ModelProvider; thinking?: ThinkingLevel | undefined };
  /** Builds a provider for setModel; without it setModel only says (a notice) that it cannot. */
  createModel?(choice: ModelChoice): Promise<ModelProvider>;
  /** The parent's gate and system prompt, shared with child agents. */
  gate: ApprovalGate;
  systemPrompt(tools: readonly ToolSpec[], state: SessionState): string;
  /** `context_budget` from the config, when set (else the model's window decides). */
  contextBudget?: number;
  /** Where checkpoints snapshot (the jail's root) and what they leave out; without it, no undo. */
  checkpoints?: { root: string; exclude?: readonly string[] };
}

/** The operations behind the ops; reads (busy, queue, …) for the session's own getters. */
export interface EngineCore {
  readonly sessionId: string;
  readonly state: Readonly<SessionState>;
  readonly busy: boolean;
  readonly thinking: ThinkingLevel | undefined;
  readonly contextBudget: number;
  readonly queue: readonly QueuedPrompt[];
  readonly skills: readonly SkillInfo[];
  readonly tools: ToolRegistry;
  subscribe(listener: (event: AgentEvent) => void): () => void;
  history(): Promise<readonly AgentEvent[]>;
  promptHistory(): readonly string[];
  submit(prompt: string): QueuedPrompt;
  abortTurn(): void;
  interruptCommand(callId?: string): void;
  answerApproval(id: string, reply: ApprovalReply): void;
  answerQuestion(id: string, reply: QuestionReply): void;
  setModel(choice: ModelChoice): Promise<{ provider: string; model: string }>;
  setThinking(level: ThinkingLevel): void;
  listModels(signal?: AbortSignal): Promise<string[]>;
  clearContext(): void;
  compact(instructions?: string): Promise<CompactResult>;
  undo(options: { to?: number; dryRun?: boolean }): Promise<UndoResult>;
  snapshot(options: { history?: boolean }): Promise<Snapshot>;
  idle(): Promise<TurnOutcome | undefined>;
  shutdown(): Promise<void>;
  killCommandsNow(): void;
  spawnAgent(options: ChildAgentOptions): ChildAgent;
}

export function createEngineCore(parts: EngineCoreParts): EngineCore {
  const { session, agent, broker, model } = parts;
  const { bus } = session;
  const queue: QueuedPrompt[] = [];
  let busy = false;
  let closed = false;
  let controller: AbortController | undefined;
  let running: Promise<void> | undefined;
  let lastOutcome: TurnOutcome | undefined;
  let modelSwitch: Promise<void> = Promise.resolve();
  let idleWaiters: ((outcome: TurnOutcome | undefined) => void)[] = [];
  // Calls started and not yet answered, so an interrupt can name the call it means.
  const openCalls = new Set<string>();
  bus.subscribe((event) => {
    if (event.type === "tool.call") openCalls.add(event.callId);
    else if (event.type === "tool.result") openCalls.delete(event.callId);
    else if (event.type === "turn.ended" && event.agentId === undefined) openCalls.clear();
  });

  const notice = (level: "info" | "warn" | "error", message: string) => bus.publish("notice", { level, message });
  // Faces listen by now (session.started went out): they hear the killed run's turn close.
  closeInterruptedTurn(session.state, bus.publish);

  function settleIdle(): void {
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve(lastOutcome);
  }

  function start(item: QueuedPrompt): void {
    busy = true;
    const turnController = new AbortController();
    controller = turnController;
    running = (async () => {
      let outcome: TurnOutcome;
      try {
        await modelSwitch;
        outcome = await agent.runTurn(item.prompt, turnController.signal);
      } catch (error) {
        // The loop turns provider and tool failures into events; this is a bug's last stop.
        notice("error", `the turn failed: ${(error as Error).message ?? String(error)}`);
        outcome = { stopReason: "error", rounds: 0 };
      }
      lastOutcome = outcome;
      busy = false;
      controller = undefined;
      next();
    })();
  }

  /** After a turn or a compaction: the next queued prompt runs, or idle waiters hear. */
  function next(): void {
    const item = closed ? undefined : queue.shift();
    if (item) {
      bus.publish("prompt.dequeued", { id: item.id });
      start(item);
    } else {
      settleIdle();
    }
  }

  async function compact(instructions: string | undefined): Promise<CompactResult> {
    if (closed) throw new Error("the session is shut down; open it again to compact it");
    if (busy) {
      notice("warn", "the context can be compacted only between turns; stop the turn first");
      return { compacted: false, reason: "a turn is running" };
    }
    busy = true;
    const compactController = new AbortController();
    controller = compactController;
    const work = (async (): Promise<CompactResult> => {
      try {
        await modelSwitch;
        const outcome = await agent.compact(instructions, compactController.signal);
        return outcome.compacted ? { compacted: true } : { compacted: false, reason: outcome.reason };
      } catch (error) {
        if (compactController.signal.aborted) return { compacted: false, reason: "stopped" };
        notice("error", `compaction failed: ${(error as Error).message ?? String(error)}`);
        return { compacted: false, reason: (error as Error).message ?? String(error) };
      } finally {
        busy = false;
        controller = undefined;
      }
    })();
    running = work.then(() => undefined);
    const result = await work;
    if (!result.compacted && result.reason !== "stopped") notice("info", `nothing compacted: ${result.reason}`);
    next();
    return result;
  }

  const budget = () => contextBudget({ model: model.current.model, ...(parts.contextBudget !== undefined ? { configured: parts.contextBudget } : {}) });
  const skills: SkillInfo[] = (parts.skills ?? []).map((skill) => ({ name: skill.name, description: skill.description, body: skill.body, scope: skill.scope }));

  function dropQueue(reason: string): void {
    for (const item of queue.splice(0)) bus.publish("prompt.dropped", { id: item.id, reason });
  }

  return {
    get sessionId() {
      return session.sessionId;
    },
    get state() {
      return session.state;
    },
    get busy() {
      return busy;
    },
    get thinking() {
      return model.thinking;
    },
    get contextBudget() {
      return budget();
    },
    get queue() {
      return [...queue];
    },
    tools: agent.tools,
    skills,
    subscribe: (listener) => bus.subscribe(listener),
    async history() {
      // Each stored message with the live events a face drew it from (the file keeps no deltas).
      return replayEvents(readWire(session.file).events);
    },
    promptHistory: () => session.promptHistory.load(),
    submit(prompt) {
      if (closed) throw new Error("the session is shut down; open it again to submit a prompt");
      session.promptHistory.add(prompt);
      const item: QueuedPrompt = { id: randomUUID(), prompt };
      if (busy || queue.length > 0) {
        queue.push(item);
        bus.publish("prompt.queued", { id: item.id, prompt });
      } else {
        start(item);
      }
      return item;
    },
    abortTurn() {
      dropQueue("the turn was stopped");
      // The turn's signal also denies every approval it is waiting for.
      controller?.abort();
    },
    interruptCommand(callId) {
      if (callId !== undefined && !openCalls.has(callId)) throw new Error(`no call with callId ${callId} is running`);
      if (!agent.interruptCommand()) throw new Error(callId !== undefined ? `call ${callId} runs no command` : "no command is running");
    },
    answerApproval(id, reply) {
      if (!broker.answer(id, reply)) throw new Error(`no approval request with id ${id} is waiting (unknown, or already answered)`);
    },
    answerQuestion(id, reply) {
      if (!parts.questions?.answer(id, reply)) throw new Error(`no question with id ${id} is waiting (unknown, or already answered)`);
    },
    setModel(choice) {
      if (!parts.createModel) {
        notice("warn", "this session cannot switch models");
        return Promise.reject(new Error("this session cannot switch models"));
      }
      const create = parts.createModel;
      // Applied before the next turn starts; a turn already running keeps its model.
      const switched = modelSwitch.then(async () => {
        try {
          const provider = await create(choice);
          model.current = provider;
          bus.publish("model.changed", { provider: provider.name, model: provider.model });
          return { provider: provider.name, model: provider.model };
        } catch (error) {
          const message = `cannot switch to ${choice.provider ? `${choice.provider}/` : ""}${choice.model}: ${(error as Error).message}`;
          notice("error", message);
          throw new Error(message);
        }
      });
      modelSwitch = switched.then(() => undefined, () => undefined);
      return switched;
    },
    async listModels(signal) {
      // A switch asked for just before is the provider whose list is wanted.
      await modelSwitch;
      const provider = model.current;
      if (!provider.listModels) throw new Error(`the ${provider.name} provider cannot list its models`);
      return provider.listModels(signal);
    },
    setThinking(level) {
      model.thinking = level;
      bus.publish("thinking.changed", { level });
    },
    clearContext() {
      if (busy) {
        notice("warn", "the context can be cleared only between turns; stop the turn first");
        throw new Error("the context can be cleared only between turns; stop the turn first");
      }
      bus.publish("context.cleared", {});
    },
    compact,
    async undo(options) {
      if (!parts.checkpoints) throw new UndoError("this session keeps no checkpoints");
      if (busy || closed) throw new UndoError("undo waits for the turn to end (stop it first)");
      const { root, exclude } = parts.checkpoints;
      return undo({ sessionFile: session.file, sideDir: session.sideDir, bus, root, target: options.to !== undefined ? { kind: "turn", turn: options.to } : { kind: "last" }, dryRun: options.dryRun ?? false, ...(exclude ? { exclude } : {}) });
    },
    async snapshot(options) {
      return {
        sessionId: session.sessionId,
        provider: model.current.name,
        model: model.current.model,
        ...(model.thinking !== undefined ? { thinking: model.thinking } : {}),
        busy,
        queue: [...queue],
        contextBudget: budget(),
        skills: skills.map(({ name, description, scope }) => ({ name, description, scope })),
        usage: { ...session.state.usage },
        pendingApprovals: broker.pendingIds(),
        pendingQuestions: parts.questions?.pending() ?? [],
        tools: agent.tools.names(),
        ...(options.history ? { events: replayEvents(readWire(session.file).events) } : {}),
      };
    },
    idle() {
      if (!busy && queue.length === 0) return Promise.resolve(lastOutcome);
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    async shutdown() {
      if (closed) return;
      closed = true;
      dropQueue("the session closed");
      controller?.abort();
      broker.denyAll("the session closed before anyone answered");
      await running;
      await modelSwitch;
      await agent.close();
      session.close();
      settleIdle();
    },
    killCommandsNow: () => agent.killCommandsNow(),
    spawnAgent(options) {
      const state = initialState();
      const unsubscribe = bus.subscribe((event) => {
        if (event.agentId === options.agentId) reduce(state, event);
      });
      const origin = { agentId: options.agentId, parentCallId: options.parentCallId };
      const child = createAgent({
        publish: childPublish(bus.publish, origin),
        state: () => state,
        tools: options.tools ?? agent.tools,
        // The parent's gate (rules, guards, approver); its approval events carry the child's origin.
        gate: (callId, tool, input, signal) => parts.gate(callId, tool, input, signal, origin),
        provider: () => model.current,
        thinking: () => model.thinking,
        systemPrompt: options.systemPrompt === undefined ? parts.systemPrompt : () => options.systemPrompt!,
        ...(options.maxRounds ? { maxRounds: options.maxRounds } : {}),
      });
      return { state, runTurn: (prompt, signal) => child.runTurn(prompt, signal), close: unsubscribe };
    },
  };
}
