// The system prompt: system_prompt_file > project .agent.md > the built-in one, then the
// project's AGENTS.md as context. The built-in prompt names only the tools actually offered,
// so the model is never told about a tool it cannot call.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ToolSpec } from "../engine/llm/provider.js";
import { ConfigError } from "./config-error.js";

export interface SystemPromptInput {
  cwd: string;
  tools: readonly ToolSpec[];
  /** Absolute path (from ResolvedConfig.systemPromptFile). */
  systemPromptFile?: string;
  /** Appended last, e.g. a mode note from the composition root. */
  extra?: string;
}

/** AGENTS.md beyond this is cut: it is context, not a second prompt. */
const MAX_PROJECT_CONTEXT = 32_000;

export function buildSystemPrompt(input: SystemPromptInput): string {
  const sections = [basePrompt(input)];
  const agents = readOptional(join(input.cwd, "AGENTS.md"));
  if (agents !== undefined && agents.trim() !== "") {
    const text = agents.length > MAX_PROJECT_CONTEXT ? `${agents.slice(0, MAX_PROJECT_CONTEXT)}\n[… AGENTS.md truncated]` : agents;
    sections.push(`# Project context (AGENTS.md)\n\n${text.trim()}`);
  }
  if (input.extra?.trim()) sections.push(input.extra.trim());
  return sections.join("\n\n");
}

function basePrompt(input: SystemPromptInput): string {
  if (input.systemPromptFile) {
    const text = readOptional(input.systemPromptFile);
    if (text === undefined) throw new ConfigError(`system_prompt_file ${input.systemPromptFile} does not exist`);
    return text.trim();
  }
  const project = readOptional(join(input.cwd, ".agent.md"));
  if (project !== undefined && project.trim() !== "") return project.trim();
  return builtInPrompt(input.cwd, input.tools);
}

export function builtInPrompt(cwd: string, tools: readonly ToolSpec[]): string {
  const lines = [
    `You are mini-agent, a coding agent in a terminal, working in the project at ${cwd}.`,
    "Work in small, checked steps: look before you change, change only what the task needs, and verify (read back, run the tests) when you can.",
  ];
  if (tools.length === 0) {
    lines.push("No tools are available in this session; answer from the conversation.");
  } else {
    // No tool names or descriptions here: they travel once, in the request's tool list (every
    // byte of the first request is repeated by every later one).
    lines.push("Use paths relative to the project. If a call fails, read the error and adjust rather than repeating it.");
  }
  lines.push("Finish with a short answer: what you did and anything left to do.");
  return lines.join("\n");
}

function readOptional(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT" || (err as NodeJS.ErrnoException).code === "EISDIR") return undefined;
    throw new ConfigError(`Cannot read ${path}: ${(err as Error).message}`);
  }
}
