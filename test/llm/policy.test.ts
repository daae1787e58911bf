// Pure decisions: retry rules and delays, context-overflow recognition, thinking dialects,
// price estimates, and the JSON error position used by config messages.
import { describe, expect, it } from "vitest";
import { jsonErrorOffset, positionAt } from "../../src/config/json-error-position.js";
import { isContextOverflow } from "../../src/engine/llm/failures/context-overflow.js";
import { estimateCostUsd } from "../../src/engine/llm/pricing.js";
import { DEFAULT_RETRY_POLICY, backoffMs, decideRetry, isRetryable, serverDelayMs } from "../../src/engine/llm/failures/retry-policy.js";
import { scrubSecrets } from "../../src/engine/llm/failures/scrub.js";
import { anthropicThinkingStyle, chatThinkingFields, responsesReasoning } from "../../src/engine/llm/thinking.js";

const headers = (h: Record<string, string>) => new Headers(h);

describe("retry policy", () => {
  it("retries 408/409/429/5xx/529 and network errors, not 400/401/403/404", () => {
    for (const status of [408, 409, 429, 500, 502, 503, 504, 529]) expect(isRetryable({ status, message: "" })).toBe(true);
    for (const status of [400, 401, 403, 404, 413, 422]) expect(isRetryable({ status, message: "" })).toBe(false);
    expect(isRetryable({ network: true, message: "terminated" })).toBe(true);
  });

  it("x-should-retry overrides the status either way", () => {
    expect(isRetryable({ status: 503, message: "", headers: headers({ "x-should-retry": "false" }) })).toBe(false);
    expect(isRetryable({ status: 400, message: "", headers: headers({ "x-should-retry": "true" }) })).toBe(true);
  });

  it("never retries quota and spend-cap 429s", () => {
    expect(isRetryable({ status: 429, code: "insufficient_quota", message: "" })).toBe(false);
    expect(isRetryable({ status: 429, type: "exceeded_current_quota_error", message: "" })).toBe(false);
    expect(isRetryable({ status: 429, message: "Request too large for gpt-x on tokens per min (TPM): Limit 30000, Requested 38324." })).toBe(false);
    expect(isRetryable({ status: 429, code: "enforced_spend_limit_reached", message: "" })).toBe(false);
    expect(isRetryable({ status: 429, message: "You've reached your usage limit for this period" })).toBe(false);
  });

  it("reads retry-after-ms, then retry-after seconds or date, then 'try again in'", () => {
    const now = Date.parse("2026-11-30T00:00:00Z");
    expect(serverDelayMs({ message: "", headers: headers({ "retry-after-ms": "150", "retry-after": "9" }) }, now)).toBe(150);
    expect(serverDelayMs({ message: "", headers: headers({ "retry-after": "0.5" }) }, now)).toBe(500);
    expect(serverDelayMs({ message: "", headers: headers({ "retry-after": "Mon, 30 Nov 2026 00:00:02 GMT" }) }, now)).toBe(2000);
    expect(serverDelayMs({ message: "Rate limit reached. Please try again in 1.5s." })).toBe(1500);
    expect(serverDelayMs({ message: "try again in 20ms" })).toBe(20);
    expect(serverDelayMs({ message: "Please try again in 1m30s." })).toBe(90_000);
    expect(serverDelayMs({ message: "", headers: headers({ "retry-after": "-5" }) }, now)).toBeUndefined();
    expect(serverDelayMs({ message: "", headers: headers({ "retry-after": "0", "retry-after-ms": "0" }) }, now)).toBeUndefined();
  });

  it("backs off exponentially with jitter, capped, and stops at maxRetries", () => {
    const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxBackoffMs: 300 };
    expect(backoffMs(0, policy, () => 0)).toBe(100);
    expect(backoffMs(1, policy, () => 1)).toBe(150);
    expect(backoffMs(5, policy, () => 0)).toBe(300);
    expect(decideRetry({ status: 500, message: "" }, policy.maxRetries, policy)).toEqual({ retry: false, why: `gave up after ${policy.maxRetries + 1} attempts` });
  });
});

