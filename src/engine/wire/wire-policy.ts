// What the session file keeps (codex's rollout policy): completed items, never the stream
// they were drawn from. Faces hear every event on the bus; the wire, and stream-json unless
// `--include-partial-messages`, get the rest. No zod here: the print path imports it.
import type { AgentEvent, EventType } from "../events.js";

/**
 * Published for faces that draw the stream as it comes, never written to the session file:
 * `assistant.message` carries the text, reasoning and calls of a step whole, and `tool.result`
 * a command's whole output. A crash mid-stream loses at most the message being streamed.
 */
export const LIVE_ONLY: ReadonlySet<EventType> = new Set<EventType>([
  "assistant.delta",
  "thinking.delta",
  "thinking.redacted",
  "tool.call",
  "tool.output",
]);

/**
 * Never in any session file, old or new: an op's reply belongs to whoever sent the op, not to
 * the session's record (so the wire reader has no check for it either).
 */
export const NEVER_WRITTEN: ReadonlySet<EventType> = new Set<EventType>(["op.result"]);

/** Whether the session file (and stream-json without partial messages) gets this event. */
export function persisted(event: AgentEvent): boolean {
  return !LIVE_ONLY.has(event.type) && !NEVER_WRITTEN.has(event.type);
}
