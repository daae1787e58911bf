// Rough USD estimates for the presets' models. Prices are list prices per million tokens as
// published by the vendors (checked 2025); they drift, so the UI calls them estimates.
// Unknown models get no estimate: tokens only, never a made-up number.
import type { UsagePart } from "./providers/usage.js";

export interface Price {
  /** USD per million uncached input tokens. */
  input: number;
  output: number;
  cacheRead?: number;
  cacheWrite?: number;
}

interface Row {
  provider: string;
  model: RegExp;
  price: Price;
}

// More specific patterns first: the first match wins.
const TABLE: readonly Row[] = [
  { provider: "openai", model: /^gpt-5-nano/, price: { input: 0.05, output: 0.4, cacheRead: 0.005 } },
  { provider: "openai", model: /^gpt-5-mini/, price: { input: 0.25, output: 2, cacheRead: 0.025 } },
  { provider: "openai", model: /^gpt-5/, price: { input: 1.25, output: 10, cacheRead: 0.125 } },
  { provider: "openai", model: /^gpt-4\.1-mini/, price: { input: 0.4, output: 1.6, cacheRead: 0.1 } },
  { provider: "openai", model: /^gpt-4\.1/, price: { input: 2, output: 8, cacheRead: 0.5 } },
  { provider: "openai", model: /^gpt-4o-mini/, price: { input: 0.15, output: 0.6, cacheRead: 0.075 } },
  { provider: "openai", model: /^gpt-4o/, price: { input: 2.5, output: 10, cacheRead: 1.25 } },
  { provider: "openai", model: /^o4-mini/, price: { input: 1.1, output: 4.4, cacheRead: 0.275 } },
  { provider: "openai", model: /^o3/, price: { input: 2, output: 8, cacheRead: 0.5 } },
  { provider: "anthropic", model: /^claude-opus-4-5/, price: { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 } },
  { provider: "anthropic", model: /^claude-opus-4/, price: { input: 15, output: 75, cacheRead: 1.5, cacheWrite: 18.75 } },
  { provider: "anthropic", model: /^claude-(sonnet-4|3-7-sonnet)/, price: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 } },
  { provider: "anthropic", model: /^claude-haiku-4/, price: { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 } },
  { provider: "anthropic", model: /^claude-3-5-haiku/, price: { input: 0.8, output: 4, cacheRead: 0.08, cacheWrite: 1 } },
  { provider: "deepseek", model: /^deepseek-(chat|reasoner)/, price: { input: 0.28, output: 0.42, cacheRead: 0.028 } },
  { provider: "moonshot", model: /^kimi-k2/, price: { input: 0.6, output: 2.5, cacheRead: 0.15 } },
];

/** Local servers cost nothing per token. */
const FREE = new Set(["ollama", "lmstudio", "llamacpp"]);

export function priceFor(provider: string, model: string): Price | undefined {
  if (FREE.has(provider)) return { input: 0, output: 0 };
  return TABLE.find((row) => row.provider === provider && row.model.test(model))?.price;
}

export function estimateCostUsd(provider: string, model: string, usage: UsagePart): number | undefined {
  const price = priceFor(provider, model);
  if (!price) return undefined;
  const cacheRead = usage.cacheReadTokens ?? 0;
  const cacheWrite = usage.cacheWriteTokens ?? 0;
  // inputTokens includes cached tokens (see usage.ts); bill each slice at its own rate.
  const fresh = Math.max(0, usage.inputTokens - cacheRead - cacheWrite);
  const usd =
    fresh * price.input +
    cacheRead * (price.cacheRead ?? price.input) +
    cacheWrite * (price.cacheWrite ?? price.input) +
    usage.outputTokens * price.output;
  return usd / 1_000_000;
}
