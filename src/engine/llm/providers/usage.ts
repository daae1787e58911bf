// Provider usage objects → the engine's usage part. inputTokens always counts the whole
// prompt, cached parts included (OpenAI's convention), so cost and context maths agree.
import type { StreamPart } from "../provider.js";
import { isRecord } from "../failures/wire-error.js";

export type UsagePart = Extract<StreamPart, { type: "usage" }>;

function num(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined;
}

function field(value: unknown, key: string): unknown {
  return isRecord(value) ? value[key] : undefined;
}

function withOptional(part: UsagePart, extra: Partial<Record<"cacheReadTokens" | "cacheWriteTokens" | "reasoningTokens", number | undefined>>): UsagePart {
  for (const [key, value] of Object.entries(extra)) {
    if (value !== undefined) (part as Record<string, unknown>)[key] = value;
  }
  return part;
}

/** Chat Completions usage, including Kimi's top-level cached_tokens and DeepSeek's cache-hit field. */
export function chatUsage(usage: Record<string, unknown>): UsagePart {
  return withOptional(
    { type: "usage", inputTokens: num(usage["prompt_tokens"]) ?? 0, outputTokens: num(usage["completion_tokens"]) ?? 0 },
    {
      cacheReadTokens:
        num(field(usage["prompt_tokens_details"], "cached_tokens")) ?? num(usage["cached_tokens"]) ?? num(usage["prompt_cache_hit_tokens"]),
      cacheWriteTokens: num(field(usage["prompt_tokens_details"], "cache_write_tokens")),
      reasoningTokens: num(field(usage["completion_tokens_details"], "reasoning_tokens")),
    },
  );
}

/** Responses API usage (`response.usage`). */
export function responsesUsage(usage: Record<string, unknown>): UsagePart {
  return withOptional(
    { type: "usage", inputTokens: num(usage["input_tokens"]) ?? 0, outputTokens: num(usage["output_tokens"]) ?? 0 },
    {
      cacheReadTokens: num(field(usage["input_tokens_details"], "cached_tokens")),
      cacheWriteTokens: num(field(usage["input_tokens_details"], "cache_write_tokens")),
      reasoningTokens: num(field(usage["output_tokens_details"], "reasoning_tokens")),
    },
  );
}

/** Anthropic usage: input_tokens excludes cache reads and writes, so add them back. */
export function anthropicUsage(usage: Record<string, unknown>): UsagePart {
  const cacheRead = num(usage["cache_read_input_tokens"]);
  const cacheWrite = num(usage["cache_creation_input_tokens"]);
  return withOptional(
    {
      type: "usage",
      inputTokens: (num(usage["input_tokens"]) ?? 0) + (cacheRead ?? 0) + (cacheWrite ?? 0),
      outputTokens: num(usage["output_tokens"]) ?? 0,
    },
    {
      cacheReadTokens: cacheRead,
      cacheWriteTokens: cacheWrite,
      reasoningTokens: num(field(usage["output_tokens_details"], "thinking_tokens")),
    },
  );
}
