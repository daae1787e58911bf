// --output-format text: the final answer on stdout; progress (intermediate text, tool
// calls, approvals, retries, errors) on stderr so a script can pipe the answer alone.
import type { AgentEvent } from "../engine/index.js";
import type { PrintOutput, PrintRenderer } from "./renderer.js";
import { maxRoundsNote, retryLine, TurnSummary } from "./turn-summary.js";

function oneLine(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** How long a model request may stay silent before stderr says we are waiting on it. */
export const WAITING_NOTE_MS = 3_000;

/** Events that show the model is answering (or that the request has failed): no waiting note. */
const HEARD_FROM_MODEL = new Set<AgentEvent["type"]>(["assistant.delta", "thinking.delta", "thinking.redacted", "tool.call", "step.ended", "error", "turn.ended"]);

/**
 * `resume` gives the command that resumes a session in this run's environment (it names
 * MINI_AGENT_HOME when that is not the default).
 */
export function createTextRenderer(output: PrintOutput, resume: (sessionId: string) => string = (id) => `mini-agent -r ${id}`, waitingNoteMs = WAITING_NOTE_MS): PrintRenderer {
  const summary = new TurnSummary();
  const stderrLine = (line: string) => output.stderr(`${line}\n`);
  // Compaction may run several times in a long turn; a person needs to hear of it once.
  let compactedThisTurn = false;
  // A slow or silent endpoint must not look like a hang: say so once the request is quiet a while.
  let waiting: NodeJS.Timeout | undefined;
  const stopWaiting = () => {
    clearTimeout(waiting);
    waiting = undefined;
  };
  const startWaiting = (extraMs = 0) => {
    stopWaiting();
    waiting = setTimeout(() => stderrLine("waiting for the model…"), waitingNoteMs + extraMs);
    waiting.unref();
  };

  function describe(event: AgentEvent): void {
    // A subagent's progress is indented under the task call that started it.
    const progress = event.agentId ? (line: string) => stderrLine(`  [${event.agentId}] ${line}`) : stderrLine;
    switch (event.type) {
      case "tool.call":
        progress(`→ ${event.name} ${oneLine(event.arguments, 120)}`);
        break;
      case "tool.output":
        // Live command output, so a long test run never looks like a hang.
        output.stderr(event.chunk);
        break;
      case "tool.result":
        progress(`${event.isError ? "✗" : "✓"} ${event.name}: ${oneLine(event.content)}`);
        break;
      case "retry":
        stderrLine(retryLine(event));
        break;
      case "error":
        progress(`error (${event.kind}): ${event.message}`);
        break;
      case "turn.started":
        if (!event.agentId) compactedThisTurn = false;
        break;
      case "context.compacted":
        // A failed summary is also a notice (said every time); a good one is said once a turn.
        if (event.mode !== "dropped" && !compactedThisTurn) {
          const cut = event.elided?.length ?? 0;
          const what = [
            ...(event.mode === "summary" ? [`${event.replaced} messages summarised`] : []),
            ...(cut > 0 ? [`${cut} tool result${cut === 1 ? "" : "s"} shortened to fit`] : []),
          ];
          progress(`context compacted: ~${event.tokensBefore} → ~${event.tokensAfter} tokens (${what.join(", ")})`);
        }
        compactedThisTurn = true;
        break;
      default:
        break;
    }
  }

  return {
    onEvent(event) {
      if (event.type === "step.started") startWaiting();
      else if (event.type === "retry") startWaiting(event.delayMs);
      else if (HEARD_FROM_MODEL.has(event.type)) stopWaiting();
      if (event.type === "tool.call" && event.agentId === undefined) {
        const said = summary.takeStepText().trim();
        if (said) stderrLine(said);
      }
      const step = summary.observe(event);
      if (step && !step.final && step.stepText) stderrLine(step.stepText.trim());
      describe(event);
    },
    finish(outcome) {
      stopWaiting();
      if (summary.finalText) output.stdout(summary.finalText.endsWith("\n") ? summary.finalText : `${summary.finalText}\n`);
      if (outcome.stopReason === "max_rounds") stderrLine(maxRoundsNote(outcome.rounds));
      if (outcome.stopReason === "aborted") stderrLine("interrupted");
      // The id is what -r needs; a script reading stdout never sees this line.
      if (summary.sessionId) stderrLine(`session ${summary.sessionId} (resume: ${resume(summary.sessionId)})`);
    },
  };
}
