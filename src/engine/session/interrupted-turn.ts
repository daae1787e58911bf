// A run killed mid-turn (SIGKILL, a power cut) left a turn without its end in the session
// file. The next run closes it before anything else happens: every call still open gets a
// result (its effects are unknown, or, when the gate never allowed it, that it never ran), and
// the turn ends as `interrupted`, so faces say so and the next request is well formed. What
// was being streamed was never on the disk.
import type { Publish } from "../event-bus.js";
import { LOST_RESULT } from "../turn/loop.js";

/** For a call with no approval on the wire: the executor runs only approved calls, so it never started. */
export const NEVER_RAN_RESULT = "the session ended while this tool call waited for approval; it never ran";
import type { SessionState } from "../state/state.js";

/** Closes the resumed session's open turn, if any; returns whether there was one. */
export function closeInterruptedTurn(state: SessionState, publish: Publish): boolean {
  const open = state.openTurn;
  if (!open) return false;
  for (const call of [...state.openCalls]) {
    const content = state.allowedCalls.includes(call.id) ? LOST_RESULT : NEVER_RAN_RESULT;
    publish("tool.result", { callId: call.id, name: call.name, content, isError: true });
  }
  publish("turn.ended", { turnId: open.turnId, stopReason: "interrupted", rounds: open.rounds });
  publish("notice", {
    level: "warn",
    message: "the last run of this session was killed mid-turn: that turn is closed as interrupted (an answer being streamed then is lost)",
  });
  return true;
}
