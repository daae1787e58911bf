// The host side of the sandbox's network (ADR 0037): a small HTTP proxy that mini-agent runs
// for one session. Sandboxed commands reach it through HTTP_PROXY/HTTPS_PROXY (on Linux via
// the forwarder inside their network namespace, net-holder.ts; on macOS on a loopback port the
// profile allows). It tunnels CONNECT and forwards plain-HTTP requests to allowed hosts only,
// and answers anything else with 403 and why. It resolves names itself, so a command needs no
// DNS, and a name is judged as the command wrote it, before any address is looked up.
// Only node:net: no HTTP parser is loaded for one request line and its headers.
import net from "node:net";
import { isAllowed, normaliseHost, type HostRule } from "./net-allowlist.js";

export interface NetProxyOptions {
  rules: readonly HostRule[];
  /** What is allowed, in words, for the refusal's body. */
  allowedText: string;
  /** Listen on this unix socket (Linux); without it, on 127.0.0.1 and a free port (macOS). */
  socketPath?: string;
}

export interface NetProxy {
  /** The unix socket path, or the loopback port. */
  readonly address: string | number;
  /** `host:port`s refused since the last call (each once), for the result of the command that tried. */
  takeRefused(): string[];
  close(): Promise<void>;
}

const MAX_HEAD_BYTES = 64 * 1024;
const HEAD_TIMEOUT_MS = 30_000;
const HOP_HEADERS = /^(proxy-connection|proxy-authorization|connection|keep-alive|te|trailer|upgrade):/i;

function reply(client: net.Socket, status: string, body: string): void {
  client.end(`HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

/** `host:port` from a CONNECT target; IPv6 in brackets. */
function splitAuthority(authority: string): { host: string; port: number } | undefined {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+):(\d{1,5})$/.exec(authority);
  if (!match) return undefined;
  const port = Number(match[2]);
  return port > 0 && port < 65536 ? { host: normaliseHost(match[1]!), port } : undefined;
}

export function startNetProxy(options: NetProxyOptions): Promise<NetProxy> {
  const refused = new Set<string>();
  const sockets = new Set<net.Socket>();

  const handle = (client: net.Socket) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => client.destroy());
    client.setTimeout(HEAD_TIMEOUT_MS, () => client.destroy());
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf("\r\n\r\n");
      if (end < 0) {
        if (head.length > MAX_HEAD_BYTES) reply(client, "431 Request Header Fields Too Large", "request head too large\n");
        return;
      }
      client.off("data", onData);
      client.pause();
      client.setTimeout(0);
      route(client, head.subarray(0, end).toString("latin1").split("\r\n"), head.subarray(end + 4));
    };
    client.on("data", onData);
  };

  const refuse = (client: net.Socket, host: string, port: number) => {
    const target = `${host.includes(":") ? `[${host}]` : host}:${port}`;
    refused.add(target);
    reply(client, "403 Forbidden", `mini-agent sandbox: ${target} is not an allowed host (allowed: ${options.allowedText}). The user can allow it with "sandbox_network" in their config.\n`);
  };

  const tunnel = (client: net.Socket, host: string, port: number, first: Buffer | string, rest: Buffer) => {
    const upstream = net.connect({ host, port });
    sockets.add(upstream);
    upstream.on("close", () => sockets.delete(upstream));
    let connected = false;
    client.on("error", () => upstream.destroy());
    client.on("close", () => upstream.destroy());
    upstream.on("error", (error) => {
      if (connected) client.destroy();
      else reply(client, "502 Bad Gateway", `mini-agent sandbox: could not reach ${host}:${port}: ${(error as NodeJS.ErrnoException).code ?? error.message}\n`);
    });
    upstream.once("connect", () => {
      connected = true;
      if (typeof first === "string") client.write(first);
      else upstream.write(first);
      if (rest.length > 0) upstream.write(rest);
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
  };

  const route = (client: net.Socket, lines: string[], rest: Buffer) => {
    const [method = "", target = "", version = ""] = (lines[0] ?? "").split(" ");
    if (!/^HTTP\/1\.[01]$/.test(version)) return reply(client, "400 Bad Request", "not an HTTP/1 proxy request\n");
    if (method === "CONNECT") {
      const authority = splitAuthority(target);
      if (!authority) return reply(client, "400 Bad Request", "CONNECT needs host:port\n");
      if (!isAllowed(options.rules, authority.host, authority.port)) return refuse(client, authority.host, authority.port);
      return tunnel(client, authority.host, authority.port, "HTTP/1.1 200 Connection established\r\n\r\n", rest);
    }
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return reply(client, "400 Bad Request", "a proxy request names an absolute http:// URL\n");
    }
    if (url.protocol !== "http:") return reply(client, "400 Bad Request", "only http:// is forwarded; https goes through CONNECT\n");
    const host = normaliseHost(url.hostname);
    const port = url.port ? Number(url.port) : 80;
    if (!isAllowed(options.rules, host, port)) return refuse(client, host, port);
    // One request per connection: the next one may name another host, and is judged again.
    // Host is the allowed one: a server shared by many sites (a CDN) must not be asked for another.
    const headers = lines.slice(1).filter((line) => !HOP_HEADERS.test(line) && !/^host:/i.test(line));
    const request = [`${method} ${url.pathname}${url.search} ${version}`, `Host: ${url.host}`, ...headers, "Connection: close", "", ""].join("\r\n");
    tunnel(client, host, port, Buffer.from(request, "latin1"), rest);
  };

  const server = net.createServer(handle);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    const listening = () => {
      server.off("error", reject);
      const address = options.socketPath ?? (server.address() as net.AddressInfo).port;
      resolve({
        address,
        takeRefused() {
          const list = [...refused];
          refused.clear();
          return list;
        },
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    };
    if (options.socketPath) server.listen(options.socketPath, listening);
    else server.listen(0, "127.0.0.1", listening);
    server.unref();
  });
}
