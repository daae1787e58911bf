// The OpenAI Responses adapter, used for api.openai.com once Chat Completions has turned a
// request away (see fallback.ts). Same transport and retry as the chat adapter.
import { DEFAULT_IDLE_TIMEOUT_MS, priced, type AdapterOptions } from "./adapter-options.js";
import { ResponsesStreamState } from "./openai-responses-accumulator.js";
import { buildResponsesBody } from "./openai-responses-request.js";
import type { ModelProvider, ModelRequest, StreamPart } from "./provider.js";
import { openBody } from "./response-body.js";
import { streamWithRetry } from "./retry.js";
import { readSseData } from "./sse-data.js";
import { WireError } from "./wire-error.js";

export class OpenAiResponsesProvider implements ModelProvider {
  readonly name: string;
  readonly model: string;

  constructor(private readonly options: AdapterOptions) {
    this.name = options.name;
    this.model = options.model;
  }

  async *stream(request: ModelRequest): AsyncIterable<StreamPart> {
    const body = buildResponsesBody(request, {
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
    const state = new ResponsesStreamState();
    for await (const event of opened.events) {
      const data = readSseData(event);
      if (data.kind === "done") break; // not part of this API, but tolerated
      if (data.kind === "json") yield* state.push(data.value);
      if (state.done) break;
    }
    yield* state.end();
  }
}
