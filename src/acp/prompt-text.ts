// An ACP prompt (content blocks) as the one text our engine's `submit` takes. Text is kept as
// it is; a file the editor attached comes after it, fenced, with its path; a link to a file is
// named so the model can read it with its tools. Images are not offered (promptCapabilities),
// so one that arrives anyway is named, not dropped silently.
import type { ContentBlock } from "@agentclientprotocol/sdk";

function pathOf(uri: string): string {
  return uri.startsWith("file://") ? decodeURIComponent(uri.slice("file://".length)) : uri;
}

function fence(body: string): string {
  // A fence longer than any backtick run inside, so the attached text cannot close it.
  const longest = Math.max(2, ...[...body.matchAll(/`+/g)].map((run) => run[0].length));
  return "`".repeat(longest + 1);
}

export function promptText(blocks: readonly ContentBlock[]): string {
  const parts: string[] = [];
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
        parts.push(`[image${block.uri ? ` ${block.uri}` : ""} not shown: mini-agent takes text prompts]`);
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
  return attached.length === 0 ? prompt : `${prompt}\n\nAttached:\n\n${attached.join("\n\n")}`;
}
