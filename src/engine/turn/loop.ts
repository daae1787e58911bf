// The turn state machine: request → stream → tool calls → approval → execute → results
// back → repeat, until the model stops, maxRounds is reached, or the turn is aborted.
// Every step is published as an event; the loop reads the conversation back from the
// folded session state, never from a private copy.
import { randomUUID } from "node:crypto";
import type { ApprovalGate } from "../approval/gate.js";
import type { Compactor } from "./compactor.js";
import { requestTokens, type TokenMeter } from "../state/context.js";
import type { Publish } from "../event-bus.js";
import type { Payload, ToolCall } from "../events.js";
import { ProviderError, type FinishReason, type ModelProvider, type ThinkingLevel } from "../llm/provider.js";
import type { SessionState } from "../state/state.js";
import { executeApproved } from "../approval/executor.js";
import { prepareCall } from "../tools/prepare-call.js";
import type { ToolRegistry } from "../tools/registry.js";
import { MessageBuilder } from "../wire/wire-items.js";

export type StopReason = Payload<"turn.ended">["stopReason"];

export interface TurnOutcome {
  stopReason: StopReason;
  rounds: number;
}

export interface LoopOptions {
  /** The model, or a getter read per request (setModel changes it between turns). */
  provider: ModelProvider | (() => ModelProvider);
  registry: ToolRegistry;
  gate: ApprovalGate;
  publish: Publish;
  state(): SessionState;
  /** Built per step so the todo list and other live state reach every request. */
  systemPrompt(state: SessionState): string;
  maxRounds?: number;
  /** The thinking level, or a getter read per request (setThinking). */
  thinking?: ThinkingLevel | (() => ThinkingLevel | undefined);
  /** Compaction before a request that would not fit, and on a context-overflow error. */
  compactor?: Compactor;
  /** Calibrated by every reported usage against the estimate of the request it answered. */
  meter?: TokenMeter;
}

export const DEFAULT_MAX_ROUNDS = 50;
const ABORTED_RESULT = "aborted: the user stopped the turn before this tool call ran";
export const LOST_RESULT = "the session ended before this tool call finished; its effects are unknown";
export const TRUNCATED_RESULT =
  "not run: your output was cut off by the output-token limit before this call was complete; " +
  "send it again, shorter (split a large file into several writes or edits)";

function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof Error && error.name === "AbortError");
}

