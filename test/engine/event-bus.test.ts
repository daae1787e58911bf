import { describe, expect, it } from "vitest";
import { EventBus } from "../../src/engine/event-bus.js";
import type { AgentEvent } from "../../src/engine/events.js";

describe("EventBus", () => {
  it("stamps increasing seq numbers and delivers in order to every subscriber", () => {
    const bus = new EventBus({ startSeq: 41 });
    const first: number[] = [];
    const second: string[] = [];
    bus.subscribe((event) => first.push(event.seq));
    bus.subscribe((event) => second.push(event.type));
    bus.publish("assistant.delta", { text: "a" });
    bus.publish("assistant.delta", { text: "b" });
    expect(first).toEqual([42, 43]);
    expect(second).toEqual(["assistant.delta", "assistant.delta"]);
    expect(bus.lastSeq).toBe(43);
  });

  it("keeps delivering when a subscriber throws, and reports the failure", () => {
    const failures: unknown[] = [];
    const bus = new EventBus({ onSubscriberError: (error) => failures.push(error) });
    const seen: AgentEvent[] = [];
    bus.subscribe(() => {
      throw new Error("broken projection");
    });
    bus.subscribe((event) => seen.push(event));
    const event = bus.publish("assistant.delta", { text: "still here" });
    expect(seen).toEqual([event]);
    expect(String(failures[0])).toContain("broken projection");
  });

  it("lets a subscriber unsubscribe during delivery without skipping others", () => {
    const bus = new EventBus();
    const seen: string[] = [];
    const off = bus.subscribe(() => {
      seen.push("once");
      off();
    });
    bus.subscribe(() => seen.push("always"));
    bus.publish("assistant.delta", { text: "1" });
    bus.publish("assistant.delta", { text: "2" });
    expect(seen).toEqual(["once", "always", "always"]);
  });
});
