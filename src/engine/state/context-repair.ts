// Whenever the conversation is shortened, what is left must still be a valid request for
// every provider: no result without its call, no call without a result (a synthetic one,
// except for a call still awaiting approval or running), and an assistant turn's reasoning
// kept whole or not at all. Responses reasoning items and Anthropic thinking blocks live
// inside their assistant message, so removing a message removes its reasoning with it:
// nothing can refer to a removed item. Pure.
import { ResultsById, type Message, type ThinkingBlock } from "../messages.js";

export const DROPPED_RESULT = "(no result: the conversation was compacted before this call's result was kept)";

/**
 * Signed blocks (Anthropic signatures, Responses encrypted reasoning, redacted data) must go
 * back exactly as they came; a turn holding signed and unsigned blocks side by side was cut
 * somewhere, so its reasoning is dropped together rather than sent in part.
 */
function wholeReasoning(blocks: readonly ThinkingBlock[] | undefined): boolean {
  if (!blocks || blocks.length === 0) return true;
  const signed = blocks.filter((block) => block.kind === "redacted" || block.signature !== undefined).length;
  return signed === 0 || signed === blocks.length;
}

export function repairView(messages: readonly Message[], awaiting: ReadonlySet<string> = new Set()): Message[] {
  const out: Message[] = [];
  let i = 0;
  while (i < messages.length) {
    const message = messages[i]!;
    i += 1;
    if (message.role === "tool") continue; // no call before it in this view
    if (message.role !== "assistant") {
      out.push(message);
      continue;
    }
    if (wholeReasoning(message.thinkingBlocks)) out.push(message);
    else {
      const { thinkingBlocks: _dropped, ...rest } = message;
      out.push(rest);
    }
    const results = new ResultsById<Extract<Message, { role: "tool" }>>();
    while (i < messages.length && messages[i]!.role === "tool") {
      results.add(messages[i] as Extract<Message, { role: "tool" }>);
      i += 1;
    }
    for (const call of message.toolCalls) {
      const result = results.take(call.id);
      if (result) out.push(result);
      else if (!awaiting.has(call.id)) out.push({ role: "tool", callId: call.id, name: call.name, content: DROPPED_RESULT, isError: true });
    }
  }
  return out;
}
