// Facts about one turn that the text and json renderers both report.
import type { AgentEvent, Snapshot } from "../engine/index.js";

export interface RefusedCall {
  callId: string;
  name: string;
  reason: string;
}

/** The stderr line for a turn cut off by the round limit; every output format prints it. */
export function maxRoundsNote(rounds: number): string {
  return `mini-agent: stopped at the round limit, ${rounds} model requests (--max-rounds, or max_rounds in config); the task is unfinished: continue with mini-agent -c, or raise the limit`;
}

/** What a run says when its session file is missing events (a full disk); the run exits 1. */
export function unsavedNote(unsaved: NonNullable<Snapshot["unsaved"]>, sessionId: string): string {
  return `${unsaved.events} events of this run could not be written to the session file ${unsaved.file} (${unsaved.reason}); the file keeps the session up to the last event written, and mini-agent -r ${sessionId} resumes from there without them`;
}

/**
 * The stderr line for a retry, the same in every output format: a person watching a json or
 * stream-json run must see why it is slow, as in text mode (a subagent's is indented under it).
 */
export function retryLine(event: Extract<AgentEvent, { type: "retry" }>): string {
  const line = `… retrying (attempt ${event.attempt}, in ${event.delayMs} ms): ${event.reason}`;
  return event.agentId ? `  [${event.agentId}] ${line}` : line;
}

/**
 * A turn that completed with an answer a script must not take as whole: cut at the output
 * limit or refused (exit 1, a json stop_reason of its own), or empty (said, exit 0).
 */
export interface AnswerEnding {
  stopReason?: "max_tokens" | "refusal";
  note: string;
}

export function answerEnding(stopReason: string, summary: TurnSummary): AnswerEnding | undefined {
  if (stopReason !== "completed") return undefined;
  if (summary.lastFinish === "length") {
    return { stopReason: "max_tokens", note: "the answer was cut off at the model's output-token limit; it is incomplete" };
  }
  if (summary.lastFinish === "content_filter") {
    return { stopReason: "refusal", note: "the provider refused to answer (a refusal or its content filter)" };
  }
  if (summary.finalText.trim() === "") return { note: "the model returned an empty answer" };
  return undefined;
}

/** Watches the events of one turn: the final answer, refusals and errors. */
export class TurnSummary {
  sessionId = "";
  finalText = "";
  refused: RefusedCall[] = [];
  errors: string[] = [];
  /** Why the turn's last step ended (`length`, `content_filter`: the answer is not whole). */
  lastFinish: string | undefined;
  private stepText = "";

  /** Hands over the text streamed so far in this step (progress shown before a tool call). */
  takeStepText(): string {
    const text = this.stepText;
    this.stepText = "";
    return text;
  }

  /** Returns the text of a step that just ended, and whether it was the final answer. */
  observe(event: AgentEvent): { stepText: string; final: boolean } | undefined {
    // A subagent's text is its report to the parent, not the answer; its refusals and errors count.
    if (event.agentId !== undefined && event.type !== "approval.decision" && event.type !== "error") return undefined;
    switch (event.type) {
      case "session.started":
        this.sessionId = event.sessionId;
        return undefined;
      case "assistant.delta":
        this.stepText += event.text;
        return undefined;
      case "approval.decision":
        if (event.decision === "deny") this.refused.push({ callId: event.callId, name: event.name, reason: event.reason });
        return undefined;
      case "error":
        this.errors.push(event.message);
        return undefined;
      case "step.ended": {
        const stepText = this.stepText;
        this.stepText = "";
        const final = event.finishReason !== "tool_calls";
        this.lastFinish = event.finishReason;
        if (final && stepText) this.finalText = stepText;
        return { stepText, final };
      }
      default:
        return undefined;
    }
  }
}
