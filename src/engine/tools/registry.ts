// The set of tools offered to the model, and the specs the provider adapters send.
// The set may change during a session (MCP servers, skills); the next request follows.
import { z } from "zod";
import type { ToolSpec } from "../llm/provider.js";
import type { Tool } from "./tool.js";

export class ToolRegistry {
  private readonly byName = new Map<string, Tool>();
  private specCache: ToolSpec[] | undefined;

  constructor(tools: Iterable<Tool>) {
    for (const tool of tools) {
      if (this.byName.has(tool.name)) throw new Error(`two tools are named ${tool.name}`);
      this.byName.set(tool.name, tool);
    }
  }

  /** Adds a tool; the next request offers it. */
  add(tool: Tool): void {
    if (this.byName.has(tool.name)) throw new Error(`two tools are named ${tool.name}`);
    this.byName.set(tool.name, tool);
    this.specCache = undefined;
  }

  /** Removes a tool; the next request no longer offers it. False when none had the name. */
  remove(name: string): boolean {
    const removed = this.byName.delete(name);
    if (removed) this.specCache = undefined;
    return removed;
  }

  get(name: string): Tool | undefined {
    return this.byName.get(name);
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  /** JSON Schemas are derived once from the zod inputs; the request builder reuses them. */
  specs(): ToolSpec[] {
    this.specCache ??= [...this.byName.values()].map((tool) => {
      // A schema from elsewhere (an MCP server) is sent as the server wrote it.
      if (tool.jsonSchema) {
        const { $schema: _ignored, ...inputSchema } = tool.jsonSchema;
        return { name: tool.name, description: tool.description, inputSchema };
      }
      const { $schema: _ignored, ...inputSchema } = z.toJSONSchema(tool.input, { io: "input" }) as Record<string, unknown>;
      return { name: tool.name, description: tool.description, inputSchema: withoutSafeIntegerBounds(inputSchema) };
    });
    return this.specCache;
  }
}

/**
 * zod writes `.int()` as bounds of ±2^53−1 ("maximum": 9007199254740991): true, but 26 bytes a
 * number that every request repeats and no model needs. Other bounds are kept.
 */
function withoutSafeIntegerBounds<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(withoutSafeIntegerBounds) as T;
  if (schema === null || typeof schema !== "object") return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if ((key === "maximum" && value === Number.MAX_SAFE_INTEGER) || (key === "minimum" && value === Number.MIN_SAFE_INTEGER)) continue;
    out[key] = withoutSafeIntegerBounds(value);
  }
  return out as T;
}
