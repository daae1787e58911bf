// The control protocol over the two streams: requests we send (`can_use_tool`), matched to
// their `control_response` by request_id, and the answers we write to the SDK's requests.
import { randomUUID } from "node:crypto";

export type ControlResponse = { subtype: "success"; request_id: string; response?: Record<string, unknown> } | { subtype: "error"; request_id: string; error: string };

export interface ControlChannel {
  /** Sends a request; resolves with its response (an error response resolves too). */
  request(body: Record<string, unknown> & { subtype: string }): { id: string; answer: Promise<ControlResponse> };
  /** A `control_response` arrived; false when it answers nothing we asked. */
  settle(response: ControlResponse): boolean;
  /** Tells the SDK a request of ours no longer needs an answer. */
  cancel(id: string): void;
  succeed(requestId: string, response?: Record<string, unknown>): void;
  fail(requestId: string, error: string): void;
  /** Ends every open request, and every later one, with an error (stdin closed: nobody can answer). */
  abandon(reason: string): void;
}

export function createControlChannel(write: (message: Record<string, unknown>) => void): ControlChannel {
  const pending = new Map<string, (response: ControlResponse) => void>();
  let closedReason: string | undefined;
  return {
    request(body) {
      const id = randomUUID();
      // stdin is closed: no answer can come, so none is waited for.
      if (closedReason !== undefined) return { id, answer: Promise.resolve({ subtype: "error", request_id: id, error: closedReason }) };
      const answer = new Promise<ControlResponse>((resolve) => pending.set(id, resolve));
      write({ type: "control_request", request_id: id, request: body });
      return { id, answer };
    },
    settle(response) {
      const resolve = pending.get(response.request_id);
      if (!resolve) return false;
      pending.delete(response.request_id);
      resolve(response);
      return true;
    },
    cancel(id) {
      const resolve = pending.get(id);
      if (!resolve) return;
      pending.delete(id);
      write({ type: "control_cancel_request", request_id: id });
      resolve({ subtype: "error", request_id: id, error: "cancelled" });
    },
    succeed(requestId, response = {}) {
      write({ type: "control_response", response: { subtype: "success", request_id: requestId, response } });
    },
    fail(requestId, error) {
      write({ type: "control_response", response: { subtype: "error", request_id: requestId, error } });
    },
    abandon(reason) {
      closedReason = reason;
      for (const [id, resolve] of pending) resolve({ subtype: "error", request_id: id, error: reason });
      pending.clear();
    },
  };
}

/** A control_response's body, if the message is a well-formed one. */
export function asControlResponse(message: Record<string, unknown>): ControlResponse | undefined {
  const response = message["response"];
  if (typeof response !== "object" || response === null) return undefined;
  const body = response as Record<string, unknown>;
  if (typeof body["request_id"] !== "string") return undefined;
  if (body["subtype"] === "success") return body as ControlResponse;
  if (body["subtype"] === "error") return { subtype: "error", request_id: body["request_id"], error: String(body["error"] ?? "error") };
  return undefined;
}
