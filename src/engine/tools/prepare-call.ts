// Turns a raw tool call from the model into a known tool and validated input, or into the
// error message the model should see. Nothing here runs anything.
import type { ToolCall } from "../events.js";
import type { ToolRegistry } from "./registry.js";
import type { Tool } from "./tool.js";

export type PreparedCall = { tool: Tool; input: Record<string, unknown> } | { error: string };

export async function prepareCall(registry: ToolRegistry, call: ToolCall): Promise<PreparedCall> {
  const tool = registry.get(call.name);
  if (!tool) {
    return { error: `unknown tool ${JSON.stringify(call.name)}; available tools: ${registry.names().join(", ")}` };
  }
  let raw: unknown;
  try {
    raw = call.arguments.trim() === "" ? {} : JSON.parse(call.arguments);
  } catch (error) {
    return { error: `the arguments for ${call.name} are not valid JSON (${(error as Error).message}); send a JSON object` };
  }
  const parsed = await tool.input.parse(raw);
  if ("issues" in parsed) return { error: `invalid input for ${call.name}: ${parsed.issues}` };
  return { tool, input: parsed.data as Record<string, unknown> };
}
