// The Anthropic Messages adapter. Same transport and retry shape as the OpenAI adapters;
// the SDK sends the request, we read the named events.
import { DEFAULT_IDLE_TIMEOUT_MS, priced, type AdapterOptions } from "./adapter-options.js";
import { AnthropicStreamState } from "./anthropic-accumulator.js";
import { buildAnthropicBody } from "./anthropic-request.js";
import type { ModelProvider, ModelRequest, StreamPart } from "./provider.js";
import { openBody } from "./response-body.js";
import { streamWithRetry } from "./retry.js";
import { readSseData } from "./sse-data.js";
import { WireError } from "./wire-error.js";

export class AnthropicProvider implements ModelProvider {
  readonly name: string;
  readonly model: string;

  constructor(private readonly options: AdapterOptions) {
    this.name = options.name;
    this.model = options.model;
  }

  async *stream(request: ModelRequest): AsyncIterable<StreamPart> {
    const body = buildAnthropicBody(request, {
      model: this.model,
      defaultThinking: this.options.defaultThinking,
      imageInput: this.options.imageInput ?? false,
    });
    const retry = { ctx: this.options.ctx, signal: request.signal, ...(this.options.retry ? { policy: this.options.retry } : {}) };
    for await (const part of streamWithRetry(() => this.attempt(body, request.signal), retry)) {
      yield priced(part, this.options.costOf);
    }
  }

  private async *attempt(body: Record<string, unknown>, signal: AbortSignal | undefined): AsyncGenerator<StreamPart> {
    const response = await this.options.open(body, signal);
    const opened = await openBody(response, { idleTimeoutMs: this.options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS });
    if (opened.kind === "json") throw new WireError("expected an event stream but got a JSON body", { malformed: true });
    const state = new AnthropicStreamState();
    for await (const event of opened.events) {
      const data = readSseData(event);
      if (data.kind === "done") break; // not part of this API, but tolerated
      if (data.kind === "json") yield* state.push(data.value);
      if (state.done) break;
    }
    yield* state.end();
  }
}
