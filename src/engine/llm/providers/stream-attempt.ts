// The half every adapter shares: send the body through the SDK transport, read the event
// stream into a per-API state machine, and retry before output (with cost added to usage).
import { DEFAULT_FIRST_BYTE_TIMEOUT_MS, DEFAULT_IDLE_TIMEOUT_MS, priced, type AdapterOptions } from "../adapter-options.js";
import type { ModelProvider, ModelRequest, StreamPart } from "../provider.js";
import { openBody } from "../transport/response-body.js";
import { streamWithRetry } from "../failures/retry.js";
import { readSseData, type SseData } from "../transport/sse-data.js";
import type { SseEvent } from "../transport/sse-parser.js";
import { WireError } from "../failures/wire-error.js";
import { factsFrom } from "../failures/errors.js";

/** A per-API accumulator: events in, normalised parts out; `end` throws on a cut stream. */
export interface EventStreamState {
  readonly done: boolean;
  /** The provider has said how the answer finished (a stop reason): only its end marker may be missing. */
  readonly settled: boolean;
  push(event: unknown): StreamPart[];
  end(): StreamPart[];
  /** The usage the provider reported so far (a usage part, or none): what a broken stream still cost. */
  reportedUsage(): StreamPart[];
}

/**
 * One attempt, and when it fails (a cut stream, an in-band error, a stop) the usage the provider
 * had already reported: Anthropic's message_start gives the billed input before any text, a
 * chat server's usage chunk may come before the break. It is yielded before the error so the
 * session counts it; nothing is estimated for a stream that reported none (docs/providers.md §5.7).
 */
export async function* keepingUsage(state: Pick<EventStreamState, "reportedUsage">, attempt: AsyncIterable<StreamPart>): AsyncGenerator<StreamPart> {
  try {
    yield* attempt;
  } catch (error) {
    yield* state.reportedUsage();
    throw error;
  }
}

/** Runs `attempt` under the retry policy and prices every usage part. */
export async function* retried(
  options: AdapterOptions,
  signal: AbortSignal | undefined,
  attempt: () => AsyncGenerator<StreamPart>,
): AsyncGenerator<StreamPart> {
  const retry = { ctx: options.ctx, signal, ...(options.retry ? { policy: options.retry } : {}) };
  for await (const part of streamWithRetry(attempt, retry)) yield priced(part, options.costOf);
}

/**
 * Reads `events` into `state`. A stream that breaks (a reset, a timeout) once the answer has
 * said how it finished lost only its end marker (and perhaps the usage after it): that answer
 * is complete, as a clean end at the same place is (§5.4), so its calls run. Errors the
 * server sent, and our own abort, still end the attempt.
 */
export async function* readSettled(
  events: AsyncIterable<SseEvent>,
  state: { readonly settled: boolean },
  read: (data: SseData) => StreamPart[] | "stop",
  finished: () => boolean = () => false,
): AsyncGenerator<StreamPart> {
  try {
    for await (const event of events) {
      const parts = read(readSseData(event));
      if (parts === "stop") break;
      yield* parts;
      if (finished()) break;
    }
  } catch (error) {
    const facts = factsFrom(error);
    if (!state.settled || facts.aborted || !(facts.network || facts.incomplete)) throw error;
  }
}

/**
 * Opens the response; a JSON body where a stream was asked for is a wire error. An endpoint
 * that accepts the connection and then says nothing fails after the first-byte timeout with
 * a retryable (incomplete) error, so it is retried and published like any dropped stream.
 */
export async function openStream(options: AdapterOptions, body: Record<string, unknown>, signal: AbortSignal | undefined) {
  const firstByteMs = options.firstByteTimeoutMs ?? DEFAULT_FIRST_BYTE_TIMEOUT_MS;
  const deadline = Date.now() + firstByteMs;
  // Our own abort for the request, so a silent server's socket is closed, not left to the SDK's 10-minute timeout.
  const watchdog = new AbortController();
  const timer = setTimeout(() => watchdog.abort(), firstByteMs);
  const linked = signal ? AbortSignal.any([signal, watchdog.signal]) : watchdog.signal;
  let response: Response;
  try {
    response = await options.open(body, linked);
  } catch (error) {
    if (watchdog.signal.aborted && !signal?.aborted) throw firstByteTimeout(firstByteMs);
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return openBody(response, {
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    firstByte: { deadline, error: () => firstByteTimeout(firstByteMs) },
  });
}

function firstByteTimeout(ms: number): WireError {
  return new WireError(`no response from the provider within ${Math.round(ms / 1000)}s (first-byte timeout)`, { incomplete: true });
}

/** One attempt for APIs with named events and an explicit end event (Anthropic, Responses). */
export async function* readEventStream(
  options: AdapterOptions,
  body: Record<string, unknown>,
  signal: AbortSignal | undefined,
  state: EventStreamState,
): AsyncGenerator<StreamPart> {
  const opened = await openStream(options, body, signal);
  if (opened.kind === "json") throw new WireError("expected an event stream but got a JSON body", { malformed: true });
  yield* keepingUsage(state, readEvents(opened.events, state));
}

async function* readEvents(events: AsyncIterable<SseEvent>, state: EventStreamState): AsyncGenerator<StreamPart> {
  const read = (data: SseData) => (data.kind === "done" ? "stop" : data.kind === "json" ? state.push(data.value) : []); // [DONE] is not theirs, but tolerated
  yield* readSettled(events, state, read, () => state.done);
  yield* state.end();
}

type BodyBuilder = (
  request: ModelRequest,
  options: { model: string; defaultThinking: AdapterOptions["defaultThinking"]; imageInput: boolean },
) => Record<string, unknown>;

/** An adapter for an API with named events and an end event: a body builder and a state machine. */
export class EventStreamProvider implements ModelProvider {
  readonly name: string;
  readonly model: string;

  constructor(
    private readonly options: AdapterOptions,
    private readonly buildBody: BodyBuilder,
    private readonly newState: () => EventStreamState,
  ) {
    this.name = options.name;
    this.model = options.model;
  }

  stream(request: ModelRequest): AsyncIterable<StreamPart> {
    const body = this.buildBody(request, {
      model: this.model,
      defaultThinking: this.options.defaultThinking,
      imageInput: this.options.imageInput ?? false,
    });
    return retried(this.options, request.signal, () => readEventStream(this.options, body, request.signal, this.newState()));
  }
}
