// One thinking level, many provider dialects (issue 3): reasoning_effort for OpenAI,
// a token budget for Anthropic, a `thinking` toggle for Kimi and DeepSeek.
import type { ThinkingLevel } from "./provider.js";

/** How an OpenAI-compatible endpoint takes its thinking setting. */
export type ThinkingDialect = "none" | "openai" | "kimi" | "deepseek" | "openrouter";

type Effort = "low" | "medium" | "high";

// "max" maps to "high": the larger efforts are model-specific and a wrong one is a 400.
function effort(level: Exclude<ThinkingLevel, "off">): Effort {
  return level === "max" ? "high" : level;
}

/** OpenAI's reasoning models; other models reject reasoning parameters. */
export function isOpenAiReasoningModel(model: string): boolean {
  return /^(o\d|gpt-5|codex)/i.test(model);
}

export function chatThinkingFields(dialect: ThinkingDialect, level: ThinkingLevel, model: string): Record<string, unknown> {
  switch (dialect) {
    case "kimi":
      // Kimi decides its own effort; kimi-cli stopped sending one implicitly.
      return { thinking: { type: level === "off" ? "disabled" : "enabled" } };
    case "deepseek":
      return level === "off"
        ? { thinking: { type: "disabled" } }
        : { thinking: { type: "enabled" }, reasoning_effort: effort(level) };
    case "openai":
      return level !== "off" && isOpenAiReasoningModel(model) ? { reasoning_effort: effort(level) } : {};
    case "openrouter":
      return level === "off" ? {} : { reasoning: { effort: effort(level) } };
    case "none":
      return {};
  }
}

export function responsesReasoning(level: ThinkingLevel, model: string): { effort: Effort; summary: "auto" } | undefined {
  if (level === "off" || !isOpenAiReasoningModel(model)) return undefined;
  return { effort: effort(level), summary: "auto" };
}

const ANTHROPIC_BUDGET: Record<Exclude<ThinkingLevel, "off">, number> = {
  low: 2_048,
  medium: 8_000,
  high: 16_000,
  max: 24_000,
};

export type AnthropicThinkingStyle = "none" | "budget" | "adaptive";

/**
 * Which thinking switch a Claude model takes: none before 3.7, a token budget up to the 4.5
 * generation, adaptive thinking with an effort from 4.6 on (the SDK warns that a budget is
 * deprecated there). Unknown names get the budget, the most widely accepted form.
 */
export function anthropicThinkingStyle(model: string): AnthropicThinkingStyle {
  if (/claude-3(?:-\d)?-(?:opus|sonnet|haiku)/i.test(model)) return /claude-3-7/i.test(model) ? "budget" : "none";
  const modern = /claude-[a-z]+-(\d+)(?:-(\d{1,2}))?(?:-|$)/i.exec(model);
  if (!modern) return "budget";
  const major = Number(modern[1]);
  const minor = modern[2] === undefined ? 0 : Number(modern[2]);
  return major > 4 || (major === 4 && minor >= 6) ? "adaptive" : "budget";
}

export interface AnthropicThinkingFields {
  maxTokens: number;
  thinking?: Record<string, unknown>;
  outputConfig?: { effort: string };
}

export function anthropicThinking(level: ThinkingLevel, model: string): AnthropicThinkingFields {
  const style = anthropicThinkingStyle(model);
  if (style === "none") return { maxTokens: 8_192 };
  // 32k output fits every current model's limit and leaves room above the largest budget.
  if (style === "adaptive") {
    if (level === "off") return { maxTokens: 32_000, thinking: { type: "disabled" } };
    return { maxTokens: 32_000, thinking: { type: "adaptive" }, outputConfig: { effort: level } };
  }
  if (level === "off") return { maxTokens: 32_000 };
  return { maxTokens: 32_000, thinking: { type: "enabled", budget_tokens: ANTHROPIC_BUDGET[level] } };
}
