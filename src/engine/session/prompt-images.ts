// The images a person sends with a prompt (`submit {text, images}`), checked at the door: one
// the provider would refuse stays in the session file and fails every later request of the
// session, so a bad one refuses the whole op (naming the image and what is wrong) and no turn
// starts. A prompt may be an image alone ("explain this screenshot"), but not nothing at all,
// nor text past MAX_PROMPT_TEXT_BYTES. The image rules are the tool images' rules: the four
// types every provider takes, read from the bytes as read_file and MCP images are
// (image-sniff.ts), at most MAX_IMAGE_BYTES each.
import type { ToolImage } from "../messages.js";
import { MAX_IMAGE_BYTES } from "../tools/output-cap.js";
import { IMAGE_MEDIA_TYPES, isBase64, sniffImageType } from "../tools/fs/image-sniff.js";

/**
 * All the images of one prompt, decoded. Each goes out base64 (4/3 of this) in every later
 * request of the session, and Anthropic refuses a request over 32 MB: two full-size images
 * leave room for the rest of the conversation.
 */
export const MAX_PROMPT_IMAGE_BYTES = 2 * MAX_IMAGE_BYTES;

/**
 * The most text one prompt may hold (UTF-8 bytes): more than the largest context window takes
 * (2M tokens of ~4 bytes), so a larger prompt could only fail at the provider; and its
 * `turn.started` line stays well inside what the session file holds back in a write failure.
 * The CLI checks the same figure first (cli-input.ts MAX_TASK_BYTES), to name stdin.
 */
export const MAX_PROMPT_TEXT_BYTES = 8 * 1024 * 1024;

/**
 * A prompt the engine will not take (a bad image, nothing to send): the sender's mistake, so a
 * face can answer it as bad input (ACP's invalid params) rather than as the agent failing.
 */
export class PromptRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PromptRefused";
  }
}

/** The prompt's images, checked; a prompt with neither text nor an image is refused too. */
export function checkPrompt(text: string, images: readonly ToolImage[] | undefined): ToolImage[] {
  // A UTF-16 unit is at most 3 UTF-8 bytes: a short prompt is not counted byte by byte.
  if (text.length > MAX_PROMPT_TEXT_BYTES / 3 && Buffer.byteLength(text) > MAX_PROMPT_TEXT_BYTES) {
    throw new PromptRefused(`the prompt is ${Buffer.byteLength(text)} bytes, over the limit of ${MAX_PROMPT_TEXT_BYTES} bytes (8 MiB) per prompt; nothing was sent`);
  }
  const checked = checkPromptImages(images);
  if (!text.trim() && checked.length === 0) throw new PromptRefused("the prompt has no text and no images; nothing was sent");
  return checked;
}

/** The decoded size of padded base64 without decoding it. */
function decodedBytes(base64: string): number {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}

/**
 * The images ready for the turn (whitespace gone, the type their bytes announce), or throws
 * naming the first bad one by its index in the list.
 */
export function checkPromptImages(images: readonly ToolImage[] | undefined): ToolImage[] {
  const checked: ToolImage[] = [];
  let total = 0;
  for (const [index, image] of (images ?? []).entries()) {
    const bad = (what: string) => new PromptRefused(`image ${index}: ${what}; nothing was sent`);
    const declared = String(image.mediaType ?? "").toLowerCase();
    if (!IMAGE_MEDIA_TYPES.includes(declared)) {
      throw bad(`mediaType ${JSON.stringify(image.mediaType)} is not one of ${IMAGE_MEDIA_TYPES.join(", ")}`);
    }
    // Line breaks are what `base64` prints every 76 characters; nothing else may be in it.
    const base64 = String(image.base64 ?? "").replace(/\s+/g, "");
    if (base64 === "") throw bad("base64 is empty");
    if (!isBase64(base64)) throw bad("base64 is not valid base64 (A-Z, a-z, 0-9, + and /, padded with =)");
    const bytes = decodedBytes(base64);
    if (bytes > MAX_IMAGE_BYTES) throw bad(`${bytes} bytes is over the limit of ${MAX_IMAGE_BYTES} bytes per image`);
    total += bytes;
    if (total > MAX_PROMPT_IMAGE_BYTES) throw bad(`the images so far come to ${total} bytes, over the limit of ${MAX_PROMPT_IMAGE_BYTES} bytes per prompt`);
    // A provider refuses an image whose bytes contradict its type; the bytes decide, as for tool images.
    const sniffed = sniffImageType(Buffer.from(base64.slice(0, 24), "base64"));
    if (!sniffed) throw bad(`its bytes are not a PNG, JPEG, GIF or WebP image (declared ${declared})`);
    checked.push({ mediaType: sniffed, base64 });
  }
  return checked;
}
