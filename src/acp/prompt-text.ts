// An ACP prompt (content blocks) as what our engine's `submit` takes: one text and its images.
// Text is kept as it is; a file the editor attached comes after it, fenced, with its path; a
// link to a file is named so the model can read it with its tools. Image blocks go on as
// images (the engine checks them and refuses a bad one by its index among them); audio is not
// offered (promptCapabilities), so audio that arrives anyway is named, not dropped silently.
import type { ContentBlock } from "@agentclientprotocol/sdk";
import type { ToolImage } from "../engine/index.js";

export interface AcpPrompt {
  text: string;
  images: ToolImage[];
}

function pathOf(uri: string): string {
  return uri.startsWith("file://") ? decodeURIComponent(uri.slice("file://".length)) : uri;
}

function fence(body: string): string {
  // A fence longer than any backtick run inside, so the attached text cannot close it.
  const longest = Math.max(2, ...[...body.matchAll(/`+/g)].map((run) => run[0].length));
  return "`".repeat(longest + 1);
}

export function promptOf(blocks: readonly ContentBlock[]): AcpPrompt {
  const parts: string[] = [];
  const images: ToolImage[] = [];
  const attached: string[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case "text":
        parts.push(block.text);
        break;
      case "resource_link":
        parts.push(`@${pathOf(block.uri)}`);
        break;
      case "resource": {
        const resource = block.resource;
        if ("text" in resource) {
          const marks = fence(resource.text);
          attached.push(`${pathOf(resource.uri)}:\n${marks}\n${resource.text}\n${marks}`);
        } else parts.push(`[attached binary ${pathOf(resource.uri)} not shown]`);
        break;
      }
      case "image":
        images.push({ mediaType: block.mimeType, base64: block.data });
        break;
      case "audio":
        parts.push("[audio not shown: mini-agent takes text prompts]");
        break;
      default:
        break;
    }
  }
  // Editors interleave text blocks and mentions, the spaces inside the text blocks.
  const prompt = parts.join("").trim();
  return { text: attached.length === 0 ? prompt : `${prompt}\n\nAttached:\n\n${attached.join("\n\n")}`, images };
}