export function createLoop(options: LoopOptions) {
  const { registry, gate, publish } = options;
  const currentProvider = () => (typeof options.provider === "function" ? options.provider() : options.provider);
  const currentThinking = () => (typeof options.thinking === "function" ? options.thinking() : options.thinking);
  const maxRounds = options.maxRounds ?? DEFAULT_MAX_ROUNDS;

  /** Answers calls left open (a crash, an abort) so the next request is valid for every provider. */
  function closeOpenCalls(content: string): void {
    for (const call of [...options.state().openCalls]) {
      publish("tool.result", { callId: call.id, name: call.name, content, isError: true });
    }
  }

  /** The message of the step being streamed: published whole when the stream ends, however it ends. */
  let streamed: MessageBuilder | undefined;

  /** Publishes what the step streamed as one `assistant.message` (the item the session file keeps). */
  function endMessage(partial: boolean): void {
    const builder = streamed;
    streamed = undefined;
    if (builder && !builder.empty) publish("assistant.message", builder.payload(partial));
  }

  async function streamStep(round: number, signal: AbortSignal): Promise<{ calls: ToolCall[]; finish: FinishReason }> {
    publish("step.started", { round });
    const message = new MessageBuilder();
    streamed = message;
    const calls = message.toolCalls;
    let finish: FinishReason | undefined;
    const state = options.state();
    const thinking = currentThinking();
    // Read per request: the registry (MCP, skills) and the model may change mid-session.
    const request = { system: options.systemPrompt(state), messages: state.messages, tools: registry.specs() };
    const estimated = options.meter ? requestTokens(request, state.messageTokens) : 0;
    const stream = currentProvider().stream({
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
          const call = { callId: part.id, name: part.name, arguments: part.arguments };
          message.call(call);
          publish("tool.call", call);
          break;
        }
        case "usage": {
          // Adapters that know the model's price add costUsd themselves.
          const { type: _type, ...usage } = part;
          options.meter?.observe(estimated, usage.inputTokens);
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
    endMessage(false);
    publish("step.ended", { round, finishReason: finish });
    return { calls, finish };
  }

  async function runCall(call: ToolCall, signal: AbortSignal): Promise<void> {
    const prepared = await prepareCall(registry, call);
    if ("error" in prepared) {
      publish("tool.result", { callId: call.callId, name: call.name, content: prepared.error, isError: true });
      return;
    }
    const outcome = await gate(call.callId, prepared.tool, prepared.input, signal);
    if ("refused" in outcome) {
      publish("tool.result", { callId: call.callId, name: call.name, content: outcome.refused, isError: true });
      return;
    }
    const result = await executeApproved(outcome.approved, {
      signal,
      callId: call.callId,
      onOutput: (stream, chunk) => publish("tool.output", { callId: call.callId, stream, chunk }),
    });
    const content = outcome.note ? `${result.content}\n\n(the user approved this call and says: ${outcome.note})` : result.content;
    publish("tool.result", {
      callId: call.callId,
      name: call.name,
      content,
      isError: result.isError ?? false,
      ...(result.images && result.images.length > 0 ? { images: result.images } : {}),
      ...(result.details ? { details: result.details } : {}),
    });
  }

  function requestShape() {
    return { system: options.systemPrompt(options.state()), tools: registry.specs() };
  }

  /** Over the budget, the older part is summarised before the next request goes out. */
  async function compactIfNeeded(signal: AbortSignal): Promise<void> {
    const shape = requestShape();
    if (options.compactor?.overBudget(shape)) await options.compactor.compact({ trigger: "auto", ...shape, signal });
  }

  /** One step; a context-overflow error compacts and retries the step once. */
  async function stepWithRetry(round: number, signal: AbortSignal): Promise<{ calls: ToolCall[]; finish: FinishReason }> {
    try {
      return await streamStep(round, signal);
    } catch (error) {
      if (!(error instanceof ProviderError && error.kind === "context_length") || !options.compactor) throw error;
      endMessage(true);
      publish("step.ended", { round, finishReason: "error" });
      const outcome = await options.compactor.compact({ trigger: "overflow", ...requestShape(), signal });
      if (!outcome.compacted) throw error;
      return streamStep(round, signal);
    }
  }

  async function runTurn(prompt: string, signal: AbortSignal): Promise<TurnOutcome> {
    closeOpenCalls(LOST_RESULT);
    const turnId = randomUUID();
    publish("turn.started", { turnId, prompt });
    let rounds = 0;
    let stopReason: StopReason = "completed";
    let streaming = false;
    try {
      for (;;) {
        if (signal.aborted) throw Object.assign(new Error("aborted"), { name: "AbortError" });
        if (rounds >= maxRounds) {
          stopReason = "max_rounds";
          break;
        }
        await compactIfNeeded(signal);
        rounds += 1;
        streaming = true;
        const { calls, finish } = await stepWithRetry(rounds, signal);
        streaming = false;
        if (calls.length === 0) break;
        if (finish === "length") {
          // A call from a cut-off step may be half its arguments: never run it.
          for (const call of calls) publish("tool.result", { callId: call.callId, name: call.name, content: TRUNCATED_RESULT, isError: true });
          continue;
        }
        // In order, one by one; a run of calls to a concurrent tool (task) goes at once.
        const concurrent = (call: ToolCall | undefined) => call !== undefined && registry.get(call.name)?.concurrent === true;
        for (let index = 0; index < calls.length && !signal.aborted; ) {
          let end = index + 1;
          while (concurrent(calls[index]) && concurrent(calls[end])) end += 1;
          await Promise.all(calls.slice(index, end).map((call) => runCall(call, signal)));
          index = end;
        }
      }
    } catch (error) {
      if (isAbort(error, signal)) {
        stopReason = "aborted";
        endMessage(true);
        if (streaming) publish("step.ended", { round: rounds, finishReason: "aborted" });
      } else {
        stopReason = "error";
        const kind = error instanceof ProviderError ? error.kind : "internal";
        endMessage(true);
        publish("error", { kind, message: (error as Error).message ?? String(error) });
        if (streaming) publish("step.ended", { round: rounds, finishReason: "error" });
      }
    }
    closeOpenCalls(stopReason === "aborted" ? ABORTED_RESULT : LOST_RESULT);
    publish("turn.ended", { turnId, stopReason, rounds });
    return { stopReason, rounds };
  }

  return { runTurn, requestShape };
}

export type Loop = ReturnType<typeof createLoop>;
