// The OpenAI Responses adapter, used for api.openai.com once Chat Completions has turned a
// request away (see fallback.ts). Same transport and retry as the other adapters.
import type { AdapterOptions } from "../adapter-options.js";
import { ResponsesStreamState } from "./openai-responses-accumulator.js";
import { buildResponsesBody } from "./openai-responses-request.js";
import { EventStreamProvider } from "./stream-attempt.js";

export class OpenAiResponsesProvider extends EventStreamProvider {
  constructor(options: AdapterOptions) {
    super(options, buildResponsesBody, () => new ResponsesStreamState());
  }
}
