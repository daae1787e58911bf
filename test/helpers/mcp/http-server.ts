// A real streamable-HTTP MCP server (stateless: one transport per request), in the test process.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
// @ts-expect-error: a plain .mjs helper shared with the stdio server script.
import { makeServer } from "./tools.mjs";

export interface McpHttpServer {
  url: string;
  /** Authorization headers the server saw, in order. */
  authorizations: (string | undefined)[];
  close(): Promise<void>;
}

export async function startMcpHttpServer(): Promise<McpHttpServer> {
  const authorizations: (string | undefined)[] = [];
  const server = http.createServer(async (req, res) => {
    authorizations.push(req.headers.authorization);
    const mcp = makeServer("http");
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    let body = "";
    for await (const chunk of req) body += chunk;
    await transport.handleRequest(req, res, body ? JSON.parse(body) : undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    authorizations,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
