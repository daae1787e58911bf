// Approval by id. The gate asks; the broker keeps the question open under its id until a face
// (a person, or a policy such as --yes) calls `answer(id, reply)`, or the turn is aborted, or
// the session shuts down. An abort or shutdown answers every open question with a deny, so
// nothing ever waits on a request nobody will answer.
import type { ApprovalAnswer, ApprovalQuestion, Approver } from "./gate.js";

export type ApprovalDecision = "allow_once" | "allow_always" | "deny";

export interface ApprovalReply {
  decision: ApprovalDecision;
  /** Optional words for the model ("use the other file", "don't touch CI"). */
  note?: string;
  /** Who answers: a person (default) or a policy such as --yes or print mode's refusal. */
  by?: "user" | "flag";
  /** Why, in words for the event and the model (a policy says which flag). */
  reason?: string;
}

interface Pending {
  question: ApprovalQuestion;
  resolve(answer: ApprovalAnswer): void;
}

export interface ApprovalBroker {
  /** The gate's approver: registers the question under its id and waits for an answer. */
  approver: Approver;
  /** Answers an open question; unknown or already answered ids are ignored (returns false). */
  answer(id: string, reply: ApprovalReply): boolean;
  /** Denies every open question (shutdown, the face closed). */
  denyAll(reason: string): void;
  /** Ids of the questions waiting for an answer, oldest first. */
  pendingIds(): string[];
}

export function toAnswer(reply: ApprovalReply, question: ApprovalQuestion): ApprovalAnswer {
  const allow = reply.decision !== "deny";
  const by = reply.by ?? "user";
  const note = reply.note?.trim();
  const fallback = allow ? "approved" : by === "user" ? "declined by the user" : "declined";
  return {
    decision: allow ? "allow" : "deny",
    by,
    // "Always" only where a scope was offered; otherwise it counts once.
    ...(reply.decision === "allow_always" && question.canAlwaysAllow ? { always: true } : {}),
    reason: reply.reason ?? fallback,
    ...(note ? { note } : {}),
  };
}

export function createApprovalBroker(): ApprovalBroker {
  const pending = new Map<string, Pending>();

  function settle(id: string, answer: ApprovalAnswer): boolean {
    const open = pending.get(id);
    if (!open) return false;
    pending.delete(id);
    open.resolve(answer);
    return true;
  }

  const approver: Approver = (question, signal) =>
    new Promise<ApprovalAnswer>((resolve) => {
      const aborted: ApprovalAnswer = { decision: "deny", by: "flag", reason: "the turn was stopped before anyone answered" };
      if (signal?.aborted) return resolve(aborted);
      const onAbort = () => settle(question.id, aborted);
      signal?.addEventListener("abort", onAbort, { once: true });
      pending.set(question.id, {
        question,
        resolve: (answer) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(answer);
        },
      });
    });

  return {
    approver,
    answer(id, reply) {
      const open = pending.get(id);
      return open ? settle(id, toAnswer(reply, open.question)) : false;
    },
    denyAll(reason) {
      for (const id of [...pending.keys()]) settle(id, { decision: "deny", by: "flag", reason });
    },
    pendingIds: () => [...pending.keys()],
  };
}
