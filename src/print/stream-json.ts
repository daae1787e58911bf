// --output-format stream-json: every engine event as one JSON line, exactly as on the wire.
import type { PrintOutput, PrintRenderer } from "./renderer.js";
import { maxRoundsNote } from "./turn-summary.js";

export function createStreamJsonRenderer(output: PrintOutput): PrintRenderer {
  return {
    onEvent(event) {
      // Print mode sends no ops of its own choosing; their replies are not on the wire either.
      if (event.type === "op.result") return;
      output.stdout(`${JSON.stringify(event)}\n`);
    },
    finish(outcome) {
      // The turn.ended line already says max_rounds; stderr says it to a person too.
      if (outcome.stopReason === "max_rounds") output.stderr(`${maxRoundsNote(outcome.rounds)}\n`);
    },
  };
}
