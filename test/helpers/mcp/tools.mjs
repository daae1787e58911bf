// The tools our test MCP servers offer, built with the official SDK's server side.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

export function makeServer(label) {
  const server = new McpServer({ name: `test-${label}`, version: "1.0.0" });
  server.registerTool(
    "echo",
    { description: `Echo text back (${label})`, inputSchema: { text: z.string().describe("What to echo") }, annotations: { readOnlyHint: true } },
    async ({ text }) => ({ content: [{ type: "text", text: `${label} echo: ${text}` }] }),
  );
  server.registerTool(
    "fail",
    { description: "Always reports an error", inputSchema: {} },
    async () => ({ content: [{ type: "text", text: "it failed on purpose" }], isError: true }),
  );
  return server;
}
