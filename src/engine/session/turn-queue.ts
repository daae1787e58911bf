// The session's work, one piece at a time: a turn per submitted prompt, or a compaction. A
// prompt submitted while something runs waits in a visible queue (`prompt.queued`, then
// `prompt.dequeued` as it starts, or `prompt.dropped` when a stop or the shutdown clears it);
// `idle()` resolves once nothing runs and nothing waits. Every change is an event, so the
// wire and a resumed session agree. A prompt's images wait with it but stay out of the queue's
// events and `items` (faces draw the queue; the base64 reaches the turn's `turn.started`).
import { randomUUID } from "node:crypto";
import type { Agent } from "../turn/agent.js";
import type { EventBus } from "../event-bus.js";
import type { TurnOutcome } from "../turn/loop.js";
import type { ToolImage } from "../messages.js";
import type { CompactResult, QueuedPrompt } from "../surface.js";

export interface TurnQueueParts {
  bus: EventBus;
  agent: Pick<Agent, "runTurn" | "compact">;
  /** Awaited before a turn or a compaction starts: a model switch asked for first applies to it. */
  ready(): Promise<void>;
  /** Each accepted prompt, before it runs or waits (the prompt history). */
  remember(prompt: string): void;
}

export interface TurnQueue {
  readonly busy: boolean;
  readonly closed: boolean;
  /** A copy of the waiting prompts, oldest first. */
  readonly items: QueuedPrompt[];
  submit(prompt: string, images?: readonly ToolImage[]): QueuedPrompt;
  compact(instructions: string | undefined): Promise<CompactResult>;
  /** Drops the waiting prompts and stops what runs (its signal also denies its pending approvals). */
  abort(): void;
  idle(): Promise<TurnOutcome | undefined>;
  /** No more work: the queue dropped, what runs stopped. `settled()` says when it has ended. */
  close(): void;
  /** The running turn or compaction, ended (at once when none runs). */
  settled(): Promise<void>;
  /** Idle waiters hear the last outcome (the shutdown's last step, once everything is closed). */
  wakeIdle(): void;
}

/** A prompt to run, with its images (held here, not in what faces see). */
interface Waiting {
  item: QueuedPrompt;
  images: readonly ToolImage[];
}

export function createTurnQueue({ bus, agent, ready, remember }: TurnQueueParts): TurnQueue {
  const queue: Waiting[] = [];
  let busy = false;
  let closed = false;
  let controller: AbortController | undefined;
  let running: Promise<void> | undefined;
  let lastOutcome: TurnOutcome | undefined;
  let idleWaiters: ((outcome: TurnOutcome | undefined) => void)[] = [];
  const notice = (level: "info" | "warn" | "error", message: string) => bus.publish("notice", { level, message });

  function wakeIdle(): void {
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve(lastOutcome);
  }

  function start({ item, images }: Waiting): void {
    busy = true;
    const turnController = new AbortController();
    controller = turnController;
    running = (async () => {
      let outcome: TurnOutcome;
      try {
        await ready();
        outcome = await agent.runTurn(item.prompt, turnController.signal, images);
      } catch (error) {
        // The loop turns provider and tool failures into events; this is a bug's last stop.
        notice("error", `the turn failed: ${(error as Error).message ?? String(error)}`);
        outcome = { stopReason: "error", rounds: 0 };
      }
      lastOutcome = outcome;
      busy = false;
      controller = undefined;
      next();
    })();
  }

  /** After a turn or a compaction: the next queued prompt runs, or idle waiters hear. */
  function next(): void {
    const waiting = closed ? undefined : queue.shift();
    if (waiting) {
      bus.publish("prompt.dequeued", { id: waiting.item.id });
      start(waiting);
    } else {
      wakeIdle();
    }
  }

  function dropQueue(reason: string): void {
    for (const { item } of queue.splice(0)) bus.publish("prompt.dropped", { id: item.id, reason });
  }

  async function compact(instructions: string | undefined): Promise<CompactResult> {
    if (closed) throw new Error("the session is shut down; open it again to compact it");
    // Refused, as clearing the context and undo are: the op fails, with the reason.
    if (busy) {
      notice("warn", "the context can be compacted only between turns; stop the turn first");
      throw new Error("the context can be compacted only between turns; stop the turn first");
    }
    busy = true;
    const compactController = new AbortController();
    controller = compactController;
    const work = (async (): Promise<CompactResult> => {
      try {
        await ready();
        const outcome = await agent.compact(instructions, compactController.signal);
        return outcome.compacted ? { compacted: true } : { compacted: false, reason: outcome.reason };
      } catch (error) {
        if (compactController.signal.aborted) return { compacted: false, reason: "stopped" };
        notice("error", `compaction failed: ${(error as Error).message ?? String(error)}`);
        return { compacted: false, reason: (error as Error).message ?? String(error) };
      } finally {
        busy = false;
        controller = undefined;
      }
    })();
    running = work.then(() => undefined);
    const result = await work;
    if (!result.compacted && result.reason !== "stopped") notice("info", `nothing compacted: ${result.reason}`);
    next();
    return result;
  }

  return {
    get busy() {
      return busy;
    },
    get closed() {
      return closed;
    },
    get items() {
      return queue.map((waiting) => waiting.item);
    },
    submit(prompt, images = []) {
      if (closed) throw new Error("the session is shut down; open it again to submit a prompt");
      remember(prompt);
      const item: QueuedPrompt = { id: randomUUID(), prompt };
      if (busy || queue.length > 0) {
        queue.push({ item, images });
        bus.publish("prompt.queued", { id: item.id, prompt });
      } else {
        start({ item, images });
      }
      return item;
    },
    compact,
    abort() {
      dropQueue("the turn was stopped");
      controller?.abort();
    },
    idle() {
      if (!busy && queue.length === 0) return Promise.resolve(lastOutcome);
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    close() {
      closed = true;
      dropQueue("the session closed");
      controller?.abort();
    },
    settled: () => running ?? Promise.resolve(),
    wakeIdle,
  };
}
