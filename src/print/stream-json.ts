// --output-format stream-json: every engine event as one JSON line, exactly as on the wire.
import type { PrintOutput, PrintRenderer } from "./renderer.js";

export function createStreamJsonRenderer(output: PrintOutput): PrintRenderer {
  return {
    onEvent(event) {
      output.stdout(`${JSON.stringify(event)}\n`);
    },
    finish() {},
  };
}
