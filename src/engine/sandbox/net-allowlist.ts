// Which hosts a sandboxed command may reach through the proxy (ADR 0037). Pure: parsing the
// setting, matching a request's host and port, and narrowing the user's list by a project's.
// The user's config decides the list; a project's can only take hosts away from it.

/** The package registries, so installs work: each is read-only to anyone without a token, and tokens are hidden. */
export const DEFAULT_ALLOWED_HOSTS: readonly string[] = [
  // npm (tarballs come from the registry host itself) and yarn's mirror of it.
  "registry.npmjs.org",
  "registry.yarnpkg.com",
  // PyPI: the index and the files.
  "pypi.org",
  "files.pythonhosted.org",
  // crates.io: the API, the sparse index and the crates.
  "crates.io",
  "index.crates.io",
  "static.crates.io",
  // Go modules and the checksum database go verifies them against.
  "proxy.golang.org",
  "sum.golang.org",
  // Maven Central and the Gradle plugin portal.
  "repo.maven.apache.org",
  "repo1.maven.org",
  "plugins.gradle.org",
  // RubyGems and its compact index.
  "rubygems.org",
  "index.rubygems.org",
];

/** What sandboxed commands may reach: every host, or the hosts the rules allow (none when empty). */
export type SandboxNetwork = { mode: "on" } | { mode: "allowlist"; hosts: readonly string[] };

export const DEFAULT_SANDBOX_NETWORK: SandboxNetwork = { mode: "allowlist", hosts: DEFAULT_ALLOWED_HOSTS };

/** One parsed entry: a host (or every subdomain of a suffix) and its ports. */
export interface HostRule {
  /** Lower case, no trailing dot, IPv6 without brackets. */
  host: string;
  /** `*.example.com`: any subdomain of host (not host itself). */
  subdomains: boolean;
  /** Undefined: the web's ports, 80 and 443. */
  port?: number;
}

const WEB_PORTS = [80, 443];
const HOST_PATTERN = /^(?:\*\.)?[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)*$/;

/** A host as a request names it, normalised the way rules are. */
export function normaliseHost(host: string): string {
  return host.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1").replace(/\.$/, "");
}

/** `registry.npmjs.org`, `*.example.com`, `localhost:8080`, `[::1]:3000`; a message when it is none of those. */
export function parseHostRule(text: string): HostRule | string {
  const entry = text.trim().toLowerCase();
  const bracketed = /^\[([0-9a-f:.]+)\](?::(\d+))?$/.exec(entry);
  const plain = /^([^:[\]]+)(?::(\d+))?$/.exec(entry);
  const match = bracketed ?? plain;
  if (!match) return `"${text}" is not a host, host:port or *.domain`;
  const host = normaliseHost(match[1]!);
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) return `"${text}" has no valid port`;
  if (!bracketed && !HOST_PATTERN.test(host)) return `"${text}" is not a host name (letters, digits, dots and dashes; "*." only in front)`;
  const subdomains = host.startsWith("*.");
  return { host: subdomains ? host.slice(2) : host, subdomains, ...(port !== undefined ? { port } : {}) };
}

/** The rules of a list whose entries were checked already (config parsing); `"defaults"` stands for the default list. */
export function compileRules(hosts: readonly string[]): HostRule[] {
  const expanded = hosts.flatMap((entry) => (entry.trim().toLowerCase() === "defaults" ? DEFAULT_ALLOWED_HOSTS : [entry]));
  return expanded.map(parseHostRule).filter((rule): rule is HostRule => typeof rule !== "string");
}

function portsOf(rule: HostRule): number[] {
  return rule.port === undefined ? WEB_PORTS : [rule.port];
}

function hostMatches(rule: HostRule, host: string): boolean {
  return rule.subdomains ? host.endsWith(`.${rule.host}`) : host === rule.host;
}

/** May a command reach `host:port`? */
export function isAllowed(rules: readonly HostRule[], host: string, port: number): boolean {
  const wanted = normaliseHost(host);
  return rules.some((rule) => hostMatches(rule, wanted) && portsOf(rule).includes(port));
}

/** Whether everything `inner` allows, `outer` allows too. */
function covers(outer: HostRule, inner: HostRule): boolean {
  const hostCovered = outer.subdomains ? (inner.host.endsWith(`.${outer.host}`) || (inner.subdomains && inner.host === outer.host)) : !inner.subdomains && inner.host === outer.host;
  return hostCovered && portsOf(inner).every((port) => portsOf(outer).includes(port));
}

/**
 * The user's setting narrowed by a project's: the project may turn the network off or name
 * fewer hosts, never more. Returns the result and the project's entries that were dropped.
 */
export function narrowNetwork(user: SandboxNetwork, project: SandboxNetwork | undefined): { network: SandboxNetwork; dropped: string[] } {
  if (!project) return { network: user, dropped: [] };
  if (project.mode === "on") return { network: user, dropped: user.mode === "on" ? [] : ["on"] };
  if (user.mode === "on") return { network: project, dropped: [] };
  const userRules = compileRules(user.hosts);
  const kept: string[] = [];
  const dropped: string[] = [];
  for (const entry of project.hosts.flatMap((item) => (item.trim().toLowerCase() === "defaults" ? DEFAULT_ALLOWED_HOSTS : [item]))) {
    const rule = parseHostRule(entry);
    if (typeof rule !== "string" && userRules.some((outer) => covers(outer, rule))) kept.push(entry);
    else dropped.push(entry);
  }
  return { network: { mode: "allowlist", hosts: kept }, dropped };
}

/** A short description for notices and the proxy's refusals. */
export function describeNetwork(network: SandboxNetwork): string {
  if (network.mode === "on") return "every host";
  const hosts = compileRules(network.hosts);
  if (hosts.length === 0) return "no host";
  return hosts.map((rule) => `${rule.subdomains ? "*." : ""}${rule.host.includes(":") ? `[${rule.host}]` : rule.host}${rule.port !== undefined ? `:${rule.port}` : ""}`).join(", ");
}
