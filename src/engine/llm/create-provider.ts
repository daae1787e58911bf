// The one entry point the composition root calls: resolved config in, ModelProvider out.
// The adapters are small and load with the engine; the SDKs and the HTTP transport under
// them (sdk-transport.ts) are imported dynamically, so a run loads only the one it uses.
import type { ProviderConfig } from "./provider-config.js";
import type { AdapterOptions } from "./adapter-options.js";
import { AnthropicProvider } from "./providers/anthropic.js";
import { EndpointFallbackProvider } from "./providers/fallback.js";
import { OpenAiChatProvider } from "./providers/openai-chat.js";
import { OpenAiResponsesProvider } from "./providers/openai-responses.js";
import { factsFrom, toProviderError, type ErrorContext } from "./failures/errors.js";
import { estimateCostUsd } from "./pricing.js";
import type { ModelProvider } from "./provider.js";
import type { ListModels } from "./transport/sdk-transport.js";
import { proxyFor } from "./transport/proxy-route.js";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./failures/retry-policy.js";
import { acceptsImageInput } from "./providers/tool-images.js";

export interface CreateProviderOptions {
  /** mini-agent's version, sent as User-Agent: mini-agent/<version>. */
  version: string;
  /** Overrides for the retry policy (tests use tiny delays). */
  retry?: Partial<RetryPolicy>;
  idleTimeoutMs?: number;
  firstByteTimeoutMs?: number;
  /**
   * Chat → Responses fallback. Default: only for api.openai.com, the one host that serves
   * both APIs; tests switch it on for a local server.
   */
  endpointFallback?: boolean;
}

export function isOpenAiHost(baseUrl: string | undefined): boolean {
  if (!baseUrl) return false;
  try {
    return new URL(baseUrl).hostname === "api.openai.com";
  } catch {
    return false;
  }
}

export async function createProvider(config: ProviderConfig, options: CreateProviderOptions): Promise<ModelProvider> {
  if (config.protocol === "fake") {
    throw new Error("createProvider does not build the fake provider; the composition root does (FAKE_LLM=1)");
  }
  const proxy = proxyFor(config.baseUrl, config.proxy);
  const ctx: ErrorContext = {
    provider: config.provider,
    model: config.model,
    secrets: [config.apiKey],
    ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
    ...(proxy ? { proxy } : {}),
    ...(config.apiKeySource ? { keySource: config.apiKeySource } : {}),
  };
  const common: Omit<AdapterOptions, "open"> = {
    name: config.provider,
    model: config.model,
    ctx,
    defaultThinking: config.thinking,
    imageInput: acceptsImageInput({ ...config, openAiHost: isOpenAiHost(config.baseUrl) }),
    retry: { ...DEFAULT_RETRY_POLICY, ...options.retry },
    costOf: (usage) => estimateCostUsd(config.provider, config.model, usage),
    ...(options.idleTimeoutMs !== undefined ? { idleTimeoutMs: options.idleTimeoutMs } : {}),
    ...(options.firstByteTimeoutMs !== undefined ? { firstByteTimeoutMs: options.firstByteTimeoutMs } : {}),
  };
  const transport = {
    version: options.version,
    ...(config.apiKey !== undefined ? { apiKey: config.apiKey } : {}),
    ...(config.baseUrl !== undefined ? { baseUrl: config.baseUrl } : {}),
    ...(config.proxy ? { proxy: config.proxy } : {}),
  };
  const sdk = await import("./transport/sdk-transport.js");

  if (config.protocol === "anthropic") {
    const anthropic = await sdk.anthropicTransport(transport);
    return withModelList(new AnthropicProvider({ ...common, open: anthropic.open }), anthropic.models, ctx);
  }

  const opens = await sdk.openAiTransports(transport);
  const onOpenAi = isOpenAiHost(config.baseUrl);
  const chat = new OpenAiChatProvider({
    ...common,
    open: opens.chat,
    thinkingDialect: config.thinkingDialect,
    reasoningEcho: config.reasoningEcho,
    parallelToolCalls: onOpenAi || config.provider === "openai",
  });
  if (!(options.endpointFallback ?? onOpenAi)) return withModelList(chat, opens.models, ctx);
  return withModelList(new EndpointFallbackProvider(chat, new OpenAiResponsesProvider({ ...common, open: opens.responses })), opens.models, ctx);
}

/** The provider's model list, its failures worded as a request's are (status, key source, no secrets). */
function withModelList(provider: ModelProvider, list: ListModels, ctx: ErrorContext): ModelProvider {
  provider.listModels = async (signal) => {
    try {
      return (await list(signal)).sort();
    } catch (error) {
      const facts = factsFrom(error);
      if (facts.aborted) throw error;
      throw toProviderError(facts, ctx);
    }
  };
  return provider;
}
