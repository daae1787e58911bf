// A web_fetch rule is about where the request goes, not how the model spelt the URL. The
// rule's pattern is either a URL glob (`https://docs.example.com/**`), matched against the URL
// as it is fetched (host lowercased, default port dropped, `..` resolved, no userinfo, no
// fragment: `https://EXAMPLE.com:443/a/../b#x` is `https://example.com/b`), or, with no
// `://` in it, a host glob (`example.com`, `*.example.com`), matched against the host with
// and without its port: the same unit an "always" for web_fetch covers. Pure.

/** The forms of a URL a web_fetch rule is tried against; `as written` only when it is no URL. */
export interface UrlForms {
  /** Full-URL forms: as fetched, and (deny only) as written. */
  urls: string[];
  /** Host forms: `example.com:8080` and `example.com`; empty when it is no URL. */
  hosts: string[];
}

export function urlForms(subject: string): UrlForms {
  let url: URL;
  try {
    url = new URL(subject);
  } catch {
    return { urls: [subject], hosts: [] };
  }
  const fetched = `${url.protocol}//${url.host}${url.pathname}${url.search}`;
  return { urls: [...new Set([fetched, subject])], hosts: [...new Set([url.host, url.hostname])] };
}

/** A web_fetch pattern without a scheme names hosts; host names are not case-sensitive. */
export function isHostPattern(pattern: string): boolean {
  return !pattern.includes("://");
}

/**
 * Whether a web_fetch rule's test matches this URL. A deny tries every form (as written
 * too, so a deny never matches less than before); an allow only what is really fetched.
 */
export function urlRuleMatches(pattern: string, test: (subject: string) => boolean, subject: string, deny: boolean): boolean {
  const forms = urlForms(subject);
  if (isHostPattern(pattern)) return forms.hosts.some((host) => test(host.toLowerCase()));
  const urls = deny ? forms.urls : forms.urls.slice(0, 1);
  return urls.some((url) => test(url));
}
