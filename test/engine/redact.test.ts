import { describe, expect, it } from "vitest";
import { EventBus } from "../../src/engine/event-bus.js";
import type { AgentEvent } from "../../src/engine/events.js";
import { createRedactor, secretsFromEnv } from "../../src/engine/secrets/redact.js";

describe("secret redaction", () => {
  it("learns a value added later (a switched provider's key), for a stream already open too", () => {
    const redact = createRedactor(["kimi-secret-123456"]);
    const bus = new EventBus({ redact });
    const seen: AgentEvent[] = [];
    bus.subscribe((event) => seen.push(event));
    bus.publish("tool.output", { callId: "c1", stream: "stdout", chunk: "before " });
    const generation = redact.generation;
    redact.add!(["zq-later has spaces 7c1e9a44"]);
    expect(redact.generation).not.toBe(generation);
    expect(redact("key: zq-later has spaces 7c1e9a44.")).toBe("key: [redacted].");
    // Split across pieces, a value with spaces is held back by the longer reach it now needs.
    bus.publish("tool.output", { callId: "c1", stream: "stdout", chunk: "zq-later has " });
    bus.publish("tool.output", { callId: "c1", stream: "stdout", chunk: "spaces 7c1e9a44 after" });
    bus.publish("tool.result", { callId: "c1", name: "run_command", content: "done", isError: false });
    const streamed = seen.filter((event) => event.type === "tool.output").map((event) => (event as { chunk: string }).chunk).join("");
    expect(streamed).toBe("before [redacted] after");
  });

  it("takes secrets from secret-named environment variables only", () => {
    expect(
      secretsFromEnv({ KIMI_API_KEY: "kimi-secret-123456", GITHUB_TOKEN: "tok-abcdefgh", HOME: "/home/someone", SHORT_TOKEN: "abc" }),
    ).toEqual(["kimi-secret-123456", "tok-abcdefgh"]);
  });

  it("removes known values and key shapes from every string of every event", () => {
    const bus = new EventBus({ redact: createRedactor(["kimi-secret-123456"]) });
    const seen: AgentEvent[] = [];
    bus.subscribe((event) => seen.push(event));
    // Streamed output is held back until its call's result ends the stream.
    bus.publish("tool.output", { callId: "c1", stream: "stdout", chunk: "ghp_abcdefghijklmnopqrstuvwxyz0123456789" });
    bus.publish("tool.result", {
      callId: "c1",
      name: "run_command",
      content: "env: KIMI_API_KEY=kimi-secret-123456 OPENAI=sk-proj-abcdefghijklmnopqrstuvwx AWS=AKIAABCDEFGHIJKLMNOP",
      isError: false,
    });
    const text = JSON.stringify(seen);
    expect(text).not.toContain("kimi-secret-123456");
    expect(text).not.toContain("sk-proj-abcdef");
    expect(text).not.toContain("AKIAABCDEFGHIJKLMNOP");
    expect(text).not.toContain("ghp_abc");
    expect(text.match(/\[redacted\]/g)).toHaveLength(4);
  });

  it("leaves ordinary text alone", () => {
    const redact = createRedactor([]);
    expect(redact("task: skim the docs, ask-first mode")).toBe("task: skim the docs, ask-first mode");
  });
});

describe("opaque provider blobs", () => {
  it("passes signatures, redacted thinking and image bytes through unchanged", () => {
    const bus = new EventBus({ redact: createRedactor([]) });
    const seen: AgentEvent[] = [];
    bus.subscribe((event) => seen.push(event));
    // Base64 that happens to contain an AWS-key shape must survive byte for byte.
    const blob = "QUJD+AKIAABCDEFGHIJKLMNOP/xyz=";
    bus.publish("thinking.delta", { text: "thinking", signature: blob });
    bus.publish("thinking.redacted", { data: blob });
    expect(seen[0]).toMatchObject({ signature: blob });
    expect(seen[1]).toMatchObject({ data: blob });
  });
});
