// Ordered, synchronous delivery of engine events. The bus stamps seq and ts so every
// subscriber (reducer, wire, renderers) sees the very same object in the same order.
import type { AgentEvent, EventType, Payload } from "./events.js";
import { redactPayload, type Redactor } from "./redact.js";

export type Subscriber = (event: AgentEvent) => void;

export type Publish = <T extends EventType>(type: T, payload: Payload<T>) => AgentEvent;

export class EventBus {
  private readonly subscribers: Subscriber[] = [];
  private seq: number;
  private readonly onSubscriberError: (error: unknown) => void;
  private readonly redact: Redactor | undefined;

  constructor(options: { startSeq?: number; onSubscriberError?: (error: unknown) => void; redact?: Redactor } = {}) {
    this.seq = options.startSeq ?? 0;
    this.redact = options.redact;
    this.onSubscriberError =
      options.onSubscriberError ?? ((error) => process.stderr.write(`mini-agent: a subscriber failed: ${String(error)}\n`));
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

  publish: Publish = (type, payload) => {
    this.seq += 1;
    // Redaction happens here, once, so no subscriber can see a secret.
    const clean = this.redact ? redactPayload(payload, this.redact) : payload;
    const event = { ...clean, type, seq: this.seq, ts: new Date().toISOString() } as AgentEvent;
    // A copy of the list: a subscriber may unsubscribe while we deliver.
    for (const subscriber of [...this.subscribers]) {
      try {
        subscriber(event);
      } catch (error) {
        // One broken projection must not break the engine or the other projections.
        this.onSubscriberError(error);
      }
    }
    return event;
  };
}
