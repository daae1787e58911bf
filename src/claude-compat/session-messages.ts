// The `system/init` message that opens the session for the SDK, and the prompt of a user
// message the SDK writes (a string, or Anthropic content blocks: text and images). Pure.
import type { EngineSession, ToolImage } from "../engine/index.js";
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

export interface UserPrompt {
  text: string;
  images: ToolImage[];
}

interface Block {
  type?: unknown;
  text?: unknown;
  source?: { type?: unknown; media_type?: unknown; data?: unknown };
}

/**
 * The prompt in a user message: its text, or its text blocks joined, and its base64 image blocks
 * as images (the engine checks them: a bad one refuses the prompt, naming its index among them).
 * An image alone is a prompt ("explain this screenshot"). Other blocks (a URL image, a document)
 * are named in a warning and not passed on; a message left with nothing to send is a `problem`,
 * which the caller answers with an error result (the SDK waits for one per message).
 */
export function promptOf(message: unknown, warn: (message: string) => void): UserPrompt | { problem: string } {
  const content = (message as { content?: unknown } | null)?.content;
  if (typeof content === "string") return content.trim() ? { text: content, images: [] } : { problem: "the user message has no text" };
  if (!Array.isArray(content)) return { problem: "the user message has no content (a string or a list of blocks)" };
  const texts: string[] = [];
  const images: ToolImage[] = [];
  for (const block of content as Block[]) {
    if (block?.type === "text" && typeof block.text === "string") texts.push(block.text);
    else if (block?.type === "image" && block.source?.type === "base64") {
      images.push({ mediaType: String(block.source.media_type ?? ""), base64: String(block.source.data ?? "") });
    } else if (block?.type === "image") warn(`a user message's ${JSON.stringify(block.source?.type)} image is not passed on (only base64 images are)`);
    else warn(`a user message's ${JSON.stringify(block?.type)} block is not passed on (only text and images are)`);
  }
  const text = texts.join("\n\n");
  if (!text.trim() && images.length === 0) return { problem: "the user message has no text and no base64 image to send" };
  return { text: text.trim() ? text : "", images };
}
