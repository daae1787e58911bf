// The settings the rest of the program runs with, after every source has had its say.
import type { ThinkingLevel } from "../engine/llm/provider.js";
import type { ThinkingDialect } from "../engine/llm/thinking.js";
import type { UserRules } from "../engine/approval/user-rules.js";
import type { ProxySettings } from "../engine/llm/provider-config.js";
import type { Protocol } from "./presets.js";

/** Setting name → where its effective value came from, e.g. "env KIMI_API_KEY". Never a value. */
export type SettingSources = Record<string, string>;

export type { ProxySettings } from "../engine/llm/provider-config.js";

export interface ResolvedConfig {
  /** Preset name ("kimi", "openai", …), a custom name, or "fake" for FAKE_LLM=1. */
  provider: string;
  protocol: Protocol | "fake";
  model: string;
  apiKey?: string;
  apiKeySource?: string;
  baseUrl?: string;
  thinking: ThinkingLevel;
  thinkingDialect: ThinkingDialect;
  reasoningEcho: boolean;
  maxRounds: number;
  /** Seconds to the first bytes of a model's answer, and of silence mid-stream, before a retry. */
  firstByteTimeoutS?: number;
  idleTimeoutS?: number;
  contextBudget?: number;
  systemPromptFile?: string;
  /** Passed through for the sandbox / jail owners; not interpreted here. */
  sandbox?: string;
  readRoots?: string[];
  /** Allow/deny rules from every config file, merged (deny from any file wins). */
  permissions?: UserRules;
  /** The web_search backend (config file, or BRAVE_API_KEY / TAVILY_API_KEY). */
  webSearch?: { provider: "brave" | "tavily"; apiKey: string; baseUrl?: string };
  proxy?: ProxySettings;
  sources: SettingSources;
  /** Non-fatal notes for stderr (unknown keys, an expired Kimi login, …). */
  warnings: string[];
}

export const DEFAULT_MAX_ROUNDS = 50;
export const DEFAULT_THINKING: ThinkingLevel = "medium";
