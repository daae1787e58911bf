// Images from tool results (read_file on a PNG) and from the person's prompt on their way to a
// provider. Which models take image input is known for Claude and OpenAI's own models; for
// everything else it is unknown, and an image part a model rejects would fail every later
// request of the session, so those get the text alone plus a note saying the image was not sent.
import type { Message, ToolImage } from "../../messages.js";

type ToolMessage = Extract<Message, { role: "tool" }>;
type UserMessage = Extract<Message, { role: "user" }>;

// OpenAI models with vision: the GPT-4o/4.1/4.5 and GPT-5 families and the full o-series
// reasoning models (o1-mini and o3-mini are text-only).
const OPENAI_VISION = /^(?:chatgpt-4o|gpt-4o|gpt-4\.1|gpt-4\.5|gpt-4-turbo|gpt-5|o1(?!-mini)|o3(?!-mini)|o4)/i;

export interface ImageInputFacts {
  protocol: string;
  provider: string;
  model: string;
  /** The endpoint is OpenAI's own (api.openai.com). */
  openAiHost?: boolean;
}

/** Whether to send tool and prompt images to this model as image input. */
export function acceptsImageInput(facts: ImageInputFacts): boolean {
  // Every Claude from the 3 generation on takes images; only claude-2 and claude-instant do not.
  if (facts.protocol === "anthropic") return !/^claude-(?:2|instant)/i.test(facts.model);
  if (facts.provider === "openai" || facts.openAiHost) return OPENAI_VISION.test(facts.model);
  return false;
}

export function dataUrl(image: ToolImage): string {
  return `data:${image.mediaType};base64,${image.base64}`;
}

export function hasImages(message: Message): message is ToolMessage & { images: ToolImage[] } {
  return message.role === "tool" && message.images !== undefined && message.images.length > 0;
}

/** The prompt's images, when it has any. */
export function promptImages(message: UserMessage): ToolImage[] | undefined {
  return message.images !== undefined && message.images.length > 0 ? message.images : undefined;
}

/** The tool result's or the prompt's text when its images stay behind. */
export function textWithoutImages(message: ToolMessage | UserMessage, model: string): string {
  const count = message.images?.length ?? 0;
  if (count === 0) return message.content;
  const what = count === 1 ? "the image was" : `${count} images were`;
  const note = `[${what} not sent: mini-agent does not know whether ${model} accepts image input]`;
  // A prompt that was an image alone becomes the note alone (no blank line before it).
  return message.content.trim() ? `${message.content}\n${note}` : note;
}
