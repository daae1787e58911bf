// What the engine's operations do, over an open session, an agent and an approval broker.
// Only the op dispatcher (session/op-dispatch.ts) calls it: faces reach it through ops and see
// its work as events. It assembles the parts that do the work — the turn queue (one turn at a
// time, a visible queue, compaction), the model switch, the between-turns operations (clear,
// undo), child agents and the snapshot — and answers approvals, questions and interrupts
// itself. An operation that cannot run throws (the dispatcher turns that into an `op.result`
// with `ok: false`).
import type { Agent } from "../turn/agent.js";
import type { ApprovalBroker, ApprovalReply } from "../approval/gate/approval-broker.js";
import type { ApprovalGate } from "../approval/gate/gate.js";
import type { QuestionBroker, QuestionReply } from "../ask/ask-tool.js";
import type { ModelProvider, ThinkingLevel, ToolSpec } from "../llm/provider.js";
import type { Skill } from "../extensions/skills/skill-file.js";
import type { TurnOutcome } from "../turn/loop.js";
import type { OpenSession } from "./open-session.js";
import type { SessionState } from "../state/state.js";
import type { UndoResult } from "../checkpoint/undo.js";
import type { ChildAgent, ChildAgentOptions, CompactResult, ModelChoice, QueuedPrompt, SkillInfo, Snapshot } from "../surface.js";
import type { AgentEvent } from "../events.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { ToolImage } from "../messages.js";
import { closeInterruptedTurn } from "./interrupted-turn.js";
import { createTurnQueue } from "./turn-queue.js";
import { createModelSwitch } from "./model-switch.js";
import { betweenTurns } from "./between-turns.js";
import { childAgents } from "./child-agents.js";
import { sessionHistory, skillInfos, takeSnapshot } from "./engine-snapshot.js";

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
  /** `images` are already checked (op-dispatch.ts, prompt-images.ts). */
  submit(prompt: string, images?: readonly ToolImage[]): QueuedPrompt;
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
  const { session, agent, broker, model, questions } = parts;
  const { bus } = session;
  // Calls started and not yet answered, so an interrupt can name the call it means.
  const openCalls = new Set<string>();
  bus.subscribe((event) => {
    if (event.type === "tool.call") openCalls.add(event.callId);
    else if (event.type === "tool.result") openCalls.delete(event.callId);
    else if (event.type === "turn.ended" && event.agentId === undefined) openCalls.clear();
  });
  // Faces listen by now (session.started went out): they hear the killed run's turn close.
  closeInterruptedTurn(session.state, bus.publish);

  const models = createModelSwitch({
    bus,
    model,
    ...(parts.createModel ? { createModel: parts.createModel } : {}),
    ...(parts.contextBudget !== undefined ? { contextBudget: parts.contextBudget } : {}),
  });
  const turns = createTurnQueue({ bus, agent, ready: () => models.settled(), remember: (prompt) => session.promptHistory.add(prompt) });
  const between = betweenTurns({ session, turns, checkpoints: parts.checkpoints });
  const skills = skillInfos(parts.skills);

  return {
    get sessionId() {
      return session.sessionId;
    },
    get state() {
      return session.state;
    },
    get busy() {
      return turns.busy;
    },
    get thinking() {
      return models.thinking;
    },
    get contextBudget() {
      return models.contextBudget;
    },
    get queue() {
      return turns.items;
    },
    tools: agent.tools,
    skills,
    subscribe: (listener) => bus.subscribe(listener),
    history: async () => sessionHistory(session),
    promptHistory: () => session.promptHistory.load(),
    submit: (prompt, images) => turns.submit(prompt, images),
    abortTurn: () => {
      turns.abort();
      // An undo runs only between turns: the same stop ends it.
      between.stop();
    },
    interruptCommand(callId) {
      if (callId !== undefined && !openCalls.has(callId)) throw new Error(`no call with callId ${callId} is running`);
      if (!agent.interruptCommand()) throw new Error(callId !== undefined ? `call ${callId} runs no command` : "no command is running");
    },
    answerApproval(id, reply) {
      if (!broker.answer(id, reply)) throw new Error(`no approval request with id ${id} is waiting (unknown, or already answered)`);
    },
    answerQuestion(id, reply) {
      if (!questions) throw new Error(`no question with id ${id} is waiting (this session asks none)`);
      questions.answer(id, reply);
    },
    setModel: (choice) => models.setModel(choice),
    listModels: (signal) => models.listModels(signal),
    setThinking: (level) => models.setThinking(level),
    clearContext: () => between.clearContext(),
    // The instructions go to the summary request as typed, not through an event: redacted here,
    // as a prompt is on its way to the model.
    compact: (instructions) => turns.compact(instructions !== undefined && session.redact ? session.redact(instructions) : instructions),
    undo: (options) => between.undo(options),
    snapshot: async (options) =>
      takeSnapshot(
        { session, model, broker, questions, tools: agent.tools, skills, busy: () => turns.busy, queue: () => turns.items, contextBudget: () => models.contextBudget },
        options,
      ),
    idle: () => turns.idle(),
    async shutdown() {
      if (turns.closed) return;
      turns.close();
      between.stop();
      broker.denyAll("the session closed before anyone answered");
      await between.settled();
      await turns.settled();
      await models.settled();
      await agent.close();
      session.close();
      turns.wakeIdle();
    },
    killCommandsNow: () => agent.killCommandsNow(),
    spawnAgent: childAgents({ bus, tools: agent.tools, gate: parts.gate, model, systemPrompt: parts.systemPrompt }),
  };
}
