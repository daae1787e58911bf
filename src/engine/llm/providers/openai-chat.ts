// The OpenAI Chat Completions adapter: Kimi (the default), OpenAI-compatible endpoints and
// local servers. The SDK sends the request; we read the stream (see ADR 0003).
import type { AdapterOptions } from "../adapter-options.js";
import { ChatStreamState } from "./openai-chat-accumulator.js";
import { buildChatBody } from "./openai-chat-request.js";
import type { ModelProvider, ModelRequest, StreamPart } from "../provider.js";
import type { SseData } from "../transport/sse-data.js";
import { keepingUsage, openStream, readSettled, retried } from "./stream-attempt.js";
import type { SseEvent } from "../transport/sse-parser.js";
import type { ThinkingDialect } from "../thinking.js";

export interface ChatAdapterOptions extends AdapterOptions {
  thinkingDialect: ThinkingDialect;
  reasoningEcho: boolean;
  parallelToolCalls?: boolean;
  extraBody?: Record<string, unknown>;
}

export class OpenAiChatProvider implements ModelProvider {
  readonly name: string;
  readonly model: string;
  /** Learned from the first reasoning delta; reused when sending reasoning back. */
  private reasoningKey = "reasoning_content";

  constructor(private readonly options: ChatAdapterOptions) {
    this.name = options.name;
    this.model = options.model;
  }

  async *stream(request: ModelRequest): AsyncIterable<StreamPart> {
    const body = buildChatBody(request, {
      model: this.model,
      thinkingDialect: this.options.thinkingDialect,
      reasoningEcho: this.options.reasoningEcho,
      reasoningKey: this.reasoningKey,
      defaultThinking: this.options.defaultThinking,
      imageInput: this.options.imageInput ?? false,
      ...(this.options.parallelToolCalls ? { parallelToolCalls: true } : {}),
      ...(this.options.extraBody ? { extraBody: this.options.extraBody } : {}),
    });
    yield* retried(this.options, request.signal, () => this.attempt(body, request.signal));
  }

  private async *attempt(body: Record<string, unknown>, signal: AbortSignal | undefined): AsyncGenerator<StreamPart> {
    const opened = await openStream(this.options, body, signal);
    const state = new ChatStreamState();
    if (opened.kind === "json") {
      yield* state.fromCompletion(opened.value);
      return;
    }
    yield* keepingUsage(state, this.readEvents(opened.events, state));
  }

  private async *readEvents(events: AsyncIterable<SseEvent>, state: ChatStreamState): AsyncGenerator<StreamPart> {
    let sawDone = false;
    const read = (data: SseData) => {
      if (data.kind !== "done") return data.kind === "json" ? state.push(data.value) : [];
      sawDone = true;
      return "stop" as const; // anything after [DONE] is ignored (docs/providers.md §7.13)
    };
    // A break after the finish reason lost only [DONE] and perhaps the usage: the answer stands.
    yield* readSettled(events, state, read);
    if (state.reasoningKey) this.reasoningKey = state.reasoningKey;
    yield* state.end(sawDone);
  }
}
