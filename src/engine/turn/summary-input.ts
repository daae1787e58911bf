// What the summary request sends: the older conversation as plain text turns, never as tool
// calls and results. A request holding tool_use/tool_result blocks must define its tools on
// Anthropic and Bedrock (docs/providers.md §4.2), and the summary asks for no tool; as text,
// the same request is valid for every provider. Every part is clipped: the summary needs the
// gist of a prompt, a call or a result, not every byte. Pure.
import { capText } from "../state/context-elide.js";
import type { Message } from "../messages.js";

/** A tool result or a call's arguments, at most this long in the summary request. */
const RESULT_CHARS = 2_000;
/** A prompt, at most this long (the engine pins the user's requests itself: context-summary.ts). */
const PROMPT_CHARS = 6_000;

const clip = (text: string, keep: number) => capText(text, keep, "not shown");

function userText(message: Extract<Message, { role: "user" }>): string {
  const text = clip(message.content, PROMPT_CHARS);
  if (!message.images || message.images.length === 0) return text;
  // The summary needs no pixels: a prompt's images are named, as a tool's are described in its text.
  const count = message.images.length;
  const note = `[${count === 1 ? "an image" : `${count} images`} sent with this prompt, not shown]`;
  return text.trim() ? `${text}\n${note}` : note;
}

function assistantText(message: Extract<Message, { role: "assistant" }>): string {
  const calls = message.toolCalls.map((call) => `[called ${call.name} ${clip(call.arguments, RESULT_CHARS)}]`);
  return [message.text.trim(), ...calls].filter(Boolean).join("\n");
}

function resultText(message: Extract<Message, { role: "tool" }>): string {
  return `[${message.name} ${message.isError ? "failed" : "returned"}]\n${clip(message.content, RESULT_CHARS)}`;
}

/** The older part as text turns, a turn per message (adapters merge neighbours of one role), then the ask. */
export function summaryRequestMessages(older: readonly Message[], instructions?: string, words?: number): Message[] {
  const turns: Message[] = [];
  for (const message of older) {
    if (message.role === "assistant") {
      const text = assistantText(message);
      // An empty assistant turn is refused by Anthropic; a turn of only reasoning says nothing here.
      if (text) turns.push({ role: "assistant", text, toolCalls: [] });
    } else {
      turns.push({ role: "user", content: message.role === "user" ? userText(message) : resultText(message) });
    }
  }
  const focus = instructions?.trim() ? `\n\nThe user asks the summary to focus on: ${instructions.trim()}` : "";
  const length = words ? ` Keep it under about ${words} words.` : "";
  return [...turns, { role: "user", content: `Summarise the conversation above under the headings in your instructions.${length}${focus}` }];
}
