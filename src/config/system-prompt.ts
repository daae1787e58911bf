// The system prompt: system_prompt_file > project .agent.md > the built-in one, then the
// project's AGENTS.md as context. The built-in prompt names only the tools actually offered,
// so the model is never told about a tool it cannot call.
// A cloned repository is untrusted, so the project's files are read through the workspace jail
// (engine/workspace-read): a link out of the workspace or to a credential store, a device, a
// FIFO, a hard link or an oversized file is skipped with a notice naming it, and the prompt
// falls back to the next in the chain. Nothing here throws for such a file.
import os from "node:os";
import path from "node:path";
import type { ToolSpec } from "../engine/llm/provider.js";
import { readUserFile, type ReadOutcome } from "../engine/bounded-read.js";
import { readWorkspaceFile } from "../engine/workspace-read/workspace-file.js";
import { headCut } from "../engine/secrets/word-cut.js";
import { UsageError } from "./cli-options.js";
import { ConfigError } from "./config-error.js";
import { agentHome } from "./home.js";

/** AGENTS.md beyond this is cut: it is context, not a second prompt. */
export const MAX_PROJECT_CONTEXT = 32_000;
/** Enough bytes for MAX_PROJECT_CONTEXT characters of any UTF-8; more is never read. */
const MAX_PROJECT_CONTEXT_BYTES = 4 * MAX_PROJECT_CONTEXT;
/** A prompt file over this is refused rather than cut: half a prompt would mean something else. */
export const MAX_PROMPT_FILE_BYTES = 100_000;

export type PromptFileScope = "project" | "user";

export interface PromptFilesInput {
  cwd: string;
  /** ResolvedConfig.systemPromptFile (absolute) and the config file that named it (its source). */
  systemPromptFile?: { path: string; source?: string };
  /** For the agent home ($MINI_AGENT_HOME), which no project file may lead into. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The home directory whose credential stores are refused; default os.homedir(). */
  home?: string;
}

export interface PromptFiles {
  /** system_prompt_file, else a non-empty .agent.md, trimmed; undefined: the built-in prompt. */
  base?: string;
  /** AGENTS.md, trimmed and already cut to MAX_PROJECT_CONTEXT. */
  projectContext?: string;
  /** One line per file skipped, naming it and what is wrong. */
  notices: string[];
}

export interface PromptReadContext {
  workspace: string;
  /** The agent home; a project file leading into it is refused. */
  agentHome?: string;
  home?: string;
}

/** A system_prompt_file named by the project's own .agent.json is a project file. */
export function promptFileScope(source: string | undefined, cwd: string): PromptFileScope {
  return source !== undefined && path.resolve(cwd, source) === path.resolve(cwd, ".agent.json") ? "project" : "user";
}

/**
 * system_prompt_file: a project one (relative to the workspace) must stay inside it and pass
 * every workspace check; a user one may be anywhere the user chose, but must be a regular
 * file within the size cap.
 */
export function readSystemPromptFile(file: string, scope: PromptFileScope, context: PromptReadContext): ReadOutcome {
  const limits = { maxBytes: MAX_PROMPT_FILE_BYTES, what: "system_prompt_file" };
  if (scope === "user") return readUserFile(path.resolve(context.workspace, file), limits);
  return readWorkspaceFile(context.workspace, file, { ...limits, ...deny(context) });
}

export function readPromptFiles(input: PromptFilesInput): PromptFiles {
  const context: PromptReadContext = {
    workspace: input.cwd,
    agentHome: agentHome(input.env ?? process.env, input.home ?? os.homedir(), input.cwd),
    ...(input.home ? { home: input.home } : {}),
  };
  const notices: string[] = [];
  const files: PromptFiles = { notices };
  if (input.systemPromptFile) {
    const scope = promptFileScope(input.systemPromptFile.source, input.cwd);
    const read = readSystemPromptFile(input.systemPromptFile.path, scope, context);
    if (read.ok) files.base = read.text.trim();
    // The user's own config is strict: a prompt they named and cannot have stops start-up
    // (a headless run would otherwise go on, unnoticed, with another prompt). A project's is a notice.
    else if (scope === "user") throw new ConfigError(`${read.message} (from ${input.systemPromptFile.source ?? "config"}); fix "system_prompt_file" there, or remove it`);
    else notices.push(`${read.message} (from ${input.systemPromptFile.source ?? "config"}); skipped, so .agent.md or the built-in prompt is used`);
  }
  if (files.base === undefined) {
    const read = readWorkspaceFile(input.cwd, ".agent.md", { maxBytes: MAX_PROMPT_FILE_BYTES, what: ".agent.md", ...deny(context) });
    if (read.ok && read.text.trim() !== "") files.base = read.text.trim();
    else if (!read.ok && read.kind !== "missing") notices.push(`${read.message}; skipped, so the built-in prompt is used`);
  }
  const agents = readWorkspaceFile(input.cwd, "AGENTS.md", { maxBytes: MAX_PROJECT_CONTEXT_BYTES, overflow: "truncate", what: "AGENTS.md", ...deny(context) });
  if (agents.ok && agents.text.trim() !== "") {
    const cut = agents.truncated || agents.text.length > MAX_PROJECT_CONTEXT;
    // At a word's edge (the read's own byte cut too): the prompt is redacted after this, and half a key would pass.
    files.projectContext = (cut ? `${agents.text.slice(0, headCut(agents.text, MAX_PROJECT_CONTEXT, true))}\n[… AGENTS.md truncated]` : agents.text).trim();
  } else if (!agents.ok && agents.kind !== "missing") {
    notices.push(`${agents.message}; skipped, so the model gets no project context from it`);
  }
  return files;
}

function deny(context: PromptReadContext): { home?: string; deniedDirs: string[] } {
  return { ...(context.home ? { home: context.home } : {}), deniedDirs: context.agentHome ? [context.agentHome] : [] };
}

/** A prompt file a caller's flag names (the Claude-compatible face's --system-prompt-file): its text, or a usage error naming flag and file. */
export function readFlagPromptFile(flag: string, file: string): string {
  const read = readUserFile(file, { maxBytes: MAX_PROMPT_FILE_BYTES, what: flag });
  if (!read.ok) throw new UsageError(read.message);
  return read.text;
}

export interface SystemPromptInput {
  cwd: string;
  tools: readonly ToolSpec[];
  /** What readPromptFiles found (read once; its notices are the caller's to publish). */
  files: PromptFiles;
  /** The caller's own prompt in place of the base one (the Claude-compatible face's --system-prompt). */
  replace?: string;
  /** Appended last, e.g. the caller's --append-system-prompt. */
  extra?: string;
}

export function buildSystemPrompt(input: SystemPromptInput): string {
  const sections = [input.replace?.trim() || input.files.base || builtInPrompt(input.cwd, input.tools)];
  if (input.files.projectContext) sections.push(`# Project context (AGENTS.md)\n\n${input.files.projectContext}`);
  if (input.extra?.trim()) sections.push(input.extra.trim());
  return sections.join("\n\n");
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
