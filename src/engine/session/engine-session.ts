// The EngineSession (surface.ts): a thin typed wrapper over the protocol. `submit(op)` hands an
// op to the dispatcher, which answers with an `op.result` event; each named method sends one op
// (with an id of its own) and returns the value that event carries, or throws its error. Reads
// (busy, queue, history) come straight from the core; nothing else crosses.
import { createEngineCore, type EngineCoreParts } from "./engine-core.js";
import { createOpDispatcher, type ApprovalPolicy, type OpOutcome } from "./op-dispatch.js";
import type { Op } from "../protocol/ops.js";
import type { ApprovalDecision } from "../approval/gate/approval-broker.js";
import type { CompactResult, EngineHost, OpResult, QueuedPrompt, Snapshot } from "../surface.js";
import type { UndoResult } from "../checkpoint/undo.js";
import type { ToolImage } from "../messages.js";

export type EngineSessionParts = EngineCoreParts;

const DECISIONS: Record<ApprovalDecision, "allow" | "always" | "deny"> = { allow_once: "allow", allow_always: "always", deny: "deny" };

/** The value of a successful outcome, or its error thrown again (an UndoError stays one). */
function valueOf<T>(outcome: OpOutcome): T {
  if (!outcome.ok) throw outcome.cause;
  return outcome.value as T;
}

const resultOf = (outcome: OpOutcome): OpResult => {
  const { cause: _cause, ...result } = outcome as OpOutcome & { cause?: unknown };
  return result;
};

export function createEngineSession(parts: EngineSessionParts): EngineHost {
  const core = createEngineCore(parts);
  const dispatch = createOpDispatcher(core, parts.session.bus.publish);
  // In-process ops get ids of their own; a protocol client chooses its own.
  let sent = 0;
  const send = (fields: DistributiveOmit<Op, "id">, policy?: ApprovalPolicy) => dispatch({ ...fields, id: `local-${++sent}` } as Op, policy);
  const sendNow = (fields: DistributiveOmit<Op, "id">, policy?: ApprovalPolicy) => send(fields, policy) as OpOutcome;

  function submit(prompt: string, images?: readonly ToolImage[]): QueuedPrompt;
  function submit(op: Op): Promise<OpResult>;
  function submit(input: string | Op, images?: readonly ToolImage[]): QueuedPrompt | Promise<OpResult> {
    if (typeof input !== "string") return Promise.resolve(dispatch(input)).then((outcome) => ({ id: input.id, op: input.op, ...resultOf(outcome) }));
    return valueOf<QueuedPrompt>(sendNow({ op: "submit", text: input, ...(images && images.length > 0 ? { images: [...images] } : {}) }));
  }

  return {
    get sessionId() {
      return core.sessionId;
    },
    get state() {
      return core.state;
    },
    get busy() {
      return core.busy;
    },
    get thinking() {
      return core.thinking;
    },
    get contextBudget() {
      return core.contextBudget;
    },
    get queue() {
      return core.queue;
    },
    skills: core.skills,
    tools: core.tools,
    subscribe: (listener) => core.subscribe(listener),
    history: () => core.history(),
    listModels: (signal) => core.listModels(signal),
    promptHistory: () => core.promptHistory(),
    submit,
    refuse(reply) {
      queueMicrotask(() => parts.session.bus.publish("op.result", { ...reply, ok: false }));
    },
    abortTurn() {
      sendNow({ op: "abortTurn" });
    },
    interruptCommand: (callId) => sendNow({ op: "interruptCommand", ...(callId !== undefined ? { callId } : {}) }).ok,
    answerApproval(id, reply) {
      const policy: ApprovalPolicy = { ...(reply.by ? { by: reply.by } : {}), ...(reply.reason ? { reason: reply.reason } : {}) };
      sendNow({ op: "answerApproval", requestId: id, decision: DECISIONS[reply.decision], ...(reply.note !== undefined ? { note: reply.note } : {}) }, policy);
    },
    answerQuestion(id, reply) {
      sendNow({ op: "answerQuestion", requestId: id, answer: reply });
    },
    setModel(choice) {
      // The outcome is an event (model.changed, or a notice and a failed op.result); a choice
      // refused at once (a blank name) also throws, so the caller can say so.
      const outcome = send({ op: "setModel", model: choice.model, ...(choice.provider !== undefined ? { provider: choice.provider } : {}) });
      if (!(outcome instanceof Promise) && !outcome.ok) throw outcome.cause;
    },
    setThinking(level) {
      sendNow({ op: "setThinking", level });
    },
    clearContext() {
      sendNow({ op: "clearContext" });
    },
    compact: async (instructions) => valueOf<CompactResult>(await send({ op: "compact", ...(instructions !== undefined ? { instructions } : {}) })),
    undo: async (options = {}) => valueOf<UndoResult>(await send({ op: "undo", ...options })),
    snapshot: async (options = {}) => valueOf<Snapshot>(await send({ op: "snapshot", ...options })),
    idle: () => core.idle(),
    async shutdown() {
      valueOf(await send({ op: "shutdown" }));
    },
    killCommandsNow: () => core.killCommandsNow(),
    spawnAgent: (options) => core.spawnAgent(options),
  };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
