// Which proxy a provider's requests go through, worked out as undici's EnvHttpProxyAgent does
// (https targets use HTTPS_PROXY, else HTTP_PROXY; http targets HTTP_PROXY; NO_PROXY exempts
// hosts), so a connection error can name the proxy that refused it rather than only the model's
// address, which was never dialled.
import type { ProxySettings } from "../provider-config.js";
import { redactUrl } from "../failures/scrub.js";

/** The SDKs' own default when no base_url is set is an https host. */
const DEFAULT_PROTOCOL = "https:";

/** The proxy URL (password hidden) that requests to `baseUrl` go through, if any. */
export function proxyFor(baseUrl: string | undefined, proxy: ProxySettings | undefined): string | undefined {
  if (!proxy) return undefined;
  let target: URL | undefined;
  try {
    target = baseUrl ? new URL(baseUrl) : undefined;
  } catch {
    return undefined;
  }
  const https = (target?.protocol ?? DEFAULT_PROTOCOL) === "https:";
  const chosen = https ? (proxy.httpsProxy ?? proxy.httpProxy) : proxy.httpProxy;
  if (!chosen || (target && exempt(target, proxy.noProxy))) return undefined;
  return redactUrl(chosen);
}

/** NO_PROXY as undici reads it: `*`, or hosts split on commas and spaces, each with an optional port; a host covers its subdomains. */
function exempt(target: URL, noProxy: string | undefined): boolean {
  if (!noProxy) return false;
  if (noProxy === "*") return true;
  // undici keeps an IPv6 address's brackets (`[::1]`), and so do its NO_PROXY entries.
  const host = target.host.replace(/:\d*$/, "").toLowerCase();
  const port = Number.parseInt(target.port, 10) || (target.protocol === "https:" ? 443 : 80);
  for (const entry of noProxy.split(/[,\s]/)) {
    if (!entry) continue;
    const parsed = /^(.+):(\d+)$/.exec(entry);
    const name = (parsed ? parsed[1]! : entry).replace(/^\*?\./, "").toLowerCase();
    if (parsed && Number.parseInt(parsed[2]!, 10) !== port) continue;
    if (host === name || host.endsWith(`.${name}`)) return true;
  }
  return false;
}
