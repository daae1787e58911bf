// The Anthropic Messages adapter. The SDK sends the request; we read the named events.
import type { AdapterOptions } from "../adapter-options.js";
import { AnthropicStreamState } from "./anthropic-accumulator.js";
import { buildAnthropicBody } from "./anthropic-request.js";
import { EventStreamProvider } from "./stream-attempt.js";

export class AnthropicProvider extends EventStreamProvider {
  constructor(options: AdapterOptions) {
    super(options, buildAnthropicBody, () => new AnthropicStreamState());
  }
}
