// Engine messages → an OpenAI Responses request (docs/providers.md §3.1, §3.5). We run stateless
// (store: false) and resend the whole conversation, with each turn's encrypted reasoning
// (kept as the signature of its thinking block) in its original place.
import { answerParts, type Message } from "../../messages.js";
import type { ModelRequest, ThinkingLevel } from "../provider.js";
import { responsesReasoning } from "../thinking.js";
import { dataUrl, hasImages, promptImages, textWithoutImages } from "./tool-images.js";
import { pairToolResults, safeCallId } from "./tool-pairing.js";

export interface ResponsesBodyOptions {
  model: string;
  defaultThinking: ThinkingLevel;
  /** Tool images go into function_call_output as input_image parts (it takes text and images); prompt images into the user message. */
  imageInput: boolean;
}

export function buildResponsesBody(request: ModelRequest, options: ResponsesBodyOptions): Record<string, unknown> {
  const input: Record<string, unknown>[] = [];
  for (const message of pairToolResults(request.messages, safeCallId, "request")) input.push(...convertMessage(message, options));
  const body: Record<string, unknown> = {
    model: options.model,
    stream: true,
    store: false,
    input,
  };
  if (request.system !== "") body["instructions"] = request.system;
  const reasoning = responsesReasoning(request.thinking ?? options.defaultThinking, options.model);
  if (reasoning) {
    body["reasoning"] = reasoning;
    // Needed to carry reasoning across turns without server-side storage.
    body["include"] = ["reasoning.encrypted_content"];
  }
  if (request.tools.length > 0) {
    body["tools"] = request.tools.map((tool) => ({
      type: "function",
      name: tool.name,
      description: tool.description,
      parameters: tool.inputSchema,
      strict: false,
    }));
    body["tool_choice"] = "auto";
    body["parallel_tool_calls"] = true;
  }
  return body;
}

function convertMessage(message: Message, options: ResponsesBodyOptions): Record<string, unknown>[] {
  switch (message.role) {
    case "user": {
      const images = promptImages(message);
      if (!images || !options.imageInput) {
        return [{ type: "message", role: "user", content: [{ type: "input_text", text: textWithoutImages(message, options.model) }] }];
      }
      // input_text then input_image parts, the image a data URL (docs/providers.md §3.1).
      const content = [
        // An image alone is a prompt: no empty text part beside it.
        ...(message.content.trim() ? [{ type: "input_text", text: message.content }] : []),
        ...images.map((image) => ({ type: "input_image", image_url: dataUrl(image), detail: "auto" })),
      ];
      return [{ type: "message", role: "user", content }];
    }
    case "tool": {
      const call_id = safeCallId(message.callId);
      if (!hasImages(message) || !options.imageInput) {
        return [{ type: "function_call_output", call_id, output: textWithoutImages(message, options.model) }];
      }
      const output = [
        { type: "input_text", text: message.content },
        ...message.images.map((image) => ({ type: "input_image", image_url: dataUrl(image) })),
      ];
      return [{ type: "function_call_output", call_id, output }];
    }
    case "assistant": {
      const items: Record<string, unknown>[] = [];
      // In the order they came: a reasoning item goes back just before the item that followed it (§3.5).
      for (const part of answerParts(message)) {
        if (part.kind === "call") {
          const call = part.call;
          items.push({ type: "function_call", call_id: safeCallId(call.id), name: call.name, arguments: call.arguments === "" ? "{}" : call.arguments });
        } else if (part.kind === "text") {
          const last = items.at(-1);
          if (last?.["type"] === "message") (last["content"] as { text: string }[])[0]!.text += part.text;
          else items.push({ type: "message", role: "assistant", content: [{ type: "output_text", text: part.text }] });
        } else {
          // Item ids are left out, as Codex does: with store:false they refer to nothing (404).
          // Each reasoning item came back as one block signed with its encrypted_content; a block
          // without one (another provider's, or Anthropic's redacted data) means nothing here.
          const block = part.block;
          if (block.kind !== "thinking" || !block.signature) continue;
          items.push({ type: "reasoning", summary: block.text ? [{ type: "summary_text", text: block.text }] : [], encrypted_content: block.signature });
        }
      }
      return items;
    }
  }
}
