// Session state is a fold over events. The live session and a cold rebuild from the wire
// file run this same reducer, so a resumed session is the live one by construction. It folds
// completed items (`assistant.message`, `tool.result`); the live-only stream events
// (wire-policy.ts) pass it by, and an old file's deltas are gathered first (wire-legacy.ts).
import type { AgentEvent, EventOf, EventType, Usage } from "../events.js";
import { repairView } from "./context-repair.js";
import { applyElisions } from "./context-elide.js";
import { messagesTokens, messageTokens } from "./context.js";
import type { ThinkingLevel } from "../llm/provider.js";
import { ResultsById, type AssistantToolCall, type Message } from "../messages.js";
import { messageFromItem } from "../wire/wire-items.js";
import { upgradeLegacy } from "../wire/wire-legacy.js";

export interface UsageTotals {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  costUsd: number;
  /**
   * Requests sent to the model, whatever came back: one per step, one per retry of a step or
   * of a summary, one per compaction's summary request. Not the `usage` events: a response
   * cut off, failed or from a provider that reports no usage is a request all the same.
   */
  requests: number;
}

export interface TodoItem {
  content: string;
  status: "pending" | "in_progress" | "done" | "blocked";
  note?: string;
}

/** The latest compaction, as the fold saw it. */
export interface CompactionState {
  count: number;
  summary: string;
  /** The latest model-written summary (carried by a failed compaction instead of the whole message). */
  modelSummary: string | undefined;
  /** Every file read / changed so far, each once, oldest first (each event holds only its own). */
  filesRead: string[];
  filesChanged: string[];
  /** The user's requests verbatim, oldest first, that compactions took out of the conversation. */
  requests: string[];
}

export interface SessionState {
  sessionId: string | undefined;
  messages: Message[];
  /**
   * The uncalibrated token estimate of `messages` (context.ts), kept by the reducer as the
   * conversation changes: the budget check and the request's estimate read it instead of
   * walking every message (after a resume, 10,000s of them, in code not yet optimised).
   */
  messageTokens: number;
  /**
   * What the person chose to "always allow" for this session: scopes such as
   * `run_command: npm test`; bare tool names come from files written before scopes.
   */
  alwaysAllowed: string[];
  /** The model chosen with `setModel` (a `model.changed` event); undefined: the configured one. */
  model: { provider: string; model: string } | undefined;
  /** The thinking level chosen with `setThinking`; undefined: the configured one. */
  thinking: ThinkingLevel | undefined;
  usage: UsageTotals;
  todos: TodoItem[];
  /**
   * Calls the model made whose results have not arrived yet, in the order they were made
   * (from the step's `assistant.message`).
   */
  openCalls: AssistantToolCall[];
  /** Ids of open calls the gate allowed: one not here when a run died never started (interrupted-turn.ts). */
  allowedCalls: string[];
  /** The turn started and not yet ended: after a resume, a run killed mid-turn (closed as interrupted). */
  openTurn: { turnId: string; rounds: number } | undefined;
  /** Set once the conversation has been compacted; `messages` is then the compacted view. */
  compaction: CompactionState | undefined;
  /**
   * A summary request was announced (`context.compacting`, counted then) and no compaction
   * folded since: its `context.compacted` is not counted again. Files from before the
   * announcement existed count a request at each `context.compacted`.
   */
  compacting: boolean;
  /** The latest undo: the model is told which files changed under it (rebuilt into each request's system prompt). */
  restored: { checkpoint: number; files: string[]; more: number } | undefined;
  lastSeq: number;
}

export function initialState(): SessionState {
  return {
    sessionId: undefined,
    messages: [],
    messageTokens: 0,
    alwaysAllowed: [],
    model: undefined,
    thinking: undefined,
    usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0, requests: 0 },
    todos: [],
    openCalls: [],
    allowedCalls: [],
    openTurn: undefined,
    compaction: undefined,
    compacting: false,
    restored: undefined,
    lastSeq: 0,
  };
}

