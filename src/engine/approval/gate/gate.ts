// The approval gate: the only place an ApprovedCall can be made. The executor refuses
// anything else, so a denied call cannot reach a tool by construction.
// Order: async guards (hooks, policies; --yes never skips them) → pure rules (deny is final)
// → the scoped "always" memory → a call that would change nothing is answered as such (nobody
// asked, nothing run) → the approver, asked by id (approval.request / .decision).
import { randomUUID } from "node:crypto";
import type { Publish } from "../../event-bus.js";
import type { EventOrigin } from "../../events.js";
import type { Tool, ToolPreview, ToolSubject } from "../../tools/tool.js";
import { scopeCovers, scopeFor, type ScopedCall } from "./always-scope.js";
import { evaluateRules, urlHost, writeTargets, type CommandRules, type RuleContext } from "../rules/rules.js";
import type { Verdict } from "../rules/verdict.js";

declare const approvedBrand: unique symbol;

export interface ApprovedCall {
  readonly [approvedBrand]: true;
  readonly callId: string;
  readonly tool: Tool;
  readonly input: unknown;
  /** Who answered the question it was approved by; absent when it was allowed without one. */
  readonly answeredBy?: "user" | "flag";
  /** The rules proved this command only reads (Verdict.readOnly): it runs with no network. */
  readonly provedReadOnly?: true;
  /** The state the preview the person approved was made from (ToolPreview.basis). */
  readonly previewBasis?: string;
}

const issued = new WeakSet<object>();

/** Runtime half of the brand: the type can be forged with a cast, the WeakSet cannot. */
export function assertApproved(call: unknown): asserts call is ApprovedCall {
  if (typeof call !== "object" || call === null || !issued.has(call)) {
    throw new Error("refusing to execute a tool call that the approval gate did not approve");
  }
}

export interface ApprovalQuestion {
  /** The request's id: answers name it. */
  id: string;
  callId: string;
  name: string;
  reason: string;
  preview?: string;
  uncommittedChanges?: boolean;
  /** Whether "always allow" may be offered (never for critical files; only with a scope). */
  canAlwaysAllow: boolean;
  /** What "always" would cover, e.g. `run_command: npm test`. */
  scope?: string;
}

export interface ApprovalAnswer {
  decision: "allow" | "deny";
  /** "flag" for --yes and other non-interactive policies, "user" for a person. */
  by: "flag" | "user";
  always?: boolean;
  reason?: string;
  /** Words for the model from whoever answered. */
  note?: string;
}

/**
 * Asks whoever is in front of the session. It must register the question synchronously
 * (before its first await): the request event is published right after the call, and an
 * answerer may reply from inside that publish. The signal is the turn's: an abort denies.
 */
export type Approver = (question: ApprovalQuestion, signal?: AbortSignal) => Promise<ApprovalAnswer>;

/** What a guard sees of a call. */
export interface GuardCall {
  callId: string;
  name: string;
  kind: Tool["kind"];
  input: Record<string, unknown>;
  subject: ToolSubject;
}

/** A guard's say: deny is final; confirm forces a question (no memory, no rule allow); allow skips asking unless the rules deny. */
export type GuardVerdict = { decision: "allow" | "confirm" | "deny"; reason: string };

/** An async check that runs before the rules (a hook, an organisation policy). Undefined: no opinion. */
export type Guard = (call: GuardCall, signal: AbortSignal) => Promise<GuardVerdict | undefined>;

/** `unchanged`: the call would change nothing, so nobody was asked and it is answered with this text instead of run. */
export type GateOutcome = { approved: ApprovedCall; note?: string } | { refused: string } | { unchanged: string };

export interface GateOptions {
  rules: RuleContext;
  /**
   * The rules with the command policy, which may load first (ADR 0027): awaited by a command
   * call only, so other calls never wait for it and a command is never judged without it.
   */
  commandRules(): CommandRules | Promise<CommandRules>;
  /** Run first, in order, for every call; --yes never skips them. */
  guards?: readonly Guard[];
  approver: Approver;
  publish: Publish;
  /** Current "always allow" memory (scopes; bare tool names from older files), read from session state. */
  alwaysAllowed(): readonly string[];
  /** Whether a write target has uncommitted git changes (undefined: unknown). */
  isDirty?(userPath: string): Promise<boolean | undefined>;
}