describe("context overflow per provider", () => {
  it.each([
    ["openai code", { status: 400, code: "context_length_exceeded", message: "x" }],
    ["openai words", { status: 400, message: "This model's maximum context length is 128000 tokens." }],
    ["responses words", { message: "Your input exceeds the context window of this model. Please adjust your input and try again." }],
    ["anthropic", { status: 400, message: "prompt is too long: 208301 tokens > 200000 maximum" }],
    ["anthropic max_tokens", { status: 400, message: "input length and `max_tokens` exceed context limit: 188059 + 20000 > 200000" }],
    ["kimi", { status: 400, message: "Invalid request: Your request exceeded model token limit: 262144 (requested: 270112)" }],
    ["openrouter", { status: 400, message: "This endpoint's maximum context length is 8192 tokens. However, you requested about 9000 tokens" }],
    ["llama.cpp", { status: 400, message: "the request exceeds the available context size, try increasing it" }],
  ])("recognises %s", (_name, facts) => expect(isContextOverflow(facts)).toBe(true));

  it("keeps 413 body-size errors and other 400s apart", () => {
    expect(isContextOverflow({ status: 413, message: "Request exceeds the maximum size", type: "request_too_large" })).toBe(false);
    expect(isContextOverflow({ status: 400, message: "text content is empty" })).toBe(false);
  });
});

describe("thinking dialects", () => {
  it("maps levels per provider", () => {
    expect(chatThinkingFields("openai", "max", "gpt-5")).toEqual({ reasoning_effort: "high" });
    expect(chatThinkingFields("openai", "high", "gpt-4.1")).toEqual({});
    expect(chatThinkingFields("openrouter", "low", "x")).toEqual({ reasoning: { effort: "low" } });
    expect(chatThinkingFields("none", "high", "x")).toEqual({});
    expect(responsesReasoning("off", "gpt-5")).toBeUndefined();
  });

  it("picks Claude's thinking switch by generation", () => {
    expect(anthropicThinkingStyle("claude-3-5-haiku-20241022")).toBe("none");
    expect(anthropicThinkingStyle("claude-3-7-sonnet-20250219")).toBe("budget");
    expect(anthropicThinkingStyle("claude-sonnet-4-20250514")).toBe("budget");
    expect(anthropicThinkingStyle("claude-haiku-4-5-20251001")).toBe("budget");
    expect(anthropicThinkingStyle("claude-opus-4-6")).toBe("adaptive");
    expect(anthropicThinkingStyle("claude-sonnet-5-5")).toBe("adaptive");
  });
});

describe("pricing", () => {
  it("bills cached and fresh input separately; unknown models get no estimate; local is free", () => {
    const usage = { type: "usage" as const, inputTokens: 1_000_000, outputTokens: 1_000_000, cacheReadTokens: 500_000 };
    expect(estimateCostUsd("openai", "gpt-5", usage)).toBeCloseTo(0.5 * 1.25 + 0.5 * 0.125 + 10, 9);
    expect(estimateCostUsd("openai", "some-new-model", usage)).toBeUndefined();
    expect(estimateCostUsd("kimi", "kimi-for-coding", usage)).toBeUndefined();
    expect(estimateCostUsd("ollama", "qwen3", usage)).toBe(0);
  });
});

describe("secrets", () => {
  it("scrubs known secrets and key-like tokens from text", () => {
    expect(scrubSecrets("key oauth-abcdefghijkl1234 bad", ["oauth-abcdefghijkl1234"])).toBe("key …1234 bad");
    // A key under 20 characters shows none of its own: 4 would be a fifth of it or more.
    expect(scrubSecrets("key oauth-abcdefgh1234 bad", ["oauth-abcdefgh1234"])).toBe("key … bad");
    expect(scrubSecrets("Incorrect API key provided: sk-proj-abcdefghijklmnop")).toBe("Incorrect API key provided: sk-…mnop");
  });
});

describe("JSON error position", () => {
  it("finds the first offending character", () => {
    const text = '{\n  "a": 1\n  "b": 2\n}';
    const offset = jsonErrorOffset(text);
    expect(offset).toBeDefined();
    expect(positionAt(text, offset as number)).toEqual({ line: 3, column: 3 });
    expect(jsonErrorOffset('{"a": [1, 2], "b": {"c": "\\u00e9"}}')).toBeUndefined();
    expect(positionAt('{"a": tru}', jsonErrorOffset('{"a": tru}') as number)).toEqual({ line: 1, column: 10 });
  });
});
