// The engine's surface: the one way every face (print mode, the TUI, `mini-agent rpc`, an
// editor adapter) drives a session. The protocol is `submit(op)` with an `Op`
// (protocol/ops.ts) in and events out (events.ts); every op's outcome is an `op.result` event
// naming its id. The named methods below are thin typed wrappers that send one op each and
// hand back the value its `op.result` carries (ADR 0039). State is read from events and the
// `snapshot` op, never from the reducer's struct: faces do not get it.
//
// This file is the contract only; `engine-session.ts` implements it, and `src/bootstrap.ts`
// (`openEngine`) assembles one for a face.
import type { ApprovalReply } from "./approval/gate/approval-broker.js";
import type { UndoResult } from "./checkpoint/undo.js";
import type { QuestionReply } from "./ask/ask-tool.js";
import type { AgentEvent, EventOf } from "./events.js";
import type { ThinkingLevel } from "./llm/provider.js";
import type { TurnOutcome } from "./turn/loop.js";
import type { Op } from "./protocol/ops.js";
import type { ToolImage } from "./messages.js";
import type { SessionState, UsageTotals } from "./state/state.js";
import type { ToolRegistry } from "./tools/registry.js";

/**
 * How a person (or a policy such as --yes) answers an approval request: `ApprovalDecision`
 * is allow_once | allow_always | deny; `ApprovalReply` adds an optional note for the model
 * (and, for policies, `by: "flag"` and a reason). Defined beside the broker that uses them.
 */
export type { ApprovalDecision, ApprovalReply } from "./approval/gate/approval-broker.js";

/** A prompt waiting for the running turn to end; `queued` / `dequeued` / `dropped` events track it. */
export interface QueuedPrompt {
  id: string;
  prompt: string;
}

export interface CompactResult {
  compacted: boolean;
  /** Why nothing was compacted (a turn runs, nothing to summarise, stopped). */
  reason?: string;
}

export interface ModelChoice {
  provider?: string;
  model: string;
}

/** The payload of an `op.result` event: what `submit(op)` resolves with. */
export type OpResult = Omit<EventOf<"op.result">, "type" | "seq" | "ts" | "agentId" | "parentCallId">;

/** What a face attaching late needs (the `snapshot` op's value). */
export interface Snapshot {
  sessionId: string;
  provider: string;
  model: string;
  thinking?: ThinkingLevel;
  busy: boolean;
  queue: QueuedPrompt[];
  contextBudget: number;
  skills: { name: string; description: string; scope: "project" | "user" }[];
  /** Token totals of the whole session (a resumed one's earlier turns included). */
  usage: UsageTotals;
  /** Ids of `approval.request`s / `question.asked`s still waiting for an answer. */
  pendingApprovals: string[];
  pendingQuestions: string[];
  /** The names of the tools the model is offered now. */
  tools: string[];
  /** The session's events so far, from its file (with `{history: true}`). */
  events?: readonly AgentEvent[];
  /** Present when events are missing from the session file (a full disk): how many, and why. */
  unsaved?: { file: string; events: number; reason: string };
}

export interface EngineSession {
  readonly sessionId: string;
  /** True while a turn runs (from `turn.started` to `turn.ended`). */
  readonly busy: boolean;
  /**
   * Tokens the conversation may use before it is compacted: `context_budget` when configured,
   * else the current model's window minus room for the answer (follows setModel).
   */
  readonly contextBudget: number;
  /** The thinking level the next request uses (the configured one until setThinking). */
  readonly thinking: ThinkingLevel | undefined;
  /** Prompts waiting for the running turn to end, in the order they will run. */
  readonly queue: readonly QueuedPrompt[];

  /** Every event published from now on, in order. Returns the unsubscribe function. */
  subscribe(listener: (event: AgentEvent) => void): () => void;
  /**
   * What a face needs to draw the earlier conversation of a resumed session: the events
   * already in the session file, in order (read back from the file, not held in memory).
   */
  history(): Promise<readonly AgentEvent[]>;

