// What one hook's run means, following Claude Code's protocol. Pure: the runner hands in
// the exit code and output. Exit 0 may carry JSON on stdout; exit 2 blocks with stderr as the
// reason; any other failure (a crash, a timeout, a shell that could not start, JSON that does
// not parse or names no decision we know) is reported,
// and for the events that gate something it blocks too: a hook that could not answer must
// never let through what it exists to refuse.

import { clipHead } from "../../secrets/word-cut.js";

export type HookVerdict =
  | { kind: "deny"; reason: string }
  | { kind: "ask"; reason: string }
  | { kind: "allow"; reason: string }
  /** Ran fine and had nothing to decide; `context` is text for the model (SessionStart, UserPromptSubmit). */
  | { kind: "none"; context?: string }
  /** Failed; `gating` events turn this into a refusal. */
  | { kind: "failed"; reason: string };

export interface HookRun {
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  spawnError?: string;
}

const MAX_REASON = 2000;

export function interpretHookRun(run: HookRun, label: string, timeoutSeconds: number): HookVerdict {
  if (run.spawnError) return { kind: "failed", reason: `hook ${label} could not start: ${run.spawnError}` };
  if (run.timedOut) return { kind: "failed", reason: `hook ${label} timed out after ${timeoutSeconds} s` };
  if (run.exitCode === 2) return { kind: "deny", reason: clip(run.stderr.trim() || `blocked by hook ${label}`) };
  if (run.exitCode !== 0) {
    const how = run.exitCode === null ? `was killed (${run.signal ?? "signal"})` : `exited with ${run.exitCode}`;
    const said = run.stderr.trim() ? `: ${clip(run.stderr.trim())}` : "";
    return { kind: "failed", reason: `hook ${label} ${how}${said}` };
  }
  const text = run.stdout.trim();
  if (!text.startsWith("{")) return text ? { kind: "none", context: clip(text) } : { kind: "none" };
  let output: Record<string, unknown>;
  try {
    output = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    // A decision cut short or mistyped is still a decision that was not made: taking it as
    // plain text let the call through silently (a gating event refuses a failed hook).
    return { kind: "failed", reason: `hook ${label} printed JSON that does not parse (${clip((error as Error).message)})` };
  }
  return fromJson(output, label);
}

const DECISIONS = ["allow", "deny", "ask"];
/** Claude Code's older `decision` values; "approve" decides nothing here (the rules still ask). */
const OLD_DECISIONS = ["block", "approve"];

function fromJson(output: Record<string, unknown>, label: string): HookVerdict {
  const specific = (typeof output.hookSpecificOutput === "object" && output.hookSpecificOutput !== null ? output.hookSpecificOutput : {}) as Record<string, unknown>;
  const reasonOf = (...values: unknown[]) => clip(values.find((value): value is string => typeof value === "string" && value.trim() !== "")?.trim() ?? `by hook ${label}`);
  const decision = specific.permissionDecision;
  // An unknown value ("Deny", "block") was ignored, so the hook's refusal did nothing.
  if (decision !== undefined && !DECISIONS.includes(decision as string)) {
    return { kind: "failed", reason: `hook ${label} answered permissionDecision ${clip(JSON.stringify(decision))}, which is none of ${DECISIONS.join(", ")}` };
  }
  if (output.decision !== undefined && !OLD_DECISIONS.includes(output.decision as string)) {
    return { kind: "failed", reason: `hook ${label} answered decision ${clip(JSON.stringify(output.decision))}, which is none of ${OLD_DECISIONS.join(", ")}` };
  }
  if (decision === "deny") return { kind: "deny", reason: reasonOf(specific.permissionDecisionReason, output.reason) };
  if (decision === "ask") return { kind: "ask", reason: reasonOf(specific.permissionDecisionReason, output.reason) };
  if (decision === "allow") return { kind: "allow", reason: reasonOf(specific.permissionDecisionReason, output.reason) };
  // The older and event-generic form: {"decision": "block", "reason": "…"}; `continue: false` stops too.
  if (output.decision === "block") return { kind: "deny", reason: reasonOf(output.reason) };
  if (output.continue === false) return { kind: "deny", reason: reasonOf(output.stopReason, output.reason) };
  const context = specific.additionalContext;
  return typeof context === "string" && context.trim() ? { kind: "none", context: clip(context.trim()) } : { kind: "none" };
}

function clip(text: string): string {
  // At a word's edge: half a key the hook printed would pass the redactor.
  return clipHead(text, MAX_REASON);
}

/** Several hooks on one event: any refusal wins, then ask, then allow; contexts add up. */
export function combineVerdicts(verdicts: readonly HookVerdict[], gating: boolean): HookVerdict {
  const refusals = verdicts.filter((v) => v.kind === "deny" || (gating && v.kind === "failed"));
  if (refusals.length > 0) return { kind: "deny", reason: refusals.map((v) => (v as { reason: string }).reason).join("; ") };
  for (const kind of ["ask", "allow"] as const) {
    const found = verdicts.filter((v) => v.kind === kind);
    if (found.length > 0) return { kind, reason: found.map((v) => (v as { reason: string }).reason).join("; ") };
  }
  const contexts = verdicts.flatMap((v) => (v.kind === "none" && v.context ? [v.context] : []));
  return contexts.length > 0 ? { kind: "none", context: contexts.join("\n\n") } : { kind: "none" };
}
