// The system prompt a Claude Code caller sets, in the two places it can: Claude Code's flags
// (--system-prompt, --append-system-prompt and their -file forms, which older Agent SDKs and
// scripts pass) and the Agent SDK's initialize request (`systemPrompt` as a string, a list of
// parts or `{type: "custom", prompt}`; `appendSystemPrompt`, which the SDK fills from
// `{type: "preset", append}`). A custom prompt stands in for mini-agent's base prompt; an
// append goes after everything (config/system-prompt.ts). Pure, but for reading a named file.
import { UsageError } from "../config/cli-options.js";
import { readFlagPromptFile } from "../config/system-prompt.js";

export interface CallerPrompt {
  replace?: string;
  append?: string;
}

/** The SDK's marker between a custom prompt's cacheable prefix and the rest: not text for the model. */
const DYNAMIC_BOUNDARY = "__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__";

export interface PromptFlags {
  "system-prompt"?: string;
  "system-prompt-file"?: string;
  "append-system-prompt"?: string;
  "append-system-prompt-file"?: string;
}

export function promptFromFlags(values: PromptFlags): CallerPrompt {
  const replace = oneOf(values, "system-prompt");
  const append = oneOf(values, "append-system-prompt");
  return { ...(replace !== undefined ? { replace: withoutBoundary(replace) } : {}), ...(append !== undefined ? { append } : {}) };
}

/** `--x` or `--x-file` (never both), the file read whole (a regular file, bounded). */
function oneOf(values: PromptFlags, flag: "system-prompt" | "append-system-prompt"): string | undefined {
  const text = values[flag];
  const file = values[`${flag}-file`];
  if (text !== undefined && file !== undefined) throw new UsageError(`--${flag} and --${flag}-file cannot be used together`);
  return file === undefined ? text : readFlagPromptFile(`--${flag}-file`, file);
}

/** The initialize request's prompt fields; a field of an unknown shape is named in `problems`. */
export function promptFromInitialize(body: Record<string, unknown>): CallerPrompt & { problems: string[] } {
  const problems: string[] = [];
  const out: CallerPrompt & { problems: string[] } = { problems };
  const custom = customPrompt(body["systemPrompt"]);
  if (custom === null) problems.push("initialize: systemPrompt is neither text, a list of text nor {type: \"custom\", prompt}; ignored");
  else if (custom !== undefined) out.replace = custom;
  const preset = body["systemPrompt"] as { type?: unknown; append?: unknown } | undefined;
  const appends = [preset?.type === "preset" ? preset.append : undefined, body["appendSystemPrompt"]].filter((part) => part !== undefined && part !== null && part !== "");
  for (const part of appends) if (typeof part !== "string") problems.push("initialize: appendSystemPrompt is not text; ignored");
  const text = [...new Set(appends.filter((part): part is string => typeof part === "string"))];
  if (text.length > 0) out.append = text.join("\n\n");
  return out;
}

/** A custom prompt's text; undefined when there is none (or a preset); null for a shape we do not know. */
function customPrompt(value: unknown): string | undefined | null {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return withoutBoundary(value);
  if (Array.isArray(value)) return value.every((part) => typeof part === "string") ? parts(value) : null;
  if (typeof value !== "object") return null;
  const shaped = value as { type?: unknown; prompt?: unknown };
  if (shaped.type === "preset") return undefined;
  if (shaped.type === "custom") return customPrompt(shaped.prompt) ?? null;
  return null;
}

function parts(list: readonly string[]): string {
  return list
    .filter((part) => part.trim() !== DYNAMIC_BOUNDARY)
    .map(withoutBoundary)
    .join("\n\n");
}

/** A line that is only the marker is dropped; the text around it stays, in order. */
function withoutBoundary(text: string): string {
  return text
    .split("\n")
    .filter((line) => line.trim() !== DYNAMIC_BOUNDARY)
    .join("\n");
}
