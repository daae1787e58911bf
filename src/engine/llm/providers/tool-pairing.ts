// Every provider insists that each tool call is answered right after the assistant turn that
// made it (OpenAI 400 "must be followed by tool messages", Anthropic 400 "tool_use ids were
// found without tool_result blocks"). A session cut short can break that, so we repair it
// when building a request: missing results get a stub, stray results are dropped.
import { ResultsById, uniqueCallId, type Message } from "../../messages.js";

type ToolMessage = Extract<Message, { role: "tool" }>;

export const MISSING_RESULT = "(no result: the call did not complete)";

/**
 * Each call followed by its own result. `idOf` is the provider's form of an id (`safeCallId`
 * for the APIs with a stricter alphabet); ids that come out equal within one turn (a file
 * from before ids were made unique, or `call.1` and `call:1` both cleaned to `call_1`) are
 * made unique here, in the call and its result alike. With `scope: "request"` they are made
 * unique across the whole request: Anthropic refuses a tool_use id seen in an earlier turn
 * (400 "tool_use ids must be unique"), and Kimi's `functions.read_file:0` or a local
 * server's `call_0` repeat in every answer. The first keeps its id, so the prefix of the
 * request (and its cache) stays the same from one request to the next.
 */
export function pairToolResults(messages: readonly Message[], idOf: (id: string) => string = (id) => id, scope: "turn" | "request" = "turn"): Message[] {
  const out: Message[] = [];
  const requestTaken = new Set<string>();
  let i = 0;
  while (i < messages.length) {
    const message = messages[i] as Message;
    i++;
    if (message.role === "tool") continue; // stray result with no call before it
    if (message.role !== "assistant" || message.toolCalls.length === 0) {
      out.push(message);
      continue;
    }
    const results = new ResultsById<ToolMessage>();
    while (i < messages.length && (messages[i] as Message).role === "tool") {
      results.add(messages[i] as ToolMessage);
      i++;
    }
    const taken = scope === "request" ? requestTaken : new Set<string>();
    const calls = message.toolCalls.map((call) => {
      const id = uniqueCallId(idOf(call.id), taken);
      taken.add(id);
      return id === call.id ? call : { ...call, id };
    });
    out.push(calls.every((call, n) => call === message.toolCalls[n]) ? message : { ...message, toolCalls: calls });
    message.toolCalls.forEach((call, n) => {
      const id = (calls[n] as { id: string }).id;
      const result = results.take(call.id);
      if (!result) out.push({ role: "tool", callId: id, name: call.name, content: MISSING_RESULT, isError: true });
      else out.push(result.callId === id ? result : { ...result, callId: id });
    });
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
