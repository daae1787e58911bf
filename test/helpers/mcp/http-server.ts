// A real streamable-HTTP MCP server, in the test process. Stateless by default (one transport
// per request); `stateful` keeps a session per client (Mcp-Session-Id), as most hosted servers
// do, so a test can see the client end it with DELETE.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
// @ts-expect-error: a plain .mjs helper shared with the stdio server script.
import { makeServer } from "./tools.mjs";

export interface McpHttpServer {
  url: string;
  /** Authorization headers the server saw, in order. */
  authorizations: (string | undefined)[];
  /** Each request as "METHOD session-id" (the id "-" before one exists), in order. */
  requests: string[];
  /** Sessions still open (stateful only). */
  openSessions(): string[];
  close(): Promise<void>;
}

export async function startMcpHttpServer(options: { stateful?: boolean } = {}): Promise<McpHttpServer> {
  const authorizations: (string | undefined)[] = [];
  const requests: string[] = [];
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const server = http.createServer(async (req, res) => {
    authorizations.push(req.headers.authorization);
    const sessionId = req.headers["mcp-session-id"];
    requests.push(`${req.method} ${typeof sessionId === "string" ? sessionId : "-"}`);
    let body = "";
    for await (const chunk of req) body += chunk;
    const parsed = body ? JSON.parse(body) : undefined;
    if (options.stateful) {
      let transport = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
      if (!transport) {
        transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => void sessions.set(id, transport!),
        });
        transport.onclose = () => {
          if (transport!.sessionId) sessions.delete(transport!.sessionId);
        };
        await makeServer("http").connect(transport);
      }
      await transport.handleRequest(req, res, parsed);
      return;
    }
    const mcp = makeServer("http");
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res, parsed);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    authorizations,
    requests,
    openSessions: () => [...sessions.keys()],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
