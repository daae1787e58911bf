// api.openai.com serves some models only on /v1/responses. We start on Chat Completions and,
// when it rejects the request's shape, switch to Responses for the rest of the session
// (sticky: one wasted round trip per session, not per request). See ADR 0003. When Responses
// turns the request away too (a model name neither endpoint knows, a base URL that serves
// neither), the switch was no answer: the error names both refusals, chat's first, and the
// next request starts on chat again.
import { ProviderError, type ModelProvider, type ModelRequest, type StreamPart } from "../provider.js";

/** Statuses that mean "this endpoint does not take this request", as opposed to "try again". */
const SHAPE_REJECTIONS = new Set([400, 404, 405, 415, 422, 501]);

export function isShapeRejection(error: unknown): error is ProviderError {
  return (
    error instanceof ProviderError &&
    error.kind === "provider" && // auth and context-length errors would fail on Responses too
    error.status !== undefined &&
    SHAPE_REJECTIONS.has(error.status)
  );
}

export class EndpointFallbackProvider implements ModelProvider {
  readonly name: string;
  readonly model: string;
  private switched = false;

  constructor(
    private readonly primary: ModelProvider,
    private readonly secondary: ModelProvider,
  ) {
    this.name = primary.name;
    this.model = primary.model;
  }

  /** Which endpoint the next request goes to. */
  get endpoint(): "chat" | "responses" {
    return this.switched ? "responses" : "chat";
  }

  async *stream(request: ModelRequest): AsyncIterable<StreamPart> {
    if (this.switched) {
      yield* this.secondary.stream(request);
      return;
    }
    let output = false;
    let refused: ProviderError;
    try {
      for await (const part of this.primary.stream(request)) {
        if (part.type !== "retry") output = true;
        yield part;
      }
      return;
    } catch (error) {
      if (output || !isShapeRejection(error)) throw error;
      refused = error;
      this.switched = true;
      // Shown as a retry so the switch is visible in the event log.
      yield {
        type: "retry",
        attempt: 1,
        delayMs: 0,
        reason: `chat completions rejected the request (${error.status}); using the responses API from now on`,
      };
    }
    let secondOutput = false;
    try {
      for await (const part of this.secondary.stream(request)) {
        if (part.type !== "retry") secondOutput = true;
        yield part;
      }
    } catch (second) {
      if (secondOutput || !isShapeRejection(second)) throw second;
      this.switched = false;
      throw new ProviderError(`${refused.message} (the responses API, tried next, refused it too: ${second.message})`, refused.kind, refused.status);
    }
  }
}
