// Every provider insists that each tool call is answered right after the assistant turn that
// made it (OpenAI 400 "must be followed by tool messages", Anthropic 400 "tool_use ids were
// found without tool_result blocks"). A session cut short can break that, so we repair it
// when building a request: missing results get a stub, stray results are dropped.
import type { Message } from "../../messages.js";

type ToolMessage = Extract<Message, { role: "tool" }>;

export const MISSING_RESULT = "(no result: the call did not complete)";

export function pairToolResults(messages: readonly Message[]): Message[] {
  const out: Message[] = [];
  let i = 0;
  while (i < messages.length) {
    const message = messages[i] as Message;
    i++;
    if (message.role === "tool") continue; // stray result with no call before it
    out.push(message);
    if (message.role !== "assistant" || message.toolCalls.length === 0) continue;
    const results = new Map<string, ToolMessage>();
    while (i < messages.length && (messages[i] as Message).role === "tool") {
      const result = messages[i] as ToolMessage;
      if (!results.has(result.callId)) results.set(result.callId, result);
      i++;
    }
    for (const call of message.toolCalls) {
      out.push(
        results.get(call.id) ?? { role: "tool", callId: call.id, name: call.name, content: MISSING_RESULT, isError: true },
      );
    }
  }
  return out;
}

/** Ids from one provider may break another's rules (Kimi's `functions.read:0` vs Anthropic's `^[a-zA-Z0-9_-]+$`). */
export function safeCallId(id: string): string {
  const cleaned = id.trim().replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64);
  return cleaned === "" ? "call_0" : cleaned;
}

/** Tool arguments as an object for providers that want one; invalid JSON becomes {} (the executor already reported it). */
export function argumentsObject(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw === "" ? "{}" : raw);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
