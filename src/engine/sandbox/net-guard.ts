// Which network addresses web_fetch may connect to. The check runs on the address the
// socket actually connects to (a DNS lookup hook), so a name that resolves to a public
// address when checked and a private one when used (DNS rebinding) is still refused.
import type { LookupAddress } from "node:dns";
import net from "node:net";

function ipv4ToInt(ip: string): number {
  return ip.split(".").reduce((acc, part) => acc * 256 + Number(part), 0);
}

const V4_RANGES: [string, number, string][] = [
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "carrier-grade NAT"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local (cloud metadata)"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "IETF protocol assignments"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "benchmarking"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

function classifyV4(ip: string): string | undefined {
  const value = ipv4ToInt(ip);
  for (const [base, bits, label] of V4_RANGES) {
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    if (((value & mask) >>> 0) === ((ipv4ToInt(base) & mask) >>> 0)) return label;
  }
  return undefined;
}

/** The eight 16-bit groups of an IPv6 address (with any embedded IPv4 expanded). */
function ipv6Groups(ip: string): number[] {
  let text = ip.toLowerCase().replace(/%.*$/, "");
  const v4 = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (v4) {
    const n = ipv4ToInt(v4[1]!);
    text = text.slice(0, -v4[1]!.length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array(8 - h.length - t.length).fill("0");
  return [...h, ...fill, ...t].map((g) => parseInt(g || "0", 16));
}

function classifyV6(ip: string): string | undefined {
  const g = ipv6Groups(ip);
  const embeddedV4 = () => `${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`;
  if (g.every((x) => x === 0)) return "unspecified";
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return "loopback";
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return classifyV4(embeddedV4()); // IPv4-mapped
  if (g[0] === 0x64 && g[1] === 0xff9b) return classifyV4(embeddedV4()); // NAT64
  if ((g[0]! & 0xffc0) === 0xfe80) return "link-local";
  if ((g[0]! & 0xfe00) === 0xfc00) return "unique-local";
  if ((g[0]! & 0xff00) === 0xff00) return "multicast";
  return undefined;
}

/** Why an IP address may not be fetched, or undefined when it is public. */
export function forbiddenAddressReason(ip: string, allowLoopback = false): string | undefined {
  const kind = net.isIPv4(ip) ? classifyV4(ip) : net.isIPv6(ip) ? classifyV6(ip) : "not an IP address";
  if (kind === "loopback" && allowLoopback) return undefined;
  return kind;
}

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

/** node:dns is loaded on the first fetch, not at start-up (~1.5 ms that most runs never use). */
export const systemResolver: Resolver = async (hostname) => {
  const { lookup } = await import("node:dns");
  return new Promise((resolve, reject) => lookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));
};

export class ForbiddenAddressError extends Error {
  readonly code = "EFORBIDDENADDRESS";
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net.connect that refuses a name if any of its addresses is forbidden
 * (checking all of them: the socket may try each one).
 */
export function guardedLookup(resolver: Resolver, allowLoopback: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolver(hostname).then(
      (addresses) => {
        const bad = addresses.find((a) => forbiddenAddressReason(a.address, allowLoopback));
        if (addresses.length === 0) return callback(new Error(`${hostname} did not resolve`), "");
        if (bad) {
          const reason = forbiddenAddressReason(bad.address, allowLoopback);
          return callback(new ForbiddenAddressError(`${hostname} resolves to ${bad.address} (${reason}); refusing to connect`), "");
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: Error) => callback(error, ""),
    );
  };
}
