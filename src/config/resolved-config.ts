// The settings the rest of the program runs with, after every source has had its say.
import type { ThinkingLevel } from "../engine/llm/provider.js";
import type { UserRules } from "../engine/approval/rules/user-rules.js";
import type { ScopedHooks } from "../engine/extensions/hooks/hook-settings.js";
import type { ProviderConfig } from "../engine/llm/provider-config.js";
import type { ScopedMcpServer } from "../engine/extensions/mcp/mcp-settings.js";
import type { SandboxNetwork } from "../engine/sandbox/net-allowlist.js";
import type { VariantConfig } from "../engine/extensions/variants/agent-variants.js";

/** Setting name → where its effective value came from, e.g. "env KIMI_API_KEY". Never a value. */
export type SettingSources = Record<string, string>;

export type { ProxySettings } from "../engine/llm/provider-config.js";

/** The engine's ProviderConfig (which it defines) plus what the rest of the program reads. */
export interface ResolvedConfig extends ProviderConfig {
  maxRounds: number;
  /** Seconds to the first bytes of a model's answer, and of silence mid-stream, before a retry. */
  firstByteTimeoutS?: number;
  idleTimeoutS?: number;
  contextBudget?: number;
  systemPromptFile?: string;
  /** Passed through for the sandbox / jail owners; not interpreted here. */
  sandbox?: string;
  /** The user's "sandbox_network", narrowed by the project's (ADR 0037); absent: the default registries. */
  sandboxNetwork?: SandboxNetwork;
  readRoots?: string[];
  /** Allow/deny rules from every config file, merged (deny from any file wins). */
  permissions?: UserRules;
  /** The web_search backend (config file, or BRAVE_API_KEY / TAVILY_API_KEY). */
  webSearch?: { provider: "brave" | "tavily"; apiKey: string; baseUrl?: string };
  /** Agent variants and tool sets from config (project definitions win by name). */
  variants?: VariantConfig;
  /** Command hooks per config file (project first); project hooks need the project's trust. */
  hooks?: ScopedHooks[];
  /** MCP servers per config file (project first); the same trust rule. */
  mcpServers?: ScopedMcpServer[];
  sources: SettingSources;
  /** Every key and URL password the config files and the Kimi login hold, for any provider (known-credentials.ts). */
  credentials?: string[];
  /** Non-fatal notes for stderr (unknown keys, an expired Kimi login, …). */
  warnings: string[];
}

export const DEFAULT_MAX_ROUNDS = 50;
export const DEFAULT_THINKING: ThinkingLevel = "medium";
