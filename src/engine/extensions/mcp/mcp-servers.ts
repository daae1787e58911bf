// Starts every configured MCP server at once, each reported on its own: a server that fails
// to start (crashes, hangs past its timeout) becomes a notice and the session goes on
// without it. Tools it offers that cannot be called here are a notice, and so are those past
// the budget every request can carry (mcp-tool-budget.ts). Everything started is closed with
// the session.
import { connectMcpServer, type McpConnection } from "./mcp-client.js";
import type { ScopedMcpServer } from "./mcp-settings.js";
import { withinToolBudget } from "./mcp-tool-budget.js";
import { createMcpTools } from "./mcp-tools.js";
import type { Tool } from "../../tools/tool.js";

export interface McpServers {
  tools: Tool[];
  /** Server name → tool count, for a start-up line. */
  connected: Record<string, number>;
  close(): Promise<void>;
}

export async function startMcpServers(
  servers: readonly ScopedMcpServer[],
  options: {
    cwd: string;
    version: string;
    notice(message: string): void;
    signal?: AbortSignal;
    /** The session's variant: only tools it offers count against the budget, so a tool set can choose. */
    offers?(tool: Tool): boolean;
  },
): Promise<McpServers> {
  const signal = options.signal ? { signal: options.signal } : {};
  const results = await Promise.allSettled(
    servers.map((server) => connectMcpServer({ name: server.name, setting: server.setting, cwd: options.cwd, version: options.version, ...signal })),
  );
  const connections: McpConnection[] = [];
  for (const result of results) {
    if (result.status === "fulfilled") {
      connections.push(result.value);
      if (result.value.hidden.length > 0) options.notice(`MCP server ${result.value.server}: not offered: ${result.value.hidden.join(", ")}`);
    } else options.notice(`${(result.reason as Error).message}; continuing without it`);
  }
  const offers = options.offers ?? (() => true);
  const offered = withinToolBudget(
    createMcpTools(connections, options.notice).filter((entry) => offers(entry.tool)),
    options.notice,
  );
  return {
    tools: offered.map(({ tool }) => tool),
    connected: Object.fromEntries(connections.map(({ server }) => [server, offered.filter((entry) => entry.server === server).length])),
    async close() {
      await Promise.allSettled(connections.map((connection) => connection.close()));
    },
  };
}
