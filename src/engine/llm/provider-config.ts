// What the engine needs to build a provider, as the engine defines it. The config layer's
// ResolvedConfig satisfies this shape; the engine never imports the config layer (not even
// its types), so the dependency runs one way: config → engine.
import type { ThinkingLevel } from "./provider.js";
import type { ThinkingDialect } from "./thinking.js";

export interface ProxySettings {
  httpProxy?: string;
  httpsProxy?: string;
  noProxy?: string;
}

export interface ProviderConfig {
  /** Preset name ("kimi", "openai", …), a custom name, or "fake" for FAKE_LLM=1. */
  provider: string;
  protocol: "openai-chat" | "anthropic" | "fake";
  model: string;
  apiKey?: string;
  apiKeySource?: string;
  baseUrl?: string;
  thinking: ThinkingLevel;
  thinkingDialect: ThinkingDialect;
  reasoningEcho: boolean;
  proxy?: ProxySettings;
}
