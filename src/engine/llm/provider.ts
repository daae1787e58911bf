// The one interface every model adapter implements. Adapters turn a provider's stream
// into these normalised parts; the loop never sees a provider's own wire format.
import type { Message } from "../messages.js";

export type ThinkingLevel = "off" | "low" | "medium" | "high" | "max";

export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the tool's input object. */
  inputSchema: Record<string, unknown>;
}

export interface ModelRequest {
  system: string;
  messages: readonly Message[];
  tools: readonly ToolSpec[];
  thinking?: ThinkingLevel;
  signal?: AbortSignal;
  /** `summary`: a compaction's summary request (no tools); absent for the turn's own requests. */
  purpose?: "summary";
}

export type FinishReason = "stop" | "tool_calls" | "length" | "content_filter";

export type StreamPart =
  | { type: "text"; text: string }
  /** `newBlock` opens a new thinking block; `signature` replaces the current block's. */
  | { type: "thinking"; text: string; signature?: string; newBlock?: boolean }
  | { type: "redacted_thinking"; data: string }
  | { type: "tool_call"; id: string; name: string; arguments: string }
  | {
      type: "usage";
      inputTokens: number;
      outputTokens: number;
      cacheReadTokens?: number;
      cacheWriteTokens?: number;
      reasoningTokens?: number;
      /** USD estimate from the price table; absent when the model's price is unknown. */
      costUsd?: number;
    }
  | { type: "retry"; attempt: number; delayMs: number; reason: string }
  | { type: "finish"; reason: FinishReason };

/** A provider failure, classified so the loop and the user see the right kind. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly kind: "provider" | "auth" | "context_length" | "stream",
    readonly status?: number,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

export interface ModelProvider {
  /** Provider name as configured (e.g. "kimi", "openai", "anthropic", "fake"). */
  readonly name: string;
  readonly model: string;
  /**
   * Streams one model response. Must end with a `finish` part, or throw a ProviderError.
   * Honours `request.signal`: on abort it stops and throws an AbortError.
   */
  stream(request: ModelRequest): AsyncIterable<StreamPart>;
  /** The ids of the models the provider serves (its `/models` list), when it can say. */
  listModels?(signal?: AbortSignal): Promise<string[]>;
}
