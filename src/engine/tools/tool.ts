// What a tool is: a name, an input (its JSON Schema and a parser), an approval kind, and an
// execute function. Tools are built by factories that take the workspace root (and, where
// useful, the operations they may perform) so tests can hand them a temp tree.
// Only types come from zod here: built-in tools load zod on demand (tool-input.ts, ADR 0023).
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
  /**
   * Who answered the question this call was approved by; absent when it ran without one (a
   * rule, a guard or "always allow" let it through). Set by the executor from the gate's
   * approval, never by a caller: a sandboxed command without it may not change critical files.
   */
  answeredBy?: "user" | "flag";
  /** Set by the executor when the rules proved the command only reads: it gets no network. */
  provedReadOnly?: boolean;
  /**
   * Set by the executor from the gate's approval: the state the approved preview was made from
   * (`ToolPreview.basis`). A tool refuses to run when its target has moved on since, since the
   * person approved a change to something else.
   */
  previewBasis?: string;
}

/** A preview with the state it was made from (a file's digest), checked again by `execute`. */
export interface ToolPreview {
  text: string;
  basis: string;
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

/** A tool's input: what the model is told (the JSON Schema) and how a call is checked. */
export interface ToolInput<Input = any> {
  /** The full JSON Schema, validation keywords included (the registry trims it for the model). */
  readonly schema: Record<string, unknown>;
  /** The checked input, or the problems naming each bad field ("path: message; …"). */
  parse(raw: unknown): Promise<{ data: Input } | { issues: string }>;
}

export interface Tool<Input = any> {
  name: string;
  description: string;
  kind: ToolKind;
  input: ToolInput<Input>;
  execute(input: Input, context: ToolContext): Promise<ToolResult>;
  /** What a person sees before approving (e.g. the unified diff a write would make). */
  preview?(input: Input): Promise<string | ToolPreview | undefined>;
  /**
   * When the call would change nothing (a write of the text the file already holds): the
   * result to give at once. The gate then asks no one and nothing runs.
   */
  unchanged?(input: Input): Promise<string | undefined>;
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

/** zod's issues as one line for the model: each names its field. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((issue) => `${issue.path.length ? issue.path.join(".") : "(input)"}: ${issue.message}`).join("; ");
}

/** An input checked by a zod schema the caller already holds (tests, MCP); zod is loaded by then. */
export function zodInput<Schema extends z.ZodType>(schema: Schema): ToolInput<z.infer<Schema>> {
  const { $schema: _ignored, ...json } = schema.toJSONSchema({ io: "input" }) as Record<string, unknown>;
  return {
    schema: json,
    async parse(raw) {
      const parsed = schema.safeParse(raw);
      return parsed.success ? { data: parsed.data } : { issues: describeIssues(parsed.error.issues) };
    },
  };
}

type InputOf<I> = I extends ToolInput<infer T> ? T : I extends z.ZodType ? z.infer<I> : never;

export function defineTool<I extends ToolInput | z.ZodType>(tool: {
  name: string;
  description: string;
  kind: ToolKind;
  /** A built-in tool's `builtinInput(name)`, or a zod schema. */
  input: I;
  execute(input: InputOf<I>, context: ToolContext): Promise<ToolResult>;
  preview?(input: InputOf<I>): Promise<string | ToolPreview | undefined>;
  unchanged?(input: InputOf<I>): Promise<string | undefined>;
  subject?(input: InputOf<I>): ToolSubject;
  concurrent?: boolean;
}): Tool<InputOf<I>> {
  const input = "_zod" in tool.input ? zodInput(tool.input) : tool.input;
  return { ...tool, input } as unknown as Tool<InputOf<I>>;
}
