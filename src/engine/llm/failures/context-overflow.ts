// Recognises "the prompt does not fit the context window" in each provider's words
// (docs/providers.md §5.5), so the loop can report it as its own kind and compaction can react.

const OVERFLOW_PATTERNS: readonly RegExp[] = [
  /maximum context length/i, // OpenAI chat (older wording), OpenRouter, DeepSeek
  /exceeds? the context window/i, // OpenAI chat / responses (newer wording)
  /context[ _]length[ _]exceeded/i,
  /prompt is too long/i, // Anthropic
  /exceed context limit/i, // Anthropic: input length and `max_tokens` exceed context limit
  /exceeded model token limit/i, // Kimi / Moonshot
  /exceeds the available context size/i, // llama.cpp server
  /greater than the context length/i, // LM Studio
  /context window exceeded/i,
];

export interface OverflowFacts {
  message: string;
  status?: number;
  code?: string;
  type?: string;
}

export function isContextOverflow(facts: OverflowFacts): boolean {
  if (facts.code === "context_length_exceeded") return true;
  // 413 is the request body being too large in bytes; compaction is not the fix for that.
  if (facts.status === 413 || facts.type === "request_too_large") return false;
  if (facts.status !== undefined && facts.status !== 200 && facts.status !== 400 && facts.status !== 422) {
    return false;
  }
  return OVERFLOW_PATTERNS.some((pattern) => pattern.test(facts.message));
}
