// --include-partial-messages: the model's stream as Anthropic's raw streaming events
// (message_start, content_block_start/delta/stop, message_delta, message_stop), rebuilt from
// our events. A tool call arrives whole, so its input is one input_json_delta. Pure.
import type { AgentEvent } from "../engine/index.js";
import { claudeToolName } from "./tool-names.js";

export interface PartialState {
  /** The content block now open, if any. */
  open: "text" | "thinking" | undefined;
  index: number;
  messageId: string;
}

const STOP: Readonly<Record<string, string>> = { stop: "end_turn", tool_calls: "tool_use", length: "max_tokens", content_filter: "refusal" };

function closeOpen(state: PartialState, out: Record<string, unknown>[]): void {
  if (state.open === undefined) return;
  out.push({ type: "content_block_stop", index: state.index });
  state.open = undefined;
}

function openBlock(state: PartialState, kind: "text" | "thinking", out: Record<string, unknown>[]): void {
  closeOpen(state, out);
  state.index += 1;
  state.open = kind;
  out.push({ type: "content_block_start", index: state.index, content_block: kind === "text" ? { type: "text", text: "" } : { type: "thinking", thinking: "", signature: "" } });
}

export function partialEvents(state: PartialState, event: AgentEvent, model: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  switch (event.type) {
    case "step.started":
      state.index = -1;
      state.open = undefined;
      state.messageId = `msg_step_${event.seq}`;
      out.push({
        type: "message_start",
        message: { id: state.messageId, type: "message", role: "assistant", model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 0, output_tokens: 0 } },
      });
      break;
    case "assistant.delta":
      if (state.open !== "text") openBlock(state, "text", out);
      out.push({ type: "content_block_delta", index: state.index, delta: { type: "text_delta", text: event.text } });
      break;
    case "thinking.delta":
      if (state.open !== "thinking" || event.newBlock) openBlock(state, "thinking", out);
      if (event.text) out.push({ type: "content_block_delta", index: state.index, delta: { type: "thinking_delta", thinking: event.text } });
      if (event.signature) out.push({ type: "content_block_delta", index: state.index, delta: { type: "signature_delta", signature: event.signature } });
      break;
    case "tool.call":
      closeOpen(state, out);
      state.index += 1;
      out.push({ type: "content_block_start", index: state.index, content_block: { type: "tool_use", id: event.callId, name: claudeToolName(event.name), input: {} } });
      out.push({ type: "content_block_delta", index: state.index, delta: { type: "input_json_delta", partial_json: event.arguments } });
      out.push({ type: "content_block_stop", index: state.index });
      break;
    case "usage":
      out.push({ type: "message_delta", delta: { stop_reason: null, stop_sequence: null }, usage: { input_tokens: event.inputTokens, output_tokens: event.outputTokens } });
      break;
    case "step.ended":
      closeOpen(state, out);
      out.push({ type: "message_delta", delta: { stop_reason: STOP[event.finishReason] ?? "end_turn", stop_sequence: null }, usage: { output_tokens: 0 } });
      out.push({ type: "message_stop" });
      break;
    default:
      break;
  }
  return out;
}
