// Known providers: where they live, which wire protocol and thinking dialect they speak,
// and which environment variables configure them. Anything else is a custom provider.
import type { ThinkingDialect } from "../engine/llm/thinking.js";

export type Protocol = "openai-chat" | "anthropic";

export interface Preset {
  protocol: Protocol;
  baseUrl: string;
  /** Absent for servers whose models are whatever the user pulled (ollama, lmstudio, openrouter). */
  defaultModel?: string;
  /** Prefix of <PREFIX>_API_KEY, <PREFIX>_BASE_URL, <PREFIX>_MODEL. */
  envPrefix: string;
  needsKey: boolean;
  thinkingDialect: ThinkingDialect;
  /** Send reasoning back with assistant turns (the provider requires it). */
  reasoningEcho: boolean;
}

export const KIMI_CODING_BASE_URL = "https://api.kimi.com/coding/v1";

export const PRESETS: Readonly<Record<string, Preset>> = {
  kimi: {
    protocol: "openai-chat",
    baseUrl: KIMI_CODING_BASE_URL,
    defaultModel: "kimi-for-coding",
    envPrefix: "KIMI",
    needsKey: true,
    thinkingDialect: "kimi",
    reasoningEcho: true,
  },
  moonshot: {
    protocol: "openai-chat",
    baseUrl: "https://api.moonshot.ai/v1",
    defaultModel: "kimi-k2.6",
    envPrefix: "MOONSHOT",
    needsKey: true,
    thinkingDialect: "kimi",
    reasoningEcho: true,
  },
  openai: {
    protocol: "openai-chat",
    baseUrl: "https://api.openai.com/v1",
    defaultModel: "gpt-5",
    envPrefix: "OPENAI",
    needsKey: true,
    thinkingDialect: "openai",
    reasoningEcho: false,
  },
  anthropic: {
    protocol: "anthropic",
    baseUrl: "https://api.anthropic.com",
    defaultModel: "claude-sonnet-5-5",
    envPrefix: "ANTHROPIC",
    needsKey: true,
    thinkingDialect: "none",
    reasoningEcho: false,
  },
  deepseek: {
    protocol: "openai-chat",
    baseUrl: "https://api.deepseek.com",
    defaultModel: "deepseek-chat",
    envPrefix: "DEEPSEEK",
    needsKey: true,
    thinkingDialect: "deepseek",
    reasoningEcho: true,
  },
  openrouter: {
    protocol: "openai-chat",
    baseUrl: "https://openrouter.ai/api/v1",
    envPrefix: "OPENROUTER",
    needsKey: true,
    thinkingDialect: "openrouter",
    reasoningEcho: false,
  },
  ollama: {
    protocol: "openai-chat",
    baseUrl: "http://127.0.0.1:11434/v1",
    envPrefix: "OLLAMA",
    needsKey: false,
    thinkingDialect: "none",
    reasoningEcho: false,
  },
  lmstudio: {
    protocol: "openai-chat",
    baseUrl: "http://127.0.0.1:1234/v1",
    envPrefix: "LMSTUDIO",
    needsKey: false,
    thinkingDialect: "none",
    reasoningEcho: false,
  },
  llamacpp: {
    protocol: "openai-chat",
    baseUrl: "http://127.0.0.1:8080/v1",
    // llama-server answers with whatever model it loaded, whatever name we send.
    defaultModel: "default",
    envPrefix: "LLAMACPP",
    needsKey: false,
    thinkingDialect: "none",
    reasoningEcho: false,
  },
};

export function presetNames(): string[] {
  return Object.keys(PRESETS);
}

/** Custom providers speak OpenAI chat and take their settings from config files only. */
export const CUSTOM_PRESET: Omit<Preset, "baseUrl" | "envPrefix"> = {
  protocol: "openai-chat",
  needsKey: false,
  thinkingDialect: "none",
  reasoningEcho: false,
};
