// Engine messages → an OpenAI Chat Completions request body (docs/providers.md §2.1), with the
// per-provider differences: thinking fields, reasoning sent back, Kimi's empty-content rule.
import { thinkingText, type Message } from "../../messages.js";
import type { ModelRequest, ThinkingLevel } from "../provider.js";
import { chatThinkingFields, type ThinkingDialect } from "../thinking.js";
import { dataUrl, hasImages, promptImages, textWithoutImages } from "./tool-images.js";
import { pairToolResults } from "./tool-pairing.js";

export interface ChatBodyOptions {
  model: string;
  thinkingDialect: ThinkingDialect;
  /** Send an assistant turn's reasoning back (Kimi, DeepSeek require it; others reject or ignore it). */
  reasoningEcho: boolean;
  /** Field name the endpoint used for reasoning; echoed back under the same name. */
  reasoningKey: string;
  defaultThinking: ThinkingLevel;
  /** The model takes image input: tool images follow the tool messages as a user message. */
  imageInput: boolean;
  /** OpenAI proper takes parallel_tool_calls (only alongside tools); compatible servers may not. */
  parallelToolCalls?: boolean;
  /** Provider-specific fields merged into the body. */
  extraBody?: Record<string, unknown>;
}

export function buildChatBody(request: ModelRequest, options: ChatBodyOptions): Record<string, unknown> {
  const messages: Record<string, unknown>[] = [];
  if (request.system !== "") messages.push({ role: "system", content: request.system });
  // Tool messages are text-only, so their images wait until the run of tool messages ends
  // (a user message in between would break the tool_calls pairing) and follow as one user turn.
  let images: Record<string, unknown>[] = [];
  const flushImages = () => {
    if (images.length === 0) return;
    messages.push({ role: "user", content: [{ type: "text", text: "Images returned by the tool calls above:" }, ...images] });
    images = [];
  };
  for (const message of pairToolResults(request.messages)) {
    if (message.role !== "tool") flushImages();
    const converted = convertMessage(message, options);
    if (converted) messages.push(converted);
    if (hasImages(message) && options.imageInput) {
      images.push(...message.images.map((image) => ({ type: "image_url", image_url: { url: dataUrl(image) } })));
    }
  }
  flushImages();
  const body: Record<string, unknown> = {
    model: options.model,
    stream: true,
    stream_options: { include_usage: true },
    messages,
    ...chatThinkingFields(options.thinkingDialect, request.thinking ?? options.defaultThinking, options.model),
    ...options.extraBody,
  };
  if (request.tools.length > 0) {
    body["tools"] = request.tools.map((tool) => ({
      type: "function",
      function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
    }));
    body["tool_choice"] = "auto";
    if (options.parallelToolCalls) body["parallel_tool_calls"] = true;
  }
  return body;
}

function convertMessage(message: Message, options: ChatBodyOptions): Record<string, unknown> | undefined {
  switch (message.role) {
    case "user": {
      const images = promptImages(message);
      if (!images) return { role: "user", content: message.content };
      if (!options.imageInput) return { role: "user", content: textWithoutImages(message, options.model) };
      // A user message's content may be a list of text and image_url parts (docs/providers.md §2.1).
      return {
        role: "user",
        // An image alone is a prompt: no empty text part beside it.
        content: [...(message.content.trim() ? [{ type: "text", text: message.content }] : []), ...images.map((image) => ({ type: "image_url", image_url: { url: dataUrl(image) } }))],
      };
    }
    case "tool": {
      const content = options.imageInput ? message.content : textWithoutImages(message, options.model);
      // Moonshot rejects empty message content.
      return { role: "tool", tool_call_id: message.callId, content: content === "" ? "(empty)" : content };
    }
    case "assistant": {
      const out: Record<string, unknown> = { role: "assistant" };
      // Kimi's coding endpoint 400s on empty content next to tool_calls: omit it instead.
      if (message.text !== "") out["content"] = message.text;
      if (message.toolCalls.length > 0) {
        out["tool_calls"] = message.toolCalls.map((call) => ({
          id: call.id,
          type: "function",
          function: { name: call.name, arguments: call.arguments === "" ? "{}" : call.arguments },
        }));
      } else if (message.text === "") {
        return undefined; // nothing to send (e.g. a step cut off before any text)
      }
      // Chat-style APIs take reasoning as one string: the blocks' text, joined.
      if (options.reasoningEcho && message.thinkingBlocks?.some((block) => block.kind === "thinking")) {
        out[options.reasoningKey] = thinkingText(message.thinkingBlocks);
      }
      return out;
    }
  }
}
