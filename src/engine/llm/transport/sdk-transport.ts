// Builds the official SDK clients and hands adapters a plain "send this body, give me the
// streaming Response" function. Loaded lazily by create-provider so a run pays only for the
// SDK it uses. The SDKs never retry (maxRetries: 0): retries are ours (retry.ts). They send
// through our node:http fetch (node-fetch.ts, ADR 0021), or undici's when a proxy is set.
import { nodeFetch } from "./node-fetch.js";
import type { ProxySettings } from "../provider-config.js";
import type { OpenStream } from "../adapter-options.js";

export interface TransportOptions {
  apiKey?: string;
  baseUrl?: string;
  /** mini-agent's version, for an honest User-Agent. */
  version: string;
  proxy?: ProxySettings;
  /** Per-attempt time to the response headers; the body has its own idle timeout. */
  timeoutMs?: number;
}

interface ClientBase {
  baseURL?: string;
  maxRetries: number;
  timeout?: number;
  defaultHeaders: Record<string, string>;
  logLevel: "off";
  // Typed loosely: the SDKs type these against undici's types, Node's against undici-types.
  fetch?: unknown;
  fetchOptions?: Record<string, unknown>;
}

async function clientBase(options: TransportOptions): Promise<ClientBase> {
  const base: ClientBase = {
    maxRetries: 0,
    defaultHeaders: { "User-Agent": `mini-agent/${options.version}` },
    // OPENAI_LOG / ANTHROPIC_LOG would make the SDK log to stdout (the protocol output),
    // unredacted; the session's events already record each request's outcome, redacted.
    logLevel: "off",
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
    fetch: nodeFetch,
  };
  if (options.proxy) {
    // undici's own fetch with its own dispatcher: Node 20's bundled fetch and undici@7's
    // agent are different builds and are not guaranteed to work together.
    const undici = await import("undici");
    const dispatcher = new undici.EnvHttpProxyAgent({
      // Plain-HTTP targets go to the proxy as absolute-URI requests, as curl does; undici 7
      // would otherwise CONNECT-tunnel them too. HTTPS targets always tunnel.
      proxyTunnel: false,
      ...(options.proxy.httpProxy ? { httpProxy: options.proxy.httpProxy } : {}),
      ...(options.proxy.httpsProxy ? { httpsProxy: options.proxy.httpsProxy } : {}),
      ...(options.proxy.noProxy ? { noProxy: options.proxy.noProxy } : {}),
    });
    base.fetch = undici.fetch;
    base.fetchOptions = { dispatcher };
  }
  return base;
}

/** The provider's model list (`GET /models` or `/v1/models`, every page), as ids. */
export type ListModels = (signal?: AbortSignal) => Promise<string[]>;

async function ids(pages: AsyncIterable<{ id: string }>): Promise<string[]> {
  const out: string[] = [];
  for await (const model of pages) out.push(model.id);
  return out;
}

export async function openAiTransports(options: TransportOptions): Promise<{ chat: OpenStream; responses: OpenStream; models: ListModels }> {
  const [{ default: OpenAI }, base] = await Promise.all([import("openai"), clientBase(options)]);
  // Local servers need no key, but the SDK insists on one; the value is never checked there.
  const client = new OpenAI({ ...base, apiKey: options.apiKey ?? "no-key-needed" } as ConstructorParameters<typeof OpenAI>[0]);
  return {
    chat: (body, signal) => client.chat.completions.create(body as never, signal ? { signal } : {}).asResponse(),
    responses: (body, signal) => client.responses.create(body as never, signal ? { signal } : {}).asResponse(),
    models: (signal) => ids(client.models.list(signal ? { signal } : {})),
  };
}

export async function anthropicTransport(options: TransportOptions): Promise<{ open: OpenStream; models: ListModels }> {
  const [{ default: Anthropic }, base] = await Promise.all([import("@anthropic-ai/sdk"), clientBase(options)]);
  const client = new Anthropic({ ...base, apiKey: options.apiKey ?? null } as ConstructorParameters<typeof Anthropic>[0]);
  return {
    open: (body, signal) => client.messages.create(body as never, signal ? { signal } : {}).asResponse(),
    models: (signal) => ids(client.models.list({}, signal ? { signal } : {})),
  };
}
