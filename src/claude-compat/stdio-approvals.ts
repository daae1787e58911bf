// Approvals under the Claude-compatible face. The rules ask (an `approval.request`); the
// permission mode decides whether to allow, deny, or ask the SDK with a `can_use_tool`
// control request (--permission-prompt-tool stdio). Its answer answers our approval by id.
import type { AgentEvent } from "../engine/index.js";
import type { ApprovalReply } from "../engine/index.js";
import type { ControlChannel, ControlResponse } from "./control-channel.js";
import { routeApproval, type PermissionMode } from "./permission-flags.js";
import { claudeToolInput, claudeToolName } from "./tool-names.js";

export interface ApprovalEngine {
  subscribe(listener: (event: AgentEvent) => void): () => void;
  answerApproval(id: string, reply: ApprovalReply): void;
  abortTurn(): void;
}

export interface StdioApprovalOptions {
  engine: ApprovalEngine;
  control: ControlChannel;
  askOverStdio: boolean;
  mode(): PermissionMode;
  /** The call's parsed input, by call id (from its tool.call event). */
  callInput(callId: string): unknown;
  warn(message: string): void;
}

export const NO_PROMPT = "needs approval: start with --permission-prompt-tool stdio (the SDK's canUseTool) or --permission-mode acceptEdits / bypassPermissions";
export const CHANGED_INPUT =
  "mini-agent does not run a call with an input other than the one its rules judged: updatedInput is refused; deny with a message to steer the model instead";

/** Stable JSON for comparing an updatedInput with the input that was judged. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The SDK's PermissionResult as our reply; `interrupt` asks to stop the turn too. */
export function replyFor(response: ControlResponse, shownInput: unknown): { reply: ApprovalReply; interrupt: boolean; refusedChange: boolean } {
  if (response.subtype === "error") return { reply: { decision: "deny", reason: `the SDK's canUseTool failed: ${response.error}` }, interrupt: false, refusedChange: false };
  const body = response.response ?? {};
  if (body["behavior"] === "allow") {
    const updated = body["updatedInput"];
    if (updated !== undefined && canonical(updated) !== canonical(shownInput)) {
      return { reply: { decision: "deny", reason: CHANGED_INPUT }, interrupt: false, refusedChange: true };
    }
    const always = Array.isArray(body["updatedPermissions"]) && body["updatedPermissions"].length > 0;
    return { reply: { decision: always ? "allow_always" : "allow_once", reason: "allowed by the SDK's canUseTool" }, interrupt: false, refusedChange: false };
  }
  const message = typeof body["message"] === "string" && body["message"].trim() ? body["message"] : undefined;
  return {
    reply: { decision: "deny", reason: "denied by the SDK's canUseTool", ...(message ? { note: message } : {}) },
    interrupt: body["interrupt"] === true,
    refusedChange: false,
  };
}

/** Answers every approval request of the session; returns the unsubscribe function. */
export function answerApprovals(options: StdioApprovalOptions): () => void {
  const { engine, control } = options;
  /** Our approval id → the control request asking about it. */
  const asked = new Map<string, string>();
  return engine.subscribe((event) => {
    if (event.type === "approval.decision" && event.id && asked.has(event.id)) {
      // Decided some other way (the turn was stopped): the SDK's question is moot.
      control.cancel(asked.get(event.id)!);
      asked.delete(event.id);
      return;
    }
    if (event.type !== "approval.request" || !event.id) return;
    const id = event.id;
    const route = routeApproval(options.mode(), event.name);
    if (route === "allow") return engine.answerApproval(id, { decision: "allow_once", by: "flag", reason: `allowed by --permission-mode ${options.mode()}` });
    if (route === "deny") return engine.answerApproval(id, { decision: "deny", by: "flag", reason: `denied by --permission-mode ${options.mode()}` });
    if (!options.askOverStdio) return engine.answerApproval(id, { decision: "deny", by: "flag", reason: NO_PROMPT });
    const shown = claudeToolInput(event.name, options.callInput(event.callId));
    const { id: requestId, answer } = control.request({
      subtype: "can_use_tool",
      tool_name: claudeToolName(event.name),
      input: shown,
      tool_use_id: event.callId,
      permission_suggestions: [],
      decision_reason: event.reason,
      ...(event.preview ? { description: event.preview } : {}),
      ...(event.agentId ? { agent_id: event.agentId } : {}),
    });
    asked.set(id, requestId);
    void answer.then((response) => {
      if (!asked.delete(id)) return; // already decided (stopped turn, shutdown)
      const { reply, interrupt, refusedChange } = replyFor(response, shown);
      if (refusedChange) options.warn(`${claudeToolName(event.name)} call ${event.callId}: ${CHANGED_INPUT}`);
      engine.answerApproval(id, reply);
      if (interrupt) engine.abortTurn();
    });
  });
}
