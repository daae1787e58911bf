// web_search through a search API the user configured. The endpoint comes from config, not
// from the model, so it is not subject to web_fetch's address guard; the model supplies
// only the query. With no backend configured the tool is not offered at all.
import { defineTool, ToolError } from "../tool.js";
import { builtinInput } from "../tool-input.js";

export interface WebSearchConfig {
  provider: "brave" | "tavily";
  apiKey: string;
  /** Override of the provider's API origin (self-hosted proxies, tests). */
  baseUrl?: string;
  maxResults?: number;
}

interface SearchResult {
  title: string;
  url: string;
  snippet: string;
}

const TIMEOUT_MS = 15_000;

const strip = (s: unknown) => (typeof s === "string" ? s.replace(/<[^>]+>/g, "").replace(/\s+/g, " ").trim() : "");

async function callProvider(config: WebSearchConfig, query: string, signal: AbortSignal): Promise<SearchResult[]> {
  // Loaded on first use so start-up does not pay for undici.
  const { request } = await import("undici");
  const count = config.maxResults ?? 8;
  if (config.provider === "brave") {
    const url = new URL("/res/v1/web/search", config.baseUrl ?? "https://api.search.brave.com");
    url.searchParams.set("q", query);
    url.searchParams.set("count", String(count));
    const response = await request(url, { signal, headers: { accept: "application/json", "x-subscription-token": config.apiKey } });
    const data = (await readJson(response)) as { web?: { results?: { title?: string; url?: string; description?: string }[] } };
    return (data.web?.results ?? []).map((r) => ({ title: strip(r.title), url: r.url ?? "", snippet: strip(r.description) }));
  }
  const url = new URL("/search", config.baseUrl ?? "https://api.tavily.com");
  const response = await request(url, {
    method: "POST",
    signal,
    headers: { "content-type": "application/json", authorization: `Bearer ${config.apiKey}` },
    body: JSON.stringify({ query, max_results: count }),
  });
  const data = (await readJson(response)) as { results?: { title?: string; url?: string; content?: string }[] };
  return (data.results ?? []).map((r) => ({ title: strip(r.title), url: r.url ?? "", snippet: strip(r.content) }));
}

async function readJson(response: Awaited<ReturnType<typeof import("undici").request>>): Promise<unknown> {
  const text = await response.body.text();
  // Never echo the response of an auth failure at length: it may quote the key.
  if (response.statusCode >= 400) throw new ToolError(`search provider answered HTTP ${response.statusCode}`);
  try {
    return JSON.parse(text);
  } catch {
    throw new ToolError("search provider returned something other than JSON");
  }
}

/** The web_search tool, or undefined when no backend is configured (then it is not offered). */
export function createWebSearchTool(config: WebSearchConfig | undefined) {
  if (!config?.apiKey) return undefined;
  return defineTool({
    name: "web_search",
    description: "Search the web. Returns numbered results with title, URL and snippet; use web_fetch to read one.",
    kind: "read",
    input: builtinInput("web_search"),
    async execute({ query }, context) {
      const signal = AbortSignal.any([context.signal, AbortSignal.timeout(TIMEOUT_MS)]);
      let results: SearchResult[];
      try {
        results = await callProvider(config, query, signal);
      } catch (error) {
        if (error instanceof ToolError) throw error;
        throw new ToolError(`web search failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (results.length === 0) return { content: `No results for ${JSON.stringify(query)}.` };
      return { content: results.map((r, i) => `${i + 1}. ${r.title}\n   ${r.url}\n   ${r.snippet}`).join("\n\n") };
    },
  });
}
