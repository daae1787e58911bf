// HTTPS_PROXY / HTTP_PROXY / NO_PROXY (either case), read from the given environment so
// resolution stays testable; create-provider turns them into an undici EnvHttpProxyAgent.
import { ConfigError } from "./config-error.js";
import { redactUrl } from "./redact.js";
import type { ProxySettings } from "./resolved-config.js";

type Env = Readonly<Record<string, string | undefined>>;

function first(env: Env, names: string[], sources: Record<string, string>, setting: string): string | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) {
      sources[setting] = `env ${name}`;
      return value;
    }
  }
  return undefined;
}

export function resolveProxy(env: Env, sources: Record<string, string>): ProxySettings | undefined {
  const httpsProxy = first(env, ["HTTPS_PROXY", "https_proxy"], sources, "https_proxy");
  const httpProxy = first(env, ["HTTP_PROXY", "http_proxy"], sources, "http_proxy");
  const noProxy = first(env, ["NO_PROXY", "no_proxy"], sources, "no_proxy");
  if (!httpsProxy && !httpProxy) return undefined;
  return {
    ...(httpsProxy ? { httpsProxy } : {}),
    ...(httpProxy ? { httpProxy } : {}),
    ...(noProxy ? { noProxy } : {}),
  };
}

/**
 * The proxies a provider's requests will go through, checked before the first request: undici
 * takes only an http:// or https:// URL, and anything else was its raw TypeError with a stack.
 * The message names the variable (from `sources`) and the value, its password hidden.
 */
export function checkProxy(proxy: ProxySettings | undefined, sources: Record<string, string>): void {
  for (const [setting, value] of [["https_proxy", proxy?.httpsProxy], ["http_proxy", proxy?.httpProxy]] as const) {
    if (value === undefined || isHttpUrl(value)) continue;
    const variable = (sources[setting] ?? setting).replace(/^env /, "");
    // A value without a scheme may still carry user:password@ in front.
    const shown = value.includes("://") ? redactUrl(value) : value.replace(/^[^@/]*@/, "…@");
    throw new ConfigError(`${variable} ${JSON.stringify(shown)} is not an http:// or https:// URL; write the proxy as http://host:port (or unset ${variable})`);
  }
}

/** An absolute URL with a host and one of `protocols` (a proxy's, a base_url's; the registry's, https only). */
export function isHttpUrl(value: string, protocols: readonly string[] = ["http:", "https:"]): boolean {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.hostname !== "";
  } catch {
    return false;
  }
}
