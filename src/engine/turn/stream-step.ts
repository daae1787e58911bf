// One step of a turn: one request to the model, its stream turned into events as it comes
// (deltas for faces), and the step's message published whole when the stream ends, however it
// ends (the item the session file keeps).
import type { Publish } from "../event-bus.js";
import type { ToolCall } from "../events.js";
import { ProviderError, type FinishReason, type ModelProvider, type ThinkingLevel } from "../llm/provider.js";
import { requestTokens, type TokenMeter } from "../state/context.js";
import type { SessionState } from "../state/state.js";
import type { ToolRegistry } from "../tools/registry.js";
import { MessageBuilder } from "../wire/wire-items.js";

export interface StepDeps {
  provider(): ModelProvider;
  thinking(): ThinkingLevel | undefined;
  registry: ToolRegistry;
  publish: Publish;
  state(): SessionState;
  systemPrompt(state: SessionState): string;
  meter?: TokenMeter;
}

export interface StepResult {
  calls: ToolCall[];
  finish: FinishReason;
}

/** The message of the step being streamed, so an abort or an error can still publish it (partial). */
export interface StreamedMessage {
  message?: MessageBuilder;
}

/** Publishes what the step streamed as one `assistant.message`, once. */
export function publishMessage(streamed: StreamedMessage, publish: Publish, partial: boolean): void {
  const builder = streamed.message;
  streamed.message = undefined;
  if (builder && !builder.empty) publish("assistant.message", builder.payload(partial));
}

export async function streamOneStep(deps: StepDeps, round: number, signal: AbortSignal, streamed: StreamedMessage): Promise<StepResult> {
  const { registry, publish } = deps;
  publish("step.started", { round });
  const message = new MessageBuilder();
  streamed.message = message;
  const calls = message.toolCalls;
  let finish: FinishReason | undefined;
  const state = deps.state();
  const thinking = deps.thinking();
  // Read per request: the registry (MCP, skills) and the model may change mid-session.
  const request = { system: deps.systemPrompt(state), messages: state.messages, tools: registry.specs() };
  const estimated = deps.meter ? requestTokens(request, state.messageTokens) : 0;
  const stream = deps.provider().stream({
    ...request,
    signal,
    ...(thinking ? { thinking } : {}),
  });
  for await (const part of stream) {
    switch (part.type) {
      case "text":
        if (part.text) {
          message.text(part.text);
          publish("assistant.delta", { text: part.text });
        }
        break;
      case "thinking":
        message.thinking(part.text, part.signature, part.newBlock === true);
        publish("thinking.delta", {
          text: part.text,
          ...(part.signature ? { signature: part.signature } : {}),
          ...(part.newBlock ? { newBlock: true } : {}),
        });
        break;
      case "redacted_thinking":
        message.redacted(part.data);
        publish("thinking.redacted", { data: part.data });
        break;
      case "tool_call": {
        publish("tool.call", message.call({ callId: part.id, name: part.name, arguments: part.arguments }));
        break;
      }
      case "usage": {
        // Adapters that know the model's price add costUsd themselves.
        const { type: _type, ...usage } = part;
        deps.meter?.observe(estimated, usage.inputTokens);
        publish("usage", usage);
        break;
      }
      case "retry":
        publish("retry", { attempt: part.attempt, delayMs: part.delayMs, reason: part.reason });
        break;
      case "finish":
        finish = part.reason;
        break;
    }
  }
  if (signal.aborted) throw Object.assign(new Error("aborted"), { name: "AbortError" });
  if (!finish) throw new ProviderError("the model's stream ended without a finish marker", "stream");
  publishMessage(streamed, publish, false);
  publish("step.ended", { round, finishReason: finish });
  return { calls, finish };
}
