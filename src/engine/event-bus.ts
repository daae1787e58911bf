// Ordered, synchronous delivery of engine events. The bus stamps seq and ts so every
// subscriber (reducer, wire, renderers) sees the very same object in the same order.
// Secrets are redacted here, once: whole payloads, and the streamed text of `assistant.delta`
// and `tool.output` per stream, so a secret split across pieces never reaches anyone whole.
import type { AgentEvent, EventOrigin, EventType, Payload } from "./events.js";
import { redactPayload, type Redactor } from "./secrets/redact.js";
import { createStreamRedactor, type StreamRedactor } from "./secrets/stream-redactor.js";

export type Subscriber = (event: AgentEvent) => void;

/**
 * A stream quiet this long lets go of what it held back (safe parts only, see
 * StreamRedactor.flush): a model that pauses mid-sentence must not leave its last words unseen.
 */
export const STREAM_PAUSE_MS = 250;

/** Publishes one event; undefined when streamed text was held back (it follows with the next piece). */
export type Publish = <T extends EventType>(type: T, payload: Payload<T>, origin?: EventOrigin) => AgentEvent | undefined;

export interface EventBusOptions {
  startSeq?: number;
  /**
   * Where a throwing subscriber's error goes (the face decides how to show it). Without one,
   * the error becomes a `notice` event; the engine never writes to stdout or stderr itself.
   */
  onSubscriberError?: (error: unknown) => void;
  redact?: Redactor;
}

export class EventBus {
  private readonly subscribers: Subscriber[] = [];
  private seq: number;
  private readonly onSubscriberError: (error: unknown) => void;
  private readonly redact: Redactor | undefined;
  private readonly streams = new Map<string, { redactor: StreamRedactor; type: "assistant.delta" | "tool.output"; payload: Record<string, unknown>; origin: EventOrigin | undefined }>();
  private reportingError = false;
  private pauseTimer: NodeJS.Timeout | undefined;

  constructor(options: EventBusOptions = {}) {
    this.seq = options.startSeq ?? 0;
    this.redact = options.redact;
    this.onSubscriberError = options.onSubscriberError ?? ((error) => this.noticeError(error));
  }

  get lastSeq(): number {
    return this.seq;
  }

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.push(subscriber);
    return () => {
      const index = this.subscribers.indexOf(subscriber);
      if (index >= 0) this.subscribers.splice(index, 1);
    };
  }

  publish: Publish = (type, payload, origin) => {
    if (!this.redact) return this.deliver(type, payload, origin);
    const streamKey = this.streamKeyOf(type, payload, origin);
    this.flushBefore(type, payload, origin, streamKey);
    if (streamKey === undefined) return this.deliver(type, payload, origin);
    const field = type === "assistant.delta" ? "text" : "chunk";
    let stream = this.streams.get(streamKey);
    if (!stream) {
      stream = {
        redactor: createStreamRedactor(this.redact),
        type: type as "assistant.delta" | "tool.output",
        payload: { ...payload },
        origin,
      };
      this.streams.set(streamKey, stream);
    }
    const text = stream.redactor.push(String((payload as Record<string, unknown>)[field] ?? ""));
    this.armPauseFlush();
    if (text === "") return undefined;
    return this.deliver(type, { ...payload, [field]: text }, origin);
  };

  /** (Re)starts the pause timer; it never keeps the process alive. */
  private armPauseFlush(): void {
    if (this.pauseTimer) return void this.pauseTimer.refresh();
    this.pauseTimer = setTimeout(() => this.flushPaused(), STREAM_PAUSE_MS);
    this.pauseTimer.unref();
  }

  private flushPaused(): void {
    this.pauseTimer = undefined;
    for (const stream of this.streams.values()) {
      const text = stream.redactor.flush();
      const field = stream.type === "assistant.delta" ? "text" : "chunk";
      if (text) this.deliver(stream.type, { ...stream.payload, [field]: text } as never, stream.origin);
    }
  }

  /** Streams are per origin: per call and stdout/stderr for output, one for the model's text. */
  private streamKeyOf(type: EventType, payload: unknown, origin: EventOrigin | undefined): string | undefined {
    const who = origin?.agentId ?? "";
    if (type === "assistant.delta") return `${who}\0text`;
    if (type === "tool.output") {
      const { callId, stream } = payload as Payload<"tool.output">;
      return `${who}\0out\0${callId}\0${stream}`;
    }
    return undefined;
  }

  /** Lets held-back text go before an event that ends its stream. */
  private flushBefore(type: EventType, payload: unknown, origin: EventOrigin | undefined, streamKey: string | undefined): void {
    if (this.streams.size === 0) return;
    const who = origin?.agentId ?? "";
    const callId = type === "tool.result" ? (payload as Payload<"tool.result">).callId : undefined;
    for (const [key, stream] of [...this.streams]) {
      if (key === streamKey) continue;
      const [owner, kind, call] = key.split("\0");
      const ends =
        type === "turn.ended" ||
        (owner === who && kind === "text" && type !== "tool.output") ||
        (owner === who && kind === "out" && call === callId);
      if (!ends) continue;
      this.streams.delete(key);
      const rest = stream.redactor.end();
      const field = stream.type === "assistant.delta" ? "text" : "chunk";
      if (rest) this.deliver(stream.type, { ...stream.payload, [field]: rest } as never, stream.origin);
    }
  }

  private deliver<T extends EventType>(type: T, payload: Payload<T>, origin: EventOrigin | undefined): AgentEvent {
    // An op's reply is live only (never on the wire): it carries the seq of the event before it
    // and does not advance the count, so the session's numbering has no holes.
    if (type !== "op.result") this.seq += 1;
    const clean = this.redact ? redactPayload(payload, this.redact) : payload;
    const event = { ...clean, ...origin, type, seq: this.seq, ts: new Date().toISOString() } as AgentEvent;
    const failures: unknown[] = [];
    // A copy of the list: a subscriber may unsubscribe while we deliver.
    for (const subscriber of [...this.subscribers]) {
      try {
        subscriber(event);
      } catch (error) {
        // One broken projection must not break the engine or the other projections.
        failures.push(error);
      }
    }
    // Reported after every subscriber has the event, so a notice never overtakes it.
    for (const error of failures) this.onSubscriberError(error);
    return event;
  }

  /** The default error handler: a notice, never a recursive one. */
  private noticeError(error: unknown): void {
    if (this.reportingError) return;
    this.reportingError = true;
    try {
      this.deliver("notice", { level: "error", message: `a subscriber failed: ${String(error)}` }, undefined);
    } finally {
      this.reportingError = false;
    }
  }
}

/**
 * A child agent's bus: everything it publishes goes to the parent's bus, stamped with the
 * child's id and the parent's call that started it, so one wire and every face see it.
 */
export function childPublish(parent: Publish, origin: Required<EventOrigin>): Publish {
  return (type, payload) => parent(type, payload, origin);
}
