// What a tool is: a name, a zod input schema, an approval kind, and an execute function.
// Tools are built by factories that take the workspace root (and, where useful, the
// operations they may perform) so tests can hand them a temp tree.
import type { z } from "zod";
import type { ToolDetails } from "../events.js";
import type { ToolImage } from "../messages.js";

/** How the approval rules treat a tool before looking at its arguments. */
/** `external`: acts on another system (an MCP server); asked unless a user rule allows it. */
export type ToolKind = "read" | "write" | "command" | "external";

export interface ToolContext {
  signal: AbortSignal;
  /** The model's id for this call (a subagent's events carry it as their parent call). */
  callId?: string;
  /** Live output (e.g. a command's stdout lines) published as `tool.output`. */
  onOutput?: (stream: "stdout" | "stderr", chunk: string) => void;
}

export interface ToolResult {
  content: string;
  isError?: boolean;
  /** Images (e.g. read_file on a PNG) for providers that accept image input; `content` describes them. */
  images?: ToolImage[];
  /** Structured facts for faces (diff, exit code, path); the model reads `content` only. */
  details?: ToolDetails;
}

/**
 * What a call is about, as the tool itself declares it: the approval rules judge this, never
 * `input.path` / `input.command` read by name, so a new tool (MCP, skills) is judged right.
 */
export interface ToolSubject {
  /** Workspace paths the call writes (or reads), as the model gave them. */
  paths?: string[];
  /** A shell command line. */
  command?: string;
  url?: string;
}

export interface Tool<Input = any> {
  name: string;
  description: string;
  kind: ToolKind;
  input: z.ZodType<Input>;
  execute(input: Input, context: ToolContext): Promise<ToolResult>;
  /** What a person sees before approving (e.g. the unified diff a write would make). */
  preview?(input: Input): Promise<string | undefined>;
  subject?(input: Input): ToolSubject;
  /** The input's JSON Schema as sent to the model, when it comes from elsewhere (an MCP server). */
  jsonSchema?: Record<string, unknown>;
  /** Calls of it in one step may run at the same time (subagents); others run one by one. */
  concurrent?: boolean;
}

/** A failure the model should see as a tool error (not a crash of the engine). */
export class ToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ToolError";
  }
}

export function defineTool<Schema extends z.ZodType>(tool: {
  name: string;
  description: string;
  kind: ToolKind;
  input: Schema;
  execute(input: z.infer<Schema>, context: ToolContext): Promise<ToolResult>;
  preview?(input: z.infer<Schema>): Promise<string | undefined>;
  subject?(input: z.infer<Schema>): ToolSubject;
  concurrent?: boolean;
}): Tool<z.infer<Schema>> {
  // The generic Schema is wider than ZodType<Output>; the shape is identical.
  return tool as unknown as Tool<z.infer<Schema>>;
}
