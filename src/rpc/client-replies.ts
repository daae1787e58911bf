// Which `op.result` events are the client's, and under which id. Each op the client sends is
// dispatched under a token of its own and its reply goes out with the client's id put back, so
// every op line gets exactly one reply: ops in flight that share an id each get theirs, and the
// host's own ops (`--yes` answering, the end of input; ids `local-<n>`) never reach stdout,
// whatever ids the client picks.
import type { AgentEvent } from "../engine/index.js";

type ClientId = string | number;

export class ClientReplies {
  /** Token → the id the client gave (undefined: its line had none). */
  private readonly waiting = new Map<string, ClientId | undefined>();
  private sent = 0;

  /** The id to dispatch one client op under. */
  token(clientId: ClientId | undefined): string {
    const token = `rpc-${++this.sent}`;
    this.waiting.set(token, clientId);
    return token;
  }

  /** The event as the client sees it, or undefined when it answers an op the client did not send. */
  outgoing(event: AgentEvent): AgentEvent | undefined {
    if (event.type !== "op.result") return event;
    if (typeof event.id !== "string" || !this.waiting.has(event.id)) return undefined;
    const clientId = this.waiting.get(event.id);
    this.waiting.delete(event.id);
    if (clientId !== undefined) return { ...event, id: clientId };
    const { id: _token, ...rest } = event;
    return rest;
  }
}
