// HTTPS_PROXY / HTTP_PROXY / NO_PROXY (either case), read from the given environment so
// resolution stays testable; create-provider turns them into an undici EnvHttpProxyAgent.
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
