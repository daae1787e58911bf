// How many MCP tools every request may carry. Each request repeats the whole tool list: a
// server listing 3,000 tools put 6.4 MB (1.6 M tokens) into every request, which no provider
// accepts, so the session could not make one; OpenAI also refuses more than 128 tools in a
// request. Tools are kept in the configured servers' order, each server's in its own order,
// until a count or a size is reached; the rest are left out with one notice per server, which
// names a tool set (toolSets) as the way to choose which tools are offered (ADR 0071). Pure.
import type { Tool } from "../../tools/tool.js";

/** With our own ~20 tools, under the 128 tools OpenAI takes in one request. */
export const MAX_MCP_TOOLS = 100;
/** About 50k tokens of tool definitions in every request: a ceiling for runaway lists, not a tuning. */
export const MAX_MCP_TOOL_BYTES = 200 * 1024;
/** Tool names a notice quotes before "…". */
const NAMED = 5;

export interface ServerTool {
  server: string;
  tool: Tool;
}

/** What one tool adds to every request: its name, description and input schema, serialized. */
export function toolBytes(tool: Tool): number {
  return Buffer.byteLength(JSON.stringify({ name: tool.name, description: tool.description, input_schema: tool.jsonSchema ?? {} }), "utf8");
}

export function withinToolBudget(
  tools: readonly ServerTool[],
  notice: (message: string) => void,
  limits: { count: number; bytes: number } = { count: MAX_MCP_TOOLS, bytes: MAX_MCP_TOOL_BYTES },
): ServerTool[] {
  const kept: ServerTool[] = [];
  const left = new Map<string, { names: string[]; of: number }>();
  let bytes = 0;
  for (const entry of tools) {
    const size = toolBytes(entry.tool);
    const server = left.get(entry.server) ?? { names: [], of: 0 };
    server.of += 1;
    left.set(entry.server, server);
    // A later, smaller tool may still fit the size; never past the count.
    if (kept.length < limits.count && bytes + size <= limits.bytes) {
      kept.push(entry);
      bytes += size;
    } else server.names.push(entry.tool.name);
  }
  for (const [server, { names, of }] of left) {
    if (names.length === 0) continue;
    const shown = `${names.slice(0, NAMED).join(", ")}${names.length > NAMED ? ", …" : ""}`;
    notice(
      `MCP server ${server}: ${names.length} of its ${of} tools not offered (${shown}): every request carries the tool list, and the MCP tools of all servers are limited to ${limits.count} and ${Math.round(limits.bytes / 1024)} KB; a tool set (toolSets) chooses which are offered`,
    );
  }
  return kept;
}
