// Our approval requests as ACP `session/request_permission`: allow once / always / reject,
// answered back by the request's id (answerApproval), as the TUI answers a person's key.
// When the engine settles a request itself (the turn was cancelled: pending approvals are
// denied), the editor's open question is withdrawn with `$/cancel_request`.
import type { PermissionOption, RequestPermissionRequest, RequestPermissionResponse, ToolCallContent } from "@agentclientprotocol/sdk";
import type { ApprovalReply } from "../engine/index.js";
import type { AgentEvent, EventOf } from "../engine/index.js";
import { toolCallView } from "./tool-call-view.js";

export const OPTION = { once: "allow_once", always: "allow_always", reject: "reject_once" } as const;

export interface PermissionPeer {
  /** Sends the request; aborting `signal` withdraws it. */
  ask(params: RequestPermissionRequest, signal: AbortSignal): Promise<RequestPermissionResponse>;
  answer(id: string, reply: ApprovalReply): void;
  /** A request that could not be asked (the connection closed): said once as a notice. */
  failed(error: unknown): void;
}

/** The options an approval request offers: "always" only where the engine would remember it. */
export function permissionOptions(request: EventOf<"approval.request">): PermissionOption[] {
  const options: PermissionOption[] = [{ optionId: OPTION.once, name: "Allow once", kind: "allow_once" }];
  if (request.scope && !request.critical) options.push({ optionId: OPTION.always, name: `Always allow ${request.scope}`, kind: "allow_always" });
  options.push({ optionId: OPTION.reject, name: "Reject", kind: "reject_once" });
  return options;
}

/** The editor's answer as ours; a cancelled or unknown answer denies. */
export function replyFor(response: RequestPermissionResponse): ApprovalReply {
  const outcome = response.outcome;
  if (outcome.outcome === "cancelled") return { decision: "deny", reason: "the editor cancelled the permission request" };
  if (outcome.optionId === OPTION.once) return { decision: "allow_once" };
  if (outcome.optionId === OPTION.always) return { decision: "allow_always" };
  if (outcome.optionId === OPTION.reject) return { decision: "deny", reason: "rejected in the editor" };
  return { decision: "deny", reason: `the editor answered with unknown option ${JSON.stringify(outcome.optionId)}` };
}

/** Subscribe `onEvent` to the session's events; it asks the editor for each approval request. */
export function createPermissionBridge(sessionId: string, cwd: string, peer: PermissionPeer): { onEvent(event: AgentEvent): void; closeAll(): void } {
  const calls = new Map<string, { name: string; arguments: string }>();
  const open = new Map<string, AbortController>();

  function ask(request: EventOf<"approval.request">, id: string): void {
    const call = calls.get(request.callId);
    const view = toolCallView(request.name, call?.arguments ?? "{}", cwd);
    // What a person needs to decide: the diff, else the engine's preview and reason.
    const content: ToolCallContent[] = view.diffs.length > 0 ? view.diffs : [{ type: "content", content: { type: "text", text: request.preview ?? request.reason } }];
    const controller = new AbortController();
    open.set(id, controller);
    peer
      .ask(
        {
          sessionId,
          toolCall: { toolCallId: request.callId, title: view.title, kind: view.kind, status: "pending", locations: view.locations, content },
          options: permissionOptions(request),
        },
        controller.signal,
      )
      .then(
        (response) => {
          if (open.delete(id)) peer.answer(id, replyFor(response));
        },
        (error: unknown) => {
          if (!open.delete(id)) return; // withdrawn by us: the engine has already decided
          peer.answer(id, { decision: "deny", reason: "the editor did not answer the permission request" });
          peer.failed(error);
        },
      );
  }

  return {
    onEvent(event) {
      if (event.type === "tool.call") calls.set(event.callId, { name: event.name, arguments: event.arguments });
      else if (event.type === "approval.request" && event.id) ask(event, event.id);
      else if (event.type === "approval.decision" && event.id) {
        // Decided without the editor's answer (cancelled turn, shutdown): withdraw the question.
        const controller = open.get(event.id);
        if (controller) {
          open.delete(event.id);
          controller.abort();
        }
      } else if (event.type === "tool.result") calls.delete(event.callId);
    },
    closeAll() {
      for (const controller of open.values()) controller.abort();
      open.clear();
    },
  };
}
