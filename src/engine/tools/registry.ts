// The set of tools offered to the model, and the specs the provider adapters send.
// The set may change during a session (MCP servers, skills); the next request follows.
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

  /** Specs are built once per tool set (from the generated JSON Schemas); the request builder reuses them. */
  specs(): ToolSpec[] {
    this.specCache ??= [...this.byName.values()].map((tool) => {
      // A schema from elsewhere (an MCP server) is sent as the server wrote it.
      if (tool.jsonSchema) {
        const { $schema: _ignored, ...inputSchema } = tool.jsonSchema;
        return { name: tool.name, description: tool.description, inputSchema };
      }
      return { name: tool.name, description: tool.description, inputSchema: modelFacing(tool.input.schema) };
    });
    return this.specCache;
  }
}

/**
 * Keywords the input's parser enforces on every call with a clear error naming the field (a bad
 * value comes back to the model as the tool's result), so the model-facing schema leaves them out: each
 * costs 12–30 bytes that every request repeats. Types, enums, required and descriptions stay.
 * Schemas from elsewhere (MCP) keep theirs: nothing here validates those.
 */
const VALIDATION_ONLY = new Set(["minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems"]);

/** A JSON Schema without VALIDATION_ONLY keywords; parameter names (keys of `properties`) are never dropped. */
export function modelFacing<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(modelFacing) as T;
  if (schema === null || typeof schema !== "object") return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (VALIDATION_ONLY.has(key)) continue;
    out[key] = key === "properties" && value !== null && typeof value === "object" ? propertiesOf(value as Record<string, unknown>) : modelFacing(value);
  }
  return out as T;
}

function propertiesOf(properties: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(properties)) out[name] = modelFacing(value);
  return out;
}
