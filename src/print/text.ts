// --output-format text: the final answer on stdout; progress (intermediate text, tool
// calls, approvals, retries, errors) on stderr so a script can pipe the answer alone.
import type { AgentEvent } from "../engine/events.js";
import type { PrintOutput, PrintRenderer } from "./renderer.js";
import { TurnSummary } from "./turn-summary.js";

function oneLine(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function createTextRenderer(output: PrintOutput): PrintRenderer {
  const summary = new TurnSummary();
  const stderrLine = (line: string) => output.stderr(`${line}\n`);

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
        progress(`… retrying (attempt ${event.attempt}, in ${event.delayMs} ms): ${event.reason}`);
        break;
      case "error":
        progress(`error (${event.kind}): ${event.message}`);
        break;
      default:
        break;
    }
  }

  return {
    onEvent(event) {
      if (event.type === "tool.call" && event.agentId === undefined) {
        const said = summary.takeStepText().trim();
        if (said) stderrLine(said);
      }
      const step = summary.observe(event);
      if (step && !step.final && step.stepText) stderrLine(step.stepText.trim());
      describe(event);
    },
    finish(outcome) {
      if (summary.finalText) output.stdout(summary.finalText.endsWith("\n") ? summary.finalText : `${summary.finalText}\n`);
      if (outcome.stopReason === "max_rounds") stderrLine(`stopped after ${outcome.rounds} rounds (max_rounds reached)`);
      if (outcome.stopReason === "aborted") stderrLine("interrupted");
    },
  };
}
