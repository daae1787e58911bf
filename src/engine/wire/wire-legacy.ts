// Session files written before ADR 0040 kept every delta and no completed message. While such
// a file is read, its deltas and calls are gathered into the `assistant.message` the reducer
// folds, emitted where the old reducer closed a streamed message, so an old session resumes
// to the very request it would have sent. Files of both kinds (an old session continued by
// this version) read the same way: a stored message replaces whatever deltas preceded it.
import type { AgentEvent, EventOf } from "../events.js";
import { MessageBuilder } from "./wire-items.js";

/** Events that closed the message being streamed in the old reducer. */
const CLOSES_MESSAGE = new Set<AgentEvent["type"]>([
  "turn.started",
  "step.started",
  "step.ended",
  "tool.result",
  "turn.ended",
  "context.compacted",
  "context.cleared",
]);

export interface LegacyUpgrade {
  push(event: AgentEvent): void;
  /** The end of the file: a message still open there (a crash mid-stream) is kept, as it used to be. */
  end(): void;
}

/** Hands `sink` the events of a file of either kind as the current reducer expects them. */
export function upgradeLegacy(sink: (event: AgentEvent) => void): LegacyUpgrade {
  let builder: MessageBuilder | undefined;
  let last: AgentEvent | undefined;

  function flush(): void {
    if (!builder || !last) return;
    const item = { type: "assistant.message", ...builder.payload(false), seq: last.seq, ts: last.ts } as EventOf<"assistant.message">;
    builder = undefined;
    sink(item);
  }

  function gather(event: AgentEvent): MessageBuilder {
    last = event;
    builder ??= new MessageBuilder();
    return builder;
  }

  return {
    push(event) {
      // A child agent's events are its own conversation; they never closed this one's message.
      if (event.agentId !== undefined) return void sink(event);
      switch (event.type) {
        case "assistant.delta":
          gather(event).text(event.text);
          return;
        case "thinking.delta":
          gather(event).thinking(event.text, event.signature, event.newBlock === true);
          return;
        case "thinking.redacted":
          gather(event).redacted(event.data);
          return;
        case "tool.call":
          gather(event).call({ callId: event.callId, name: event.name, arguments: event.arguments });
          return;
        case "tool.output":
          return;
        case "assistant.message":
          // The completed message this version writes: any deltas before it were its stream.
          builder = undefined;
          sink(event);
          return;
        default:
          // Only a file with deltas ever has a message open; a current file skips the lookup.
          if (builder !== undefined && CLOSES_MESSAGE.has(event.type)) flush();
          sink(event);
      }
    },
    end: flush,
  };
}
