// Context windows (input + output tokens) of the presets' models, as the vendors publish them
// (see docs/adr/0016-compaction.md). Unknown models get the default; `context_budget` overrides both.
interface Row {
  model: RegExp;
  window: number;
}

// More specific patterns first: the first match wins. Matched on the model name alone, since
// the same model is served by several providers (OpenRouter's "anthropic/claude-…").
const TABLE: readonly Row[] = [
  { model: /gpt-5/, window: 400_000 },
  { model: /gpt-4\.1/, window: 1_047_576 },
  { model: /gpt-4o/, window: 128_000 },
  { model: /(^|\/)o[34](-mini)?/, window: 200_000 },
  { model: /claude-/, window: 200_000 },
  { model: /deepseek-(chat|reasoner)/, window: 128_000 },
  { model: /kimi-k2/, window: 262_144 },
  { model: /kimi-for-coding|kimi-latest/, window: 262_144 },
];

/** A window small local models and unknown servers are likely to have. */
export const DEFAULT_CONTEXT_WINDOW = 128_000;

export function contextWindowFor(model: string): number | undefined {
  return TABLE.find((row) => row.model.test(model))?.window;
}
