// The conversation as the engine keeps it, independent of any provider's format.

/** An image a tool returned (read_file on a PNG) or the person sent with a prompt: sent as image input where the model takes it. */
export interface ToolImage {
  /** image/png, image/jpeg, image/gif or image/webp. */
  mediaType: string;
  base64: string;
}

export interface AssistantToolCall {
  id: string;
  name: string;
  /** Raw JSON text as the model produced it. */
  arguments: string;
}

/**
 * One block of a turn's reasoning, in the order the model produced it. Anthropic rejects a
 * tool-using turn whose blocks come back merged, reordered or without their own signature,
 * so blocks are kept apart rather than as one string.
 */
export type ThinkingBlock =
  | {
      kind: "thinking";
      text: string;
      /** Anthropic's signature over this block, or the Responses API's encrypted_content; verbatim. */
      signature?: string;
    }
  /** Anthropic's redacted_thinking: opaque, encrypted, sent back unchanged. */
  | { kind: "redacted"; data: string };

export type Message =
  | {
      role: "user";
      content: string;
      /** Images sent with the prompt (`submit {text, images}`), checked at the door (session/prompt-images.ts). */
      images?: ToolImage[];
    }
  | {
      role: "assistant";
      text: string;
      thinkingBlocks?: ThinkingBlock[];
      toolCalls: AssistantToolCall[];
      /** How the parts came when not simply reasoning, text, calls (`answerParts` puts them back in it). */
      order?: AnswerSlot[];
    }
  | { role: "tool"; callId: string; name: string; content: string; isError: boolean; images?: ToolImage[] };

/**
 * One place in an answer, in stream order: the next reasoning block, the next run of text
 * (`length` UTF-16 units of `text`), the next call. Anthropic refuses interleaved thinking sent
 * back reordered (docs/providers.md §4.4), and a Responses reasoning item belongs before the
 * item that followed it (§3.5), so the order of a message's three lists is kept.
 */
export type AnswerSlot = { kind: "thinking" } | { kind: "text"; length: number } | { kind: "call" };

export type AnswerPart =
  | { kind: "thinking"; block: ThinkingBlock }
  | { kind: "text"; text: string }
  | { kind: "call"; call: AssistantToolCall };

/**
 * An assistant message's parts in the order they came. Without an order: reasoning, text,
 * calls. A slot with nothing left to fill (reasoning dropped by a repair) is skipped; the last
 * text slot takes the rest of the text, so a text changed since (redacted) loses no words.
 */
export function answerParts(message: Extract<Message, { role: "assistant" }>): AnswerPart[] {
  const blocks = message.thinkingBlocks ?? [];
  const calls = message.toolCalls;
  const order = message.order ?? [];
  const out: AnswerPart[] = [];
  let block = 0;
  let call = 0;
  let offset = 0;
  let lastText = -1;
  order.forEach((slot, i) => {
    if (slot.kind === "text") lastText = i;
  });
  order.forEach((slot, i) => {
    if (slot.kind === "thinking") {
      if (block < blocks.length) out.push({ kind: "thinking", block: blocks[block++] as ThinkingBlock });
    } else if (slot.kind === "call") {
      if (call < calls.length) out.push({ kind: "call", call: calls[call++] as AssistantToolCall });
    } else {
      const end = i === lastText ? message.text.length : Math.min(message.text.length, offset + slot.length);
      if (end > offset) out.push({ kind: "text", text: message.text.slice(offset, end) });
      offset = Math.max(offset, end);
    }
  });
  // What no slot placed (no order at all): reasoning first, then the text, then the calls.
  const head: AnswerPart[] = blocks.slice(block).map((rest) => ({ kind: "thinking", block: rest }));
  if (lastText === -1 && message.text !== "") out.push({ kind: "text", text: message.text });
  for (const rest of calls.slice(call)) out.push({ kind: "call", call: rest });
  return head.length > 0 ? [...head, ...out] : out;
}

/** The readable reasoning of a turn as one string, for APIs that take it that way (chat-style echo). */
export function thinkingText(blocks: readonly ThinkingBlock[]): string {
  return blocks.map((block) => (block.kind === "thinking" ? block.text : "")).join("");
}

/**
 * `id`, or `id_2`, `id_3`… when another call of the same answer already has it. A model may
 * repeat an id within one answer; each call needs its own, or its result is paired with
 * the wrong call and Anthropic refuses the conversation for good ("ids must be unique").
 */
export function uniqueCallId(id: string, taken: ReadonlySet<string>): string {
  if (!taken.has(id)) return id;
  for (let n = 2; ; n++) {
    const candidate = `${id}_${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The results that follow an assistant turn, handed out by call id in order: the k-th call
 * with an id gets the k-th result with it (files written before ids were made unique hold
 * answers whose calls share one id, each run and answered in turn).
 */
export class ResultsById<T extends { callId: string }> {
  private readonly byId = new Map<string, T[]>();

  add(result: T): void {
    const list = this.byId.get(result.callId);
    if (list) list.push(result);
    else this.byId.set(result.callId, [result]);
  }

  take(callId: string): T | undefined {
    return this.byId.get(callId)?.shift();
  }
}
