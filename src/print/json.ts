// --output-format json: one object at the end of the turn; on stderr, as in text mode, a line
// per retry (notices and memory changes are said by run-print for every format).
import type { PrintOutput, PrintRenderer } from "./renderer.js";
import { answerEnding, maxRoundsNote, retryLine, TurnSummary, unsavedNote } from "./turn-summary.js";

export function createJsonRenderer(output: PrintOutput): PrintRenderer {
  const summary = new TurnSummary();
  return {
    onEvent(event) {
      summary.observe(event);
      if (event.type === "retry") output.stderr(`${retryLine(event)}\n`);
    },
    finish(outcome, { usage, unsaved, sessionId }) {
      const errors = unsaved ? [...summary.errors, unsavedNote(unsaved, sessionId)] : summary.errors;
      const cut = answerEnding(outcome.stopReason, summary)?.stopReason;
      const result = {
        session_id: summary.sessionId,
        final_text: summary.finalText,
        // Cut off by --max-rounds, the token limit or a refusal is not a success either. Nor is
        // a turn the session file lost events of: the next -c would not know what it did.
        is_error: outcome.stopReason !== "completed" || cut !== undefined || unsaved !== undefined,
        stop_reason: cut ?? outcome.stopReason,
        rounds: outcome.rounds,
        usage: {
          input_tokens: usage.inputTokens,
          output_tokens: usage.outputTokens,
          cache_read_tokens: usage.cacheReadTokens,
          cache_write_tokens: usage.cacheWriteTokens,
          requests: usage.requests,
          ...(usage.costUsd > 0 ? { cost_usd: Number(usage.costUsd.toFixed(6)) } : {}),
        },
        refused_calls: summary.refused.map((call) => ({ call_id: call.callId, name: call.name, reason: call.reason })),
        errors,
      };
      output.stdout(`${JSON.stringify(result)}\n`);
      if (outcome.stopReason === "max_rounds") output.stderr(`${maxRoundsNote(outcome.rounds)}\n`);
    },
  };
}
