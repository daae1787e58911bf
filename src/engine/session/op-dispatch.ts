// One op onto the engine's operations, and its outcome as one `op.result` event naming the op's
// id: an operation that cannot run (a wrong id, a turn in the way, a model that fails to load)
// answers `ok: false` with the reason; nothing is returned out of band. The op must already be
// well-formed: `mini-agent rpc` validates what it reads (op-line.ts), typed faces cannot err.
import type { ApprovalDecision, ApprovalReply } from "../approval/gate/approval-broker.js";
import type { EngineCore } from "./engine-core.js";
import type { Publish } from "../event-bus.js";
import type { OpResult } from "../surface.js";
import type { Op } from "../protocol/ops.js";
import { checkPrompt } from "./prompt-images.js";

/** An op's outcome; `cause` (the error thrown) stays in-process for the typed wrappers. */
export type OpOutcome = (OpResult & { ok: true }) | (OpResult & { ok: false; error: string; cause: unknown });

/** Who answers an approval: over the protocol always a person; in-process a policy may say it is one (--yes). */
export type ApprovalPolicy = Pick<ApprovalReply, "by" | "reason">;

const DECISIONS: Record<"allow" | "always" | "deny", ApprovalDecision> = { allow: "allow_once", always: "allow_always", deny: "deny" };

export type Dispatch = (op: Op, policy?: ApprovalPolicy) => OpOutcome | Promise<OpOutcome>;

export function createOpDispatcher(core: EngineCore, publish: Publish): Dispatch {
  const reply = (op: Op, outcome: OpOutcome): OpOutcome => {
    const { cause: _cause, ...result } = outcome as OpOutcome & { cause?: unknown };
    // After the event being delivered now, if any: an op sent from a subscriber (--yes answering
    // an approval.request) must not have its reply overtake that event at later subscribers.
    queueMicrotask(() => publish("op.result", { ...result, id: op.id, op: op.op }));
    return outcome;
  };
  const ok = (op: Op, value?: unknown): OpOutcome => reply(op, { ok: true, ...(value !== undefined ? { value } : {}) });
  const failed = (op: Op, error: unknown): OpOutcome => reply(op, { ok: false, error: (error as Error)?.message ?? String(error), cause: error });

  /** Runs one operation: a thrown error or a rejection is the op's failure. */
  const settle = (op: Op, run: () => unknown): OpOutcome | Promise<OpOutcome> => {
    let result: unknown;
    try {
      result = run();
    } catch (error) {
      return failed(op, error);
    }
    if (result instanceof Promise) return result.then((value) => ok(op, value), (error) => failed(op, error));
    return ok(op, result);
  };

  return (op, policy) => {
    switch (op.op) {
      case "submit":
        return settle(op, () => {
          // Checked before anything starts: a bad image (or nothing to send) refuses the op, and no turn runs.
          const images = checkPrompt(op.text, op.images);
          return core.submit(op.text, images);
        });
      case "abortTurn":
        return settle(op, () => core.abortTurn());
      case "interruptCommand":
        return settle(op, () => core.interruptCommand(op.callId));
      case "answerApproval":
        return settle(op, () => core.answerApproval(op.requestId, { decision: DECISIONS[op.decision], ...(op.note !== undefined ? { note: op.note } : {}), ...policy }));
      case "answerQuestion":
        return settle(op, () => core.answerQuestion(op.requestId, op.answer));
      case "setModel":
        return settle(op, () => core.setModel({ model: op.model, ...(op.provider !== undefined ? { provider: op.provider } : {}) }));
      case "setThinking":
        return settle(op, () => core.setThinking(op.level));
      case "compact":
        return settle(op, () => core.compact(op.instructions));
      case "clearContext":
        return settle(op, () => core.clearContext());
      case "undo":
        return settle(op, () => core.undo({ ...(op.to !== undefined ? { to: op.to } : {}), ...(op.dryRun !== undefined ? { dryRun: op.dryRun } : {}) }));
      case "snapshot":
        return settle(op, () => core.snapshot({ ...(op.history !== undefined ? { history: op.history } : {}) }));
      case "shutdown":
        return settle(op, () => core.shutdown());
      default: {
        // A typed caller cannot get here; an untyped one hears which name was wrong.
        const unknown = op as { id: string; op: unknown };
        return failed(unknown as Op, new Error(`unknown op ${JSON.stringify(unknown.op)}`));
      }
    }
  };
}
