// The approval gate: the only place an ApprovedCall can be made. The executor refuses
// anything else, so a denied call cannot reach a tool by construction.
import type { Publish } from "../event-bus.js";
import type { Tool } from "../tools/tool.js";
import { evaluateRules, type RuleContext } from "./rules.js";

declare const approvedBrand: unique symbol;

export interface ApprovedCall {
  readonly [approvedBrand]: true;
  readonly callId: string;
  readonly tool: Tool;
  readonly input: unknown;
}

const issued = new WeakSet<object>();

/** Runtime half of the brand: the type can be forged with a cast, the WeakSet cannot. */
export function assertApproved(call: unknown): asserts call is ApprovedCall {
  if (typeof call !== "object" || call === null || !issued.has(call)) {
    throw new Error("refusing to execute a tool call that the approval gate did not approve");
  }
}

export interface ApprovalQuestion {
  callId: string;
  name: string;
  reason: string;
  preview?: string;
  uncommittedChanges?: boolean;
  /** Whether "always allow" may be offered (never for critical files). */
  canAlwaysAllow: boolean;
}

export interface ApprovalAnswer {
  decision: "allow" | "deny";
  /** "flag" for --yes and other non-interactive policies, "user" for a person. */
  by: "flag" | "user";
  always?: boolean;
  reason?: string;
}

/** Asks whoever is in front of the session: a person in the TUI, or a flag in print mode. */
export type Approver = (question: ApprovalQuestion) => Promise<ApprovalAnswer>;

export type GateOutcome = { approved: ApprovedCall } | { refused: string };

export interface GateOptions {
  rules: RuleContext;
  approver: Approver;
  publish: Publish;
  /** Current "always allow" memory, read from session state. */
  alwaysAllowed(): readonly string[];
  /** Whether a write target has uncommitted git changes (undefined: unknown). */
  isDirty?(userPath: string): Promise<boolean | undefined>;
}

export function createApprovalGate(options: GateOptions) {
  const { publish } = options;

  function approve(callId: string, tool: Tool, input: unknown): { approved: ApprovedCall } {
    const approved = Object.freeze({ callId, tool, input }) as unknown as ApprovedCall;
    issued.add(approved);
    return { approved };
  }

  return async function check(callId: string, tool: Tool, input: Record<string, unknown>): Promise<GateOutcome> {
    const verdict = evaluateRules({ name: tool.name, kind: tool.kind, input }, options.rules);
    const decided = (decision: "allow" | "deny", by: "rule" | "memory" | "flag" | "user", reason: string, always?: boolean) =>
      publish("approval.decision", { callId, name: tool.name, decision, by, reason, ...(always ? { always } : {}) });

    // Guards first: a deny is final, whatever --yes or memory say.
    if (verdict.decision === "deny") {
      decided("deny", "rule", verdict.reason);
      return { refused: `refused: ${verdict.reason}` };
    }
    if (verdict.decision === "allow") {
      decided("allow", "rule", verdict.reason);
      return approve(callId, tool, input);
    }
    if (!verdict.critical && options.alwaysAllowed().includes(tool.name)) {
      decided("allow", "memory", `${tool.name} is always allowed in this session`);
      return approve(callId, tool, input);
    }

    const toolPreview = await safePreview(tool, input);
    const preview = [verdict.detail?.join("\n"), toolPreview].filter(Boolean).join("\n\n");
    const dirty = tool.kind === "write" && typeof input.path === "string" ? await options.isDirty?.(input.path) : undefined;
    const question: ApprovalQuestion = {
      callId,
      name: tool.name,
      reason: verdict.reason,
      ...(preview ? { preview } : {}),
      ...(dirty !== undefined ? { uncommittedChanges: dirty } : {}),
      canAlwaysAllow: !verdict.critical,
    };
    const { canAlwaysAllow: _offer, ...request } = question;
    publish("approval.request", { ...request, ...(verdict.critical ? { critical: true } : {}) });
    const answer = await options.approver(question);
    const always = answer.decision === "allow" && answer.always === true && !verdict.critical;
    const reason = answer.reason ?? (answer.decision === "allow" ? "approved" : "declined");
    decided(answer.decision, answer.by, reason, always);
    return answer.decision === "allow" ? approve(callId, tool, input) : { refused: reason };
  };
}

async function safePreview(tool: Tool, input: unknown): Promise<string | undefined> {
  if (!tool.preview) return undefined;
  try {
    return await tool.preview(input);
  } catch (error) {
    return `(no preview: ${(error as Error).message})`;
  }
}

export type ApprovalGate = ReturnType<typeof createApprovalGate>;
