// What an MCP tool result's content blocks become for the model. Pure. Text stays text; an
// image (or an embedded image resource) becomes a real image, sent as image input like
// read_file's where the model takes it (llm/providers/tool-images.ts); audio and other binary blobs are
// named with their type and size, since no provider we speak accepts them in a tool result.
import type { ToolImage } from "../../messages.js";
import { isBase64, sniffImageType } from "../../tools/fs/image-sniff.js";

export interface McpContent {
  text: string;
  images: ToolImage[];
}

interface Block {
  type?: string;
  text?: string;
  data?: string;
  mimeType?: string;
  uri?: string;
  resource?: { uri?: string; text?: string; blob?: string; mimeType?: string };
}

export function mcpContent(content: unknown): McpContent {
  const images: ToolImage[] = [];
  if (!Array.isArray(content)) return { text: "", images };
  const lines = (content as unknown[]).map((item) => {
    // Read as sent (mcp-client.ts keeps blocks raw): a block may be anything at all.
    if (typeof item !== "object" || item === null || Array.isArray(item)) return "[unreadable content block not shown]";
    const block = item as Block;
    if (block.type === "text") return typeof block.text === "string" ? block.text : "";
    if (block.type === "image") return binary("image", block.mimeType, block.data, images);
    if (block.type === "audio") return binary("audio", block.mimeType, block.data, images);
    if (block.type === "resource") {
      const resource = typeof block.resource === "object" && block.resource !== null ? block.resource : {};
      if (typeof resource.text === "string") return resource.text;
      if (typeof resource.blob === "string") return binary(`resource ${resource.uri ?? ""}`.trim(), resource.mimeType, resource.blob, images);
      return `[resource ${resource.uri ?? ""}]`;
    }
    if (block.type === "resource_link") return `[resource link ${block.uri ?? ""}]`;
    const type = typeof block.type === "string" ? JSON.stringify(block.type.slice(0, 40)) : "untyped";
    return `[${type} content not shown]`;
  });
  return { text: lines.join("\n"), images };
}

/**
 * An image the providers take is kept as an image, its type read from its bytes as read_file
 * does (a provider refuses an image whose bytes contradict its declared type, and then every
 * later request of the session with it); anything else is described.
 */
function binary(what: string, mimeType: unknown, data: unknown, images: ToolImage[]): string {
  const declared = (typeof mimeType === "string" ? mimeType.slice(0, 100).toLowerCase() : "") || "unknown type";
  const base64 = (typeof data === "string" ? data : "").replace(/\s+/g, "");
  if (!isBase64(base64)) return `[${what} content (${declared}) not sent: its data is not base64]`;
  const bytes = Buffer.from(base64, "base64");
  const sniffed = declared.startsWith("image/") ? sniffImageType(bytes.subarray(0, 16)) : undefined;
  if (sniffed) {
    images.push({ mediaType: sniffed, base64 });
    return `[${what === "image" ? "image" : `${what}, an image`}: ${sniffed}, ${bytes.length} bytes]`;
  }
  const why = declared.startsWith("image/") ? "the providers take only PNG, JPEG, GIF and WebP images" : "no provider takes it in a tool result";
  return `[${what} content (${declared}, ${bytes.length} bytes) not sent: ${why}]`;
}
