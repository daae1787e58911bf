import { describe, expect, it } from "vitest";
import { childPublish, EventBus } from "../../src/engine/event-bus.js";
import { createRedactor } from "../../src/engine/secrets/redact.js";
import { waitFor } from "../helpers/processes.js";
import { agentEventSchema, type AgentEvent } from "../../src/engine/events.js";

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

  it("without a handler, a throwing subscriber becomes a notice event (never a stderr write)", () => {
    const bus = new EventBus();
    const seen: AgentEvent[] = [];
    let throws = true;
    bus.subscribe(() => {
      // Throws on every event, the notice included: the report must not loop.
      if (throws) throw new Error("broken projection");
    });
    bus.subscribe((event) => seen.push(event));
    bus.publish("assistant.delta", { text: "still here" });
    throws = false;
    expect(seen.map((event) => event.type)).toEqual(["assistant.delta", "notice"]);
    expect(seen[1]).toMatchObject({ level: "error", message: expect.stringContaining("broken projection") });
  });

  it("stamps a child agent's events with its id and the parent's call", () => {
    const bus = new EventBus();
    const seen: AgentEvent[] = [];
    bus.subscribe((event) => seen.push(event));
    const child = childPublish(bus.publish, { agentId: "sub-1", parentCallId: "call_9" });
    child("assistant.delta", { text: "from the child" });
    bus.publish("assistant.delta", { text: "from the parent" });
    expect(seen[0]).toMatchObject({ agentId: "sub-1", parentCallId: "call_9", text: "from the child", seq: 1 });
    expect(seen[1]).not.toHaveProperty("agentId");
    expect(agentEventSchema.parse(JSON.parse(JSON.stringify(seen[0])))).toMatchObject({ agentId: "sub-1" });
  });

  it("a quiet stream lets go of its held-back words without waiting for the next piece", async () => {
    const bus = new EventBus({ redact: createRedactor(["a-configured-secret-value"]) });
    const text: string[] = [];
    bus.subscribe((event) => {
      if (event.type === "assistant.delta") text.push(event.text);
    });
    bus.publish("assistant.delta", { text: "First part" });
    bus.publish("assistant.delta", { text: " arrives." });
    await waitFor(() => text.join("") === "First part arrives.", 5_000, "the paused stream to let its words go");
    bus.publish("assistant.delta", { text: " More." });
    bus.publish("turn.ended", { turnId: "t", stopReason: "completed", rounds: 1 });
    expect(text.join("")).toBe("First part arrives. More.");
  });
});
