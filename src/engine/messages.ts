// The conversation as the engine keeps it, independent of any provider's format.

/** An image a tool returned (read_file on a PNG): sent as image input where the model takes it. */
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

export type Message =
  | { role: "user"; content: string }
  | {
      role: "assistant";
      text: string;
      thinking?: string;
      /** Anthropic's signature over the thinking block, carried back verbatim. */
      thinkingSignature?: string;
      toolCalls: AssistantToolCall[];
    }
  | { role: "tool"; callId: string; name: string; content: string; isError: boolean; images?: ToolImage[] };