/** Adds a message to the conversation, and its estimate to the total. */
function addMessage(state: SessionState, message: Message): void {
  state.messages.push(message);
  state.messageTokens += messageTokens(message);
}

const LOST_IN_FILE = "the session file lost this call's result (a damaged line); its effects are unknown";

/**
 * The loop answers every call before it starts another step or turn, so calls still open
 * here lost their results to a damaged line. They are answered in the conversation (not on
 * the wire), in call order right after their assistant message, so the next request stays
 * valid; a late duplicate of such a result is then ignored like any result for no open call.
 */
function answerLostCalls(state: SessionState): void {
  if (state.openCalls.length === 0) return;
  const messages = state.messages;
  let start = messages.length;
  while (start > 0 && messages[start - 1]?.role === "tool") start -= 1;
  const owner = messages[start - 1];
  const lost = new Set(state.openCalls.map((call) => call.id));
  state.openCalls = [];
  if (owner?.role !== "assistant") return;
  const results = new ResultsById<Extract<Message, { role: "tool" }>>();
  for (const message of messages.slice(start)) if (message.role === "tool") results.add(message);
  const block: Message[] = [];
  for (const call of owner.toolCalls) {
    const result = results.take(call.id);
    if (result) block.push(result);
    else if (lost.has(call.id)) block.push({ role: "tool", callId: call.id, name: call.name, content: LOST_IN_FILE, isError: true });
  }
  const removed = messages.splice(start, messages.length - start, ...block);
  state.messageTokens += messagesTokens(block) - messagesTokens(removed);
}

function addUsage(totals: UsageTotals, usage: Usage): void {
  totals.inputTokens += usage.inputTokens;
  totals.outputTokens += usage.outputTokens;
  totals.cacheReadTokens += usage.cacheReadTokens ?? 0;
  totals.cacheWriteTokens += usage.cacheWriteTokens ?? 0;
  totals.costUsd += usage.costUsd ?? 0;
}

/**
 * `earlier` with `touched` added, each path once, a path touched again moved to the end (the
 * newest last: a summary lists the latest). Old files' events held every path so far; added
 * this way they give the same list.
 */
export function mergeFiles(earlier: readonly string[] | undefined, touched: readonly string[]): string[] {
  const files = new Set(earlier);
  for (const file of touched) {
    files.delete(file);
    files.add(file);
  }
  return [...files];
}

/** Replaces the older part of the conversation by its summary (clamped: a damaged file may hold fewer messages). */
function applyCompaction(state: SessionState, event: Extract<AgentEvent, { type: "context.compacted" }>): void {
  const replaced = Math.min(event.replaced, state.messages.length);
  const tail = applyElisions(state.messages.slice(replaced), event.elided);
  if (event.mode === "elided") {
    // Only results were cut: no summary stands in for anything, the last compaction's facts stay.
    state.messages = tail;
    state.messageTokens = messagesTokens(tail);
    return;
  }
  const view: Message[] = [{ role: "user", content: event.summary }, ...tail];
  state.messages = repairView(view, new Set(state.openCalls.map((call) => call.id)));
  state.messageTokens = messagesTokens(state.messages);
  state.compaction = {
    count: (state.compaction?.count ?? 0) + 1,
    summary: event.summary,
    modelSummary: event.modelSummary,
    filesRead: mergeFiles(state.compaction?.filesRead, event.filesRead),
    filesChanged: mergeFiles(state.compaction?.filesChanged, event.filesChanged),
    requests: event.requests ? [...event.requests] : event.request !== undefined ? [event.request] : [],
  };
}

type Applier<T extends EventType> = (state: SessionState, event: EventOf<T>) => void;

/**
 * What each event does to the state, one small function per type; the types not listed
 * change nothing but `lastSeq`. A table rather than one switch: a cold resume folds 10,000s
 * of events before V8 has optimised anything, and a few small functions are compiled sooner
 * than one that inlines them all (bench/notes/2026-12-01-resume-exit-and-peers.md).
 */