  /** Prompts submitted in this workspace, oldest first, across sessions and restarts (the up-arrow's list). */
  promptHistory(): readonly string[];
  /** Answers an op that could not be read (a malformed `mini-agent rpc` line) with a failed `op.result`. */
  refuse(reply: { id?: string | number; op?: string; error: string }): void;
  /**
   * Runs the prompt now when idle, else queues it (a `prompt.queued` event) to run after.
   * `images` go with it (PNG, JPEG, GIF or WebP, base64); a bad one throws, naming it, and nothing runs.
   */
  submit(prompt: string, images?: readonly ToolImage[]): QueuedPrompt;
  /**
   * The protocol: sends one op; resolves with its `op.result` (also published as an event),
   * which says `ok: false` and why when the op could not run. Never rejects.
   */
  submit(op: Op): Promise<OpResult>;
  /** Stops the running turn and drops every queued prompt; pending approvals resolve as denied. */
  abortTurn(): void;
  /** Kills the running command's process tree (of call `callId`, when given); the turn goes on. False when none runs. */
  interruptCommand(callId?: string): boolean;
  /**
   * Answers the `question.asked` with this id (the `ask` tool, offered only to faces that can
   * ask a person): picked option labels, free text, or `{ dismissed: true }` for esc.
   */
  answerQuestion(id: string, reply: QuestionReply): void;
  /** Skills found for this session; a face's `/<name>` submits a prompt with the body. */
  readonly skills: readonly SkillInfo[];
  /** Answers the `approval.request` with this id. Unknown or already answered ids are ignored. */
  answerApproval(id: string, reply: ApprovalReply): void;
  /** Switches before the next turn; throws at once for a blank model or provider name (the switch itself reports by events). */
  setModel(choice: ModelChoice): void;
  /** The ids of the models the current provider serves (its `/models` list), sorted; rejects with its error. */
  listModels(signal?: AbortSignal): Promise<string[]>;
  setThinking(level: ThinkingLevel): void;
  /** A fresh context in the same session file (an event, so a resume sees it too). */
  clearContext(): void;
  /**
   * `/compact [instructions]`: summarises the older part of the conversation now (a
   * `context.compacted` event). Between turns only; while it runs, prompts queue as during a
   * turn and `abortTurn` stops it. Resolves with whether anything was compacted and, if not, why.
   */
  compact(instructions?: string): Promise<CompactResult>;
  /**
   * `/undo`: puts the workspace back to the checkpoint before the last turn that changed files
   * (ADR 0011), after checkpointing the current state. Between turns only; `dryRun` only says
   * which files would change. Rejects with an `UndoError` saying why it cannot.
   */
  undo(options?: { to?: number; dryRun?: boolean }): Promise<UndoResult>;
  /** What a face attaching late needs: model, thinking, queue, pending requests, and the events so far with `history`. */
  snapshot(options?: { history?: boolean }): Promise<Snapshot>;
  /** Resolves when no turn runs and the queue is empty; the outcome of the last turn run. */
  idle(): Promise<TurnOutcome | undefined>;
  /** Aborts what runs, denies pending approvals, reaps commands, closes the session file. */
  shutdown(): Promise<void>;
  /** For a process that must exit at once (a second Ctrl-C): kills every command now. */
  killCommandsNow(): void;
}

/**
 * What the composition root (src/bootstrap.ts) holds beside the face's surface: the reducer's
 * state, the tool registry and child agents. Faces never see these.
 */
export interface EngineHost extends EngineSession {
  /** The folded state; read it, never mutate it. */
  readonly state: Readonly<SessionState>;
  /**
   * The tools offered to the model. It may change during the session (MCP servers, skills):
   * `tools.add` / `tools.remove`, and the next request follows.
   */
  readonly tools: ToolRegistry;
  /**
   * A child agent (a subagent started by the parent's tool call `parentCallId`): it shares
   * this session's gate (so its calls meet the same guards, rules and memory) and model, and
   * publishes through a child bus into this session's bus, each event stamped with `agentId`
   * and `parentCallId`. Its conversation is its own; this session's state ignores it.
   */
  spawnAgent(options: ChildAgentOptions): ChildAgent;
}

export interface ChildAgentOptions {
  agentId: string;
  parentCallId: string;
  /** The child's tools; default: the parent's. */
  tools?: ToolRegistry;
  systemPrompt?: string;
  maxRounds?: number;
}

export interface ChildAgent {
  readonly state: Readonly<SessionState>;
  runTurn(prompt: string, signal: AbortSignal): Promise<TurnOutcome>;
  /** Stops folding its events; the commands it started belong to the session and are reaped with it. */
  close(): void;
}

export type { QuestionReply } from "./ask/ask-tool.js";
export type { UndoResult } from "./checkpoint/undo.js";

/** A skill as a face lists it (`/<name>`): its body is what gets injected. */
export interface SkillInfo {
  name: string;
  description: string;
  body: string;
  scope: "project" | "user";
}