export function createApprovalGate(options: GateOptions) {
  const { publish } = options;

  function approve(callId: string, tool: Tool, input: unknown, answeredBy?: "user" | "flag", provedReadOnly?: boolean, previewBasis?: string): { approved: ApprovedCall } {
    const approved = Object.freeze({
      callId,
      tool,
      input,
      ...(answeredBy ? { answeredBy } : {}),
      ...(provedReadOnly ? { provedReadOnly: true } : {}),
      ...(previewBasis !== undefined ? { previewBasis } : {}),
    }) as unknown as ApprovedCall;
    issued.add(approved);
    return { approved };
  }

  async function runGuards(call: GuardCall, signal: AbortSignal): Promise<GuardVerdict | undefined> {
    let forced: GuardVerdict | undefined;
    for (const guard of options.guards ?? []) {
      let verdict: GuardVerdict | undefined;
      try {
        verdict = await guard(call, signal);
      } catch (error) {
        // A guard that fails cannot vouch for the call.
        return { decision: "deny", reason: `a guard failed: ${(error as Error).message ?? String(error)}` };
      }
      if (verdict?.decision === "deny") return verdict;
      if (verdict?.decision === "confirm" || (verdict && !forced)) forced = verdict;
    }
    return forced;
  }

  /** Workspace-relative targets for scopes and the dirty check (jail refusals were denied by the rules). */
  function scoped(tool: Tool, subject: ToolSubject): ScopedCall {
    if (tool.kind === "command") return { tool: tool.name, ...(subject.command !== undefined ? { command: subject.command } : {}) };
    if (subject.url !== undefined) return { tool: tool.name, host: urlHost(subject.url) };
    const targets = subject.paths ? writeTargets(subject.paths, options.rules.jail) : { relative: [] };
    return { tool: tool.name, paths: "relative" in targets ? targets.relative : [] };
  }

  return async function check(
    callId: string,
    tool: Tool,
    input: Record<string, unknown>,
    signal: AbortSignal = new AbortController().signal,
    /** A subagent's id and its parent's call: its approval events carry them, like its other events. */
    origin?: EventOrigin,
  ): Promise<GateOutcome> {
    const subject = tool.subject?.(input) ?? {};
    const decided = (decision: "allow" | "deny", by: "rule" | "memory" | "flag" | "user", reason: string, extra: object = {}) =>
      publish("approval.decision", { callId, name: tool.name, decision, by, reason, ...extra }, origin);

    const guarded = await runGuards({ callId, name: tool.name, kind: tool.kind, input, subject }, signal);
    if (guarded?.decision === "deny") {
      decided("deny", "rule", guarded.reason);
      return { refused: `refused: ${guarded.reason}` };
    }
    const kind = tool.kind;
    const verdict: Verdict =
      kind === "command" ? evaluateRules({ name: tool.name, kind, subject }, await options.commandRules()) : evaluateRules({ name: tool.name, kind, subject }, options.rules);
    // A deny is final, whatever a guard, --yes or memory say.
    if (verdict.decision === "deny") {
      decided("deny", "rule", verdict.reason);
      return { refused: `refused: ${verdict.reason}` };
    }
    const forced = guarded?.decision === "confirm";
    // The one place that decides whether anything but a person's answer may approve: a
    // critical file's question is lifted by no hook, guard, rule or "always" memory, whatever
    // trust a project has (README: it asks every time), and a guard's "ask" forces a question.
    const mayLift = !forced && verdict.critical !== true;
    if (mayLift && (verdict.decision === "allow" || guarded?.decision === "allow")) {
      decided("allow", "rule", guarded?.decision === "allow" ? guarded.reason : verdict.reason);
      return approve(callId, tool, input, undefined, verdict.decision === "allow" && verdict.readOnly === true);
    }
    const call = scoped(tool, subject);
    const remembered = mayLift ? options.alwaysAllowed().find((entry) => scopeCovers(entry, call)) : undefined;
    if (remembered !== undefined) {
      decided("allow", "memory", `always allowed in this session (${remembered})`);
      return approve(callId, tool, input);
    }

    // A question about a change that changes nothing only costs the person a keypress. Not
    // when a guard asked for one: it wants a person to see every such call.
    const unchanged = forced ? undefined : await safeUnchanged(tool, input);
    if (unchanged !== undefined) return { unchanged };

    const target = tool.kind === "write" ? subject.paths?.[0] : undefined;
    // Side by side: the dirty check waits on a git process while the preview reads the file.
    const [toolPreview, dirty] = await Promise.all([safePreview(tool, input), target !== undefined ? options.isDirty?.(target) : undefined]);
    const preview = [verdict.detail?.join("\n"), toolPreview?.text].filter(Boolean).join("\n\n");
    const scope = verdict.critical ? undefined : scopeFor(call);
    const id = randomUUID();
    const question: ApprovalQuestion = {
      id,
      callId,
      name: tool.name,
      reason: forced ? guarded.reason : verdict.reason,
      ...(preview ? { preview } : {}),
      ...(dirty !== undefined ? { uncommittedChanges: dirty } : {}),
      canAlwaysAllow: scope !== undefined,
      ...(scope ? { scope } : {}),
    };
    // Registered before the request is published: an answerer may reply from inside publish.
    const answered = options.approver(question, signal);
    const { canAlwaysAllow: _offer, ...request } = question;
    publish("approval.request", { ...request, ...(verdict.critical ? { critical: true } : {}) }, origin);
    const answer = await answered;
    const always = answer.decision === "allow" && answer.always === true && scope !== undefined;
    const reason = answer.reason ?? (answer.decision === "allow" ? "approved" : "declined");
    decided(answer.decision, answer.by, reason, {
      id,
      ...(always ? { always, scope } : {}),
      ...(answer.note ? { note: answer.note } : {}),
    });
    if (answer.decision === "deny") {
      const said = answer.note ? `${reason}; the user says: ${answer.note}` : reason;
      // A person said no: trying the same another way would go around them, so ask instead.
      if (answer.by !== "user") return { refused: said };
      return { refused: `${said}. ${answer.note ? "Follow the user's note; if the next step is unclear, ask the user" : "Do not retry it or work around it: ask the user what to do instead"}.` };
    }
    // The answer is about what the preview showed: the tool checks its target is still that.
    return { ...approve(callId, tool, input, answer.by, false, toolPreview?.basis), ...(answer.note ? { note: answer.note } : {}) };
  };
}

/** A tool that cannot tell (its check failed) is asked about as usual. */
async function safeUnchanged(tool: Tool, input: unknown): Promise<string | undefined> {
  try {
    return await tool.unchanged?.(input);
  } catch {
    return undefined;
  }
}

async function safePreview(tool: Tool, input: unknown): Promise<Partial<ToolPreview> | undefined> {
  if (!tool.preview) return undefined;
  try {
    const preview = await tool.preview(input);
    return typeof preview === "string" ? { text: preview } : preview;
  } catch (error) {
    return { text: `(no preview: ${(error as Error).message})` };
  }
}

export type ApprovalGate = ReturnType<typeof createApprovalGate>;
