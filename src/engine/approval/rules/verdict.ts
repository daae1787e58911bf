import type { ApprovalClass } from "../../events.js";

/** What the pure rules say about one call, before any person is asked. */
export interface Verdict {
  decision: ApprovalClass;
  reason: string;
  /** A target that always asks: "always allow" is neither applied nor remembered for it. */
  critical?: boolean;
  /** Lines a person needs to decide (e.g. each parsed part of a command and its verdict). */
  detail?: string[];
  /**
   * Allowed because the strict allowlist proved it changes no file: not by the sandbox's
   * relaxation (workspace writers run unasked there, and they do write), not by a vouched
   * program (the project's tests, a user's allow rule). Only such a call skips the turn's
   * checkpoint (ADR 0022).
   */
  readOnly?: true;
}
