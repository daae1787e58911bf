// Engine messages → an Anthropic Messages request (docs/providers.md §4.2): tool_result blocks
// first in the next user message, thinking blocks carried back unmodified, cache breakpoints
// on the system prompt and the tool list (both are stable across a session).
import { answerParts, type Message, type ThinkingBlock, type ToolImage } from "../../messages.js";
import type { ModelRequest, ThinkingLevel } from "../provider.js";
import { anthropicThinking } from "../thinking.js";
import { hasImages, promptImages, textWithoutImages } from "./tool-images.js";
import { argumentsObject, pairToolResults, safeCallId } from "./tool-pairing.js";

export interface AnthropicBodyOptions {
  model: string;
  defaultThinking: ThinkingLevel;
  /** Tool images become image blocks inside the tool_result; prompt images image blocks before the prompt's text. */
  imageInput: boolean;
}

type Block = Record<string, unknown>;
interface Turn {
  role: "user" | "assistant";
  content: Block[];
}

const EPHEMERAL = { type: "ephemeral" } as const;

export function buildAnthropicBody(request: ModelRequest, options: AnthropicBodyOptions): Record<string, unknown> {
  const { maxTokens, thinking, outputConfig } = anthropicThinking(request.thinking ?? options.defaultThinking, options.model);
  const body: Record<string, unknown> = {
    model: options.model,
    max_tokens: maxTokens,
    stream: true,
    messages: convertMessages(request.messages, thinking !== undefined && thinking["type"] !== "disabled", options),
  };
  if (request.system !== "") body["system"] = [{ type: "text", text: request.system, cache_control: EPHEMERAL }];
  if (thinking) body["thinking"] = thinking;
  if (outputConfig) body["output_config"] = outputConfig;
  if (request.tools.length > 0) {
    body["tools"] = request.tools.map((tool, i) => ({
      name: tool.name,
      description: tool.description,
      input_schema: tool.inputSchema,
      // One breakpoint on the last tool caches the whole list.
      ...(i === request.tools.length - 1 ? { cache_control: EPHEMERAL } : {}),
    }));
    body["tool_choice"] = { type: "auto" };
  }
  return body;
}

function convertMessages(messages: readonly Message[], thinkingOn: boolean, options: AnthropicBodyOptions): Turn[] {
  const turns: Turn[] = [];
  // Consecutive same-role content (tool results, then a user note) merges into one turn.
  const add = (role: Turn["role"], blocks: Block[]) => {
    if (blocks.length === 0) return;
    const last = turns[turns.length - 1];
    if (last && last.role === role) last.content.push(...blocks);
    else turns.push({ role, content: blocks });
  };
  for (const message of pairToolResults(messages, safeCallId, "request")) {
    if (message.role === "user") add("user", userBlocks(message, options));
    else if (message.role === "tool") add("user", [toolResult(message, options)]);
    else add("assistant", assistantBlocks(message, thinkingOn));
  }
  return turns;
}

/** The prompt's images first, then its text, as Anthropic advises (docs/providers.md §4.2). */
function userBlocks(message: Extract<Message, { role: "user" }>, options: AnthropicBodyOptions): Block[] {
  const images = promptImages(message);
  if (!images || !options.imageInput) return [{ type: "text", text: textWithoutImages(message, options.model) }];
  // An image alone is a prompt; Anthropic refuses an empty text block.
  return [...images.map(imageBlock), ...(message.content.trim() ? [{ type: "text", text: message.content }] : [])];
}

function imageBlock(image: ToolImage): Block {
  return { type: "image", source: { type: "base64", media_type: image.mediaType, data: image.base64 } };
}

function toolResult(message: Extract<Message, { role: "tool" }>, options: AnthropicBodyOptions): Block {
  // tool_result content may be a list of text and image blocks (docs/providers.md §4.2).
  const content =
    hasImages(message) && options.imageInput
      ? [
          { type: "text", text: message.content },
          ...message.images.map(imageBlock),
        ]
      : textWithoutImages(message, options.model);
  const block: Block = { type: "tool_result", tool_use_id: safeCallId(message.callId), content };
  if (message.isError) block["is_error"] = true;
  return block;
}

function assistantBlocks(message: Extract<Message, { role: "assistant" }>, thinkingOn: boolean): Block[] {
  const blocks: Block[] = [];
  // In the order they came: interleaved thinking sent back reordered is a 400 (§4.4).
  for (const part of answerParts(message)) {
    if (part.kind === "call") {
      const call = part.call;
      blocks.push({ type: "tool_use", id: safeCallId(call.id), name: call.name, input: argumentsObject(call.arguments) });
    } else if (part.kind === "text") {
      const last = blocks.at(-1);
      // Text on both sides of a block left out (unsigned thinking) is one run again.
      if (last?.["type"] === "text") last["text"] = `${String(last["text"])}${part.text}`;
      else blocks.push({ type: "text", text: part.text });
    } else if (thinkingOn) {
      const block = reasoningBlock(part.block);
      if (block) blocks.push(block);
    }
  }
  // A turn with only thinking in it says nothing; drop it rather than send lone blocks.
  return blocks.some((b) => b["type"] !== "thinking" && b["type"] !== "redacted_thinking") ? blocks : [];
}

/**
 * Every block of every turn goes back (docs/providers.md names no turn that may be stripped),
 * one by one, in stream order, each with its own signature: a merged, reordered or re-signed
 * block is a 400. Unsigned text (from another provider) cannot be sent at all.
 */
function reasoningBlock(block: ThinkingBlock): Block | undefined {
  if (block.kind === "redacted") return { type: "redacted_thinking", data: block.data };
  return block.signature ? { type: "thinking", thinking: block.text, signature: block.signature } : undefined;
}
