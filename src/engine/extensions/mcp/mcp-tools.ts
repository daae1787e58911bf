// Turns the tools of connected MCP servers into our tools, named `mcp__<server>__<tool>`.
// They are external-class: the approval rules ask before each call unless a rule in the
// user's configuration allows it, because a server can act on systems we cannot see.
import { z } from "zod";
import { ToolError, zodInput, type Tool } from "../../tools/tool.js";
import type { McpConnection, McpRemoteTool } from "./mcp-client.js";

/** Providers accept tool names of at most 64 characters from [A-Za-z0-9_-]. */
export function mcpToolName(server: string, tool: string): string {
  return `mcp__${server}__${tool.replace(/[^A-Za-z0-9_-]/g, "_")}`.slice(0, 64);
}

const DESCRIPTION_LIMIT = 2000;

export function createMcpTools(connection: McpConnection): Tool[] {
  const seen = new Set<string>();
  const tools: Tool[] = [];
  for (const remote of connection.tools) {
    const name = mcpToolName(connection.server, remote.name);
    if (seen.has(name)) continue; // Two server tools that sanitise to one name: the first wins.
    seen.add(name);
    tools.push(mcpTool(connection, remote, name));
  }
  return tools;
}

function mcpTool(connection: McpConnection, remote: McpRemoteTool, name: string): Tool {
  const description = `[MCP server ${connection.server}] ${remote.description}`.slice(0, DESCRIPTION_LIMIT);
  return {
    name,
    description,
    kind: "external",
    // The server validates its own arguments; we check only that they form an object.
    input: zodInput(z.looseObject({})),
    jsonSchema: normaliseSchema(remote.inputSchema),
    async execute(input: Record<string, unknown>, context) {
      let result;
      try {
        result = await connection.call(remote.name, input, context.signal);
      } catch (error) {
        if (context.signal.aborted) throw error;
        throw new ToolError(`MCP server ${connection.server}: ${(error as Error).message}`);
      }
      return {
        content: result.text || "(no output)",
        ...(result.images.length > 0 ? { images: result.images } : {}),
        ...(result.isError ? { isError: true } : {}),
      };
    },
  };
}

/** An object schema whatever the server sent, so every provider accepts the tool. */
function normaliseSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = schema;
  return rest.type === "object" ? rest : { type: "object", properties: {} };
}
