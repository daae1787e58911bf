// The turn state machine: request → stream → tool calls → approval → execute → results
// back → repeat, until the model stops, maxRounds is reached, or the turn is aborted.
// Every step is published as an event; the loop reads the conversation back from the
// folded session state, never from a private copy.
import { randomUUID } from "node:crypto";
import type { ApprovalGate } from "../approval/gate/gate.js";
import type { Compactor } from "./compactor.js";
import type { TokenMeter } from "../state/context.js";
import type { Publish } from "../event-bus.js";
import type { Payload, ToolCall } from "../events.js";
import { ProviderError, type FinishReason, type ModelProvider, type ThinkingLevel } from "../llm/provider.js";
import type { ToolImage } from "../messages.js";
import type { SessionState } from "../state/state.js";
import type { ToolRegistry } from "../tools/registry.js";
import { runToolCall } from "./run-call.js";
import { publishMessage, streamOneStep, type StepDeps, type StreamedMessage } from "./stream-step.js";

export type StopReason = Payload<"turn.ended">["stopReason"];

export interface TurnOutcome {
  stopReason: StopReason;
  rounds: number;
  /** Why it failed (stopReason "error"), as its `error` event said: a subagent's parent needs it. */
  error?: string;
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
const OVERFLOW_RETRIES = 2;
const ABORTED_RESULT = "aborted: the user stopped the turn before this tool call ran";
export const LOST_RESULT = "the session ended before this tool call finished; its effects are unknown";
/** The turn failed (not the session): the call may not have started at all. */
export const FAILED_TURN_RESULT = "the turn stopped on an error before this tool call finished; it may not have run at all";
/** A call that was whole when the stream broke later in the same answer: it was never run. */
export const CUT_RESULT = "not run: the answer this call was part of was cut off before it ended";
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
  const streamed: StreamedMessage = {};
  const step: StepDeps = { provider: currentProvider, thinking: currentThinking, registry, publish, state: options.state, systemPrompt: options.systemPrompt, ...(options.meter ? { meter: options.meter } : {}) };
  const streamStep = (round: number, signal: AbortSignal) => streamOneStep(step, round, signal, streamed);
  const endMessage = (partial: boolean) => publishMessage(streamed, publish, partial);
  const runCall = (call: ToolCall, signal: AbortSignal) => runToolCall({ registry, gate, publish }, call, signal);

  function requestShape() {
    return { system: options.systemPrompt(options.state()), tools: registry.specs() };
  }

  /** Over the budget, the older part is summarised before the next request goes out. */
  async function compactIfNeeded(signal: AbortSignal): Promise<void> {
    const shape = requestShape();
    if (options.compactor?.overBudget(shape)) await options.compactor.compact({ trigger: "auto", ...shape, signal });
  }

  /**
   * One step; a context-overflow error compacts and retries the step, up to twice (each
   * compaction lowers the budget below the refused request: compactor.ts). Then, or when
   * nothing could be compacted, the error is the turn's.
   */
  async function stepWithRetry(round: number, signal: AbortSignal, stepEnded: (ended: boolean) => void): Promise<{ calls: ToolCall[]; finish: FinishReason }> {
    for (let overflows = 0; ; overflows += 1) {
      try {
        stepEnded(false);
        return await streamStep(round, signal);
      } catch (error) {
        if (!(error instanceof ProviderError && error.kind === "context_length") || !options.compactor || overflows >= OVERFLOW_RETRIES) throw error;
        endMessage(true);
        publish("step.ended", { round, finishReason: "error" });
        // Ended here, before the compaction: if that fails, the turn's error must not end it twice.
        stepEnded(true);
        const outcome = await options.compactor.compact({ trigger: "overflow", ...requestShape(), signal });
        if (!outcome.compacted) throw error;
      }
    }
  }

  async function runTurn(prompt: string, signal: AbortSignal, images?: readonly ToolImage[]): Promise<TurnOutcome> {
    closeOpenCalls(LOST_RESULT);
    const turnId = randomUUID();
    publish("turn.started", { turnId, prompt, ...(images && images.length > 0 ? { images: [...images] } : {}) });
    let rounds = 0;
    let stopReason: StopReason = "completed";
    let failure: string | undefined;
    let streaming = false;
    let stepEnded = false;
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
        const { calls, finish } = await stepWithRetry(rounds, signal, (ended) => (stepEnded = ended));
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
        if (streaming && !stepEnded) publish("step.ended", { round: rounds, finishReason: "aborted" });
      } else {
        stopReason = "error";
        const kind = error instanceof ProviderError ? error.kind : "internal";
        endMessage(true);
        failure = (error as Error).message ?? String(error);
        publish("error", { kind, message: failure });
        if (streaming) {
          if (!stepEnded) publish("step.ended", { round: rounds, finishReason: "error" });
          // Calls already whole in the cut answer were never run: say so, not "effects unknown".
          closeOpenCalls(CUT_RESULT);
        }
      }
    }
    closeOpenCalls(stopReason === "aborted" ? ABORTED_RESULT : FAILED_TURN_RESULT);
    publish("turn.ended", { turnId, stopReason, rounds });
    return { stopReason, rounds, ...(failure !== undefined ? { error: failure } : {}) };
  }

  return { runTurn, requestShape };
}

export type Loop = ReturnType<typeof createLoop>;
