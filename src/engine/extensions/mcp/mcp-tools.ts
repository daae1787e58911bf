// Turns the tools of connected MCP servers into our tools, named `mcp__<server>__<tool>`.
// They are external-class: the approval rules ask before each call unless a rule in the
// user's configuration allows it, because a server can act on systems we cannot see.
import { z } from "zod";
import { ToolError, zodInput, type Tool } from "../../tools/tool.js";
import type { McpConnection, McpRemoteTool } from "./mcp-client.js";
import { clipHead } from "../../secrets/word-cut.js";

/** Providers accept tool names of at most 64 characters from [A-Za-z0-9_-]. */
export function mcpToolName(server: string, tool: string): string {
  return `mcp__${server}__${tool.replace(/[^A-Za-z0-9_-]/g, "_")}`.slice(0, 64);
}

const DESCRIPTION_LIMIT = 2000;

/**
 * The tools of every connected server, in the configured order. Two that map to one name
 * (servers `a__b` and `a`, tools `has space` and `has_space`, names cut at 64) would make one
 * unreachable or stop the session's start: the first keeps the name, the other is left out
 * and the notice names both.
 */
export function createMcpTools(connections: readonly McpConnection[], notice: (message: string) => void): { server: string; tool: Tool }[] {
  const taken = new Map<string, string>();
  const tools: { server: string; tool: Tool }[] = [];
  for (const connection of connections) {
    for (const remote of connection.tools) {
      const name = mcpToolName(connection.server, remote.name);
      const who = `server ${connection.server}'s tool ${JSON.stringify(remote.name)}`;
      const first = taken.get(name);
      if (first !== undefined) {
        notice(`MCP tools clash: ${who} and ${first} both become ${name}; only the first is offered`);
        continue;
      }
      taken.set(name, who);
      tools.push({ server: connection.server, tool: mcpTool(connection, remote, name) });
    }
  }
  return tools;
}

function mcpTool(connection: McpConnection, remote: McpRemoteTool, name: string): Tool {
  // At a word's edge: the description is shown in events after this cut, half a key would pass the redactor.
  const description = clipHead(`[MCP server ${connection.server}] ${remote.description}`, DESCRIPTION_LIMIT, "");
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
