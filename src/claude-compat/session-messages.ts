// The `system/init` message that opens the session for the SDK, and the text of a user
// message the SDK writes (a string, or Anthropic content blocks). Pure.
import type { EngineSession } from "../engine/index.js";
import type { PermissionMode } from "./permission-flags.js";
import { claudeToolName } from "./tool-names.js";
import { randomUUID } from "node:crypto";

export interface InitInput {
  engine: Pick<EngineSession, "sessionId" | "skills">;
  /** The tools the model is offered (the snapshot's). */
  tools: readonly string[];
  model: string;
  cwd: string;
  mode: PermissionMode;
  version: string;
  servers: string[];
}

export function initMessage(input: InitInput): Record<string, unknown> {
  return {
    type: "system",
    subtype: "init",
    cwd: input.cwd,
    session_id: input.engine.sessionId,
    tools: input.tools.map(claudeToolName),
    mcp_servers: input.servers.map((name) => ({ name, status: input.tools.some((tool) => tool.startsWith(`mcp__${name}__`)) ? "connected" : "failed" })),
    model: input.model,
    permissionMode: input.mode,
    slash_commands: input.engine.skills.map((skill) => skill.name),
    apiKeySource: "none",
    claude_code_version: `mini-agent ${input.version}`,
    output_style: "default",
    agents: [],
    skills: input.engine.skills.map((skill) => skill.name),
    plugins: [],
    uuid: randomUUID(),
  };
}

/** The prompt in a user message: its text, or its text blocks joined; images are noted and dropped. */
export function promptText(message: unknown, warn: (message: string) => void): string | undefined {
  const content = (message as { content?: unknown } | null)?.content;
  if (typeof content === "string") return content.trim() ? content : undefined;
  if (!Array.isArray(content)) return undefined;
  const texts: string[] = [];
  for (const block of content as { type?: unknown; text?: unknown }[]) {
    if (block?.type === "text" && typeof block.text === "string") texts.push(block.text);
    else warn(`a user message's ${JSON.stringify(block?.type)} block is not passed on (only text is)`);
  }
  const text = texts.join("\n\n");
  return text.trim() ? text : undefined;
}
