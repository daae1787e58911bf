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
    }
  | { role: "tool"; callId: string; name: string; content: string; isError: boolean; images?: ToolImage[] };

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