const appliers: { [T in EventType]?: Applier<T> } = {
  "session.started": (state, event) => {
    state.sessionId = event.sessionId;
  },
  "turn.started": (state, event) => {
    answerLostCalls(state);
    state.openTurn = { turnId: event.turnId, rounds: 0 };
    const prompt: Message = { role: "user", content: event.prompt };
    // Assigned, not spread in: spreading a conditional object costs an allocation and a copy.
    if (event.images && event.images.length > 0) prompt.images = event.images.map((image) => ({ ...image }));
    addMessage(state, prompt);
  },
  "step.started": (state, event) => {
    answerLostCalls(state);
    if (state.openTurn) state.openTurn.rounds = event.round;
    state.usage.requests += 1;
  },
  // The attempt that failed was a request, and so is the one the retry sends.
  retry: (state) => {
    state.usage.requests += 1;
  },
  "assistant.message": (state, event) => {
    const message = messageFromItem(event);
    if (!message) return;
    addMessage(state, message);
    for (const call of message.toolCalls) state.openCalls.push(call);
  },
  "tool.result": (state, event) => {
    const open = state.openCalls.findIndex((call) => call.id === event.callId);
    // A result for no open call (a duplicate, or its call was lost with a damaged line)
    // would make the next request invalid for every strict provider: keep it out.
    if (open < 0) return;
    state.openCalls.splice(open, 1);
    state.allowedCalls = state.allowedCalls.filter((id) => id !== event.callId);
    const result: Message = { role: "tool", callId: event.callId, name: event.name, content: event.content, isError: event.isError };
    if (event.images && event.images.length > 0) result.images = event.images.map((image) => ({ ...image }));
    addMessage(state, result);
  },
  usage: (state, event) => addUsage(state.usage, event),
  "turn.ended": (state) => {
    state.openTurn = undefined;
    state.allowedCalls = [];
  },
  "approval.decision": (state, event) => {
    if (event.decision === "allow" && state.openCalls.some((call) => call.id === event.callId)) state.allowedCalls.push(event.callId);
    if (event.decision !== "allow" || !event.always) return;
    // Old files have no scope: their "always" covered the whole tool, and still does.
    const entry = event.scope ?? event.name;
    if (!state.alwaysAllowed.includes(entry)) state.alwaysAllowed.push(entry);
  },
  "model.changed": (state, event) => {
    state.model = { provider: event.provider, model: event.model };
  },
  "thinking.changed": (state, event) => {
    state.thinking = event.level;
  },
  "context.cleared": (state) => {
    // The conversation the model sees starts again; memory, todos and usage stay.
    state.messages = [];
    state.messageTokens = 0;
    state.openCalls = [];
    state.compaction = undefined;
    state.restored = undefined;
  },
  "workspace.restored": (state, event) => {
    state.restored = { checkpoint: event.checkpoint, files: event.files, more: event.more };
  },
  "todo.updated": (state, event) => {
    state.todos = event.todos.map((todo) => ({ ...todo }));
  },
  "context.compacting": (state) => {
    state.usage.requests += 1;
    state.compacting = true;
  },
  "context.compacted": (state, event) => {
    // A summary asked for (answered, or failed and the oldest part dropped); only cutting results asks nothing.
    if (event.mode !== "elided") {
      if (!state.compacting) state.usage.requests += 1;
      state.compacting = false;
    }
    applyCompaction(state, event);
  },
};

/** Looked up by the event's `type` string (a Map: the line's string is not one V8 has interned). */
const APPLY = new Map(Object.entries(appliers)) as Map<string, Applier<EventType>>;

/** Applies one event. Mutates and returns `state` (the fold runs once per event, hot path). */
export function reduce(state: SessionState, event: AgentEvent): SessionState {
  state.lastSeq = event.seq;
  APPLY.get(event.type)?.(state, event);
  return state;
}

/** Folds a session file's events, of either wire kind (wire-legacy.ts). */
export function foldEvents(events: Iterable<AgentEvent>, state = initialState()): SessionState {
  const upgrade = upgradeLegacy((event) => reduce(state, event));
  for (const event of events) upgrade.push(event);
  upgrade.end();
  return state;
}
