// The start-up lines on stderr naming where each effective setting came from, so "why is it
// talking to that endpoint?" has an answer. Keys are redacted; values never leak. A value may
// be a project's text (an untrusted `model` applies at once), so each is shown escaped on its
// own line: a line break in it cannot forge a row such as `base_url … (env)`.
import { visibleText } from "../engine/secrets/visible-text.js";
import { redactKey, redactUrl } from "./redact.js";
import type { ResolvedConfig } from "./resolved-config.js";

export function sourceReport(config: ResolvedConfig): string[] {
  const rows: [string, string | undefined][] = [
    ["provider", config.provider],
    ["model", config.model],
    // A gateway's URL may carry a password (http://user:pass@host) just as a proxy's may.
    ["base_url", config.baseUrl && redactUrl(config.baseUrl)],
    ["api_key", config.apiKey === undefined ? undefined : redactKey(config.apiKey)],
    ["thinking", config.thinking],
    ["max_rounds", String(config.maxRounds)],
    ["context_budget", config.contextBudget === undefined ? undefined : String(config.contextBudget)],
    ["system_prompt_file", config.systemPromptFile],
    ["sandbox", config.sandbox],
    ["read_roots", config.readRoots?.join(", ")],
    ["web_search", config.webSearch && `${config.webSearch.provider} (key ${redactKey(config.webSearch.apiKey)})`],
    ["https_proxy", config.proxy?.httpsProxy && redactUrl(config.proxy.httpsProxy)],
    ["http_proxy", config.proxy?.httpProxy && redactUrl(config.proxy.httpProxy)],
    ["no_proxy", config.proxy?.noProxy],
  ];
  const shown = rows.filter((row): row is [string, string] => row[1] !== undefined);
  const width = Math.max("api_key".length, ...shown.map(([name]) => name.length));
  const lines = shown
    .map(([name, value]) => `  ${name.padEnd(width)}  ${visibleText(value)}  (${visibleText(config.sources[name] ?? "default")})`);
  if (config.apiKey === undefined && config.protocol !== "fake") lines.push(`  ${"api_key".padEnd(width)}  (none)`);
  return ["mini-agent settings:", ...lines, ...config.warnings.map((w) => `warning: ${visibleText(w, 2000)}`)];
}
