// The events the TUI draws. The engine surface (#9) adds a few event types; they are typed
// here from the agreed shapes until they land in engine/events.ts, so the controllers can be
// written and tested now. The engine's own union stays the one source once it has them.
import type { AgentEvent } from "../engine/events.js";

type Envelope = { seq: number; ts: string };

export type UpcomingEvent = Envelope &
  (
    | { type: "prompt.queued"; id: string; prompt: string }
    | { type: "prompt.dequeued"; id: string }
    | { type: "prompt.dropped"; id: string }
    | { type: "notice"; level: "info" | "warn"; message: string }
    | { type: "model.changed"; provider?: string; model: string }
    | { type: "thinking.changed"; level: string }
    | { type: "context.cleared" }
  );

export type UiEvent = AgentEvent | UpcomingEvent;

/** Fields the surface adds to approval.request (an id to answer, what "always" covers). */
export function approvalId(event: Extract<UiEvent, { type: "approval.request" }>): string {
  const id = (event as { id?: unknown }).id;
  return typeof id === "string" ? id : event.callId;
}

export function approvalScope(event: Extract<UiEvent, { type: "approval.request" }>): string | undefined {
  const scope = (event as { scope?: unknown }).scope;
  if (typeof scope === "string") return scope;
  if (scope && typeof scope === "object") {
    const description = (scope as { description?: unknown; summary?: unknown }).description ?? (scope as { summary?: unknown }).summary;
    if (typeof description === "string") return description;
  }
  return undefined;
}

/** How controllers take events: live ones as they happen, replayed ones from a resumed file. */
export interface EventSink {
  onEvent(event: UiEvent, replay: boolean): void;
}
