// Print mode cannot ask anyone, so a policy answers every approval request through the same
// flow a person would use (answerApproval by id): --yes allows once, otherwise the model is
// told how to get approval. Guards and rules run before any request, so --yes never skips them.
import type { AgentEvent } from "../../events.js";
import type { ApprovalReply } from "./approval-broker.js";

export interface Answerable {
  subscribe(listener: (event: AgentEvent) => void): () => void;
  answerApproval(id: string, reply: ApprovalReply): void;
}

export const NEEDS_APPROVAL = "needs approval: rerun with --yes";

/** Answers every `approval.request` of the session; returns the unsubscribe function. */
export function answerByFlag(engine: Answerable, yes: boolean): () => void {
  const reply: ApprovalReply = yes
    ? { decision: "allow_once", by: "flag", reason: "approved by --yes" }
    : { decision: "deny", by: "flag", reason: NEEDS_APPROVAL };
  return engine.subscribe((event) => {
    if (event.type === "approval.request" && event.id) engine.answerApproval(event.id, reply);
  });
}
