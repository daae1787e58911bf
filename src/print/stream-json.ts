// --output-format stream-json: one JSON line per event the session file keeps, exactly the
// file's lines (wire-policy.ts); --include-partial-messages adds the live-only events (the
// deltas, tool calls as they arrive, output chunks), Claude Code's flag and meaning.
import { persisted } from "../engine/index.js";
import type { PrintOutput, PrintRenderer } from "./renderer.js";
import { maxRoundsNote, retryLine } from "./turn-summary.js";

export function createStreamJsonRenderer(output: PrintOutput, includePartialMessages = false): PrintRenderer {
  return {
    onEvent(event) {
      // Print mode sends no ops of its own choosing; their replies are not on the wire either.
      if (event.type === "op.result") return;
      // The retry event is a line on stdout; a person watching stderr hears of it too.
      if (event.type === "retry") output.stderr(`${retryLine(event)}\n`);
      if (includePartialMessages || persisted(event)) output.stdout(`${JSON.stringify(event)}\n`);
    },
    finish(outcome) {
      // The turn.ended line already says max_rounds; stderr says it to a person too.
      if (outcome.stopReason === "max_rounds") output.stderr(`${maxRoundsNote(outcome.rounds)}\n`);
    },
  };
}
