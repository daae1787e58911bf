// What a strict provider (OpenAI chat, Anthropic) demands of a conversation, checked on the
// engine's own messages as the model received them: every assistant tool call answered
// exactly once, right after it, in order; no result without its call; no two assistant
// messages in a row; the conversation starts and ends with the user.
export interface CheckedMessage {
  role: string;
  toolCalls?: unknown[];
  callId?: string;
}

export function requestProblems(messages: readonly CheckedMessage[]): string[] {
  const problems: string[] = [];
  if (messages[0]?.role !== "user") problems.push(`starts with ${messages[0]?.role ?? "nothing"}, not user`);
  if (messages.at(-1)?.role !== "user") problems.push(`ends with ${messages.at(-1)?.role ?? "nothing"}, not user`);
  let i = 0;
  while (i < messages.length) {
    const message = messages[i]!;
    if (message.role === "tool") {
      problems.push(`message ${i}: result ${message.callId} answers no call right before it`);
      i += 1;
      continue;
    }
    if (message.role === "assistant" && messages[i - 1]?.role === "assistant") {
      problems.push(`message ${i}: two assistant messages in a row`);
    }
    i += 1;
    if (message.role !== "assistant") continue;
    for (const call of (message.toolCalls ?? []) as { id: string }[]) {
      const next = messages[i];
      if (next?.role !== "tool" || next.callId !== call.id) {
        problems.push(`message ${i}: call ${call.id} is not answered in order (found ${next?.role ?? "nothing"} ${next?.callId ?? ""})`);
        continue;
      }
      i += 1;
    }
  }
  return problems;
}
