// Recording HTTP servers on 127.0.0.1 (or localhost) for tests of the provider fetch: each
// request's method, path, headers and body bytes, how many connections were opened, and how
// many exchanges ended (the client hanging up counts). Closed after each test.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";

export interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

export interface Local {
  url: string;
  seen: Seen[];
  connections: number;
  closedRequests: number;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** Closes `server` after the test, with the others. */
export function closeAfterTest(server: Server): void {
  servers.push(server);
}

/** A local server whose handler runs once each request body has arrived. */
export async function serve(handler: (req: IncomingMessage, res: ServerResponse, seen: Seen) => void, host = "127.0.0.1"): Promise<Local> {
  const local: Local = { url: "", seen: [], connections: 0, closedRequests: 0 };
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("data", (part: Buffer) => parts.push(part));
    req.on("end", () => {
      const seen = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(parts) };
      local.seen.push(seen);
      handler(req, res, seen);
    });
    res.on("close", () => (local.closedRequests += 1));
  });
  server.on("connection", () => (local.connections += 1));
  closeAfterTest(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  local.url = `http://${host}:${(server.address() as AddressInfo).port}`;
  return local;
}

/** A URL on a port nothing listens on any more. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** The error `promise` rejects with; fails the test if it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<Error & { cause?: { code?: string } }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { cause?: { code?: string } };
  }
  throw new Error("expected a rejection");
}
